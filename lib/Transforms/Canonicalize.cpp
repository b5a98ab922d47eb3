//===- Canonicalize.cpp - The canonicalize pass ---------------------------===//
//
// Runs the greedy driver with folding on everything nested in the op. A run
// that does not reach a fixpoint is reported: a warning by default, an error
// that fails the pass with `test-convergence=true`.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Context.h"
#include "tilt/IR/OperationSupport.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"
#include "tilt/Transforms/Passes.h"

using namespace tilt;

namespace {
class CanonicalizerPass : public Pass {
public:
  CanonicalizerPass() {
    declareOption("top-down", "Seed the worklist in pre-order", &topDown);
    declareOption("max-iterations",
                  "Iterations before giving up (-1: no limit)", &maxIterations);
    declareOption("max-num-rewrites",
                  "Rewrites before giving up (-1: no limit)", &maxNumRewrites);
    declareOption("region-simplify",
                  "Erase unreachable blocks and unused block arguments",
                  &regionSimplify);
    declareOption("test-convergence",
                  "Fail when no fixpoint is reached (to catch cycles)",
                  &testConvergence);
  }
  llvm::StringRef getArgument() const override { return "canonicalize"; }
  llvm::StringRef getName() const override { return "Canonicalizer"; }
  llvm::StringRef getDescription() const override {
    return "Fold ops and apply canonicalization patterns to a fixpoint";
  }
  std::unique_ptr<Pass> clone() const override {
    auto copy = std::make_unique<CanonicalizerPass>();
    copy->copyOptionValuesFrom(*this);
    copy->patterns = patterns;
    return copy;
  }
  LogicalResult initialize(Context *context) override {
    // The canonicalization patterns of every registered op.
    RewritePatternSet collected(context);
    for (const OpInfo *info : context->getRegisteredOperations())
      info->getCanonicalizationPatterns(collected, context);
    patterns = FrozenRewritePatternSet(std::move(collected));
    return success();
  }
  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.useTopDownTraversal = topDown;
    config.maxIterations = maxIterations;
    config.maxNumRewrites = maxNumRewrites;
    config.enableRegionSimplification = regionSimplify;
    GreedyRewriteResult result =
        applyPatternsGreedily(getOperation(), patterns, config);
    numRewrites += result.numRewrites;
    numFolds += result.numFolds;
    numErased += result.numErasedDeadOps;
    if (result.failedExpensiveChecks)
      return signalPassFailure();
    if (result.converged)
      return;
    InFlightDiagnostic diag = testConvergence ? getOperation()->emitError()
                                              : getOperation()->emitWarning();
    diag << "canonicalize did not converge after " << result.iterations
         << " iterations (" << result.numRewrites << " rewrites, "
         << result.numFolds << " folds)";
    if (testConvergence)
      signalPassFailure();
  }

private:
  bool topDown = false;
  int64_t maxIterations = 10;
  int64_t maxNumRewrites = -1;
  bool regionSimplify = true;
  bool testConvergence = false;
  FrozenRewritePatternSet patterns;
  Statistic numRewrites{this, "num-rewrites", "Number of pattern rewrites"};
  Statistic numFolds{this, "num-folds", "Number of ops folded"};
  Statistic numErased{this, "num-dead-erased",
                      "Number of trivially dead ops erased"};
};
} // namespace

std::unique_ptr<Pass> tilt::createCanonicalizerPass() {
  return std::make_unique<CanonicalizerPass>();
}

void tilt::registerTransformsPasses() {
  registerPass([] { return createCanonicalizerPass(); });
  registerPass([] { return createCSEPass(); });
  registerPass([] { return createSymbolDCEPass(); });
}
