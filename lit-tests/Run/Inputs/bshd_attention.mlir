// FlashAttention in the BSHD layout with GQA (4 query heads over 2 key/value
// heads), 100 positions in blocks of 64: the tile IR python/test/test_bshd.py's
// attention_bshd writes for Q [2, 100, 4, 64] and K, V [2, 100, 2, 64] bf16.
module {
  func.func @attention_bshd(%arg0: !tile.tensor<2x100x4x64xbf16>, %arg1: !tile.tensor<2x100x2x64xbf16>, %arg2: !tile.tensor<2x100x2x64xbf16>, %arg3: !tile.tensor<2x100x4x64xbf16>) {
    tile.kernel grid [2, 4, 2] blocks(%arg4, %arg5, %arg6) args(%arg7 = %arg0 : !tile.tensor<2x100x4x64xbf16>, %arg8 = %arg1 : !tile.tensor<2x100x2x64xbf16>, %arg9 = %arg2 : !tile.tensor<2x100x2x64xbf16>, %arg10 = %arg3 : !tile.tensor<2x100x4x64xbf16>) {
      %shared = tile.alloc : !tile.buf<64x64xbf16, shared>
      %shared_0 = tile.alloc : !tile.buf<64x64xbf16, shared>
      %shared_1 = tile.alloc : !tile.buf<64x64xbf16, shared>
      %shared_2 = tile.alloc : !tile.buf<64x64xbf16, shared>
      %fragment = tile.alloc : !tile.buf<64x64xf32, fragment>
      %fragment_3 = tile.alloc : !tile.buf<64x64xbf16, fragment>
      %fragment_4 = tile.alloc : !tile.buf<64x64xf32, fragment>
      %fragment_5 = tile.alloc : !tile.buf<64xf32, fragment>
      %fragment_6 = tile.alloc : !tile.buf<64xf32, fragment>
      %fragment_7 = tile.alloc : !tile.buf<64xf32, fragment>
      %fragment_8 = tile.alloc : !tile.buf<64xf32, fragment>
      %fragment_9 = tile.alloc : !tile.buf<64xf32, fragment>
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : f32
      %cst_10 = arith.constant 0xFF800000 : f32
      %c2 = arith.constant 2 : index
      %cst_11 = arith.constant 0.180336878 : f32
      %0 = arith.muli %arg4, %c64 : index
      %1 = arith.addi %arg4, %c1 : index
      %2 = arith.muli %1, %c64 : index
      tile.copy %arg7[%arg6, %0, %arg5, %c0], %shared {dims = array<i64: 1, 3>} : !tile.tensor<2x100x4x64xbf16>, !tile.buf<64x64xbf16, shared>
      tile.fill %fragment_4, %cst : !tile.buf<64x64xf32, fragment>, f32
      tile.fill %fragment_9, %cst : !tile.buf<64xf32, fragment>, f32
      tile.fill %fragment_5, %cst_10 : !tile.buf<64xf32, fragment>, f32
      tile.pipelined %arg11 = %c0 to %c2 step %c1 stages 1 {
        %6 = arith.muli %arg11, %c64 : index
        %7 = arith.addi %arg11, %c1 : index
        %8 = arith.muli %7, %c64 : index
        %9 = arith.floordivsi %arg5, %c2 : index
        tile.copy %arg8[%arg6, %6, %9, %c0], %shared_0 {dims = array<i64: 1, 3>} : !tile.tensor<2x100x2x64xbf16>, !tile.buf<64x64xbf16, shared>
        tile.clear %fragment : !tile.buf<64x64xf32, fragment>
        tile.gemm %shared, %shared_0, %fragment transpose_b : !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
        tile.copy %fragment_5, %fragment_6 : !tile.buf<64xf32, fragment>, !tile.buf<64xf32, fragment>
        tile.reduce max %fragment -> %fragment_5 dim 1 accumulate : !tile.buf<64x64xf32, fragment>, !tile.buf<64xf32, fragment>
        tile.parallel ins(%fragment_6, %fragment_5 : !tile.buf<64xf32, fragment>, !tile.buf<64xf32, fragment>) outs(%fragment_7 : !tile.buf<64xf32, fragment>) {
        ^bb0(%arg12: f32, %arg13: f32):
          %14 = arith.subf %arg12, %arg13 : f32
          %15 = arith.mulf %14, %cst_11 : f32
          %16 = math.exp2 %15 : f32
          tile.yield %16 : f32
        }
        tile.parallel ins(%fragment, %fragment_5[d0] : !tile.buf<64x64xf32, fragment>, !tile.buf<64xf32, fragment>) outs(%fragment : !tile.buf<64x64xf32, fragment>) {
        ^bb0(%arg12: f32, %arg13: f32):
          %14 = arith.subf %arg12, %arg13 : f32
          %15 = arith.mulf %14, %cst_11 : f32
          %16 = math.exp2 %15 : f32
          tile.yield %16 : f32
        }
        tile.reduce sum %fragment -> %fragment_8 dim 1 : !tile.buf<64x64xf32, fragment>, !tile.buf<64xf32, fragment>
        tile.parallel ins(%fragment_9, %fragment_7, %fragment_8 : !tile.buf<64xf32, fragment>, !tile.buf<64xf32, fragment>, !tile.buf<64xf32, fragment>) outs(%fragment_9 : !tile.buf<64xf32, fragment>) {
        ^bb0(%arg12: f32, %arg13: f32, %arg14: f32):
          %14 = arith.mulf %arg12, %arg13 : f32
          %15 = arith.addf %14, %arg14 : f32
          tile.yield %15 : f32
        }
        tile.copy %fragment, %fragment_3 : !tile.buf<64x64xf32, fragment>, !tile.buf<64x64xbf16, fragment>
        tile.parallel ins(%fragment_4, %fragment_7[d0] : !tile.buf<64x64xf32, fragment>, !tile.buf<64xf32, fragment>) outs(%fragment_4 : !tile.buf<64x64xf32, fragment>) {
        ^bb0(%arg12: f32, %arg13: f32):
          %14 = arith.mulf %arg12, %arg13 : f32
          tile.yield %14 : f32
        }
        %10 = arith.muli %arg11, %c64 : index
        %11 = arith.addi %arg11, %c1 : index
        %12 = arith.muli %11, %c64 : index
        %13 = arith.floordivsi %arg5, %c2 : index
        tile.copy %arg9[%arg6, %10, %13, %c0], %shared_1 {dims = array<i64: 1, 3>} : !tile.tensor<2x100x2x64xbf16>, !tile.buf<64x64xbf16, shared>
        tile.gemm %fragment_3, %shared_1, %fragment_4 : !tile.buf<64x64xbf16, fragment>, !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
      }
      tile.parallel ins(%fragment_4, %fragment_9[d0] : !tile.buf<64x64xf32, fragment>, !tile.buf<64xf32, fragment>) outs(%fragment_4 : !tile.buf<64x64xf32, fragment>) {
      ^bb0(%arg11: f32, %arg12: f32):
        %6 = arith.divf %arg11, %arg12 : f32
        tile.yield %6 : f32
      }
      tile.copy %fragment_4, %shared_2 : !tile.buf<64x64xf32, fragment>, !tile.buf<64x64xbf16, shared>
      %3 = arith.muli %arg4, %c64 : index
      %4 = arith.addi %arg4, %c1 : index
      %5 = arith.muli %4, %c64 : index
      tile.copy %shared_2, %arg10[%arg6, %3, %arg5, %c0] {dims = array<i64: 1, 3>} : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x100x4x64xbf16>
    }
    return
  }
}
