// tile-fold-atomics spreads a split over the cores the other grid
// dimensions leave idle: each block keeps its core, the last block of the
// split (the owner) adds C's old slice and the others' partials, which
// they write into a tile.workspace, in order, then its own.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-fold-atomics))' %s | FileCheck %s
// With a 2x2 grid there are 2 cores per slice, each adding 2 partials in
// order first.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-fold-atomics{grid=2x2}))' %s 2>/dev/null | FileCheck %s --check-prefix=SMALL
// The workspace round trips, and the whole lowering keeps it a scratch
// buffer of the program, which its host program makes and no option names.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-fold-atomics))' %s 2>/dev/null | tilt-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: tilt-opt --split-input-file --tile-to-tt='grid=2x2' %s 2>/dev/null | FileCheck %s --check-prefix=TT

// CHECK-LABEL: func.func @split_k
// CHECK: %[[W:.*]] = tile.workspace : !tile.tensor<3x64x64xf32>
// CHECK: tile.kernel grid [1, 2, 4] blocks(%{{.*}}, %{{.*}}, %[[P:[^)]*]]) args({{.*}}, %[[C:.*]] = %{{.*}} : !tile.tensor<64x64xf32>, %[[WA:.*]] = %[[W]] : !tile.tensor<3x64x64xf32>) attributes {tile.split_cores = array<i64: 2, 4>}
// One split index per core: the gemm's accumulator is the partial.
// CHECK: tile.gemm %{{.*}}, %{{.*}}, %[[ACC:[^ ]*]] :
// CHECK-NOT: tile.atomic_add
// CHECK: %[[OWNER:.*]] = arith.cmpi eq, %[[P]], %c3 : index
// CHECK-NEXT: scf.if %[[OWNER]] {
// CHECK-NEXT: %[[OLD:.*]] = tile.alloc : !tile.buf<32x64xf32, shared>
// CHECK-NEXT: tile.copy %[[C]][%[[ROW:.*]], %{{.*}}], %[[OLD]]
// CHECK-NEXT: %[[SUM:.*]] = tile.alloc : !tile.buf<32x64xf32, fragment>
// CHECK-NEXT: tile.copy %[[OLD]], %[[SUM]]
// CHECK: scf.for %[[Q:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: tile.copy %[[WA]][%[[Q]], %[[ROW]], %{{.*}}], %[[PART:.*]] {tile.split_wait}
// CHECK-NEXT: tile.parallel ins(%[[SUM]], %[[PART]] : {{.*}}) outs(%[[SUM]] : {{.*}})
// CHECK: tile.parallel ins(%[[SUM]], %[[ACC]] : {{.*}}) outs(%[[SUM]] : {{.*}})
// CHECK: tile.copy %[[SUM]], %[[C]][%[[ROW]], %{{.*}}]
// CHECK-NEXT: } else {
// CHECK-NEXT: tile.copy %[[ACC]], %[[WA]][%[[P]], %[[ROW]], %{{.*}}] {tile.split_signal}

// SMALL-LABEL: func.func @split_k
// SMALL: tile.workspace : !tile.tensor<1x64x64xf32>
// SMALL: tile.kernel grid [1, 2, 2]
// SMALL: tile.fill %[[ACC:.*]], %cst : !tile.buf<32x64xf32, fragment>, f32
// SMALL: scf.for %[[T:.*]] = %{{.*}} to %c2 step
// SMALL: %[[Z:.*]] = arith.addi %{{.*}}, %[[T]] : index
// SMALL: arith.muli %[[Z]], %{{.*}} : index
// SMALL: tile.gemm
// SMALL: tile.parallel ins(%[[ACC]], %{{.*}} : {{.*}}) outs(%[[ACC]] : {{.*}})
// SMALL: scf.if

// ROUND-LABEL: func.func @split_k
// ROUND: tile.workspace : !tile.tensor<3x64x64xf32>

// TT-LABEL: tt.program @split_k
// TT: tt.buffer @workspace size 16384 page_size 4096 {padded_shape = array<i64: 1, 64, 64>, scratch, shape = array<i64: 1, 64, 64>} : f32
// TT: tt.semaphore 0 cores [0, 0] to [1, 1] init 0
// The owner's reader waits before the read of each producer's slice.
// TT: tt.kernel @reader
// TT: tt.noc_semaphore_wait
// TT: tt.noc_async_read_tile
// A producer's writer signals the owner after the write has landed.
// TT: tt.kernel @writer
// TT: tt.noc_async_write_tile
// TT: tt.noc_async_write_barrier
// TT: tt.get_noc_addr
// TT-NEXT: tt.noc_semaphore_inc
func.func @split_k(%A: !tile.tensor<64x128xbf16>, %B: !tile.tensor<128x64xbf16>, %C: !tile.tensor<64x64xf32>) {
  // expected-remark@+1 {{tile-fold-atomics: the 4 blocks of grid dimension 2 combine into the same slices (atomic_add); they run on 4 cores per slice, and the last of them adds the others' partial results from a DRAM workspace, in order, after a semaphore says each has landed, so the result is the same on every run (grid [1, 2, 4] -> [1, 2, 4])}}
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

// A running maximum starts from -inf; a bf16 partial is combined into an
// f32 accumulator.
// CHECK-LABEL: func.func @running_max
// CHECK: tile.workspace : !tile.tensor<3x32x64xf32>
// CHECK: tile.kernel grid [2, 4]
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: tile.fill %{{.*}}, %[[NEG]]
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK-NEXT: arith.maximumf
func.func @running_max(%X: !tile.tensor<128x64xbf16>, %Hi: !tile.tensor<32x64xf32>) {
  // expected-remark@+1 {{they run on 4 cores per slice, and the last}}
  tile.kernel grid [2, 4] blocks(%bx, %by)
      args(%x = %X : !tile.tensor<128x64xbf16>, %hi = %Hi : !tile.tensor<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %x[%row, %col], %x_s : !tile.tensor<128x64xbf16>, !tile.buf<32x32xbf16, fragment>
    tile.atomic_max %x_s, %hi[%c0, %col] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x64xf32>
  }
  return
}

// -----

// The slices' blocks already fill the cores: the split stays on one core.
// CHECK-LABEL: func.func @busy
// CHECK-NOT: tile.workspace
// CHECK: tile.kernel grid [8, 8, 1]
func.func @busy(%X: !tile.tensor<256x512xf32>, %Y: !tile.tensor<256x256xf32>) {
  // expected-remark@+1 {{one core computes them in order and combines them in L1}}
  tile.kernel grid [8, 8, 2] blocks(%bx, %by, %bz)
      args(%x = %X : !tile.tensor<256x512xf32>, %y = %Y : !tile.tensor<256x256xf32>) {
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %half = arith.muli %bz, %c256 : index
    %src = arith.addi %col, %half : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %src], %x_s : !tile.tensor<256x512xf32>, !tile.buf<32x32xf32, fragment>
    tile.atomic_add %x_s, %y[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<256x256xf32>
  }
  return
}


// -----

// A slice over dimensions 1 and 3 of a BSHD tensor: the workspace's copies
// cover them one dimension further in.
// CHECK-LABEL: func.func @bshd
// CHECK: tile.workspace : !tile.tensor<3x1x64x2x64xf32>
// CHECK: tile.copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} {dims = array<i64: 2, 4>, tile.split_wait}
// CHECK: tile.copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {dims = array<i64: 2, 4>, tile.split_signal}
func.func @bshd(%A: !tile.tensor<64x128xbf16>, %B: !tile.tensor<128x64xbf16>, %C: !tile.tensor<1x64x2x64xf32>) {
  // expected-remark@+1 {{they run on 4 cores per slice}}
  tile.kernel grid [2, 2, 4] blocks(%bh, %by, %bz)
      args(%a = %A : !tile.tensor<64x128xbf16>, %b = %B : !tile.tensor<128x64xbf16>, %c = %C : !tile.tensor<1x64x2x64xf32>) {
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
    tile.atomic_add %acc, %c[%c0, %row, %bh, %c0] {dims = array<i64: 1, 3>} : !tile.buf<32x64xf32, fragment>, !tile.tensor<1x64x2x64xf32>
  }
  return
}
