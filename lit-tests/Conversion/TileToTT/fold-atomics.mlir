// tile-fold-atomics: the grid dimension whose blocks add into the same
// slices (split-K's) becomes a loop inside the block; the partials are
// added in order into an accumulator that takes C's old value on the first
// trip and is written on the last. Round trip of tile.atomic_add first.
// RUN: tilt-opt %s --split-input-file | tilt-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-fold-atomics{spread=false}))' %s | FileCheck %s

// ROUND-LABEL: func.func @split_k
// ROUND: tile.atomic_add %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>

// CHECK-LABEL: func.func @split_k
// The split's extent is 1 now.
// CHECK: tile.kernel grid [1, 2, 1] blocks(%{{.*}}, %[[BY:.*]], %{{.*}})
// The block's buffers, then the accumulator.
// CHECK-NEXT: tile.alloc : !tile.buf<32x32xbf16, shared>
// CHECK-NEXT: tile.alloc : !tile.buf<32x64xbf16, shared>
// CHECK-NEXT: tile.alloc : !tile.buf<32x64xf32, fragment>
// CHECK-NEXT: %[[ACC:.*]] = tile.alloc : !tile.buf<32x64xf32, fragment>
// CHECK: scf.for %[[Z:.*]] = %{{.*}} to %c4 step
// CHECK: tile.gemm
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[Z]], %{{.*}} : index
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: %[[OLD:.*]] = tile.alloc : !tile.buf<32x64xf32, shared>
// CHECK-NEXT: tile.copy %{{.*}}[%{{.*}}, %{{.*}}], %[[OLD]]
// CHECK-NEXT: tile.copy %[[OLD]], %[[ACC]]
// CHECK: tile.parallel ins(%[[ACC]], %{{.*}} : {{.*}}) outs(%[[ACC]] : {{.*}})
// CHECK: arith.addf
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[Z]], %c3 : index
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: tile.copy %[[ACC]], %{{.*}}[%{{.*}}, %{{.*}}] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
func.func @split_k(%A: !tile.tensor<64x128xbf16>, %B: !tile.tensor<128x64xbf16>, %C: !tile.tensor<64x64xf32>) {
  // expected-remark@+1 {{tile-fold-atomics: the 4 blocks of grid dimension 2 combine into the same slices (atomic_add); one core computes them in order and combines them in L1, so the result is the same on every run (grid [1, 2, 4] -> [1, 2, 1])}}
  tile.kernel grid [1, 2, 4] blocks(%bx, %by, %bz)
      args(%a = %A : !tile.tensor<64x128xbf16>, %b = %B : !tile.tensor<128x64xbf16>, %c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %k = arith.muli %bz, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.clear %acc : !tile.buf<32x64xf32, fragment>
    tile.copy %a[%row, %k], %a_s : !tile.tensor<64x128xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%k, %c0], %b_s : !tile.tensor<128x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.gemm %a_s, %b_s, %acc : !tile.buf<32x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<32x64xf32, fragment>
    tile.atomic_add %acc, %c[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// An atomic inside a loop, its slice moving with the loop variable (a
// FlashAttention backward's dQ): the split becomes a loop and each atomic
// is a read of its slice (which waits for the writes before it), the add
// and the write, where it is.
// CHECK-LABEL: func.func @moving_slice
// CHECK: tile.kernel grid [1] blocks(%{{.*}}) {{.*}} attributes {tile.in_place_atomics}
// CHECK: scf.for %[[Z:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK-NEXT: %[[OLD:.*]] = tile.alloc : !tile.buf<32x64xf32, shared>
// CHECK-NEXT: %[[SUM:.*]] = tile.alloc : !tile.buf<32x64xf32, fragment>
// CHECK-NEXT: tile.copy %{{.*}}[%[[ROW]], %{{.*}}], %[[OLD]] {tile.read_after_writes}
// CHECK-NEXT: tile.parallel ins(%[[OLD]], %{{.*}} : {{.*}}) outs(%[[SUM]] : {{.*}})
// CHECK: arith.addf
// CHECK: tile.copy %[[SUM]], %{{.*}}[%[[ROW]], %{{.*}}] {tile.read_after_writes}
// CHECK-NOT: tile.atomic
func.func @moving_slice(%C: !tile.tensor<64x64xf32>) {
  // expected-remark@+1 {{tile-fold-atomics: an atomic_add inside a loop or a branch adds into its slice in DRAM where it is (read, add, write); the 2 blocks of grid dimension 0 that add into the same slices run in order on one core (grid [2] -> [1]), and each read waits for the writes before it, so the result is the same on every run}}
  tile.kernel grid [2] blocks(%bx) args(%c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.clear %acc : !tile.buf<32x64xf32, fragment>
    scf.for %i = %c0 to %c2 step %c1 {
      %row = arith.muli %i, %c32 : index
      tile.atomic_add %acc, %c[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
    }
  }
  return
}

// -----

// A slice at an offset read when the kernel runs (a scatter-add through
// an index tensor) could be another block's: the blocks run in order on
// one core, adding in place (fold-atomics-serial.mlir).
// CHECK-LABEL: func.func @gathered_slice
// CHECK: tile.kernel grid [1]
// CHECK: tile.load
// CHECK: tile.copy {{.*}} {tile.read_after_writes}
func.func @gathered_slice(%C: !tile.tensor<64x64xf32>, %Idx: !tile.tensor<4xi32>) {
  // expected-remark@+1 {{the kernel's blocks run in order on one core (grid [2] -> [1])}}
  tile.kernel grid [2] blocks(%bx) args(%c = %C : !tile.tensor<64x64xf32>, %idx = %Idx : !tile.tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.clear %acc : !tile.buf<32x64xf32, fragment>
    scf.for %i = %c0 to %c2 step %c1 {
      %w = tile.load %idx[%i] : !tile.tensor<4xi32>
      %row = arith.index_cast %w : i32 to index
      tile.atomic_add %acc, %c[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
    }
  }
  return
}

// -----

// Two split dimensions.
// expected-error@+1 {{pass 'tile-fold-atomics' (TileFoldAtomics) failed on 'func.func'}}
func.func @two_splits(%C: !tile.tensor<32x64xf32>) {
  tile.kernel grid [2, 2] blocks(%bx, %by) args(%c = %C : !tile.tensor<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.clear %acc : !tile.buf<32x64xf32, fragment>
    // expected-error@+1 {{the atomic's slice does not depend on grid dimensions 0 and 1: a split over more than one dimension is not supported yet}}
    tile.atomic_add %acc, %c[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
  }
  return
}

// -----

// tile.atomic_max and tile.atomic_min fold the same way, combining with
// maximumf and minimumf; both round trip.
// ROUND-LABEL: func.func @extremes
// ROUND: tile.atomic_max %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x64xf32>
// ROUND: tile.atomic_min %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x64xbf16>
// CHECK-LABEL: func.func @extremes
// CHECK: tile.kernel grid [2, 1] blocks
// CHECK: scf.for
// CHECK: tile.parallel
// CHECK: arith.maximumf
// CHECK: tile.parallel
// The f32 partial is truncated to the bf16 tensor's accumulator first.
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT: arith.minimumf
// CHECK-NOT: tile.atomic
func.func @extremes(%X: !tile.tensor<96x64xf32>, %Hi: !tile.tensor<32x64xf32>, %Lo: !tile.tensor<32x64xbf16>) {
  // expected-remark@+1 {{tile-fold-atomics: the 3 blocks of grid dimension 1 combine into the same slices (atomic_max); one core computes them in order and combines them in L1, so the result is the same on every run (grid [2, 3] -> [2, 1])}}
  tile.kernel grid [2, 3] blocks(%bx, %by)
      args(%x = %X : !tile.tensor<96x64xf32>, %hi = %Hi : !tile.tensor<32x64xf32>, %lo = %Lo : !tile.tensor<32x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %col], %x_s : !tile.tensor<96x64xf32>, !tile.buf<32x32xf32, fragment>
    tile.atomic_max %x_s, %hi[%c0, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x64xf32>
    tile.atomic_min %x_s, %lo[%c0, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x64xbf16>
  }
  return
}

// -----

// A slice over dimensions 1 and 3 of a BSHD tensor (`dims`, as tile.copy's)
// round trips, and its read and write keep the dims.
// ROUND-LABEL: func.func @bshd
// ROUND: tile.atomic_add %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {dims = array<i64: 1, 3>}
// CHECK-LABEL: func.func @bshd
// CHECK: tile.copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} {dims = array<i64: 1, 3>, tile.read_after_writes}
// CHECK: tile.copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {dims = array<i64: 1, 3>, tile.read_after_writes}
func.func @bshd(%C: !tile.tensor<1x64x2x64xf32>) {
  // expected-remark@+1 {{the 3 blocks of grid dimension 1 that add into the same slices run in order on one core (grid [2, 3] -> [2, 1])}}
  tile.kernel grid [2, 3] blocks(%h, %by) args(%c = %C : !tile.tensor<1x64x2x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.clear %acc : !tile.buf<32x64xf32, fragment>
    scf.for %k = %c0 to %c2 step %c1 {
      %row = arith.muli %k, %c32 : index
      tile.atomic_add %acc, %c[%c0, %row, %h, %c0] {dims = array<i64: 1, 3>} : !tile.buf<32x64xf32, fragment>, !tile.tensor<1x64x2x64xf32>
    }
  }
  return
}
