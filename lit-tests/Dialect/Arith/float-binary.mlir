// maxnumf, minnumf, remf (floats, with fast-math flags) and ceildivui: the
// custom form, and the folds of MLIR 22.
// RUN: tilt-opt --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @forms
// CHECK: arith.maxnumf %arg0, %arg1 fastmath<nnan> : f32
// CHECK: arith.minnumf %arg0, %arg1 : f32
// CHECK: arith.remf %arg0, %arg1 fastmath<fast> : f32
// CHECK: arith.ceildivui %arg2, %arg3 : i32
func.func @forms(%x: f32, %y: f32, %n: i32, %m: i32) {
  %0 = arith.maxnumf %x, %y fastmath<nnan> : f32
  %1 = arith.minnumf %x, %y : f32
  %2 = arith.remf %x, %y fastmath<fast> : f32
  %3 = arith.ceildivui %n, %m : i32
  return
}

// maxnumf and minnumf return the number when the other operand is NaN;
// remf is fmod (the sign of the dividend); ceildivui reads -7 as
// 4294967289 and rounds up; division by zero does not fold.
// CANON-LABEL: func.func @constants
// CANON-DAG: %[[A:.*]] = arith.constant 1.500000e+00 : f32
// CANON-DAG: %[[B:.*]] = arith.constant -2.000000e+00 : f32
// CANON-DAG: %[[C:.*]] = arith.constant -1.500000e+00 : f32
// CANON-DAG: %[[FOUR:.*]] = arith.constant 4 : i32
// CANON-DAG: %[[BIG:.*]] = arith.constant 2147483645 : i32
// CANON-DAG: %[[DIV0:.*]] = arith.ceildivui %{{.*}}, %{{.*}} : i32
// CANON: return %[[A]], %[[B]], %[[A]], %[[B]], %[[A]], %[[C]], %[[FOUR]], %[[BIG]], %[[DIV0]]
func.func @constants() -> (f32, f32, f32, f32, f32, f32, i32, i32, i32) {
  %one = arith.constant 1.5 : f32
  %two = arith.constant -2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %seven = arith.constant 7.5 : f32
  %mseven = arith.constant -7.5 : f32
  %0 = arith.maxnumf %one, %two : f32
  %1 = arith.minnumf %one, %two : f32
  %2 = arith.maxnumf %one, %nan : f32
  %3 = arith.minnumf %nan, %two : f32
  %4 = arith.remf %seven, %two : f32
  %5 = arith.remf %mseven, %two : f32
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %m = arith.constant -7 : i32
  %6 = arith.ceildivui %c7, %c2 : i32
  %7 = arith.ceildivui %m, %c2 : i32
  %8 = arith.ceildivui %c7, %c0 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f32, f32, i32, i32, i32
}

// x op x is x; ceildivui by 1 is x; maximumf with -inf and minimumf with
// +inf are x, but maxnumf and minnumf with infinities stay (as in MLIR).
// CANON-LABEL: func.func @identities
// CANON-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CANON-DAG: %[[PINF:.*]] = arith.constant 0x7F800000 : f32
// CANON-DAG: %[[MAX:.*]] = arith.maxnumf %arg0, %[[NINF]] : f32
// CANON-DAG: %[[MIN:.*]] = arith.minnumf %arg0, %[[PINF]] : f32
// CANON: return %arg0, %arg0, %arg1, %arg0, %arg0, %[[MAX]], %[[MIN]]
func.func @identities(%x: f32, %n: i32) -> (f32, f32, i32, f32, f32, f32, f32) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %c1 = arith.constant 1 : i32
  %0 = arith.maxnumf %x, %x : f32
  %1 = arith.minnumf %x, %x : f32
  %2 = arith.ceildivui %n, %c1 : i32
  %3 = arith.maximumf %x, %ninf : f32
  %4 = arith.minimumf %x, %pinf : f32
  %5 = arith.maxnumf %x, %ninf : f32
  %6 = arith.minnumf %x, %pinf : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, i32, f32, f32, f32, f32
}
