// tile-fuse-elementwise folds a tile.parallel into the tile.parallel that
// is the only reader of its output; the compute kernel then has no L1
// round trip. Unfused, the intermediate buffer gets a home CB (c_24) that
// the first op packs into and the second unpacks from.
// RUN: tilt-opt --split-input-file --tile-fuse-elementwise %s | FileCheck %s --check-prefix=FUSED
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s | FileCheck %s --check-prefix=UNFUSED
// RUN: tilt-opt --split-input-file -p 'builtin.module(tile-fuse-elementwise,func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s | FileCheck %s --check-prefix=LOWERED

// exp(x - m[i]) * 2 then a row-broadcast add: the chain becomes one op
// whose inputs keep their indexing.
// FUSED-LABEL: func.func @chain
// FUSED: tile.parallel ins(%{{.*}}, %{{.*}}[d0], %{{.*}}[d1] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, shared>, !tile.buf<64xf32, shared>) outs(%{{.*}} : !tile.buf<32x64xf32, fragment>)
// FUSED: math.exp
// FUSED: arith.addf
// FUSED-NEXT: tile.yield
// FUSED-NOT: tile.parallel
// UNFUSED-LABEL: func.func @chain
// UNFUSED: cb.alloc 24 : !cb.cb<f32, page_size = 4096, pages = 2>
// UNFUSED: tt.exp_tile
// UNFUSED: tt.pack_tile cb(24)
// f32 arithmetic is on the SFPU (exact in an fp32 DST): the broadcast
// operand comes into DST by unary_bcast. A tile's ops switch the
// unpacker between copy_tile and unary_bcast, so two tiles are computed
// together, op by op (one init serves both once tt-hoist-inits drops the
// repeats).
// UNFUSED: tt.copy_tile %{{.*}} cb(24) dst(0)
// UNFUSED: tt.copy_tile %{{.*}} cb(24) dst(1)
// UNFUSED: tt.unary_bcast %{{.*}} cb(25) dst(2) dim(row)
// UNFUSED: tt.unary_bcast %{{.*}} cb(25) dst(3) dim(row)
// UNFUSED: tt.add_binary_tile dst(0, 2, 0)
// UNFUSED: tt.add_binary_tile dst(1, 3, 1)
// LOWERED-LABEL: func.func @chain
// The only scratch CB: the row vector, transposed.
// LOWERED: cb.alloc 24 : !cb.cb<f32, page_size = 4096, pages = 2>
// LOWERED-NOT: cb.alloc 25
// The column vector m[i] is the same tile for both tiles of a row: it is
// read into DST once and serves both.
// LOWERED: tt.copy_tile %{{.*}} cb(0) dst(0)
// LOWERED: tt.copy_tile %{{.*}} cb(0) dst(1)
// LOWERED: tt.unary_bcast %{{.*}} cb(1) dst(2) dim(col)
// LOWERED-NOT: tt.unary_bcast %{{.*}} cb(1)
// LOWERED: tt.sub_binary_tile dst(0, 2, 0)
// LOWERED-NEXT: tt.sub_binary_tile_init
// LOWERED-NEXT: tt.sub_binary_tile dst(1, 2, 1)
// LOWERED: tt.exp_tile
// LOWERED: tt.unary_bcast_init cb(24, 16) dim(row)
// LOWERED: tt.pack_tile cb(16)
func.func @chain(%X: !tile.tensor<32x64xf32>, %M: !tile.tensor<32xf32>, %N: !tile.tensor<64xf32>, %Y: !tile.tensor<32x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x64xf32>, %m = %M : !tile.tensor<32xf32>, %n = %N : !tile.tensor<64xf32>, %y = %Y : !tile.tensor<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.0 : f32
    %x_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %m_s = tile.alloc : !tile.buf<32xf32, shared>
    %n_s = tile.alloc : !tile.buf<64xf32, shared>
    %e_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    %y_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x64xf32>, !tile.buf<32x64xf32, shared>
    tile.copy %m[%c0], %m_s : !tile.tensor<32xf32>, !tile.buf<32xf32, shared>
    tile.copy %n[%c0], %n_s : !tile.tensor<64xf32>, !tile.buf<64xf32, shared>
    tile.parallel ins(%x_s, %m_s[d0] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, shared>) outs(%e_l : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%v: f32, %mv: f32):
      %d = arith.subf %v, %mv : f32
      %e = math.exp %d : f32
      %t = arith.mulf %e, %two : f32
      tile.yield %t : f32
    }
    tile.parallel ins(%e_l, %n_s[d1] : !tile.buf<32x64xf32, fragment>, !tile.buf<64xf32, shared>) outs(%y_l : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%ev: f32, %nv: f32):
      %s = arith.addf %ev, %nv : f32
      tile.yield %s : f32
    }
    tile.copy %y_l, %y[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
  }
  return
}

// -----

// The intermediate has a second reader: no fusion.
// FUSED-LABEL: func.func @two_readers
// FUSED-COUNT-2: tile.parallel
func.func @two_readers(%X: !tile.tensor<32x32xf32>, %Y: !tile.tensor<32x32xf32>, %Z: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x32xf32>, %y = %Y : !tile.tensor<32x32xf32>, %z = %Z : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %e_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%x_s : !tile.buf<32x32xf32, shared>) outs(%e_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%v: f32):
      %e = math.exp %v : f32
      tile.yield %e : f32
    }
    tile.parallel ins(%e_l : !tile.buf<32x32xf32, fragment>) outs(%y_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%v: f32):
      %n = arith.negf %v : f32
      tile.yield %n : f32
    }
    tile.copy %y_l, %y[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
    tile.copy %e_l, %z[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// Fused, the body could need 5 DST tiles (f32: the kernel has 4): the two
// ops stay apart, and each lowers.
// FUSED-LABEL: func.func @too_large
// FUSED-COUNT-2: tile.parallel
// LOWERED-LABEL: func.func @too_large
// LOWERED: tt.pack_tile cb(24)
// LOWERED: tt.pack_tile cb(16)
func.func @too_large(%X: !tile.tensor<32x32xf32>, %W: !tile.tensor<32x32xf32>, %Y: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x32xf32>, %w = %W : !tile.tensor<32x32xf32>, %y = %Y : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %w_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %e_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %w[%c0, %c0], %w_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%x_s : !tile.buf<32x32xf32, shared>) outs(%e_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%v: f32):
      %a = math.exp %v : f32
      %b = math.sqrt %v : f32
      %c = math.tanh %v : f32
      %d = math.absf %v : f32
      %q1 = arith.divf %c, %d : f32
      %q2 = arith.divf %b, %q1 : f32
      %q3 = arith.divf %a, %q2 : f32
      tile.yield %q3 : f32
    }
    tile.parallel ins(%w_s, %e_l : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>) outs(%y_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%u: f32, %e: f32):
      %r = arith.divf %u, %e : f32
      tile.yield %r : f32
    }
    tile.copy %y_l, %y[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A T.Parallel that only casts bf16 to f32 for a row sum (layer norm's
// mean) folds into the sum, which reads the bf16 buffer: the same values,
// unpacked exactly either way. A cast another op also reads stays.
// FUSED-LABEL: func.func @cast_into_sum
// FUSED: %[[X:.*]] = tile.alloc : !tile.buf<32x64xbf16, shared>
// FUSED-NOT: tile.parallel
// FUSED: tile.reduce sum %[[X]] -> %{{.*}} dim 1 : !tile.buf<32x64xbf16, shared>, !tile.buf<32xf32, fragment>
// FUSED-LABEL: func.func @cast_read_twice
// FUSED: tile.parallel
// FUSED: tile.reduce sum %{{.*}} -> %{{.*}} dim 1 : !tile.buf<32x64xf32, fragment>, !tile.buf<32xf32, fragment>
func.func @cast_into_sum(%X: !tile.tensor<32x64xbf16>, %S: !tile.tensor<32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x64xbf16>, %s = %S : !tile.tensor<32xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %w_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    %s_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.parallel ins(%x_s : !tile.buf<32x64xbf16, shared>) outs(%w_l : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%v: bf16):
      %w = arith.extf %v : bf16 to f32
      tile.yield %w : f32
    }
    tile.reduce sum %w_l -> %s_l dim 1 : !tile.buf<32x64xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.copy %s_l, %s[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
  }
  return
}

func.func @cast_read_twice(%X: !tile.tensor<32x64xbf16>, %S: !tile.tensor<32xf32>, %Y: !tile.tensor<32x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x64xbf16>, %s = %S : !tile.tensor<32xf32>, %y = %Y : !tile.tensor<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %w_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    %s_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.parallel ins(%x_s : !tile.buf<32x64xbf16, shared>) outs(%w_l : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%v: bf16):
      %w = arith.extf %v : bf16 to f32
      tile.yield %w : f32
    }
    tile.reduce sum %w_l -> %s_l dim 1 : !tile.buf<32x64xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.copy %s_l, %s[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
    tile.copy %w_l, %y[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
  }
  return
}
