// Softmax over rows of 8192 f32 (64 rows): 32-row blocks of x and exp(x - max)
// need 2 MiB of L1, so tile-stream-rows computes them in chunks of 256
// columns (stream-rows.test).
func.func @softmax(%X: !tile.tensor<64x8192xf32>, %Y: !tile.tensor<64x8192xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x8192xf32>, %Y = %Y : !tile.tensor<64x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %e = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x8192xf32>, !tile.buf<32x8192xf32, fragment>
    tile.reduce max %x -> %m dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%x, %m[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %d = arith.subf %a, %b : f32
      %v = math.exp %d : f32
      tile.yield %v : f32
    }
    tile.reduce sum %e -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%e, %s[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.divf %a, %b : f32
      tile.yield %v : f32
    }
    tile.copy %e, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<64x8192xf32>
  }
  return
}
