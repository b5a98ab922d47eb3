// Attribute errors.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = 300 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = 99999999999999999999} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"test.op"() {a = 1 : f32} : () -> ()
// expected-note@-1 {{add a trailing dot to make the literal a float}}

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.op"() {a = 0x7FC000001 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"test.op"() {a = -0x7FC00000 : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"test.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"test.op"() {a = 1 : none} : () -> ()

// -----

// expected-error@+1 {{expected constant integer or floating point value}}
"test.op"() {a = -x} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"test.op"() {a = } : () -> ()

// -----

// expected-error@+1 {{expected attribute name}}
"test.op"() {{a}} : () -> ()

// -----

// expected-error@+1 {{expected valid attribute name}}
"test.op"() {"" = 1} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"test.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"test.op"() {a = 1 b = 2} : () -> ()

// -----

// expected-error@+1 {{expected ']' in attribute list}}
"test.op"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{the builtin attribute 'affine_map' is not supported by Tilt}}
"test.op"() {a = affine_map<(d0) -> (d0)>} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.op"() {a = #nope} : () -> ()

// -----

// expected-error@+2 {{redefinition of attribute alias id 'a'}}
#a = 1
#a = 2

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#a.b = 1

// -----

// expected-error@+1 {{expected '=' in attribute alias definition}}
#a 1

// -----

// expected-error@+1 {{expected nested symbol reference identifier}}
"test.op"() {a = @a::b} : () -> ()

// -----

// expected-error@+1 {{expected '<' after 'array'}}
"test.op"() {a = array} : () -> ()

// -----

// expected-error@+1 {{expected integer or float type}}
"test.op"() {a = array<index: 1>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"test.op"() {a = array<i8: 300>} : () -> ()

// -----

// expected-error@+1 {{expected integer value}}
"test.op"() {a = array<i8: 1.5>} : () -> ()

// -----

// expected-error@+1 {{expected float value}}
"test.op"() {a = array<f32: true>} : () -> ()

// -----

// expected-error@+1 {{expected '>' to close an array attribute}}
"test.op"() {a = array<i8: 1 2>} : () -> ()

// -----

// expected-error@+1 {{expected '<' after 'dense'}}
"test.op"() {a = dense} : () -> ()

// -----

// expected-error@+1 {{hexadecimal dense elements are not supported by Tilt}}
"test.op"() {a = dense<"0x01020304"> : tensor<4xi8>} : () -> ()

// -----

// expected-error@+1 {{expected element literal of primitive type}}
"test.op"() {a = dense<[x]> : tensor<1xi8>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"test.op"() {a = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"test.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"test.op"() {a = dense<1> : i32} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"test.op"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"test.op"() {a = dense<1>} : () -> ()

// -----

// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"test.op"() {a = dense<true> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"test.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"test.op"() {a = dense<256> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{invalid element type for dense elements}}
"test.op"() {a = dense<1> : tensor<2x!foo.t>} : () -> ()

// -----

// Elements of a dense array take the array's type and have none of their
// own (found by the fuzzer); mlir-opt gives the same error.
// expected-error@+1 {{expected '>' to close an array attribute}}
"test.op"() {a = array<f32: 0x1 : i32>} : () -> ()
