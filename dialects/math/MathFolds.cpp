//===- MathFolds.cpp - Folding of math ops --------------------------------===//
//
// MLIR 22 folds math ops on constant operands only, and registers no
// canonicalization patterns for them. On tensors the folds go element by
// element (arith's foldElementwise, as MLIR's constFold helpers): a splat
// folds once, a dense constant folds when every element does; the
// classifications fold splats only. The elementary functions are
// computed with the host's libm in the operand's precision (expf for f32,
// exp for f64), as MLIR does, and are not folded for f16 and bf16;
// rounding to integers, absf, copysign and the classifications use APFloat
// and fold for every float type. cbrt, rsqrt, fma, clampf, fpowi and
// sincos do not fold in MLIR 22.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Math/Math.h"
#include <math.h>

using namespace tilt;
using namespace tilt::math;

Operation *MathDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (!arith::ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return builder.create<arith::ConstantOp>(loc, value).getOperation();
}

//===----------------------------------------------------------------------===//
// Float functions
//===----------------------------------------------------------------------===//

namespace {
/// Where a libm fold applies: MLIR leaves the logarithms and sqrt of
/// negative operands (-0.0 and negative NaNs included) unfolded, and log1p
/// where 1 + x is negative.
enum class Domain { All, NotNegative, OnePlusNotNegative };

/// A function MLIR folds with libm, for f32 and f64 only.
struct LibmFunction {
  llvm::StringLiteral mnemonic;
  float (*forF32)(float);
  double (*forF64)(double);
  Domain domain;
};
} // namespace

static const LibmFunction kLibmFunctions[] = {
    {"acos", ::acosf, ::acos, Domain::All},
    {"acosh", ::acoshf, ::acosh, Domain::All},
    {"asin", ::asinf, ::asin, Domain::All},
    {"asinh", ::asinhf, ::asinh, Domain::All},
    {"atan", ::atanf, ::atan, Domain::All},
    {"atanh", ::atanhf, ::atanh, Domain::All},
    {"cos", ::cosf, ::cos, Domain::All},
    {"cosh", ::coshf, ::cosh, Domain::All},
    {"erf", ::erff, ::erf, Domain::All},
    {"erfc", ::erfcf, ::erfc, Domain::All},
    {"exp", ::expf, ::exp, Domain::All},
    {"exp2", ::exp2f, ::exp2, Domain::All},
    {"expm1", ::expm1f, ::expm1, Domain::All},
    {"log", ::logf, ::log, Domain::NotNegative},
    {"log10", ::log10f, ::log10, Domain::NotNegative},
    {"log1p", ::log1pf, ::log1p, Domain::OnePlusNotNegative},
    {"log2", ::log2f, ::log2, Domain::NotNegative},
    {"round", ::roundf, ::round, Domain::All},
    {"sin", ::sinf, ::sin, Domain::All},
    {"sinh", ::sinhf, ::sinh, Domain::All},
    {"sqrt", ::sqrtf, ::sqrt, Domain::NotNegative},
    {"tan", ::tanf, ::tan, Domain::All},
    {"tanh", ::tanhf, ::tanh, Domain::All},
    {"trunc", ::truncf, ::trunc, Domain::All},
};

/// Whether `value` is an IEEE single or double (the types libm folds).
static bool isSingle(const llvm::APFloat &value) {
  return &value.getSemantics() == &llvm::APFloat::IEEEsingle();
}
static bool isDouble(const llvm::APFloat &value) {
  return &value.getSemantics() == &llvm::APFloat::IEEEdouble();
}

static std::optional<llvm::APFloat> foldLibm(const LibmFunction &function,
                                             const llvm::APFloat &a) {
  if (!isSingle(a) && !isDouble(a))
    return std::nullopt;
  if (function.domain == Domain::NotNegative && a.isNegative())
    return std::nullopt;
  if (function.domain == Domain::OnePlusNotNegative) {
    llvm::APFloat one = isSingle(a) ? llvm::APFloat(1.0f) : llvm::APFloat(1.0);
    if ((a + one).isNegative())
      return std::nullopt;
  }
  if (isSingle(a))
    return llvm::APFloat(function.forF32(a.convertToFloat()));
  return llvm::APFloat(function.forF64(a.convertToDouble()));
}

/// The rounding of the round-to-integer ops MLIR folds with APFloat.
static std::optional<llvm::RoundingMode>
getIntegralRounding(llvm::StringRef mnemonic) {
  if (mnemonic == "ceil")
    return llvm::RoundingMode::TowardPositive;
  if (mnemonic == "floor")
    return llvm::RoundingMode::TowardNegative;
  if (mnemonic == "roundeven")
    return llvm::RoundingMode::NearestTiesToEven;
  return std::nullopt;
}

/// Folds the one-operand float ops.
static std::optional<llvm::APFloat> foldFloatUnary(llvm::StringRef mnemonic,
                                                   const llvm::APFloat &a) {
  if (mnemonic == "absf")
    return llvm::abs(a);
  if (std::optional<llvm::RoundingMode> rounding =
          getIntegralRounding(mnemonic)) {
    llvm::APFloat result = a;
    result.roundToIntegral(*rounding);
    return result;
  }
  for (const LibmFunction &function : kLibmFunctions)
    if (mnemonic == function.mnemonic)
      return foldLibm(function, a);
  return std::nullopt;
}

/// Folds the two-operand float ops.
static std::optional<llvm::APFloat> foldFloatBinary(llvm::StringRef mnemonic,
                                                    const llvm::APFloat &a,
                                                    const llvm::APFloat &b) {
  if (mnemonic == "copysign") {
    llvm::APFloat result = a;
    result.copySign(b);
    return result;
  }
  if (mnemonic == "atan2") {
    // MLIR folds atan2(±0, ±0) to NaN, for every float type.
    if (a.isZero() && b.isZero())
      return llvm::APFloat::getNaN(a.getSemantics());
    if (isSingle(a))
      return llvm::APFloat(::atan2f(a.convertToFloat(), b.convertToFloat()));
    if (isDouble(a))
      return llvm::APFloat(::atan2(a.convertToDouble(), b.convertToDouble()));
    return std::nullopt;
  }
  if (mnemonic == "powf") {
    if (isSingle(a))
      return llvm::APFloat(::powf(a.convertToFloat(), b.convertToFloat()));
    if (isDouble(a))
      return llvm::APFloat(::pow(a.convertToDouble(), b.convertToDouble()));
  }
  return std::nullopt;
}

/// Folds the classification ops.
static std::optional<bool> foldClassification(llvm::StringRef mnemonic,
                                              const llvm::APFloat &a) {
  if (mnemonic == "isnan")
    return a.isNaN();
  if (mnemonic == "isinf")
    return a.isInfinity();
  if (mnemonic == "isfinite")
    return a.isFinite();
  if (mnemonic == "isnormal")
    return a.isNormal();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Integer functions
//===----------------------------------------------------------------------===//

/// Folds the one-operand integer ops; counts are of the operand's width
/// (64 for index).
static std::optional<llvm::APInt> foldIntegerUnary(llvm::StringRef mnemonic,
                                                   const llvm::APInt &a) {
  unsigned width = a.getBitWidth();
  if (mnemonic == "absi")
    return a.abs();
  if (mnemonic == "ctlz")
    return llvm::APInt(width, a.countLeadingZeros());
  if (mnemonic == "cttz")
    return llvm::APInt(width, a.countTrailingZeros());
  if (mnemonic == "ctpop")
    return llvm::APInt(width, a.countPopulation());
  return std::nullopt;
}

/// `base` to the signed `power`, wrapping at the type's width. A negative
/// power gives 0 unless |base| is 1; 0 to a negative power is left alone.
/// MLIR 22 reads i1 operands as signed too (1 is -1), and so does Tilt.
static std::optional<llvm::APInt> foldIPowI(const llvm::APInt &base,
                                            const llvm::APInt &power) {
  unsigned width = base.getBitWidth();
  llvm::APInt one(width, 1, /*isSigned=*/true);
  llvm::APInt minusOne(width, uint64_t(-1), /*isSigned=*/true);
  if (power.isZero())
    return one;
  if (power.isNegative()) {
    if (base.isZero())
      return std::nullopt;
    if (base == one)
      return one;
    if (base != minusOne)
      return llvm::APInt::getZero(width);
    return power[0] ? minusOne : one;
  }
  // Square and multiply over the bits of the power.
  llvm::APInt result = one, square = base, rest = power;
  while (true) {
    if (rest[0])
      result *= square;
    rest.lshrInPlace(1);
    if (rest.isZero())
      return result;
    square *= square;
  }
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// Folds a math op on scalar constants of its element types.
static OpFoldResult foldScalar(Operation *op, llvm::StringRef mnemonic,
                               Type type, llvm::ArrayRef<Attribute> operands) {
  // The integer ops.
  if (auto a = operands[0].dyn_cast_or_null<IntegerAttr>()) {
    std::optional<llvm::APInt> result;
    if (operands.size() == 1)
      result = foldIntegerUnary(mnemonic, a.getValue());
    else if (auto b = operands[1].dyn_cast_or_null<IntegerAttr>();
             b && mnemonic == "ipowi")
      result = foldIPowI(a.getValue(), b.getValue());
    if (!result)
      return OpFoldResult();
    return IntegerAttr::get(type, *result);
  }
  auto a = operands[0].dyn_cast_or_null<FloatAttr>();
  if (!a)
    return OpFoldResult();
  // The classifications: float to i1.
  if (!type.isa<FloatType>()) {
    if (std::optional<bool> result = foldClassification(mnemonic, a.getValue()))
      return BoolAttr::get(op->getContext(), *result);
    return OpFoldResult();
  }
  std::optional<llvm::APFloat> result;
  if (operands.size() == 1)
    result = foldFloatUnary(mnemonic, a.getValue());
  else if (auto b = operands[1].dyn_cast_or_null<FloatAttr>();
           b && operands.size() == 2)
    result = foldFloatBinary(mnemonic, a.getValue(), b.getValue());
  if (!result)
    return OpFoldResult();
  return FloatAttr::get(type, *result);
}

OpFoldResult math::detail::foldOp(Operation *op,
                                  llvm::ArrayRef<Attribute> operands) {
  if (op->getNumResults() != 1 || operands.empty())
    return OpFoldResult();
  llvm::StringRef mnemonic = op->getName().getStringRef().drop_front(5);
  Type type = getElementTypeOrSelf(op->getResult(0).getType());
  // MLIR folds a classification of a tensor only when it is a splat
  // (IsNaNOp::fold and the others match SplatElementsAttr alone).
  bool isClassification =
      !type.isa<FloatType>() &&
      getElementTypeOrSelf(op->getOperand(0).getType()).isa<FloatType>();
  if (isClassification && op->getResult(0).getType().isa<RankedTensorType>()) {
    auto elements = operands[0].dyn_cast_or_null<DenseElementsAttr>();
    if (!elements || !elements.isSplat())
      return OpFoldResult();
  }
  return arith::detail::foldElementwise(
      op, operands, [&](llvm::ArrayRef<Attribute> scalars) {
        return foldScalar(op, mnemonic, type, scalars);
      });
}
