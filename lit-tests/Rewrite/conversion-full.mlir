// RUN: tilt-opt --verify-diagnostics --test-legalize=full %s
// RUN: tilt-opt --test-legalize %s | FileCheck %s
// CHECK: builtin.unrealized_conversion_cast

// A full conversion also fails on ops of unknown legality and on values
// still needed in their old type.
// expected-error@+1 {{pass 'test-legalize' failed on 'builtin.module'}}
module {
func.func @full_only(%a: i32) -> i64 {
  // expected-error@+1 {{failed to legalize: a value converted to i32 is still used as i64 by 'func.return'}}
  %1 = "test.source"() : () -> i64
  return %1 : i64
}
}
