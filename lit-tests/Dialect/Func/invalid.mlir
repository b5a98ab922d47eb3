// func dialect verifier and parser errors.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

func.func @f() -> i32 {
  %c = arith.constant 1 : i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %c : i64
}

// -----

func.func @g() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@g) returns 1}}
  return
}

// -----

func.func @h() {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @bad_call(%a: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %r = func.call @callee(%a) : (i64) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @bad_count(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %r = func.call @callee(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @bad_results(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  func.call @callee(%a) : (i32) -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @bad_result_type(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'i64'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %r = func.call @callee(%a) : (i32) -> i64
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @declared_public()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "e"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "t"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @mixed(%a: i32, f32) {
  return
}

// -----

// Bare argument types with a body: the entry block must declare them.
// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @unnamed(i32) {
  return
}

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
func.func @unnamed_wrong_type(i32) {
^bb0(%a: f32):
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %f = func.constant @nope : (i32) -> i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @f : (i32) -> i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @f : i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'func.constant' op attribute 'value' failed to satisfy constraint: flat symbol reference attribute}}
  %f = "func.constant"() {value = "f"} : () -> ((i32) -> ())
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{invalid kind of attribute specified}}
  %f = func.constant @f::@g : (i32) -> ()
  return
}

// -----

func.func @f(%x: i32) {
  // expected-note@+1 {{prior use here}}
  %f = func.constant @f : (i32) -> ()
  // expected-error@+1 {{use of value '%f' expects different type than prior uses: '(i32) -> i32' vs '(i32) -> ()'}}
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return
}

// -----

func.func @f(%x: i32) {
  %f = func.constant @f : (i32) -> ()
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %r = "func.call_indirect"(%f, %x) : ((i32) -> (), i32) -> i32
  return
}

// -----

func.func @f(%x: i32) {
  %f = func.constant @f : (i32) -> ()
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  "func.call_indirect"(%f) : ((i32) -> ()) -> ()
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  "func.call_indirect"(%x) : (i32) -> ()
  return
}

// -----

func.func @f(%x: i32, %g: (i32) -> i32) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %r = func.call_indirect %g(%x) : i32
  return
}

// -----

func.func @f(%x: i32, %g: (i32) -> i32) {
  // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %r = func.call_indirect %g(%x, %x) : (i32) -> i32
  return
}

// -----

// expected-error@+1 {{expected valid '@'-identifier for symbol name}}
func.func foo() {
  return
}

// -----

func.func @call_syntax() {
  // expected-error@+1 {{custom op 'func.call' invalid kind of attribute specified}}
  func.call "f"() : () -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "secret"}}
"func.func"() <{function_type = () -> (), sym_name = "v", sym_visibility = "secret"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 0, but expected 1}}
"func.func"() <{arg_attrs = [], function_type = (i32) -> (), sym_name = "a", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @unnamed_then_named(i32, %a: f32) {
  return
}

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "t"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{invalid properties {function_type = () -> (), sym_name = 3 : i64} for op func.func: Invalid attribute `sym_name` in property conversion: 3 : i64}}
"func.func"() <{function_type = () -> (), sym_name = 3}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() <{arg_attrs = [1], function_type = (i32) -> (), sym_name = "a", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 0}}
"func.func"() <{res_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "a", sym_visibility = "private"}> ({
}) : () -> ()

// -----

func.func @redefined() {
  // expected-note@+1 {{previously defined here}}
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}
