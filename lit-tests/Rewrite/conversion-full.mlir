// RUN: tilt-opt --split-input-file --verify-diagnostics --test-legalize=full %s | FileCheck %s
// The second piece converts partially: the cast stays.
// RUN: tilt-opt --split-input-file --test-legalize %s | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: // -----
// PARTIAL: builtin.unrealized_conversion_cast

// A full conversion succeeds when every op is legal and the casts cancel.
// CHECK-LABEL: func.func @cancel
// CHECK-NOT: unrealized_conversion_cast
// CHECK: "test.consume32"
// CHECK-NEXT: return
// CHECK: // -----
// CHECK-NOT: func.func
func.func @cancel() {
  %1 = "test.source"() : () -> i64
  "test.consume"(%1) : (i64) -> ()
  return
}

// -----

// A full conversion also fails on ops of unknown legality and on values
// still needed in their old type.
// expected-error@+1 {{pass 'test-legalize' failed on 'builtin.module'}}
module {
func.func @full_only(%a: i32) -> i64 {
  // expected-error@+1 {{failed to legalize: a value converted to 'i32' is still used as 'i64' by 'func.return'}}
  %1 = "test.source"() : () -> i64
  return %1 : i64
}
}
