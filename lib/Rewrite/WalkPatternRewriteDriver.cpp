//===- WalkPatternRewriteDriver.cpp - One sweep of patterns ---------------===//

#include "tilt/Rewrite/WalkPatternRewriteDriver.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternApplicator.h"

using namespace tilt;

unsigned tilt::walkAndApplyPatterns(Operation *root,
                                    const FrozenRewritePatternSet &patterns) {
  PatternApplicator applicator(patterns);
  PatternRewriter rewriter(root->getContext());
  unsigned rewrites = 0;
  for (Region &region : root->getRegions()) {
    // Post-order: nested ops before their parent; the walk tolerates the
    // visited op being erased.
    region.walk([&](Operation *op) {
      if (succeeded(applicator.matchAndRewrite(op, rewriter)))
        ++rewrites;
    });
  }
  return rewrites;
}
