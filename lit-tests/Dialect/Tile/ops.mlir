// Every tile op and type in its custom form: printed back the same, through
// the generic form too, and --verify-roundtrip.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @all_ops(
// CHECK-SAME: %arg0: !tile.tensor<64x64xbf16>, %arg1: !tile.tensor<64x64xf32, "interleaved">, %arg2: !tile.tensor<64xf32>)
// CHECK-NEXT: tile.kernel grid [2, 1] blocks(%arg3, %arg4) args(%arg5 = %arg0 : !tile.tensor<64x64xbf16>, %arg6 = %arg1 : !tile.tensor<64x64xf32, "interleaved">, %arg7 = %arg2 : !tile.tensor<64xf32>) {
// CHECK: %shared = tile.alloc : !tile.buf<32x32xbf16, shared>
// CHECK-NEXT: %shared_0 = tile.alloc {note = "B"} : !tile.buf<32x32xbf16, shared>
// CHECK-NEXT: %fragment = tile.alloc : !tile.buf<32x32xf32, fragment>
// CHECK-NEXT: %fragment_1 = tile.alloc : !tile.buf<32xf32, fragment>
// CHECK-NEXT: tile.clear %fragment : !tile.buf<32x32xf32, fragment>
// CHECK-NEXT: tile.fill %fragment_1, %cst : !tile.buf<32xf32, fragment>, f32
// CHECK-NEXT: tile.pipelined %arg8 = %c0 to %c2 step %c1 stages 2 {
// CHECK-NEXT: %1 = arith.muli %arg8, %c32 : index
// CHECK-NEXT: tile.copy %arg5[%0, %1], %shared : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
// CHECK-NEXT: tile.copy %arg5[%1, %c0], %shared_0 : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
// CHECK-NEXT: tile.gemm %shared, %shared_0, %fragment : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
// CHECK-NEXT: tile.gemm %shared, %shared_0, %fragment transpose_a transpose_b : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
// CHECK-NEXT: }
// CHECK-NEXT: tile.parallel ins(%fragment : !tile.buf<32x32xf32, fragment>) outs(%fragment : !tile.buf<32x32xf32, fragment>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[E:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT: %[[L:.*]] = math.log %[[E]] : f32
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[L]] : f32
// CHECK-NEXT: %[[R:.*]] = math.rsqrt %[[S]] fastmath<fast> : f32
// CHECK-NEXT: %[[T:.*]] = math.tanh %[[R]] : f32
// CHECK-NEXT: %[[A:.*]] = math.absf %[[T]] : f32
// CHECK-NEXT: tile.yield %[[A]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: tile.reduce sum %fragment -> %fragment_1 dim 1 : !tile.buf<32x32xf32, fragment>, !tile.buf<32xf32, fragment>
// CHECK-NEXT: tile.reduce max %fragment -> %fragment_1 dim 0 : !tile.buf<32x32xf32, fragment>, !tile.buf<32xf32, fragment>
// CHECK-NEXT: tile.copy %fragment, %arg6[%0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32, "interleaved">
// CHECK-NEXT: tile.copy %fragment_1, %arg7[%0] : !tile.buf<32xf32, fragment>, !tile.tensor<64xf32>
// CHECK-NEXT: tile.copy %shared, %shared_0 : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>
// CHECK-NEXT: }

// GENERIC: "tile.kernel"(%arg0, %arg1, %arg2) <{grid = array<i64: 2, 1>}> ({
// GENERIC: "tile.pipelined"(%{{.*}}, %{{.*}}, %{{.*}}) <{stages = 2 : i64}>
// GENERIC: "tile.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) <{transpose_a, transpose_b}>
// GENERIC: "tile.parallel"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "tile.reduce"(%{{.*}}, %{{.*}}) <{dim = 1 : i64, kind = "sum"}>

func.func @all_ops(%A: !tile.tensor<64x64xbf16>, %C: !tile.tensor<64x64xf32, "interleaved">,
                   %S: !tile.tensor<64xf32>) {
  tile.kernel grid [2, 1] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xbf16>, %c = %C : !tile.tensor<64x64xf32, "interleaved">,
           %s = %S : !tile.tensor<64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %row = arith.muli %bx, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc {note = "B"} : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %s_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.clear %c_l : !tile.buf<32x32xf32, fragment>
    tile.fill %s_l, %zero : !tile.buf<32xf32, fragment>, f32
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
      tile.copy %a[%kk, %c0], %b_s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
      tile.gemm %a_s, %b_s, %c_l transpose_a transpose_b : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    }
    tile.parallel ins(%c_l : !tile.buf<32x32xf32, fragment>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %e = math.exp %x : f32
      %l = math.log %e : f32
      %q = math.sqrt %l : f32
      %r = math.rsqrt %q fastmath<fast> : f32
      %t = math.tanh %r : f32
      %v = math.absf %t : f32
      tile.yield %v : f32
    }
    tile.reduce sum %c_l -> %s_l dim 1 : !tile.buf<32x32xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.reduce max %c_l -> %s_l dim 0 : !tile.buf<32x32xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.copy %c_l, %c[%row, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32, "interleaved">
    tile.copy %s_l, %s[%row] : !tile.buf<32xf32, fragment>, !tile.tensor<64xf32>
    tile.copy %a_s, %b_s : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>
  }
  return
}
