// Errors in operations, regions, blocks and SSA names.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{expected operation name in quotes}}
42

// -----

// expected-error@+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// expected-error@+1 {{expected '(' to start operand list}}
"test.op" : () -> ()

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"test.op"(%0 : (i32) -> ()

// -----

// expected-error@+1 {{expected SSA operand}}
"test.op"(42) : (i32) -> ()

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"test.op"()

// -----

// expected-error@+1 {{expected function type}}
"test.op"() : i32

// -----

// expected-error@+1 {{expected 0 operand types but had 1}}
"test.op"() : (i32) -> ()

// -----

%x = "test.def"() : () -> i32
// expected-error@+1 {{expected 1 operand type but had 0}}
"test.op"(%x) : () -> ()

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "test.op"() : () -> (i32, i32)

// -----

// expected-error@+1 {{expected integer number of results}}
%0:0 = "test.op"() : () -> ()

// -----

// expected-error@+1 {{expected '=' after SSA name}}
%0 "test.op"() : () -> i32

// -----

// expected-error@+1 {{expected valid ssa identifier}}
%0, = "test.op"() : () -> (i32, i32)

// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"test.op"(%missing) : (i32) -> ()

// -----

%0 = "test.op"() : () -> i32
// expected-note@-1 {{previously defined here}}
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "test.op"() : () -> i32

// -----

%0 = "test.op"() : () -> i32
// expected-note@-1 {{prior use here}}
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"test.use"(%0) : (i64) -> ()

// -----

// expected-note@+1 {{previously used here with type 'i32'}}
"test.use"(%late) : (i32) -> ()
// expected-error@+1 {{definition of SSA value '%late#0' has type 'i64'}}
%late = "test.def"() : () -> i64

// -----

%p:2 = "test.pair"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"test.use"(%p#2) : (i32) -> ()

// -----

// expected-error@+1 {{expected '{' to start the properties dictionary}}
"test.op"() <1> : () -> ()

// -----

// expected-error@+1 {{expected '>' to close properties}}
"test.op"() <{a = 1} : () -> ()

// -----

// expected-error@+1 {{expected '{' to begin a region}}
"test.op"() (1) : () -> ()

// -----

// expected-error@+1 {{expected ')' to end region list}}
"test.op"() ({} : () -> ()

// -----

"test.op"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^nowhere] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{expected block name}}
"test.op"() ({ "test.br"()[42] : () -> () }) : () -> ()

// -----

// expected-error@+1 {{successors are only allowed inside a region}}
"test.br"()[^bb1] : () -> ()

// -----

"test.op"() ({
^bb0:
  "test.return"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
// expected-error@+1 {{expected ':' after block name}}
^bb0 42
}) : () -> ()

// -----

"test.op"() ({
// expected-error@+1 {{expected ')' to end argument list}}
^bb0(%a: i32:
}) : () -> ()

// -----

"test.op"() ({
// expected-error@+1 {{expected ':'}}
^bb0(%a i32):
}) : () -> ()

// -----

"test.op"() ({
// expected-error@+1 {{result number not allowed in argument list}}
^bb0(%a#1: i32):
}) : () -> ()

// -----

// A value defined in a region is not visible after it.
"test.op"() ({
  %inner = "test.def"() : () -> i32
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"test.use"(%inner) : (i32) -> ()

// -----

// An isolated-from-above op does not see values defined outside.
%outer = "test.def"() : () -> i32
func.func @f() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%outer) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{expected '#-}' to end the file metadata}}
{-# external_resources: {}

// -----

// expected-error@+2 {{invalid block name in region with named arguments}}
func.func @f(%a: i32) {
^bb0:
  return
}

// -----

// expected-error@+1 {{expected non-empty function body}}
func.func @f() {}

// -----

%p:2 = "test.pair"() : () -> (i32, i32)
// expected-error@+1 {{invalid SSA value result number}}
"test.use"(%p#99999999999) : (i32) -> ()

// -----

// expected-error@+1 {{null character not allowed in operation name}}
"a\00b"() : () -> ()

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{1 operands present, but expected 2}}
  func.return %a : i32, i32
}

// -----

func.func @f(%c: i1, %a: i32) {
  // expected-error@+1 {{expected one or two types}}
  %0 = arith.select %c, %a, %a : i1, i32, i32
  return
}

// -----

// expected-error@+1 {{unexpected trailing characters in dialect symbol body}}
func.func private @g() attributes {x = #arith<overflow<nsw> junk>}
