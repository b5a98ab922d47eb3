// The walk driver makes one sweep: each op is tried once, and the ops a
// pattern creates are not revisited.
// RUN: tilt-opt -p "builtin.module(func.func(test-walk-patterns))" %s 2>/dev/null | FileCheck %s
// RUN: tilt-opt -p "builtin.module(func.func(test-walk-patterns))" %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// REMARK: remark: rewrites: 2
// CHECK-LABEL: func.func @walk
// CHECK-NEXT: "test.high"
// CHECK-NEXT: "test.chain"() {n = 2 : i64}
// Nothing is erased as dead.
// CHECK-NEXT: "test.pure"
func.func @walk(%a: i32) {
  %0 = "test.benefit"(%a) : (i32) -> i32
  "test.chain"() {n = 3 : i64} : () -> ()
  %1 = "test.pure"(%a) : (i32) -> i32
  return
}
