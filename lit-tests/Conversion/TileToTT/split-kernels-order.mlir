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
