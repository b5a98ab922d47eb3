// tile-coarsen: the blocks a core would run side by side become one block.
// RUN: tilt-opt --split-input-file --tile-coarsen='grid=2x2' %s | FileCheck %s

// A 4x4 grid of 64x64 GEMM blocks on 2x2 cores: 2x2 blocks per core merge
// into one 128x128 block; A grows along M, B along N, C along both; the K
// extent stays.
// CHECK-LABEL: func.func @gemm
// CHECK: tile.kernel grid [2, 2] blocks(%[[BX:.*]], %[[BY:.*]]) args({{.*}}) attributes {tile.coarsened = array<i64: 2, 2>}
// CHECK-DAG: %[[SX:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK-DAG: %[[SY:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK-DAG: tile.alloc : !tile.buf<128x32xbf16, shared>
// CHECK-DAG: tile.alloc : !tile.buf<32x128xbf16, shared>
// CHECK-DAG: tile.alloc : !tile.buf<128x128xf32, fragment>
// CHECK-DAG: tile.alloc : !tile.buf<128xf32, shared>
// CHECK: %[[ROW:.*]] = arith.muli %[[SY]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.muli %[[SX]], %{{.*}} : index
// CHECK: tile.copy %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} : {{.*}}, !tile.buf<128x32xbf16, shared>
// CHECK: tile.gemm {{.*}} : !tile.buf<128x32xbf16, shared>, !tile.buf<32x128xbf16, shared>, !tile.buf<128x128xf32, fragment>
// CHECK: tile.parallel ins(%{{.*}}, %{{.*}}[d1] : !tile.buf<128x128xf32, fragment>, !tile.buf<128xf32, shared>)
// CHECK: tile.copy %{{.*}}, %{{.*}}[%[[ROW]], %[[COL]]] : !tile.buf<128x128xf32, fragment>
func.func @gemm(%A: !tile.tensor<256x128xbf16>, %B: !tile.tensor<128x256xbf16>,
                %bias: !tile.tensor<256xf32>, %C: !tile.tensor<256x256xf32>) {
  tile.kernel grid [4, 4] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<256x128xbf16>, %b = %B : !tile.tensor<128x256xbf16>,
           %v = %bias : !tile.tensor<256xf32>, %c = %C : !tile.tensor<256x256xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    %v_s = tile.alloc : !tile.buf<64xf32, shared>
    tile.clear %c_l : !tile.buf<64x64xf32, fragment>
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    tile.pipelined %k = %c0 to %c4 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<256x128xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %col], %b_s : !tile.tensor<128x256xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.copy %v[%col], %v_s : !tile.tensor<256xf32>, !tile.buf<64xf32, shared>
    tile.parallel ins(%c_l, %v_s[d1] : !tile.buf<64x64xf32, fragment>, !tile.buf<64xf32, shared>)
                  outs(%c_l : !tile.buf<64x64xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tile.yield %s : f32
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<64x64xf32, fragment>, !tile.tensor<256x256xf32>
  }
  return
}

// -----

// A row reduction depends on the block's extent: the kernel stays as it is.
// CHECK-LABEL: func.func @reduction
// CHECK: tile.kernel grid [4, 4]
// CHECK-NOT: tile.coarsened
func.func @reduction(%X: !tile.tensor<128x128xf32>, %Y: !tile.tensor<128x4xf32>) {
  tile.kernel grid [4, 4] blocks(%bx, %by)
      args(%x = %X : !tile.tensor<128x128xf32>, %y = %Y : !tile.tensor<128x4xf32>) {
    %c32 = arith.constant 32 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %r = tile.alloc : !tile.buf<32xf32, fragment>
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %c0 = arith.constant 0 : index
    %w_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %acc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %c0], %x_s : !tile.tensor<128x128xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %x[%c0, %col], %w_s : !tile.tensor<128x128xf32>, !tile.buf<32x32xf32, shared>
    tile.gemm %x_s, %w_s, %acc : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>
    tile.reduce sum %acc -> %r dim 1 : !tile.buf<32x32xf32, fragment>, !tile.buf<32xf32, fragment>
  }
  return
}

// -----

// A block index used other than as a copy offset: left alone.
// CHECK-LABEL: func.func @loop_bound
// CHECK: tile.kernel grid [4, 4]
// CHECK-NOT: tile.coarsened
func.func @loop_bound(%A: !tile.tensor<128x128xbf16>) {
  tile.kernel grid [4, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<128x128xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %row = arith.muli %by, %c32 : index
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    %col = arith.muli %bx, %c32 : index
    scf.for %k = %c0 to %bx step %c1 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<128x128xbf16>, !tile.buf<32x32xbf16, shared>
      tile.copy %a[%kk, %col], %b_s : !tile.tensor<128x128xbf16>, !tile.buf<32x32xbf16, shared>
      tile.gemm %a_s, %b_s, %acc : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    }
  }
  return
}

// -----

// 3x3 blocks do not divide over 2x2 cores: nothing to merge.
// CHECK-LABEL: func.func @uneven
// CHECK: tile.kernel grid [3, 3]
// CHECK-NOT: tile.coarsened
func.func @uneven(%A: !tile.tensor<96x96xbf16>) {
  tile.kernel grid [3, 3] blocks(%bx, %by) args(%a = %A : !tile.tensor<96x96xbf16>) {
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    tile.copy %a[%row, %col], %a_s : !tile.tensor<96x96xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// Elementwise blocks share nothing when merged: left alone.
// CHECK-LABEL: func.func @elementwise
// CHECK: tile.kernel grid [4, 4]
// CHECK-NOT: tile.coarsened
func.func @elementwise(%A: !tile.tensor<128x128xbf16>) {
  tile.kernel grid [4, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<128x128xbf16>) {
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    tile.copy %a[%row, %col], %a_s : !tile.tensor<128x128xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %a_s, %a[%row, %col] : !tile.buf<32x32xbf16, shared>, !tile.tensor<128x128xbf16>
  }
  return
}
