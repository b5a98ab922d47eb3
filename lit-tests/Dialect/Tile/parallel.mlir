// tile.parallel with broadcast inputs (indexed by some iteration
// dimensions), several outputs, kernel scalars and casts in the body:
// printed back the same, through the generic form too.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// A row max broadcast along d1 and a column scale along d0; an identity
// input listed as [d0, d1] prints without its dimensions.
// CHECK-LABEL: func.func @broadcast(
// CHECK: tile.parallel ins(%[[A:.*]], %[[M:.*]][d0], %[[N:.*]][d1] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>, !tile.buf<64xf32, fragment>) outs(%[[A]] : !tile.buf<32x64xf32, shared>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32):
// CHECK: tile.parallel ins(%{{.*}}, %{{.*}} : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, shared>) outs(
// GENERIC-LABEL: "func.func"
// GENERIC: "tile.parallel"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{indexing = [array<i64: 0, 1>, array<i64: 0>, array<i64: 1>], operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "tile.parallel"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @broadcast() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %m_l = tile.alloc : !tile.buf<32xf32, fragment>
    %n_l = tile.alloc : !tile.buf<64xf32, fragment>
    tile.parallel ins(%a_s[d0, d1], %m_l[d0], %n_l[d1] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>, !tile.buf<64xf32, fragment>)
                  outs(%a_s : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32, %m: f32, %n: f32):
      %d = arith.subf %x, %m : f32
      %e = math.exp2 %d : f32
      %r = arith.mulf %e, %n : f32
      tile.yield %r : f32
    }
    tile.parallel ins(%a_s[d0, d1], %a_s : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, shared>)
                  outs(%a_s : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tile.yield %r : f32
    }
  }
  return
}

// Two outputs of different element types; a kernel scalar and casts in the
// body; a 3-d iteration space with an input indexed by d0 and d2.
// CHECK-LABEL: func.func @outputs_and_casts(
// CHECK: tile.parallel ins(%{{.*}} : !tile.buf<32x32xf32, fragment>) outs(%{{.*}}, %{{.*}} : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf16, shared>) {
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: tile.yield %{{.*}}, %{{.*}} : bf16, f16
// CHECK: tile.parallel ins(%{{.*}}[d0, d2] : !tile.buf<2x8xf32, fragment>) outs(%{{.*}} : !tile.buf<2x4x8xf32, fragment>)
func.func @outputs_and_casts() {
  tile.kernel grid [1] blocks(%bx) args() {
    %scale = arith.constant 0.125 : f32
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %p_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %h_s = tile.alloc : !tile.buf<32x32xf16, shared>
    tile.parallel ins(%c_l : !tile.buf<32x32xf32, fragment>)
                  outs(%p_s, %h_s : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf16, shared>) {
    ^bb0(%x: f32):
      %s = arith.mulf %x, %scale : f32
      %b = arith.truncf %s : f32 to bf16
      %h = arith.truncf %s : f32 to f16
      tile.yield %b, %h : bf16, f16
    }
    %v_l = tile.alloc : !tile.buf<2x8xf32, fragment>
    %w_l = tile.alloc : !tile.buf<2x4x8xf32, fragment>
    tile.parallel ins(%v_l[d0, d2] : !tile.buf<2x8xf32, fragment>)
                  outs(%w_l : !tile.buf<2x4x8xf32, fragment>) {
    ^bb0(%x: f32):
      %n = arith.negf %x : f32
      tile.yield %n : f32
    }
  }
  return
}
