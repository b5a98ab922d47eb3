// tile-lower-data-movement on tile.im2col: the image is stored row-major
// (one 128-byte page per pixel of 64 bf16 channels). Per tile row of the
// 64x32 block the reader fills a staging CB with 32 output pixels: pixel
// m = (n, oh, ow) with OH = OW = 4, tap k = (kh, kw, c) with K*C = 192,
// source pixel (n, 2*oh + kh - 1, 2*ow + kw - 1), one 64-byte read of 32
// channels at byte 2*c of its page, zeros outside the image. Compute
// tilizes the staging CB into the buffer's CB. (Canonicalize and CSE only
// tidy the index arithmetic.)
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @conv(
// CHECK-SAME: !tile.tensor<2x8x8x64xbf16, {kind = "dram_row_major", padded_shape = array<i64: 2, 8, 8, 64>, page_size = 128 : i64, tile = array<i64: 1, 64>}>
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C192:.*]] = arith.constant 192 : index
// CHECK-DAG: %[[C64B:.*]] = arith.constant 64 : i32
// CHECK: %[[TILED:.*]] = cb.alloc 0 {tile.single_block_pages = 2 : i64} : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK: %[[STAGING:.*]] = cb.alloc 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
// CHECK: %[[IMAGE:.*]] = tt.tensor_accessor %{{.*}}, %{{.*}} ct_offset(0) {tt.role = "reader"}
// CHECK: cb.reserve_back %[[STAGING]], 1 {tt.role = "reader"}
// CHECK: %[[WP:.*]] = cb.get_write_ptr %[[STAGING]] {tt.role = "reader"}
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[M:.*]] = arith.addi %{{.*}}, %[[R]] : index
// CHECK: %[[N:.*]] = arith.divui %[[M]], %[[C16]] : index
// CHECK: %[[SPATIAL:.*]] = arith.remui %[[M]], %[[C16]] : index
// CHECK: %[[OH:.*]] = arith.divui %[[SPATIAL]], %[[C4]] : index
// CHECK: %[[OW:.*]] = arith.remui %[[SPATIAL]], %[[C4]] : index
// CHECK: %[[KH:.*]] = arith.divui %{{.*}}, %[[C192]] : index
// CHECK: scf.if
// CHECK: %[[ADDRESS:.*]] = tt.get_page_noc_addr %{{.*}}, %[[IMAGE]], %{{.*}} {tt.role = "reader"}
// CHECK-NEXT: tt.noc_async_read %[[ADDRESS]], %{{.*}}, %[[C64B]] {tt.role = "reader"}
// CHECK-NEXT: } else {
// CHECK-NEXT: tt.fill_zero_tile %{{.*}}, %[[C64B]] {tt.role = "reader"}
// CHECK: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK-NEXT: cb.push_back %[[STAGING]], 1 {tt.role = "reader"}
// CHECK: tt.tilize_init cb(1, 0) block(1) {tt.role = "compute"}
// CHECK: tt.tilize_block cb(1, 0) block(1) {tt.role = "compute"}
// CHECK: cb.wait_front %[[TILED]], 2 {tt.role = "compute"}
// CHECK: tile.gemm
// CHECK-NOT: tile.im2col
func.func @conv(%D: !tile.tensor<2x8x8x64xbf16>, %W: !tile.tensor<576x64xbf16>, %O: !tile.tensor<128x64xf32>) {
  tile.kernel grid [1, 2] blocks(%bx, %by) args(%d = %D : !tile.tensor<2x8x8x64xbf16>, %w = %W : !tile.tensor<576x64xbf16>, %o = %O : !tile.tensor<128x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c18 = arith.constant 18 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %a = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b = tile.alloc : !tile.buf<32x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %acc : !tile.buf<64x64xf32, fragment>
    scf.for %k = %c0 to %c18 step %c1 {
      tile.im2col %d[%by, %k], %a kernel 3 stride 2 dilation 1 padding 1 : !tile.tensor<2x8x8x64xbf16>, !tile.buf<64x32xbf16, shared>
      %row = arith.muli %k, %c32 : index
      tile.copy %w[%row, %c0], %b : !tile.tensor<576x64xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a, %b, %acc : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    %m = arith.muli %by, %c64 : index
    tile.copy %acc, %o[%m, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x64xf32>
  }
  return
}
