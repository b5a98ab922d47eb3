// A 1-d buffer copied to and from a part of a row of a tensor of rank 2 or
// more: the tensor is stored row-major, the writer gathers each tile's 32
// elements into face 1 and writes them with one NoC write, the reader
// zeros the tile, reads them into face 1, scatters them into column 0 and
// zeros face 1 again.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement))' %s | FileCheck %s

// CHECK-LABEL: func.func @out_and_back
// CHECK-SAME: kind = "dram_row_major"
// The writer, f32: a word per element into face 1 (byte 1024 on).
// CHECK: cb.wait_front
// CHECK: scf.for
// CHECK: tt.read_l1_u32
// CHECK-NEXT: tt.write_l1_u32
// CHECK: tt.get_page_noc_addr
// CHECK: tt.noc_async_write
// CHECK: tt.noc_async_write_barrier
// CHECK-NEXT: cb.pop_front
// The reader.
// CHECK: cb.reserve_back
// CHECK: tt.fill_zero_tile
// CHECK: tt.noc_async_read
// CHECK: tt.noc_async_read_barrier
// CHECK: tt.read_l1_u32
// CHECK: tt.write_l1_u32
// CHECK: tt.fill_zero_tile
// CHECK: cb.push_back
func.func @out_and_back(%M: !tile.tensor<4x64xf32>) {
  tile.kernel grid [2, 4] blocks(%bx, %b) args(%m = %M : !tile.tensor<4x64xf32>) {
    %c32 = arith.constant 32 : index
    %cst = arith.constant 1.0 : f32
    %v = tile.alloc : !tile.buf<32xf32, fragment>
    %w = tile.alloc : !tile.buf<32xf32, fragment>
    tile.fill %v, %cst : !tile.buf<32xf32, fragment>, f32
    %col = arith.muli %bx, %c32 : index
    tile.copy %v, %m[%b, %col] : !tile.buf<32xf32, fragment>, !tile.tensor<4x64xf32>
    tile.copy %m[%b, %col], %w : !tile.tensor<4x64xf32>, !tile.buf<32xf32, fragment>
    tile.copy %w, %m[%b, %col] : !tile.buf<32xf32, fragment>, !tile.tensor<4x64xf32>
  }
  return
}

// -----

// bf16: two elements per staging word.
// CHECK-LABEL: func.func @halves
// CHECK: tt.read_l1_u32
// CHECK-NEXT: arith.andi
// CHECK: tt.read_l1_u32
// CHECK-NEXT: arith.shli
// CHECK-NEXT: arith.ori
// CHECK-NEXT: tt.write_l1_u32
func.func @halves(%M: !tile.tensor<4x64xbf16>) {
  tile.kernel grid [4] blocks(%b) args(%m = %M : !tile.tensor<4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.0 : bf16
    %v = tile.alloc : !tile.buf<64xbf16, fragment>
    tile.fill %v, %cst : !tile.buf<64xbf16, fragment>, bf16
    tile.copy %v, %m[%b, %c0] : !tile.buf<64xbf16, fragment>, !tile.tensor<4x64xbf16>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @misaligned(%M: !tile.tensor<4x64xf32>) {
  tile.kernel grid [4] blocks(%b) args(%m = %M : !tile.tensor<4x64xf32>) {
    %c3 = arith.constant 3 : index
    %v = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{a 1-d buffer is copied from or to a part of a row that starts at a column that is a multiple of 32; this copy's column offset is not provably one}}
    tile.copy %m[%b, %c3], %v : !tile.tensor<4x64xf32>, !tile.buf<32xf32, fragment>
  }
  return
}
