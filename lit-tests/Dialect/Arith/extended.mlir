// addui_extended, mulsi_extended and mului_extended: syntax, result names,
// folds (constants, x + 0, x * 0, mului x * 1) and patterns (an unused
// second result makes the plain op; mulsi_extended(x, 1)).
// RUN: tilt-opt --verify-roundtrip %s | FileCheck %s --check-prefix=ROUND
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tilt-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// ROUND-LABEL: func.func @syntax(
// ROUND-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// ROUND-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// ROUND-NEXT: %low_0, %high_1 = arith.mului_extended %arg0, %arg1 {test.tag} : i32
// ROUND-NEXT: %sum_2, %overflow_3 = arith.addui_extended %arg2, %arg2 : tensor<4xi8>, tensor<4xi1>
// GENERIC: "arith.addui_extended"({{.*}}) : (i32, i32) -> (i32, i1)
// GENERIC: "arith.mulsi_extended"({{.*}}) : (i32, i32) -> (i32, i32)
func.func @syntax(%a: i32, %b: i32, %t: tensor<4xi8>) -> (i32, i1, i32, i32, i32, i32, tensor<4xi8>, tensor<4xi1>) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %a, %b {test.tag} : i32
  %s3, %o3 = arith.addui_extended %t, %t : tensor<4xi8>, tensor<4xi1>
  return %s, %o, %l, %h, %l2, %h2, %s3, %o3 : i32, i1, i32, i32, i32, i32, tensor<4xi8>, tensor<4xi1>
}

// 2000000000 + 2000000000 wraps past 2^31 but not 2^32: no carry.
// -7 * 2000000000 = -14000000000: low -1115098112, high -4 signed;
// unsigned, (2^32 - 7) * 2000000000 has high 1999999996.
// CANON-LABEL: func.func @folds(
// CANON-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CANON-DAG: %[[SUM:.*]] = arith.constant -294967296 : i32
// CANON-DAG: %[[FALSE:.*]] = arith.constant false
// CANON-DAG: %[[LOW:.*]] = arith.constant -1115098112 : i32
// CANON-DAG: %[[HIGHS:.*]] = arith.constant -4 : i32
// CANON-DAG: %[[HIGHU:.*]] = arith.constant 1999999996 : i32
// CANON: %[[NEG:.*]] = arith.cmpi slt, %arg0, %[[ZERO]] : i32
// CANON: %[[SIGN:.*]] = arith.extsi %[[NEG]] : i1 to i32
// CANON: %[[ADD:.*]] = arith.addi %arg0, %arg1 : i32
// CANON: %[[MUL:.*]] = arith.muli %arg0, %arg1 : i32
// CANON: return %[[SUM]], %[[FALSE]], %[[LOW]], %[[HIGHS]], %[[LOW]], %[[HIGHU]], %arg0, %[[FALSE]], %[[ZERO]], %[[ZERO]], %arg0, %[[SIGN]], %arg0, %[[ZERO]], %[[ADD]], %[[MUL]]
func.func @folds(%a: i32, %b: i32) -> (i32, i1, i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm = arith.constant -7 : i32
  %c9 = arith.constant 2000000000 : i32
  %s, %o = arith.addui_extended %c9, %c9 : i32, i1
  %l, %h = arith.mulsi_extended %cm, %c9 : i32
  %l2, %h2 = arith.mului_extended %cm, %c9 : i32
  %s3, %o3 = arith.addui_extended %a, %c0 : i32, i1
  %l4, %h4 = arith.mulsi_extended %a, %c0 : i32
  %l5, %h5 = arith.mulsi_extended %a, %c1 : i32
  %l6, %h6 = arith.mului_extended %a, %c1 : i32
  %s7, %o7 = arith.addui_extended %a, %b : i32, i1
  %l8, %h8 = arith.mului_extended %a, %b : i32
  return %s, %o, %l, %h, %l2, %h2, %s3, %o3, %l4, %h4, %l5, %h5, %l6, %h6, %s7, %l8 : i32, i1, i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32
}
