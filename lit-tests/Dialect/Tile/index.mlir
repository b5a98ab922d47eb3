// tile.index in tile.parallel bodies (TileLang's T.Parallel loop variables)
// and a tile.parallel without inputs: printed back the same, through the
// generic form too.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The causal mask of FlashAttention: block-global indices from the block id
// and the loop variable.
// CHECK-LABEL: func.func @causal_mask(
// CHECK: tile.parallel outs(%{{.*}} : !tile.buf<64x64xf32, fragment>) {
// CHECK-NEXT: %[[I:.*]] = tile.index 0 : index
// CHECK-NEXT: %[[J:.*]] = tile.index 1 : index
// CHECK-NEXT: %[[QI:.*]] = arith.addi %{{.*}}, %[[I]] : index
// CHECK-NEXT: %[[KJ:.*]] = arith.addi %{{.*}}, %[[J]] : index
// CHECK-NEXT: %[[C:.*]] = arith.cmpi sge, %[[QI]], %[[KJ]] : index
// CHECK-NEXT: arith.select %[[C]], %{{.*}}, %{{.*}} : f32
// GENERIC: "tile.parallel"(%{{.*}}) <{operandSegmentSizes = array<i32: 0, 1>}>
// GENERIC: "tile.index"() <{dim = 0 : i64}> : () -> index
// GENERIC: "tile.index"() <{dim = 1 : i64}> : () -> index
func.func @causal_mask() {
  tile.kernel grid [4] blocks(%bx) args() {
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %acc = tile.alloc : !tile.buf<64x64xf32, fragment>
    %row = arith.muli %bx, %c64 : index
    scf.for %k = %c64 to %c64 step %c64 {
      tile.parallel outs(%acc : !tile.buf<64x64xf32, fragment>) {
        %i = tile.index 0 : index
        %j = tile.index 1 : index
        %qi = arith.addi %row, %i : index
        %kj = arith.addi %k, %j : index
        %c = arith.cmpi sge, %qi, %kj : index
        %m = arith.select %c, %zero, %ninf : f32
        tile.yield %m : f32
      }
    }
  }
  return
}

// With inputs: the element and its position.
// CHECK-LABEL: func.func @with_inputs(
// CHECK: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: tile.index 0 : index
func.func @with_inputs() {
  tile.kernel grid [1] blocks(%bx) args() {
    %ninf = arith.constant 0xFF800000 : f32
    %c100 = arith.constant 100 : index
    %v = tile.alloc : !tile.buf<128xf32, fragment>
    tile.parallel ins(%v : !tile.buf<128xf32, fragment>) outs(%v : !tile.buf<128xf32, fragment>) {
    ^bb0(%x: f32):
      %i = tile.index 0 : index
      %c = arith.cmpi slt, %i, %c100 : index
      %r = arith.select %c, %x, %ninf : f32
      tile.yield %r : f32
    }
  }
  return
}
