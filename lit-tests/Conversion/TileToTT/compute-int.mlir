// tile-lower-compute on i32 bodies: the SFPU's integer ops on int32 words
// in a 32-bit DST (fp32_dest_acc), constants by fill_tile_int, eq as a
// difference tested against zero, a select of i32 values with
// where_tile<Int32>, conversions by typecast_tile.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @ints
// CHECK: tile.kernel
// CHECK-SAME: fp32_dest_acc
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK: tt.copy_tile %{{.*}} cb(1) dst(1)
// CHECK-NEXT: tt.sub_int_tile_init
// CHECK-NEXT: tt.sub_int_tile dst(0, 1, 0)
// CHECK-NEXT: tt.zero_int_tile_init type(eqz)
// CHECK-NEXT: tt.zero_int_tile dst(0) type(eqz)
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(1)
// CHECK-NEXT: tt.fill_tile_init
// CHECK-NEXT: tt.fill_tile_int %{{.*}} dst(2)
// CHECK-NEXT: tt.mul_int_tile_init
// CHECK-NEXT: tt.mul_int_tile dst(1, 2, 1)
// CHECK: tt.copy_tile %{{.*}} cb(1) dst(2)
// CHECK-NEXT: tt.compare_int_tile_init type(lt)
// CHECK-NEXT: tt.compare_int_tile dst(1, 2, 1) type(lt)
// CHECK-NEXT: tt.binary_max_int32_tile_init
// CHECK-NEXT: tt.binary_max_int32_tile dst(0, 1, 0)
// CHECK: tt.add_int_tile_init
// CHECK-NEXT: tt.add_int_tile dst(1, 2, 1)
// CHECK: tt.binary_max_int32_tile dst(2, 3, 2)
// CHECK-NEXT: tt.where_tile_init
// CHECK-NEXT: tt.where_tile dst(0, 1, 2, 0) format(int32)
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: tt.typecast_tile_init type(int32_to_float32)
// CHECK-NEXT: tt.typecast_tile dst(0) type(int32_to_float32)
func.func @ints(%A: !tile.tensor<32x32xi32>, %B: !tile.tensor<32x32xi32>, %C: !tile.tensor<32x32xi32>, %D: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xi32>, %b = %B : !tile.tensor<32x32xi32>, %c = %C : !tile.tensor<32x32xi32>, %d = %D : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xi32>, !tile.buf<32x32xi32, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xi32>, !tile.buf<32x32xi32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xi32, shared>) outs(%c_l, %d_l : !tile.buf<32x32xi32, fragment>, !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: i32, %y: i32):
      %seven = arith.constant 7 : i32
      %eq = arith.cmpi eq, %x, %y : i32
      %m = arith.muli %x, %seven : i32
      %lt = arith.cmpi slt, %m, %y : i32
      %s = arith.addi %m, %y : i32
      %hi = arith.maxsi %x, %y : i32
      %any = arith.ori %eq, %lt : i1
      %t = arith.select %any, %s, %hi : i32
      %f = arith.sitofp %x : i32 to f32
      tile.yield %t, %f : i32, f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xi32, fragment>, !tile.tensor<32x32xi32>
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// Conditions of both encodings: an i32 comparison (1 or 0) or-ed with a
// float one (1.0 or 0.0) converts the first to a float; fptosi truncates.
// CHECK-LABEL: func.func @mixed
// CHECK: tt.compare_int_tile dst(0, 1, 0) type(gt)
// CHECK-NEXT: tt.typecast_tile_init type(int32_to_float32)
// CHECK-NEXT: tt.typecast_tile dst(0) type(int32_to_float32)
// CHECK: tt.compare_unary_tile %{{.*}} dst(1) type(lt)
// CHECK-NEXT: tt.binary_max_tile_init
// CHECK-NEXT: tt.binary_max_tile dst(0, 1, 0)
// CHECK: tt.typecast_tile_init type(float32_to_int32)
// CHECK-NEXT: tt.typecast_tile dst(1) type(float32_to_int32)
// CHECK: tt.where_tile dst(0, 1, 2, 0) format(int32)
func.func @mixed(%A: !tile.tensor<32x32xi32>, %X: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xi32>, %x = %X : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xi32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xi32>, !tile.buf<32x32xi32, shared>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %x_s : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xi32, fragment>) {
    ^bb0(%i: i32, %f: f32):
      %zero = arith.constant 0 : i32
      %zf = arith.constant 0.0 : f32
      %p = arith.cmpi sgt, %i, %zero : i32
      %q = arith.cmpf olt, %f, %zf : f32
      %e = arith.ori %p, %q : i1
      %t = arith.fptosi %f : f32 to i32
      %s = arith.select %e, %t, %i : i32
      tile.yield %s : i32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xi32, fragment>, !tile.tensor<32x32xi32>
  }
  return
}

// -----

// An i32 computed in the body of a bf16 kernel (a truncation) makes the
// kernel's DST 32-bit, where the int32 word fits.
// CHECK-LABEL: func.func @truncate
// CHECK: tile.kernel
// CHECK-SAME: fp32_dest_acc
// CHECK: tt.typecast_tile dst(0) type(float32_to_int32)
// CHECK: tt.typecast_tile dst(0) type(int32_to_float32)
func.func @truncate(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xbf16>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xbf16, shared>) outs(%c_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16):
      %i = arith.fptosi %x : bf16 to i32
      %f = arith.sitofp %i : i32 to bf16
      tile.yield %f : bf16
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x32xbf16>
  }
  return
}

// -----

// Shifts and bitwise ops: (x >> 4) & 15, as dequantizing kernels unpack.
// CHECK-LABEL: func.func @fields
// CHECK: tt.shift_binary_tile_init
// CHECK-NEXT: tt.shift_binary_tile dst(0, 1, 0) type(right)
// CHECK: tt.bitwise_binary_tile_init
// CHECK-NEXT: tt.bitwise_binary_tile dst(0, 1, 0) type(and)
func.func @fields(%A: !tile.tensor<32x32xi32>, %C: !tile.tensor<32x32xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xi32>, %c = %C : !tile.tensor<32x32xi32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xi32>, !tile.buf<32x32xi32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xi32, shared>) outs(%c_l : !tile.buf<32x32xi32, fragment>) {
    ^bb0(%x: i32):
      %four = arith.constant 4 : i32
      %fifteen = arith.constant 15 : i32
      %s = arith.shrsi %x, %four : i32
      %f = arith.andi %s, %fifteen : i32
      tile.yield %f : i32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xi32, fragment>, !tile.tensor<32x32xi32>
  }
  return
}

// -----

// Unsigned comparisons flip both sign bits (xor with 2^31, filled as an
// int) and compare signed.
// CHECK-LABEL: func.func @unsigned
// CHECK: tt.fill_tile_int
// CHECK: tt.bitwise_binary_tile dst({{.*}}) type(xor)
// CHECK: tt.fill_tile_int
// CHECK: tt.bitwise_binary_tile dst({{.*}}) type(xor)
// CHECK: tt.compare_int_tile dst({{.*}}) type(lt)
func.func @unsigned(%A: !tile.tensor<32x32xi32>, %B: !tile.tensor<32x32xi32>, %C: !tile.tensor<32x32xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xi32>, %b = %B : !tile.tensor<32x32xi32>, %c = %C : !tile.tensor<32x32xi32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xi32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xi32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xi32>, !tile.buf<32x32xi32, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xi32>, !tile.buf<32x32xi32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xi32, shared>) outs(%c_l : !tile.buf<32x32xi32, fragment>) {
    ^bb0(%x: i32, %y: i32):
      %lt = arith.cmpi ult, %x, %y : i32
      %r = arith.select %lt, %x, %y : i32
      tile.yield %r : i32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xi32, fragment>, !tile.tensor<32x32xi32>
  }
  return
}
