// (x * s[i]) * w[j] in f32 of bf16 x and w and f32 s: RMS norm's last step.
func.func @regroup(%X: !tile.tensor<64x128xbf16>, %S: !tile.tensor<64xf32>, %W: !tile.tensor<128xbf16>, %Y: !tile.tensor<64x128xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x128xbf16>, %s = %S : !tile.tensor<64xf32>, %w = %W : !tile.tensor<128xbf16>, %y = %Y : !tile.tensor<64x128xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x128xbf16, shared>
    %s_s = tile.alloc : !tile.buf<64xf32, shared>
    %w_s = tile.alloc : !tile.buf<128xbf16, shared>
    %q = tile.alloc : !tile.buf<64x128xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x128xbf16>, !tile.buf<64x128xbf16, shared>
    tile.copy %s[%c0], %s_s : !tile.tensor<64xf32>, !tile.buf<64xf32, shared>
    tile.copy %w[%c0], %w_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    tile.parallel ins(%x_s, %s_s[d0], %w_s[d1] : !tile.buf<64x128xbf16, shared>, !tile.buf<64xf32, shared>, !tile.buf<128xbf16, shared>) outs(%q : !tile.buf<64x128xf32, fragment>) {
    ^bb0(%v: bf16, %t: f32, %u: bf16):
      %a = arith.extf %v : bf16 to f32
      %m = arith.mulf %a, %t : f32
      %b = arith.extf %u : bf16 to f32
      %r = arith.mulf %m, %b : f32
      tile.yield %r : f32
    }
    tile.copy %q, %y[%c0, %c0] : !tile.buf<64x128xf32, fragment>, !tile.tensor<64x128xf32>
  }
  return
}
