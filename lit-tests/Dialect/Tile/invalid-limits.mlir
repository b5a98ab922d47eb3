// The size limits of the tile dialect (docs/dialects/tile.md, "Limits"):
// extents, tensor bytes and grid blocks, and bounds checks that must not
// overflow near 2^63.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

// An extent past 2^31 elements.
// expected-error@+1 {{!tile.tensor dimension 2147483649 exceeds the limit of 2^31 elements per dimension}}
func.func @extent_too_large(%A: !tile.tensor<2147483649x32xf32>) {
  return
}

// -----

// A tensor past 2^40 bytes (2^20 x 2^20 x 2 bytes = 2^41).
// expected-error@+1 {{!tile.tensor of 2199023255552 bytes (padded to whole 32x32 tiles) exceeds the limit of 2^40 bytes}}
func.func @tensor_too_large(%A: !tile.tensor<1048576x1048576xbf16>) {
  return
}

// -----

// A size whose product overflows int64 (it used to wrap in tt-split-kernels).
// expected-error@+1 {{!tile.tensor of more than 2^63 bytes (padded to whole 32x32 tiles) exceeds the limit of 2^40 bytes}}
func.func @tensor_overflows(%A: !tile.tensor<2147483648x2147483648x2147483648xf32>) {
  return
}

// -----

// Padding counts: (2^28 + 1) x 1 x 1 f32 elements are 2^28 + 1 tiles.
// expected-error@+1 {{!tile.tensor of 1099511631872 bytes (padded to whole 32x32 tiles) exceeds the limit of 2^40 bytes}}
func.func @tensor_padded(%A: !tile.tensor<268435457x1x1xf32>) {
  return
}

// -----

// Buffers have the same limits.
func.func @buf_too_large() {
  tile.kernel grid [1] blocks(%bx) args() {
    // expected-error@+1 {{!tile.buf dimension 4294967296 exceeds the limit of 2^31 elements per dimension}}
    %buf = tile.alloc : !tile.buf<4294967296x32xbf16, shared>
  }
  return
}

// -----

// A grid past 2^31 blocks in all.
func.func @grid_too_large() {
  // expected-error@+1 {{'tile.kernel' op grid of 4295032832 blocks exceeds the limit of 2^31 blocks}}
  tile.kernel grid [65536, 65537] blocks(%bx, %by) args() {
  }
  return
}

// -----

// A grid whose block count overflows int64 (it used to wrap to one block).
func.func @grid_overflows() {
  // expected-error@+1 {{'tile.kernel' op grid of more than 2^63 blocks exceeds the limit of 2^31 blocks}}
  tile.kernel grid [9223372036854775807, 9223372036854775807] blocks(%bx, %by) args() {
  }
  return
}

// -----

// A constant offset near 2^63: offset + size used to wrap and pass.
func.func @copy_offset_overflows(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %big = arith.constant 9223372036854775800 : index
    %buf = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{'tile.copy' op the slice [9223372036854775800, 9223372036854775832) of dimension 0 runs past the tensor's size 64}}
    tile.copy %a[%big, %c0], %buf : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}
