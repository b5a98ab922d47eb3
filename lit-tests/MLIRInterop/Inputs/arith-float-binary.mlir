// MLIR 22's maxnumf, minnumf, remf and ceildivui: constant folds (NaN
// operands, fmod, rounding up, no fold on division by zero), the x op x
// identities, and maximumf / minimumf with an infinity.
func.func @folds(%x: f32, %n: i32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, f32, f32) {
  %one = arith.constant 1.5 : f32
  %two = arith.constant -2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %seven = arith.constant 7.5 : f32
  %0 = arith.maxnumf %one, %two : f32
  %1 = arith.minnumf %one, %two : f32
  %2 = arith.maxnumf %one, %nan : f32
  %3 = arith.minnumf %nan, %two : f32
  %4 = arith.remf %seven, %two : f32
  %5 = arith.maxnumf %x, %ninf : f32
  %6 = arith.minnumf %x, %pinf : f32
  %7 = arith.maximumf %x, %ninf : f32
  %8 = arith.maxnumf %x, %x : f32
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %m = arith.constant -7 : i32
  %9 = arith.ceildivui %c7, %c2 : i32
  %10 = arith.ceildivui %n, %c1 : i32
  %11 = arith.ceildivui %c7, %c0 : i32
  %12 = arith.ceildivui %m, %c2 : i32
  %13 = arith.remf %x, %one : f32
  %14 = arith.minimumf %x, %pinf : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : f32, f32, f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, f32, f32
}
func.func @forms(%x: f32, %n: i32) -> (f32, f32, f32, i32) {
  %0 = arith.maxnumf %x, %x fastmath<nnan> : f32
  %1 = arith.minnumf %x, %x : f32
  %2 = arith.remf %x, %x fastmath<fast> : f32
  %3 = arith.ceildivui %n, %n : i32
  return %0, %1, %2, %3 : f32, f32, f32, i32
}
