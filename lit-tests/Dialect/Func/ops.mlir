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
