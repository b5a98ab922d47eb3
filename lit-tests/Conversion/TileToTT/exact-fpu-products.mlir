// In an fp32 DST without TF32, f32 arithmetic runs on the SFPU; an f32
// product of two bf16 or f16 tiles is exact on the FPU at HiFi4 and runs
// there, and (x * s[i]) * w[j] with s f32 is regrouped as (x * w[j]) * s[i]
// (docs/pipeline.md, tile.parallel). Below HiFi4 the products stay on the
// SFPU.
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute{math-fidelity=HiFi2},canonicalize,cse))' %s | FileCheck %s --check-prefix=HIFI2

// CHECK-LABEL: func.func @regroup
// The weights, transposed into row vectors.
// CHECK: tt.transpose_wh_tile %{{.*}} cb(2) dst(0)
// CHECK: tt.pack_tile cb([[WT:[0-9]+]]) dst(0)
// x * w[j] on the FPU, then times s[i] on the SFPU.
// CHECK: tt.bcast_tiles %{{.*}}, %{{.*}} cb(0, [[WT]]) dst(0) type(mul) dim(row)
// CHECK: tt.bcast_tiles %{{.*}}, %{{.*}} cb(0, [[WT]]) dst(1) type(mul) dim(row)
// CHECK: tt.bcast_tiles %{{.*}}, %{{.*}} cb(0, [[WT]]) dst(2) type(mul) dim(row)
// CHECK: tt.unary_bcast %{{.*}} cb(1) dst(3) dim(col)
// CHECK: tt.mul_binary_tile dst(0, 3, 0)
// CHECK: tt.mul_binary_tile dst(1, 3, 1)
// CHECK: tt.mul_binary_tile dst(2, 3, 2)
// HIFI2-LABEL: func.func @regroup
// HIFI2-NOT: tt.bcast_tiles
// HIFI2: tt.copy_tile %{{.*}} cb(0) dst(0)
// HIFI2: tt.unary_bcast %{{.*}} cb(1) dst(2) dim(col)
// HIFI2: tt.mul_binary_tile dst(0, 2, 0)
// HIFI2-NOT: tt.bcast_tiles
func.func @regroup(%X: !tile.tensor<64x128xbf16>, %S: !tile.tensor<64xf32>, %W: !tile.tensor<128xbf16>, %Y: !tile.tensor<64x128xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x128xbf16>, %s = %S : !tile.tensor<64xf32>, %w = %W : !tile.tensor<128xbf16>, %y = %Y : !tile.tensor<64x128xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<64x128xbf16, shared>
    %s_s = tile.alloc : !tile.buf<64xf32, shared>
    %w_s = tile.alloc : !tile.buf<128xbf16, shared>
    %q = tile.alloc : !tile.buf<64x128xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<64x128xbf16>, !tile.buf<64x128xbf16, shared>
    tile.copy %s[%c0], %s_s : !tile.tensor<64xf32>, !tile.buf<64xf32, shared>
    tile.copy %w[%c0], %w_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    tile.parallel ins(%x_s, %s_s[d0], %w_s[d1] : !tile.buf<64x128xbf16, shared>, !tile.buf<64xf32, shared>, !tile.buf<128xbf16, shared>) outs(%q : !tile.buf<64x128xf32, fragment>) {
    ^bb0(%v: bf16, %t: f32, %u: bf16):
      %a = arith.extf %v : bf16 to f32
      %m = arith.mulf %a, %t : f32
      %b = arith.extf %u : bf16 to f32
      %r = arith.mulf %m, %b : f32
      tile.yield %r : f32
    }
    tile.copy %q, %y[%c0, %c0] : !tile.buf<64x128xf32, fragment>, !tile.tensor<64x128xf32>
  }
  return
}
