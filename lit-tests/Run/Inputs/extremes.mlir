// T.atomic_max and T.atomic_min across the row blocks: Hi and Lo hold
// values before the kernel runs (random), and take the maximum and the
// minimum of those and of the three row blocks of X, column block by
// column block.
func.func @extremes(%X: !tile.tensor<96x64xf32>, %Hi: !tile.tensor<32x64xf32>, %Lo: !tile.tensor<32x64xbf16>) {
  tile.kernel grid [2, 3] blocks(%bx, %by)
      args(%x = %X : !tile.tensor<96x64xf32>, %hi = %Hi : !tile.tensor<32x64xf32>, %lo = %Lo : !tile.tensor<32x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %col], %x_s : !tile.tensor<96x64xf32>, !tile.buf<32x32xf32, fragment>
    tile.atomic_max %x_s, %hi[%c0, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x64xf32>
    tile.atomic_min %x_s, %lo[%c0, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x64xbf16>
  }
  return
}
