// A K loop whose trip count is an element of a tensor (issue 33): block bx
// sums the first counts[bx] K blocks of A*B. A count of 0 runs no trip and
// writes the cleared accumulator (zeros).
module {
  func.func @counted(%A: !tile.tensor<64x128xbf16>, %B: !tile.tensor<128x64xbf16>, %counts: !tile.tensor<2xi32>, %C: !tile.tensor<64x64xf32>) {
    tile.kernel grid [2, 1] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x128xbf16>, %b = %B : !tile.tensor<128x64xbf16>, %n = %counts : !tile.tensor<2xi32>, %c = %C : !tile.tensor<64x64xf32>) {
      %sa = tile.alloc : !tile.buf<32x32xbf16, shared>
      %sb = tile.alloc : !tile.buf<32x64xbf16, shared>
      %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %row = arith.muli %bx, %c32 : index
      %e = tile.load %n[%bx] : !tile.tensor<2xi32>
      %trips = arith.index_cast %e : i32 to index
      tile.clear %acc : !tile.buf<32x64xf32, fragment>
      scf.for %k = %c0 to %trips step %c1 {
        %col = arith.muli %k, %c32 : index
        tile.copy %a[%row, %col], %sa : !tile.tensor<64x128xbf16>, !tile.buf<32x32xbf16, shared>
        tile.copy %b[%col, %c0], %sb : !tile.tensor<128x64xbf16>, !tile.buf<32x64xbf16, shared>
        tile.gemm %sa, %sb, %acc : !tile.buf<32x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<32x64xf32, fragment>
      }
      tile.copy %acc, %c[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
    }
    return
  }
}
