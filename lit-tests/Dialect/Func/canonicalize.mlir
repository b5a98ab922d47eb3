// func canonicalization: a call through a constant function is direct.
// RUN: tilt-opt --canonicalize %s | FileCheck %s

func.func private @callee(i32) -> i32
func.func private @effect()

// CHECK-LABEL: func.func @known_callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %[[R:.*]] = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT: call @effect() : () -> ()
// CHECK-NEXT: return %[[R]] : i32
func.func @known_callee(%a: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %g = func.constant @effect : () -> ()
  %r = func.call_indirect %f(%a) {test.dropped} : (i32) -> i32
  func.call_indirect %g() : () -> ()
  return %r : i32
}

// A function passed in stays an indirect call; equal constants merge.
// CHECK-LABEL: func.func @unknown_callee(
// CHECK-SAME: %arg0: (i32) -> i32, %arg1: i32) -> ((i32) -> i32, (i32) -> i32) {
// CHECK-NEXT: %f = constant @callee : (i32) -> i32
// CHECK-NEXT: %[[R:.*]] = call_indirect %arg0(%arg1) : (i32) -> i32
// CHECK-NEXT: return %f, %f : (i32) -> i32, (i32) -> i32
func.func @unknown_callee(%f: (i32) -> i32, %a: i32) -> ((i32) -> i32, (i32) -> i32) {
  %r = func.call_indirect %f(%a) : (i32) -> i32
  %c1 = func.constant @callee : (i32) -> i32
  %c2 = func.constant @callee : (i32) -> i32
  return %c1, %c2 : (i32) -> i32, (i32) -> i32
}
