//===- Precision.h - The device's numerics as error bounds ------*- C++ -*-===//
//
// Forward error analysis of what a Tenstorrent core does to the values of a
// tile program. The reference interpreter computes every value exactly (in
// fp64) and carries beside it an upper bound on how far the device's value
// may be from it: each rounding the device performs (into DST, into a
// source register, into a buffer) adds its worst case, and arithmetic
// propagates the bounds of its operands. The rules are those of the
// acceptance policy in docs/tilt-run.md; this header holds the unit
// roundoffs they use and the propagation of one operation.
//
// A bound is worst case: a device that rounds as modelled can never exceed
// it, whatever the data, so a correct program never fails by bad luck.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_INTERPRETER_PRECISION_H
#define TILT_INTERPRETER_PRECISION_H

#include "tilt/IR/Types.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace tilt {
namespace interp {

//===----------------------------------------------------------------------===//
// Formats and unit roundoffs
//===----------------------------------------------------------------------===//

/// The unit roundoff u of f32 (24-bit significand, round to nearest):
/// |round(x) - x| <= u |x| for x in the normal range.
constexpr double kUnitRoundoffF32 = 0x1p-24;
/// The unit roundoff of bf16 (8-bit significand).
constexpr double kUnitRoundoffBF16 = 0x1p-8;
/// The unit roundoff of f16 (11-bit significand).
constexpr double kUnitRoundoffF16 = 0x1p-11;
/// The relative error of an f32 value entering the FPU's source registers
/// (SrcA/SrcB) of a kernel with an fp32 DST, which hold TF32 there: the
/// unpacker drops the low 13 mantissa bits (tt-isa-documentation
/// SrcASrcB.md), a truncation to 10 bits, so one unit in the last place,
/// 2^-10. The one place to change if it turns out to round (2^-11).
constexpr double kUnitRoundoffTF32 = 0x1p-10;
/// The relative error of a value truncated to bf16: an f32 value entering a
/// source register of a kernel with a 16-bit DST (the registers then hold
/// the kernel's 16-bit format, bf16 here), or moved out of an fp32 DST
/// into a register configured for bf16 (MOVD2A/MOVD2B), and an SFPU result
/// stored into a 16-bit DST (SFPSTORE). One ulp of bf16, 2^-7.
constexpr double kTruncationBF16 = 0x1p-7;
/// The relative error allowed for an SFPU math function (exp, log, sqrt,
/// rsqrt, tanh, reciprocal, exp2, log2, erf, sigmoid, silu, gelu) on top of
/// the propagated error: two f32 ulps.
constexpr double kMathFunctionError = 2 * 0x1p-23;

/// A format the device holds a value in. `Real` is a value that has not
/// been rounded to any format (an exact intermediate result).
enum class NumberFormat : uint8_t { F32, BF16, F16, Integer, Real };

/// The format of a buffer's or tensor's element type (bf16, f16, f32, or a
/// signless integer); none for other types.
std::optional<NumberFormat> getNumberFormat(Type type);

/// The unit roundoff of `format` (0 for Integer and Real, which are exact).
double getUnitRoundoff(NumberFormat format);

/// The largest error of rounding a value below the normal range of
/// `format`: its smallest normal number, since the Tensix flushes
/// subnormals to zero (docs/emulator.md, "Known differences").
double getUnderflowError(NumberFormat format);

/// Whether every value of `from` is a value of `to`, so that converting
/// from one to the other is exact (bf16 and f16 into f32, any format into
/// itself).
bool isRepresentableIn(NumberFormat from, NumberFormat to);

/// `value` rounded to `format`, to nearest even, with overflow to infinity
/// (values are rounded once, from fp64, so never twice). Integer rounds to
/// the nearest integer; Real returns the value.
double roundToFormat(double value, NumberFormat format);

/// gamma_n(u) = n u / (1 - n u): the relative error bound of n successive
/// roundings with unit roundoff u (Higham, Accuracy and Stability of
/// Numerical Algorithms, 2nd ed., Lemma 3.1). +inf when n u >= 1; 0 when
/// n <= 0.
double gamma(int64_t n, double u);

//===----------------------------------------------------------------------===//
// The device configuration
//===----------------------------------------------------------------------===//

/// What the device's arithmetic is like for one program; runFunction takes
/// it. The rest of the model (source registers, math functions) is fixed
/// by the constants above.
struct Precision {
  /// Whether DST holds fp32 (ComputeConfig::fp32_dest_acc_en, what the
  /// lowering sets when a kernel accumulates or holds f32 data) or a
  /// 16-bit format, in which every DST result is rounded to that format.
  bool fp32Dest = false;
  /// The 16-bit format of DST without fp32Dest: Float16 when a CB of the
  /// compute kernel is Float16, else bf16 (tt-metal jit_build/genfiles.cpp:
  /// the unpacker's conditional DST format follows the CBs' exponent
  /// width).
  NumberFormat dest16 = NumberFormat::BF16;
  /// Whether f32 add, sub and mul with an input tile ran on the FPU with
  /// TF32 operands (tile-lower-compute's allow-tf32) rather than on the
  /// SFPU, exactly.
  bool allowTF32 = false;
  /// The math fidelity's phase count: 1 LoFi, 2 HiFi2, 3 HiFi3, 4 HiFi4
  /// (the FPU's multiplies use part of each operand per phase).
  unsigned fidelityPhases = 4;

  /// The format of DST.
  NumberFormat getDestFormat() const {
    return fp32Dest ? NumberFormat::F32 : dest16;
  }
  /// The relative error the math fidelity adds to a value in SrcA of an
  /// FPU multiply (matmul's in1, mul's in0, reduce's data; `tenBits`: f16
  /// or f32/TF32 data, else bf16): the multiplier uses the implicit 1 and
  /// four mantissa bits in phase 0, five more in phase 1, never the tenth
  /// (tt-isa-documentation MatrixUnit.md, SrcAFidelityBits), so a
  /// truncation to 5 or 9 bits; at HiFi3 the missing A_lo x B_lo product
  /// (below 2^-4 |a| x 2^-6 |b|) is counted here too.
  double getFidelityErrorA(bool tenBits) const {
    if (fidelityPhases <= 1)
      return 0x1p-4;
    return (tenBits ? 0x1p-10 : 0.0) + (fidelityPhases == 3 ? 0x1p-10 : 0.0);
  }
  /// The same for a value in SrcB (matmul's in0, mul's in1): the implicit
  /// 1 and six mantissa bits in phases 0 and 1 (SrcBFidelityBits), the
  /// remaining four from phase 2 on.
  double getFidelityErrorB() const {
    return fidelityPhases <= 2 ? 0x1p-6 : 0.0;
  }
  /// The DST roundings of one FPU multiply-add: one per fidelity phase
  /// (each phase adds its products into DST).
  int64_t getFidelityRoundings() const { return fidelityPhases; }
  /// The relative error of an f32 CB value read into a source register:
  /// TF32 with an fp32 DST, else the kernel's 16-bit format (bf16).
  double getF32SourceTruncation() const {
    return fp32Dest ? kUnitRoundoffTF32 : kTruncationBF16;
  }
};

/// `precision` in a phrase, for the report: the DST mode and where f32
/// arithmetic runs, the SFPU's bf16 rounding in a Float16 DST, and the
/// fidelity ("fp32 DST, f32 arithmetic exact on the SFPU, HiFi4").
std::string describePrecision(const Precision &precision);

//===----------------------------------------------------------------------===//
// Error bounds
//===----------------------------------------------------------------------===//

/// An upper bound on |device value - exact value| for one value, and what
/// the last rounding contributed to it. `format` is the format the device's
/// value is known to be in (Real when it may not be in any): storing the
/// value into a buffer of a format that holds all of `format` is exact.
struct ErrorBound {
  /// The bound E on the whole error (+inf: unbounded).
  double total = 0;
  /// The part of `total` that the last rounding, to `format`, added and
  /// that one step of `format` covers: a comparison against the exact value
  /// rounded to `format` allows one step instead (docs/tilt-run.md).
  double lastRounding = 0;
  NumberFormat format = NumberFormat::Real;

  /// An exact value held in `format`.
  static ErrorBound getExact(NumberFormat format) { return {0, 0, format}; }
  /// Whether nothing bounds the error (an interval left a function's
  /// domain, or a bound overflowed).
  bool isUnbounded() const { return !(total < INFINITY); }
};

/// How the device rounds into a format.
enum class Rounding {
  /// To nearest (FPU results into DST, the packer): error <= u |x|.
  Nearest,
  /// Toward zero (SFPU results stored into a 16-bit DST): error < 2 u |x|.
  Truncate,
};

/// The bound of `value` (exact value, bound `bound`) after the device
/// rounds it to `format`: unchanged when the value is already in a format
/// `format` holds, else the rounding's error u (|value| + E) (2 u (...)
/// when truncating; at least the underflow error) is added. The last
/// rounding records the share of it that one step of `format` covers in a
/// comparison (u (...), also when truncating: the rest stays in the bound).
ErrorBound roundBound(const ErrorBound &bound, double value,
                      NumberFormat format,
                      Rounding rounding = Rounding::Nearest);

/// The bound of a value as the FPU sees it after it passes through a source
/// register that truncates it with relative error `truncation`
/// (kUnitRoundoffTF32, kTruncationBF16): E + truncation (|value| + E), at
/// least the underflow error; unchanged for a truncation of 0.
ErrorBound getSourceRegisterBound(const ErrorBound &bound, double value,
                                  double truncation);

/// The error of max(a, b) (min when `isMin`) when the device holds a and b
/// within `errorA` and `errorB`: the selected operand's error when the
/// intervals do not overlap (the device must pick the same one), else the
/// larger (max and min are 1-Lipschitz).
double getSelectionError(bool isMin, double a, double errorA, double b,
                         double errorB);

/// The propagated bound of a + b or a - b (before any rounding): Ea + Eb.
ErrorBound propagateAdd(const ErrorBound &a, const ErrorBound &b);

/// The propagated bound of a * b: |a| Eb + |b| Ea + Ea Eb.
ErrorBound propagateMultiply(double a, const ErrorBound &boundA, double b,
                             const ErrorBound &boundB);

/// The propagated bound of a / b by interval arithmetic over the box
/// [a +- Ea] x [b +- Eb], plus the math-function error (the device divides
/// with an SFPU reciprocal); unbounded when the interval of b holds 0.
ErrorBound propagateDivide(double a, const ErrorBound &boundA, double b,
                           const ErrorBound &boundB);

/// The unary functions whose errors propagateUnary bounds. Sigmoid, Silu
/// (x sigmoid(x)) and Gelu (x (1 + erf(x / sqrt 2)) / 2) are the SFPU's
/// fused functions, for a lowering that fuses a body into one of them.
enum class UnaryFunction {
  Exp,
  Log,
  Sqrt,
  Rsqrt,
  Tanh,
  Abs,
  Negate,
  Exp2,
  Log2,
  Erf,
  Sigmoid,
  Silu,
  Gelu
};

/// The propagated bound of f(x) for x in [x - E, x + E], by interval
/// propagation (the largest |f(y) - f(x)| over the interval's ends and any
/// extremum inside), plus kMathFunctionError |f| for functions the SFPU
/// approximates (all but abs and negate). Unbounded when the interval
/// leaves the function's domain or f is not finite on it.
ErrorBound propagateUnary(UnaryFunction function, double x,
                          const ErrorBound &bound);

/// f(x) computed exactly (in fp64).
double evaluateUnary(UnaryFunction function, double x);

} // namespace interp
} // namespace tilt

#endif // TILT_INTERPRETER_PRECISION_H
