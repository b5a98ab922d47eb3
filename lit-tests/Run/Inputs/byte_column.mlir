// A uint8 mask column (flash decoding's GQA mask: mask[b, s0:s1, g] in a
// fragment) tested in a body: read a byte per element, widened to a float32
// vector the body broadcasts along its rows.
func.func @masked_columns(%X: !tile.tensor<2x32x128xf32>, %mask: !tile.tensor<2x128x3xui8>, %Y: !tile.tensor<2x32x128xf32>) {
  tile.kernel grid [2, 2] blocks(%bb, %bk) args(%X = %X : !tile.tensor<2x32x128xf32>, %mask = %mask : !tile.tensor<2x128x3xui8>, %Y = %Y : !tile.tensor<2x32x128xf32>) {
    %x = tile.alloc : !tile.buf<32x64xf32, fragment>
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %mask_in = tile.alloc : !tile.buf<64xf32, shared>
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.0 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %idx = arith.muli %bk, %c64 : index
    %idx_1 = arith.muli %bk, %c64 : index
    tile.copy %X[%bb, %c0, %idx_1], %x : !tile.tensor<2x32x128xf32>, !tile.buf<32x64xf32, fragment>
    tile.copy %mask[%bb, %idx, %c2], %mask_in {dims = array<i64: 1>} : !tile.tensor<2x128x3xui8>, !tile.buf<64xf32, shared>
    tile.parallel ins(%mask_in[d1], %x : !tile.buf<64xf32, shared>, !tile.buf<32x64xf32, fragment>) outs(%x : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%mask_v: f32, %x_v: f32):
      %v = arith.cmpf une, %mask_v, %cst : f32
      %v_1 = arith.index_cast %bb : index to i32
      %v_2 = arith.sitofp %v_1 : i32 to f32
      %v_3 = arith.mulf %x_v, %v_2 : f32
      %v_4 = arith.select %v, %v_3, %cst_1 : f32
      tile.yield %v_4 : f32
    }
    %idx_2 = arith.muli %bk, %c64 : index
    tile.copy %x, %Y[%bb, %c0, %idx_2] : !tile.buf<32x64xf32, fragment>, !tile.tensor<2x32x128xf32>
  }
  return
}
