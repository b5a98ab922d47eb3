// A kernel op with no Metalium spelling is an error at the op.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader processor riscv_1 noc 1 {
    // expected-error@+1 {{cannot be written as Metalium C++: only integer constants exist in kernels}}
    %x = arith.constant 1.0 : f32
  }
}
