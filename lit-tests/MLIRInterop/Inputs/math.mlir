// Every op of MLIR 22's math dialect on scalars and ranked tensors, with
// fastmath flags, and the constant folds MLIR 22 makes and refuses on
// scalars, splats and dense tensors (math.test).
func.func @float_unary(%a: f32, %b: f64, %c: f16, %d: bf16) -> (f32, f64, f16, bf16, f32, f64, f32, f64, f32, f16, bf16, f32, f64, f32, f64, f32, f16, f32, f64, f32, bf16, f32, f32, f32, f64, f32, f32, f32, f16, bf16) {
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
  %21 = math.exp %a fastmath<fast> : f32
  %22 = math.exp2 %a : f32
  %23 = math.log %a fastmath<nnan,ninf> : f32
  %24 = math.log2 %b : f64
  %25 = math.sqrt %a : f32
  %26 = math.rsqrt %a : f32
  %27 = math.tanh %a : f32
  %28 = math.erf %c : f16
  %29 = math.absf %d : bf16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29 : f32, f64, f16, bf16, f32, f64, f32, f64, f32, f16, bf16, f32, f64, f32, f64, f32, f16, f32, f64, f32, bf16, f32, f32, f32, f64, f32, f32, f32, f16, bf16
}

func.func @integer(%i: i32, %n: index, %b: i1, %w: i64) -> (i32, index, i1, i64, i32, index) {
  %0 = math.absi %i : i32
  %1 = math.ctlz %n : index
  %2 = math.cttz %b : i1
  %3 = math.ctpop %w : i64
  %4 = math.ipowi %i, %0 : i32
  %5 = math.ipowi %n, %1 : index
  return %0, %1, %2, %3, %4, %5 : i32, index, i1, i64, i32, index
}

func.func @classification(%x: f32, %h: f16, %b: bf16, %d: f64) -> (i1, i1, i1, i1) {
  %0 = math.isnan %x : f32
  %1 = math.isinf %h {fastmath = #arith.fastmath<ninf>} : f16
  %2 = math.isfinite %b {note = "finite"} : bf16
  %3 = math.isnormal %d {fastmath = #arith.fastmath<fast>, z} : f64
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

func.func @float_nary(%x: f32, %y: f32, %d: f64, %n: i32, %i: index, %h: f16) -> (f32, f32, f64, f32, f64, f32, f64, f32, f16, f32, f32, f16, f16) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.copysign %x, %y fastmath<nnan> : f32
  %2 = math.powf %d, %d fastmath<fast> : f64
  %3 = math.fma %x, %y, %0 fastmath<contract> : f32
  %4 = math.fma %d, %d, %2 : f64
  %5 = math.clampf %x to [%y, %1] : f32
  %6 = math.clampf %d to [%d, %4] fastmath<nnan,ninf> : f64
  %7 = math.fpowi %x, %n : f32, i32
  %8 = math.fpowi %h, %i fastmath<afn> : f16, index
  %s, %c = math.sincos %x : f32
  %t:2 = math.sincos %h fastmath<fast> : f16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %s, %c, %t#0, %t#1 : f32, f32, f64, f32, f64, f32, f64, f32, f16, f32, f32, f16, f16
}

// Folds. Each function either folds everything into fresh constants or
// folds nothing: where a constant operand outlives the folds, Tilt's greedy
// driver orders the constants unlike MLIR's (docs/status.md), which
// Dialect/Math/canonicalize.mlir covers with unordered checks.
func.func @fold_libm() -> (f32, f32, f32, f32, f32, f32, f64, f64, f64, f64, f64, f64) {
  %half = arith.constant 0.5 : f32
  %x = arith.constant 2.5 : f64
  %0 = math.exp %half : f32
  %1 = math.sin %half : f32
  %2 = math.acos %half : f32
  %3 = math.erfc %half : f32
  %4 = math.log1p %half : f32
  %5 = math.round %half : f32
  %6 = math.log10 %x : f64
  %7 = math.cosh %x : f64
  %8 = math.atan %x : f64
  %9 = math.sqrt %x : f64
  %10 = math.trunc %x : f64
  %11 = math.asinh %x : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f64, f64, f64, f64, f64, f64
}

func.func @fold_out_of_domain() -> (f32, f64, f64) {
  %two = arith.constant 2.0 : f32
  %minus_one = arith.constant -1.0 : f64
  %zero = arith.constant 0.0 : f64
  %0 = math.acos %two : f32
  %1 = math.log1p %minus_one : f64
  %2 = math.log %zero : f64
  return %0, %1, %2 : f32, f64, f64
}

func.func @no_fold_negative() -> (f32, f32, f32, f64) {
  %neg = arith.constant -2.0 : f32
  %neg_zero = arith.constant -0.0 : f32
  %neg_nan = arith.constant 0xFFF8000000000000 : f64
  %0 = math.log %neg : f32
  %1 = math.sqrt %neg_zero : f32
  %2 = math.log1p %neg : f32
  %3 = math.log2 %neg_nan : f64
  return %0, %1, %2, %3 : f32, f32, f32, f64
}

func.func @fold_half() -> (f16, bf16, f16, bf16, f16, bf16) {
  %h = arith.constant -2.5 : f16
  %b = arith.constant -1.5 : bf16
  %z = arith.constant 0.0 : bf16
  %pz = arith.constant 0.0 : f16
  %0 = math.ceil %h : f16
  %1 = math.floor %b : bf16
  %2 = math.roundeven %h : f16
  %3 = math.absf %b : bf16
  %4 = math.copysign %h, %pz : f16
  %5 = math.atan2 %z, %z : bf16
  return %0, %1, %2, %3, %4, %5 : f16, bf16, f16, bf16, f16, bf16
}

func.func @no_fold_half() -> (f16, bf16, bf16, f16, f16) {
  %h = arith.constant 2.5 : f16
  %b = arith.constant 1.5 : bf16
  %0 = math.exp %h : f16
  %1 = math.sqrt %b : bf16
  %2 = math.atan2 %b, %b : bf16
  %3 = math.powf %h, %h : f16
  %4 = math.round %h : f16
  return %0, %1, %2, %3, %4 : f16, bf16, bf16, f16, f16
}

func.func @fold_binary() -> (f32, f64, f32, f64) {
  %x = arith.constant 1.5 : f32
  %y = arith.constant -3.0 : f32
  %d = arith.constant 0.0 : f64
  %e = arith.constant -1.0 : f64
  %0 = math.powf %x, %y : f32
  %1 = math.atan2 %d, %d : f64
  %2 = math.copysign %x, %y : f32
  %3 = math.atan2 %d, %e : f64
  return %0, %1, %2, %3 : f32, f64, f32, f64
}

func.func @fold_integer() -> (i32, i8, index, i64, i16, i32, i32, i32, i8, i1) {
  %a = arith.constant -100 : i32
  %b = arith.constant 96 : i8
  %c = arith.constant 1 : index
  %d = arith.constant -2 : i64
  %e = arith.constant -32767 : i16
  %two = arith.constant 2 : i32
  %thirty = arith.constant 30 : i32
  %minus_two = arith.constant -2 : i32
  %minus_one = arith.constant -1 : i32
  %three = arith.constant 3 : i8
  %seven = arith.constant 7 : i8
  %f = arith.constant false
  %0 = math.absi %a : i32
  %1 = math.cttz %b : i8
  %2 = math.ctlz %c : index
  %3 = math.ctpop %d : i64
  %4 = math.absi %e : i16
  %5 = math.ipowi %two, %thirty : i32
  %6 = math.ipowi %two, %minus_two : i32
  %7 = math.ipowi %minus_one, %thirty : i32
  %8 = math.ipowi %three, %seven : i8
  %9 = math.ctlz %f : i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i8, index, i64, i16, i32, i32, i32, i8, i1
}

func.func @fold_classification() -> (i1, i1, i1, i1) {
  %inf = arith.constant 0x7F800000 : f32
  %sub = arith.constant 1.0e-40 : f32
  %0 = math.isinf %inf : f32
  %1 = math.isnan %inf : f32
  %2 = math.isnormal %sub : f32
  %3 = math.isfinite %sub : f32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

func.func @no_fold() -> (f32, f32, f32, f32, f32, f32, f32, i32) {
  %x = arith.constant 27.0 : f32
  %n = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  %minus = arith.constant -1 : i32
  %0 = math.cbrt %x : f32
  %1 = math.rsqrt %x : f32
  %2 = math.fma %x, %x, %x : f32
  %3 = math.clampf %x to [%x, %x] : f32
  %4 = math.fpowi %x, %n : f32, i32
  %5:2 = math.sincos %x : f32
  %6 = math.ipowi %zero, %minus : i32
  return %0, %1, %2, %3, %4, %5#0, %5#1, %6 : f32, f32, f32, f32, f32, f32, f32, i32
}

func.func @tensor_ops(%x: tensor<4xf32>, %y: tensor<?x2xbf16>, %i: tensor<4xi32>, %n: tensor<?xindex>, %e: tensor<2xf64, "enc">) -> (tensor<4xf32>, tensor<?x2xbf16>, tensor<4xi1>, tensor<2xi1, "enc">, tensor<4xf32>, tensor<4xi32>, tensor<?xindex>) {
  %0 = math.exp %x fastmath<fast> : tensor<4xf32>
  %1 = math.rsqrt %y : tensor<?x2xbf16>
  %2 = math.isnan %x : tensor<4xf32>
  %3 = math.isnormal %e {fastmath = #arith.fastmath<nnan>} : tensor<2xf64, "enc">
  %4 = math.atan2 %x, %0 : tensor<4xf32>
  %5 = math.fma %x, %0, %4 fastmath<contract> : tensor<4xf32>
  %6 = math.clampf %5 to [%x, %0] : tensor<4xf32>
  %7 = math.fpowi %6, %i : tensor<4xf32>, tensor<4xi32>
  %8 = math.fpowi %x, %n : tensor<4xf32>, tensor<?xindex>
  %9:2 = math.sincos %y fastmath<afn> : tensor<?x2xbf16>
  %10 = math.ipowi %i, %i : tensor<4xi32>
  %11 = math.ctpop %n : tensor<?xindex>
  return %7, %9#1, %2, %3, %8, %10, %11 : tensor<4xf32>, tensor<?x2xbf16>, tensor<4xi1>, tensor<2xi1, "enc">, tensor<4xf32>, tensor<4xi32>, tensor<?xindex>
}

func.func @fold_tensor_splat() -> (tensor<4xf32>, tensor<2x2xf64>, tensor<3xbf16>, tensor<3xi32>, tensor<2xindex>, tensor<3xi1>, tensor<2xi1>) {
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %half = arith.constant dense<0.5> : tensor<2x2xf64>
  %b = arith.constant dense<-2.5> : tensor<3xbf16>
  %i = arith.constant dense<100> : tensor<3xi32>
  %n = arith.constant dense<7> : tensor<2xindex>
  %nan = arith.constant dense<0x7FC00000> : tensor<3xf32>
  %inf = arith.constant dense<0xFC00> : tensor<2xf16>
  %0 = math.powf %two, %two : tensor<4xf32>
  %1 = math.atanh %half : tensor<2x2xf64>
  %2 = math.ceil %b : tensor<3xbf16>
  %3 = math.cttz %i : tensor<3xi32>
  %4 = math.ipowi %n, %n : tensor<2xindex>
  %5 = math.isnan %nan : tensor<3xf32>
  %6 = math.isinf %inf : tensor<2xf16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<2x2xf64>, tensor<3xbf16>, tensor<3xi32>, tensor<2xindex>, tensor<3xi1>, tensor<2xi1>
}

func.func @fold_tensor_elements() -> (tensor<2x2xf32>, tensor<3xf64>, tensor<2xf32>, tensor<2xf32>, tensor<3xi8>, tensor<2xi8>, tensor<2xindex>) {
  %a = arith.constant dense<[[1.5, -2.5], [0.0, 3.5]]> : tensor<2x2xf32>
  %d = arith.constant dense<[4.0, 0.0, 0x7FF8000000000000]> : tensor<3xf64>
  %x = arith.constant dense<[-1.0, 2.0]> : tensor<2xf32>
  %three = arith.constant dense<3.0> : tensor<2xf32>
  %base = arith.constant dense<[3, -2, 5]> : tensor<3xi8>
  %pow = arith.constant dense<[2, 3, 4]> : tensor<3xi8>
  %m = arith.constant dense<[-3, 3]> : tensor<2xi8>
  %k = arith.constant dense<[1, 255]> : tensor<2xindex>
  %0 = math.trunc %a : tensor<2x2xf32>
  %1 = math.log2 %d : tensor<3xf64>
  %2 = math.copysign %three, %x : tensor<2xf32>
  %3 = math.tanh %x : tensor<2xf32>
  %4 = math.ipowi %base, %pow : tensor<3xi8>
  %5 = math.absi %m : tensor<2xi8>
  %6 = math.ctlz %k : tensor<2xindex>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x2xf32>, tensor<3xf64>, tensor<2xf32>, tensor<2xf32>, tensor<3xi8>, tensor<2xi8>, tensor<2xindex>
}

func.func @no_fold_tensor(%arg: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xbf16>, tensor<2xf16>, tensor<2xi1>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %x = arith.constant dense<[-1.0, 2.0]> : tensor<2xf32>
  %base = arith.constant dense<[0, 2]> : tensor<2xi32>
  %minus = arith.constant dense<-1> : tensor<2xi32>
  %bx = arith.constant dense<[0.0, 1.0]> : tensor<2xbf16>
  %h = arith.constant dense<[0.5, 1.5]> : tensor<2xf16>
  %0 = math.sqrt %x : tensor<2xf32>
  %1 = math.ipowi %base, %minus : tensor<2xi32>
  %2 = math.atan2 %bx, %bx : tensor<2xbf16>
  %3 = math.sin %h : tensor<2xf16>
  %4 = math.isfinite %x : tensor<2xf32>
  %5 = math.cbrt %x : tensor<2xf32>
  %6 = math.fpowi %x, %minus : tensor<2xf32>, tensor<2xi32>
  %7:2 = math.sincos %x : tensor<2xf32>
  %8 = math.powf %x, %arg : tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7#1, %8 : tensor<2xf32>, tensor<2xi32>, tensor<2xbf16>, tensor<2xf16>, tensor<2xi1>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
