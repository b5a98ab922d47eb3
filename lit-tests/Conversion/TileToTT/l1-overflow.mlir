// A kernel whose buffers do not fit L1 double-buffered: tile-lower-compute
// keeps one block in the data movement CBs, largest first, and says so;
// what still does not fit is an error that names every circular buffer of
// the core with its size, at the op it holds data for. (tile-stream-rows
// would compute the first kernel's rows in chunks: stream=false keeps them
// whole; stream-rows.mlir tests the streaming.)
// RUN: tilt-opt --split-input-file --verify-diagnostics --tile-to-tt='grid=1x1 stream=false' %s -o /dev/null

// expected-error@unknown {{pass 'tt-verify' (TTVerify) failed on 'builtin.module'}}
func.func @softmax(%X: !tile.tensor<32x16384xf32>, %Y: !tile.tensor<32x16384xf32>) {
  // expected-warning@+1 {{the circular buffers of a core need 10491904 bytes of L1 with double-buffered data movement; wormhole_b0 has 1468006 usable, so 2 of them hold one block (6297600 bytes, still too many)}}
  tile.kernel grid [1] blocks(%by)
      args(%x = %X : !tile.tensor<32x16384xf32>, %y = %Y : !tile.tensor<32x16384xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x16384xf32, shared>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    %e = tile.alloc : !tile.buf<32x16384xf32, fragment>
    // expected-error@+3 {{the circular buffers of core [0, 0] need 6297600 bytes of L1; wormhole_b0 has 1468006 usable (use fewer stages or smaller blocks)}}
    // expected-note@+2 {{c_0: 512 pages of 4096 bytes ('f32') = 2097152 bytes}}
    // expected-note@+1 {{c_0: one block of 512 pages instead of two (2097152 bytes less)}}
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x16384xf32>, !tile.buf<32x16384xf32, shared>
    // expected-note@+2 {{c_24: 1 pages of 2048 bytes ('bf16') = 2048 bytes}}
    // expected-note@+1 {{c_25: 1 pages of 4096 bytes ('f32') = 4096 bytes}}
    tile.reduce max %x_s -> %m dim 1 : !tile.buf<32x16384xf32, shared>, !tile.buf<32xf32, fragment>
    // expected-note@+1 {{c_26: 512 pages of 4096 bytes ('f32') = 2097152 bytes}}
    tile.parallel ins(%x_s, %m[d0] : !tile.buf<32x16384xf32, shared>, !tile.buf<32xf32, fragment>)
                  outs(%e : !tile.buf<32x16384xf32, fragment>) {
    ^bb0(%v: f32, %mv: f32):
      %d = arith.subf %v, %mv : f32
      %ex = math.exp %d : f32
      tile.yield %ex : f32
    }
    tile.parallel ins(%e : !tile.buf<32x16384xf32, fragment>)
                  outs(%e : !tile.buf<32x16384xf32, fragment>) {
    ^bb0(%v: f32):
      %r = math.sqrt %v : f32
      tile.yield %r : f32
    }
    // expected-note@+2 {{c_16: 512 pages of 4096 bytes ('f32') = 2097152 bytes}}
    // expected-note@+1 {{c_16: one block of 512 pages instead of two (2097152 bytes less)}}
    tile.copy %e, %y[%c0, %c0] : !tile.buf<32x16384xf32, fragment>, !tile.tensor<32x16384xf32>
  }
  return
}

// -----

// Double-buffered, the copies need 2 MiB; with one block each, 1 MiB fits:
// a warning, no error.
func.func @relu(%X: !tile.tensor<32x8192xbf16>, %Y: !tile.tensor<32x8192xbf16>) {
  // expected-warning@+1 {{the circular buffers of a core need 2097152 bytes of L1 with double-buffered data movement; wormhole_b0 has 1468006 usable, so 2 of them hold one block (1048576 bytes)}}
  tile.kernel grid [1] blocks(%by)
      args(%x = %X : !tile.tensor<32x8192xbf16>, %y = %Y : !tile.tensor<32x8192xbf16>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : bf16
    %x_s = tile.alloc : !tile.buf<32x8192xbf16, shared>
    %y_s = tile.alloc : !tile.buf<32x8192xbf16, fragment>
    // expected-note@+1 {{c_0: one block of 256 pages instead of two (524288 bytes less)}}
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x8192xbf16>, !tile.buf<32x8192xbf16, shared>
    tile.parallel ins(%x_s : !tile.buf<32x8192xbf16, shared>) outs(%y_s : !tile.buf<32x8192xbf16, fragment>) {
    ^bb0(%v: bf16):
      %r = arith.maximumf %v, %zero : bf16
      tile.yield %r : bf16
    }
    // expected-note@+1 {{c_16: one block of 256 pages instead of two (524288 bytes less)}}
    tile.copy %y_s, %y[%c0, %c0] : !tile.buf<32x8192xbf16, fragment>, !tile.tensor<32x8192xbf16>
  }
  return
}

// -----

// Softmax over rows of 4096 bf16 with f32 probabilities (bench/
// targets_bench.py's): one CB must lose its second block, and the input
// and the output would save the same. The output loses it: compute
// reserves the output block late in its block, when the writer has
// drained the last one, while a single-buffered input would stall
// compute for a whole read before every block.
func.func @softmax_rows(%X: !tile.tensor<128x4096xbf16>, %Y: !tile.tensor<128x4096xbf16>) {
  // expected-warning@+1 {{the circular buffers of a core need 1583104 bytes of L1 with double-buffered data movement; wormhole_b0 has 1468006 usable, so 1 of them hold one block (1320960 bytes)}}
  tile.kernel grid [4] blocks(%bx) args(%x = %X : !tile.tensor<128x4096xbf16>, %y = %Y : !tile.tensor<128x4096xbf16>) {
    %rows = tile.alloc : !tile.buf<32x4096xbf16, shared>
    %peak = tile.alloc : !tile.buf<32xf32, fragment>
    %total = tile.alloc : !tile.buf<32xf32, fragment>
    %probs = tile.alloc : !tile.buf<32x4096xf32, fragment>
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %x[%r, %c0], %rows : !tile.tensor<128x4096xbf16>, !tile.buf<32x4096xbf16, shared>
    tile.reduce max %rows -> %peak dim 1 : !tile.buf<32x4096xbf16, shared>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%rows, %peak[d0] : !tile.buf<32x4096xbf16, shared>, !tile.buf<32xf32, fragment>) outs(%probs : !tile.buf<32x4096xf32, fragment>) {
    ^bb0(%v: bf16, %p: f32):
      %w = arith.extf %v : bf16 to f32
      %d = arith.subf %w, %p : f32
      %e = math.exp %d : f32
      tile.yield %e : f32
    }
    tile.reduce sum %probs -> %total dim 1 : !tile.buf<32x4096xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%probs, %total[d0] : !tile.buf<32x4096xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%rows : !tile.buf<32x4096xbf16, shared>) {
    ^bb0(%v: f32, %t: f32):
      %q = arith.divf %v, %t : f32
      %b = arith.truncf %q : f32 to bf16
      tile.yield %b : bf16
    }
    // expected-note@+1 {{c_16: one block of 128 pages instead of two (262144 bytes less)}}
    tile.copy %rows, %y[%r, %c0] : !tile.buf<32x4096xbf16, shared>, !tile.tensor<128x4096xbf16>
  }
  return
}
