// arith verifier and custom-syntax errors.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32, %b: f32) {
  // expected-error@+1 {{'arith.addi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %b) : (i32, f32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{invalid properties {predicate = 12 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 12 : i64}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @f(%c: i1, %a: i32, %b: f32) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, f32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @f(%a: f16) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.truncf %a : f16 to f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %a : f32 to f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptosi %a : i32 to i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() <{value = 1 : si32}> : () -> si32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "s"
  return
}

// -----

func.func @f() {
  // MLIR reports this at the token after the type.
  // expected-error@+2 {{floating point value not valid for specified type}}
  %0 = arith.constant 1.0 : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  %0 = arith.addi %a, %a overflow<foo> : i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = arith.addf %a, %a fastmath<slow> : f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{invalid properties {overflowFlags = 1 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i32}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
  return
}

// -----

// expected-error@+1 {{unknown attribute `rounding` in dialect `arith`}}
func.func private @g() attributes {x = #arith.rounding<up>}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{expected 3 operands}}
  %0 = arith.select %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %a : i32 to index
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.extui %x : f32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{invalid properties {overflowFlags = 3 : i64} for op arith.trunci: Invalid attribute `overflowFlags` in property conversion: 3 : i64}}
  %0 = "arith.trunci"(%a) <{overflowFlags = 3}> : (i32) -> i8
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.uitofp %x : f32 to f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.fptoui' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptoui %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_castui' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_castui %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f16
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %i : index to i64
  return
}

// -----

func.func @f(%c: tensor<3xi1>, %a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : tensor<3xi1>, tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<4xi32> to tensor<3xi64>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<4xi32> to i64
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (tensor<4xi32>, tensor<4xi32>) -> i1
  return
}

// -----

func.func @f(%a: tensor<4xi32>, %b: tensor<3xi32>) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %0 = arith.addi %a, %a : tensor<4xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{invalid properties {roundingmode = 9 : i32} for op arith.truncf: Invalid attribute `roundingmode` in property conversion: 9 : i32}}
  %0 = "arith.truncf"(%a) <{roundingmode = 9 : i32}> : (f32) -> bf16
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant [1]
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %s, %o = "arith.addui_extended"(%a, %b) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %s, %o = "arith.addui_extended"(%a, %b) : (i32, i64) -> (i32, i1)
  return
}

// -----

func.func @f(%a: f32, %b: f32) {
  // expected-error@+1 {{'arith.mulsi_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %s, %o = "arith.mulsi_extended"(%a, %b) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error@+1 {{'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %s, %o = "arith.mului_extended"(%a, %b) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %s, %o = arith.addui_extended %a, %b : tensor<4xi32>, i1
  return
}

// -----

func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %s, %o = arith.addui_extended %a, %b : tensor<4xi32>, tensor<3xi1>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op expected 2 results}}
  %s = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> i32
  return
}
