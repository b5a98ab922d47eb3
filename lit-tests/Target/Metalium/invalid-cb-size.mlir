// A circular buffer whose size does not fit CircularBufferConfig's 32-bit
// total: an error, never a wrapped size in plan.json or main.cpp.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{circular buffer 0 of 4294967296 pages of 4294967296 bytes exceeds the 2^32 bytes Metalium can configure}}
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4294967296, pages = 4294967296>
}
