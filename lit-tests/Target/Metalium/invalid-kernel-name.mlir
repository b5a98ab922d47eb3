// A kernel's name becomes its file name: it must be a C identifier, so that
// no name can write outside the output directory.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{the kernel name '../reader' must be a C identifier: it names the kernel's source file}}
  tt.kernel @"../reader" reader processor riscv_1 noc 1 {
  }
}
