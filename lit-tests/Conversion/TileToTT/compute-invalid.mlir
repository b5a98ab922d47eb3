// tile-lower-compute rejects, at the op, what has no tile-level lowering.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s

// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @transpose_a(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %c_l : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{transpose_a is not supported: the matrix engine transposes only the tiles of the second operand; copy A untransposed}}
    tile.gemm %a_s, %a_s, %c_l transpose_a : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @not_cleared(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{the accumulator must be cleared (tile.clear) once, before its K loop}}
    tile.gemm %a_s, %a_s, %c_l : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @accumulator_reused(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %c_l : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{the accumulator is used by 'tile.parallel'; an accumulator may only be cleared, accumulated by one tile.gemm and copied to a global tensor}}
    tile.gemm %a_s, %a_s, %c_l : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{the inputs of tile.parallel must be buffers filled by copies from global tensors}}
    tile.parallel ins(%c_l : !tile.buf<32x32xf32, fragment>) outs(%d_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %e = math.exp %x : f32
      tile.yield %e : f32
    }
    tile.copy %d_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @no_tile_op(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      // expected-error@+1 {{'arith.divf' has no Tenstorrent tile equivalent (supported: addf, subf, mulf, negf, maximumf with 0.0, divf of 1.0, math exp, log, sqrt, rsqrt, tanh, absf)}}
      %d = arith.divf %x, %x : f32
      tile.yield %d : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// Eight nested SFPU subtractions need 5 DST tiles; fp32 accumulation has 4.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @dst_overflow(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-error@+1 {{the expression needs 5 DST tiles at once; the kernel has 4}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %e1 = math.exp %x : f32
      %e2 = math.log %x : f32
      %e3 = math.sqrt %x : f32
      %e4 = math.tanh %x : f32
      %e5 = math.absf %x : f32
      %e6 = math.rsqrt %x : f32
      %e7 = arith.negf %x : f32
      %e8 = math.exp %x : f32
      %e9 = math.log %x : f32
      %e10 = math.sqrt %x : f32
      %e11 = math.tanh %x : f32
      %e12 = math.absf %x : f32
      %e13 = math.rsqrt %x : f32
      %e14 = arith.negf %x : f32
      %e15 = math.exp %x : f32
      %e16 = math.log %x : f32
      %s1 = arith.subf %e1, %e2 : f32
      %s2 = arith.subf %e3, %e4 : f32
      %s3 = arith.subf %e5, %e6 : f32
      %s4 = arith.subf %e7, %e8 : f32
      %s5 = arith.subf %e9, %e10 : f32
      %s6 = arith.subf %e11, %e12 : f32
      %s7 = arith.subf %e13, %e14 : f32
      %s8 = arith.subf %e15, %e16 : f32
      %t1 = arith.subf %s1, %s2 : f32
      %t2 = arith.subf %s3, %s4 : f32
      %t3 = arith.subf %s5, %s6 : f32
      %t4 = arith.subf %s7, %s8 : f32
      %u1 = arith.subf %t1, %t2 : f32
      %u2 = arith.subf %t3, %t4 : f32
      %v = arith.subf %u1, %u2 : f32
      tile.yield %v : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @fill_runtime_value(%C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %v = arith.index_cast %bx : index to i32
    %f = arith.sitofp %v : i32 to f32
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{the fill value must be a constant}}
    tile.fill %c_l, %f : !tile.buf<32x32xf32, fragment>, f32
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
