// arith on ranked tensors: elementwise ops, compares with i1 tensors,
// selects, casts, and folds of splat and element-list constants.
// RUN: tilt-opt --verify-roundtrip %s | FileCheck %s --check-prefix=ROUND
// RUN: tilt-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// ROUND-LABEL: func.func @ops(
// ROUND: arith.addi %arg0, %arg0 : tensor<4xi32>
// ROUND: arith.addf %arg1, %arg1 fastmath<fast> : tensor<4xf32>
// ROUND: %[[C:.*]] = arith.cmpi slt, %arg0, %arg0 : tensor<4xi32>
// ROUND: arith.select %[[C]], %arg0, %arg0 : tensor<4xi1>, tensor<4xi32>
// ROUND: arith.extsi %arg0 : tensor<4xi32> to tensor<4xi64>
// ROUND: arith.cmpf olt, %arg1, %arg1 : tensor<4xf32>
// ROUND: arith.index_cast %arg2 : tensor<?xi32> to tensor<?xindex>
// ROUND: arith.extf %arg1 fastmath<fast> : tensor<4xf32> to tensor<4xf64>
// ROUND: arith.select %arg3, %arg0, %arg0 : tensor<4xi32>
func.func @ops(%a: tensor<4xi32>, %b: tensor<4xf32>, %d: tensor<?xi32>, %s: i1) {
  %0 = arith.addi %a, %a : tensor<4xi32>
  %1 = arith.addf %b, %b fastmath<fast> : tensor<4xf32>
  %2 = arith.cmpi slt, %a, %a : tensor<4xi32>
  %3 = arith.select %2, %a, %a : tensor<4xi1>, tensor<4xi32>
  %4 = arith.extsi %a : tensor<4xi32> to tensor<4xi64>
  %5 = arith.cmpf olt, %b, %b : tensor<4xf32>
  %6 = arith.index_cast %d : tensor<?xi32> to tensor<?xindex>
  %7 = arith.extf %b fastmath<fast> : tensor<4xf32> to tensor<4xf64>
  %8 = arith.select %s, %a, %a : tensor<4xi32>
  "test.use"(%0, %1, %3, %4, %5, %6, %7, %8) : (tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xi1>, tensor<?xindex>, tensor<4xf64>, tensor<4xi32>) -> ()
  return
}

// CANON-LABEL: func.func @folds(
// CANON-DAG: %[[ZERO:.*]] = arith.constant dense<0> : tensor<4xi32>
// CANON-DAG: %[[PROD:.*]] = arith.constant dense<15> : tensor<4xi32>
// CANON-DAG: %[[LT:.*]] = arith.constant dense<true> : tensor<4xi1>
// CANON-DAG: %[[SQ:.*]] = arith.constant dense<4.000000e+00> : tensor<4xf32>
// CANON-DAG: %[[EXT:.*]] = arith.constant dense<3> : tensor<4xi64>
// CANON-DAG: %[[SUM:.*]] = arith.constant dense<[4, -2]> : tensor<2xi32>
// CANON-DAG: %[[GT:.*]] = arith.constant dense<[false, true]> : tensor<2xi1>
// CANON-DAG: %[[NEG:.*]] = arith.constant dense<[-1.500000e+00, 2.000000e+00]> : tensor<2xf32>
// CANON-DAG: %[[QUOT:.*]] = arith.constant dense<0> : tensor<2xi32>
// CANON: return %arg0, %[[PROD]], %[[LT]], %[[SQ]], %[[EXT]], %[[SUM]], %[[GT]], %[[ZERO]], %[[NEG]], %arg1, %[[QUOT]]
func.func @folds(%x: tensor<4xi32>, %y: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xi64>, tensor<2xi32>, tensor<2xi1>, tensor<4xi32>, tensor<2xf32>, tensor<4xf32>, tensor<2xi32>) {
  %c0 = arith.constant dense<0> : tensor<4xi32>
  %c3 = arith.constant dense<3> : tensor<4xi32>
  %c5 = arith.constant dense<5> : tensor<4xi32>
  %f2 = arith.constant dense<2.0> : tensor<4xf32>
  %d = arith.constant dense<[1, 2]> : tensor<2xi32>
  %e = arith.constant dense<[3, -4]> : tensor<2xi32>
  %df = arith.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %0 = arith.addi %x, %c0 : tensor<4xi32>
  %1 = arith.muli %c3, %c5 : tensor<4xi32>
  %2 = arith.cmpi slt, %c3, %c5 : tensor<4xi32>
  %3 = arith.mulf %f2, %f2 : tensor<4xf32>
  %4 = arith.extsi %c3 : tensor<4xi32> to tensor<4xi64>
  %5 = arith.addi %d, %e : tensor<2xi32>
  %6 = arith.cmpi sgt, %d, %e : tensor<2xi32>
  %7 = arith.muli %x, %c0 : tensor<4xi32>
  %8 = arith.negf %df : tensor<2xf32>
  %9 = arith.select %2, %y, %f2 : tensor<4xi1>, tensor<4xf32>
  %10 = arith.divsi %d, %e : tensor<2xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xi64>, tensor<2xi32>, tensor<2xi1>, tensor<4xi32>, tensor<2xf32>, tensor<4xf32>, tensor<2xi32>
}

// Division by an element that is zero does not fold.
// CANON-LABEL: func.func @no_fold(
// CANON: arith.divui
func.func @no_fold() -> tensor<2xi32> {
  %d = arith.constant dense<[1, 2]> : tensor<2xi32>
  %z = arith.constant dense<[1, 0]> : tensor<2xi32>
  %0 = arith.divui %d, %z : tensor<2xi32>
  return %0 : tensor<2xi32>
}
