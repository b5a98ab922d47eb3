// What the lowering of tile.im2col rejects (tile-legalize), with the reason.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement))' %s

// The image is read row-major: another copy of it takes rows or parts of
// rows at a column that is a multiple of 32.
// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @mixed(%D: !tile.tensor<1x8x8x64xbf16>, %O: !tile.tensor<64x32xbf16>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<1x8x8x64xbf16>, %o = %O : !tile.tensor<64x32xbf16>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = tile.alloc : !tile.buf<64x32xbf16, shared>
    %t = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-note@+1 {{the tensor is stored row-major because T.im2col reads it here}}
    tile.im2col %d[%b, %c0], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<1x8x8x64xbf16>, !tile.buf<64x32xbf16, shared>
    // expected-error@+1 {{a tensor stored row-major (one page per row of its last dimension) is copied in whole rows or in parts of rows that start at a column that is a multiple of 32; this copy's column offset is not provably one}}
    tile.copy %d[%c0, %c0, %c0, %c16], %t : !tile.tensor<1x8x8x64xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %a, %o[%c0, %c0] : !tile.buf<64x32xbf16, shared>, !tile.tensor<64x32xbf16>
  }
  return
}
