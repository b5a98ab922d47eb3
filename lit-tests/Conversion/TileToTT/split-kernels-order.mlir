// tt-split-kernels needs fully lowered kernels.
// RUN: tilt-opt --split-input-file --verify-diagnostics --tt-split-kernels %s

func.func @not_partitioned() {
  // expected-error@+1 {{tile.kernel is not partitioned (run tile-partition and the lowering passes first)}}
  tile.kernel grid [1] blocks(%bx) args() {
  }
  return
}

// The implicit module has no source line.
// expected-error@unknown {{pass 'tt-split-kernels' (TTSplitKernels) failed on 'builtin.module'}}

// -----

func.func @not_lowered(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) attributes {partition = {arch = "wormhole_b0", cores = array<i64: 1, 1>, ranges = array<i64: 0, 1>}} {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{'tile.copy' is not lowered (run tile-lower-data-movement and tile-lower-compute first)}}
    tile.copy %a[%c0, %c0], %s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// The implicit module has no source line.
// expected-error@unknown {{pass 'tt-split-kernels' (TTSplitKernels) failed on 'builtin.module'}}

// -----

// A hand-written layout is not bound by the tile dialect's limits: its size
// in bytes is checked (it used to wrap into a small tt.buffer size).
func.func @size_overflows(%A: !tile.tensor<64x64xbf16, {kind = "dram_interleaved", padded_shape = array<i64: 99999999999, 99999999999>, tile = array<i64: 32, 32>, page_size = 2048 : i64}>) {
  // expected-error@+1 {{kernel operand #0: the tensor's size in bytes overflows int64}}
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16, {kind = "dram_interleaved", padded_shape = array<i64: 99999999999, 99999999999>, tile = array<i64: 32, 32>, page_size = 2048 : i64}>) attributes {partition = {arch = "wormhole_b0", board = "n150", cores = array<i64: 1, 1>, ranges = array<i64: 0, 1>}} {
  }
  return
}

// The implicit module has no source line.
// expected-error@unknown {{pass 'tt-split-kernels' (TTSplitKernels) failed on 'builtin.module'}}
