//===- GreedyPatternRewriteDriver.h - Rewriting to a fixpoint ---*- C++ -*-===//
//
// The greedy driver applies patterns to the ops nested in a root until
// nothing changes (or a limit is reached): a worklist seeded bottom-up (or
// top-down), trivially dead ops removed, and the ops a rewrite touches put
// back on the worklist. Unlike MLIR's, it says plainly what happened: the
// result records whether a fixpoint was reached, how many iterations and
// rewrites it took, and how many ops were erased.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_REWRITE_GREEDYPATTERNREWRITEDRIVER_H
#define TILT_REWRITE_GREEDYPATTERNREWRITEDRIVER_H

#include "tilt/Rewrite/PatternApplicator.h"
#include "tilt/Rewrite/PatternMatch.h"

namespace tilt {

/// Which ops a greedy run may rewrite.
enum class GreedyRewriteStrictness {
  /// Any op, including ops created by the rewrites.
  AnyOp,
  /// The ops present at the start and the ops the rewrites create.
  ExistingAndNewOps,
  /// Only the ops present at the start.
  ExistingOps,
};

/// Options of applyPatternsGreedily.
struct GreedyRewriteConfig {
  /// Seed the worklist in pre-order (parents before the ops they contain)
  /// instead of post-order.
  bool useTopDownTraversal = false;
  /// Iterations over the whole worklist before giving up; -1: no limit.
  int64_t maxIterations = 10;
  /// Rewrites in total before giving up; -1: no limit. Independently of it,
  /// one iteration stops (unconverged) after 64 rewrites per op it started
  /// with (at least 1000), so a pattern that keeps rewriting its own output
  /// cannot hang the driver.
  int64_t maxNumRewrites = -1;
  GreedyRewriteStrictness strictness = GreedyRewriteStrictness::AnyOp;
  /// Erase ops whose results are unused and that have no side effects.
  bool removeDeadOps = true;
  /// Fold ops (OpInfo::fold) before trying patterns; constants that folds
  /// produce are created by the op's dialect (Dialect::materializeConstant).
  bool enableFolding = true;
  /// With folding: merge equal constants of a scope and hoist them to the
  /// front of its entry block at the start of every iteration (MLIR's
  /// OperationFolder order).
  bool cseConstants = true;
  /// After each iteration, erase blocks unreachable from their region's
  /// entry and drop unused arguments of blocks whose predecessors say which
  /// operands they forward (OpInfo::getSuccessorOperands).
  bool enableRegionSimplification = true;
  /// Fingerprint the IR around each pattern and stop with an error when a
  /// pattern misreports what it did (slow: for testing patterns).
  bool expensiveChecks = areRewriteExpensiveChecksEnabled();
  /// Observes every change besides the driver itself.
  RewriterBase::Listener *listener = nullptr;
};

/// What a greedy run did.
struct GreedyRewriteResult {
  /// Whether a fixpoint was reached (the last iteration changed nothing).
  bool converged = false;
  unsigned iterations = 0;
  unsigned numRewrites = 0;
  unsigned numFolds = 0;
  unsigned numErasedDeadOps = 0;
  unsigned numErasedBlocks = 0;
  unsigned numErasedArguments = 0;
  /// An expensive check found a pattern that misreported what it did (an
  /// error was emitted); the run stopped there.
  bool failedExpensiveChecks = false;
  bool changed() const {
    return numRewrites + numFolds + numErasedDeadOps + numErasedBlocks +
               numErasedArguments !=
           0;
  }
};

/// Applies `patterns` to the ops nested in `root` (not `root` itself).
GreedyRewriteResult applyPatternsGreedily(
    Operation *root, const FrozenRewritePatternSet &patterns,
    const GreedyRewriteConfig &config = GreedyRewriteConfig());

/// Whether `op` can be erased: no used results, not a terminator, and no
/// side effects: the Pure trait, or HasRecursiveMemoryEffects with only
/// effect-free ops nested in it (as MLIR, a loop that might not terminate
/// is not an effect).
bool isOpTriviallyDead(Operation *op);

} // namespace tilt

#endif // TILT_REWRITE_GREEDYPATTERNREWRITEDRIVER_H
