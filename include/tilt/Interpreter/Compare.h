//===- Compare.h - Device results against a reference -----------*- C++ -*-===//
//
// The acceptance policy of tilt-run (docs/tilt-run.md):
//  - bf16 (and f16) outputs: at most one step of the output type (an ulp of
//    the larger of the two values) from the reference rounded to that type
//    on at least 99.9% of the elements, and a correlation of at least
//    0.9999;
//  - f32 outputs: |device - reference| <= 1e-3 * (|reference| + rms) on at
//    least 99.9% of the elements, with rms the root mean square of the
//    reference, and a correlation of at least 0.9999;
//  - i32 outputs: equal everywhere.
// Two NaNs, or two infinities of one sign, are equal.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_INTERPRETER_COMPARE_H
#define TILT_INTERPRETER_COMPARE_H

#include "tilt/IR/Types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilt {
namespace interp {

/// One element where the device and the reference differ.
struct Mismatch {
  int64_t index = 0;
  float device = 0, reference = 0;
  double error = 0; ///< in the policy's unit (steps or relative)
};

/// The verdict of compareResults and what it is based on.
struct Comparison {
  bool ok = false;
  int64_t count = 0, exact = 0, withinTolerance = 0;
  double maxError = 0;
  double correlation = 1;
  std::string unit; ///< "bf16 steps", "relative", "exact"
  std::vector<Mismatch> worst; ///< the largest errors, largest first
};

/// Compares `device` with `reference` (already rounded to `type`).
Comparison compareResults(const std::vector<float> &device,
                          const std::vector<float> &reference, Type type,
                          unsigned worstCount = 5);

} // namespace interp
} // namespace tilt

#endif // TILT_INTERPRETER_COMPARE_H
