// tile-widen-blocks: blocks whose buffers are a fraction of a 32x32 tile
// in a dimension the block index spans (TileLang's one-row blocks) are
// merged into blocks of whole tiles when each row is computed from its own
// row only; otherwise a remark says why not, and tile-legalize's error
// follows (docs/pipeline.md).
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
// so the blocks are not merged, and tile-legalize rejects the 1-row buffer.
// LOWERED: remark: tile-widen-blocks: the blocks cannot be merged
// LOWERED: error: buffer of shape 1x64 is not made of whole 32x32 tiles
func.func @column_sums(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64xf32>) {
  // expected-remark@+1 {{tile-widen-blocks: the blocks cannot be merged into whole 32x32 tiles: a buffer dimension spans both block rows and columns, or both and neither}}
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
