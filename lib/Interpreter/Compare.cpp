//===- Compare.cpp - Device results against a reference -------------------===//

#include "tilt/Interpreter/Compare.h"

#include <algorithm>
#include <cmath>

using namespace tilt;
using namespace tilt::interp;

namespace {

bool sameSpecial(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) ||
         (std::isinf(a) && std::isinf(b) && std::signbit(a) == std::signbit(b));
}

/// One step of a `mantissaBits`-bit mantissa at the magnitude of `value`.
double stepAt(double value, int mantissaBits) {
  if (value == 0)
    return std::ldexp(1.0, -126 - mantissaBits);
  int exponent;
  std::frexp(value, &exponent);
  return std::ldexp(1.0, std::max(exponent - 1, -126) - mantissaBits);
}

double correlation(const std::vector<float> &a, const std::vector<float> &b) {
  double sumA = 0, sumB = 0;
  size_t n = 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::isfinite(a[i]) && std::isfinite(b[i])) {
      sumA += a[i];
      sumB += b[i];
      ++n;
    }
  if (n == 0)
    return 1;
  double meanA = sumA / double(n), meanB = sumB / double(n);
  double covariance = 0, varianceA = 0, varianceB = 0;
  bool equal = true;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::isfinite(a[i]) && std::isfinite(b[i])) {
      double da = a[i] - meanA, db = b[i] - meanB;
      covariance += da * db;
      varianceA += da * da;
      varianceB += db * db;
      equal &= a[i] == b[i];
    }
  if (varianceA == 0 || varianceB == 0)
    return equal ? 1 : 0;
  return covariance / std::sqrt(varianceA * varianceB);
}

} // namespace

Comparison interp::compareResults(const std::vector<float> &device,
                                  const std::vector<float> &reference,
                                  Type type, unsigned worstCount) {
  Comparison result;
  result.count = int64_t(reference.size());
  if (device.size() != reference.size())
    return result;
  bool isInteger = type.isInteger();
  int mantissaBits = type.isBF16() ? 7 : type.isF16() ? 10 : 23;
  bool relative = type.isF32();
  result.unit = isInteger ? "exact" : relative ? "relative" : "bf16 steps";
  if (type.isF16())
    result.unit = "f16 steps";
  double rms = 0;
  size_t finite = 0;
  for (float value : reference)
    if (std::isfinite(value)) {
      rms += double(value) * value;
      ++finite;
    }
  rms = finite ? std::sqrt(rms / double(finite)) : 0;

  std::vector<Mismatch> errors;
  for (size_t i = 0; i < reference.size(); ++i) {
    float d = device[i], r = reference[i];
    if (d == r || sameSpecial(d, r)) {
      ++result.exact;
      ++result.withinTolerance;
      continue;
    }
    double error;
    bool within;
    if (!std::isfinite(d) || !std::isfinite(r)) {
      error = INFINITY;
      within = false;
    } else if (isInteger) {
      error = std::fabs(double(d) - r);
      within = false;
    } else if (relative) {
      double scale = std::fabs(r) + rms;
      error = scale > 0 ? std::fabs(double(d) - r) / scale : INFINITY;
      within = error <= 1e-3;
    } else {
      double step = stepAt(std::max(std::fabs(double(d)), std::fabs(double(r))),
                           mantissaBits);
      error = std::fabs(double(d) - r) / step;
      within = error <= 1.0;
    }
    if (within)
      ++result.withinTolerance;
    result.maxError = std::max(result.maxError, error);
    errors.push_back(Mismatch{int64_t(i), d, r, error});
  }
  std::partial_sort(errors.begin(),
                    errors.begin() + std::min<size_t>(worstCount, errors.size()),
                    errors.end(), [](const Mismatch &a, const Mismatch &b) {
                      return a.error > b.error;
                    });
  errors.resize(std::min<size_t>(worstCount, errors.size()));
  result.worst = std::move(errors);
  result.correlation = correlation(device, reference);
  if (isInteger)
    result.ok = result.exact == result.count;
  else
    result.ok = double(result.withinTolerance) >= 0.999 * double(result.count) &&
                result.correlation >= 0.9999;
  return result;
}
