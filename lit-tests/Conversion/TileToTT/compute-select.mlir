// tile-lower-compute: comparisons of values are the SFPU's (1.0 or 0.0),
// with a DST tile (eq_binary_tile ...) or a scalar (unary_eq_tile ..., the
// relation swapped when the scalar comes first); and, or and xor of
// conditions are min, max and ne; a select is where_tile in DST's width.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @leaky
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: tt.compare_unary_tile_init type(gt)
// CHECK-NEXT: tt.compare_unary_tile %[[ZERO:.*]] dst(0) type(gt)
// CHECK-NEXT: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.copy_tile %{{.*}} cb(0) dst(1)
// CHECK-NEXT: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.copy_tile %{{.*}} cb(0) dst(2)
// CHECK-NEXT: tt.binop_with_scalar_tile_init
// CHECK-NEXT: tt.mul_unary_tile %{{.*}} dst(2)
// CHECK-NEXT: tt.where_tile_init
// CHECK-NEXT: tt.where_tile dst(0, 1, 2, 0) format(float32)
// CHECK-NEXT: tt.tile_regs_commit
func.func @leaky(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %zero = arith.constant 0.0 : f32
      %slope = arith.constant 0.125 : f32
      %p = arith.cmpf ogt, %x, %zero : f32
      %l = arith.mulf %x, %slope : f32
      %s = arith.select %p, %x, %l : f32
      tile.yield %s : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// bf16: a 16-bit DST. A scalar first swaps the relation (0.5 < x is
// x > 0.5); and is min, or is max, xor is ne; a constant branch is filled.
// CHECK-LABEL: func.func @logic
// CHECK: tt.compare_unary_tile_init type(gt)
// CHECK-NEXT: tt.compare_unary_tile %{{.*}} dst(0) type(gt)
// CHECK: tt.compare_binary_tile_init type(le)
// CHECK-NEXT: tt.compare_binary_tile dst(1, 2, 1) type(le)
// CHECK-NEXT: tt.binary_min_tile_init
// CHECK-NEXT: tt.binary_min_tile dst(0, 1, 0)
// CHECK: tt.compare_binary_tile_init type(eq)
// CHECK-NEXT: tt.compare_binary_tile dst(1, 2, 1) type(eq)
// CHECK-NEXT: tt.binary_max_tile_init
// CHECK-NEXT: tt.binary_max_tile dst(0, 1, 0)
// CHECK: tt.compare_binary_tile_init type(ne)
// CHECK-NEXT: tt.compare_binary_tile dst(1, 2, 1) type(ne)
// CHECK-NEXT: tt.compare_binary_tile_init type(ne)
// CHECK-NEXT: tt.compare_binary_tile dst(0, 1, 0) type(ne)
// CHECK: tt.fill_tile_bitcast %{{.*}} dst(2)
// CHECK-NEXT: tt.where_tile_init
// CHECK-NEXT: tt.where_tile dst(0, 1, 2, 0) format(float16_b)
func.func @logic(%A: !tile.tensor<32x32xbf16>, %B: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %b = %B : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xbf16>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>) outs(%c_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %y: bf16):
      %half = arith.constant 0.5 : bf16
      %ninf = arith.constant 0xFF80 : bf16
      %p = arith.cmpf olt, %half, %x : bf16
      %q = arith.cmpf ole, %x, %y : bf16
      %both = arith.andi %p, %q : i1
      %r = arith.cmpf oeq, %x, %y : bf16
      %either = arith.ori %both, %r : i1
      %t = arith.cmpf une, %x, %y : bf16
      %flip = arith.xori %either, %t : i1
      %s = arith.select %flip, %x, %ninf : bf16
      tile.yield %s : bf16
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x32xbf16>
  }
  return
}

// -----

// A select of 1.0 and 0.0 is its condition; a condition as a float is its
// 1.0 / 0.0 value (uitofp), as the negated value with sitofp (true is -1).
// CHECK-LABEL: func.func @as_numbers
// CHECK: tt.compare_binary_tile dst(0, 1, 0) type(lt)
// CHECK-NEXT: tt.tile_regs_commit
// CHECK: tt.compare_binary_tile dst(0, 1, 0) type(lt)
// CHECK-NEXT: tt.negative_tile_init
// CHECK-NEXT: tt.negative_tile dst(0)
// CHECK-NEXT: tt.tile_regs_commit
// CHECK-NOT: tt.where_tile
func.func @as_numbers(%A: !tile.tensor<32x32xf32>, %B: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>, %D: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %b = %B : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>, %d = %D : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    %d_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>) outs(%c_l, %d_l : !tile.buf<32x32xf32, fragment>, !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %one = arith.constant 1.0 : f32
      %zero = arith.constant 0.0 : f32
      %p = arith.cmpf olt, %x, %y : f32
      %s = arith.select %p, %one, %zero : f32
      %n = arith.sitofp %p : i1 to f32
      tile.yield %s, %n : f32, f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
