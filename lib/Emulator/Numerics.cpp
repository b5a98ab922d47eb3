//===- Numerics.cpp - Number formats of the compute engine ----------------===//
//
// The conversions between the formats a Tensix core computes with, each
// with the rounding the hardware documents (docs/emulator.md, "Numerics",
// has the sources):
//
//  - unpacker, fp32 to TF32 (SrcA/SrcB): the low 13 mantissa bits are
//    dropped (tt-isa-documentation WormholeB0 SrcASrcB.md);
//  - FPU results into a 16-bit DST: round to nearest even (undocumented in
//    the ISA; tt-llk llk_defs.h: "default rounding is round to nearest
//    even");
//  - SFPU results into a 16-bit DST (SFPSTORE) and moves from an fp32 DST
//    into a source register (MOVD2A/MOVD2B): truncation toward zero;
//  - packer, fp32 DST to bf16/fp16: round to nearest, ties away from zero
//    (Packers/FormatConversion.md); to a Float16 CB through bf16
//    (tt-metal jit_build/data_format.cpp: pack_src_format Float16_b);
//  - SFPU rounding before SFPSTORE: SFPSTOCHRND to bf16, ties away from
//    zero; tt-metal's float32_to_bf16_rne, ties to even;
//  - math fidelity: the operand bits of each multiplier phase
//    (tt-isa-documentation MatrixUnit.md, SrcAFidelityBits and
//    SrcBFidelityBits).
//
//===----------------------------------------------------------------------===//

#include "Bits.h"
#include "tilt/Emulator/Emulator.h"

#include <cmath>
#include <cstring>

using namespace tilt;
using namespace tilt::emu;

namespace {

/// `value` with its mantissa cut to `keep` bits (truncation toward zero);
/// NaN and infinity unchanged; a denormal flushed to zero (its sign kept),
/// as the unpacker (UNPACR_Regular.md: "Flush denormals to zero") and
/// SFPSTORE (SFPSTORE.md) do.
float truncateMantissa(float value, unsigned keep) {
  uint32_t bits = bitsOf(value);
  if ((bits & 0x7f800000u) == 0x7f800000u)
    return value;
  if ((bits & 0x7f800000u) == 0)
    return fromBits(bits & 0x80000000u);
  uint32_t drop = 23 - keep;
  return fromBits(bits & ~((1u << drop) - 1u));
}

/// `rounded` (a value of a format whose smallest normal is `smallest`)
/// with what lies below the normal range flushed to zero, sign kept: the
/// Tensix flushes denormals in every 16-bit conversion (MVMUL.md:
/// "Denormals will be flushed", SFPSTORE.md, Packers/FormatConversion.md).
double flushBelow(double rounded, double smallest) {
  return std::fabs(rounded) < smallest ? std::copysign(0.0, rounded) : rounded;
}

/// `value` (finite) rounded to a `mantissaBits`-bit mantissa, to nearest;
/// ties to even or away from zero. Works in the exponent range of the
/// target through `minExponent` (the smallest normal exponent; below it
/// the step stays that of the smallest normal, as for subnormals).
double roundMantissa(double value, int mantissaBits, int minExponent,
                     bool tiesAway) {
  if (value == 0 || !std::isfinite(value))
    return value;
  int exponent;
  std::frexp(value, &exponent); // value = m * 2^exponent, 0.5 <= |m| < 1
  int unitExponent = std::max(exponent - 1, minExponent) - mantissaBits;
  double scaled = std::ldexp(value, -unitExponent);
  double rounded = tiesAway ? std::round(scaled) : std::nearbyint(scaled);
  return std::ldexp(rounded, unitExponent);
}

} // namespace

float emu::roundToBF16(double value) {
  if (std::isnan(value))
    return float(value);
  double rounded = roundMantissa(value, 7, -126, /*tiesAway=*/false);
  // Past the largest bf16, round to infinity as the conversion does.
  if (std::fabs(rounded) > 0x1.fep127)
    return std::signbit(value) ? -INFINITY : INFINITY;
  return float(flushBelow(rounded, 0x1p-126));
}

float emu::roundToHalf(double value) {
  if (std::isnan(value))
    return float(value);
  double rounded = roundMantissa(value, 10, -14, /*tiesAway=*/false);
  if (std::fabs(rounded) > 65504.0)
    return std::signbit(value) ? -INFINITY : INFINITY;
  return float(flushBelow(rounded, 0x1p-14));
}

float emu::roundToTF32(float value) { return truncateMantissa(value, 10); }

float emu::truncateToFormat(float value, DataFormat format) {
  switch (format) {
  case DataFormat::Float16_b:
    return truncateMantissa(value, 7);
  case DataFormat::Float16: {
    // Truncate in half's own range: cut the mantissa where half would.
    if (!std::isfinite(value) || value == 0)
      return value;
    double step = std::ldexp(1.0, std::max(std::ilogb(value), -14) - 10);
    double truncated = std::trunc(double(value) / step) * step;
    if (std::fabs(truncated) > 65504.0)
      return std::signbit(value) ? -INFINITY : INFINITY;
    return float(flushBelow(truncated, 0x1p-14));
  }
  default:
    return value;
  }
}

float emu::roundToFormat(double value, DataFormat format) {
  switch (format) {
  case DataFormat::Float16_b:
    return roundToBF16(value);
  case DataFormat::Float16:
    return roundToHalf(value);
  default:
    return float(value);
  }
}

float emu::packRound(float value, DataFormat format) {
  if (format != DataFormat::Float16_b && format != DataFormat::Float16)
    return value;
  if (std::isnan(value))
    return value;
  bool bf16 = format == DataFormat::Float16_b;
  double rounded = roundMantissa(value, bf16 ? 7 : 10, bf16 ? -126 : -14,
                                 /*tiesAway=*/true);
  double largest = bf16 ? 0x1.fep127 : 65504.0;
  if (std::fabs(rounded) > largest)
    return std::signbit(value) ? -INFINITY : INFINITY;
  return float(flushBelow(rounded, bf16 ? 0x1p-126 : 0x1p-14));
}

float emu::packFp32ToHalf(float value) {
  if (std::isnan(value))
    return value;
  float rounded = packRound(value, DataFormat::Float16_b);
  // The late conversion saturates a narrowed exponent and flushes what is
  // below fp16's normal range (FormatConversion.md: "2^-15 < |x| < 2^-14
  // are mishandled"; a flush is the less accurate reading).
  if (std::fabs(rounded) > 65504.0f)
    return std::signbit(rounded) ? -65504.0f : 65504.0f;
  if (std::fabs(rounded) < 0x1p-14f)
    return 0.0f;
  return rounded;
}

float emu::sfpuRoundToBF16(float value) {
  return packRound(value, DataFormat::Float16_b);
}

float emu::sfpuRoundToBF16Even(float value) { return roundToBF16(value); }

/// The high part of `value` (the bits `highMask` keeps: sign, exponent,
/// the leading mantissa bits) or its low part (the value of the bits
/// `lowMask` clears, no implicit 1), as MatrixUnit.md's FidelityBits
/// helpers take them; an infinity is all high part.
static float getFidelityPart(float value, bool low, uint32_t highMask,
                             uint32_t lowMask) {
  if (!std::isfinite(value))
    return low ? 0.0f : value;
  uint32_t bits = bitsOf(value);
  return low ? value - fromBits(bits & lowMask) : fromBits(bits & highMask);
}

float emu::fidelityPartA(float value, unsigned phase) {
  return getFidelityPart(value, phase & 1, 0xfff80000u, 0xfff83fffu);
}

float emu::fidelityPartB(float value, unsigned phase) {
  return getFidelityPart(value, phase & 2, 0xfffe0000u, 0xfffe1fffu);
}
