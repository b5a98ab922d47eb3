// Split-K into a BSHD-layout output slice: C[b, rows, h, :] += partial.
func.func @bshd_split(%A: !tile.tensor<64x128xbf16>, %B: !tile.tensor<128x64xbf16>, %C: !tile.tensor<1x64x2x64xf32>) {
  tile.kernel grid [2, 2, 4] blocks(%bh, %by, %bz)
      args(%a = %A : !tile.tensor<64x128xbf16>, %b = %B : !tile.tensor<128x64xbf16>, %c = %C : !tile.tensor<1x64x2x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %k = arith.muli %bz, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.clear %acc : !tile.buf<32x64xf32, fragment>
    tile.copy %a[%row, %k], %a_s : !tile.tensor<64x128xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%k, %c0], %b_s : !tile.tensor<128x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.gemm %a_s, %b_s, %acc : !tile.buf<32x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<32x64xf32, fragment>
    tile.atomic_add %acc, %c[%c0, %row, %bh, %c0] {dims = array<i64: 1, 3>} : !tile.buf<32x64xf32, fragment>, !tile.tensor<1x64x2x64xf32>
  }
  return
}
