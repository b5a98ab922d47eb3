// An `expected ...` error sits where the missing text belongs, as in MLIR:
// right after the last token before the unexpected one, past blanks, blank
// lines and `//` comments.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32 // a comment

  // The operand is missing at the end of this line.
  // expected-error@+1 {{expected SSA operand}}
  %1 = arith.addi %a,
    : i32
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @f(%a: i32) -> {
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a %a : i32 // the comma is missing
  return
}

// -----

// expected-error@+1 {{expected attribute value}}
"test.op"() {a = 1, b = } : () -> ()
