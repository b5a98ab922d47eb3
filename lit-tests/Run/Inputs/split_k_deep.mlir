// Split-K GEMM with a deep K: C (128x128 f32) += A (128x4096) x B (4096x128),
// blocks of 64x64, K split 8 ways (512 each, in steps of 64).
func.func @split_k_deep(%A: !tile.tensor<128x4096xbf16>, %B: !tile.tensor<4096x128xbf16>, %C: !tile.tensor<128x128xf32>) {
  tile.kernel grid [2, 2, 8] blocks(%bx, %by, %bz)
      args(%a = %A : !tile.tensor<128x4096xbf16>, %b = %B : !tile.tensor<4096x128xbf16>, %c = %C : !tile.tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    %base = arith.muli %bz, %c512 : index
    %a_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    %b_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %acc : !tile.buf<64x64xf32, fragment>
    tile.pipelined %k = %c0 to %c8 step %c1 stages 2 {
      %kk = arith.muli %k, %c64 : index
      %kp = arith.addi %base, %kk : index
      tile.copy %a[%row, %kp], %a_s : !tile.tensor<128x4096xbf16>, !tile.buf<64x64xbf16, shared>
      tile.copy %b[%kp, %col], %b_s : !tile.tensor<4096x128xbf16>, !tile.buf<64x64xbf16, shared>
      tile.gemm %a_s, %b_s, %acc : !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.atomic_add %acc, %c[%row, %col] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x128xf32>
  }
  return
}
