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
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type i32, but provided i64 for operand number 0}}
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
  // expected-error@+1 {{'func.call' op result type mismatch at index 0}}
  %r = func.call @callee(%a) : (i32) -> i64
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @declared_public()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0(i64) must match the type of the corresponding argument in function signature(i32)}}
"func.func"() <{function_type = (i32) -> (), sym_name = "e"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type' to be a function type}}
"func.func"() <{function_type = i32, sym_name = "t"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires string attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

// expected-error@+1 {{expected consistent use of named arguments in the function signature}}
func.func @mixed(%a: i32, f32) {
  return
}

// -----

// expected-error@+1 {{expected named arguments for a function with a body}}
func.func @unnamed(i32) {
  return
}

// -----

// expected-error@+1 {{expected valid '@'-identifier for symbol name}}
func.func foo() {
  return
}

// -----

func.func @call_syntax() {
  // expected-error@+1 {{expected a symbol reference '@name' as the callee}}
  func.call "f"() : () -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "secret"}}
"func.func"() <{function_type = () -> (), sym_name = "v", sym_visibility = "secret"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects 'arg_attrs' to be an array of 1 dictionaries}}
"func.func"() <{arg_attrs = [], function_type = (i32) -> (), sym_name = "a", sym_visibility = "private"}> ({
}) : () -> ()
