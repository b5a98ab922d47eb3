// The conversion driver (test-legalize): test.illegal becomes test.legal,
// test.source/test.consume convert i64 to i32, test.dynamic is legal with `ok`.
// RUN: tilt-opt --split-input-file --verify-diagnostics --test-legalize %s | FileCheck %s

// A partial conversion bridges the value still needed as i64 with a cast;
// the converted user takes the i32 value directly.
// CHECK-LABEL: func.func @partial
// CHECK-NEXT: %[[L:.*]] = "test.legal"(%arg0) : (i32) -> i32
// CHECK-NEXT: %[[S:.*]] = "test.source32"() : () -> i32
// CHECK-NEXT: %[[C:.*]] = builtin.unrealized_conversion_cast %[[S]] : i32 to i64
// CHECK-NEXT: "test.consume32"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: "test.dynamic"() {ok}
// CHECK-NEXT: return %[[L]], %[[C]] : i32, i64
func.func @partial(%a: i32) -> (i32, i64) {
  %0 = "test.illegal"(%a) : (i32) -> i32
  %1 = "test.source"() : () -> i64
  "test.consume"(%1) : (i64) -> ()
  "test.dynamic"() {ok} : () -> ()
  return %0, %1 : i32, i64
}

// -----

// When both sides are converted the casts cancel out and none remains.
// CHECK-LABEL: func.func @cancel
// CHECK-NEXT: %[[S:.*]] = "test.source32"() : () -> i32
// CHECK-NEXT: "test.consume32"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: "test.consume32"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: return
func.func @cancel() {
  %1 = "test.source"() : () -> i64
  "test.consume"(%1) : (i64) -> ()
  "test.consume"(%1) : (i64) -> ()
  return
}

// -----

// Every op that cannot be legalized gets its own error; nothing is printed.
// expected-error@+1 {{pass 'test-legalize' failed on 'builtin.module'}}
module {
func.func @failures(%a: i32) {
  %0 = "test.illegal"(%a) : (i32) -> i32
  // expected-error@+1 {{failed to legalize operation 'test.no_pattern' that was explicitly marked illegal}}
  "test.no_pattern"(%0) : (i32) -> ()
  // expected-error@+2 {{failed to legalize operation 'test.dynamic' that was explicitly marked illegal}}
  // expected-note@+1 {{last reason given by a pattern: test.dynamic is never rewritten}}
  "test.dynamic"() : () -> ()
  // expected-error@+2 {{failed to legalize operation 'test.recursive'}}
  // expected-note@+1 {{patterns kept creating ops to legalize}}
  "test.recursive"() : () -> ()
  return
}
}
