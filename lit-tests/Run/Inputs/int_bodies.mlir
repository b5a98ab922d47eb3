// i32 bodies (issue 33): arithmetic, min/max, comparisons combined with or,
// a select of i32 values, and conversions both ways between i32 and f32.
func.func @ints(%A: !tile.tensor<64x128xi32>, %B: !tile.tensor<64x128xi32>,
                %X: !tile.tensor<64x128xf32>,
                %Y: !tile.tensor<64x128xi32>, %Z: !tile.tensor<64x128xf32>) {
  tile.kernel grid [2, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x128xi32>, %b = %B : !tile.tensor<64x128xi32>, %x = %X : !tile.tensor<64x128xf32>, %y = %Y : !tile.tensor<64x128xi32>, %z = %Z : !tile.tensor<64x128xf32>) {
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    %c = arith.muli %by, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %y_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    %z_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%r, %c], %a_s : !tile.tensor<64x128xi32>, !tile.buf<32x32xi32, shared>
    tile.copy %b[%r, %c], %b_s : !tile.tensor<64x128xi32>, !tile.buf<32x32xi32, shared>
    tile.copy %x[%r, %c], %x_s : !tile.tensor<64x128xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %b_s, %x_s : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xi32, shared>, !tile.buf<32x32xf32, shared>) outs(%y_l, %z_l : !tile.buf<32x32xi32, fragment>, !tile.buf<32x32xf32, fragment>) {
    ^bb0(%i: i32, %j: i32, %f: f32):
      %three = arith.constant 3 : i32
      %s = arith.addi %i, %j : i32
      %d = arith.subi %i, %j : i32
      %p = arith.muli %d, %three : i32
      %m = arith.maxsi %s, %p : i32
      %lt = arith.cmpi slt, %i, %j : i32
      %eq = arith.cmpi eq, %i, %j : i32
      %any = arith.ori %lt, %eq : i1
      %n = arith.minsi %i, %j : i32
      %sel = arith.select %any, %m, %n : i32
      %g = arith.fptosi %f : f32 to i32
      %out = arith.addi %sel, %g : i32
      %fl = arith.sitofp %d : i32 to f32
      %pos = arith.cmpf ogt, %f, %fl : f32
      %h = arith.select %pos, %f, %fl : f32
      tile.yield %out, %h : i32, f32
    }
    tile.copy %y_l, %y[%r, %c] : !tile.buf<32x32xi32, fragment>, !tile.tensor<64x128xi32>
    tile.copy %z_l, %z[%r, %c] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x128xf32>
  }
  return
}
