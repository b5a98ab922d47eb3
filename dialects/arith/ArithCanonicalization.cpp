//===- ArithCanonicalization.cpp - Canonicalization patterns of arith -----===//
//
// Reassociation of constants, as MLIR's AddIAddConstant does:
//   addi(addi(x, c0), c1) -> addi(x, c0 + c1)
// The overflow flags of the result are those both adds had (MLIR merges
// them the same way). Constants are on the right: the greedy driver puts
// them there before trying patterns.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Rewrite/PatternMatch.h"

using namespace tilt;
using namespace tilt::arith;

namespace {

/// The integer constant defining `value`, if any.
std::optional<llvm::APInt> getConstantIntValue(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto attr = constant.getValue().dyn_cast_or_null<IntegerAttr>())
    return attr.getValue();
  return std::nullopt;
}

struct AddIAddConstant : public OpRewritePattern<AddIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddIOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<llvm::APInt> c1 = getConstantIntValue(op.getRhs());
    if (!c1)
      return rewriter.notifyMatchFailure(op, "rhs is not a constant");
    auto inner = op.getLhs().getDefiningOp<AddIOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "lhs is not an addi");
    std::optional<llvm::APInt> c0 = getConstantIntValue(inner.getRhs());
    if (!c0)
      return rewriter.notifyMatchFailure(op, "inner rhs is not a constant");
    Type type = op.getType();
    auto sum = rewriter.create<ConstantOp>(op.getLoc(),
                                           IntegerAttr::get(type, *c0 + *c1));
    unsigned flags =
        getOverflowFlags(op->getInherentAttr("overflowFlags")).value_or(0) &
        getOverflowFlags(inner->getInherentAttr("overflowFlags")).value_or(0);
    auto merged = rewriter.replaceOpWithNewOp<AddIOp>(op, inner.getLhs(),
                                                      sum.getResult());
    if (flags)
      merged->setInherentAttr("overflowFlags",
                              getOverflowAttr(rewriter.getContext(), flags));
    return success();
  }
};

} // namespace

void arith::detail::populateBinaryCanonicalizationPatterns(
    llvm::StringRef name, RewritePatternSet &patterns, Context *context) {
  if (name == AddIOp::getOperationName())
    patterns.add<AddIAddConstant>();
}
