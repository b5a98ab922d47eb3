// RUN: tilt-opt --load-pass-plugin=%tilt_lib/tutorial-fusion.so --tile-fuse-parallel --split-input-file --verify-diagnostics %s | FileCheck %s

// exp(a) then * b through %e: one tile.parallel, %e is gone.
// CHECK-LABEL: func.func @chain
// CHECK: tile.alloc : !tile.buf<32x32xf32, fragment>
// CHECK-NOT: tile.alloc
// CHECK: tile.parallel ins(%[[A:.*]], %[[B:.*]] : {{.*}}) outs(%[[D:.*]] : {{.*}}) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[E:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[E]], %[[Y]] : f32
// CHECK-NEXT: tile.yield %[[P]] : f32
// CHECK-NOT: tile.parallel
func.func @chain(%A: !tile.tensor<32x32xf32>, %B: !tile.tensor<32x32xf32>, %D: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %b = %B : !tile.tensor<32x32xf32>, %d = %D : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %e = tile.alloc : !tile.buf<32x32xf32, fragment>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%e : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = math.exp %x : f32
      tile.yield %r : f32
    }
    tile.parallel ins(%e, %b_s : !tile.buf<32x32xf32, fragment>, !tile.buf<32x32xf32, shared>) outs(%d_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %r = arith.mulf %x, %y : f32
      tile.yield %r : f32
    }
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// Three in a row become one: the pattern applies until nothing changes.
// CHECK-LABEL: func.func @three
// CHECK: tile.parallel ins(%{{.*}} : !tile.buf<32x32xf32, shared>) outs
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[E:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT: %[[T:.*]] = math.tanh %[[E]] : f32
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[T]] : f32
// CHECK-NEXT: tile.yield %[[S]] : f32
// CHECK-NOT: tile.parallel
func.func @three(%A: !tile.tensor<32x32xf32>, %D: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %d = %D : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %t1 = tile.alloc : !tile.buf<32x32xf32, fragment>
    %t2 = tile.alloc : !tile.buf<32x32xf32, fragment>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%t1 : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = math.exp %x : f32
      tile.yield %r : f32
    }
    tile.parallel ins(%t1 : !tile.buf<32x32xf32, fragment>) outs(%t2 : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = math.tanh %x : f32
      tile.yield %r : f32
    }
    tile.parallel ins(%t2 : !tile.buf<32x32xf32, fragment>) outs(%d_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = math.sqrt %x : f32
      tile.yield %r : f32
    }
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// The intermediate is also copied out: both loops stay, and a remark says
// why.
// CHECK-LABEL: func.func @also_stored
// CHECK-COUNT-2: tile.parallel
func.func @also_stored(%A: !tile.tensor<32x32xf32>, %D: !tile.tensor<32x32xf32>, %E: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %d = %D : !tile.tensor<32x32xf32>, %e_out = %E : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %e = tile.alloc : !tile.buf<32x32xf32, fragment>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%e : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = math.exp %x : f32
      tile.yield %r : f32
    }
    // expected-remark@+1 {{not fused with the tile.parallel that writes its input: the intermediate buffer is also used by 'tile.copy'}}
    tile.parallel ins(%e : !tile.buf<32x32xf32, fragment>) outs(%d_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = math.sqrt %x : f32
      tile.yield %r : f32
    }
    tile.copy %e, %e_out[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
