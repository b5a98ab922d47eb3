// Index conditions as 1.0 / 0.0 masks: a select between two computed values
// on an element index, and an index condition and-ed with one on values.
func.func @mixed(%A: !tile.tensor<64x128xf32>, %Y: !tile.tensor<64x128xf32>, %Z: !tile.tensor<64x128xf32>) {
  tile.kernel grid [2, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x128xf32>, %y = %Y : !tile.tensor<64x128xf32>, %z = %Z : !tile.tensor<64x128xf32>) {
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    %c = arith.muli %by, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %z_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%r, %c], %a_s : !tile.tensor<64x128xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%y_l, %z_l : !tile.buf<32x32xf32, fragment>, !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      %row = arith.addi %r, %i : index
      %col = arith.addi %c, %j : index
      %below = arith.cmpi sge, %row, %col : index
      %two = arith.constant 2.0 : f32
      %d = arith.mulf %x, %two : f32
      %e = math.exp %x : f32
      %s = arith.select %below, %d, %e : f32
      %zero = arith.constant 0.0 : f32
      %c100 = arith.constant 100 : index
      %near = arith.cmpi slt, %col, %c100 : index
      %pos = arith.cmpf ogt, %x, %zero : f32
      %both = arith.andi %pos, %near : i1
      %m = arith.select %both, %x, %zero : f32
      tile.yield %s, %m : f32, f32
    }
    tile.copy %y_l, %y[%r, %c] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x128xf32>
    tile.copy %z_l, %z[%r, %c] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x128xf32>
  }
  return
}
