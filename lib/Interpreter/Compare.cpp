//===- Compare.cpp - Device results against the reference -----------------===//
//
// Each element against its budget (Compare.h); the share within budget,
// the correlation and the first and worst elements beyond it.
//
//===----------------------------------------------------------------------===//

#include "tilt/Interpreter/Compare.h"

#include <algorithm>
#include <cmath>
#include <queue>

using namespace tilt;
using namespace tilt::interp;

namespace {

bool isSameSpecial(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) ||
         (std::isinf(a) && std::isinf(b) && std::signbit(a) == std::signbit(b));
}

/// One step (an ulp) of `format` at the magnitude of `value`: the spacing of
/// the format in the binade of `value`, fixed below the normal range.
double getStepAt(double value, NumberFormat format) {
  int precision = 24, minExponent = -126;
  if (format == NumberFormat::BF16)
    precision = 8;
  else if (format == NumberFormat::F16)
    precision = 11, minExponent = -14;
  int exponent = minExponent + 1;
  if (value != 0 && std::isfinite(value))
    std::frexp(value, &exponent);
  return std::ldexp(1.0, std::max(exponent - 1, minExponent) - (precision - 1));
}

/// The correlation over the elements where both are finite.
double getCorrelation(const std::vector<float> &a,
                      const std::vector<double> &b) {
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
      equal &= double(a[i]) == b[i];
    }
  if (varianceA == 0 || varianceB == 0)
    return equal ? 1 : 0;
  return covariance / std::sqrt(varianceA * varianceB);
}

} // namespace

double ElementComparison::getShareOfBudget() const {
  if (error == 0)
    return 0;
  if (!(budget < INFINITY))
    return 0;
  return budget > 0 ? error / budget : INFINITY;
}

double interp::getElementBudget(const HostTensor &reference, int64_t index,
                                double device) {
  NumberFormat format =
      getNumberFormat(reference.elementType).value_or(NumberFormat::F32);
  if (format == NumberFormat::Integer)
    return 0;
  ErrorBound bound = size_t(index) < reference.bounds.size()
                         ? reference.bounds[index]
                         : ErrorBound::getExact(format);
  // When the device's last rounding was to the output type itself, the
  // step below covers it (both sides are rounded to the same format).
  double error = bound.total;
  if (bound.format == format)
    error -= bound.lastRounding;
  if (!(error < INFINITY))
    return INFINITY;
  double rounded = roundToFormat(reference.data[index], format);
  double magnitude = std::fabs(rounded);
  if (std::isfinite(device))
    magnitude = std::max(magnitude, std::fabs(device));
  return std::max(error, 0.0) + getStepAt(magnitude, format);
}

Comparison interp::compareResults(const std::vector<float> &device,
                                  const HostTensor &reference,
                                  unsigned worstCount) {
  Comparison result;
  result.count = int64_t(reference.data.size());
  if (device.size() != reference.data.size())
    return result;
  NumberFormat format =
      getNumberFormat(reference.elementType).value_or(NumberFormat::F32);
  bool isInteger = format == NumberFormat::Integer;
  std::vector<double> rounded(reference.data.size());
  // The worst elements so far with their shares, the least bad on top.
  using Ranked = std::pair<double, ElementComparison>;
  auto worseThan = [](const Ranked &a, const Ranked &b) {
    return a.first > b.first;
  };
  std::priority_queue<Ranked, std::vector<Ranked>, decltype(worseThan)> worst(
      worseThan);
  for (size_t i = 0; i < reference.data.size(); ++i) {
    ElementComparison element;
    element.index = int64_t(i);
    element.device = device[i];
    element.reference = rounded[i] = roundToFormat(reference.data[i], format);
    element.budget = getElementBudget(reference, int64_t(i), element.device);
    if (i < reference.writers.size())
      element.block = reference.writers[i];
    bool unbounded = !(element.budget < INFINITY);
    result.unbounded += unbounded;
    if (element.device == element.reference ||
        isSameSpecial(element.device, element.reference)) {
      ++result.exact;
      ++result.withinBudget;
      continue;
    }
    bool finite =
        std::isfinite(element.device) && std::isfinite(element.reference);
    element.error =
        finite ? std::fabs(element.device - element.reference) : INFINITY;
    bool within = unbounded || (!isInteger && element.error <= element.budget);
    if (within)
      ++result.withinBudget;
    else if (!result.firstBeyondBudget)
      result.firstBeyondBudget = element;
    double share = isInteger ? element.error : element.getShareOfBudget();
    result.maxShareOfBudget = std::max(result.maxShareOfBudget, share);
    if (worstCount == 0 || share == 0)
      continue;
    if (worst.size() < worstCount) {
      worst.push({share, element});
    } else if (share > worst.top().first) {
      worst.pop();
      worst.push({share, element});
    }
  }
  while (!worst.empty()) {
    result.worst.push_back(worst.top().second);
    worst.pop();
  }
  std::reverse(result.worst.begin(), result.worst.end());
  result.correlation = getCorrelation(device, rounded);
  // The correlation discriminates only when the reference varies by more
  // than the budgets allow an element to move: the row maxima of random
  // data all lie near the top of the range, and rounding within budget
  // alone brings their correlation below the bar.
  double spread = 0, budgetSum = 0, mean = 0;
  // The device's values with every element brought within its budget: the
  // correlation a device within all budgets would show here.
  std::vector<float> clamped(device);
  int64_t finite = 0;
  for (size_t i = 0; i < rounded.size(); ++i)
    if (std::isfinite(rounded[i])) {
      mean += rounded[i];
      ++finite;
    }
  mean = finite ? mean / double(finite) : 0;
  int64_t bounded = 0;
  for (size_t i = 0; i < rounded.size(); ++i) {
    if (std::isfinite(rounded[i]))
      spread += (rounded[i] - mean) * (rounded[i] - mean);
    double budget = getElementBudget(reference, int64_t(i), device[i]);
    if (std::isfinite(budget)) {
      budgetSum += budget;
      ++bounded;
      if (std::isfinite(rounded[i]) &&
          !(std::fabs(double(device[i]) - rounded[i]) <= budget)) {
        // At the reference's magnitude: a device value far off must not
        // widen its own budget.
        double own = getElementBudget(reference, int64_t(i), rounded[i]);
        double low = rounded[i] - own, high = rounded[i] + own;
        clamped[i] = float(std::isnan(device[i])
                               ? rounded[i]
                               : std::clamp(double(device[i]), low, high));
      }
    }
  }
  spread = finite ? std::sqrt(spread / double(finite)) : 0;
  double typicalBudget = bounded ? budgetSum / double(bounded) : 0;
  result.correlationApplies = spread > kSpreadPerBudget * typicalBudget;
  if (result.correlationApplies)
    result.requiredCorrelation =
        std::min(kRequiredCorrelation,
                 getCorrelation(clamped, rounded) - (1 - kRequiredCorrelation));
  if (isInteger)
    result.ok = result.exact == result.count;
  else
    result.ok = double(result.withinBudget) >=
                    kRequiredShareWithinBudget * double(result.count) &&
                (!result.correlationApplies ||
                 result.correlation >= result.requiredCorrelation);
  return result;
}
