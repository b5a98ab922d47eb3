// A kernel may not be called host_io: its file would be the source of the
// host program's helpers.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{a kernel named @host_io would overwrite the host program's host_io.cpp}}
  tt.kernel @host_io reader processor riscv_1 noc 1 {
  }
}
