// arith reassociation and cancellation patterns (MLIR's), overflow flags
// merged as MLIR does.
// RUN: tilt-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @add_add(
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32
// CHECK-NEXT: return %0 : i32
func.func @add_add(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c2 overflow<nsw> : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @add_sub_rhs(
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT: return %0 : i32
func.func @add_sub_rhs(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = arith.subi %x, %c5 : i32
  %1 = arith.addi %0, %c7 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @add_sub_lhs(
// CHECK-NEXT: %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT: %0 = arith.subi %c12_i32, %arg0 : i32
// CHECK-NEXT: return %0 : i32
func.func @add_sub_lhs(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = arith.subi %c5, %x : i32
  %1 = arith.addi %0, %c7 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @add_mul_neg(
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
func.func @add_mul_neg(%x: i32, %y: i32) -> (i32, i32) {
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %y, %m1 : i32
  %1 = arith.addi %x, %0 : i32
  %2 = arith.addi %0, %x : i32
  return %1, %2 : i32, i32
}

// CHECK-LABEL: func.func @mul_mul(
// CHECK-NEXT: %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c12_i32 : i32
// CHECK-NEXT: return %0 : i32
func.func @mul_mul(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.muli %x, %c3 : i32
  %1 = arith.muli %0, %c4 : i32
  return %1 : i32
}

// Constants made by rewrites go to the top in reverse order of creation,
// as mlir-opt places them.
// CHECK-LABEL: func.func @sub_cases(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c-2_i32 : i32
// CHECK-NEXT: %1 = arith.subi %c2_i32, %arg0 : i32
// CHECK-NEXT: %2 = arith.subi %arg0, %c12_i32 : i32
// CHECK-NEXT: %3 = arith.subi %c-2_i32, %arg0 : i32
// CHECK-NEXT: %4 = arith.subi %c12_i32, %arg0 : i32
// CHECK-NEXT: %5 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT: %6 = arith.subi %c0_i32, %arg1 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
func.func @sub_cases(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %a = arith.addi %x, %c5 : i32
  %0 = arith.subi %a, %c7 : i32
  %1 = arith.subi %c7, %a : i32
  %s = arith.subi %x, %c5 : i32
  %2 = arith.subi %s, %c7 : i32
  %t = arith.subi %c5, %x : i32
  %3 = arith.subi %t, %c7 : i32
  %4 = arith.subi %c7, %s : i32
  %5 = arith.subi %c7, %t : i32
  %u = arith.subi %x, %y : i32
  %6 = arith.subi %u, %x : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @cancel(
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg1 : i32, i32, i32, i32
func.func @cancel(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %s = arith.subi %a, %b : i32
  %0 = arith.addi %s, %b : i32
  %1 = arith.addi %b, %s : i32
  %p = arith.addi %a, %b : i32
  %2 = arith.subi %p, %b : i32
  %3 = arith.subi %p, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %0 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT: %1 = arith.index_cast %0 : index to i64
// CHECK-NEXT: return %arg0, %1 : index, i64
func.func @casts(%i: index, %j: i32) -> (index, i64) {
  %0 = arith.index_cast %i : index to i32
  %1 = arith.index_cast %0 : i32 to index
  %2 = arith.index_cast %j : i32 to index
  %3 = arith.index_cast %2 : index to i64
  return %1, %3 : index, i64
}

