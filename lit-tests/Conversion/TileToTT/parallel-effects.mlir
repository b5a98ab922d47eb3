// An op in a tile.parallel body that feeds no output is dropped by the
// lowering when it is pure (as canonicalize would drop it), and reported
// when it may have effects: nothing the user wrote is silently lost.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s

// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @effect(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %t = arith.constant dense<1.0> : tensor<4xf32>
      %e = math.exp %t : tensor<4xf32>
      // expected-error@+1 {{this op feeds no output of the tile.parallel and may have effects: the lowering would drop it}}
      "test.keep"(%e) : (tensor<4xf32>) -> ()
      %s = math.exp %x : f32
      tile.yield %s : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// Pure ops that feed nothing (tensor arith and math included) go away.
func.func @dead(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %t = arith.constant dense<1.0> : tensor<4xf32>
      %e = math.exp %t : tensor<4xf32>
      %s = math.exp %x : f32
      tile.yield %s : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
