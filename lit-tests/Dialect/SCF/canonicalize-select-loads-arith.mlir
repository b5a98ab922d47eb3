// scf.if yielding outside values becomes arith.select even though nothing in
// the input loads arith: scf depends on arith (as in MLIR), so the select is
// a registered op, prints in its custom form and the output verifies.
// RUN: tilt-opt --canonicalize %s | FileCheck %s
// RUN: tilt-opt --canonicalize %s | tilt-opt > /dev/null

// CHECK-LABEL: func.func @select_without_arith
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK: return %[[S]]
func.func @select_without_arith(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}
