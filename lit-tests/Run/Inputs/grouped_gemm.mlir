// A grouped GEMM (MoE style) of groups of 40, 100 and 64 rows, 64x64 weights
// per group, as the Python frontend writes python/test/test_grouped_gemm.py's
// kernel (blocks 32x64x32): the group index selected among the padded
// offsets, A read at the group's row offset, C written in the group's rows.
module {
  func.func @grouped_gemm(%arg0: !tile.tensor<204x64xbf16>, %arg1: !tile.tensor<3x64x64xbf16>, %arg2: !tile.tensor<3xi32>, %arg3: !tile.tensor<3xi32>, %arg4: !tile.tensor<3xi32>, %arg5: !tile.tensor<204x64xbf16>) {
    tile.kernel grid [8, 1] blocks(%arg6, %arg7) args(%arg8 = %arg0 : !tile.tensor<204x64xbf16>, %arg9 = %arg1 : !tile.tensor<3x64x64xbf16>, %arg10 = %arg2 : !tile.tensor<3xi32>, %arg11 = %arg3 : !tile.tensor<3xi32>, %arg12 = %arg4 : !tile.tensor<3xi32>, %arg13 = %arg5 : !tile.tensor<204x64xbf16>) {
      %shared = tile.alloc : !tile.buf<32x32xbf16, shared>
      %shared_0 = tile.alloc : !tile.buf<32x64xbf16, shared>
      %fragment = tile.alloc : !tile.buf<32x64xf32, fragment>
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %fragment_1 = tile.alloc : !tile.buf<32x64xbf16, fragment>
      %0 = arith.muli %arg6, %c32 : index
      %1 = tile.load %arg12[%c0] : !tile.tensor<3xi32>
      %2 = arith.index_cast %1 : i32 to index
      %3 = arith.cmpi sge, %0, %2 : index
      %4 = arith.select %3, %c0, %c0 : index
      %5 = tile.load %arg12[%c1] : !tile.tensor<3xi32>
      %6 = arith.index_cast %5 : i32 to index
      %7 = arith.cmpi sge, %0, %6 : index
      %8 = arith.select %7, %c1, %4 : index
      %9 = tile.load %arg12[%c2] : !tile.tensor<3xi32>
      %10 = arith.index_cast %9 : i32 to index
      %11 = arith.cmpi sge, %0, %10 : index
      %12 = arith.select %11, %c2, %8 : index
      %13 = tile.load %arg12[%12] : !tile.tensor<3xi32>
      %14 = arith.index_cast %13 : i32 to index
      %15 = arith.subi %0, %14 : index
      %16 = tile.load %arg11[%12] : !tile.tensor<3xi32>
      %17 = arith.index_cast %16 : i32 to index
      %18 = arith.addi %15, %17 : index
      %19 = tile.load %arg10[%12] : !tile.tensor<3xi32>
      %20 = arith.index_cast %19 : i32 to index
      %21 = tile.load %arg12[%12] : !tile.tensor<3xi32>
      %22 = arith.index_cast %21 : i32 to index
      %23 = arith.addi %20, %22 : index
      %24 = arith.subi %23, %0 : index
      %25 = arith.minsi %c32, %24 : index
      %26 = arith.maxsi %c0, %25 : index
      tile.clear %fragment : !tile.buf<32x64xf32, fragment>
      tile.pipelined %arg14 = %c0 to %c2 step %c1 stages 2 {
        %28 = arith.muli %arg14, %c32 : index
        tile.copy %arg8[%18, %28], %shared : !tile.tensor<204x64xbf16>, !tile.buf<32x32xbf16, shared>
        %29 = arith.muli %arg14, %c32 : index
        %30 = arith.muli %arg7, %c64 : index
        tile.copy %arg9[%12, %29, %30], %shared_0 : !tile.tensor<3x64x64xbf16>, !tile.buf<32x64xbf16, shared>
        tile.gemm %shared, %shared_0, %fragment : !tile.buf<32x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<32x64xf32, fragment>
      }
      tile.parallel ins(%fragment : !tile.buf<32x64xf32, fragment>) outs(%fragment_1 : !tile.buf<32x64xbf16, fragment>) {
      ^bb0(%arg14: f32):
        %28 = arith.truncf %arg14 : f32 to bf16
        tile.yield %28 : bf16
      }
      %27 = arith.muli %arg7, %c64 : index
      tile.copy %fragment_1, %arg13[%18, %27] rows %26 : !tile.buf<32x64xbf16, fragment>, !tile.tensor<204x64xbf16>
    }
    return
  }
}

