//===- Precision.cpp - The device's numerics as error bounds --------------===//
//
// Rounding to the device's formats and the propagation of error bounds
// through one operation. The rules, and why they hold, are in
// docs/tilt-run.md ("The acceptance policy").
//
//===----------------------------------------------------------------------===//

#include "tilt/Interpreter/Precision.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace tilt;
using namespace tilt::interp;

/// A bound that bounds nothing.
static ErrorBound getUnbounded() { return {INFINITY, 0, NumberFormat::Real}; }

/// NaN (from inf * 0 or inf - inf in a propagation) means unbounded.
static double sanitize(double bound) {
  return std::isnan(bound) ? INFINITY : bound;
}

//===----------------------------------------------------------------------===//
// Formats
//===----------------------------------------------------------------------===//

std::optional<NumberFormat> interp::getNumberFormat(Type type) {
  if (type.isF32())
    return NumberFormat::F32;
  if (type.isBF16())
    return NumberFormat::BF16;
  if (type.isF16())
    return NumberFormat::F16;
  if (type.isIntOrIndex())
    return NumberFormat::Integer;
  return std::nullopt;
}

double interp::getUnitRoundoff(NumberFormat format) {
  switch (format) {
  case NumberFormat::F32:
    return kUnitRoundoffF32;
  case NumberFormat::BF16:
    return kUnitRoundoffBF16;
  case NumberFormat::F16:
    return kUnitRoundoffF16;
  case NumberFormat::Integer:
  case NumberFormat::Real:
    return 0;
  }
  return 0;
}

double interp::getUnderflowError(NumberFormat format) {
  switch (format) {
  case NumberFormat::F32:
  case NumberFormat::BF16:
    return 0x1p-126;
  case NumberFormat::F16:
    return 0x1p-14;
  case NumberFormat::Integer:
  case NumberFormat::Real:
    return 0;
  }
  return 0;
}

bool interp::isRepresentableIn(NumberFormat from, NumberFormat to) {
  if (from == to || to == NumberFormat::Real)
    return true;
  return to == NumberFormat::F32 &&
         (from == NumberFormat::BF16 || from == NumberFormat::F16);
}

double interp::roundToFormat(double value, NumberFormat format) {
  int precision = 24, minExponent = -126, maxExponent = 127;
  double smallestNormal = 0, normalLimit = 0;
  switch (format) {
  case NumberFormat::Real:
    return value;
  case NumberFormat::Integer:
    return std::nearbyint(value);
  case NumberFormat::F32:
    precision = 24, minExponent = -126, maxExponent = 127;
    break;
  case NumberFormat::BF16:
    precision = 8, minExponent = -126, maxExponent = 127;
    smallestNormal = 0x1p-126, normalLimit = 0x1p127;
    break;
  case NumberFormat::F16:
    precision = 11, minExponent = -14, maxExponent = 15;
    smallestNormal = 0x1p-14, normalLimit = 0x1p15;
    break;
  }
  if (!std::isfinite(value) || value == 0)
    return value;
  // f32: the conversion rounds to nearest even, subnormals and overflow
  // included, as below.
  if (format == NumberFormat::F32)
    return double(float(value));
  // Normal bf16 and f16 values: to nearest even on the double's bits (a
  // carry out of the mantissa moves the exponent, as it should).
  double magnitude = std::fabs(value);
  if (magnitude >= smallestNormal && magnitude < normalLimit) {
    int dropped = 53 - precision;
    uint64_t bits = llvm::bit_cast<uint64_t>(value);
    uint64_t half = (uint64_t(1) << (dropped - 1)) - 1;
    bits += half + ((bits >> dropped) & 1);
    bits &= ~((uint64_t(1) << dropped) - 1);
    return llvm::bit_cast<double>(bits);
  }
  double largest =
      std::ldexp(2.0 - std::ldexp(1.0, 1 - precision), maxExponent);
  if (std::fabs(value) >= std::ldexp(1.0, maxExponent + 1))
    return std::copysign(INFINITY, value);
  int exponent;
  std::frexp(value, &exponent); // |value| in [2^(exponent-1), 2^exponent)
  // The spacing of the format at this magnitude (fixed below the normal
  // range: subnormals).
  int quantum = std::max(exponent - 1, minExponent) - (precision - 1);
  double rounded =
      std::ldexp(std::nearbyint(std::ldexp(value, -quantum)), quantum);
  if (std::fabs(rounded) > largest)
    return std::copysign(INFINITY, value);
  return rounded;
}

std::string interp::describePrecision(const Precision &precision) {
  static const char *const kFidelities[] = {"LoFi", "LoFi", "HiFi2", "HiFi3",
                                            "HiFi4"};
  std::string text;
  if (precision.fp32Dest)
    text = precision.allowTF32
               ? "fp32 DST, f32 add/sub/mul on the FPU with TF32 operands"
               : "fp32 DST, f32 add/sub/mul exact on the SFPU";
  else if (precision.dest16 == NumberFormat::F16)
    text = "Float16 DST (the SFPU's mul, div and functions round to bf16 "
           "there)";
  else
    text = "bf16 DST";
  return text + ", " + kFidelities[std::min(precision.fidelityPhases, 4u)];
}

double interp::gamma(int64_t n, double u) {
  if (n <= 0)
    return 0;
  double nu = double(n) * u;
  if (nu >= 1)
    return INFINITY;
  return nu / (1 - nu);
}

//===----------------------------------------------------------------------===//
// Bounds
//===----------------------------------------------------------------------===//

ErrorBound interp::roundBound(const ErrorBound &bound, double value,
                              NumberFormat format, Rounding rounding) {
  // An infinite value within a finite bound is that infinity on the device
  // too (infinity plus any finite error), and every float format holds it.
  if (std::isinf(value) && !bound.isUnbounded() &&
      format != NumberFormat::Integer)
    return {0, 0, format};
  if (isRepresentableIn(bound.format, format))
    return bound;
  if (format == NumberFormat::Integer)
    return {sanitize(bound.total + 0.5), 0.5, format};
  // The device rounds its own value, whose magnitude is at most
  // |value| + E; below the normal range the error is at most the
  // underflow error (flush to zero).
  double magnitude = std::fabs(value) + bound.total;
  double nearest = sanitize(
      std::max(getUnitRoundoff(format) * magnitude, getUnderflowError(format)));
  double error = rounding == Rounding::Truncate ? 2 * nearest : nearest;
  return {sanitize(bound.total + error), nearest, format};
}

ErrorBound interp::getSourceRegisterBound(const ErrorBound &bound, double value,
                                          double truncation) {
  if (truncation == 0)
    return bound;
  if (std::isinf(value) && !bound.isUnbounded())
    return {0, 0, NumberFormat::Real};
  double magnitude = std::fabs(value) + bound.total;
  double error =
      std::max(truncation * magnitude, getUnderflowError(NumberFormat::F32));
  return {sanitize(bound.total + error), 0, NumberFormat::Real};
}

double interp::getSelectionError(bool isMin, double a, double errorA,
                                 double b, double errorB) {
  if (isMin) {
    a = -a;
    b = -b;
  }
  if (a - errorA >= b + errorB)
    return errorA;
  if (b - errorB >= a + errorA)
    return errorB;
  return std::max(errorA, errorB);
}

ErrorBound interp::propagateAdd(const ErrorBound &a, const ErrorBound &b) {
  return {sanitize(a.total + b.total), 0, NumberFormat::Real};
}

ErrorBound interp::propagateMultiply(double a, const ErrorBound &boundA,
                                     double b, const ErrorBound &boundB) {
  if (boundA.isUnbounded() || boundB.isUnbounded())
    return getUnbounded();
  // An infinite operand times one whose interval keeps its sign is that
  // infinity exactly; an interval that holds 0 may give a NaN.
  if (std::isinf(a) || std::isinf(b)) {
    bool keepsSign = (std::isinf(a) || std::fabs(a) > boundA.total) &&
                     (std::isinf(b) || std::fabs(b) > boundB.total);
    return keepsSign ? ErrorBound{0, 0, NumberFormat::Real} : getUnbounded();
  }
  double total = std::fabs(a) * boundB.total + std::fabs(b) * boundA.total +
                 boundA.total * boundB.total;
  return {sanitize(total), 0, NumberFormat::Real};
}

ErrorBound interp::propagateDivide(double a, const ErrorBound &boundA, double b,
                                   const ErrorBound &boundB) {
  if (boundA.isUnbounded() || boundB.isUnbounded() ||
      !(std::fabs(b) > boundB.total))
    return getUnbounded();
  double quotient = a / b;
  if (!std::isfinite(quotient))
    return getUnbounded();
  // Away from a zero divisor, a / b is monotone in each operand: the
  // extremes over the box are at its corners.
  double spread = 0;
  for (double signA : {-1.0, 1.0})
    for (double signB : {-1.0, 1.0})
      spread = std::max(spread, std::fabs((a + signA * boundA.total) /
                                              (b + signB * boundB.total) -
                                          quotient));
  double total = spread + kMathFunctionError * (std::fabs(quotient) + spread);
  if (!std::isfinite(total))
    return getUnbounded();
  return {total, 0, NumberFormat::Real};
}

double interp::evaluateUnary(UnaryFunction function, double x) {
  switch (function) {
  case UnaryFunction::Exp:
    return std::exp(x);
  case UnaryFunction::Log:
    return std::log(x);
  case UnaryFunction::Sqrt:
    return std::sqrt(x);
  case UnaryFunction::Rsqrt:
    return 1 / std::sqrt(x);
  case UnaryFunction::Tanh:
    return std::tanh(x);
  case UnaryFunction::Abs:
    return std::fabs(x);
  case UnaryFunction::Negate:
    return -x;
  case UnaryFunction::Exp2:
    return std::exp2(x);
  case UnaryFunction::Log2:
    return std::log2(x);
  case UnaryFunction::Erf:
    return std::erf(x);
  case UnaryFunction::Sigmoid:
    return 1 / (1 + std::exp(-x));
  case UnaryFunction::Silu:
    return x / (1 + std::exp(-x));
  case UnaryFunction::Gelu:
    return 0.5 * x * (1 + std::erf(x * M_SQRT1_2));
  }
  return x;
}

/// The minimum of silu and gelu, the one place where they are not
/// monotone: silu'(x) = 0 at x = -1.2784645..., gelu'(x) = 0 at
/// x = -0.7517915... (both decrease before it and increase after).
static std::optional<double> getInnerExtremum(UnaryFunction function) {
  if (function == UnaryFunction::Silu)
    return -1.2784645427610738;
  if (function == UnaryFunction::Gelu)
    return -0.7517915241769504;
  return std::nullopt;
}

ErrorBound interp::propagateUnary(UnaryFunction function, double x,
                                  const ErrorBound &bound) {
  // |f(y) - f(x)| <= |y - x| for both, and the result is in the operand's
  // format: the bound, with its format, carries over.
  if (function == UnaryFunction::Abs || function == UnaryFunction::Negate)
    return bound;
  if (bound.isUnbounded())
    return getUnbounded();
  double value = evaluateUnary(function, x);
  if (!std::isfinite(value))
    return getUnbounded();
  double spread = 0;
  if (bound.total > 0) {
    double low = x - bound.total, high = x + bound.total;
    bool inDomain = true;
    if (function == UnaryFunction::Log || function == UnaryFunction::Log2 ||
        function == UnaryFunction::Rsqrt)
      inDomain = low > 0;
    else if (function == UnaryFunction::Sqrt)
      inDomain = low >= 0;
    if (!inDomain)
      return getUnbounded();
    // Every function here is monotone on its domain, or on each side of
    // one inner extremum: the ends and that extremum bound it.
    for (double end : {low, high})
      spread =
          std::max(spread, std::fabs(evaluateUnary(function, end) - value));
    if (std::optional<double> extremum = getInnerExtremum(function))
      if (low < *extremum && *extremum < high)
        spread = std::max(
            spread, std::fabs(evaluateUnary(function, *extremum) - value));
  }
  double total = spread + kMathFunctionError * (std::fabs(value) + spread);
  if (!std::isfinite(total))
    return getUnbounded();
  return {total, 0, NumberFormat::Real};
}
