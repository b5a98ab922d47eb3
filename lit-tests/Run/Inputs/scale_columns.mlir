// x * w[j] over 8 blocks of 32 rows: the weights are the same for every block.
func.func @scale_columns(%X: !tile.tensor<256x128xbf16>, %W: !tile.tensor<128xbf16>, %Y: !tile.tensor<256x128xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%x = %X : !tile.tensor<256x128xbf16>, %w = %W : !tile.tensor<128xbf16>, %y = %Y : !tile.tensor<256x128xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x128xbf16, shared>
    %w_s = tile.alloc : !tile.buf<128xbf16, shared>
    %o = tile.alloc : !tile.buf<32x128xbf16, shared>
    tile.copy %x[%row, %c0], %x_s : !tile.tensor<256x128xbf16>, !tile.buf<32x128xbf16, shared>
    tile.copy %w[%c0], %w_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    tile.parallel ins(%x_s, %w_s[d1] : !tile.buf<32x128xbf16, shared>, !tile.buf<128xbf16, shared>) outs(%o : !tile.buf<32x128xbf16, shared>) {
    ^bb0(%v: bf16, %u: bf16):
      %r = arith.mulf %v, %u : bf16
      tile.yield %r : bf16
    }
    tile.copy %o, %y[%row, %c0] : !tile.buf<32x128xbf16, shared>, !tile.tensor<256x128xbf16>
  }
  return
}
