// A row segment of a bool mask (mask[b, h, s0:s1] in a fragment) used as
// an if_then_else condition: 32 bytes a tile, widened lane by lane.
func.func @masked_segments(%X: !tile.tensor<2x32x128xf32>, %mask: !tile.tensor<2x2x128xi1>, %Y: !tile.tensor<2x32x128xf32>) {
  tile.kernel grid [2, 2] blocks(%bb, %bk) args(%X = %X : !tile.tensor<2x32x128xf32>, %mask = %mask : !tile.tensor<2x2x128xi1>, %Y = %Y : !tile.tensor<2x32x128xf32>) {
    %x = tile.alloc : !tile.buf<32x64xf32, fragment>
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %mask_in = tile.alloc : !tile.buf<64xf32, shared>
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.0 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %idx = arith.muli %bk, %c64 : index
    %idx_1 = arith.muli %bk, %c64 : index
    tile.copy %X[%bb, %c0, %idx_1], %x : !tile.tensor<2x32x128xf32>, !tile.buf<32x64xf32, fragment>
    tile.copy %mask[%bb, %c1, %idx], %mask_in : !tile.tensor<2x2x128xi1>, !tile.buf<64xf32, shared>
    tile.parallel ins(%mask_in[d1], %x : !tile.buf<64xf32, shared>, !tile.buf<32x64xf32, fragment>) outs(%x : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%mask_v: f32, %x_v: f32):
      %v = arith.cmpf une, %mask_v, %cst : f32
      %v_1 = arith.select %v, %x_v, %cst_1 : f32
      tile.yield %v_1 : f32
    }
    %idx_2 = arith.muli %bk, %c64 : index
    tile.copy %x, %Y[%bb, %c0, %idx_2] : !tile.buf<32x64xf32, fragment>, !tile.tensor<2x32x128xf32>
  }
  return
}
