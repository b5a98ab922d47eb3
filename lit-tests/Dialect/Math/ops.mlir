// The math dialect: custom form, generic form, round trip; the output is
// mlir-opt's (MLIRInterop/domain-dialects.test compares the two).
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null

// CHECK-LABEL: func.func @unary(
// CHECK-NEXT: %0 = math.exp %arg0 : f32
// CHECK-NEXT: %1 = math.log %0 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %2 = math.sqrt %arg1 : bf16
// CHECK-NEXT: %3 = math.rsqrt %arg1 : bf16
// CHECK-NEXT: %4 = math.tanh %arg2 fastmath<fast> : f16
// CHECK-NEXT: %5 = math.absf %4 : f16
func.func @unary(%x: f32, %y: bf16, %z: f16) -> (f32, bf16, bf16, f16) {
  %0 = math.exp %x : f32
  %1 = math.log %0 fastmath<nnan,ninf> : f32
  %2 = math.sqrt %y : bf16
  %3 = math.rsqrt %y : bf16
  %4 = math.tanh %z fastmath<fast> : f16
  %5 = math.absf %4 : f16
  return %1, %2, %3, %5 : f32, bf16, bf16, f16
}

// The ops chained kernels add: exp2, log2, erf.
// CHECK-LABEL: func.func @chained(
// CHECK-NEXT: %0 = math.exp2 %arg0 : f32
// CHECK-NEXT: %1 = math.log2 %0 fastmath<fast> : f32
// CHECK-NEXT: %2 = math.erf %arg1 : bf16
func.func @chained(%x: f32, %y: bf16) -> (f32, bf16) {
  %0 = math.exp2 %x : f32
  %1 = math.log2 %0 fastmath<fast> : f32
  %2 = math.erf %y : bf16
  return %1, %2 : f32, bf16
}

// The other one-float ops, each on its own type.
// CHECK-LABEL: func.func @float_unary(
// CHECK-NEXT: %0 = math.acos %arg0 : f32
// CHECK-NEXT: %1 = math.acosh %arg1 : f64
// CHECK-NEXT: %2 = math.asin %arg2 : f16
// CHECK-NEXT: %3 = math.asinh %arg3 : bf16
// CHECK-NEXT: %4 = math.atan %arg0 fastmath<afn> : f32
// CHECK-NEXT: %5 = math.atanh %arg1 : f64
// CHECK-NEXT: %6 = math.cbrt %arg0 : f32
// CHECK-NEXT: %7 = math.ceil %arg1 : f64
// CHECK-NEXT: %8 = math.cos %arg0 fastmath<reassoc,contract> : f32
// CHECK-NEXT: %9 = math.cosh %arg2 : f16
// CHECK-NEXT: %10 = math.erfc %arg3 : bf16
// CHECK-NEXT: %11 = math.expm1 %arg0 : f32
// CHECK-NEXT: %12 = math.floor %arg1 : f64
// CHECK-NEXT: %13 = math.log10 %arg0 : f32
// CHECK-NEXT: %14 = math.log1p %arg1 fastmath<nsz> : f64
// CHECK-NEXT: %15 = math.round %arg0 : f32
// CHECK-NEXT: %16 = math.roundeven %arg2 : f16
// CHECK-NEXT: %17 = math.sin %arg0 : f32
// CHECK-NEXT: %18 = math.sinh %arg1 : f64
// CHECK-NEXT: %19 = math.tan %arg0 : f32
// CHECK-NEXT: %20 = math.trunc %arg3 {tag} : bf16
func.func @float_unary(%a: f32, %b: f64, %c: f16, %d: bf16) {
  %0 = math.acos %a : f32
  %1 = math.acosh %b : f64
  %2 = math.asin %c : f16
  %3 = math.asinh %d : bf16
  %4 = math.atan %a fastmath<afn> : f32
  %5 = math.atanh %b : f64
  %6 = math.cbrt %a : f32
  %7 = math.ceil %b : f64
  %8 = math.cos %a fastmath<reassoc,contract> : f32
  %9 = math.cosh %c : f16
  %10 = math.erfc %d : bf16
  %11 = math.expm1 %a : f32
  %12 = math.floor %b : f64
  %13 = math.log10 %a : f32
  %14 = math.log1p %b fastmath<nsz> : f64
  %15 = math.round %a : f32
  %16 = math.roundeven %c : f16
  %17 = math.sin %a : f32
  %18 = math.sinh %b : f64
  %19 = math.tan %a : f32
  %20 = math.trunc %d {tag} : bf16
  return
}

// Integer ops: signless integers of any width, and index; no fastmath.
// CHECK-LABEL: func.func @integer(
// CHECK-NEXT: %0 = math.absi %arg0 : i32
// CHECK-NEXT: %1 = math.ctlz %arg1 : index
// CHECK-NEXT: %2 = math.cttz %arg2 : i1
// CHECK-NEXT: %3 = math.ctpop %arg0 : i32
// CHECK-NEXT: %4 = math.ipowi %arg0, %0 : i32
// CHECK-NEXT: %5 = math.ipowi %arg1, %1 : index
func.func @integer(%i: i32, %n: index, %b: i1) {
  %0 = math.absi %i : i32
  %1 = math.ctlz %n : index
  %2 = math.cttz %b : i1
  %3 = math.ctpop %i : i32
  %4 = math.ipowi %i, %0 : i32
  %5 = math.ipowi %n, %1 : index
  return
}

// Classifications return i1; a fastmath other than none is printed in the
// attribute dictionary, sorted with the others.
// CHECK-LABEL: func.func @classification(
// CHECK-NEXT: %0 = math.isnan %arg0 : f32
// CHECK-NEXT: %1 = math.isinf %arg1 : f16
// CHECK-NEXT: %2 = math.isfinite %arg2 {fastmath = #arith.fastmath<nnan>} : bf16
// CHECK-NEXT: %3 = math.isnormal %arg0 {a, fastmath = #arith.fastmath<fast>, z = 1 : i32} : f32
// CHECK-NEXT: %4 = math.isnan %arg0 {b} : f32
func.func @classification(%x: f32, %h: f16, %b: bf16) -> (i1, i1, i1, i1, i1) {
  %0 = math.isnan %x : f32
  %1 = math.isinf %h : f16
  %2 = "math.isfinite"(%b) <{fastmath = #arith.fastmath<nnan>}> : (bf16) -> i1
  %3 = math.isnormal %x {z = 1 : i32, fastmath = #arith.fastmath<fast>, a} : f32
  %4 = math.isnan %x {fastmath = #arith.fastmath<none>, b} : f32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// Two- and three-operand float ops.
// CHECK-LABEL: func.func @float_nary(
// CHECK-NEXT: %0 = math.atan2 %arg0, %arg1 : f32
// CHECK-NEXT: %1 = math.copysign %arg0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %2 = math.powf %arg2, %arg2 fastmath<fast> : f64
// CHECK-NEXT: %3 = math.fma %arg0, %arg1, %0 fastmath<contract> : f32
// CHECK-NEXT: %4 = math.fma %arg2, %arg2, %arg2 : f64
// CHECK-NEXT: %5 = math.clampf %arg0 to [%arg1, %1] : f32
// CHECK-NEXT: %6 = math.clampf %arg2 to [%arg2, %2] fastmath<nnan,ninf> {tag} : f64
func.func @float_nary(%x: f32, %y: f32, %d: f64) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.copysign %x, %y fastmath<nnan> : f32
  %2 = math.powf %d, %d fastmath<fast> : f64
  %3 = math.fma %x, %y, %0 fastmath<contract> : f32
  %4 = math.fma %d, %d, %d : f64
  %5 = math.clampf %x to [%y, %1] : f32
  %6 = math.clampf %d to [%d, %2] fastmath<nnan,ninf> {tag} : f64
  return
}

// fpowi: a float to a signless integer or index power, both types
// written; sincos: two results, printed as %sin and %cos.
// CHECK-LABEL: func.func @fpowi_sincos(
// CHECK-NEXT: %0 = math.fpowi %arg0, %arg1 : f32, i32
// CHECK-NEXT: %1 = math.fpowi %arg2, %arg3 fastmath<fast> : bf16, index
// CHECK-NEXT: %sin, %cos = math.sincos %arg0 : f32
// CHECK-NEXT: %sin_0, %cos_1 = math.sincos %arg2 fastmath<afn> : bf16
// CHECK-NEXT: return %sin, %cos_1 : f32, bf16
func.func @fpowi_sincos(%x: f32, %n: i32, %b: bf16, %i: index) -> (f32, bf16) {
  %0 = math.fpowi %x, %n : f32, i32
  %1 = math.fpowi %b, %i fastmath<fast> : bf16, index
  %s:2 = math.sincos %x : f32
  %t, %u = math.sincos %b fastmath<afn> : bf16
  return %s#0, %u : f32, bf16
}

// Every op takes ranked tensors of its element kind, static or dynamic;
// the custom form names the tensor type.
// CHECK-LABEL: func.func @tensor_float(
// CHECK-NEXT: %0 = math.exp %arg0 : tensor<4xf32>
// CHECK-NEXT: %1 = math.log %0 fastmath<nnan> : tensor<4xf32>
// CHECK-NEXT: %2 = math.rsqrt %arg1 : tensor<?x2xbf16>
// CHECK-NEXT: %3 = math.atan2 %arg0, %1 : tensor<4xf32>
// CHECK-NEXT: %4 = math.powf %arg1, %2 fastmath<fast> : tensor<?x2xbf16>
// CHECK-NEXT: %5 = math.fma %arg0, %arg0, %3 : tensor<4xf32>
// CHECK-NEXT: %6 = math.clampf %arg0 to [%0, %1] fastmath<nnan> : tensor<4xf32>
// CHECK-NEXT: %sin, %cos = math.sincos %arg1 : tensor<?x2xbf16>
// CHECK-NEXT: return %5, %cos : tensor<4xf32>, tensor<?x2xbf16>
func.func @tensor_float(%x: tensor<4xf32>, %y: tensor<?x2xbf16>) -> (tensor<4xf32>, tensor<?x2xbf16>) {
  %0 = math.exp %x : tensor<4xf32>
  %1 = math.log %0 fastmath<nnan> : tensor<4xf32>
  %2 = math.rsqrt %y : tensor<?x2xbf16>
  %3 = math.atan2 %x, %1 : tensor<4xf32>
  %4 = math.powf %y, %2 fastmath<fast> : tensor<?x2xbf16>
  %5 = math.fma %x, %x, %3 : tensor<4xf32>
  %6 = math.clampf %x to [%0, %1] fastmath<nnan> : tensor<4xf32>
  %s:2 = math.sincos %y : tensor<?x2xbf16>
  return %5, %s#1 : tensor<4xf32>, tensor<?x2xbf16>
}

// Integer ops on tensors of signless integers and index.
// CHECK-LABEL: func.func @tensor_integer(
// CHECK-NEXT: %0 = math.absi %arg0 : tensor<2x3xi32>
// CHECK-NEXT: %1 = math.ctlz %arg1 : tensor<?xindex>
// CHECK-NEXT: %2 = math.ctpop %arg2 : tensor<8xi1>
// CHECK-NEXT: %3 = math.ipowi %arg0, %0 : tensor<2x3xi32>
func.func @tensor_integer(%i: tensor<2x3xi32>, %n: tensor<?xindex>, %b: tensor<8xi1>) {
  %0 = math.absi %i : tensor<2x3xi32>
  %1 = math.ctlz %n : tensor<?xindex>
  %2 = math.ctpop %b : tensor<8xi1>
  %3 = math.ipowi %i, %0 : tensor<2x3xi32>
  return
}

// A classification of a tensor is an i1 tensor of its shape and encoding.
// CHECK-LABEL: func.func @tensor_classification(
// CHECK-NEXT: %0 = math.isnan %arg0 : tensor<4xf32>
// CHECK-NEXT: %1 = math.isinf %arg1 {fastmath = #arith.fastmath<ninf>} : tensor<?x3xf16>
// CHECK-NEXT: %2 = math.isnormal %arg2 : tensor<2xf64, "enc">
// CHECK-NEXT: return %0, %1, %2 : tensor<4xi1>, tensor<?x3xi1>, tensor<2xi1, "enc">
func.func @tensor_classification(%x: tensor<4xf32>, %h: tensor<?x3xf16>, %d: tensor<2xf64, "enc">) -> (tensor<4xi1>, tensor<?x3xi1>, tensor<2xi1, "enc">) {
  %0 = math.isnan %x : tensor<4xf32>
  %1 = "math.isinf"(%h) <{fastmath = #arith.fastmath<ninf>}> : (tensor<?x3xf16>) -> tensor<?x3xi1>
  %2 = math.isnormal %d : tensor<2xf64, "enc">
  return %0, %1, %2 : tensor<4xi1>, tensor<?x3xi1>, tensor<2xi1, "enc">
}

// fpowi on tensors: the exponent's shape must be compatible with the
// base's (a dynamic dimension matches any), its encoding may differ.
// CHECK-LABEL: func.func @tensor_fpowi(
// CHECK-NEXT: %0 = math.fpowi %arg0, %arg1 : tensor<4xf32>, tensor<4xi32>
// CHECK-NEXT: %1 = math.fpowi %arg2, %arg1 fastmath<fast> : tensor<?xf64>, tensor<4xi32>
// CHECK-NEXT: %2 = math.fpowi %arg0, %arg3 : tensor<4xf32>, tensor<?xindex, "enc">
func.func @tensor_fpowi(%x: tensor<4xf32>, %n: tensor<4xi32>, %d: tensor<?xf64>, %m: tensor<?xindex, "enc">) {
  %0 = math.fpowi %x, %n : tensor<4xf32>, tensor<4xi32>
  %1 = math.fpowi %d, %n fastmath<fast> : tensor<?xf64>, tensor<4xi32>
  %2 = math.fpowi %x, %m : tensor<4xf32>, tensor<?xindex, "enc">
  return
}
