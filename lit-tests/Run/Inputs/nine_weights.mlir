// x * w0[j] * ... * w8[j] over 8 blocks: nine weight vectors the same for every block.
func.func @nine_weights(%X: !tile.tensor<256x128xbf16>, %W0: !tile.tensor<128xbf16>, %W1: !tile.tensor<128xbf16>, %W2: !tile.tensor<128xbf16>, %W3: !tile.tensor<128xbf16>, %W4: !tile.tensor<128xbf16>, %W5: !tile.tensor<128xbf16>, %W6: !tile.tensor<128xbf16>, %W7: !tile.tensor<128xbf16>, %W8: !tile.tensor<128xbf16>, %Y: !tile.tensor<256x128xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%x = %X : !tile.tensor<256x128xbf16>, %w0 = %W0 : !tile.tensor<128xbf16>, %w1 = %W1 : !tile.tensor<128xbf16>, %w2 = %W2 : !tile.tensor<128xbf16>, %w3 = %W3 : !tile.tensor<128xbf16>, %w4 = %W4 : !tile.tensor<128xbf16>, %w5 = %W5 : !tile.tensor<128xbf16>, %w6 = %W6 : !tile.tensor<128xbf16>, %w7 = %W7 : !tile.tensor<128xbf16>, %w8 = %W8 : !tile.tensor<128xbf16>, %y = %Y : !tile.tensor<256x128xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x128xbf16, shared>
    tile.copy %x[%row, %c0], %x_s : !tile.tensor<256x128xbf16>, !tile.buf<32x128xbf16, shared>
    %w0_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w0[%c0], %w0_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w1_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w1[%c0], %w1_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w2_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w2[%c0], %w2_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w3_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w3[%c0], %w3_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w4_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w4[%c0], %w4_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w5_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w5[%c0], %w5_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w6_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w6[%c0], %w6_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w7_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w7[%c0], %w7_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %w8_s = tile.alloc : !tile.buf<128xbf16, shared>
    tile.copy %w8[%c0], %w8_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    %o = tile.alloc : !tile.buf<32x128xbf16, shared>
    tile.parallel ins(%x_s, %w0_s[d1], %w1_s[d1], %w2_s[d1], %w3_s[d1], %w4_s[d1], %w5_s[d1], %w6_s[d1], %w7_s[d1], %w8_s[d1] : !tile.buf<32x128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>, !tile.buf<128xbf16, shared>) outs(%o : !tile.buf<32x128xbf16, shared>) {
    ^bb0(%v: bf16, %u0: bf16, %u1: bf16, %u2: bf16, %u3: bf16, %u4: bf16, %u5: bf16, %u6: bf16, %u7: bf16, %u8: bf16):
      %p0 = arith.mulf %v, %u0 : bf16
      %p1 = arith.mulf %p0, %u1 : bf16
      %p2 = arith.mulf %p1, %u2 : bf16
      %p3 = arith.mulf %p2, %u3 : bf16
      %p4 = arith.mulf %p3, %u4 : bf16
      %p5 = arith.mulf %p4, %u5 : bf16
      %p6 = arith.mulf %p5, %u6 : bf16
      %p7 = arith.mulf %p6, %u7 : bf16
      %p8 = arith.mulf %p7, %u8 : bf16
      tile.yield %p8 : bf16
    }
    tile.copy %o, %y[%row, %c0] : !tile.buf<32x128xbf16, shared>, !tile.tensor<256x128xbf16>
  }
  return
}
