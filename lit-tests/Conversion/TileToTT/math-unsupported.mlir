// The math ops without a Tenstorrent tile form (all but exp, exp2, log,
// log2, sqrt, rsqrt, tanh, erf and absf) are reported at the op, with a
// note at the tile.parallel, whatever their results.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s

// One float result.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @sin(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      // expected-error@+1 {{'math.sin' has no Tenstorrent tile equivalent}}
      %s = math.sin %x : f32
      tile.yield %s : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// Two results.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @sincos(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      // expected-error@+1 {{'math.sincos' has no Tenstorrent tile equivalent}}
      %s, %k = math.sincos %x : f32
      tile.yield %k : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// An integer operand.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @fpowi(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : i32
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      // expected-error@+1 {{'math.fpowi' has no Tenstorrent tile equivalent}}
      %p = math.fpowi %x, %c3 : f32, i32
      tile.yield %p : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
