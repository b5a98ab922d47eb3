// tile-widen-blocks: blocks whose buffers are a fraction of a 32x32 tile
// in a dimension the block index spans (TileLang's one-row blocks) are
// merged into blocks of whole tiles when each row is computed from its own
// row only; otherwise their buffers are padded to whole tiles, with a
// remark saying why, when the padding cannot reach a result; otherwise a
// remark says why not, and tile-legalize's error follows
// (docs/pipeline.md).
// RUN: tilt-opt --verify-diagnostics --split-input-file --tile-widen-blocks %s | FileCheck %s
// RUN: not tilt-opt --split-input-file --tile-to-tt='grid=2x2' %s 2>&1 | FileCheck %s --check-prefix=LOWERED

// One row per block, a row sum and a broadcast subtract: 32 blocks merge
// into one; the block index is scaled, so each copy starts at bx' * 32.
// CHECK-LABEL: func.func @rows
// CHECK: tile.kernel grid [2] blocks(%[[B:.*]]) {{.*}} attributes {tile.widened = array<i64: 32>}
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[ROW:.*]] = arith.muli %[[B]], %[[C32]] : index
// CHECK: tile.alloc : !tile.buf<32x64xf32, shared>
// CHECK: tile.alloc : !tile.buf<32xf32, fragment>
// CHECK: tile.copy %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} : !tile.tensor<64x64xf32>, !tile.buf<32x64xf32, shared>
// CHECK: tile.reduce sum {{.*}} dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
// CHECK: tile.copy %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}] : !tile.buf<32x64xf32, shared>, !tile.tensor<64x64xf32>
// LOWERED-LABEL: tt.program @rows
func.func @rows(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64x64xf32>) {
  // expected-remark@+1 {{tile-widen-blocks: merges 32 blocks along grid dimension 0 into one (grid [64] -> [2]): a Tensix core computes on whole 32x32 tiles, and each row of this kernel is computed from its own row only}}
  tile.kernel grid [64] blocks(%bx) args(%X = %X : !tile.tensor<64x64xf32>, %Y = %Y : !tile.tensor<64x64xf32>) {
    %x = tile.alloc : !tile.buf<1x64xf32, shared>
    %s = tile.alloc : !tile.buf<1xf32, fragment>
    %c0 = arith.constant 0 : index
    tile.copy %X[%bx, %c0], %x : !tile.tensor<64x64xf32>, !tile.buf<1x64xf32, shared>
    tile.reduce sum %x -> %s dim 1 : !tile.buf<1x64xf32, shared>, !tile.buf<1xf32, fragment>
    tile.parallel ins(%x, %s[d0] : !tile.buf<1x64xf32, shared>, !tile.buf<1xf32, fragment>) outs(%x : !tile.buf<1x64xf32, shared>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.subf %a, %b : f32
      tile.yield %v : f32
    }
    tile.copy %x, %Y[%bx, %c0] : !tile.buf<1x64xf32, shared>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// Blocks of 8 rows on a 2-d grid (rows by %by, columns by %bx): 4 blocks
// merge along grid dimension 1 only; a grid of 5 row blocks becomes 2, the
// last one reading and writing the tensor's padding rows (40 rows padded
// to 64).
// CHECK-LABEL: func.func @eight_rows
// CHECK: tile.kernel grid [2, 2] {{.*}} attributes {tile.widened = array<i64: 1, 4>}
// CHECK: tile.alloc : !tile.buf<32x32xf32, shared>
// LOWERED-LABEL: tt.program @eight_rows
func.func @eight_rows(%X: !tile.tensor<40x64xf32>, %Y: !tile.tensor<40x64xf32>) {
  // expected-remark@+1 {{merges 4 blocks along grid dimension 1 into one (grid [2, 5] -> [2, 2])}}
  tile.kernel grid [2, 5] blocks(%bx, %by) args(%X = %X : !tile.tensor<40x64xf32>, %Y = %Y : !tile.tensor<40x64xf32>) {
    %x = tile.alloc : !tile.buf<8x32xf32, shared>
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %by, %c8 : index
    %c = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c], %x : !tile.tensor<40x64xf32>, !tile.buf<8x32xf32, shared>
    tile.parallel ins(%x : !tile.buf<8x32xf32, shared>) outs(%x : !tile.buf<8x32xf32, shared>) {
    ^bb0(%a: f32):
      %v = math.exp %a : f32
      tile.yield %v : f32
    }
    tile.copy %x, %Y[%r, %c] : !tile.buf<8x32xf32, shared>, !tile.tensor<40x64xf32>
  }
  return
}

// -----

// A reduction across the rows of a block: its rows are not independent,
// so the blocks are not merged; the 1-row buffer is padded to 32 rows
// instead, and the reduction skips the padding (tile.valid_shape).
// CHECK-LABEL: func.func @column_sums
// CHECK: tile.kernel grid [64] {{.*}} attributes {tile.widened = array<i64: 1>}
// CHECK: tile.alloc {tile.valid_shape = array<i64: 1, 64>} : !tile.buf<32x64xf32, shared>
// CHECK: tile.reduce sum %{{.*}} -> %{{.*}} dim 0 : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, fragment>
// LOWERED: remark: tile-widen-blocks: the blocks cannot be merged into whole 32x32 tiles (a buffer dimension spans both block rows and columns, or both and neither), so their buffers are padded to whole tiles instead
func.func @column_sums(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64xf32>) {
  // expected-remark@+1 {{tile-widen-blocks: the blocks cannot be merged into whole 32x32 tiles (a buffer dimension spans both block rows and columns, or both and neither), so their buffers are padded to whole tiles instead: each block computes whole tiles for its rows (up to 32 times the work of a block of 32 rows per row), writes only its own rows, and its reductions across rows skip the padding}}
  tile.kernel grid [64] blocks(%bx) args(%X = %X : !tile.tensor<64x64xf32>, %Y = %Y : !tile.tensor<64xf32>) {
    %x = tile.alloc : !tile.buf<1x64xf32, shared>
    %s = tile.alloc : !tile.buf<64xf32, fragment>
    %c0 = arith.constant 0 : index
    tile.copy %X[%bx, %c0], %x : !tile.tensor<64x64xf32>, !tile.buf<1x64xf32, shared>
    tile.reduce sum %x -> %s dim 0 : !tile.buf<1x64xf32, shared>, !tile.buf<64xf32, fragment>
    tile.copy %s, %Y[%c0] : !tile.buf<64xf32, fragment>, !tile.tensor<64xf32>
  }
  return
}

// -----

// A dimension no block index spans (48 columns read whole by every block)
// cannot be widened by merging blocks.
func.func @ragged_columns(%X: !tile.tensor<64x48xf32>, %Y: !tile.tensor<64x48xf32>) {
  // expected-remark@+1 {{a buffer dimension of 48 elements is not a whole tile and is not one block's share of a tile}}
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x48xf32>, %Y = %Y : !tile.tensor<64x48xf32>) {
    %x = tile.alloc : !tile.buf<32x48xf32, shared>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x48xf32>, !tile.buf<32x48xf32, shared>
    tile.copy %x, %Y[%r, %c0] : !tile.buf<32x48xf32, shared>, !tile.tensor<64x48xf32>
  }
  return
}

// -----

// Flash decoding's combine: 4 rows of per-split statistics, reduced across
// the rows, and a block of 4 rows written back: padded, the write takes
// the 4 rows only.
// CHECK-LABEL: func.func @split_statistics
// CHECK: %[[L:.*]] = tile.alloc {tile.valid_shape = array<i64: 4, 32>} : !tile.buf<32x32xf32, fragment>
// CHECK: %[[E:.*]] = tile.alloc {tile.valid_shape = array<i64: 4, 32>} : !tile.buf<32x32xf32, fragment>
// CHECK: tile.reduce max %[[L]] -> %{{.*}} dim 0 : !tile.buf<32x32xf32, fragment>, !tile.buf<32xf32, fragment>
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT: tile.copy %[[E]], %{{.*}}[%{{.*}}, %{{.*}}] rows %[[FOUR]] : !tile.buf<32x32xf32, fragment>, !tile.tensor<4x64xf32>
func.func @split_statistics(%L: !tile.tensor<4x64xf32>, %M: !tile.tensor<64xf32>, %E: !tile.tensor<4x64xf32>) {
  // expected-remark@+1 {{so their buffers are padded to whole tiles instead}}
  tile.kernel grid [2] blocks(%bx) args(%l = %L : !tile.tensor<4x64xf32>, %m = %M : !tile.tensor<64xf32>, %e = %E : !tile.tensor<4x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %col = arith.muli %bx, %c32 : index
    %lse = tile.alloc : !tile.buf<4x32xf32, fragment>
    %max = tile.alloc : !tile.buf<32xf32, fragment>
    %ex = tile.alloc : !tile.buf<4x32xf32, fragment>
    tile.copy %l[%c0, %col], %lse : !tile.tensor<4x64xf32>, !tile.buf<4x32xf32, fragment>
    tile.reduce max %lse -> %max dim 0 : !tile.buf<4x32xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%lse, %max[d1] : !tile.buf<4x32xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%ex : !tile.buf<4x32xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %d = arith.subf %a, %b : f32
      %v = math.exp2 %d : f32
      tile.yield %v : f32
    }
    tile.copy %max, %m[%col] : !tile.buf<32xf32, fragment>, !tile.tensor<64xf32>
    tile.copy %ex, %e[%c0, %col] : !tile.buf<4x32xf32, fragment>, !tile.tensor<4x64xf32>
  }
  return
}

// -----

// A gemm of 4 rows of A into 4 rows of C: the rows are M's, so the
// padding rows stay in the padding rows of C (written with a row limit).
// CHECK-LABEL: func.func @gemm_of_partial_rows
// CHECK: tile.alloc {tile.valid_shape = array<i64: 4, 32>} : !tile.buf<32x32xbf16, shared>
// CHECK: tile.alloc {tile.valid_shape = array<i64: 4, 32>} : !tile.buf<32x32xf32, fragment>
// CHECK: tile.gemm
// CHECK: tile.copy {{.*}} rows %{{.*}} : !tile.buf<32x32xf32, fragment>, !tile.tensor<4x32xf32>
func.func @gemm_of_partial_rows(%A: !tile.tensor<4x32xbf16>, %B: !tile.tensor<32x32xbf16>, %C: !tile.tensor<4x32xf32>) {
  // expected-remark@+1 {{so their buffers are padded to whole tiles instead}}
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<4x32xbf16>, %b = %B : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<4x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<4x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %acc = tile.alloc : !tile.buf<4x32xf32, fragment>
    tile.clear %acc : !tile.buf<4x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<4x32xbf16>, !tile.buf<4x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.gemm %a_s, %b_s, %acc : !tile.buf<4x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<4x32xf32, fragment>
    tile.copy %acc, %c[%c0, %c0] : !tile.buf<4x32xf32, fragment>, !tile.tensor<4x32xf32>
  }
  return
}

// -----

// A gemm whose A (transposed) and B have 4 rows, K's: padding rows there
// would be summed into every element of C, so nothing is padded.
// LOWERED: nor padded: a buffer of partial tiles is an operand of a gemm whose sums over K would take in its padding
func.func @gemm_of_partial_k(%A: !tile.tensor<4x32xbf16>, %B: !tile.tensor<4x32xbf16>, %C: !tile.tensor<32x32xf32>) {
  // expected-remark@+1 {{nor padded: a buffer of partial tiles is an operand of a gemm whose sums over K would take in its padding}}
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<4x32xbf16>, %b = %B : !tile.tensor<4x32xbf16>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<4x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<4x32xbf16, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %acc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<4x32xbf16>, !tile.buf<4x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<4x32xbf16>, !tile.buf<4x32xbf16, shared>
    tile.gemm %a_s, %b_s, %acc transpose_a : !tile.buf<4x32xbf16, shared>, !tile.buf<4x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    tile.copy %acc, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
