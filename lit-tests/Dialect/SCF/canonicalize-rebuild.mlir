// scf canonicalization of `unsigned` loops (bounds compared unsigned), of
// loops and ifs that are rebuilt (the `unsigned` flag and discardable
// attributes survive), and of an scf.if turned into arith.select in a module
// that uses no arith op (scf loads arith, as MLIR's dependent dialect).
// Same output as mlir-opt 22 --canonicalize.
// RUN: tilt-opt --canonicalize %s | FileCheck %s

// 0x7fffffff to 0x80000001 unsigned is two iterations, not zero.
// CHECK-LABEL: func.func @unsigned_two_trips
// CHECK: %[[R:.*]] = scf.for unsigned
// CHECK: return %[[R]]
func.func @unsigned_two_trips(%x: i32) -> i32 {
  %lb = arith.constant 2147483647 : i32
  %ub = arith.constant -2147483647 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%a = %x) -> (i32) : i32 {
    %n = arith.addi %a, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// 0xffffffff to 5 unsigned runs no iteration.
// CHECK-LABEL: func.func @unsigned_zero_trips
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]]
func.func @unsigned_zero_trips(%x: i32) -> i32 {
  %lb = arith.constant -1 : i32
  %ub = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%a = %x) -> (i32) : i32 {
    %n = arith.addi %a, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// 0xfffffffe + 4 wraps past 0xffffffff: one iteration.
// CHECK-LABEL: func.func @unsigned_one_trip
// CHECK-NOT: scf.for
// CHECK: arith.addi
func.func @unsigned_one_trip(%x: i32) -> i32 {
  %lb = arith.constant -2 : i32
  %ub = arith.constant -1 : i32
  %c4 = arith.constant 4 : i32
  %r = scf.for unsigned %i = %lb to %ub step %c4 iter_args(%a = %x) -> (i32) : i32 {
    %n = arith.addi %a, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// Dropping an iter_arg rebuilds the loop: `unsigned` and my.attr stay.
// CHECK-LABEL: func.func @for_rebuilt_keeps_attrs
// CHECK: scf.for unsigned %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK: } {my.attr = 7 : i64}
func.func @for_rebuilt_keeps_attrs(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> i32 {
  %r:2 = scf.for unsigned %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = arith.addi %a, %a : i32
    scf.yield %n, %b : i32, i32
  } {my.attr = 7 : i64}
  return %r#0 : i32
}

// Dropping an scf.if result rebuilds the if: my.attr stays.
// CHECK-LABEL: func.func @if_rebuilt_keeps_attrs
// CHECK: scf.if %{{.*}} -> (i32) {
// CHECK: } {my.attr = 7 : i64}
func.func @if_rebuilt_keeps_attrs(%c: i1, %x: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    %n = arith.addi %x, %x : i32
    scf.yield %n, %n : i32, i32
  } else {
    scf.yield %x, %x : i32, i32
  } {my.attr = 7 : i64}
  return %r#0 : i32
}
