// cse removes side-effect-free ops equivalent to a dominating one, and
// unused ones.
// RUN: tilt-opt --cse %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect --cse %s | tilt-opt --allow-unregistered-dialect --cse | FileCheck %s

// CHECK-LABEL: func.func @simple
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// Different properties: not the same computation.
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %arg0 overflow<nsw> : i32
// Values flow into nested regions.
// CHECK-NEXT: %[[R:.*]] = scf.if %arg1 -> (i32) {
// CHECK-NEXT: scf.yield %[[A]] : i32
// CHECK: return %[[A]], %[[B]], %[[R]] : i32, i32, i32
func.func @simple(%a: i32, %c: i1) -> (i32, i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.addi %a, %a overflow<nsw> : i32
  %r = scf.if %c -> (i32) {
    %3 = arith.addi %a, %a : i32
    scf.yield %3 : i32
  } else {
    scf.yield %1 : i32
  }
  return %1, %2, %r : i32, i32, i32
}

// An op in a nested region is not visible after it; functions are
// separate scopes.
// CHECK-LABEL: func.func @scopes
// CHECK: scf.if
// CHECK: arith.muli
// CHECK: arith.muli
func.func @scopes(%a: i32, %c: i1) -> (i32, i32) {
  %r = scf.if %c -> (i32) {
    %0 = arith.muli %a, %a : i32
    scf.yield %0 : i32
  } else {
    scf.yield %a : i32
  }
  %1 = arith.muli %a, %a : i32
  return %r, %1 : i32, i32
}

// Unused ops without effects are erased (MLIR's cse counts them as
// num-dce'd), here a constant and an scf.if whose results are unused.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: return %arg0
func.func @dead(%a: i32, %c: i1) -> i32 {
  %0 = arith.constant 7 : i32
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return %a : i32
}
