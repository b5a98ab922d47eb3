//===- Compare.h - Device results against the reference ---------*- C++ -*-===//
//
// The acceptance policy of tilt-run (docs/tilt-run.md). Each element of a
// float output has a budget: the error bound E that the interpreter derived
// for it (TileInterpreter.h, Precision.h) plus one step of the output type
// (an ulp at the larger of the device's and the reference's magnitudes),
// which covers the final rounding into the output. The reference is the
// exact result rounded to the output type. An element is within budget
// when |device - reference| <= budget; an output passes when at least
// 99.9% of its elements are within budget and the correlation with the
// reference is at least 0.9999. Integer outputs must be equal everywhere.
// Two NaNs, or two infinities of one sign, are equal; an element whose
// budget is unbounded (+inf) is accepted and counted.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_INTERPRETER_COMPARE_H
#define TILT_INTERPRETER_COMPARE_H

#include "tilt/Interpreter/TileInterpreter.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tilt {
namespace interp {

/// The share of elements that must be within budget.
constexpr double kRequiredShareWithinBudget = 0.999;
/// The least correlation between the device's output and the reference,
/// unless the budgets allow less (OutputComparison::requiredCorrelation).
constexpr double kRequiredCorrelation = 0.9999;
/// The correlation rule applies only to outputs whose reference spreads
/// (standard deviation) over more than this many typical budgets.
constexpr double kSpreadPerBudget = 10.0;

/// One element of an output, compared.
struct ElementComparison {
  /// The row-major index into the output.
  int64_t index = 0;
  double device = 0;
  /// The exact result rounded to the output type.
  double reference = 0;
  /// |device - reference| (+inf when one of them is not finite and they
  /// differ).
  double error = 0;
  /// The error allowed: E plus one step (+inf: unbounded).
  double budget = 0;
  /// The grid block that wrote the element last (-1: none).
  int64_t block = -1;

  /// error / budget (0 for equal values).
  double getShareOfBudget() const;
};

/// The verdict of compareResults and what it is based on.
struct Comparison {
  bool ok = false;
  int64_t count = 0, exact = 0, withinBudget = 0;
  /// Elements whose budget is unbounded (accepted; a function's interval
  /// left its domain or a bound overflowed).
  int64_t unbounded = 0;
  /// The largest error / budget over the elements with a finite budget;
  /// for integer outputs, the largest absolute difference.
  double maxShareOfBudget = 0;
  double correlation = 1;
  /// Whether the output varies enough for the correlation rule to apply.
  bool correlationApplies = true;
  /// The correlation the rule asks for: kRequiredCorrelation, or, when
  /// the budgets are wide (a low math fidelity), 1 - kRequiredCorrelation
  /// less than the device's own correlation with every element brought
  /// within its budget: the elements beyond their budgets (the 99.9% rule
  /// lets 0.1% through) may not lower the correlation by more than that,
  /// and a device within every budget never fails on correlation.
  double requiredCorrelation = kRequiredCorrelation;
  /// The elements with the largest share of their budget, largest first.
  std::vector<ElementComparison> worst;
  /// The first element (row-major) beyond its budget, if any.
  std::optional<ElementComparison> firstBeyondBudget;
};

/// The budget of element `index` of `reference` for the device value
/// `device`: its bound E (without the last rounding when that was to the
/// output type itself) plus one step of the output type at the larger of
/// the two magnitudes; 0 for integer outputs.
double getElementBudget(const HostTensor &reference, int64_t index,
                        double device);

/// Compares `device` (one value per element, as read back from the device)
/// with `reference` (the interpreter's result, with bounds and writers).
Comparison compareResults(const std::vector<float> &device,
                          const HostTensor &reference, unsigned worstCount = 5);

} // namespace interp
} // namespace tilt

#endif // TILT_INTERPRETER_COMPARE_H
