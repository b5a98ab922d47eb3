// An fp16 image read into a kernel with an fp32 DST (an f32 accumulator):
// compute's tilize would pack through Float16_b and keep bf16 precision,
// so the reader places the pixels' channels in tiles itself. It gathers
// the 32 pixels of a tile row into a scratch CB (one page per tile of the
// row, never pushed), then copies each 16-element face row (32 bytes) to
// its place in the buffer's CB with a NoC read of its own L1, and pushes
// the block whole; compute only waits for it.
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @fp16(
// CHECK-DAG: %[[C32B:.*]] = arith.constant 32 : i32
// CHECK: %[[TILED:.*]] = cb.alloc 0 {tile.single_block_pages = 2 : i64} : !cb.cb<f16, page_size = 2048, pages = 4>
// CHECK: %[[SCRATCH:.*]] = cb.alloc 1 : !cb.cb<f16, page_size = 2048, pages = 1>
// CHECK: cb.reserve_back %[[TILED]], 2 {tt.role = "reader"}
// CHECK: cb.get_write_ptr %[[TILED]] {tt.role = "reader"}
// CHECK: cb.get_write_ptr %[[SCRATCH]] {tt.role = "reader"}
// CHECK: tt.noc_async_read %{{.*}}, %{{.*}}, %{{.*}} {tt.role = "reader"}
// CHECK: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK: %[[LOCAL:.*]] = tt.get_local_noc_addr %{{.*}} {tt.role = "reader"}
// CHECK-NEXT: tt.noc_async_read %[[LOCAL]], %{{.*}}, %[[C32B]] {tt.role = "reader"}
// CHECK: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK: cb.push_back %[[TILED]], 2 {tt.role = "reader"}
// CHECK-NOT: tt.tilize_block
// CHECK: cb.wait_front %[[TILED]], 2 {tt.role = "compute"}
func.func @fp16(%D: !tile.tensor<1x8x8x32xf16>, %W: !tile.tensor<288x32xf16>, %O: !tile.tensor<64x32xf32>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<1x8x8x32xf16>, %w = %W : !tile.tensor<288x32xf16>, %o = %O : !tile.tensor<64x32xf32>) {
    %c0 = arith.constant 0 : index
    %a = tile.alloc : !tile.buf<64x32xf16, shared>
    %f = tile.alloc : !tile.buf<32x32xf16, shared>
    %acc = tile.alloc : !tile.buf<64x32xf32, fragment>
    tile.clear %acc : !tile.buf<64x32xf32, fragment>
    tile.im2col %d[%b, %c0], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<1x8x8x32xf16>, !tile.buf<64x32xf16, shared>
    tile.copy %w[%c0, %c0], %f : !tile.tensor<288x32xf16>, !tile.buf<32x32xf16, shared>
    tile.gemm %a, %f, %acc : !tile.buf<64x32xf16, shared>, !tile.buf<32x32xf16, shared>, !tile.buf<64x32xf32, fragment>
    tile.copy %acc, %o[%c0, %c0] : !tile.buf<64x32xf32, fragment>, !tile.tensor<64x32xf32>
  }
  return
}
