// The tile IR of python/test/test_row_vectors.py's row_max_then_center
// kernel (bf16; printed by tilt-opt): lit-tests/Run/row-vectors.test.
module {
  func.func @row_max_then_center(%arg0: !tile.tensor<2x80x64xbf16>, %arg1: !tile.tensor<2x80xbf16>, %arg2: !tile.tensor<2x80x64xbf16>) {
    tile.kernel grid [3, 2] blocks(%arg3, %arg4) args(%arg5 = %arg0 : !tile.tensor<2x80x64xbf16>, %arg6 = %arg1 : !tile.tensor<2x80xbf16>, %arg7 = %arg2 : !tile.tensor<2x80x64xbf16>) {
      %fragment = tile.alloc : !tile.buf<32x64xbf16, fragment>
      %fragment_0 = tile.alloc : !tile.buf<32xbf16, fragment>
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %0 = arith.muli %arg3, %c32 : index
      tile.copy %arg5[%arg4, %0, %c0], %fragment : !tile.tensor<2x80x64xbf16>, !tile.buf<32x64xbf16, fragment>
      tile.reduce max %fragment -> %fragment_0 dim 1 : !tile.buf<32x64xbf16, fragment>, !tile.buf<32xbf16, fragment>
      %1 = arith.muli %arg3, %c32 : index
      tile.copy %fragment_0, %arg6[%arg4, %1] : !tile.buf<32xbf16, fragment>, !tile.tensor<2x80xbf16>
    }
    tile.kernel grid [3, 2] blocks(%arg3, %arg4) args(%arg5 = %arg0 : !tile.tensor<2x80x64xbf16>, %arg6 = %arg1 : !tile.tensor<2x80xbf16>, %arg7 = %arg2 : !tile.tensor<2x80x64xbf16>) {
      %fragment = tile.alloc : !tile.buf<32x64xbf16, fragment>
      %fragment_0 = tile.alloc : !tile.buf<32xbf16, fragment>
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %0 = arith.muli %arg3, %c32 : index
      tile.copy %arg5[%arg4, %0, %c0], %fragment : !tile.tensor<2x80x64xbf16>, !tile.buf<32x64xbf16, fragment>
      %1 = arith.muli %arg3, %c32 : index
      tile.copy %arg6[%arg4, %1], %fragment_0 : !tile.tensor<2x80xbf16>, !tile.buf<32xbf16, fragment>
      tile.parallel ins(%fragment, %fragment_0[d0] : !tile.buf<32x64xbf16, fragment>, !tile.buf<32xbf16, fragment>) outs(%fragment : !tile.buf<32x64xbf16, fragment>) {
      ^bb0(%arg8: bf16, %arg9: bf16):
        %3 = arith.subf %arg8, %arg9 : bf16
        tile.yield %3 : bf16
      }
      %2 = arith.muli %arg3, %c32 : index
      tile.copy %fragment, %arg7[%arg4, %2, %c0] : !tile.buf<32x64xbf16, fragment>, !tile.tensor<2x80x64xbf16>
    }
    return
  }
}

