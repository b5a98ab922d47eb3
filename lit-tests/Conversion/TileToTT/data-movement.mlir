// tile-lower-data-movement: copies become reader / writer NoC sequences and
// the compute side's CB waits and pops. (Canonicalize and CSE only tidy the
// index arithmetic for the checks.)
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,canonicalize,cse))' %s | FileCheck %s

// A 64x64 output block with K in 3 steps of 32, loaded 3 stages ahead.
// CHECK-LABEL: func.func @gemm
// Inputs from c_0, outputs from c_16; depth = stages x tiles per block:
// 3 x 2 pages for A and B, 2 x 4 for C (double-buffered across blocks).
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// Each holds its stages (3 blocks of A, of B) or two blocks (C), and may
// run with one (tile.single_block_pages; tile-lower-compute uses and
// drops the mark).
// CHECK: %cb0 = cb.alloc 0 {tile.single_block_pages = 2 : i64} : !cb.cb<bf16, page_size = 2048, pages = 6>
// CHECK-NEXT: %cb1 = cb.alloc 1 {tile.single_block_pages = 2 : i64} : !cb.cb<bf16, page_size = 2048, pages = 6>
// CHECK-NEXT: %cb16 = cb.alloc 16 {tile.single_block_pages = 4 : i64} : !cb.cb<f32, page_size = 4096, pages = 8>
// One tensor accessor per tensor and role.
// CHECK: %[[A_ADDR:.*]] = tile.base_address %arg5
// CHECK-NEXT: %[[A:.*]] = tt.tensor_accessor %[[A_ADDR]], %[[C2048]] ct_offset(0) {tt.role = "reader"}
// CHECK: %[[B:.*]] = tt.tensor_accessor %{{.*}}, %[[C2048]] ct_offset(1) {tt.role = "reader"}
// CHECK: %[[C:.*]] = tt.tensor_accessor %{{.*}}, %{{.*}} ct_offset(0) {tt.role = "writer"}
// CHECK: scf.for %[[BLOCK:.*]] = %start to
// The buffers are the CBs from here on.
// CHECK-NEXT: %[[A_S:.*]] = builtin.unrealized_conversion_cast %cb0 : !cb.cb<bf16, page_size = 2048, pages = 6> to !tile.buf<64x32xbf16, shared>
// CHECK-NEXT: %[[B_S:.*]] = builtin.unrealized_conversion_cast %cb1
// CHECK: %[[ROW:.*]] = arith.muli %[[BLOCK]], %c64 : index
// tile.pipelined is now scf.for.
// CHECK: scf.for %[[K:.*]] = %c0 to %[[C3]] step %c1 {
// CHECK-NEXT: %[[KK:.*]] = arith.muli %[[K]], %c32 : index
// CHECK-NEXT: %[[M0:.*]] = arith.divui %[[ROW]], %c32 : index
// CHECK-NEXT: %[[K0:.*]] = arith.divui %[[KK]], %c32 : index
// Reader, A: reserve, read each tile (id = m * Kt + k, Kt = 3), barrier, push.
// CHECK-NEXT: cb.reserve_back %cb0, 2 {tt.role = "reader"}
// CHECK-NEXT: %[[W:.*]] = cb.get_write_ptr %cb0 {tt.role = "reader"}
// CHECK-NEXT: scf.for %[[I:.*]] = %c0 to %[[C2]] step %c1 {
// CHECK-NEXT: %[[M:.*]] = arith.addi %[[M0]], %[[I]] : index
// CHECK-NEXT: %[[MK:.*]] = arith.muli %[[M]], %[[C3]] : index
// CHECK-NEXT: %[[ID:.*]] = arith.addi %[[MK]], %[[K0]] : index
// CHECK-NEXT: %[[PAGE:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[PAGE]], %[[C2048]] : i32
// CHECK-NEXT: %[[L1:.*]] = arith.addi %[[W]], %[[OFF]] : i32
// CHECK-NEXT: %[[ID32:.*]] = arith.index_cast %[[ID]] : index to i32
// CHECK-NEXT: tt.noc_async_read_tile %[[ID32]], %[[A]], %[[L1]] {tt.role = "reader"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK-NEXT: cb.push_back %cb0, 2 {tt.role = "reader"}
// Compute waits where the copy was...
// CHECK-NEXT: cb.wait_front %cb0, 2 {tt.role = "compute"}
// Reader, B: id = k * Nt + n, Nt = 2.
// CHECK: %[[KN:.*]] = arith.muli %[[K0]], %[[C2]] : index
// CHECK: tt.noc_async_read_tile %{{.*}}, %[[B]], %{{.*}} {tt.role = "reader"}
// CHECK: cb.wait_front %cb1, 2 {tt.role = "compute"}
// ... and pops after the buffer's last use.
// CHECK-NEXT: tile.gemm %[[A_S]], %[[B_S]], %[[ACC:.*]] :
// CHECK-NEXT: cb.pop_front %cb1, 2 {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %cb0, 2 {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// The copy out: compute fills c_16 from the accumulator, the writer drains
// it (id = m * Nt + n).
// CHECK: %[[OUT:.*]] = builtin.unrealized_conversion_cast %cb16 : !cb.cb<f32, page_size = 4096, pages = 8> to !tile.buf<64x64xf32, shared>
// CHECK-NEXT: tile.copy %[[ACC]], %[[OUT]]
// CHECK: cb.wait_front %cb16, 4 {tt.role = "writer"}
// CHECK-NEXT: %[[R:.*]] = cb.get_read_ptr %cb16 {tt.role = "writer"}
// CHECK: tt.noc_async_write_tile %{{.*}}, %[[C]], %{{.*}} {tt.role = "writer"}
// CHECK: tt.noc_async_write_barrier {tt.role = "writer"}
// CHECK-NEXT: cb.pop_front %cb16, 4 {tt.role = "writer"}
func.func @gemm(%A: !tile.tensor<128x96xbf16>, %B: !tile.tensor<96x64xbf16>, %C: !tile.tensor<128x64xf32>) {
  tile.kernel grid [1, 2] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<128x96xbf16>, %b = %B : !tile.tensor<96x64xbf16>, %c = %C : !tile.tensor<128x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %c_l : !tile.buf<64x64xf32, fragment>
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    tile.pipelined %k = %c0 to %c3 step %c1 stages 3 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<128x96xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %col], %b_s : !tile.tensor<96x64xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x64xf32>
  }
  return
}

// -----

// A 1-d tensor is one row of tiles.
// CHECK-LABEL: func.func @vector
// CHECK: %cb0 = cb.alloc 0 {tile.single_block_pages = 2 : i64} : !cb.cb<f32, page_size = 4096, pages = 4>
// CHECK: cb.reserve_back %cb0, 2 {tt.role = "reader"}
func.func @vector(%A: !tile.tensor<256xf32>, %B: !tile.tensor<256xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%a = %A : !tile.tensor<256xf32>, %b = %B : !tile.tensor<256xf32>) {
    %c64 = arith.constant 64 : index
    %i = arith.muli %bx, %c64 : index
    %s = tile.alloc : !tile.buf<64xf32, shared>
    tile.copy %a[%i], %s : !tile.tensor<256xf32>, !tile.buf<64xf32, shared>
    tile.copy %s, %b[%i] : !tile.buf<64xf32, shared>, !tile.tensor<256xf32>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @unaligned(%A: !tile.tensor<128x128xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<128x128xbf16>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %s = tile.alloc : !tile.buf<32x32xbf16, shared>
    // A row offset that is not a multiple of 32 makes the tensor row-major
    // (tile-legalize); a column offset must still be whole tiles.
    // expected-error@+1 {{copy offsets must be multiples of 32 (whole tiles); this one is not provably so}}
    tile.copy %a[%c0, %c16], %s : !tile.tensor<128x128xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @converting_read(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    // expected-error@+1 {{a read from DRAM copies bytes: the buffer must have the tensor's element type}}
    tile.copy %a[%c0, %c0], %s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xf32, shared>
  }
  return
}

// -----

// A buffer of rank 3 has no circular-buffer form.
// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @three_d_buffer(%A: !tile.tensor<2x64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<2x64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<1x32x32xbf16, shared>
    // expected-error@+1 {{only 1-d and 2-d buffers are supported (circular buffers hold the tiles of a matrix)}}
    tile.copy %a[%c0, %c0, %c0], %s : !tile.tensor<2x64x64xbf16>, !tile.buf<1x32x32xbf16, shared>
  }
  return
}

// -----

// A 1-d buffer is a column vector on the core: a part of a row of a
// matrix is read into it element by element through L1 (the tensor is
// stored row-major; data-movement-vectors.mlir has the details).
// CHECK-LABEL: func.func @row_into_vector
// CHECK-SAME: kind = "dram_row_major"
// CHECK: tt.noc_async_read
// CHECK: tt.write_l1_u32
func.func @row_into_vector(%A: !tile.tensor<4x64x64xbf16>) {
  tile.kernel grid [4] blocks(%bx) args(%a = %A : !tile.tensor<4x64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<64xbf16, shared>
    tile.copy %a[%bx, %c0, %c0], %s : !tile.tensor<4x64x64xbf16>, !tile.buf<64xbf16, shared>
  }
  return
}

// -----

// A rank-4 tensor [2, 3, 128, 64] is 6 stacked matrices of 4 x 2 tiles: the
// tile id of (b, h, m, n) is ((b * 3 + h) * 4 + m) * 2 + n. The leading
// offsets are block indices below their extents: no guard.
// CHECK-LABEL: func.func @rank4
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[B:.*]] = arith.divui %{{.*}}, %[[C3]] : index
// CHECK: %[[M0:.*]] = arith.divui %[[ROW:.*]], %c32 : index
// CHECK: %[[BH:.*]] = arith.muli %[[B]], %[[C3]] : index
// CHECK-NEXT: %[[MAT:.*]] = arith.addi %[[BH]], %[[H:.*]] : index
// CHECK-NEXT: %[[MAT4:.*]] = arith.muli %[[MAT]], %[[C4]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.addi %[[MAT4]], %[[M0]] : index
// CHECK: cb.reserve_back %cb0, 4 {tt.role = "reader"}
// CHECK: scf.for %[[I:.*]] = %c0 to %[[C2]] step %c1 {
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %[[C2]] step %c1 {
// CHECK-NEXT: %[[M:.*]] = arith.addi %[[FIRST]], %[[I]] : index
// CHECK-NEXT: %[[MN:.*]] = arith.muli %[[M]], %[[C2]] : index
// CHECK-NEXT: %[[ID:.*]] = arith.addi %[[MN]], %[[J]] : index
// CHECK-NOT: scf.if
// CHECK: tt.noc_async_read_tile
// CHECK: tt.noc_async_write_tile
func.func @rank4(%Q: !tile.tensor<2x3x128x64xbf16>, %O: !tile.tensor<2x3x128x64xbf16>) {
  tile.kernel grid [2, 3, 2] blocks(%bx, %h, %b)
      args(%q = %Q : !tile.tensor<2x3x128x64xbf16>, %o = %O : !tile.tensor<2x3x128x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %q_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    tile.copy %q[%b, %h, %row, %c0], %q_s : !tile.tensor<2x3x128x64xbf16>, !tile.buf<64x64xbf16, shared>
    tile.copy %q_s, %o[%b, %h, %row, %c0] : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x3x128x64xbf16>
  }
  return
}

// -----

// A ceildiv grid: 2 blocks of 96 rows over 100 rows (4 tiles, padded); the
// last block's tile rows 4 and 5 are past the padded tensor. The reader
// zeros their pages, the writer skips them; columns never overhang and are
// not tested.
// CHECK-LABEL: func.func @tail
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[BYTES:.*]] = arith.constant 4096 : i32
// CHECK: %[[M0:.*]] = arith.divui %{{.*}}, %c32 : index
// CHECK: cb.reserve_back %cb0, 6 {tt.role = "reader"}
// CHECK: %[[M:.*]] = arith.addi %[[M0]], %{{.*}} : index
// CHECK: %[[L1:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[M]], %[[C4]] : index
// CHECK-NEXT: scf.if %[[INSIDE]] {
// CHECK-NEXT: tt.noc_async_read_tile %{{.*}}, %{{.*}}, %[[L1]] {tt.role = "reader"}
// CHECK-NEXT: } else {
// CHECK-NEXT: tt.fill_zero_tile %[[L1]], %[[BYTES]] {tt.role = "reader"}
// CHECK-NEXT: }
// CHECK: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK: %[[W_INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %[[C4]] : index
// CHECK-NEXT: scf.if %[[W_INSIDE]] {
// CHECK-NEXT: tt.noc_async_write_tile %{{.*}} {tt.role = "writer"}
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @tail(%A: !tile.tensor<100x64xf32>, %B: !tile.tensor<100x64xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%a = %A : !tile.tensor<100x64xf32>, %b = %B : !tile.tensor<100x64xf32>) {
    %c0 = arith.constant 0 : index
    %c96 = arith.constant 96 : index
    %row = arith.muli %bx, %c96 : index
    %s = tile.alloc : !tile.buf<96x64xf32, shared>
    tile.copy %a[%row, %c0], %s : !tile.tensor<100x64xf32>, !tile.buf<96x64xf32, shared>
    tile.copy %s, %b[%row, %c0] : !tile.buf<96x64xf32, shared>, !tile.tensor<100x64xf32>
  }
  return
}
