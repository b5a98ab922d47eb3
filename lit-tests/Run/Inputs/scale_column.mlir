// The tile IR of python/test/test_topk.py's scale_column kernel (k = 3;
// printed by tilt-opt): lit-tests/Run/topk.test.
module {
  func.func @scale_column(%arg0: !tile.tensor<70x20xf32>, %arg1: !tile.tensor<70x2xf32>) {
    tile.kernel grid [3] blocks(%arg2) args(%arg3 = %arg0 : !tile.tensor<70x20xf32>, %arg4 = %arg1 : !tile.tensor<70x2xf32>) {
      %fragment = tile.alloc : !tile.buf<32xf32, fragment>
      %shared = tile.alloc : !tile.buf<32xf32, shared>
      %c32 = arith.constant 32 : index
      %c3 = arith.constant 3 : index
      %cst = arith.constant 2.000000e+00 : f32
      %fragment_0 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_1 = tile.alloc : !tile.buf<32xf32, fragment>
      %cst_2 = arith.constant 1.000000e+00 : f32
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %0 = arith.muli %arg2, %c32 : index
      tile.copy %arg3[%0, %c3], %shared {dims = array<i64: 0>} : !tile.tensor<70x20xf32>, !tile.buf<32xf32, shared>
      tile.parallel ins(%shared : !tile.buf<32xf32, shared>) outs(%fragment : !tile.buf<32xf32, fragment>) {
      ^bb0(%arg5: f32):
        %3 = arith.mulf %arg5, %cst : f32
        tile.yield %3 : f32
      }
      tile.parallel ins(%fragment : !tile.buf<32xf32, fragment>) outs(%fragment_0, %fragment_1 : !tile.buf<32xf32, fragment>, !tile.buf<32xf32, fragment>) {
      ^bb0(%arg5: f32):
        %3 = arith.addf %arg5, %cst_2 : f32
        tile.yield %arg5, %3 : f32, f32
      }
      %1 = arith.muli %arg2, %c32 : index
      tile.copy %fragment_0, %arg4[%1, %c1] {dims = array<i64: 0>} : !tile.buf<32xf32, fragment>, !tile.tensor<70x2xf32>
      %2 = arith.muli %arg2, %c32 : index
      tile.copy %fragment_1, %arg4[%2, %c0] {dims = array<i64: 0>} : !tile.buf<32xf32, fragment>, !tile.tensor<70x2xf32>
    }
    return
  }
}

