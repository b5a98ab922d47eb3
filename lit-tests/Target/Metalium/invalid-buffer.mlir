// The host program reads and writes bf16, f16, f32, i32 and one-byte integer buffers with their shapes.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the host program reads and writes bf16, f16, f32, i32, i8, ui8, i1, bfp8_b and bfp4_b buffers only}}
  tt.buffer @a size 8192 page_size 8192 {shape = array<i64: 32, 32>, padded_shape = array<i64: 32, 32>} : f64
}
