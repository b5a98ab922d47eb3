// x / v[i] by a column vector, in an fp32 DST, over two or more columns
// of tiles: the reciprocal of each vector tile is computed once into a
// scratch CB (recip_tile) and every output tile multiplies by it
// (mul_binary_tile). One column of tiles, or a 16-bit DST, keeps
// div_binary_tile (docs/pipeline.md, tile.parallel).
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// Softmax's last step: 2 rows of 4 f32 tiles over their row sums.
// CHECK-LABEL: func.func @row_sums
// The reciprocals: one per vector tile, into their own CB.
// CHECK: cb.reserve_back %[[R:cb[0-9]+]], 2 {tt.role = "compute"}
// CHECK: scf.for
// CHECK: tt.copy_tile %{{.*}} cb(1) dst(0)
// CHECK: tt.recip_tile_init
// CHECK-NEXT: tt.recip_tile dst(0)
// CHECK: tt.pack_tile cb([[RI:[0-9]+]]) dst(0)
// CHECK: cb.push_back %[[R]], 2
// The tile loop multiplies.
// CHECK: tt.unary_bcast %{{.*}} cb([[RI]]) dst(3) dim(col)
// CHECK-NOT: div_binary_tile
// CHECK: tt.mul_binary_tile dst(0, 3, 0)
// CHECK-NOT: div_binary_tile
// CHECK: cb.pop_front %[[R]], 2
func.func @row_sums(%X: !tile.tensor<64x128xf32>, %S: !tile.tensor<64xf32>, %Y: !tile.tensor<64x128xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x128xf32>, %s = %S : !tile.tensor<64xf32>, %y = %Y : !tile.tensor<64x128xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x128xf32, shared>
    %s_s = tile.alloc : !tile.buf<64xf32, shared>
    %q = tile.alloc : !tile.buf<64x128xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x128xf32>, !tile.buf<64x128xf32, shared>
    tile.copy %s[%c0], %s_s : !tile.tensor<64xf32>, !tile.buf<64xf32, shared>
    tile.parallel ins(%x_s, %s_s[d0] : !tile.buf<64x128xf32, shared>, !tile.buf<64xf32, shared>) outs(%q : !tile.buf<64x128xf32, fragment>) {
    ^bb0(%v: f32, %t: f32):
      %r = arith.divf %v, %t : f32
      tile.yield %r : f32
    }
    tile.copy %q, %y[%c0, %c0] : !tile.buf<64x128xf32, fragment>, !tile.tensor<64x128xf32>
  }
  return
}

// -----

// One column of tiles: a reciprocal per tile would cost more than the
// division.
// CHECK-LABEL: func.func @one_column
// CHECK-NOT: recip_tile
// CHECK: tt.div_binary_tile
func.func @one_column(%X: !tile.tensor<64x32xf32>, %S: !tile.tensor<64xf32>, %Y: !tile.tensor<64x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x32xf32>, %s = %S : !tile.tensor<64xf32>, %y = %Y : !tile.tensor<64x32xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x32xf32, shared>
    %s_s = tile.alloc : !tile.buf<64xf32, shared>
    %q = tile.alloc : !tile.buf<64x32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x32xf32>, !tile.buf<64x32xf32, shared>
    tile.copy %s[%c0], %s_s : !tile.tensor<64xf32>, !tile.buf<64xf32, shared>
    tile.parallel ins(%x_s, %s_s[d0] : !tile.buf<64x32xf32, shared>, !tile.buf<64xf32, shared>) outs(%q : !tile.buf<64x32xf32, fragment>) {
    ^bb0(%v: f32, %t: f32):
      %r = arith.divf %v, %t : f32
      tile.yield %r : f32
    }
    tile.copy %q, %y[%c0, %c0] : !tile.buf<64x32xf32, fragment>, !tile.tensor<64x32xf32>
  }
  return
}

// -----

// bf16 throughout: a 16-bit DST, where the reciprocal would be rounded to
// bf16 before the product.
// CHECK-LABEL: func.func @bf16_dst
// CHECK-NOT: recip_tile
// CHECK: tt.div_binary_tile
func.func @bf16_dst(%X: !tile.tensor<64x128xbf16>, %S: !tile.tensor<64xbf16>, %Y: !tile.tensor<64x128xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x128xbf16>, %s = %S : !tile.tensor<64xbf16>, %y = %Y : !tile.tensor<64x128xbf16>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x128xbf16, shared>
    %s_s = tile.alloc : !tile.buf<64xbf16, shared>
    %q = tile.alloc : !tile.buf<64x128xbf16, shared>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x128xbf16>, !tile.buf<64x128xbf16, shared>
    tile.copy %s[%c0], %s_s : !tile.tensor<64xbf16>, !tile.buf<64xbf16, shared>
    tile.parallel ins(%x_s, %s_s[d0] : !tile.buf<64x128xbf16, shared>, !tile.buf<64xbf16, shared>) outs(%q : !tile.buf<64x128xbf16, shared>) {
    ^bb0(%v: bf16, %t: bf16):
      %r = arith.divf %v, %t : bf16
      tile.yield %r : bf16
    }
    tile.copy %q, %y[%c0, %c0] : !tile.buf<64x128xbf16, shared>, !tile.tensor<64x128xbf16>
  }
  return
}
