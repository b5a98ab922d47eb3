// value_selects.mlir in bf16: a 16-bit DST, where_tile<Float16_b>.
func.func @selects(%A: !tile.tensor<64x128xbf16>, %B: !tile.tensor<64x128xbf16>,
                   %Y: !tile.tensor<64x128xbf16>, %Z: !tile.tensor<64x128xbf16>) {
  tile.kernel grid [2, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x128xbf16>, %b = %B : !tile.tensor<64x128xbf16>, %y = %Y : !tile.tensor<64x128xbf16>, %z = %Z : !tile.tensor<64x128xbf16>) {
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    %c = arith.muli %by, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %y_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %z_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%r, %c], %a_s : !tile.tensor<64x128xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%r, %c], %b_s : !tile.tensor<64x128xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>) outs(%y_l, %z_l : !tile.buf<32x32xbf16, fragment>, !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %w: bf16):
      %zero = arith.constant 0.0 : bf16
      %slope = arith.constant 0.01 : bf16
      %ninf = arith.constant 0xFF80 : bf16
      %pos = arith.cmpf ogt, %x, %zero : bf16
      %leak = arith.mulf %x, %slope : bf16
      %leaky = arith.select %pos, %x, %leak : bf16
      %big = arith.cmpf oge, %w, %x : bf16
      %small = arith.cmpf olt, %w, %zero : bf16
      %both = arith.andi %big, %small : i1
      %either = arith.ori %both, %pos : i1
      %masked = arith.select %either, %leaky, %ninf : bf16
      %ne = arith.cmpf une, %x, %w : bf16
      %f = arith.uitofp %ne : i1 to bf16
      %sum = arith.addf %masked, %f : bf16
      tile.yield %sum, %f : bf16, bf16
    }
    tile.copy %y_l, %y[%r, %c] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<64x128xbf16>
    tile.copy %z_l, %z[%r, %c] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<64x128xbf16>
  }
  return
}
