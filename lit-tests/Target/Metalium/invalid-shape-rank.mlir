// Buffers of up to 8 dimensions are laid out (TileLang's linear attention
// writes [NK, B, S, H, DV] partial outputs); nine are an error.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

// Nine dimensions are more than the host program lays out.
tt.program @q grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the host program needs the buffer's `shape` and `padded_shape` (1-d to 8-d}}
  tt.buffer @b size 4096 page_size 4096 {shape = array<i64: 1, 1, 1, 1, 1, 1, 1, 32, 32>, padded_shape = array<i64: 1, 1, 1, 1, 1, 1, 1, 32, 32>} : f32
}
