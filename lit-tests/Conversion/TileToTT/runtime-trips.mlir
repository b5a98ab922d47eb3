// A K loop whose trip count is an element of a tensor (issue 33): the reader
// reads the element into L1 and loops on it; compute takes the word from the
// reader's page (read_cb_u32) and loops on it too. The loop may run no trip,
// so the accumulator's zeros are packed into its pages before the loop and
// every trip accumulates (no first-trip select of pack_reconfig_l1_acc).
// RUN: tilt-opt --tile-to-tt='grid=2x1' %S/../../Run/Inputs/counted_trips.mlir | FileCheck %s

// CHECK-LABEL: tt.kernel @reader
// CHECK: %[[WORD:.*]] = tt.read_l1_u32
// CHECK: %[[N:.*]] = arith.index_cast %[[WORD]] : i32 to index
// CHECK: scf.for %{{.*}} = %c0 to %[[N]] step %c1 {
// CHECK: tt.noc_async_read_tile

// CHECK-LABEL: tt.kernel @compute
// CHECK: %[[CWORD:.*]] = tt.read_cb_u32 %{{.*}} cb(0)
// CHECK: %[[CN:.*]] = arith.index_cast %[[CWORD]] : i32 to index
// CHECK: tt.pack_reconfig_l1_acc %c0_i32
// CHECK: tt.pack_tile
// CHECK: scf.for %{{.*}} = %c0 to %[[CN]] step %c1 {
// CHECK-NOT: arith.select
// CHECK: tt.pack_reconfig_l1_acc %c1_i32
// CHECK: tt.matmul_block
// CHECK: }

// CHECK-LABEL: tt.kernel @writer
// CHECK-NOT: tt.read_l1_u32
// CHECK: tt.noc_async_write_tile
