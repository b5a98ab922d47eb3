// scf verifier errors.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%n, %n, %k) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, i32) -> ()
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op types mismatch between 0th iter operand and defined value}}
  %r = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> f32
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32) {
    %f = "test.f"() : () -> f32
    // expected-error@+1 {{'scf.yield' op type of operand #0 (f32) does not match result #0 of the parent 'scf.for' (i32)}}
    scf.yield %f : f32
  }
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32) {
    // expected-error@+1 {{'scf.yield' op number of operands (0) does not match the number of results of the parent 'scf.for' (1)}}
    scf.yield
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    %v = "test.v"() : () -> i32
    "scf.yield"(%v) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op expects its body to end with 'scf.yield'}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    "test.other"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32, i32) {
    scf.yield %a : i32
  }
  return
}
