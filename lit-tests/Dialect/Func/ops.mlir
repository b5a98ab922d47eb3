// func.func, func.return and func.call in their custom forms.
// RUN: tilt-opt --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt %s | tilt-opt | FileCheck %s

// CHECK-LABEL: func.func private @decl(i32 {test.a}, f32) -> (i32 {test.b})
func.func private @decl(i32 {test.a}, f32) -> (i32 {test.b})

// CHECK-LABEL: func.func @multi(%arg0: i32, %arg1: f32 {test.x = 1 : i64}) -> (i32, f32) attributes {test.y} {
// CHECK-NEXT:   %[[R:.*]] = call @decl(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT:   return %[[R]], %arg1 : i32, f32
func.func @multi(%a: i32, %b: f32 {test.x = 1}) -> (i32, f32) attributes {test.y} {
  %r = func.call @decl(%a, %b) : (i32, f32) -> i32
  func.return %r, %b : i32, f32
}

// CHECK-LABEL: func.func public @vis() {
// CHECK-NEXT: return
func.func public @vis() {
  return
}

// A function type as the single result needs parentheses.
// CHECK-LABEL: func.func private @returns_fn() -> (() -> ())
func.func private @returns_fn() -> (() -> ())

// CHECK-LABEL: func.func nested @nested_vis
func.func nested @nested_vis() {
  return
}

// The older form: bare argument types, and an entry block that names them.
// CHECK-LABEL: func.func @entry_block(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
func.func @entry_block(i32, f32) -> i32 {
^bb0(%a: i32, %b: f32):
  return %a : i32
}

// Function values: results are named %f, %f_0, ...
// CHECK-LABEL: func.func @function_values(%arg0: i32) -> i32 {
// CHECK-NEXT: %f = constant @entry_block : (i32, f32) -> i32
// CHECK-NEXT: %f_0 = constant {test.tag} @vis : () -> ()
// CHECK-NEXT: %[[C:.*]] = arith.constant
// CHECK-NEXT: %[[R:.*]] = call_indirect %f(%arg0, %[[C]]) : (i32, f32) -> i32
// CHECK-NEXT: call_indirect %f_0() {test.call} : () -> ()
// CHECK-NEXT: return %[[R]] : i32
func.func @function_values(%a: i32) -> i32 {
  %f = func.constant @entry_block : (i32, f32) -> i32
  %g = constant {test.tag} @vis : () -> ()
  %c = arith.constant 1.0 : f32
  %r = func.call_indirect %f(%a, %c) : (i32, f32) -> i32
  call_indirect %g() {test.call} : () -> ()
  return %r : i32
}
