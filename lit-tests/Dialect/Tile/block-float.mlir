// tile-legalize and block-float tensors: a bf16 tensor whose layout is
// {format = "bfp8_b"} (or "bfp4_b") is stored as Metalium's block-float
// tiles (1088 or 576 bytes a page) and read only into shared buffers that
// tile.gemm multiplies.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize))' %s | FileCheck %s

// The request is completed into a tile layout; the format stays.
// CHECK-LABEL: func.func @weights(
// CHECK-SAME: %arg1: !tile.tensor<64x96xbf16, {format = "bfp8_b", kind = "dram_interleaved", padded_shape = array<i64: 64, 96>, page_size = 1088 : i64, tile = array<i64: 32, 32>}>
// CHECK-SAME: %arg2: !tile.tensor<64x64xbf16, {format = "bfp4_b", kind = "dram_interleaved", padded_shape = array<i64: 64, 64>, page_size = 576 : i64, tile = array<i64: 32, 32>}>
func.func @weights(%A: !tile.tensor<64x64xbf16>, %B: !tile.tensor<64x96xbf16, {format = "bfp8_b"}>,
                   %W: !tile.tensor<64x64xbf16, {format = "bfp4_b"}>, %C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%a = %A : !tile.tensor<64x64xbf16>, %b = %B : !tile.tensor<64x96xbf16, {format = "bfp8_b"}>,
           %w = %W : !tile.tensor<64x64xbf16, {format = "bfp4_b"}>, %c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    %b_s = tile.alloc : !tile.buf<64x96xbf16, shared>
    %w_s = tile.alloc : !tile.buf<64x64xbf16, shared>
    %t = tile.alloc : !tile.buf<64x96xf32, fragment>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<64x64xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<64x96xbf16, {format = "bfp8_b"}>, !tile.buf<64x96xbf16, shared>
    tile.copy %w[%c0, %c0], %w_s : !tile.tensor<64x64xbf16, {format = "bfp4_b"}>, !tile.buf<64x64xbf16, shared>
    tile.gemm %a_s, %b_s, %t : !tile.buf<64x64xbf16, shared>, !tile.buf<64x96xbf16, shared>, !tile.buf<64x96xf32, fragment>
    tile.gemm %a_s, %w_s, %c_l : !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// expected-error@+2 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
// expected-error@+1 {{argument #0: unknown storage format "bfp2_b" (expected "bfp8_b" or "bfp4_b", Metalium's block floats)}}
func.func private @unknown(!tile.tensor<64x64xbf16, {format = "bfp2_b"}>)

// -----

// expected-error@+2 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
// expected-error@+1 {{argument #0: a bfp8_b tensor holds bf16 values (its element type must be bf16, got 'f32')}}
func.func private @element(!tile.tensor<64x64xf32, {format = "bfp8_b"}>)

// -----

// expected-error@+2 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
// expected-error@+1 {{argument #0: a layout with a `format` is `{format = "bfp8_b"}` alone (tile-legalize completes it)}}
func.func private @extra(!tile.tensor<64x64xbf16, {format = "bfp8_b", page_size = 2048 : i64}>)

// -----

// A block-float output is not supported yet.
// expected-error@+2 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
// expected-error@+1 {{argument #0: a bfp8_b tensor is read only by tile.copy into shared buffers that tile.gemm multiplies}}
func.func @written(%C: !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<64x64xbf16, shared>
    // expected-note@+1 {{written here (block-float outputs are not supported yet)}}
    tile.copy %s, %c[%c0, %c0] : !tile.buf<64x64xbf16, shared>, !tile.tensor<64x64xbf16, {format = "bfp8_b"}>
  }
  return
}

// -----

// A copy into a fragment (an elementwise read) is not lowered for block
// floats.
// expected-error@+2 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
// expected-error@+1 {{argument #0: a bfp8_b tensor is read only by tile.copy into shared buffers that tile.gemm multiplies}}
func.func @fragment(%B: !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
  tile.kernel grid [1] blocks(%bx) args(%b = %B : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
    %c0 = arith.constant 0 : index
    %f = tile.alloc : !tile.buf<64x64xbf16, fragment>
    // expected-note@+1 {{used here}}
    tile.copy %b[%c0, %c0], %f : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>, !tile.buf<64x64xbf16, fragment>
  }
  return
}

// -----

// The shared buffer is also copied into a fragment: its circular buffer
// would hold block-float tiles for the SFPU path.
// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @other_reader(%B: !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
  tile.kernel grid [1] blocks(%bx) args(%b = %B : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<64x64xbf16, shared>
    %f = tile.alloc : !tile.buf<64x64xbf16, fragment>
    // expected-error@+1 {{the shared buffer a bfp8_b tensor is copied into is read only by tile.gemm (as A or B) and filled only from bfp8_b tensors}}
    tile.copy %b[%c0, %c0], %s : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>, !tile.buf<64x64xbf16, shared>
    // expected-note@+1 {{also used here}}
    tile.copy %s, %f : !tile.buf<64x64xbf16, shared>, !tile.buf<64x64xbf16, fragment>
  }
  return
}

// -----

// Read in rows (a block at row 16, which tiles would split): the tensor
// would be stored row-major.
// expected-error@+2 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
// expected-error@+1 {{argument #0: a bfp8_b tensor is stored in tiles, but a copy reads it in rows}}
func.func @rows(%B: !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
  tile.kernel grid [1] blocks(%bx) args(%b = %B : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %s = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-note@+1 {{read in rows here}}
    tile.copy %b[%c16, %c0], %s : !tile.tensor<64x64xbf16, {format = "bfp8_b"}>, !tile.buf<32x64xbf16, shared>
  }
  return
}
