// tile-fold-atomics on atomics whose slice is computed from values known
// only when the kernel runs (stream-K: a while loop's state). Which blocks
// add into the same slice is not known when the kernel is compiled, so the
// blocks run in order on one core (a loop per grid dimension, the first
// innermost), each atomic reading its slice, adding and writing it back in
// program order; a plain write of the same tensor is ordered the same way
// (a read of the slice first).
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-fold-atomics))' %s | FileCheck %s

// CHECK-LABEL: func.func @stream
// CHECK: tile.kernel grid [1, 1] blocks(%{{.*}}, %{{.*}}) {{.*}} attributes {tile.in_place_atomics}
// CHECK: scf.for %[[BY:.*]] = %{{.*}} to %c2{{.*}} step
// CHECK: scf.for %[[BX:.*]] = %{{.*}} to %c3{{.*}} step
// CHECK: scf.while (%{{.*}} = %[[BX]])
// CHECK: arith.muli %[[BY]]
// CHECK: scf.if
// The whole block's write: the slice is read first, in the order.
// CHECK: tile.copy %[[C:.*]][%{{.*}}, %{{.*}}], %{{.*}} {tile.read_after_writes}
// CHECK-NEXT: tile.copy %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] {tile.read_after_writes}
// CHECK: } else {
// The atomic: read, add, write.
// CHECK: tile.copy %[[C]][%{{.*}}, %{{.*}}], %[[OLD:.*]] {tile.read_after_writes}
// CHECK: tile.parallel ins(%[[OLD]], %{{.*}} : {{.*}}) outs(%[[SUM:[^ ]*]] : {{.*}})
// CHECK: arith.addf
// CHECK: tile.copy %[[SUM]], %[[C]][%{{.*}}, %{{.*}}] {tile.read_after_writes}
// CHECK-NOT: tile.atomic_add
func.func @stream(%C: !tile.tensor<64x96xf32>) {
  // expected-remark@+1 {{the kernel's blocks run in order on one core (grid [3, 2] -> [1, 1])}}
  tile.kernel grid [3, 2] blocks(%bx, %by) args(%c = %C : !tile.tensor<64x96xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.fill %acc, %one : !tile.buf<32x32xf32, fragment>, f32
    %r = scf.while (%t = %bx) : (index) -> index {
      %go = arith.cmpi slt, %t, %c2 : index
      scf.condition(%go) %t : index
    } do {
    ^bb0(%u: index):
      %col = arith.muli %u, %c32 : index
      %row = arith.muli %by, %c32 : index
      %whole = arith.cmpi eq, %u, %c0 : index
      scf.if %whole {
        tile.copy %acc, %c[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x96xf32>
      } else {
        tile.atomic_add %acc, %c[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x96xf32>
      }
      %next = arith.addi %u, %c1 : index
      scf.yield %next : index
    }
  }
  return
}

// -----

// A kernel that also reads the tensor its serial atomics add into.
// expected-error@+1 {{pass 'tile-fold-atomics' (TileFoldAtomics) failed on 'func.func'}}
func.func @reads_target(%C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    %r = scf.while (%t = %bx) : (index) -> index {
      %go = arith.cmpi slt, %t, %c1 : index
      scf.condition(%go) %t : index
    } do {
    ^bb0(%u: index):
      %col = arith.muli %u, %c32 : index
      // expected-error@+1 {{this kernel also reads the tensor its atomics combine into: not supported}}
      tile.copy %c[%c0, %col], %s : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
      tile.atomic_add %s, %c[%c0, %col] : !tile.buf<32x32xf32, shared>, !tile.tensor<64x64xf32>
      %next = arith.addi %u, %c1 : index
      scf.yield %next : index
    }
  }
  return
}
