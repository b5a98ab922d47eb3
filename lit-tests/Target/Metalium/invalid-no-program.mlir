// tilt-translate needs tt programs: a tile-level input is an error.
// RUN: tilt-translate --tt-to-metalium -o %t --verify-diagnostics %s

// expected-error@unknown {{no tt.program to emit (lower the input with --tile-to-tt first)}}
func.func @f() {
  return
}
