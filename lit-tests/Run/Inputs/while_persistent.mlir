// A persistent GEMM written with a while loop (issue 33): 5 programs walk
// the 12 C blocks, t = pid, pid + 5, ... while t < 12; the loop state is an
// int32 scalar variable (T.alloc_local((1,), T.int32), t[0]), carried by
// scf.while on every RISC-V of the core. Written by the Python frontend
// from a TileLang kernel of our own.
func.func @persistent(%A: !tile.tensor<128x128xbf16>, %B: !tile.tensor<128x96xbf16>, %C: !tile.tensor<128x96xf32>) {
  tile.kernel grid [5] blocks(%pid) args(%A = %A : !tile.tensor<128x128xbf16>, %B = %B : !tile.tensor<128x96xbf16>, %C = %C : !tile.tensor<128x96xf32>) {
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b = tile.alloc : !tile.buf<32x32xbf16, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    %c12 = arith.constant 12 : index
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c5 = arith.constant 5 : index
    %carried = scf.while (%t = %pid) : (index) -> (index) {
      %cond = arith.cmpi slt, %t, %c12 : index
      scf.condition(%cond) %t : index
    } do {
    ^bb0(%t_1: index):
      %idx = arith.floordivsi %t_1, %c3 : index
      %idx_1 = arith.remsi %t_1, %c3 : index
      tile.clear %acc : !tile.buf<32x32xf32, fragment>
      tile.pipelined %k = %c0 to %c4 step %c1 stages 2 {
        %idx_2 = arith.muli %idx, %c32 : index
        %idx_3 = arith.muli %k, %c32 : index
        tile.copy %A[%idx_2, %idx_3], %a : !tile.tensor<128x128xbf16>, !tile.buf<32x32xbf16, shared>
        %idx_4 = arith.muli %k, %c32 : index
        %idx_5 = arith.muli %idx_1, %c32 : index
        tile.copy %B[%idx_4, %idx_5], %b : !tile.tensor<128x96xbf16>, !tile.buf<32x32xbf16, shared>
        tile.gemm %a, %b, %acc : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
      }
      %idx_6 = arith.muli %idx, %c32 : index
      %idx_7 = arith.muli %idx_1, %c32 : index
      tile.copy %acc, %C[%idx_6, %idx_7] : !tile.buf<32x32xf32, fragment>, !tile.tensor<128x96xf32>
      %idx_8 = arith.addi %t_1, %c5 : index
      scf.yield %idx_8 : index
    }
  }
  return
}

