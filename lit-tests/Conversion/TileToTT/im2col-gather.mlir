// tile.im2col of an image whose channels are not whole 64-byte runs (an
// RGB image's 3): the reader reads each tap's pixel stick whole into a
// scratch CB (one slot per row and tap), zeros where the pixel is in the
// padding, and after the barrier places each element of the block's rows
// through the L1 pointer (two bf16 halves per word).
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement))' %s | FileCheck %s

// CHECK-LABEL: func.func @rgb
// The scratch: 32 rows x 12 taps of 64-byte sticks.
// CHECK: cb.alloc 2 : !cb.cb<bf16, page_size = 64, pages = 384>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tt.get_page_noc_addr
// CHECK: tt.noc_async_read
// CHECK: } else {
// CHECK: tt.fill_zero_tile
// CHECK: tt.noc_async_read_barrier
// CHECK: tt.read_l1_u32
// CHECK: arith.shrui
// CHECK: tt.read_l1_u32
// CHECK: arith.shli
// CHECK: arith.ori
// CHECK: tt.write_l1_u32
func.func @rgb(%D: !tile.tensor<2x8x8x3xbf16>, %O: !tile.tensor<128x32xbf16>) {
  tile.kernel grid [4] blocks(%b) args(%d = %D : !tile.tensor<2x8x8x3xbf16>, %o = %O : !tile.tensor<128x32xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    tile.im2col %d[%b, %c0], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<2x8x8x3xbf16>, !tile.buf<32x32xbf16, shared>
    %row = arith.muli %b, %c32 : index
    tile.copy %a, %o[%row, %c0] : !tile.buf<32x32xbf16, shared>, !tile.tensor<128x32xbf16>
  }
  return
}
