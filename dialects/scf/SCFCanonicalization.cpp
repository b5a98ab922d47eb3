//===- SCFCanonicalization.cpp - Canonicalization patterns of scf ---------===//
//
// scf.if with a constant condition is replaced by the body of the taken
// region (or removed when that region is empty), as MLIR's
// RemoveStaticCondition.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternMatch.h"

using namespace tilt;
using namespace tilt::scf;

namespace {

struct RemoveStaticCondition : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Operation *condition = op->getOperand(0).getDefiningOp();
    if (!condition || !condition->hasTrait<OpTrait::ConstantLike>())
      return rewriter.notifyMatchFailure(op, "condition is not a constant");
    auto value =
        condition->getInherentAttr("value").dyn_cast_or_null<IntegerAttr>();
    if (!value)
      return rewriter.notifyMatchFailure(op, "condition has no integer value");
    Region &taken =
        value.getValue().isZero() ? op.getElseRegion() : op.getThenRegion();
    if (taken.empty()) {
      // Only possible without results: nothing runs.
      rewriter.eraseOp(op);
      return success();
    }
    Block *body = &taken.front();
    Operation *yield = &body->back();
    llvm::SmallVector<Value, 4> results(yield->getOperands().begin(),
                                        yield->getOperands().end());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(body, op->getBlock(), Block::iterator(op));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                       Context *context) {
  patterns.add<RemoveStaticCondition>();
}
