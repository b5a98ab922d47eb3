// An extent past the tile dialect's limit (2^31) would wrap in the host
// program's uint32_t shapes: an error instead.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the buffer's extent 99999999999 is outside 1 to 2^31 (the tile dialect's limit)}}
  tt.buffer @a size 4096 page_size 4096 {shape = array<i64: 99999999999, 32>, padded_shape = array<i64: 99999999999, 32>} : f32
}
