// Unsigned comparisons of i32 tiles (lit-tests/Run/int-bodies.test): the
// SFPU compares signed, so the lowering flips both sign bits first (a <u b
// exactly when a ^ 2^31 <s b ^ 2^31). Negative words are large unsigned.
func.func @unsigned_compare(%A: !tile.tensor<64x64xi32>, %B: !tile.tensor<64x64xi32>, %C: !tile.tensor<64x64xi32>) {
  tile.kernel grid [2, 2] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x64xi32>, %b = %B : !tile.tensor<64x64xi32>, %c = %C : !tile.tensor<64x64xi32>) {
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    tile.copy %a[%row, %col], %a_s : !tile.tensor<64x64xi32>, !tile.buf<32x32xi32, shared>
    tile.copy %b[%row, %col], %b_s : !tile.tensor<64x64xi32>, !tile.buf<32x32xi32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xi32, shared>) outs(%c_l : !tile.buf<32x32xi32, fragment>) {
    ^bb0(%x: i32, %y: i32):
      %lt = arith.cmpi ult, %x, %y : i32
      %ge = arith.cmpi uge, %x, %y : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %zero = arith.constant 0 : i32
      %p = arith.select %lt, %one, %zero : i32
      %q = arith.select %ge, %two, %zero : i32
      %r = arith.addi %p, %q : i32
      tile.yield %r : i32
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<32x32xi32, fragment>, !tile.tensor<64x64xi32>
  }
  return
}
