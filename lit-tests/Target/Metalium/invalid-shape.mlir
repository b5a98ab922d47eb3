// A buffer without the shapes tt-split-kernels records cannot be laid out.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the host program needs the buffer's `shape` and `padded_shape` (1-d to 8-d, as tt-split-kernels records them)}}
  tt.buffer @a size 4096 page_size 4096 : f32
}

