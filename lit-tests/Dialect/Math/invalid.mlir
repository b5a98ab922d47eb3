// RUN: tilt-opt --split-input-file --verify-diagnostics %s

func.func @int(%x: i32) {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %x : i32
  return
}
