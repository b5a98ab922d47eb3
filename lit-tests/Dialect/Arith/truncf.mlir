// truncf's rounding modes and fast-math flags, extf's flags, and their
// folds: a conversion folds only when exact, truncf(extf(x)) shortens.
// RUN: tilt-opt --verify-roundtrip %s | FileCheck %s --check-prefix=ROUND
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tilt-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// ROUND-LABEL: func.func @modes(
// ROUND-NEXT: arith.truncf %arg0 to_nearest_even : f32 to bf16
// ROUND-NEXT: arith.truncf %arg0 downward fastmath<fast> : f32 to bf16
// ROUND-NEXT: arith.truncf %arg0 upward : f32 to bf16
// ROUND-NEXT: arith.truncf %arg0 toward_zero : f32 to bf16
// ROUND-NEXT: arith.truncf %arg0 to_nearest_away : f32 to bf16
// ROUND-NEXT: arith.truncf %arg0 fastmath<none> : f32 to f16
// ROUND-NEXT: arith.extf %arg1 fastmath<nnan,contract> : f16 to f32
// GENERIC-LABEL: sym_name = "modes"
// GENERIC: "arith.truncf"({{%arg[0-9]+}}) <{roundingmode = 0 : i32}> : (f32) -> bf16
// GENERIC: "arith.truncf"({{%arg[0-9]+}}) <{fastmath = #arith.fastmath<fast>, roundingmode = 1 : i32}> : (f32) -> bf16
// GENERIC: "arith.truncf"({{%arg[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f16
// GENERIC: "arith.extf"({{%arg[0-9]+}}) <{fastmath = #arith.fastmath<nnan,contract>}> : (f16) -> f32
func.func @modes(%a: f32, %h: f16) {
  %0 = arith.truncf %a to_nearest_even : f32 to bf16
  %1 = arith.truncf %a downward fastmath<fast> : f32 to bf16
  %2 = "arith.truncf"(%a) <{roundingmode = 2 : i32}> : (f32) -> bf16
  %3 = arith.truncf %a toward_zero : f32 to bf16
  %4 = arith.truncf %a to_nearest_away : f32 to bf16
  %5 = arith.truncf %a fastmath<none> : f32 to f16
  %6 = arith.extf %h fastmath<nnan,contract> : f16 to f32
  "test.use"(%0, %1, %2, %3, %4, %5, %6) : (bf16, bf16, bf16, bf16, bf16, f16, f32) -> ()
  return
}

// CANON-LABEL: func.func @folds(
// CANON-DAG: %[[EXACT:.*]] = arith.constant 1.003910e+00 : f16
// CANON-DAG: %[[WIDE:.*]] = arith.constant 2.500000e+00 : f64
// CANON-DAG: %[[C:.*]] = arith.constant 1.00390625 : f32
// CANON: %[[SHORT:.*]] = arith.truncf %arg0 downward : f32 to bf16
// CANON: %[[T:.*]] = arith.truncf %[[C]] toward_zero : f32 to bf16
// CANON: return %arg1, %arg0, %arg0, %[[SHORT]], %[[EXACT]], %[[T]], %[[WIDE]]
func.func @folds(%a: f32, %h: f16) -> (f16, f32, f32, bf16, f16, bf16, f64) {
  %e = arith.extf %h : f16 to f32
  %0 = arith.truncf %e : f32 to f16
  %e2 = arith.extf %a : f32 to f64
  %1 = arith.truncf %e2 : f64 to f32
  %t = arith.truncf %a fastmath<contract> : f32 to f16
  %2 = arith.extf %t fastmath<contract,afn> : f16 to f32
  %3 = arith.truncf %e2 downward : f64 to bf16
  %c = arith.constant 1.00390625 : f32
  %4 = arith.truncf %c upward : f32 to f16
  %5 = arith.truncf %c toward_zero : f32 to bf16
  %c2 = arith.constant 2.5 : f16
  %6 = arith.extf %c2 : f16 to f64
  return %0, %1, %2, %3, %4, %5, %6 : f16, f32, f32, bf16, f16, bf16, f64
}

// Without contract on both, extf(truncf(x)) stays.
// CANON-LABEL: func.func @no_contract(
// CANON: arith.truncf
// CANON: arith.extf
func.func @no_contract(%a: f32) -> f32 {
  %t = arith.truncf %a fastmath<contract> : f32 to f16
  %0 = arith.extf %t : f16 to f32
  return %0 : f32
}
