// func.func errors that mlir-opt 22 reports with these messages: a func.func
// outside a symbol table, and argument or result attributes without a
// dialect prefix.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

// A func.func nested in a func.func.
func.func @outer() {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    return
  }
  return
}

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @arg_attr(%a: i32 {foo}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func @result_attr() -> (i32 {foo}) {
  %c = arith.constant 0 : i32
  return %c : i32
}

// -----

// Dialect-prefixed attributes are accepted.
func.func @prefixed(%a: i32 {my.attr}) -> (i32 {my.other = 1 : i64}) {
  return %a : i32
}
