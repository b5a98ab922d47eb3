// An int8 tensor in a T.Parallel body (a kernel of our own): the reader
// reads its rows of bytes and widens each to an int32 in the tiles (sign
// kept), which the body compares and adds.
func.func @masked_add(%X: !tile.tensor<64x96xf32>, %Mk: !tile.tensor<64x96xi8>, %Y: !tile.tensor<64x96xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x96xf32>, %Mk = %Mk : !tile.tensor<64x96xi8>, %Y = %Y : !tile.tensor<64x96xf32>) {
    %Mk_in = tile.alloc : !tile.buf<32x96xi32, shared>
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %X_in = tile.alloc : !tile.buf<32x96xf32, shared>
    %Y_out = tile.alloc : !tile.buf<32x96xf32, fragment>
    %cst = arith.constant 0 : i32
    %cst_1 = arith.constant 0xFF800000 : f32
    %idx = arith.muli %bx, %c32 : index
    tile.copy %Mk[%idx, %c0], %Mk_in : !tile.tensor<64x96xi8>, !tile.buf<32x96xi32, shared>
    %idx_1 = arith.muli %bx, %c32 : index
    tile.copy %X[%idx_1, %c0], %X_in : !tile.tensor<64x96xf32>, !tile.buf<32x96xf32, shared>
    tile.parallel ins(%Mk_in, %X_in : !tile.buf<32x96xi32, shared>, !tile.buf<32x96xf32, shared>) outs(%Y_out : !tile.buf<32x96xf32, fragment>) {
    ^bb0(%mk_v: i32, %x_v: f32):
      %v = arith.cmpi ne, %mk_v, %cst : i32
      %v_1 = arith.sitofp %mk_v : i32 to f32
      %v_2 = arith.addf %x_v, %v_1 : f32
      %v_3 = arith.select %v, %v_2, %cst_1 : f32
      tile.yield %v_3 : f32
    }
    %idx_2 = arith.muli %bx, %c32 : index
    tile.copy %Y_out, %Y[%idx_2, %c0] : !tile.buf<32x96xf32, fragment>, !tile.tensor<64x96xf32>
  }
  return
}
