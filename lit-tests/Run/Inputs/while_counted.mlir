// A while loop whose condition reads a tensor element (`while n < counts[bx]`)
// and carries two integers, one of them the column of the next copy, which
// an `if` on the trip number advances by 64 or 128 (scf.if with a result).
// Written by the Python frontend from a TileLang kernel of our own.
func.func @by_count(%X: !tile.tensor<128x256xf32>, %counts: !tile.tensor<4xi32>, %Y: !tile.tensor<128x256xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%X = %X : !tile.tensor<128x256xf32>, %counts = %counts : !tile.tensor<4xi32>, %Y = %Y : !tile.tensor<128x256xf32>) {
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %t = tile.alloc : !tile.buf<32x64xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %cst = arith.constant 2.0 : f32
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %carried:2 = scf.while (%col = %c0, %n = %c0) : (index, index) -> (index, index) {
      %counts_elem = tile.load %counts[%bx] : !tile.tensor<4xi32>
      %idx = arith.index_cast %counts_elem : i32 to index
      %cond = arith.cmpi slt, %n, %idx : index
      scf.condition(%cond) %col, %n : index, index
    } do {
    ^bb0(%col_1: index, %n_1: index):
      %idx_1 = arith.muli %bx, %c32 : index
      tile.copy %X[%idx_1, %col_1], %s : !tile.tensor<128x256xf32>, !tile.buf<32x64xf32, shared>
      tile.parallel ins(%s : !tile.buf<32x64xf32, shared>) outs(%t : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%s_v: f32):
        %v = arith.mulf %s_v, %cst : f32
        %v_1 = arith.index_cast %n_1 : index to i32
        %v_2 = arith.sitofp %v_1 : i32 to f32
        %v_3 = arith.addf %v, %v_2 : f32
        tile.yield %v_3 : f32
      }
      %idx_2 = arith.muli %bx, %c32 : index
      tile.copy %t, %Y[%idx_2, %col_1] : !tile.buf<32x64xf32, fragment>, !tile.tensor<128x256xf32>
      %idx_3 = arith.addi %n_1, %c1 : index
      %idx_4 = arith.remsi %idx_3, %c2 : index
      %cond_1 = arith.cmpi eq, %idx_4, %c0 : index
      %branch = scf.if %cond_1 -> (index) {
        %idx_5 = arith.addi %col_1, %c64 : index
        scf.yield %idx_5 : index
      } else {
        %idx_6 = arith.addi %col_1, %c128 : index
        scf.yield %idx_6 : index
      }
      scf.yield %branch, %idx_3 : index, index
    }
  }
  return
}

