// Type errors.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"test.op"() : () -> i16777216

// -----

// expected-error@+1 {{expected non-function type}}
"test.op"() : () -> i32x

// -----

// expected-error@+1 {{the builtin type 'memref' is not supported by Tilt}}
"test.op"() : () -> memref<4xf32>

// -----

// expected-error@+1 {{unranked tensor types are not supported by Tilt}}
"test.op"() : () -> tensor<*xf32>

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"test.op"() : () -> tensor<4 f32>

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"test.op"() : () -> tensor<4xf32

// -----

// expected-error@+1 {{expected '<' in tensor type}}
"test.op"() : () -> tensor

// -----

// expected-error@+1 {{invalid tensor element type}}
"test.op"() : () -> tensor<4xnone>

// -----

// expected-error@+1 {{invalid dimension}}
"test.op"() : () -> tensor<99999999999999999999xf32>

// -----

// expected-error@+1 {{expected '->' in function type}}
"test.op"() {a = (i32)} : () -> ()

// -----

// expected-error@+1 {{expected ')'}}
"test.op"() {a = (i32 -> i32} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.op"() : () -> !nope

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"test.op"() : () -> !foo.bar<1, 2

// -----

// expected-error@+1 {{unbalanced ')' character in pretty dialect name}}
"test.op"() : () -> !foo.bar<1)>

// -----

// expected-error@+2 {{redefinition of type alias id 't'}}
!t = i32
!t = i64

// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32

// -----

// expected-error@+1 {{expected '=' in type alias definition}}
!t i32

// -----

// A dialect symbol needs a namespace (found by the fuzzer).
// expected-error@+1 {{expected a dialect namespace in '!.x'}}
"test.op"() : () -> !.x<1>

// -----

// expected-error@+1 {{expected a dialect namespace in '#-a.b'}}
"test.op"() {a = #-a.b} : () -> ()
