// Stream-K with TileLang's example's block shape (16-row C blocks): the
// blocks are padded to 32 rows (a gemm's A and accumulator rows are M's),
// A and C are stored row-major (blocks start at rows that are multiples of
// 16), and A's columns, computed from the loop state, are checked when the
// kernel runs. A kernel of our own, written by the Python frontend.
func.func @streamk(%A: !tile.tensor<64x256xbf16>, %B: !tile.tensor<256x128xbf16>, %C: !tile.tensor<64x128xf32>) {
  tile.kernel grid [5] blocks(%pid) args(%A = %A : !tile.tensor<64x256xbf16>, %B = %B : !tile.tensor<256x128xbf16>, %C = %C : !tile.tensor<64x128xf32>) {
    %a = tile.alloc : !tile.buf<16x32xbf16, shared>
    %b = tile.alloc : !tile.buf<32x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<16x64xf32, fragment>
    %c12 = arith.constant 12 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %C_out = tile.alloc : !tile.buf<16x64xf32, fragment>
    %idx = arith.muli %pid, %c12 : index
    %idx_1 = arith.minsi %pid, %c4 : index
    %idx_2 = arith.addi %idx, %idx_1 : index
    %idx_3 = arith.addi %pid, %c1 : index
    %idx_4 = arith.muli %idx_3, %c12 : index
    %idx_5 = arith.addi %pid, %c1 : index
    %idx_6 = arith.minsi %idx_5, %c4 : index
    %idx_7 = arith.addi %idx_4, %idx_6 : index
    %carried:2 = scf.while (%end_iter = %c0, %start_iter = %idx_2) : (index, index) -> (index, index) {
      %cond = arith.cmpi slt, %start_iter, %idx_7 : index
      scf.condition(%cond) %end_iter, %start_iter : index, index
    } do {
    ^bb0(%end_iter_1: index, %start_iter_1: index):
      %idx_8 = arith.remsi %start_iter_1, %c8 : index
      %idx_9 = arith.subi %c8, %idx_8 : index
      %idx_10 = arith.addi %start_iter_1, %idx_9 : index
      %idx_11 = arith.minsi %idx_10, %idx_7 : index
      %idx_12 = arith.floordivsi %start_iter_1, %c8 : index
      %idx_13 = arith.remsi %start_iter_1, %c8 : index
      %idx_14 = arith.floordivsi %idx_12, %c2 : index
      %idx_15 = arith.remsi %idx_12, %c2 : index
      tile.clear %acc : !tile.buf<16x64xf32, fragment>
      %idx_16 = arith.subi %idx_11, %start_iter_1 : index
      tile.pipelined %k = %c0 to %idx_16 step %c1 stages 2 {
        %idx_17 = arith.muli %idx_14, %c16 : index
        %idx_18 = arith.addi %k, %idx_13 : index
        %idx_19 = arith.muli %idx_18, %c32 : index
        tile.copy %A[%idx_17, %idx_19], %a : !tile.tensor<64x256xbf16>, !tile.buf<16x32xbf16, shared>
        %idx_20 = arith.addi %k, %idx_13 : index
        %idx_21 = arith.muli %idx_20, %c32 : index
        %idx_22 = arith.muli %idx_15, %c64 : index
        tile.copy %B[%idx_21, %idx_22], %b : !tile.tensor<256x128xbf16>, !tile.buf<32x64xbf16, shared>
        tile.gemm %a, %b, %acc : !tile.buf<16x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<16x64xf32, fragment>
      }
      %cond_1 = arith.cmpi eq, %idx_13, %c0 : index
      %idx_23 = arith.remsi %idx_11, %c8 : index
      %cond_2 = arith.cmpi eq, %idx_23, %c0 : index
      %cond_3 = arith.andi %cond_1, %cond_2 : i1
      scf.if %cond_3 {
        %idx_24 = arith.muli %idx_14, %c16 : index
        %idx_25 = arith.muli %idx_15, %c64 : index
        tile.copy %acc, %C[%idx_24, %idx_25] : !tile.buf<16x64xf32, fragment>, !tile.tensor<64x128xf32>
      } else {
        tile.parallel ins(%acc : !tile.buf<16x64xf32, fragment>) outs(%C_out : !tile.buf<16x64xf32, fragment>) {
        ^bb0(%acc_v: f32):
          tile.yield %acc_v : f32
        }
        %idx_26 = arith.muli %idx_14, %c16 : index
        %idx_27 = arith.muli %idx_15, %c64 : index
        tile.atomic_add %C_out, %C[%idx_26, %idx_27] : !tile.buf<16x64xf32, fragment>, !tile.tensor<64x128xf32>
      }
      scf.yield %idx_11, %idx_11 : index, index
    }
  }
  return
}

