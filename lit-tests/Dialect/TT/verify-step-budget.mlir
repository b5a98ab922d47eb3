// tt-verify follows each kernel for at most `max-steps` steps. A kernel it
// gives up on is not followed on the other cores (they run the same code),
// and no core's CB balance that depends on it is checked: before, a reader
// cut short on a large program (TileLang's FlashAttention over 8 x 32 x
// 4096 x 128) made compute's pops look unmatched, a false error.
// RUN: tilt-opt --verify-diagnostics -p 'builtin.module(tt.program(tt-verify{max-steps=200}))' %s | FileCheck %s

// CHECK-LABEL: tt.program @long
tt.program @long grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 100>
  // expected-warning@+1 {{tt-verify stopped following kernel @reader on core [0, 0] after 200 steps; its CB protocol is not checked (on any core)}}
  tt.kernel @reader reader cores [0, 0] to [1, 0] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1000 = arith.constant 1000 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 100>
    scf.for %i = %c0 to %c1000 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 100>
      cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 100>
    }
  }
  tt.kernel @compute compute cores [0, 0] to [1, 0] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 100>
    scf.for %i = %c0 to %c10 step %c1 {
      cb.wait_front %cb0, 100 : !cb.cb<bf16, page_size = 2048, pages = 100>
      cb.pop_front %cb0, 100 : !cb.cb<bf16, page_size = 2048, pages = 100>
    }
  }
}
