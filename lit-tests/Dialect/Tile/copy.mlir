// tile.copy between a tensor and a buffer of lower rank (the buffer covers
// the tensor's trailing dimensions), tensors of rank 4, and slices at
// computed offsets that overhang the tensor (ceildiv grids).
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null

// A 64x64 block of q[b, h] and a row of it; the output written back.
// CHECK-LABEL: func.func @lower_rank(
// CHECK: tile.copy %{{.*}}[%[[B:.*]], %[[H:.*]], %[[ROW:.*]], %[[C0:.*]]], %[[Q:.*]] : !tile.tensor<2x4x128x64xbf16>, !tile.buf<64x64xbf16, shared>
// CHECK-NEXT: tile.copy %{{.*}}[%[[B]], %[[H]], %[[ROW]], %[[C0]]], %{{.*}} : !tile.tensor<2x4x128x64xbf16>, !tile.buf<64xbf16, shared>
// CHECK-NEXT: tile.copy %[[Q]], %{{.*}}[%[[B]], %[[H]], %[[ROW]], %[[C0]]] : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x4x128x64xbf16>
func.func @lower_rank(%Q: !tile.tensor<2x4x128x64xbf16>, %O: !tile.tensor<2x4x128x64xbf16>) {
  tile.kernel grid [2, 4, 2] blocks(%row_block, %h, %b)
      args(%q = %Q : !tile.tensor<2x4x128x64xbf16>, %o = %O : !tile.tensor<2x4x128x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %row_block, %c64 : index
    %q_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    %r_s = tile.alloc : !tile.buf<64xbf16, shared>
    tile.copy %q[%b, %h, %row, %c0], %q_s : !tile.tensor<2x4x128x64xbf16>, !tile.buf<64x64xbf16, shared>
    tile.copy %q[%b, %h, %row, %c0], %r_s : !tile.tensor<2x4x128x64xbf16>, !tile.buf<64xbf16, shared>
    tile.copy %q_s, %o[%b, %h, %row, %c0] : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x4x128x64xbf16>
  }
  return
}

// A ceildiv grid: the last 64-row block of 100 rows overhangs the padded
// tensor (128 rows) at a computed offset.
// CHECK-LABEL: func.func @overhang(
// CHECK: tile.copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensor<100x64xf32>, !tile.buf<64x64xf32, shared>
func.func @overhang(%A: !tile.tensor<100x64xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%a = %A : !tile.tensor<100x64xf32>) {
    %c0 = arith.constant 0 : index
    %c96 = arith.constant 96 : index
    %row = arith.muli %bx, %c96 : index
    %a_s = tile.alloc : !tile.buf<64x64xf32, shared>
    tile.copy %a[%row, %c0], %a_s : !tile.tensor<100x64xf32>, !tile.buf<64x64xf32, shared>
    tile.copy %a_s, %a[%row, %c0] : !tile.buf<64x64xf32, shared>, !tile.tensor<100x64xf32>
  }
  return
}

// Slices over non-trailing dimensions (TileLang's Q[b, s0:s1, h, :] of a
// [batch, seq, heads, dim] tensor): `dims` names the tensor dimensions the
// buffer covers; it survives the round trip through the generic form.
// CHECK-LABEL: func.func @non_trailing(
// CHECK: tile.copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %[[Q:.*]] {dims = array<i64: 1, 3>} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<64x64xbf16, shared>
// CHECK-NEXT: tile.copy %[[Q]], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {dims = array<i64: 1, 3>} : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x128x4x64xbf16>
func.func @non_trailing(%Q: !tile.tensor<2x128x4x64xbf16>, %O: !tile.tensor<2x128x4x64xbf16>) {
  tile.kernel grid [2, 4, 2] blocks(%row_block, %h, %b)
      args(%q = %Q : !tile.tensor<2x128x4x64xbf16>, %o = %O : !tile.tensor<2x128x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %row_block, %c64 : index
    %q_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    tile.copy %q[%b, %row, %h, %c0], %q_s {dims = array<i64: 1, 3>} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<64x64xbf16, shared>
    tile.copy %q_s, %o[%b, %row, %h, %c0] {dims = array<i64: 1, 3>} : !tile.buf<64x64xbf16, shared>, !tile.tensor<2x128x4x64xbf16>
  }
  return
}

// A copy that writes only the buffer's first rows (TileLang's `if i < n:`
// store): `rows %n`, a unit property and a trailing operand in the
// generic form.
// CHECK-LABEL: func.func @row_limit(
// CHECK: tile.copy %{{.*}}, %{{.*}}[%[[R:.*]], %{{.*}}] rows %[[N:.*]] : !tile.buf<32x64xbf16, shared>, !tile.tensor<100x64xbf16>
func.func @row_limit(%X: !tile.tensor<100x64xbf16>, %Y: !tile.tensor<100x64xbf16>) {
  tile.kernel grid [4] blocks(%b) args(%x = %X : !tile.tensor<100x64xbf16>, %y = %Y : !tile.tensor<100x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c25 = arith.constant 25 : index
    %start = arith.muli %b, %c25 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%start, %c0], %buf : !tile.tensor<100x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %buf, %y[%start, %c0] rows %c25 : !tile.buf<32x64xbf16, shared>, !tile.tensor<100x64xbf16>
  }
  return
}

// A slice of an on-core buffer (tile-stream-rows' chunks of rows kept on
// the core): the offsets go on the source, one per dimension; the
// destination's shape is the slice's.
// CHECK-LABEL: func.func @slice(
// CHECK: tile.copy %[[W:.*]][%[[C0:.*]], %[[OFF:.*]]], %{{.*}} : !tile.buf<32x4096xbf16, shared>, !tile.buf<32x256xbf16, shared>
// CHECK-NEXT: tile.copy %{{.*}}[%[[OFF]]], %{{.*}} : !tile.buf<4096xbf16, shared>, !tile.buf<256xbf16, shared>
func.func @slice(%X: !tile.tensor<64x4096xbf16>) {
  tile.kernel grid [2] blocks(%b) args(%x = %X : !tile.tensor<64x4096xbf16>) {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %whole = tile.alloc : !tile.buf<32x4096xbf16, shared>
    %part = tile.alloc : !tile.buf<32x256xbf16, shared>
    %vector = tile.alloc : !tile.buf<4096xbf16, shared>
    %piece = tile.alloc : !tile.buf<256xbf16, shared>
    %off = arith.muli %b, %c256 : index
    tile.copy %whole[%c0, %off], %part : !tile.buf<32x4096xbf16, shared>, !tile.buf<32x256xbf16, shared>
    tile.copy %vector[%off], %piece : !tile.buf<4096xbf16, shared>, !tile.buf<256xbf16, shared>
  }
  return
}
