// The tile IR of python/test/test_topk.py's row_topk kernel (100 rows of 64,
// k = 4; printed by tilt-opt): lit-tests/Run/topk.test.
module {
  func.func @row_topk(%arg0: !tile.tensor<100x64xf32>, %arg1: !tile.tensor<100x4xf32>, %arg2: !tile.tensor<100x4xi32>) {
    tile.kernel grid [4] blocks(%arg3) args(%arg4 = %arg0 : !tile.tensor<100x64xf32>, %arg5 = %arg1 : !tile.tensor<100x4xf32>, %arg6 = %arg2 : !tile.tensor<100x4xi32>) {
      %fragment = tile.alloc : !tile.buf<32x64xf32, fragment>
      %fragment_0 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_1 = tile.alloc : !tile.buf<32x64xi32, fragment>
      %fragment_2 = tile.alloc : !tile.buf<32xi32, fragment>
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %c64_i32 = arith.constant 64 : i32
      %cst = arith.constant 0xFF800000 : f32
      %fragment_3 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_4 = tile.alloc : !tile.buf<32xi32, fragment>
      %0 = arith.muli %arg3, %c32 : index
      tile.copy %arg4[%0, %c0], %fragment : !tile.tensor<100x64xf32>, !tile.buf<32x64xf32, fragment>
      scf.for %arg7 = %c0 to %c4 step %c1 {
        tile.reduce max %fragment -> %fragment_0 dim 1 : !tile.buf<32x64xf32, fragment>, !tile.buf<32xf32, fragment>
        tile.parallel ins(%fragment, %fragment_0[d0] : !tile.buf<32x64xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%fragment_1 : !tile.buf<32x64xi32, fragment>) {
        ^bb0(%arg8: f32, %arg9: f32):
          %3 = arith.cmpf oeq, %arg8, %arg9 : f32
          %4 = tile.index 1 : index
          %5 = arith.index_cast %4 : index to i32
          %6 = arith.select %3, %5, %c64_i32 : i32
          tile.yield %6 : i32
        }
        tile.reduce min %fragment_1 -> %fragment_2 dim 1 : !tile.buf<32x64xi32, fragment>, !tile.buf<32xi32, fragment>
        tile.parallel ins(%fragment_2[d0], %fragment : !tile.buf<32xi32, fragment>, !tile.buf<32x64xf32, fragment>) outs(%fragment : !tile.buf<32x64xf32, fragment>) {
        ^bb0(%arg8: i32, %arg9: f32):
          %3 = tile.index 1 : index
          %4 = arith.index_cast %3 : index to i32
          %5 = arith.cmpi eq, %4, %arg8 : i32
          %6 = arith.select %5, %cst, %arg9 : f32
          tile.yield %6 : f32
        }
        tile.parallel ins(%fragment_0, %fragment_2 : !tile.buf<32xf32, fragment>, !tile.buf<32xi32, fragment>) outs(%fragment_3, %fragment_4 : !tile.buf<32xf32, fragment>, !tile.buf<32xi32, fragment>) {
        ^bb0(%arg8: f32, %arg9: i32):
          tile.yield %arg8, %arg9 : f32, i32
        }
        %1 = arith.muli %arg3, %c32 : index
        tile.copy %fragment_3, %arg5[%1, %arg7] {dims = array<i64: 0>} : !tile.buf<32xf32, fragment>, !tile.tensor<100x4xf32>
        %2 = arith.muli %arg3, %c32 : index
        tile.copy %fragment_4, %arg6[%2, %arg7] {dims = array<i64: 0>} : !tile.buf<32xi32, fragment>, !tile.tensor<100x4xi32>
      }
    }
    return
  }
}

