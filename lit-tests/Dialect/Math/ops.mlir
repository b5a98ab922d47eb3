// The math subset: custom form, generic form, round trip; the output is
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
