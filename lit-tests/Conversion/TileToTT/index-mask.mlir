// Selects on element indices (tile.index): tile-lower-data-movement makes
// the writer fill one mask tile per tile of the iteration space each time
// the tile.parallel runs (tt.fill_index_mask_tile: row and column
// coefficients, the form's value at the tile's first element, the
// predicate, the bits where it holds and where not, f32 or bf16 pages);
// tile-lower-compute reads the mask as the select's value (two constant
// branches) or adds it to the chosen value on the SFPU (one infinite
// branch). docs/pipeline.md, "Selects on element indices".
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// A causal mask (0 where row >= column, else -inf) for 64x64 blocks on the
// diagonal: i - j + row >= 0, tiles at offsets 0, -32, +32 and 0.
// CHECK-LABEL: func.func @causal
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MINUS_ONE:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[NINF:.*]] = arith.constant 65408 : i32
// CHECK-DAG: %[[MASK:.*]] = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 8>
// CHECK: %[[ROW:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: cb.reserve_back %[[MASK]], 4 {tt.role = "writer"}
// CHECK: %[[PTR:.*]] = cb.get_write_ptr %[[MASK]] {tt.role = "writer"}
// CHECK: tt.fill_index_mask_tile %[[PTR]], %[[ONE]], %[[MINUS_ONE]], %[[ROW]], %[[ZERO]], %[[ZERO]], %[[NINF]], %[[ZERO]] {tt.role = "writer"}
// CHECK: %[[UP:.*]] = arith.addi %[[ROW]], %c-32_i32 : i32
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ONE]], %[[MINUS_ONE]], %[[UP]],
// CHECK: %[[DOWN:.*]] = arith.addi %[[ROW]], %c32_i32 : i32
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ONE]], %[[MINUS_ONE]], %[[DOWN]],
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ONE]], %[[MINUS_ONE]], %[[ROW]],
// CHECK: cb.push_back %[[MASK]], 4 {tt.role = "writer"}
// CHECK: cb.wait_front %[[MASK]], 4 {tt.role = "compute"}
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0) {tt.role = "compute"}
// CHECK: cb.pop_front %[[MASK]], 4 {tt.role = "compute"}
func.func @causal(%Y: !tile.tensor<128x128xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%y = %Y : !tile.tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %row = arith.muli %bx, %c64 : index
    %a = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.parallel outs(%a : !tile.buf<64x64xf32, fragment>) {
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      %qi = arith.addi %row, %i : index
      %c = arith.cmpi sge, %qi, %j : index
      %m = arith.select %c, %zero, %ninf : f32
      tile.yield %m : f32
    }
    tile.copy %a, %y[%row, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x128xf32>
  }
  return
}

// -----

// x past column 100 replaced by -inf: x + (0 where 100 - j > 0, else -inf)
// on the SFPU, so x keeps every bit (no source register on the way).
// The form is j - 100 and the predicate 3 (< 0); the tiles start at
// columns 0, 32, 64 and 96.
// CHECK-LABEL: func.func @additive
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[LT:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[NINF:.*]] = arith.constant 65408 : i32
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ZERO]], %[[ONE]], %c-100_i32, %[[LT]], %[[ZERO]], %[[NINF]], %[[ZERO]] {tt.role = "writer"}
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ZERO]], %[[ONE]], %c-68_i32,
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ZERO]], %[[ONE]], %c-36_i32,
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ZERO]], %[[ONE]], %c-4_i32,
// Two tiles at a time (the unpacker switches between x and the mask).
// CHECK: tt.copy_tile %[[T0:.*]] cb(0) dst(0)
// CHECK: tt.copy_tile %[[T1:.*]] cb(0) dst(1)
// CHECK: tt.copy_tile %[[T0]] cb(1) dst(2)
// CHECK: tt.copy_tile %[[T1]] cb(1) dst(3)
// CHECK: tt.add_binary_tile dst(0, 2, 0)
// CHECK: tt.add_binary_tile dst(1, 3, 1)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.pack_tile cb(16) dst(1)
func.func @additive(%X: !tile.tensor<32x128xf32>, %Y: !tile.tensor<32x128xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x128xf32>, %y = %Y : !tile.tensor<32x128xf32>) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %ninf = arith.constant 0xFF800000 : f32
    %a = tile.alloc : !tile.buf<32x128xf32, shared>
    %b = tile.alloc : !tile.buf<32x128xf32, fragment>
    tile.copy %x[%c0, %c0], %a : !tile.tensor<32x128xf32>, !tile.buf<32x128xf32, shared>
    tile.parallel ins(%a : !tile.buf<32x128xf32, shared>) outs(%b : !tile.buf<32x128xf32, fragment>) {
    ^bb0(%v: f32):
      %j = tile.index 1 : index
      %c = arith.cmpi slt, %j, %c100 : index
      %r = arith.select %c, %v, %ninf : f32
      tile.yield %r : f32
    }
    tile.copy %b, %y[%c0, %c0] : !tile.buf<32x128xf32, fragment>, !tile.tensor<32x128xf32>
  }
  return
}

// -----

// A 1-d space lies down column 0 of each tile: the row coefficient, tile
// offsets of 32 per tile; a constant bf16 does not hold (0.1) takes f32
// pages.
// CHECK-LABEL: func.func @vector
// CHECK-DAG: %[[MASK:.*]] = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 4>
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[M40:.*]] = arith.constant -40 : i32
// CHECK-DAG: %[[M8:.*]] = arith.constant -8 : i32
// CHECK-DAG: %[[TENTH:.*]] = arith.constant 1036831949 : i32
// CHECK-DAG: %[[EIGHTH:.*]] = arith.constant 1040187392 : i32
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ONE]], %[[ZERO]], %[[M40]], %[[ZERO]], %[[TENTH]], %[[EIGHTH]], %[[ONE]] {tt.role = "writer"}
// CHECK: tt.fill_index_mask_tile %{{.*}}, %[[ONE]], %[[ZERO]], %[[M8]], %[[ZERO]], %[[TENTH]], %[[EIGHTH]], %[[ONE]] {tt.role = "writer"}
func.func @vector(%Y: !tile.tensor<64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%y = %Y : !tile.tensor<64xf32>) {
    %c0 = arith.constant 0 : index
    %c40 = arith.constant 40 : index
    %tenth = arith.constant 0.1 : f32
    %eighth = arith.constant 0.125 : f32
    %v = tile.alloc : !tile.buf<64xf32, fragment>
    tile.parallel outs(%v : !tile.buf<64xf32, fragment>) {
      %i = tile.index 0 : index
      %c = arith.cmpi sge, %i, %c40 : index
      %r = arith.select %c, %tenth, %eighth : f32
      tile.yield %r : f32
    }
    tile.copy %v, %y[%c0] : !tile.buf<64xf32, fragment>, !tile.tensor<64xf32>
  }
  return
}
