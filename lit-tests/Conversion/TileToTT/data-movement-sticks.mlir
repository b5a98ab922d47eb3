// tile-lower-data-movement on a row-major tensor (a [batch, seq, heads, dim]
// tensor read and written in slices over non-trailing dimensions): the
// reader reads 32 sticks (one page per row) per tile row into a staging CB
// and compute tilizes them into the buffer's CB; compute untilizes the
// output block (pack_untilize) and the writer writes its sticks. Rows past the tensor (a
// ceildiv grid over 100 rows) are zeros in the reader and skipped by the
// writer. (Canonicalize and CSE only tidy the index arithmetic.)
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @bshd
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[C400:.*]] = arith.constant 400 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
// The buffer's tiles (two blocks), the sticks of one tile row read ahead
// (two tile rows of 2 pages); the output's tiles and its sticks.
// CHECK: %[[TILED:.*]] = cb.alloc 0 {tile.single_block_pages = 4 : i64} : !cb.cb<bf16, page_size = 2048, pages = 8>
// CHECK: %[[STICKS:.*]] = cb.alloc 1 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK: %[[OUT:.*]] = cb.alloc 16 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK: %[[OUT_STICKS:.*]] = cb.alloc 17 : !cb.cb<bf16, page_size = 2048, pages = 4>
// Accessors with 128-byte pages (64 bf16).
// CHECK: %[[READ:.*]] = tt.tensor_accessor %{{.*}}, %[[C128]] ct_offset(0) {tt.role = "reader"}
// CHECK: %[[WRITE:.*]] = tt.tensor_accessor %{{.*}}, %[[C128]] ct_offset(0) {tt.role = "writer"}
// Stick id = (b * 100 + s) * 4 + h.
// CHECK: %[[B:.*]] = arith.muli %{{.*}}, %[[C400]] : index
// CHECK: %[[BH:.*]] = arith.addi %[[B]], %{{.*}} : index
// CHECK: cb.reserve_back %[[STICKS]], 2 {tt.role = "reader"}
// CHECK: %[[WP:.*]] = cb.get_write_ptr %[[STICKS]] {tt.role = "reader"}
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK: %[[ROWS:.*]] = arith.muli %[[ROW]], %[[C4]] : index
// CHECK: %[[STICK:.*]] = arith.addi %[[BH]], %[[ROWS]] : index
// CHECK: %[[L1:.*]] = arith.addi %[[WP]], %{{.*}} : i32
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[C100]] : index
// CHECK: scf.if %[[IN]] {
// CHECK: tt.noc_async_read_page %{{.*}}, %[[READ]], %[[L1]] {tt.role = "reader"}
// CHECK: } else {
// CHECK: tt.fill_zero_tile %[[L1]], %[[C128]] {tt.role = "reader"}
// CHECK: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK: cb.push_back %[[STICKS]], 2 {tt.role = "reader"}
// Compute tilizes tile row by tile row, then reads the block as usual.
// CHECK: tt.tilize_init cb(1, 0) block(2) {tt.role = "compute"}
// CHECK: scf.for
// CHECK-NEXT: cb.wait_front %[[STICKS]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.reserve_back %[[TILED]], 2 {tt.role = "compute"}
// CHECK-NEXT: tt.tilize_block cb(1, 0) block(2) {tt.role = "compute"}
// CHECK-NEXT: cb.push_back %[[TILED]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %[[STICKS]], 2 {tt.role = "compute"}
// CHECK: tt.tilize_uninit cb(1, 0) {tt.role = "compute"}
// CHECK: cb.wait_front %[[TILED]], 4 {tt.role = "compute"}
// CHECK: tile.copy
// The output block, untilized by the packer as many tiles at a time as a
// half of a 16-bit DST holds (both of a row's two here).
// CHECK: tt.pack_untilize_init cb(16, 17) block_ct_dim(2) full_ct_dim(2) {tt.role = "compute"}
// CHECK: scf.for
// CHECK-NEXT: cb.reserve_back %[[OUT_STICKS]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.wait_front %[[OUT]], 2 {tt.role = "compute"}
// CHECK-NEXT: tt.pack_untilize_block %{{.*}} cb(16, 17) block_ct_dim(2) full_ct_dim(2) block_rt_dim(1) {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %[[OUT]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.push_back %[[OUT_STICKS]], 2 {tt.role = "compute"}
// CHECK: tt.pack_untilize_uninit cb(17) {tt.role = "compute"}
// The writer skips rows past the tensor.
// CHECK: cb.wait_front %[[OUT_STICKS]], 2 {tt.role = "writer"}
// CHECK: scf.if
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: tt.noc_async_write_page %{{.*}}, %[[WRITE]], %{{.*}} {tt.role = "writer"}
// CHECK-NEXT: }
// CHECK: tt.noc_async_write_barrier {tt.role = "writer"}
// CHECK: cb.pop_front %[[OUT_STICKS]], 2 {tt.role = "writer"}
// CHECK: cb.pop_front %[[TILED]], 4 {tt.role = "compute"}
func.func @bshd(%Q: !tile.tensor<2x100x4x64xbf16>, %O: !tile.tensor<2x100x4x64xbf16>) {
  tile.kernel grid [2, 4, 2] blocks(%bx, %by, %bz)
      args(%q = %Q : !tile.tensor<2x100x4x64xbf16>, %o = %O : !tile.tensor<2x100x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %q_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    tile.copy %q[%bz, %row, %by, %c0], %q_s {dims = array<i64: 1, 3>} : !tile.tensor<2x100x4x64xbf16>, !tile.buf<64x64xbf16, shared>
    tile.copy %q_s, %o[%bz, %row, %by, %c0] {dims = array<i64: 1, 3>} : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x100x4x64xbf16>
  }
  return
}
