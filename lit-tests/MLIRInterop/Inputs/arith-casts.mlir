// MLIR 22's integer, unsigned and bit casts: constant folding (sign and
// zero extension, truncation, unsigned conversions, bit patterns; fptoui of
// a negative value does not fold) and the cast-of-cast folds and patterns.
func.func @consts() -> (i16, i64, i64, i8, f32, i32, i64, index, f32, i32, i32, i8) {
  %c = arith.constant -1 : i8
  %big = arith.constant 300 : i32
  %a = arith.extsi %c : i8 to i16
  %b = arith.extsi %big : i32 to i64
  %u = arith.extui %c : i8 to i64
  %t = arith.trunci %big : i32 to i8
  %f = arith.uitofp %c : i8 to f32
  %f2 = arith.constant 3.75 : f32
  %g = arith.fptoui %f2 : f32 to i32
  %ci = arith.constant -1 : i32
  %ui = arith.index_castui %ci : i32 to index
  %uiz = arith.index_castui %ui : index to i64
  %ui2 = arith.index_castui %ci : i32 to index
  %bc = arith.bitcast %ci : i32 to f32
  %one = arith.constant 1.0 : f32
  %bi = arith.bitcast %one : f32 to i32
  %neg = arith.constant -2.5 : f32
  %fu = arith.fptoui %neg : f32 to i32
  return %a, %b, %u, %t, %f, %g, %uiz, %ui2, %bc, %bi, %fu, %c : i16, i64, i64, i8, f32, i32, i64, index, f32, i32, i32, i8
}
func.func @chains(%x: i8, %y: i32, %f: f32, %i: index) -> (i32, i32, i32, i8, i16, i8, f32, index, i32, i16) {
  %0 = arith.extsi %x : i8 to i16
  %1 = arith.extsi %0 : i16 to i32
  %2 = arith.extui %x : i8 to i16
  %3 = arith.extui %2 : i16 to i32
  %4 = arith.extsi %2 : i16 to i32
  %5 = arith.trunci %1 : i32 to i8
  %6 = arith.trunci %1 : i32 to i16
  %7 = arith.trunci %y : i32 to i16
  %8 = arith.trunci %7 : i16 to i8
  %9 = arith.bitcast %f : f32 to i32
  %10 = arith.bitcast %9 : i32 to f32
  %11 = arith.index_castui %y : i32 to index
  %12 = arith.index_castui %11 : index to i32
  %13 = arith.trunci %3 : i32 to i16
  return %1, %3, %4, %5, %6, %8, %10, %11, %12, %13 : i32, i32, i32, i8, i16, i8, f32, index, i32, i16
}

func.func @forms(%x: i32, %f: f32, %i: index) -> (i8, i8, i64, f32, i32, index, i32) {
  %0 = arith.trunci %x overflow<nsw> : i32 to i8
  %1 = arith.trunci %x overflow<nsw, nuw> : i32 to i8
  %2 = arith.extui %x : i32 to i64
  %3 = arith.uitofp %x : i32 to f32
  %4 = arith.fptoui %f : f32 to i32
  %5 = arith.index_castui %x : i32 to index
  %6 = arith.bitcast %f : f32 to i32
  return %0, %1, %2, %3, %4, %5, %6 : i8, i8, i64, f32, i32, index, i32
}
