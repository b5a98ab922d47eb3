//===- Profile.h - The report of the timing model ---------------*- C++ -*-===//
//
// What `tilt-run --profile` prints from the emulator's profile
// (TimingReport::formatJson) and the plan's source map: predicted time,
// throughput, the roofline, where each kernel thread spends its time, the
// bottleneck in a sentence, and the cost of generated and tile-program
// lines (docs/timing-model.md). Private to the TiltRun library: runProgram
// puts the report in RunResult::profile.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_RUN_PROFILE_H
#define TILT_LIB_RUN_PROFILE_H

#include "tilt/Support/LogicalResult.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>

namespace tilt {
namespace run {

/// The string in `value`, or "" (LLVM 14's and later Optional alike).
template <typename OptionalString> std::string stringOf(OptionalString value) {
  return value ? value->str() : std::string();
}
/// The integer in `value`, or 0.
template <typename OptionalInt> int64_t integerOf(OptionalInt value) {
  return value ? int64_t(*value) : 0;
}

/// The name of the op at each (line, column) of the source file.
using SourceOps = std::map<std::pair<unsigned, unsigned>, std::string>;

struct ProfileOptions {
  /// Where the generated kernels are, to quote their lines.
  std::string workDir;
  /// How many generated lines to list.
  unsigned topLines = 8;
  /// List every core's threads too.
  bool perCore = false;
};

/// What the report concluded, for plan.json's `predicted`.
struct ProfileSummary {
  double seconds = 0, computeBoundSeconds = 0, memoryBoundSeconds = 0;
  double efficiency = 0;
  std::string bottleneck;
};

/// Prints the report of `profile` (the emulator's profile JSON) to `os`;
/// `plan` is the program's plan.json (its source_map), `ops` the source's
/// ops by location. Returns false with `error` set when the profile is not
/// one the emulator wrote.
bool printProfile(llvm::raw_ostream &os, const llvm::json::Object &profile,
                  const llvm::json::Object *plan, const SourceOps &ops,
                  const ProfileOptions &options, ProfileSummary &summary,
                  std::string &error);

/// Writes the report of the profile the host program wrote to
/// `profilePath` to `os`, and adds the prediction to `workDir/plan.json`.
/// Fails with `error` when there is no profile or it is not one the
/// emulator writes.
LogicalResult reportProfile(llvm::raw_ostream &os, llvm::StringRef profilePath,
                            llvm::StringRef workDir, const SourceOps &ops,
                            const ProfileOptions &options, std::string &error);

} // namespace run
} // namespace tilt

#endif // TILT_LIB_RUN_PROFILE_H
