// tile-lower-compute on tile ops inside scf.if: a buffer a branch writes and
// the code after the if reads is in its home CB before the if (here the
// fill, packed) and at the end of the branch (the new version replaces the
// old one there), so both ways out leave one version waited in c_24; the
// input block is popped after the if, which is its last use. (Canonicalize
// and CSE only tidy the output; they drop the empty else.)
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @branch
// CHECK: cb.wait_front %[[IN:.*]], 2 {tt.role = "compute"}
// CHECK: %[[LOW:.*]] = arith.cmpi ult
// The fill goes home before the if.
// CHECK: cb.reserve_back %[[HOME:.*]], 2 {tt.role = "compute"}
// CHECK: tt.fill_tile_bitcast
// CHECK: cb.push_back %[[HOME]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.wait_front %[[HOME]], 2 {tt.role = "compute"}
// The branch writes the next version into the home and pops the old one.
// CHECK-NEXT: scf.if %[[LOW]] {
// CHECK-NEXT: cb.reserve_back %[[HOME]], 2 {tt.role = "compute"}
// CHECK: tt.mul_unary_tile
// CHECK: cb.push_back %[[HOME]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %[[HOME]], 2 {tt.role = "compute"}
// CHECK-NEXT: cb.wait_front %[[HOME]], 2 {tt.role = "compute"}
// CHECK-NEXT: }
// CHECK-NEXT: cb.pop_front %[[IN]], 2 {tt.role = "compute"}
// After the if, the output copy reads the home on either path.
// CHECK: tt.copy_tile %{{.*}} cb(24) dst(0)
// CHECK: cb.pop_front %[[HOME]], 2 {tt.role = "compute"}
func.func @branch(%X: !tile.tensor<128x64xf32>, %Y: !tile.tensor<128x64xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%x = %X : !tile.tensor<128x64xf32>, %y = %Y : !tile.tensor<128x64xf32>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %row = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %t = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%row, %c0], %s : !tile.tensor<128x64xf32>, !tile.buf<32x64xf32, shared>
    tile.fill %t, %one : !tile.buf<32x64xf32, fragment>, f32
    %low = arith.cmpi ult, %bx, %c2 : index
    scf.if %low {
      tile.parallel ins(%s : !tile.buf<32x64xf32, shared>) outs(%t : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<128x64xf32>
  }
  return
}
