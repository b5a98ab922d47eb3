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
#include "llvm/ADT/StringSet.h"

using namespace tilt;

namespace {
class CanonicalizerPass : public Pass {
public:
  // MLIR's options, in the order MLIR prints them (by name).
  CanonicalizerPass() {
    declareOption("disable-patterns",
                  "Labels of patterns that should be filtered out during "
                  "application",
                  &disabledPatterns);
    declareOption("enable-patterns",
                  "Labels of patterns that should be used during "
                  "application, all other patterns are filtered out",
                  &enabledPatterns);
    declareOption("max-iterations",
                  "Iterations before giving up (-1: no limit)", &maxIterations);
    declareOption("max-num-rewrites",
                  "Rewrites before giving up (-1: no limit)", &maxNumRewrites);
    declareOption(
        "region-simplify",
        "Control-flow simplification: normal (erase unreachable blocks and "
        "unused block arguments), aggressive (the same in Tilt: blocks are "
        "not merged) or disabled",
        &regionSimplify,
        [](llvm::StringRef value) {
          return value == "normal" || value == "aggressive" ||
                 value == "disabled";
        },
        "disabled, normal or aggressive");
    declareOption("test-convergence",
                  "Fail when no fixpoint is reached (to catch cycles)",
                  &testConvergence);
    declareOption("top-down", "Seed the worklist in pre-order", &topDown);
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
    // Patterns are labelled by their debug names (their C++ type's name
    // unless set), as MLIR's are; the name without its namespaces works
    // too, since "(anonymous namespace)::X" cannot be written in a pipeline.
    llvm::StringSet<> disabled, enabled;
    for (const std::string &label : disabledPatterns)
      disabled.insert(label);
    for (const std::string &label : enabledPatterns)
      enabled.insert(label);
    llvm::erase_if(collected.getPatterns(),
                   [&](const std::unique_ptr<RewritePattern> &pattern) {
                     llvm::StringRef name = pattern->getDebugName();
                     llvm::StringRef shortName = name.rsplit("::").second;
                     auto listed = [&](const llvm::StringSet<> &labels) {
                       return labels.count(name) ||
                              (!shortName.empty() && labels.count(shortName));
                     };
                     return listed(disabled) ||
                            (!enabled.empty() && !listed(enabled));
                   });
    patterns = FrozenRewritePatternSet(std::move(collected));
    return success();
  }
  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.useTopDownTraversal = topDown;
    config.maxIterations = maxIterations;
    config.maxNumRewrites = maxNumRewrites;
    config.enableRegionSimplification = regionSimplify != "disabled";
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
  bool topDown = true;
  int64_t maxIterations = 10;
  int64_t maxNumRewrites = -1;
  std::string regionSimplify = "normal";
  bool testConvergence = false;
  std::vector<std::string> disabledPatterns, enabledPatterns;
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
