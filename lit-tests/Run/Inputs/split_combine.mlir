// The tile IR of a flash decoding combine in TileLang's style (4 splits of
// 64 rows x 64 columns; python/test/test_flash_decoding.py's, f32, printed by
// tilt-opt): lit-tests/Run/padded-rows.test.
module {
  func.func @main(%arg0: !tile.tensor<4x64xf32>, %arg1: !tile.tensor<64x4x64xf32>, %arg2: !tile.tensor<64x64xf32>) {
    tile.kernel grid [2] blocks(%arg3) args(%arg4 = %arg0 : !tile.tensor<4x64xf32>, %arg5 = %arg1 : !tile.tensor<64x4x64xf32>, %arg6 = %arg2 : !tile.tensor<64x64xf32>) {
      %fragment = tile.alloc : !tile.buf<32x64xf32, fragment>
      %fragment_0 = tile.alloc : !tile.buf<32x64xf32, fragment>
      %fragment_1 = tile.alloc : !tile.buf<4x32xf32, fragment>
      %fragment_2 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_3 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_4 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_5 = tile.alloc : !tile.buf<32xf32, fragment>
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %fragment_6 = tile.alloc : !tile.buf<4x32xf32, fragment>
      %fragment_7 = tile.alloc : !tile.buf<32xf32, fragment>
      %fragment_8 = tile.alloc : !tile.buf<4x32xf32, fragment>
      tile.clear %fragment_3 : !tile.buf<32xf32, fragment>
      tile.clear %fragment_0 : !tile.buf<32x64xf32, fragment>
      %0 = arith.muli %arg3, %c32 : index
      tile.copy %arg4[%c0, %0], %fragment_1 : !tile.tensor<4x64xf32>, !tile.buf<4x32xf32, fragment>
      tile.reduce max %fragment_1 -> %fragment_4 dim 0 : !tile.buf<4x32xf32, fragment>, !tile.buf<32xf32, fragment>
      tile.pipelined %arg7 = %c0 to %c4 step %c1 stages 1 {
        tile.parallel ins(%fragment_1 : !tile.buf<4x32xf32, fragment>) outs(%fragment_6 : !tile.buf<4x32xf32, fragment>) {
        ^bb0(%arg8: f32):
          %2 = tile.index 0 : index
          %3 = arith.cmpi eq, %2, %arg7 : index
          %cst = arith.constant 0.000000e+00 : f32
          %4 = arith.select %3, %arg8, %cst : f32
          tile.yield %4 : f32
        }
        tile.reduce sum %fragment_6 -> %fragment_2 dim 0 : !tile.buf<4x32xf32, fragment>, !tile.buf<32xf32, fragment>
        tile.parallel ins(%fragment_3, %fragment_2, %fragment_4 : !tile.buf<32xf32, fragment>, !tile.buf<32xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%fragment_3 : !tile.buf<32xf32, fragment>) {
        ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
          %2 = arith.subf %arg9, %arg10 : f32
          %3 = math.exp2 %2 : f32
          %4 = arith.addf %arg8, %3 : f32
          tile.yield %4 : f32
        }
      }
      tile.parallel ins(%fragment_3, %fragment_4 : !tile.buf<32xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%fragment_3 : !tile.buf<32xf32, fragment>) {
      ^bb0(%arg7: f32, %arg8: f32):
        %2 = math.log2 %arg7 : f32
        %3 = arith.addf %2, %arg8 : f32
        tile.yield %3 : f32
      }
      tile.pipelined %arg7 = %c0 to %c4 step %c1 stages 2 {
        %2 = arith.muli %arg3, %c32 : index
        tile.copy %arg5[%2, %arg7, %c0], %fragment {dims = array<i64: 0, 2>} : !tile.tensor<64x4x64xf32>, !tile.buf<32x64xf32, fragment>
        tile.parallel ins(%fragment_1 : !tile.buf<4x32xf32, fragment>) outs(%fragment_8 : !tile.buf<4x32xf32, fragment>) {
        ^bb0(%arg8: f32):
          %3 = tile.index 0 : index
          %4 = arith.cmpi eq, %3, %arg7 : index
          %cst = arith.constant 0.000000e+00 : f32
          %5 = arith.select %4, %arg8, %cst : f32
          tile.yield %5 : f32
        }
        tile.reduce sum %fragment_8 -> %fragment_7 dim 0 : !tile.buf<4x32xf32, fragment>, !tile.buf<32xf32, fragment>
        tile.parallel ins(%fragment_7 : !tile.buf<32xf32, fragment>) outs(%fragment_2 : !tile.buf<32xf32, fragment>) {
        ^bb0(%arg8: f32):
          tile.yield %arg8 : f32
        }
        tile.parallel ins(%fragment_2, %fragment_3 : !tile.buf<32xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%fragment_5 : !tile.buf<32xf32, fragment>) {
        ^bb0(%arg8: f32, %arg9: f32):
          %3 = arith.subf %arg8, %arg9 : f32
          %4 = math.exp2 %3 : f32
          tile.yield %4 : f32
        }
        tile.parallel ins(%fragment_0, %fragment, %fragment_5[d0] : !tile.buf<32x64xf32, fragment>, !tile.buf<32x64xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%fragment_0 : !tile.buf<32x64xf32, fragment>) {
        ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
          %3 = arith.mulf %arg9, %arg10 : f32
          %4 = arith.addf %arg8, %3 : f32
          tile.yield %4 : f32
        }
      }
      %1 = arith.muli %arg3, %c32 : index
      tile.copy %fragment_0, %arg6[%1, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
    }
    return
  }
}

