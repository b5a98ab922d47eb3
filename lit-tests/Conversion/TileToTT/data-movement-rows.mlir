// tile-lower-data-movement on copies at row offsets that are not multiples
// of 32 (rows 25 b .. 25 b + 31: the tensors are stored row-major, 256-byte
// pages of 128 bf16), in parts of rows (64 columns from column 64 col: a
// 128-byte read or write at byte 128 col of the page), and a write of the
// block's first n rows only (`rows %n`, n read from a tensor by the
// writer): the writer skips rows past the tensor and rows from n on.
// (Canonicalize and CSE only tidy the index arithmetic.)
// RUN: tilt-opt -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @rows(
// CHECK-SAME: !tile.tensor<100x128xbf16, {kind = "dram_row_major"
// CHECK-DAG: %[[C128B:.*]] = arith.constant 128 : i32
// CHECK: %[[READ:.*]] = tt.tensor_accessor %{{.*}}, %{{.*}} ct_offset(0) {tt.role = "reader"}
// CHECK: %[[WRITE:.*]] = tt.tensor_accessor %{{.*}}, %{{.*}} ct_offset(1) {tt.role = "writer"}
// The row limit, read by the writer.
// CHECK: %[[WORD:.*]] = tt.read_l1_u32 %{{.*}} {tt.role = "writer"}
// CHECK: %[[N:.*]] = arith.index_cast %[[WORD]] : i32 to index
// CHECK: tt.get_page_noc_addr %{{.*}}, %[[READ]], %{{.*}} {tt.role = "reader"}
// CHECK-NEXT: tt.noc_async_read %{{.*}}, %{{.*}}, %[[C128B]] {tt.role = "reader"}
// CHECK: tt.tilize_block
// CHECK: tt.pack_untilize_block
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[PAST:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[LIMIT:.*]] = arith.cmpi slt, %[[K]], %[[N]] : index
// CHECK-NEXT: %[[BOTH:.*]] = arith.andi %[[PAST]], %[[LIMIT]] : i1
// CHECK-NEXT: scf.if %[[BOTH]] {
// CHECK: %[[ADDRESS:.*]] = tt.get_page_noc_addr %{{.*}}, %[[WRITE]], %{{.*}} {tt.role = "writer"}
// CHECK-NEXT: tt.noc_async_write %{{.*}}, %[[ADDRESS]], %[[C128B]] {tt.role = "writer"}
func.func @rows(%X: !tile.tensor<100x128xbf16>, %L: !tile.tensor<4xi32>, %Y: !tile.tensor<100x128xbf16>) {
  tile.kernel grid [4, 2] blocks(%b, %col) args(%x = %X : !tile.tensor<100x128xbf16>, %l = %L : !tile.tensor<4xi32>, %y = %Y : !tile.tensor<100x128xbf16>) {
    %c25 = arith.constant 25 : index
    %c64 = arith.constant 64 : index
    %start = arith.muli %b, %c25 : index
    %column = arith.muli %col, %c64 : index
    %n32 = tile.load %l[%b] : !tile.tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%start, %column], %buf : !tile.tensor<100x128xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %buf, %y[%start, %column] rows %n : !tile.buf<32x64xbf16, shared>, !tile.tensor<100x128xbf16>
  }
  return
}
