// Comparisons of element indices outside the mask forms (IndexMask.h): the
// writer fills a mask of 1.0 where each holds and 0.0 elsewhere, which the
// compute kernel reads as the condition's value: a select between two
// computed values is where_tile on it, and-ed conditions are min.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @two_values
// The mask of i >= j (predicate 0), 1.0 (bf16 0x3F80) and 0.0.
// CHECK: tt.fill_index_mask_tile %{{.*}}, %c1_i32, %c-1_i32, %{{.*}}, %c0_i32, %c16256_i32, %c0_i32, %c0_i32 {tt.role = "writer"}
// CHECK: tt.copy_tile %{{.*}} cb(1) dst(0)
// CHECK: tt.negative_tile dst(2)
// CHECK-NEXT: tt.where_tile_init
// CHECK-NEXT: tt.where_tile dst(0, 1, 2, 0) format(float32)
func.func @two_values(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x64xf32>, %y = %Y : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %a = tile.alloc : !tile.buf<64x64xf32, shared>
    %b = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.copy %x[%c0, %c0], %a : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    tile.parallel ins(%a : !tile.buf<64x64xf32, shared>) outs(%b : !tile.buf<64x64xf32, fragment>) {
    ^bb0(%v: f32):
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      %c = arith.cmpi sge, %i, %j : index
      %n = arith.negf %v : f32
      %m = arith.select %c, %v, %n : f32
      tile.yield %m : f32
    }
    tile.copy %b, %y[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// Two index conditions and-ed: two masks, min; select(c, 1.0, 0.0) is c.
// CHECK-LABEL: func.func @combined
// CHECK-COUNT-2: tt.fill_index_mask_tile
// Two tiles per acquisition, op by op.
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.copy_tile %{{.*}} cb(0) dst(1)
// CHECK-NEXT: tt.copy_tile_init cb(1)
// CHECK-NEXT: tt.copy_tile %{{.*}} cb(1) dst(2)
// CHECK-NEXT: tt.copy_tile_init cb(1)
// CHECK-NEXT: tt.copy_tile %{{.*}} cb(1) dst(3)
// CHECK-NEXT: tt.binary_min_tile_init
// CHECK-NEXT: tt.binary_min_tile dst(0, 2, 0)
// CHECK-NEXT: tt.binary_min_tile_init
// CHECK-NEXT: tt.binary_min_tile dst(1, 3, 1)
// CHECK-NEXT: tt.tile_regs_commit
func.func @combined(%Y: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%y = %Y : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c50 = arith.constant 50 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %a = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.parallel outs(%a : !tile.buf<64x64xf32, fragment>) {
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      %c1 = arith.cmpi sge, %i, %j : index
      %c2 = arith.cmpi slt, %j, %c50 : index
      %c = arith.andi %c1, %c2 : i1
      %m = arith.select %c, %one, %zero : f32
      tile.yield %m : f32
    }
    tile.copy %a, %y[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// Element indices as numbers: j - i only converted to a float fills f32
// values (the last operand 1); a column index selected as an i32 fills
// int32 words (0), which compute copies into a 32-bit DST.
// CHECK-LABEL: func.func @numbers
// CHECK: tt.fill_index_tile %{{.*}}, %c-1_i32, %c1_i32, %{{.*}}, %c1_i32 {tt.role = "writer"}
// CHECK: tt.fill_index_tile %{{.*}}, %c0_i32, %c1_i32, %{{.*}}, %c0_i32 {tt.role = "writer"}
// CHECK: tt.where_tile dst(0, 1, 2, 0) format(int32)
func.func @numbers(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64x64xf32>, %I: !tile.tensor<64x64xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<64x64xf32>, %y = %Y : !tile.tensor<64x64xf32>, %idx = %I : !tile.tensor<64x64xi32>) {
    %c0 = arith.constant 0 : index
    %a = tile.alloc : !tile.buf<64x64xf32, shared>
    %b = tile.alloc : !tile.buf<64x64xf32, fragment>
    %n = tile.alloc : !tile.buf<64x64xi32, fragment>
    tile.copy %x[%c0, %c0], %a : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    tile.parallel ins(%a : !tile.buf<64x64xf32, shared>) outs(%b, %n : !tile.buf<64x64xf32, fragment>, !tile.buf<64x64xi32, fragment>) {
    ^bb0(%v: f32):
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      %d = arith.subi %j, %i : index
      %di = arith.index_cast %d : index to i32
      %df = arith.sitofp %di : i32 to f32
      %s = arith.addf %v, %df : f32
      %ji = arith.index_cast %j : index to i32
      %zero = arith.constant 0.0 : f32
      %pos = arith.cmpf ogt, %v, %zero : f32
      %m1 = arith.constant -1 : i32
      %k = arith.select %pos, %ji, %m1 : i32
      tile.yield %s, %k : f32, i32
    }
    tile.copy %b, %y[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
    tile.copy %n, %idx[%c0, %c0] : !tile.buf<64x64xi32, fragment>, !tile.tensor<64x64xi32>
  }
  return
}
