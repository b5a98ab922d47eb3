// The integer, unsigned and bit casts of MLIR 22's arith: custom and
// generic forms (trunci carries overflow flags), and their folds.
// RUN: tilt-opt --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tilt-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @forms
// CHECK: arith.extsi %arg0 : i8 to i32
// CHECK: arith.extui %arg0 : i8 to i64
// CHECK: arith.trunci %arg1 : i32 to i8
// CHECK: arith.trunci %arg1 overflow<nsw> : i32 to i16
// CHECK: arith.trunci %arg1 overflow<nsw, nuw> : i32 to i1
// CHECK: arith.uitofp %arg1 : i32 to f32
// CHECK: arith.fptoui %arg2 : f32 to i64
// CHECK: arith.index_castui %arg1 : i32 to index
// CHECK: arith.index_castui %arg3 : index to i16
// CHECK: arith.bitcast %arg2 : f32 to i32
// CHECK: arith.bitcast %arg1 : i32 to f32
// CHECK: arith.bitcast %arg4 : f16 to bf16
// GENERIC: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GENERIC: "arith.trunci"(%{{.*}}) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
// GENERIC: "arith.trunci"(%{{.*}}) <{overflowFlags = #arith.overflow<nsw>}> : (i32) -> i16
// GENERIC: "arith.bitcast"(%{{.*}}) : (f32) -> i32
func.func @forms(%a: i8, %b: i32, %f: f32, %i: index, %h: f16) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extui %a : i8 to i64
  %2 = arith.trunci %b : i32 to i8
  %3 = arith.trunci %b overflow<nsw> : i32 to i16
  %4 = arith.trunci %b overflow<nuw, nsw> : i32 to i1
  %5 = arith.uitofp %b : i32 to f32
  %6 = arith.fptoui %f : f32 to i64
  %7 = arith.index_castui %b : i32 to index
  %8 = arith.index_castui %i : index to i16
  %9 = arith.bitcast %f : f32 to i32
  %10 = arith.bitcast %b : i32 to f32
  %11 = arith.bitcast %h : f16 to bf16
  return
}

// Constants fold with MLIR's rules: -1 : i8 sign-extends to -1 and
// zero-extends to 255, 300 truncates to 44 in i8, uitofp reads -1 : i8 as
// 255, fptoui rounds 3.75 toward zero and leaves -2.5 (out of range)
// alone, index_castui zero-extends, bitcast keeps the bits.
// CANON-LABEL: func.func @constants
// CANON-DAG: arith.constant -1 : i16
// CANON-DAG: arith.constant 255 : i64
// CANON-DAG: arith.constant 44 : i8
// CANON-DAG: arith.constant 2.550000e+02 : f32
// CANON-DAG: arith.constant 3 : i32
// CANON-DAG: arith.constant 4294967295 : index
// CANON-DAG: arith.constant 1065353216 : i32
// CANON-DAG: arith.constant 0xFFFFFFFF : f32
// CANON-DAG: arith.fptoui %{{.*}} : f32 to i32
// CANON: return
func.func @constants() -> (i16, i64, i8, f32, i32, index, i32, f32, i32) {
  %m1 = arith.constant -1 : i8
  %big = arith.constant 300 : i32
  %a = arith.extsi %m1 : i8 to i16
  %u = arith.extui %m1 : i8 to i64
  %t = arith.trunci %big : i32 to i8
  %f = arith.uitofp %m1 : i8 to f32
  %x = arith.constant 3.75 : f32
  %g = arith.fptoui %x : f32 to i32
  %ones = arith.constant -1 : i32
  %w = arith.index_castui %ones : i32 to index
  %one = arith.constant 1.0 : f32
  %bits = arith.bitcast %one : f32 to i32
  %nan = arith.bitcast %ones : i32 to f32
  %neg = arith.constant -2.5 : f32
  %no = arith.fptoui %neg : f32 to i32
  return %a, %u, %t, %f, %g, %w, %bits, %nan, %no : i16, i64, i8, f32, i32, index, i32, f32, i32
}

// Casts of casts.
// CANON-LABEL: func.func @chains
// CANON-NEXT: %[[SI:.*]] = arith.extsi %arg0 : i8 to i32
// CANON-NEXT: %[[UI:.*]] = arith.extui %arg0 : i8 to i32
// CANON-NEXT: %[[UI2:.*]] = arith.extui %arg0 : i8 to i32
// CANON-NEXT: %[[SI16:.*]] = arith.extsi %arg0 : i8 to i16
// CANON-NEXT: %[[T:.*]] = arith.trunci %arg1 overflow<nuw> : i32 to i8
// CANON-NEXT: %[[IDX:.*]] = arith.index_castui %arg1 : i32 to index
// CANON-NEXT: return %[[SI]], %[[UI]], %[[UI2]], %arg0, %[[SI16]], %[[T]], %arg2, %[[IDX]], %arg1
func.func @chains(%x: i8, %y: i32, %f: f32) -> (i32, i32, i32, i8, i16, i8, f32, index, i32) {
  // extsi(extsi) -> extsi, extui(extui) -> extui, extsi(extui) -> extui.
  %0 = arith.extsi %x : i8 to i16
  %1 = arith.extsi %0 : i16 to i32
  %2 = arith.extui %x : i8 to i16
  %3 = arith.extui %2 : i16 to i32
  %4 = arith.extsi %2 : i16 to i32
  // trunci(extsi(x)) back to x's type is x; to a type between, an extsi.
  %5 = arith.trunci %1 : i32 to i8
  %6 = arith.trunci %1 : i32 to i16
  // trunci(trunci(x)) -> trunci(x) with the outer flags.
  %7 = arith.trunci %y overflow<nsw> : i32 to i16
  %8 = arith.trunci %7 overflow<nuw> : i16 to i8
  // bitcast(bitcast(x)) -> x; index_castui round trips.
  %9 = arith.bitcast %f : f32 to i32
  %10 = arith.bitcast %9 : i32 to f32
  %11 = arith.index_castui %y : i32 to index
  %12 = arith.index_castui %11 : index to i32
  return %1, %3, %4, %5, %6, %8, %10, %11, %12 : i32, i32, i32, i8, i16, i8, f32, index, i32
}
