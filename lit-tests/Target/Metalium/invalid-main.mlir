// A kernel may not be called main: its file would be the host program's.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{a kernel named @main would overwrite the host program's main.cpp}}
  tt.kernel @main reader processor riscv_1 noc 1 {
  }
}
