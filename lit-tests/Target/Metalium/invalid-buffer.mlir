// The host program reads and writes bf16, f16 and f32 buffers with their shapes.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the host program reads and writes bf16, f16 and f32 buffers only}}
  tt.buffer @a size 4096 page_size 4096 {shape = array<i64: 32, 32>, padded_shape = array<i64: 32, 32>} : i32
}
