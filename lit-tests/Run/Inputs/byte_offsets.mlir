// int8 tiles at columns that are multiples of 32 but not of 64: the
// reader's rows start where their DRAM bytes do in a 64-byte unit
// (Blackhole's NoC moves DRAM reads in 64-byte units).
func.func @masked_tiles(%X: !tile.tensor<64x160xf32>, %Mk: !tile.tensor<64x160xi8>, %Y: !tile.tensor<64x160xf32>) {
  tile.kernel grid [5, 2] blocks(%bx, %by) args(%X = %X : !tile.tensor<64x160xf32>, %Mk = %Mk : !tile.tensor<64x160xi8>, %Y = %Y : !tile.tensor<64x160xf32>) {
    %Mk_in = tile.alloc : !tile.buf<32x32xi32, shared>
    %c32 = arith.constant 32 : index
    %X_in = tile.alloc : !tile.buf<32x32xf32, shared>
    %Y_out = tile.alloc : !tile.buf<32x32xf32, fragment>
    %cst = arith.constant 0 : i32
    %cst_1 = arith.constant 1.0 : f32
    %idx = arith.muli %by, %c32 : index
    %idx_1 = arith.muli %bx, %c32 : index
    tile.copy %Mk[%idx, %idx_1], %Mk_in : !tile.tensor<64x160xi8>, !tile.buf<32x32xi32, shared>
    %idx_2 = arith.muli %by, %c32 : index
    %idx_3 = arith.muli %bx, %c32 : index
    tile.copy %X[%idx_2, %idx_3], %X_in : !tile.tensor<64x160xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%Mk_in, %X_in : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xf32, shared>) outs(%Y_out : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%mk_v: i32, %x_v: f32):
      %v = arith.cmpi sgt, %mk_v, %cst : i32
      %v_1 = arith.sitofp %mk_v : i32 to f32
      %v_2 = arith.mulf %v_1, %cst_1 : f32
      %v_3 = arith.select %v, %x_v, %v_2 : f32
      tile.yield %v_3 : f32
    }
    %idx_4 = arith.muli %by, %c32 : index
    %idx_5 = arith.muli %bx, %c32 : index
    tile.copy %Y_out, %Y[%idx_4, %idx_5] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x160xf32>
  }
  return
}
