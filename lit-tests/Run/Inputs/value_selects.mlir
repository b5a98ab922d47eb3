// Selects on values (issue 33): a leaky ReLU, a condition from another
// tensor combined with and/or, and a comparison used as a number.
func.func @selects(%A: !tile.tensor<64x128xf32>, %B: !tile.tensor<64x128xf32>,
                   %Y: !tile.tensor<64x128xf32>, %Z: !tile.tensor<64x128xf32>) {
  tile.kernel grid [2, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x128xf32>, %b = %B : !tile.tensor<64x128xf32>, %y = %Y : !tile.tensor<64x128xf32>, %z = %Z : !tile.tensor<64x128xf32>) {
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    %c = arith.muli %by, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %z_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%r, %c], %a_s : !tile.tensor<64x128xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%r, %c], %b_s : !tile.tensor<64x128xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>) outs(%y_l, %z_l : !tile.buf<32x32xf32, fragment>, !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %w: f32):
      %zero = arith.constant 0.0 : f32
      %slope = arith.constant 0.01 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %pos = arith.cmpf ogt, %x, %zero : f32
      %leak = arith.mulf %x, %slope : f32
      %leaky = arith.select %pos, %x, %leak : f32
      %big = arith.cmpf oge, %w, %x : f32
      %small = arith.cmpf olt, %w, %zero : f32
      %both = arith.andi %big, %small : i1
      %either = arith.ori %both, %pos : i1
      %masked = arith.select %either, %leaky, %ninf : f32
      %ne = arith.cmpf une, %x, %w : f32
      %f = arith.uitofp %ne : i1 to f32
      %sum = arith.addf %masked, %f : f32
      tile.yield %sum, %f : f32, f32
    }
    tile.copy %y_l, %y[%r, %c] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x128xf32>
    tile.copy %z_l, %z[%r, %c] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x128xf32>
  }
  return
}
