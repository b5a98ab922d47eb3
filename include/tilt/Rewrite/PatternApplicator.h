//===- PatternApplicator.h - Trying patterns on one operation ---*- C++ -*-===//
//
// Applies the best matching pattern of a frozen set to one operation: the
// patterns for the op's name (and any-op patterns) in benefit order, first
// success wins. Drivers build on it. With debug logging on (the
// --debug-rewrites switch of the tools, or setDebugStream), each attempt is
// logged as an indented tree, naming ops by name and location rather than
// by SSA number (which would cost a renumbering per line).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_REWRITE_PATTERNAPPLICATOR_H
#define TILT_REWRITE_PATTERNAPPLICATOR_H

#include "tilt/Rewrite/PatternMatch.h"

namespace llvm {
class raw_ostream;
}

namespace tilt {

/// Tries the patterns of a frozen set on one op at a time, best first, as
/// the drivers do.
class PatternApplicator {
public:
  explicit PatternApplicator(const FrozenRewritePatternSet &patterns)
      : patterns(patterns) {}

  /// Tries the patterns on `op`; `canApply` may veto a pattern. Returns
  /// success if one applied.
  LogicalResult matchAndRewrite(
      Operation *op, PatternRewriter &rewriter,
      llvm::function_ref<bool(const RewritePattern &)> canApply = {});

  /// Where the debug log goes (null: no logging).
  void setDebugStream(llvm::raw_ostream *stream) { debugStream = stream; }

  /// Expensive checks: fingerprint `root` around each pattern and report
  /// (as an error at the op) a pattern that returned success without
  /// changing the IR, or changed it and returned failure. Null: off.
  void setExpensiveChecksRoot(Operation *root) { checksRoot = root; }
  /// Whether a pattern broke that contract (the IR is then suspect).
  bool hasContractViolation() const { return contractViolated; }

private:
  const FrozenRewritePatternSet &patterns;
  llvm::raw_ostream *debugStream = nullptr;
  Operation *checksRoot = nullptr;
  bool contractViolated = false;
};

/// Whether debug logging of rewrites was requested (--debug-rewrites).
bool isRewriteDebugLoggingEnabled();
/// Turns the rewrite debug log on or off for the whole process.
void setRewriteDebugLogging(bool enabled);
/// Whether the drivers run expensive checks by default
/// (--rewrite-expensive-checks).
bool areRewriteExpensiveChecksEnabled();
/// Turns the drivers' expensive checks on or off for the whole process.
void setRewriteExpensiveChecks(bool enabled);

} // namespace tilt

#endif // TILT_REWRITE_PATTERNAPPLICATOR_H
