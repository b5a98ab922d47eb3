// tile.load: one element of a tensor read when the kernel runs (a block
// table entry used as a copy offset); round trips through the generic form.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s

// CHECK-LABEL: func.func @paged(
// CHECK: %[[PAGE:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<2x4xi32>
// CHECK-NEXT: %[[ROW:.*]] = arith.index_cast %[[PAGE]] : i32 to index
// CHECK: tile.copy %{{.*}}[%[[ROW]], %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} {dims = array<i64: 1, 3>}
func.func @paged(%T: !tile.tensor<2x4xi32>, %K: !tile.tensor<8x32x2x64xbf16>) {
  tile.kernel grid [2, 2] blocks(%g, %b) args(%t = %T : !tile.tensor<2x4xi32>, %k = %K : !tile.tensor<8x32x2x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %page = tile.load %t[%b, %c3] : !tile.tensor<2x4xi32>
    %row = arith.index_cast %page : i32 to index
    %k_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %k[%row, %c0, %g, %c0], %k_s {dims = array<i64: 1, 3>} : !tile.tensor<8x32x2x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}
