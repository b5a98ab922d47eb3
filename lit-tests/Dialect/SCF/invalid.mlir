// scf verifier errors.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// Property kinds: MLIR reports these while converting properties, Tilt in
// the verifier.
func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op attribute 'cases' failed to satisfy constraint: i64 dense array attribute}}
  "scf.index_switch"(%i) <{cases = array<i32>}> ({
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op attribute 'no_inline' failed to satisfy constraint: unit attribute}}
  "scf.execute_region"() <{no_inline = 1}> ({
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.parallel' op 'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got 3}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'staticStep' failed to satisfy constraint: i64 dense array attribute}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i32: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

// A mapping that is no array (mlir-opt drops it from the custom form).
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = 1}
  return
}

// -----

// An op in scf.forall.in_parallel: MLIR takes tensor.parallel_insert_slice
// there, which Tilt lacks, so the region must stay empty.
func.func @f(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error@+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      "tensor.parallel_insert_slice"() : () -> ()
    }
  }
  return
}

// -----

// MLIR-CHECKED: the cases from here on give the same diagnostics under
// mlir-opt --verify-diagnostics (MLIRInterop/scf-control.test runs them).

// scf.for: operand and region counts, checked first.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op requires one region}}
  "scf.for"(%n, %n) ({
  }, {
  }) : (index, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op expected 3 or more operands, but found 2}}
  "scf.for"(%n, %n) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

// scf.for: one block, not empty.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op expects a non-empty block}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: i32):
  }) : (index, index, index) -> ()
  return
}

// -----

// scf.for: the unsignedCmp property is a unit attribute.
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{invalid properties {unsignedCmp = 1 : i64} for op scf.for: Invalid attribute `unsignedCmp` in property conversion: 1 : i64}}
  "scf.for"(%n, %n, %k) <{unsignedCmp = 1}> ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, i32) -> ()
  return
}

// -----

// scf.for: bounds and step of one integer or index type, each checked.
func.func @f(%n: index, %s: f32) {
  // expected-error@+1 {{'scf.for' op operand #2 must be signless integer or index, but got 'f32'}}
  "scf.for"(%n, %n, %s) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, f32) -> ()
  return
}

// -----

func.func @f(%n: f32) {
  // expected-error@+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  scf.for %i = %n to %n step %n : f32 {
  }
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%n, %n, %k) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, i32) -> ()
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%n: index, %s: i32) {
  // expected-error@+1 {{use of value '%s' expects different type than prior uses: 'index' vs 'i32'}}
  scf.for %i = %n to %n step %s {
  }
  return
}

// -----

// scf.for: a region of one block, after the type checks.
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%n, %n, %k) ({
  }) : (index, index, i32) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  }) : (index, index, index) -> ()
  return
}

// -----

// scf.for: custom-form syntax errors, named after the op when its parser
// reports them.
func.func @f(%n: index) {
  // expected-error@+1 {{custom op 'scf.for' expected 'to'}}
  scf.for %i = %n %n step %n {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{custom op 'scf.for' expected 'step'}}
  scf.for %i = %n to %n %n {
  }
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{custom op 'scf.for' expected '('}}
  %r = scf.for %i = %n to %n step %n iter_args %k -> (i32) {
    scf.yield %k : i32
  }
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{expected ',' or ')'}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k -> (i32) {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %r = scf.for %i = %n to %n step %n iter_args() -> () {
  }
  return
}

// -----

// scf.for: one result per initial value, in the custom form as it parses.
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32, i32) {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %r:2 = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %r = "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> i32
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{use of value '%k' expects different type than prior uses: 'f32' vs 'i32'}}
  %s = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (f32) {
    scf.yield %a : f32
  }
  return
}

// -----

// scf.for: the body ends in scf.yield, checked after the nested ops.
func.func @f(%n: index) {
  // expected-error@+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'test.other'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    "test.other"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    %x = "test.v"() : () -> f32
    // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
    %y = arith.addi %x, %x : f32
    "test.other"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

// An unregistered op may be a terminator: the parser still adds scf.yield.
func.func @f(%n: index, %k: i32) {
  // expected-error@+2 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32) {
    "test.x"() : () -> ()
  }
  return
}

// -----

// scf.for: one block argument per initial value after the induction
// variable (with none at all, MLIR counts 2^64 - 1 iteration arguments).
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: index):
    "scf.yield"(%k) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "scf.for"(%n, %n, %n) ({
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

// scf.for: scf.yield yields one value per iteration argument.
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a, %a) : (i32, i32) -> ()
  }) : (index, index, index, i32) -> f32
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32) {
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

// scf.for: initial values, iteration arguments, yielded values and results
// of the same types.
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op 1-th init and 1-th region iter_arg have different type: 'i32' != 'f32'}}
  %r:2 = "scf.for"(%n, %n, %n, %k, %k) ({
  ^bb0(%i: index, %a: i32, %b: f32):
    "scf.yield"(%a, %b) : (i32, f32) -> ()
  }) : (index, index, index, i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %k) -> (i32) {
    %f = "test.f"() : () -> f32
    scf.yield %f : f32
  }
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'}}
  %r = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> f32
  return
}

// -----

// MLIR 22 numbers a mismatched result 0 whatever its position.
func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'}}
  %r:2 = "scf.for"(%n, %n, %n, %k, %k) ({
  ^bb0(%i: index, %a: i32, %b: i32):
    "scf.yield"(%a, %b) : (i32, i32) -> ()
  }) : (index, index, index, i32, i32) -> (i32, f32)
  return
}

// -----

// scf.for: the induction variable has the type of the bounds, checked last.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: i32, %a: i32):
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

// scf.if: two regions, one operand.
func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c, %c) ({
    "scf.yield"() : () -> ()
  }) : (i1, i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op requires a single operand}}
  "scf.if"(%c, %c) ({
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }, {
  }) : (i1, i1) -> ()
  return
}

// -----

// scf.if: blocks, not empty, without arguments.
func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects region #1 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects a non-empty block}}
  "scf.if"(%c) ({
  ^bb0:
  }, {
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

// scf.if: an i1 condition.
func.func @f(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
  }, {
  }) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%c: i32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %c {
  }
  return
}

// -----

// scf.if: a then block.
func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

// scf.if: an else block when there are results, checked before the
// yielded values.
func.func @f(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  %r = "scf.if"(%c) ({
    %v = "test.v"() : () -> i32
    "scf.yield"(%v) : (i32) -> ()
  }, {
  }) : (i32) -> i32
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (i32) {
    %v = "test.v"() : () -> f32
    scf.yield %v : f32
  }
  return
}

// -----

// scf.if: both regions end in scf.yield, checked after the nested ops.
func.func @f(%c: i1) {
  // expected-error@+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'test.other'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
    "test.other"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  "scf.if"(%c) ({
    %x = "test.v"() : () -> f32
    // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
    %y = arith.addi %x, %x : f32
    "test.other"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

// scf.if: each scf.yield against the results, then region first.
func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    %v = "test.v"() : () -> f32
    // expected-note@+1 {{region branch point}}
    scf.yield %v : f32
  } else {
    scf.yield
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> (i32) {
    %v = "test.v"() : () -> i32
    scf.yield %v : i32
  } else {
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  scf.if %c {
    %v = "test.v"() : () -> i32
    // expected-note@+1 {{region branch point}}
    scf.yield %v : i32
  }
  return
}

// -----

// An implicit scf.yield has the location of the op.
func.func @f(%c: i1) {
  // expected-error@+2 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = scf.if %c -> (i32) {
  } else {
  }
  return
}

// -----

// scf.yield: only as the terminator of its parents.
func.func @f() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @f() {
  "test.region"() ({
    // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    // expected-error@+1 {{'scf.yield' op must be the last operation in the parent block}}
    scf.yield
    "test.x"() : () -> ()
  }
  return
}

// -----

// scf.while: a non-function type.
func.func @f(%x: i32) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %r = scf.while (%a = %x) : i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

// scf.while: the initial values as an assignment list.
func.func @f(%x: i32) {
  // expected-error@+1 {{expected ',' or ')'}}
  %r = scf.while (%a = %x : i32 {
    %c = "foo.c"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

// scf.while: one input type per initial value.
func.func @f(%x: i32) {
  // expected-error@+1 {{expected as many input types as operands (expected 1 got 2)}}
  %r = scf.while (%a = %x) : (i32, i32) -> i32 {
    %c = "foo.c"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

// scf.while: two regions.
func.func @f() {
  // expected-error@+1 {{'scf.while' op expected 2 regions}}
  "scf.while"() ({
    %c = "foo.c"() : () -> i1
    "scf.condition"(%c) : (i1) -> ()
  }) : () -> ()
  return
}

// -----

// scf.while: the after region needs a block.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op region #1 ('after') failed to verify constraint: region with 1 blocks}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    %c = "foo.c"() : () -> i1
    "scf.condition"(%c, %a) : (i1, i32) -> ()
  }, {
  }) : (i32) -> i32
  return
}

// -----

// scf.while: one block per region.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op expects region #1 to have 0 or 1 blocks}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    "foo.br"()[^bb1] : () -> ()
  ^bb1:
    scf.yield %b : i32
  }
  return
}

// -----

// scf.while: an empty block.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op expects a non-empty block}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}

// -----

// scf.while: the before region ends in scf.condition.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    // expected-note@+1 {{terminator here}}
    scf.yield %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

// scf.while: the after region ends in scf.yield.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    // expected-note@+1 {{terminator here}}
    "foo.t"() : () -> ()
  }
  return
}

// -----

// scf.while: the initial values against the before region's arguments.
func.func @f(%x: i32) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 2 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32, %a2: i32):
    %c = "foo.c"() : () -> i1
    "scf.condition"(%c, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b, %b) : (i32, i32) -> ()
  }) : (i32) -> i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  // expected-note@+1 {{region branch point}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: f32):
    %c = "foo.c"() : () -> i1
    "scf.condition"(%c, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%b: i32):
    %f = "foo.f"() : () -> f32
    "scf.yield"(%f) : (f32) -> ()
  }) : (i32) -> i32
  return
}

// -----

// scf.condition against the results.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    %f = "foo.f"() : () -> f32
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %f : f32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

// scf.condition against the after region's arguments.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : i32
  }
  return
}

// -----

// scf.yield of the after region against the before region's arguments.
func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %f = "foo.f"() : () -> f32
    // expected-note@+1 {{region branch point}}
    scf.yield %f : f32
  }
  return
}

// -----

// scf.condition: only in scf.while, with an i1 condition.
func.func @f(%x: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%x) : (i1) -> ()
  return
}

// -----

func.func @f(%x: i32) {
  "scf.while"() ({
    // expected-error@+1 {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
    "scf.condition"(%x) : (i32) -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// scf.index_switch: an index operand.
func.func @f(%i: i32) {
  // expected-error@+1 {{'scf.index_switch' op operand #0 must be index, but got 'i32'}}
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
    "scf.yield"() : () -> ()
  }) : (i32) -> ()
  return
}

// -----

// scf.index_switch: the case values.
func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op requires attribute 'cases'}}
  "scf.index_switch"(%i) ({
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  "scf.index_switch"(%i) <{cases = array<i64: 1, 2>}> ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}

// -----

// scf.index_switch: a default region, of one block.
func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected 1 or more regions}}
  "scf.index_switch"(%i) <{cases = array<i64>}> : (index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op region #0 ('defaultRegion') failed to verify constraint: region with 1 blocks}}
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
  }) : (index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expects region #1 to have 0 or 1 blocks}}
  "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    "scf.yield"() : () -> ()
  }, {
    "foo.br"()[^bb1] : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// scf.index_switch: case regions have no implicit terminator.
func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got foo.x}}
  scf.index_switch %i
  case 1 {
    "foo.x"() : () -> ()
  }
  default {
  }
  return
}

// -----

// scf.index_switch: every region yields the results.
func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %r = scf.index_switch %i -> i32
  case 1 {
    // expected-note@+1 {{see yield operation here}}
    scf.yield
  }
  default {
    %c = "foo.c"() : () -> i32
    scf.yield %c : i32
  }
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %i -> i32
  case 1 {
    %c = "foo.c"() : () -> i32
    scf.yield %c : i32
  }
  default {
    %f = "foo.f"() : () -> f32
    // expected-note@+1 {{default region returns 'f32' here}}
    scf.yield %f : f32
  }
  return
}

// -----

// scf.execute_region: no operands, a block without arguments.
func.func @f(%i: index) {
  // expected-error@+1 {{'scf.execute_region' op requires zero operands}}
  "scf.execute_region"(%i) ({
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%a: index):
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{empty block: expect at least a terminator}}
  %r = scf.execute_region -> i32 {
  ^bb0:
  }
  return
}

// -----

// scf.execute_region: each scf.yield against the results.
func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.execute_region -> i32 {
    "foo.br"()[^bb1] : () -> ()
  ^bb1:
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.execute_region -> i32 {
    %f = "foo.f"() : () -> f32
    // expected-note@+1 {{region branch point}}
    scf.yield %f : f32
  }
  return
}

// -----

// scf.parallel: operand groups.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.parallel' op operand count (3) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "scf.parallel"(%n, %n, %n) ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.parallel' op 'operandSegmentSizes' attribute cannot have negative elements}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, -1, 1, 2>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.parallel' op operand #1 must be variadic of index, but got 'i32'}}
  "scf.parallel"(%n, %k, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, i32, index) -> ()
  return
}

// -----

// scf.parallel: one bound of each kind per induction variable.
func.func @f(%n: index) {
  // expected-error@+1 {{expected 2 operands}}
  scf.parallel (%i, %j) = (%n) to (%n, %n) step (%n, %n) {
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%n) to (%n) step (%c0) {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: i32):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

// scf.parallel: an scf.reduce terminator with one reduction per result.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    // expected-note@+1 {{terminator here}}
    "foo.x"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @f(%n: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%y : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}

// -----

// scf.reduce: one region per operand, two arguments of its type, ending in
// scf.reduce.return.
func.func @f(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 2}}
    scf.reduce(%x, %x : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks}}
    "scf.reduce"(%x) ({
    }) : (f32) -> ()
  }
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      "foo.x"() : () -> ()
    }
  }
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    // expected-error@+1 {{empty block: expect at least a terminator}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
    }
  }
  return
}

// -----

// scf.reduce.return: of the reduction's type.
func.func @f(%n: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %y : i32
    }
  }
  return
}

// -----

// scf.reduce and scf.reduce.return: only in their parents.
func.func @f() {
  // expected-error@+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  scf.reduce.return %x : f32
}

// -----

// scf.forall: the static lists.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op requires attribute 'staticUpperBound'}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected 1 upper bound values, got 2}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808, 3>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 3>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

// scf.forall: shared_outs are ranked tensors, one result each.
func.func @f(%n: index, %t: f32) {
  // expected-error@+1 {{'scf.forall' op operand #1 must be variadic of ranked tensor of any type values, but got 'f32'}}
  %r = "scf.forall"(%n, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: f32):
    scf.forall.in_parallel {
    }
  }) : (index, f32) -> f32
  return
}

// -----

func.func @f(%n: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op produces 2 results, but has only 1 outputs}}
  %r:2 = "scf.forall"(%n, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// scf.forall: one index argument per loop, then one per shared_out.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %j: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: i32):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %r = "scf.forall"(%n, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<5xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// scf.forall: a block ending in scf.forall.in_parallel.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op expects a non-empty block}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+2 {{'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'foo.x'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "foo.x"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// scf.forall: a mapping of device mapping attributes, one per loop, with
// at most one mask.
func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [#foo.thread<x>]}
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (%n, %n) {
  } {mapping = [#gpu.thread<x>]}
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op "mapping" supports at most one device masking attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.lane<y>, #gpu.mask<3>, #gpu.mask<3>]}
  return
}

// -----

// scf.forall.in_parallel: only as the terminator of scf.forall, with one
// block.
func.func @f() {
  // expected-error@+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
  scf.forall.in_parallel {
  }
  return
}

// -----

func.func @f(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error@+1 {{'scf.forall.in_parallel' op must be the last operation in the parent block}}
    scf.forall.in_parallel {
    }
    scf.forall.in_parallel {
    }
  }
  return
}

// -----

func.func @f(%n: index) {
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    // expected-error@+1 {{'scf.forall.in_parallel' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
    "scf.forall.in_parallel"() ({
    }) : () -> ()
  }) : (index) -> ()
  return
}
