// The verifiers of op traits, exercised through the generic form of
// registered ops.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

%x = "foo.def"() : () -> i32
// expected-error@+1 {{'builtin.module' op requires zero operands}}
"builtin.module"(%x) ({
}) : (i32) -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires zero results}}
%m = "builtin.module"() ({
}) : () -> i32

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() <{sym_name = 1 : i32}> ({
}) : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op requires zero regions}}
  "func.return"() ({
  }) : () -> ()
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.negf' op requires a single operand}}
  %0 = "arith.negf"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires one result}}
  "arith.constant"() <{value = 1 : i32}> : () -> ()
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}

// -----

%x = "foo.def"() : () -> i32
// expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"(%x) : (i32) -> ()

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%n: index, %k: i32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%n, %n, %n, %k) ({
  ^bb0(%i: index):
    "scf.yield"(%k) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'foo.op'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "foo.op"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%a: i32):
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op requires attribute 'callee' to be a flat symbol reference}}
  "func.call"() : () -> ()
  return
}
