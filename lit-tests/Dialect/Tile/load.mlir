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

// Tensors of one-byte integers (masks, small indices): a bool (i1) or i8
// element reads as itself, a ui8 element as its i8 bits (arith computes on
// signless integers), extended to i32 before it is used.
// CHECK-LABEL: func.func @narrow(
// CHECK: %[[B:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.tensor<8xi1>
// CHECK-NEXT: arith.extui %[[B]] : i1 to i32
// CHECK: %[[S:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.tensor<8xi8>
// CHECK-NEXT: arith.extsi %[[S]] : i8 to i32
// CHECK: %[[U:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.tensor<8xui8>
// CHECK-NEXT: arith.extui %[[U]] : i8 to i32
func.func @narrow(%B: !tile.tensor<8xi1>, %S: !tile.tensor<8xi8>, %U: !tile.tensor<8xui8>) {
  tile.kernel grid [8] blocks(%bx) args(%b = %B : !tile.tensor<8xi1>, %s = %S : !tile.tensor<8xi8>, %u = %U : !tile.tensor<8xui8>) {
    %0 = tile.load %b[%bx] : !tile.tensor<8xi1>
    %1 = arith.extui %0 : i1 to i32
    %2 = tile.load %s[%bx] : !tile.tensor<8xi8>
    %3 = arith.extsi %2 : i8 to i32
    %4 = tile.load %u[%bx] : !tile.tensor<8xui8>
    %5 = arith.extui %4 : i8 to i32
  }
  return
}
