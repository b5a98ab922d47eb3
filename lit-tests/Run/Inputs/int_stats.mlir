// The tile IR of python/test/test_topk.py's int_row_stats kernel (its frontend's output,
// printed by tilt-opt): lit-tests/Run/topk.test.
module {
  func.func @int_row_stats(%arg0: !tile.tensor<64x96xi32>, %arg1: !tile.tensor<64x3xi32>) {
    tile.kernel grid [2] blocks(%arg2) args(%arg3 = %arg0 : !tile.tensor<64x96xi32>, %arg4 = %arg1 : !tile.tensor<64x3xi32>) {
      %shared = tile.alloc : !tile.buf<32x96xi32, shared>
      %fragment = tile.alloc : !tile.buf<32xi32, fragment>
      %fragment_0 = tile.alloc : !tile.buf<32xi32, fragment>
      %fragment_1 = tile.alloc : !tile.buf<32xi32, fragment>
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %fragment_2 = tile.alloc : !tile.buf<32xi32, fragment>
      %fragment_3 = tile.alloc : !tile.buf<32xi32, fragment>
      %fragment_4 = tile.alloc : !tile.buf<32xi32, fragment>
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %0 = arith.muli %arg2, %c32 : index
      tile.copy %arg3[%0, %c0], %shared : !tile.tensor<64x96xi32>, !tile.buf<32x96xi32, shared>
      tile.reduce sum %shared -> %fragment dim 1 : !tile.buf<32x96xi32, shared>, !tile.buf<32xi32, fragment>
      tile.reduce max %shared -> %fragment_0 dim 1 : !tile.buf<32x96xi32, shared>, !tile.buf<32xi32, fragment>
      tile.reduce min %shared -> %fragment_1 dim 1 : !tile.buf<32x96xi32, shared>, !tile.buf<32xi32, fragment>
      tile.parallel ins(%fragment, %fragment_0, %fragment_1 : !tile.buf<32xi32, fragment>, !tile.buf<32xi32, fragment>, !tile.buf<32xi32, fragment>) outs(%fragment_2, %fragment_3, %fragment_4 : !tile.buf<32xi32, fragment>, !tile.buf<32xi32, fragment>, !tile.buf<32xi32, fragment>) {
      ^bb0(%arg5: i32, %arg6: i32, %arg7: i32):
        tile.yield %arg5, %arg6, %arg7 : i32, i32, i32
      }
      %1 = arith.muli %arg2, %c32 : index
      tile.copy %fragment_2, %arg4[%1, %c0] {dims = array<i64: 0>} : !tile.buf<32xi32, fragment>, !tile.tensor<64x3xi32>
      %2 = arith.muli %arg2, %c32 : index
      tile.copy %fragment_3, %arg4[%2, %c1] {dims = array<i64: 0>} : !tile.buf<32xi32, fragment>, !tile.tensor<64x3xi32>
      %3 = arith.muli %arg2, %c32 : index
      tile.copy %fragment_4, %arg4[%3, %c2] {dims = array<i64: 0>} : !tile.buf<32xi32, fragment>, !tile.tensor<64x3xi32>
    }
    return
  }
}

