// Column sums of each 16-row block of A @ B (a kernel of our own written in
// TileLang's style): the sums combine a block's rows, so its blocks are not
// merged; A's block and the accumulator are padded to 32 rows (the rows of
// M: the padding stays in padding rows) and the reduction skips them.
func.func @colsums(%A: !tile.tensor<64x64xbf16>, %B: !tile.tensor<64x64xbf16>, %Out: !tile.tensor<4x64xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%A = %A : !tile.tensor<64x64xbf16>, %B = %B : !tile.tensor<64x64xbf16>, %Out = %Out : !tile.tensor<4x64xf32>) {
    %a = tile.alloc : !tile.buf<16x64xbf16, shared>
    %b = tile.alloc : !tile.buf<64x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<16x64xf32, fragment>
    %s = tile.alloc : !tile.buf<64xf32, fragment>
    %c16 = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %idx = arith.muli %bx, %c16 : index
    tile.copy %A[%idx, %c0], %a : !tile.tensor<64x64xbf16>, !tile.buf<16x64xbf16, shared>
    tile.copy %B[%c0, %c0], %b : !tile.tensor<64x64xbf16>, !tile.buf<64x64xbf16, shared>
    tile.clear %acc : !tile.buf<16x64xf32, fragment>
    tile.gemm %a, %b, %acc : !tile.buf<16x64xbf16, shared>, !tile.buf<64x64xbf16, shared>, !tile.buf<16x64xf32, fragment>
    tile.reduce sum %acc -> %s dim 0 : !tile.buf<16x64xf32, fragment>, !tile.buf<64xf32, fragment>
    tile.copy %s, %Out[%bx, %c0] : !tile.buf<64xf32, fragment>, !tile.tensor<4x64xf32>
  }
  return
}
