// Verifier and parser errors of the math ops, with MLIR's messages in the
// order its verifier checks them (this file passes under mlir-opt
// -verify-diagnostics too).
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

// A float op on an integer.
func.func @int(%x: i32) {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %x : i32
  return
}

// -----

// The operand constraint is checked before the same-type trait.
func.func @int_to_float(%x: i32) {
  // expected-error@+1 {{'math.sin' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.sin"(%x) : (i32) -> f32
  return
}

// -----

// A float op with an integer result.
func.func @float_to_int(%x: f32) {
  // expected-error@+1 {{'math.sin' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.sin"(%x) : (f32) -> i32
  return
}

// -----

// A float op changing the type.
func.func @widen(%x: f32) {
  // expected-error@+1 {{'math.tanh' op requires the same type for all operands and results}}
  %0 = "math.tanh"(%x) : (f32) -> f64
  return
}

// -----

// fastmath holds #arith.fastmath flags; it is checked first.
func.func @bad_fastmath(%x: i32) {
  // expected-error@+1 {{'math.cos' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.cos"(%x) {fastmath = 1 : i32} : (i32) -> i32
  return
}

// -----

// One operand, not two.
func.func @two_operands(%x: f32) {
  // expected-error@+1 {{'math.sin' op requires a single operand}}
  %0 = "math.sin"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

// An integer op on a float.
func.func @absi_float(%x: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %x : f32
  return
}

// -----

// Integer ops take signless integers only.
func.func @absi_signed(%x: si32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = math.absi %x : si32
  return
}

// -----

// The count has the operand's type.
func.func @ctlz_widen(%x: i32) {
  // expected-error@+1 {{'math.ctlz' op requires the same type for all operands and results}}
  %0 = "math.ctlz"(%x) : (i32) -> i64
  return
}

// -----

// The custom form of a classification checks the operand type, from which
// it infers the result type.
func.func @isnan_int(%x: i32) {
  // expected-error@+1 {{custom op 'math.isnan' 'operand' must be floating-point-like, but got 'i32'}}
  %0 = math.isnan %x : i32
  return
}

// -----

// A classification of an integer.
func.func @isinf_int(%x: i32) {
  // expected-error@+1 {{'math.isinf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.isinf"(%x) : (i32) -> i1
  return
}

// -----

// A classification returns i1.
func.func @isfinite_i32(%x: f32) {
  // expected-error@+1 {{'math.isfinite' op result #0 must be bool-like, but got 'i32'}}
  %0 = "math.isfinite"(%x) : (f32) -> i32
  return
}

// -----

// A classification with bad flags.
func.func @isnormal_flags(%x: f32) {
  // expected-error@+1 {{'math.isnormal' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.isnormal"(%x) {fastmath = "fast"} : (f32) -> i1
  return
}

// -----

// Binary float ops take two floats of one type.
func.func @copysign_int(%x: f32, %i: i32) {
  // expected-error@+1 {{'math.copysign' op operand #1 must be floating-point-like, but got 'i32'}}
  %0 = "math.copysign"(%x, %i) : (f32, i32) -> f32
  return
}

// -----

// Both operands of powf have the result's type.
func.func @powf_mixed(%x: f32, %y: f64) {
  // expected-error@+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%x, %y) : (f32, f64) -> f32
  return
}

// -----

// Two operands, not one.
func.func @atan2_one(%x: f32) {
  // expected-error@+1 {{'math.atan2' op expected 2 operands, but found 1}}
  %0 = "math.atan2"(%x) : (f32) -> f32
  return
}

// -----

// ipowi: integers only.
func.func @ipowi_float(%x: f32) {
  // expected-error@+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ipowi %x, %x : f32
  return
}

// -----

// ipowi: the power is an integer too.
func.func @ipowi_float_power(%x: f32, %i: i32) {
  // expected-error@+1 {{'math.ipowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ipowi"(%i, %x) : (i32, f32) -> i32
  return
}

// -----

// ipowi: one type for operands and result.
func.func @ipowi_widen(%i: i32) {
  // expected-error@+1 {{'math.ipowi' op requires the same type for all operands and results}}
  %0 = "math.ipowi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

// fpowi: the power is a signless integer.
func.func @fpowi_float_power(%x: f32, %y: f32) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = math.fpowi %x, %y : f32, f32
  return
}

// -----

// fpowi: the base is a float.
func.func @fpowi_int_base(%i: i32) {
  // expected-error@+1 {{'math.fpowi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.fpowi %i, %i : i32, i32
  return
}

// -----

// fpowi: the result has the base's type.
func.func @fpowi_widen(%x: f32, %i: i32) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%x, %i) : (f32, i32) -> f64
  return
}

// -----

// fpowi's custom form names both types.
func.func @fpowi_one_type(%x: f32, %i: i32) {
  // expected-error@+1 {{expected ','}}
  %0 = math.fpowi %x, %i : f32
  return
}

// -----

// fma: three operands of the result's type.
func.func @fma_mixed(%x: f32, %y: f64) {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%x, %x, %y) : (f32, f32, f64) -> f32
  return
}

// -----

// fma: three operands.
func.func @fma_two(%x: f32) {
  // expected-error@+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

// clampf: the bounds have the value's type.
func.func @clampf_mixed(%x: f32, %y: f64) {
  // expected-error@+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%x, %x, %y) : (f32, f32, f64) -> f32
  return
}

// -----

// clampf's bounds are a bracketed pair.
func.func @clampf_syntax(%x: f32) {
  // expected-error@+1 {{expected ','}}
  %0 = math.clampf %x to [%x %x] : f32
  return
}

// -----

// sincos has two results.
func.func @sincos_one(%x: f32) {
  // expected-error@+1 {{'math.sincos' op expected 2 results}}
  %0 = "math.sincos"(%x) : (f32) -> f32
  return
}

// -----

// sincos of an integer.
func.func @sincos_int(%i: i32) {
  // expected-error@+1 {{'math.sincos' op operand #0 must be floating-point-like, but got 'i32'}}
  %0:2 = "math.sincos"(%i) : (i32) -> (i32, i32)
  return
}

// -----

// sincos: both results float.
func.func @sincos_int_result(%x: f32) {
  // expected-error@+1 {{'math.sincos' op result #1 must be floating-point-like, but got 'i32'}}
  %0:2 = "math.sincos"(%x) : (f32) -> (f32, i32)
  return
}

// -----

// sincos: both results of the operand's type.
func.func @sincos_mixed(%x: f32) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%x) : (f32) -> (f32, f64)
  return
}

// -----

// On tensors, a float op takes tensors of floats.
func.func @exp_int_tensor(%x: tensor<4xi32>) {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %0 = math.exp %x : tensor<4xi32>
  return
}

// -----

// An elementwise op keeps its operand's shape.
func.func @exp_reshape(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%x) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

// A tensor operand does not give a scalar.
func.func @sqrt_to_scalar(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.sqrt' op requires the same type for all operands and results}}
  %0 = "math.sqrt"(%x) : (tensor<4xf32>) -> f32
  return
}

// -----

// Integer ops take tensors of signless integers only.
func.func @ctlz_signed_tensor(%x: tensor<4xsi32>) {
  // expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'tensor<4xsi32>'}}
  %0 = math.ctlz %x : tensor<4xsi32>
  return
}

// -----

// ipowi: operands of one shape.
func.func @ipowi_shapes(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error@+1 {{'math.ipowi' op requires the same type for all operands and results}}
  %0 = "math.ipowi"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

// The custom form of a classification checks the tensor's element type.
func.func @isnan_int_tensor(%x: tensor<4xi32>) {
  // expected-error@+1 {{custom op 'math.isnan' 'operand' must be floating-point-like, but got 'tensor<4xi32>'}}
  %0 = math.isnan %x : tensor<4xi32>
  return
}

// -----

// A classification of a tensor returns i1 elements.
func.func @isnan_i32_tensor(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'tensor<4xi32>'}}
  %0 = "math.isnan"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

// ... in the operand's shape.
func.func @isinf_reshape(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.isinf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isinf"(%x) : (tensor<4xf32>) -> tensor<2xi1>
  return
}

// -----

// A classification of a tensor is not a scalar.
func.func @isfinite_scalar(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.isfinite' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isfinite"(%x) : (tensor<4xf32>) -> i1
  return
}

// -----

// ... nor the classification of a scalar a tensor.
func.func @isnormal_to_tensor(%x: f32) {
  // expected-error@+1 {{'math.isnormal' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isnormal"(%x) : (f32) -> tensor<4xi1>
  return
}

// -----

// The result's shape is the operand's exactly: no dynamic dimension for a
// static one.
func.func @isnan_dynamic_result(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isnan"(%x) : (tensor<4xf32>) -> tensor<?xi1>
  return
}

// -----

// ... and the operand's encoding.
func.func @isnan_encoding(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isnan"(%x) : (tensor<4xf32>) -> tensor<4xi1, "enc">
  return
}

// -----

// fpowi: the exponent has the base's shape.
func.func @fpowi_shapes(%x: tensor<4xf32>, %n: tensor<2xi32>) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %x, %n : tensor<4xf32>, tensor<2xi32>
  return
}

// -----

// fpowi: ... and its rank.
func.func @fpowi_rank(%x: tensor<4xf32>, %n: tensor<4x1xi32>) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %x, %n : tensor<4xf32>, tensor<4x1xi32>
  return
}

// -----

// fpowi: a tensor base takes no scalar exponent.
func.func @fpowi_scalar_power(%x: tensor<4xf32>, %n: i32) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %x, %n : tensor<4xf32>, i32
  return
}

// -----

// fpowi: a scalar base takes no tensor exponent.
func.func @fpowi_tensor_power(%x: f32, %n: tensor<4xi32>) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %x, %n : f32, tensor<4xi32>
  return
}

// -----

// fpowi: the result type is checked before the shapes.
func.func @fpowi_result_first(%x: tensor<4xf32>, %n: tensor<2xi32>) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%x, %n) : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf64>
  return
}

// -----

// fpowi: the exponent's element type is checked before the shapes.
func.func @fpowi_float_tensor_power(%x: tensor<4xf32>, %n: tensor<2xf32>) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'tensor<2xf32>'}}
  %0 = "math.fpowi"(%x, %n) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

// fma: the three operands have one tensor type.
func.func @fma_shapes(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%x, %y, %x) : (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// clampf: the bounds have the value's tensor type.
func.func @clampf_shapes(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error@+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%x, %y, %x) : (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// sincos: both results of the operand's tensor type.
func.func @sincos_shapes(%x: tensor<4xf32>) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<2xf32>)
  return
}
