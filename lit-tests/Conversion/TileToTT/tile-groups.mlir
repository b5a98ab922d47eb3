// tile-lower-compute computes several tiles of a row per acquisition of
// DST when a tile's ops switch a unit's configuration (a copy_tile and a
// unary_bcast, or two SFPU ops): op by op over the tiles, so that after
// tt-hoist-inits one init serves them all. A column vector (%m[d0]) is the
// same tile for every tile of a row and is read into DST once for them.
// Groups that do not divide a row of tiles leave a smaller group at the
// end of each row (docs/pipeline.md, "Groups of tiles").
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s
// RUN: tilt-opt --split-input-file --tile-to-tt='grid=1x1' %s | FileCheck %s --check-prefix=HOISTED

// exp(x - m[i]) over 2 rows of 8 f32 tiles: the fp32 DST holds 4 tiles,
// three of x and the one of m, so each row is two groups of 3 and one of 2.
// CHECK-LABEL: func.func @shared_vector
// CHECK: %[[START:.*]] = arith.muli %{{.*}}, %c8_i32 : i32
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %c6 step %c3 {
// CHECK: tt.copy_tile %[[T0:.*]] cb(0) dst(0)
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(1)
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(2)
// CHECK: tt.unary_bcast %{{.*}} cb(1) dst(3) dim(col)
// CHECK-NOT: tt.unary_bcast
// CHECK: tt.sub_binary_tile dst(0, 3, 0)
// CHECK: tt.sub_binary_tile dst(1, 3, 1)
// CHECK: tt.sub_binary_tile dst(2, 3, 2)
// CHECK: tt.exp_tile dst(0)
// CHECK: tt.exp_tile dst(1)
// CHECK: tt.exp_tile dst(2)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.pack_tile cb(16) dst(1)
// CHECK-NEXT: tt.pack_tile cb(16) dst(2)
// CHECK: }
// The row's last two tiles.
// CHECK: %[[LAST:.*]] = arith.addi %[[START]], %c6_i32 : i32
// CHECK: tt.copy_tile %[[LAST]] cb(0) dst(0)
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(1)
// CHECK: tt.unary_bcast %{{.*}} cb(1) dst(2) dim(col)
// CHECK: tt.sub_binary_tile dst(0, 2, 0)
// CHECK: tt.sub_binary_tile dst(1, 2, 1)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.pack_tile cb(16) dst(1)
// After tt-hoist-inits, one init of each kind per group.
// HOISTED-LABEL: tt.program @shared_vector
// HOISTED: tt.copy_tile_init cb(0)
// HOISTED-NEXT: tt.copy_tile %{{.*}} cb(0) dst(0)
// HOISTED-NEXT: tt.copy_tile %{{.*}} cb(0) dst(1)
// HOISTED-NEXT: tt.copy_tile %{{.*}} cb(0) dst(2)
// HOISTED-NEXT: tt.unary_bcast_init
// HOISTED-NEXT: tt.unary_bcast
// HOISTED-NEXT: tt.sub_binary_tile_init
// HOISTED-NEXT: tt.sub_binary_tile dst(0, 3, 0)
// HOISTED-NEXT: tt.sub_binary_tile dst(1, 3, 1)
// HOISTED-NEXT: tt.sub_binary_tile dst(2, 3, 2)
// HOISTED-NEXT: tt.exp_tile_init
// HOISTED-NEXT: tt.exp_tile dst(0)
func.func @shared_vector(%X: !tile.tensor<64x256xf32>, %M: !tile.tensor<64xf32>, %Y: !tile.tensor<64x256xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x256xf32>, %m = %M : !tile.tensor<64xf32>, %y = %Y : !tile.tensor<64x256xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x256xf32, shared>
    %m_s = tile.alloc : !tile.buf<64xf32, shared>
    %e = tile.alloc : !tile.buf<64x256xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x256xf32>, !tile.buf<64x256xf32, shared>
    tile.copy %m[%c0], %m_s : !tile.tensor<64xf32>, !tile.buf<64xf32, shared>
    tile.parallel ins(%x_s, %m_s[d0] : !tile.buf<64x256xf32, shared>, !tile.buf<64xf32, shared>) outs(%e : !tile.buf<64x256xf32, fragment>) {
    ^bb0(%v: f32, %mv: f32):
      %d = arith.subf %v, %mv : f32
      %x2 = math.exp %d : f32
      tile.yield %x2 : f32
    }
    tile.copy %e, %y[%c0, %c0] : !tile.buf<64x256xf32, fragment>, !tile.tensor<64x256xf32>
  }
  return
}

// -----

// One op per tile (relu of a copy, one unit each): one tile per
// acquisition, the inits hoisted out of the loop instead.
// CHECK-LABEL: func.func @one_op
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4 step %c1 {
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: tt.relu_tile_init
// CHECK-NEXT: tt.relu_tile dst(0)
// CHECK-NOT: dst(1)
func.func @one_op(%X: !tile.tensor<32x128xf32>, %Y: !tile.tensor<32x128xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x128xf32>, %y = %Y : !tile.tensor<32x128xf32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %x_s = tile.alloc : !tile.buf<32x128xf32, shared>
    %r = tile.alloc : !tile.buf<32x128xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x128xf32>, !tile.buf<32x128xf32, shared>
    tile.parallel ins(%x_s : !tile.buf<32x128xf32, shared>) outs(%r : !tile.buf<32x128xf32, fragment>) {
    ^bb0(%v: f32):
      %m = arith.maximumf %v, %zero : f32
      tile.yield %m : f32
    }
    tile.copy %r, %y[%c0, %c0] : !tile.buf<32x128xf32, fragment>, !tile.tensor<32x128xf32>
  }
  return
}

// -----

// bf16 tiles in a 16-bit DST (8 tiles): x * y + x on the FPU, mul_tiles
// then binary_dest_reuse_tiles for the add (two unpacker inits per tile).
// One DST tile per tile: a whole row of 4 tiles per acquisition.
// CHECK-LABEL: func.func @bf16
// CHECK: scf.for %{{.*}} = %{{.*}} to %c8 step %c4 {
// CHECK-COUNT-4: tt.mul_tiles %
// CHECK-COUNT-4: tt.binary_dest_reuse_tiles %
// CHECK-COUNT-4: tt.pack_tile cb(16)
func.func @bf16(%X: !tile.tensor<64x128xbf16>, %Y: !tile.tensor<64x128xbf16>, %Z: !tile.tensor<64x128xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x128xbf16>, %y = %Y : !tile.tensor<64x128xbf16>, %z = %Z : !tile.tensor<64x128xbf16>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x128xbf16, shared>
    %y_s = tile.alloc : !tile.buf<64x128xbf16, shared>
    %r = tile.alloc : !tile.buf<64x128xbf16, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x128xbf16>, !tile.buf<64x128xbf16, shared>
    tile.copy %y[%c0, %c0], %y_s : !tile.tensor<64x128xbf16>, !tile.buf<64x128xbf16, shared>
    tile.parallel ins(%x_s, %y_s : !tile.buf<64x128xbf16, shared>, !tile.buf<64x128xbf16, shared>) outs(%r : !tile.buf<64x128xbf16, fragment>) {
    ^bb0(%a: bf16, %b: bf16):
      %p = arith.mulf %a, %b : bf16
      %s = arith.addf %p, %a : bf16
      tile.yield %s : bf16
    }
    tile.copy %r, %z[%c0, %c0] : !tile.buf<64x128xbf16, fragment>, !tile.tensor<64x128xbf16>
  }
  return
}
