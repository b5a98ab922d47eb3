// Structural verifier errors.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %1 = arith.addi %0, %a : i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = arith.addi %a, %a : i32
  return %1 : i32
}

// -----

func.func @g(%c: i1) {
  "test.br"()[^bb1] : () -> ()
^bb1:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%y) : (i32) -> ()
  return
^bb2:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %y = "test.def"() : () -> i32
  "test.br"()[^bb1] : () -> ()
}

// -----

func.func @h() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "test.br"()[^bb1] : () -> ()
  return
^bb1:
  return
}

// -----

func.func @entry_preds() {
  // expected-error@+1 {{'test.wrap' op entry block of region may not have predecessors}}
  "test.wrap"() ({
  ^bb0:
    "test.br"()[^bb0] : () -> ()
  }) : () -> ()
  return
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @empty() {
^bb0:
}

// -----

func.func @no_terminator(%a: i32) {
  // expected-error@+1 {{block with no terminator, has %0 = "arith.addi"}}
  %0 = arith.addi %a, %a : i32
}

// -----

func.func @not_last() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "test.op"() : () -> ()
}

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "test.op"() : () -> ()
^bb1:
  "test.op"() : () -> ()
}) : () -> ()

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func private @dup()
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

// A value of one region used in a sibling region is out of scope, even in
// graph regions (found by the fuzzer).
"test.a"() ({
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
}) : () -> ()
"test.b"() ({
// expected-note@+1 {{operand defined here (op is neither in a parent nor in a child region)}}
^bb0(%x: i32):
  "test.return"() : () -> ()
}) : () -> ()
