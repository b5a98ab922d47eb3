// Element indices as numbers (issue 33): an ALiBi-style bias slope * (col -
// row) in bf16 (f32 values), and an i32 column index chosen by a select.
func.func @iota(%A: !tile.tensor<64x128xbf16>, %X: !tile.tensor<64x128xf32>, %Y: !tile.tensor<64x128xbf16>, %I: !tile.tensor<64x128xi32>) {
  tile.kernel grid [2, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x128xbf16>, %x = %X : !tile.tensor<64x128xf32>, %y = %Y : !tile.tensor<64x128xbf16>, %idx = %I : !tile.tensor<64x128xi32>) {
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    %c = arith.muli %by, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %y_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%r, %c], %a_s : !tile.tensor<64x128xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xbf16, shared>) outs(%y_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%v: bf16):
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      %row = arith.addi %r, %i : index
      %col = arith.addi %c, %j : index
      %d = arith.subi %col, %row : index
      %di = arith.index_cast %d : index to i32
      %df = arith.sitofp %di : i32 to bf16
      %slope = arith.constant 0.125 : bf16
      %bias = arith.mulf %df, %slope : bf16
      %s = arith.addf %v, %bias : bf16
      tile.yield %s : bf16
    }
    tile.copy %y_l, %y[%r, %c] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<64x128xbf16>
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %i_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    tile.copy %x[%r, %c], %x_s : !tile.tensor<64x128xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%x_s : !tile.buf<32x32xf32, shared>) outs(%i_l : !tile.buf<32x32xi32, fragment>) {
    ^bb0(%v: f32):
      %j = tile.index 1 : index
      %col = arith.addi %c, %j : index
      %ci = arith.index_cast %col : index to i32
      %zero = arith.constant 0.0 : f32
      %pos = arith.cmpf ogt, %v, %zero : f32
      %m1 = arith.constant -1 : i32
      %s = arith.select %pos, %ci, %m1 : i32
      tile.yield %s : i32
    }
    tile.copy %i_l, %idx[%r, %c] : !tile.buf<32x32xi32, fragment>, !tile.tensor<64x128xi32>
  }
  return
}
