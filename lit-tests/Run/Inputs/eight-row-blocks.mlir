// Blocks of 8 rows on a 2-d grid (rows by %by): tile-widen-blocks merges 4
// of them; the last merged block covers rows 32..63 of a 40-row tensor,
// reading and writing the padding of its tile layout (row-blocks.test).
func.func @eight_rows(%X: !tile.tensor<40x64xf32>, %Y: !tile.tensor<40x64xf32>) {
  tile.kernel grid [2, 5] blocks(%bx, %by) args(%X = %X : !tile.tensor<40x64xf32>, %Y = %Y : !tile.tensor<40x64xf32>) {
    %x = tile.alloc : !tile.buf<8x32xf32, shared>
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %by, %c8 : index
    %c = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c], %x : !tile.tensor<40x64xf32>, !tile.buf<8x32xf32, shared>
    tile.parallel ins(%x : !tile.buf<8x32xf32, shared>) outs(%x : !tile.buf<8x32xf32, shared>) {
    ^bb0(%a: f32):
      %v = math.exp %a : f32
      tile.yield %v : f32
    }
    tile.copy %x, %Y[%r, %c] : !tile.buf<8x32xf32, shared>, !tile.tensor<40x64xf32>
  }
  return
}
