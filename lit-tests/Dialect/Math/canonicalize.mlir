// The folds of the math ops, as mlir-opt 22 --canonicalize makes them
// (MLIR registers no canonicalization patterns for math); the output is
// byte-identical to mlir-opt's. The scalar cases match constants in any
// order, the tensor cases in MLIR's order.
// RUN: tilt-opt --canonicalize %s | FileCheck %s

// The elementary functions fold with libm in the operand's precision.
// CHECK-LABEL: func.func @libm_f32(
// CHECK-DAG: %[[C0:.*]] = arith.constant 7.3890562 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1.41421354 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 0.648721277 : f32
// CHECK-DAG: %[[C3:.*]] = arith.constant 0.909297406 : f32
// CHECK-DAG: %[[C4:.*]] = arith.constant -0.416146845 : f32
// CHECK-DAG: %[[C5:.*]] = arith.constant 0.546302497 : f32
// CHECK-DAG: %[[C6:.*]] = arith.constant 0.462117165 : f32
// CHECK-DAG: %[[C7:.*]] = arith.constant 0.520499885 : f32
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]], %[[C6]], %[[C7]] : f32, f32, f32, f32, f32, f32, f32, f32
func.func @libm_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f32
  %0 = math.exp %two : f32
  %1 = math.exp2 %half : f32
  %2 = math.expm1 %half : f32
  %3 = math.sin %two : f32
  %4 = math.cos %two : f32
  %5 = math.tan %half : f32
  %6 = math.tanh %half : f32
  %7 = math.erf %half : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @libm_f64(
// CHECK-DAG: %[[C0:.*]] = arith.constant 1.0471975511965979 : f64
// CHECK-DAG: %[[C1:.*]] = arith.constant 0.52359877559829893 : f64
// CHECK-DAG: %[[C2:.*]] = arith.constant 1.1071487177940904 : f64
// CHECK-DAG: %[[C3:.*]] = arith.constant 1.3169578969248166 : f64
// CHECK-DAG: %[[C4:.*]] = arith.constant 1.4436354751788103 : f64
// CHECK-DAG: %[[C5:.*]] = arith.constant 0.54930614433405478 : f64
// CHECK-DAG: %[[C6:.*]] = arith.constant 3.7621956910836314 : f64
// CHECK-DAG: %[[C7:.*]] = arith.constant 3.626860407847019 : f64
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]], %[[C6]], %[[C7]] : f64, f64, f64, f64, f64, f64, f64, f64
func.func @libm_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64) {
  %half = arith.constant 0.5 : f64
  %two = arith.constant 2.0 : f64
  %0 = math.acos %half : f64
  %1 = math.asin %half : f64
  %2 = math.atan %two : f64
  %3 = math.acosh %two : f64
  %4 = math.asinh %two : f64
  %5 = math.atanh %half : f64
  %6 = math.cosh %two : f64
  %7 = math.sinh %two : f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : f64, f64, f64, f64, f64, f64, f64, f64
}

// Out of the domain, libm's NaN is the result.
// CHECK-LABEL: func.func @libm_nan(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 0xFFF8000000000000 : f64
// CHECK: return %[[C0]], %[[C1]] : f32, f64
func.func @libm_nan() -> (f32, f64) {
  %two = arith.constant 2.0 : f32
  %big = arith.constant 2.0 : f64
  %0 = math.acos %two : f32
  %1 = math.atanh %big : f64
  return %0, %1 : f32, f64
}

// The logarithms and sqrt fold for non-negative operands only (-0.0 is
// negative); log of 0 is -inf.
// CHECK-LABEL: func.func @logarithms(
// CHECK-DAG: %[[C0:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant -4.000000e+00 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[C3:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[C4:.*]] = arith.constant 1.000000e+01 : f32
// CHECK-DAG: %[[C5:.*]] = arith.constant 3.000000e+00 : f64
// CHECK: %0 = math.log %[[C0]] : f32
// CHECK-NEXT: %1 = math.sqrt %[[C1]] : f32
// CHECK-NEXT: %2 = math.log2 %[[C1]] : f32
// CHECK-NEXT: return %[[C2]], %[[C3]], %[[C4]], %[[C5]], %0, %1, %2 : f32, f32, f32, f64, f32, f32, f32
func.func @logarithms() -> (f32, f32, f32, f64, f32, f32, f32) {
  %zero = arith.constant 0.0 : f32
  %neg_zero = arith.constant -0.0 : f32
  %hundred = arith.constant 100.0 : f32
  %eight = arith.constant 8.0 : f64
  %neg = arith.constant -4.0 : f32
  %0 = math.log %zero : f32
  %1 = math.log10 %hundred : f32
  %2 = math.sqrt %hundred : f32
  %3 = math.log2 %eight : f64
  %4 = math.log %neg_zero : f32
  %5 = math.sqrt %neg : f32
  %6 = math.log2 %neg : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f64, f32, f32, f32
}

// log1p folds while 1 + x is not negative.
// CHECK-LABEL: func.func @log1p(
// CHECK-DAG: %[[C0:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 0.69314718055994529 : f64
// CHECK: %0 = math.log1p %[[C0]] : f32
// CHECK-NEXT: return %[[C1]], %[[C2]], %0 : f32, f64, f32
func.func @log1p() -> (f32, f64, f32) {
  %minus_one = arith.constant -1.0 : f32
  %one = arith.constant 1.0 : f64
  %minus_two = arith.constant -2.0 : f32
  %0 = math.log1p %minus_one : f32
  %1 = math.log1p %one : f64
  %2 = math.log1p %minus_two : f32
  return %0, %1, %2 : f32, f64, f32
}

// libm has no f16 or bf16 functions: no fold.
// CHECK-LABEL: func.func @libm_half(
// CHECK-DAG: %[[C0:.*]] = arith.constant 5.000000e-01 : f16
// CHECK-DAG: %[[C1:.*]] = arith.constant 5.000000e-01 : bf16
// CHECK: %0 = math.exp %[[C0]] : f16
// CHECK-NEXT: %1 = math.sin %[[C1]] : bf16
// CHECK-NEXT: %2 = math.round %[[C0]] : f16
// CHECK-NEXT: %3 = math.trunc %[[C1]] : bf16
// CHECK-NEXT: return %0, %1, %2, %3 : f16, bf16, f16, bf16
func.func @libm_half() -> (f16, bf16, f16, bf16) {
  %h = arith.constant 0.5 : f16
  %b = arith.constant 0.5 : bf16
  %0 = math.exp %h : f16
  %1 = math.sin %b : bf16
  %2 = math.round %h : f16
  %3 = math.trunc %b : bf16
  return %0, %1, %2, %3 : f16, bf16, f16, bf16
}

// Rounding: round takes halves away from zero, roundeven to even; trunc
// towards zero; ceil and floor.
// CHECK-LABEL: func.func @rounding(
// CHECK-DAG: %[[C0:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant -2.000000e+00 : f64
// CHECK-DAG: %[[C3:.*]] = arith.constant -3.000000e+00 : f64
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C0]], %[[C1]], %[[C3]] : f32, f32, f64, f32, f32, f64
func.func @rounding() -> (f32, f32, f64, f32, f32, f64) {
  %x = arith.constant 2.5 : f32
  %y = arith.constant -2.5 : f64
  %0 = math.round %x : f32
  %1 = math.roundeven %x : f32
  %2 = math.trunc %y : f64
  %3 = math.ceil %x : f32
  %4 = math.floor %x : f32
  %5 = math.round %y : f64
  return %0, %1, %2, %3, %4, %5 : f32, f32, f64, f32, f32, f64
}

// ceil, floor, roundeven, absf and copysign fold for every float type.
// CHECK-LABEL: func.func @any_float(
// CHECK-DAG: %[[C0:.*]] = arith.constant -1.000000e+00 : f16
// CHECK-DAG: %[[C1:.*]] = arith.constant 2.000000e+00 : bf16
// CHECK-DAG: %[[C2:.*]] = arith.constant -2.000000e+00 : f16
// CHECK-DAG: %[[C3:.*]] = arith.constant 1.500000e+00 : f16
// CHECK-DAG: %[[C4:.*]] = arith.constant -2.500000e+00 : bf16
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C1]], %[[C3]], %[[C4]] : f16, bf16, f16, bf16, f16, bf16
func.func @any_float() -> (f16, bf16, f16, bf16, f16, bf16) {
  %h = arith.constant -1.5 : f16
  %b = arith.constant 2.5 : bf16
  %nb = arith.constant -0.0 : bf16
  %0 = math.ceil %h : f16
  %1 = math.floor %b : bf16
  %2 = math.roundeven %h : f16
  %3 = math.roundeven %b : bf16
  %4 = math.absf %h : f16
  %5 = math.copysign %b, %nb : bf16
  return %0, %1, %2, %3, %4, %5 : f16, bf16, f16, bf16, f16, bf16
}

// Two-operand float functions.
// CHECK-LABEL: func.func @binary(
// CHECK-DAG: %[[C0:.*]] = arith.constant 8.000000e+00 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 3.1415926535897931 : f64
// CHECK-DAG: %[[C2:.*]] = arith.constant 0.588002622 : f32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]] : f32, f64, f32, f32
func.func @binary() -> (f32, f64, f32, f32) {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %minus_one = arith.constant -1.0 : f64
  %zero = arith.constant 0.0 : f64
  %0 = math.powf %two, %three : f32
  %1 = math.atan2 %zero, %minus_one : f64
  %2 = math.atan2 %two, %three : f32
  %3 = math.copysign %three, %two : f32
  return %0, %1, %2, %3 : f32, f64, f32, f32
}

// atan2(0, 0) is NaN for every float type; powf does not fold on f16.
// CHECK-LABEL: func.func @atan2_zeros(
// CHECK-DAG: %[[C0:.*]] = arith.constant 2.000000e+00 : f16
// CHECK-DAG: %[[C1:.*]] = arith.constant 0x7FC0 : bf16
// CHECK-DAG: %[[C2:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %0 = math.powf %[[C0]], %[[C0]] : f16
// CHECK-NEXT: return %[[C1]], %[[C2]], %0 : bf16, f32, f16
func.func @atan2_zeros() -> (bf16, f32, f16) {
  %bz = arith.constant 0.0 : bf16
  %fz = arith.constant -0.0 : f32
  %h = arith.constant 2.0 : f16
  %0 = math.atan2 %bz, %bz : bf16
  %1 = math.atan2 %fz, %fz : f32
  %2 = math.powf %h, %h : f16
  return %0, %1, %2 : bf16, f32, f16
}

// MLIR 22 does not fold cbrt, rsqrt, fma, clampf, fpowi or sincos.
// CHECK-LABEL: func.func @not_folded(
// CHECK-DAG: %[[C0:.*]] = arith.constant 8.000000e+00 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 2 : i32
// CHECK: %0 = math.cbrt %[[C0]] : f32
// CHECK-NEXT: %1 = math.rsqrt %[[C0]] : f32
// CHECK-NEXT: %2 = math.fma %[[C0]], %[[C0]], %[[C0]] : f32
// CHECK-NEXT: %3 = math.clampf %[[C0]] to [%[[C0]], %[[C0]]] : f32
// CHECK-NEXT: %4 = math.fpowi %[[C0]], %[[C1]] : f32, i32
// CHECK-NEXT: %sin, %cos = math.sincos %[[C0]] : f32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %sin, %cos : f32, f32, f32, f32, f32, f32, f32
func.func @not_folded() -> (f32, f32, f32, f32, f32, f32, f32) {
  %x = arith.constant 8.0 : f32
  %n = arith.constant 2 : i32
  %0 = math.cbrt %x : f32
  %1 = math.rsqrt %x : f32
  %2 = math.fma %x, %x, %x : f32
  %3 = math.clampf %x to [%x, %x] : f32
  %4 = math.fpowi %x, %n : f32, i32
  %5:2 = math.sincos %x : f32
  return %0, %1, %2, %3, %4, %5#0, %5#1 : f32, f32, f32, f32, f32, f32, f32
}

// Bit counts and absi at the type's width (index: 64 bits).
// CHECK-LABEL: func.func @integer(
// CHECK-DAG: %[[C0:.*]] = arith.constant 25 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 7 : i8
// CHECK-DAG: %[[C2:.*]] = arith.constant 61 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[C5:.*]] = arith.constant true
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]] : i32, i8, index, i64, i8, i1
func.func @integer() -> (i32, i8, index, i64, i8, i1) {
  %a = arith.constant -128 : i8
  %b = arith.constant 100 : i32
  %c = arith.constant 5 : index
  %d = arith.constant -1 : i64
  %t = arith.constant true
  %0 = math.ctlz %b : i32
  %1 = math.cttz %a : i8
  %2 = math.ctlz %c : index
  %3 = math.ctpop %d : i64
  %4 = math.absi %a : i8
  %5 = math.absi %t : i1
  return %0, %1, %2, %3, %4, %5 : i32, i8, index, i64, i8, i1
}

// ipowi: wraps at the width; x^0 is 1; a negative power gives 0 unless
// |base| is 1; 0 to a negative power is left alone.
// CHECK-LABEL: func.func @ipowi(
// CHECK-DAG: %[[C0:.*]] = arith.constant 343 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 1024 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant -13 : i8
// CHECK-DAG: %[[C5:.*]] = arith.constant 1 : i32
// CHECK: %0 = math.ipowi %[[C1]], %[[C2]] : i32
// CHECK-NEXT: return %[[C3]], %[[C4]], %[[C5]], %[[C1]], %[[C2]], %0, %[[C0]], %[[C5]] : i32, i8, i32, i32, i32, i32, index, i32
func.func @ipowi() -> (i32, i8, i32, i32, i32, i32, index, i32) {
  %two = arith.constant 2 : i32
  %ten = arith.constant 10 : i32
  %three = arith.constant 3 : i8
  %five = arith.constant 5 : i8
  %zero = arith.constant 0 : i32
  %minus_one = arith.constant -1 : i32
  %minus_three = arith.constant -3 : i32
  %i = arith.constant 7 : index
  %k = arith.constant 3 : index
  %0 = math.ipowi %two, %ten : i32
  %1 = math.ipowi %three, %five : i8
  %2 = math.ipowi %ten, %zero : i32
  %3 = math.ipowi %two, %minus_one : i32
  %4 = math.ipowi %minus_one, %minus_three : i32
  %5 = math.ipowi %zero, %minus_one : i32
  %6 = math.ipowi %i, %k : index
  %7 = math.ipowi %minus_one, %two : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i8, i32, i32, i32, i32, index, i32
}

// ipowi on i1 reads 1 as -1: 1^1 is 1; 0^1 is 0 to a negative power.
// CHECK-LABEL: func.func @ipowi_i1(
// CHECK-DAG: %[[C0:.*]] = arith.constant true
// CHECK-DAG: %[[C1:.*]] = arith.constant false
// CHECK: %0 = math.ipowi %[[C1]], %[[C0]] : i1
// CHECK-NEXT: return %[[C0]], %0 : i1, i1
func.func @ipowi_i1() -> (i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = math.ipowi %t, %t : i1
  %1 = math.ipowi %f, %t : i1
  return %0, %1 : i1, i1
}

// Classifications fold for every float type.
// CHECK-LABEL: func.func @classification(
// CHECK-DAG: %[[C0:.*]] = arith.constant true
// CHECK-DAG: %[[C1:.*]] = arith.constant false
// CHECK: return %[[C0]], %[[C0]], %[[C1]], %[[C1]], %[[C0]], %[[C0]] : i1, i1, i1, i1, i1, i1
func.func @classification() -> (i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0xFC00 : f16
  %tiny = arith.constant 1.0e-310 : f64
  %one = arith.constant 1.0 : bf16
  %0 = math.isnan %nan : f32
  %1 = math.isinf %inf : f16
  %2 = math.isfinite %inf : f16
  %3 = math.isnormal %tiny : f64
  %4 = math.isfinite %tiny : f64
  %5 = math.isnormal %one : bf16
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// NaN operands: libm's result, except where the sign bit blocks the
// logarithms (a negative NaN).
// CHECK-LABEL: func.func @nan_operand(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0xFFC00000 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %0 = math.log %[[C0]] : f32
// CHECK-NEXT: return %[[C1]], %[[C1]], %0 : f32, f32, f32
func.func @nan_operand() -> (f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %neg_nan = arith.constant 0xFFC00000 : f32
  %0 = math.exp %nan : f32
  %1 = math.log %nan : f32
  %2 = math.log %neg_nan : f32
  return %0, %1, %2 : f32, f32, f32
}

// Nothing folds without constants.
// CHECK-LABEL: func.func @no_constants(
// CHECK: %0 = math.sin %arg0 : f32
// CHECK-NEXT: %1 = math.ctpop %arg1 : i32
// CHECK-NEXT: %2 = math.isnan %arg0 : f32
// CHECK-NEXT: return %0, %1, %2 : f32, i32, i1
func.func @no_constants(%x: f32, %i: i32) -> (f32, i32, i1) {
  %0 = math.sin %x : f32
  %1 = math.ctpop %i : i32
  %2 = math.isnan %x : f32
  return %0, %1, %2 : f32, i32, i1
}

// A splat folds once, into a splat of the result's type.
// CHECK-LABEL: func.func @tensor_splat(
// CHECK-NEXT: %[[C0:.*]] = arith.constant dense<7.3890562> : tensor<4xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant dense<1.0471975511965979> : tensor<2x2xf64>
// CHECK-NEXT: %[[C2:.*]] = arith.constant dense<4.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[C3:.*]] = arith.constant dense<25> : tensor<3xi32>
// CHECK-NEXT: %[[C4:.*]] = arith.constant dense<823543> : tensor<2xindex>
// CHECK-NEXT: %[[C5:.*]] = arith.constant dense<-2.000000e+00> : tensor<3xbf16>
// CHECK-NEXT: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]] : tensor<4xf32>, tensor<2x2xf64>, tensor<4xf32>, tensor<3xi32>, tensor<2xindex>, tensor<3xbf16>
func.func @tensor_splat() -> (tensor<4xf32>, tensor<2x2xf64>, tensor<4xf32>, tensor<3xi32>, tensor<2xindex>, tensor<3xbf16>) {
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %half = arith.constant dense<0.5> : tensor<2x2xf64>
  %i = arith.constant dense<100> : tensor<3xi32>
  %n = arith.constant dense<7> : tensor<2xindex>
  %b = arith.constant dense<-2.5> : tensor<3xbf16>
  %0 = math.exp %two : tensor<4xf32>
  %1 = math.acos %half : tensor<2x2xf64>
  %2 = math.powf %two, %two : tensor<4xf32>
  %3 = math.ctlz %i : tensor<3xi32>
  %4 = math.ipowi %n, %n : tensor<2xindex>
  %5 = math.roundeven %b : tensor<3xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<2x2xf64>, tensor<4xf32>, tensor<3xi32>, tensor<2xindex>, tensor<3xbf16>
}

// Other dense constants fold element by element, a splat operand beside
// them giving its value to every element.
// CHECK-LABEL: func.func @tensor_elements(
// CHECK-NEXT: %[[C0:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, -3.000000e+00], [0.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, -3.000000e+00], [0.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: %[[C2:.*]] = arith.constant dense<[2.000000e+00, 0.000000e+00, 0x7FF8000000000000]> : tensor<3xf64>
// CHECK-NEXT: %[[C3:.*]] = arith.constant dense<[1, 8]> : tensor<2xindex>
// CHECK-NEXT: %[[C4:.*]] = arith.constant dense<[-3.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[C5:.*]] = arith.constant dense<[-0.321750551, 0.588002622]> : tensor<2xf32>
// CHECK-NEXT: %[[C6:.*]] = arith.constant dense<[9, -8, 113]> : tensor<3xi8>
// CHECK-NEXT: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]], %[[C6]] : tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf64>, tensor<2xindex>, tensor<2xf32>, tensor<2xf32>, tensor<3xi8>
func.func @tensor_elements() -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf64>, tensor<2xindex>, tensor<2xf32>, tensor<2xf32>, tensor<3xi8>) {
  %a = arith.constant dense<[[1.5, -2.5], [0.0, 3.5]]> : tensor<2x2xf32>
  %d = arith.constant dense<[4.0, 0.0, 0x7FF8000000000000]> : tensor<3xf64>
  %n = arith.constant dense<[1, 255]> : tensor<2xindex>
  %x = arith.constant dense<[-1.0, 2.0]> : tensor<2xf32>
  %three = arith.constant dense<3.0> : tensor<2xf32>
  %base = arith.constant dense<[3, -2, 5]> : tensor<3xi8>
  %pow = arith.constant dense<[2, 3, 4]> : tensor<3xi8>
  %0 = math.floor %a : tensor<2x2xf32>
  %1 = math.round %a : tensor<2x2xf32>
  %2 = math.sqrt %d : tensor<3xf64>
  %3 = math.ctpop %n : tensor<2xindex>
  %4 = math.copysign %three, %x : tensor<2xf32>
  %5 = math.atan2 %x, %three : tensor<2xf32>
  %6 = math.ipowi %base, %pow : tensor<3xi8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf64>, tensor<2xindex>, tensor<2xf32>, tensor<2xf32>, tensor<3xi8>
}

// Elements that fold to one value make a splat.
// CHECK-LABEL: func.func @tensor_uniform(
// CHECK-NEXT: %[[C0:.*]] = arith.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant dense<3> : tensor<2xi8>
// CHECK-NEXT: return %[[C0]], %[[C1]] : tensor<2xf32>, tensor<2xi8>
func.func @tensor_uniform() -> (tensor<2xf32>, tensor<2xi8>) {
  %x = arith.constant dense<[-1.0, 1.0]> : tensor<2xf32>
  %i = arith.constant dense<[-3, 3]> : tensor<2xi8>
  %0 = math.absf %x : tensor<2xf32>
  %1 = math.absi %i : tensor<2xi8>
  return %0, %1 : tensor<2xf32>, tensor<2xi8>
}

// One element that does not fold leaves the whole op: log of a negative,
// 0 to a negative power, atan2 of bf16 beyond (0, 0); libm folds no f16.
// CHECK-LABEL: func.func @tensor_refused(
// CHECK-NEXT: %[[C0:.*]] = arith.constant dense<0x7FC0> : tensor<2xbf16>
// CHECK-NEXT: %[[C1:.*]] = arith.constant dense<[-1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[C2:.*]] = arith.constant dense<[0, 2]> : tensor<2xi32>
// CHECK-NEXT: %[[C3:.*]] = arith.constant dense<-1> : tensor<2xi32>
// CHECK-NEXT: %[[C4:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00]> : tensor<2xbf16>
// CHECK-NEXT: %[[C5:.*]] = arith.constant dense<[5.000000e-01, 1.500000e+00]> : tensor<2xf16>
// CHECK-NEXT: %0 = math.log %[[C1]] : tensor<2xf32>
// CHECK-NEXT: %1 = math.ipowi %[[C2]], %[[C3]] : tensor<2xi32>
// CHECK-NEXT: %2 = math.atan2 %[[C4]], %[[C4]] : tensor<2xbf16>
// CHECK-NEXT: %3 = math.exp %[[C5]] : tensor<2xf16>
// CHECK-NEXT: return %0, %1, %[[C0]], %2, %3 : tensor<2xf32>, tensor<2xi32>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xf16>
func.func @tensor_refused() -> (tensor<2xf32>, tensor<2xi32>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xf16>) {
  %x = arith.constant dense<[-1.0, 2.0]> : tensor<2xf32>
  %base = arith.constant dense<[0, 2]> : tensor<2xi32>
  %minus_one = arith.constant dense<-1> : tensor<2xi32>
  %bz = arith.constant dense<0.0> : tensor<2xbf16>
  %bx = arith.constant dense<[0.0, 1.0]> : tensor<2xbf16>
  %h = arith.constant dense<[0.5, 1.5]> : tensor<2xf16>
  %0 = math.log %x : tensor<2xf32>
  %1 = math.ipowi %base, %minus_one : tensor<2xi32>
  %2 = math.atan2 %bz, %bz : tensor<2xbf16>
  %3 = math.atan2 %bx, %bx : tensor<2xbf16>
  %4 = math.exp %h : tensor<2xf16>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xi32>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xf16>
}

// Classifications fold splats only, as MLIR 22 does.
// CHECK-LABEL: func.func @tensor_classification(
// CHECK-NEXT: %[[C0:.*]] = arith.constant dense<[1.000000e+00, 0x7FC00000]> : tensor<2xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant dense<true> : tensor<3xi1>
// CHECK-NEXT: %[[C2:.*]] = arith.constant dense<false> : tensor<2xi1>
// CHECK-NEXT: %[[C3:.*]] = arith.constant dense<true> : tensor<2xi1>
// CHECK-NEXT: %0 = math.isnan %[[C0]] : tensor<2xf32>
// CHECK-NEXT: return %[[C1]], %[[C2]], %[[C3]], %0 : tensor<3xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
func.func @tensor_classification() -> (tensor<3xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
  %nan = arith.constant dense<0x7FC00000> : tensor<3xf32>
  %inf = arith.constant dense<0xFC00> : tensor<2xf16>
  %x = arith.constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %0 = math.isnan %nan {fastmath = #arith.fastmath<nnan>} : tensor<3xf32>
  %1 = math.isfinite %inf : tensor<2xf16>
  %2 = math.isinf %inf : tensor<2xf16>
  %3 = math.isnan %x : tensor<2xf32>
  return %0, %1, %2, %3 : tensor<3xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
}

// What MLIR 22 leaves on scalars it leaves on tensors; nothing folds
// without every operand constant.
// CHECK-LABEL: func.func @tensor_not_folded(
// CHECK-NEXT: %[[C0:.*]] = arith.constant dense<[8.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant dense<2> : tensor<2xi32>
// CHECK-NEXT: %0 = math.cbrt %[[C0]] : tensor<2xf32>
// CHECK-NEXT: %1 = math.rsqrt %[[C0]] : tensor<2xf32>
// CHECK-NEXT: %2 = math.fma %[[C0]], %[[C0]], %[[C0]] : tensor<2xf32>
// CHECK-NEXT: %3 = math.clampf %[[C0]] to [%[[C0]], %[[C0]]] : tensor<2xf32>
// CHECK-NEXT: %4 = math.fpowi %[[C0]], %[[C1]] : tensor<2xf32>, tensor<2xi32>
// CHECK-NEXT: %sin, %cos = math.sincos %[[C0]] : tensor<2xf32>
// CHECK-NEXT: %5 = math.powf %[[C0]], %arg0 : tensor<2xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %sin, %cos, %5 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
func.func @tensor_not_folded(%arg: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %x = arith.constant dense<[8.0, 4.0]> : tensor<2xf32>
  %n = arith.constant dense<2> : tensor<2xi32>
  %0 = math.cbrt %x : tensor<2xf32>
  %1 = math.rsqrt %x : tensor<2xf32>
  %2 = math.fma %x, %x, %x : tensor<2xf32>
  %3 = math.clampf %x to [%x, %x] : tensor<2xf32>
  %4 = math.fpowi %x, %n : tensor<2xf32>, tensor<2xi32>
  %5:2 = math.sincos %x : tensor<2xf32>
  %6 = math.powf %x, %arg : tensor<2xf32>
  return %0, %1, %2, %3, %4, %5#0, %5#1, %6 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
