// A buffer's name becomes the host program's --in/--out option and a string
// in its source: it must be a C identifier.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the buffer name 'a"b' must be a C identifier: it names the host program's --in and --out options}}
  tt.buffer @"a\22b" size 4096 page_size 4096 {shape = array<i64: 32, 32>, padded_shape = array<i64: 32, 32>} : f32
}
