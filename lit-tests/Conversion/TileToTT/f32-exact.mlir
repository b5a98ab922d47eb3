// f32 data stays f32 on the device: a kernel that holds f32 data on-core
// runs with an fp32 DST, a copy through a shared buffer unpacks straight
// into DST (UnpackToDestFp32), and f32 add/sub/mul run on the SFPU, whose
// binary ops are exact in an fp32 DST. With allow-tf32 they run on the FPU,
// whose source registers keep TF32's 10-bit mantissa.
// RUN: tilt-opt --split-input-file --tile-to-tt='grid=1x1' %s | FileCheck %s
// RUN: tilt-opt --split-input-file --tile-to-tt='grid=1x1 allow-tf32=true' %s | FileCheck %s --check-prefix=TF32

// A copy in and out of a shared buffer: no 16-bit DST on the way.
// CHECK-LABEL: tt.program @copy
// CHECK: tt.kernel @compute {{.*}}fp32_dest_acc
// CHECK-SAME: unpack_to_dest_fp32 [0]
// CHECK: tt.copy_tile
// CHECK-NOT: tt.add_tiles
// TF32-LABEL: tt.program @copy
// TF32: tt.kernel @compute {{.*}}fp32_dest_acc
func.func @copy(%A: !tile.tensor<32x32xf32>, %B: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %b = %B : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %a[%c0, %c0], %s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %s, %b[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// (a * b) - a: the SFPU by default, the FPU (and a dest-reuse subtract)
// with allow-tf32.
// CHECK-LABEL: tt.program @arith
// CHECK: tt.mul_binary_tile dst(0, 1, 0)
// CHECK: tt.sub_binary_tile dst(0, 1, 0)
// CHECK-NOT: tt.mul_tiles
// TF32-LABEL: tt.program @arith
// TF32: tt.mul_tiles
// TF32: tt.binary_dest_reuse_tiles {{.*}} type(sub)
func.func @arith(%A: !tile.tensor<32x32xf32>, %B: !tile.tensor<32x32xf32>, %D: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %b = %B : !tile.tensor<32x32xf32>, %d = %D : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>)
                  outs(%d_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.subf %p, %x : f32
      tile.yield %s : f32
    }
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A square written as a product of one expression twice, (x - m) * (x - m)
// (layer norm's variance), and of an input with itself: the operand is
// computed (copied) once and squared in DST (square_tile); the exact f32
// product either way. With allow-tf32 the input times itself is one FPU
// mul_tiles instead.
// CHECK-LABEL: tt.program @squares
// CHECK: tt.sub_binary_tile dst(0, 1, 0)
// CHECK-NEXT: tt.square_tile_init
// CHECK-NEXT: tt.square_tile dst(0)
// CHECK-NOT: tt.mul_binary_tile
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: tt.square_tile dst(0)
// TF32-LABEL: tt.program @squares
// TF32: tt.mul_tiles
func.func @squares(%A: !tile.tensor<32x32xf32>, %M: !tile.tensor<32xf32>, %D: !tile.tensor<32x32xf32>, %E: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %m = %M : !tile.tensor<32xf32>, %d = %D : !tile.tensor<32x32xf32>, %e = %E : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %m_s = tile.alloc : !tile.buf<32xf32, shared>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %e_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %m[%c0], %m_s : !tile.tensor<32xf32>, !tile.buf<32xf32, shared>
    tile.parallel ins(%a_s, %m_s[d0] : !tile.buf<32x32xf32, shared>, !tile.buf<32xf32, shared>)
                  outs(%d_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %p = arith.subf %x, %y : f32
      %q = arith.subf %x, %y : f32
      %s = arith.mulf %p, %q : f32
      tile.yield %s : f32
    }
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%e_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %s = arith.mulf %x, %x : f32
      tile.yield %s : f32
    }
    tile.copy %e_l, %e[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
