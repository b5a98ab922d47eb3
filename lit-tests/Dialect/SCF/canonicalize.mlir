// scf canonicalization: loops with zero or one iteration, iter_args that
// need not be carried, dead loops, unused scf.if results and trivial ifs
// (the same output as mlir-opt --canonicalize: MLIRInterop/passes.test).
// RUN: tilt-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @zero_trip(
// CHECK-NEXT: return %arg0 : i32
func.func @zero_trip(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @same_bounds(
// CHECK-NEXT: return %arg0 : i32
func.func @same_bounds(%x: i32, %n: index) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @one_trip(
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT: return %0 : i32
func.func @one_trip(%x: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c2 to %c3 step %c8 iter_args(%a = %x) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %y = arith.addi %a, %v : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @two_trips(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c2 step %c1 iter_args(%arg2 = %arg0) -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
func.func @two_trips(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @iter_args(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0:3 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg1, %arg5 = %arg0, %arg6 = %arg0) -> (i32, i32, i32) {
// CHECK-NEXT: %1 = arith.addi %arg0, %arg4 : i32
// CHECK-NEXT: %2 = arith.muli %arg6, %arg6 : i32
// CHECK-NEXT: scf.yield %1, %arg1, %2 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0, %0#0, %0#1, %arg0 : i32, i32, i32, i32
func.func @iter_args(%x: i32, %z: i32, %n: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %z, %c = %x, %d = %x) -> (i32, i32, i32, i32) {
    %y = arith.addi %a, %b : i32
    %w = arith.muli %d, %d : i32
    scf.yield %a, %y, %z, %w : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %x : i32, i32, i32, i32
}

// CHECK-LABEL: func.func @dead_loop(
// CHECK-NEXT: return %arg0 : i32
func.func @dead_loop(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %x : i32
}

// CHECK-LABEL: func.func @if_unused(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
func.func @if_unused(%c: i1, %x: i32, %y: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#1 : i32
}


// An else branch left with only its yield is dropped, as mlir-opt does.
// CHECK-LABEL: func.func @empty_else(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @empty_else(%c: i1, %a: i32) {
  scf.if %c {
    "test.op"() : () -> ()
  } else {
    %x = arith.addi %a, %a : i32
  }
  return
}
