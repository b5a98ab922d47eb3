// tt-verify: the L1 bytes of a core's circular buffers are summed with
// checked arithmetic: 2^32 pages of 2^32 bytes used to wrap to 0 and pass.
// RUN: tilt-opt --verify-diagnostics -p 'builtin.module(tt.program(tt-verify))' %s

// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+2 {{the circular buffers of core [0, 0] need more than 2^63 bytes of L1; wormhole_b0 has 1468006 usable (use fewer stages or smaller blocks)}}
  // expected-note@+1 {{c_0: 4294967296 pages of 4294967296 bytes ('f32') = more than 2^63 bytes}}
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4294967296, pages = 4294967296>
}
