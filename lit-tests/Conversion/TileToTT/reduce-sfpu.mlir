// Reductions on the SFPU (tile::ReduceOp::runsOnSfpu): i32 rows, and f32
// max / min whose result a body compares with, fold the row's tiles in DST
// (copy_tile, then binary_max_int32_tile / binary_max_tile ...) and
// collapse the tile with sfpu_reduce into column 0; no scaler, no edge
// mask. An f32 max nothing compares with stays on the FPU (reduce_tile).
// And a 1-d buffer written into a column of a row-major tensor: the
// writer moves each element's word through the L1 pointer and writes 4
// bytes at its place in the stick.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @int_rows
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(1)
// CHECK-NEXT: tt.binary_max_int32_tile_init
// CHECK-NEXT: tt.binary_max_int32_tile dst(0, 1, 0)
// CHECK: tt.sfpu_reduce_init type(max) format(int32)
// CHECK-NEXT: tt.sfpu_reduce dst(0) type(max) format(int32) dim(row)
// CHECK: tt.pack_tile
// CHECK-NOT: tt.reduce_tile
// The sum accumulates into the old value.
// CHECK: tt.add_int_tile dst(0, 1, 0)
// CHECK: tt.sfpu_reduce_init type(sum) format(int32)
// CHECK-NEXT: tt.sfpu_reduce dst(0) type(sum) format(int32) dim(row)
// CHECK: tt.copy_tile %{{.*}} dst(1)
// CHECK-NEXT: tt.add_int_tile_init
// CHECK-NEXT: tt.add_int_tile dst(0, 1, 0)
func.func @int_rows(%A: !tile.tensor<32x64xi32>, %M: !tile.tensor<32xi32>, %S: !tile.tensor<32xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x64xi32>, %m = %M : !tile.tensor<32xi32>, %s = %S : !tile.tensor<32xi32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x64xi32, shared>
    %m_l = tile.alloc : !tile.buf<32xi32, fragment>
    %s_l = tile.alloc : !tile.buf<32xi32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x64xi32>, !tile.buf<32x64xi32, shared>
    tile.reduce max %a_s -> %m_l dim 1 : !tile.buf<32x64xi32, shared>, !tile.buf<32xi32, fragment>
    tile.copy %s[%c0], %s_l : !tile.tensor<32xi32>, !tile.buf<32xi32, fragment>
    tile.reduce sum %a_s -> %s_l dim 1 accumulate : !tile.buf<32x64xi32, shared>, !tile.buf<32xi32, fragment>
    tile.copy %m_l, %m[%c0] : !tile.buf<32xi32, fragment>, !tile.tensor<32xi32>
    tile.copy %s_l, %s[%c0] : !tile.buf<32xi32, fragment>, !tile.tensor<32xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @compared_max
// CHECK: tt.binary_max_tile dst(0, 1, 0)
// CHECK: tt.sfpu_reduce dst(0) type(max) format(float32) dim(row)
// The max nothing compares with: the FPU's reduce_tile.
// CHECK: tt.reduce_tile
// CHECK-NOT: tt.sfpu_reduce
func.func @compared_max(%X: !tile.tensor<32x64xf32>, %Y: !tile.tensor<32x64xf32>, %M: !tile.tensor<32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x64xf32>, %y = %Y : !tile.tensor<32x64xf32>, %m = %M : !tile.tensor<32xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %mx = tile.alloc : !tile.buf<32xf32, fragment>
    %mx2 = tile.alloc : !tile.buf<32xf32, fragment>
    %y_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x64xf32>, !tile.buf<32x64xf32, shared>
    tile.reduce max %x_s -> %mx dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%mx[d0], %x_s : !tile.buf<32xf32, fragment>, !tile.buf<32x64xf32, shared>) outs(%y_l : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%v: f32, %e: f32):
      %eq = arith.cmpf oeq, %v, %e : f32
      %zero = arith.constant 0.0 : f32
      %r = arith.select %eq, %e, %zero : f32
      tile.yield %r : f32
    }
    tile.reduce max %x_s -> %mx2 dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
    tile.copy %y_l, %y[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
    tile.copy %mx2, %m[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @column
// The writer: one word per element, placed at byte (column * 4) mod 32 of
// its face row, then written to byte column * 4 of its stick.
// CHECK: cb.wait_front
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tt.read_l1_u32
// CHECK-NEXT: tt.write_l1_u32
// CHECK: tt.get_page_noc_addr
// CHECK-NEXT: tt.noc_async_write
// CHECK: tt.noc_async_write_barrier
// CHECK-NEXT: cb.pop_front
func.func @column(%O: !tile.tensor<40x6xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%o = %O : !tile.tensor<40x6xf32>) {
    %c32 = arith.constant 32 : index
    %c3 = arith.constant 3 : index
    %v = tile.alloc : !tile.buf<32xf32, fragment>
    %c3f = arith.constant 3.0 : f32
    tile.fill %v, %c3f : !tile.buf<32xf32, fragment>, f32
    %row = arith.muli %bx, %c32 : index
    tile.copy %v, %o[%row, %c3] {dims = array<i64: 0>} : !tile.buf<32xf32, fragment>, !tile.tensor<40x6xf32>
  }
  return
}

// -----

// Rows of 40 in tiles of 64 columns: each tile takes the identity where
// the reader's mask tile says padding (0 / -inf: where_tile picks the fill
// of INT32_MIN there).
// CHECK-LABEL: func.func @padded_int_rows
// CHECK: cb.wait_front %[[MASK:.*]], 2
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK: tt.copy_tile %{{.*}} dst(2)
// CHECK: tt.fill_tile_int %{{.*}} dst(3)
// CHECK: tt.where_tile dst(2, 3, 0, 0) format(int32)
// CHECK: tt.sfpu_reduce dst(0) type(max) format(int32) dim(row)
// CHECK: cb.pop_front %[[MASK]], 2
func.func @padded_int_rows(%A: !tile.tensor<32x40xi32>, %M: !tile.tensor<32xi32>) {
  tile.kernel grid [1] blocks(%b) args(%a = %A : !tile.tensor<32x40xi32>, %m = %M : !tile.tensor<32xi32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x64xi32, shared>
    %m_l = tile.alloc : !tile.buf<32xi32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x40xi32>, !tile.buf<32x64xi32, shared>
    tile.reduce max %a_s -> %m_l dim 1 : !tile.buf<32x64xi32, shared>, !tile.buf<32xi32, fragment>
    tile.copy %m_l, %m[%c0] : !tile.buf<32xi32, fragment>, !tile.tensor<32xi32>
  }
  return
}
