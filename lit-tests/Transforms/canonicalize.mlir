// canonicalize folds arith ops, merges and hoists constants, and removes
// dead ops.
// RUN: tilt-opt --canonicalize %s | FileCheck %s
// RUN: tilt-opt --pass-pipeline='builtin.module(func.func(canonicalize{top-down=true}))' %s | FileCheck %s

// CHECK-LABEL: func.func @folds
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.muli
// CHECK: %[[LOOP:.*]] = scf.for
// CHECK: arith.addi %{{.*}}, %[[C7]] : i32
// CHECK: return %arg0, %[[C5]], %[[LOOP]] : i32, i32, i32
func.func @folds(%a: i32, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.muli %x, %c1 : i32
  %z = arith.addi %c2, %c3 : i32
  %dead = arith.muli %a, %a : i32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %r = scf.for %i = %i0 to %n step %i1 iter_args(%acc = %a) -> (i32) {
    %k = arith.constant 7 : i32
    %s = arith.addi %acc, %k : i32
    scf.yield %s : i32
  }
  return %y, %z, %r : i32, i32, i32
}

// No fold where MLIR would not: division by zero stays.
// CHECK-LABEL: func.func @no_fold_div_by_zero
// CHECK: arith.divsi
func.func @no_fold_div_by_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = arith.divsi %a, %c0 : i32
  return %r : i32
}

// Constants are reassociated: (x + 3) + 4 -> x + 7, with one constant left.
// CHECK-LABEL: func.func @reassociate
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[R:.*]] = arith.addi %arg0, %[[C7]] : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @reassociate(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %a = arith.addi %c3, %x : i32
  %b = arith.addi %a, %c4 : i32
  return %b : i32
}

// scf.if on a constant condition becomes the body of the taken region.
// CHECK-LABEL: func.func @static_if
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: return %[[S]] : i32
func.func @static_if(%x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  %r = scf.if %true -> (i32) {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %false {
    %dead = arith.muli %x, %y : i32
  }
  return %r : i32
}
