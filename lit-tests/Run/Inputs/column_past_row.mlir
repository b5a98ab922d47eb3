// Reads of one tile column at a column computed by a while loop, from a
// row-major tensor (16-row blocks): the column may lie past the row (288
// of 256), which the reader checks when it runs, reading zeros there, as
// TileLang's bounds-checked copies do. A kernel of our own.
func.func @past_the_row(%X: !tile.tensor<64x256xf32>, %Y: !tile.tensor<64x32xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%X = %X : !tile.tensor<64x256xf32>, %Y = %Y : !tile.tensor<64x32xf32>) {
    %x = tile.alloc : !tile.buf<16x32xf32, shared>
    %acc = tile.alloc : !tile.buf<16x32xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c9 = arith.constant 9 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    tile.clear %acc : !tile.buf<16x32xf32, fragment>
    %carried = scf.while (%c = %bx) : (index) -> (index) {
      %cond = arith.cmpi slt, %c, %c9 : index
      scf.condition(%cond) %c : index
    } do {
    ^bb0(%c_1: index):
      %idx = arith.muli %bx, %c16 : index
      %idx_1 = arith.muli %c_1, %c32 : index
      tile.copy %X[%idx, %idx_1], %x : !tile.tensor<64x256xf32>, !tile.buf<16x32xf32, shared>
      tile.parallel ins(%acc, %x : !tile.buf<16x32xf32, fragment>, !tile.buf<16x32xf32, shared>) outs(%acc : !tile.buf<16x32xf32, fragment>) {
      ^bb0(%acc_v: f32, %x_v: f32):
        %v = arith.addf %acc_v, %x_v : f32
        tile.yield %v : f32
      }
      %idx_2 = arith.addi %c_1, %c2 : index
      scf.yield %idx_2 : index
    }
    %idx_3 = arith.muli %bx, %c16 : index
    tile.copy %acc, %Y[%idx_3, %c0] : !tile.buf<16x32xf32, fragment>, !tile.tensor<64x32xf32>
  }
  return
}

