// y = 2x from the loaded x; x += 1 in place; s = sum(y); out = y / s + x.
// tile-stream-rows reads x again, computes y again from it, then x + 1
// again: the chunk of x holds each content when it is read (stream-rows.test).
func.func @inplace(%X: !tile.tensor<64x8192xf32>, %Y: !tile.tensor<64x8192xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x8192xf32>, %Y = %Y : !tile.tensor<64x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %y = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x8192xf32>, !tile.buf<32x8192xf32, fragment>
    tile.parallel ins(%x : !tile.buf<32x8192xf32, fragment>) outs(%y : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32):
      %v = arith.mulf %a, %two : f32
      tile.yield %v : f32
    }
    tile.parallel ins(%x : !tile.buf<32x8192xf32, fragment>) outs(%x : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32):
      %v = arith.addf %a, %one : f32
      tile.yield %v : f32
    }
    tile.reduce sum %y -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%y, %s[d0], %x : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>, !tile.buf<32x8192xf32, fragment>) outs(%y : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %v = arith.divf %a, %b : f32
      %w = arith.addf %v, %c : f32
      tile.yield %w : f32
    }
    tile.copy %y, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<64x8192xf32>
  }
  return
}
