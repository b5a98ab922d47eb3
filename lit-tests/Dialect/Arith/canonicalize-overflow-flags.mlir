// Overflow flags on arith reassociation, as mlir-opt 22 --canonicalize keeps
// them: subi(subi(x, y), x) -> subi(0, y) keeps the flags both ops had
// (MLIR's SubISubILHSRHSLHS with MergeOverflow).
// RUN: tilt-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @sub_sub_lhs_rhs_lhs_keeps_common_flags
// CHECK-SAME: (%{{.*}}: i32, %[[Y:.*]]: i32)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[R:.*]] = arith.subi %[[ZERO]], %[[Y]] overflow<nsw> : i32
// CHECK: return %[[R]]
func.func @sub_sub_lhs_rhs_lhs_keeps_common_flags(%x: i32, %y: i32) -> i32 {
  %a = arith.subi %x, %y overflow<nsw, nuw> : i32
  %b = arith.subi %a, %x overflow<nsw> : i32
  return %b : i32
}

// CHECK-LABEL: func.func @sub_sub_lhs_rhs_lhs_no_common_flags
// CHECK: arith.subi %{{.*}}, %{{.*}} : i32
func.func @sub_sub_lhs_rhs_lhs_no_common_flags(%x: i32, %y: i32) -> i32 {
  %a = arith.subi %x, %y overflow<nuw> : i32
  %b = arith.subi %a, %x overflow<nsw> : i32
  return %b : i32
}
