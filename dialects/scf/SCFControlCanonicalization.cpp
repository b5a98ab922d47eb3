//===- SCFControlCanonicalization.cpp - while/switch/execute_region -------===//
//
// MLIR 22's canonicalization patterns of scf.while, scf.index_switch and
// scf.execute_region:
//   WhileConditionTruth     an after-region argument fed with the condition
//                           itself is `true` there;
//   WhileCmpCond            an arith.cmpi in the after region that repeats
//                           (or inverts) the condition's compare on the
//                           forwarded values is `true` (or `false`);
//   WhileOpAlignBeforeArgs  when scf.condition forwards the before
//                           arguments in another order, the results and
//                           after arguments are reordered to match;
//   WhileMoveIfDown         an scf.if on the loop condition just before
//                           scf.condition (with an empty else) moves into
//                           the after region;
//   FoldConstantCase        scf.index_switch on a constant becomes the
//                           selected region;
//   SingleBlockExecuteInliner  a single-block scf.execute_region without
//                           `no_inline` becomes its body.
// Each op also gets the generic region-branch cleanups (unused, duplicate
// and invariant results and arguments: SCFRegionBranch.cpp), which in
// MLIR 22 replaced the op-specific ones.
//
// Not here: MLIR's MultiBlockExecuteInliner, which inlines a multi-block
// scf.execute_region into a function body by creating cf.br branches; Tilt
// has no cf dialect.
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tilt;
using namespace tilt::scf;
using namespace tilt::scf::detail;

namespace {

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

struct WhileConditionTruth : public OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    auto condition = ConditionOp(op.getConditionOp());
    Block *after = op.getAfterBody();
    Value constantTrue;
    bool replaced = false;
    OperandRange args = condition.getArgs();
    for (unsigned i = 0,
                  e = std::min<unsigned>(args.size(), after->getNumArguments());
         i < e; ++i) {
      BlockArgument arg = after->getArgument(i);
      if (args[i] != condition.getCondition() || arg.use_empty())
        continue;
      if (!constantTrue)
        constantTrue =
            rewriter
                .create<arith::ConstantOp>(op.getLoc(),
                                           BoolAttr::get(op.getContext(), true))
                .getResult();
      rewriter.replaceAllUsesWith(arg, constantTrue);
      replaced = true;
    }
    if (!replaced)
      return rewriter.notifyMatchFailure(op, "the condition is not forwarded");
    return success();
  }
};

/// The predicate that holds exactly when `predicate` does not.
arith::CmpIPredicate invertPredicate(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::eq:
    return P::ne;
  case P::ne:
    return P::eq;
  case P::slt:
    return P::sge;
  case P::sle:
    return P::sgt;
  case P::sgt:
    return P::sle;
  case P::sge:
    return P::slt;
  case P::ult:
    return P::uge;
  case P::ule:
    return P::ugt;
  case P::ugt:
    return P::ule;
  case P::uge:
    return P::ult;
  }
  return predicate;
}

struct WhileCmpCond : public OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    auto condition = ConditionOp(op.getConditionOp());
    auto cmp = condition.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!cmp)
      return rewriter.notifyMatchFailure(op, "the condition is no arith.cmpi");
    Block *after = op.getAfterBody();
    OperandRange args = condition.getArgs();
    bool changed = false;
    for (unsigned i = 0,
                  e = std::min<unsigned>(args.size(), after->getNumArguments());
         i < e; ++i) {
      for (unsigned side = 0; side < 2; ++side) {
        if (args[i] != cmp->getOperand(side))
          continue;
        BlockArgument arg = after->getArgument(i);
        for (OpOperand &use : llvm::make_early_inc_range(arg.getUses())) {
          auto other = arith::CmpIOp::dynCast(use.getOwner());
          if (!other ||
              other->getOperand(1 - side) != cmp->getOperand(1 - side))
            continue;
          bool samePredicate;
          if (other.getPredicate() == cmp.getPredicate())
            samePredicate = true;
          else if (other.getPredicate() == invertPredicate(cmp.getPredicate()))
            samePredicate = false;
          else
            continue;
          rewriter.replaceOpWithNewOp<arith::ConstantOp>(
              other, IntegerAttr::get(IntegerType::get(op.getContext(), 1),
                                      int64_t(samePredicate)));
          changed = true;
        }
      }
    }
    if (!changed)
      return rewriter.notifyMatchFailure(op,
                                         "no compare repeats the condition");
    return success();
  }
};

/// An scf.while with `resultTypes` and `inits`, and empty regions (MLIR's
/// generated builder).
WhileOp createWhileWithoutBlocks(PatternRewriter &rewriter, Location loc,
                                 llvm::ArrayRef<Type> resultTypes,
                                 ValueRange inits) {
  OperationState state(loc, WhileOp::getOperationName(), rewriter.getContext());
  state.addOperands(inits);
  state.addTypes(resultTypes);
  state.addRegion();
  state.addRegion();
  return WhileOp(rewriter.create(state));
}

struct WhileOpAlignBeforeArgs : public OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp loop,
                                PatternRewriter &rewriter) const override {
    Block *oldBefore = loop.getBeforeBody();
    auto oldCondition = ConditionOp(loop.getConditionOp());
    llvm::ArrayRef<BlockArgument> beforeArgs = oldBefore->getArguments();
    llvm::SmallVector<Value, 4> conditionArgs(oldCondition.getArgs().begin(),
                                              oldCondition.getArgs().end());
    if (beforeArgs.size() != conditionArgs.size())
      return rewriter.notifyMatchFailure(loop, "different argument counts");
    bool same = true;
    for (unsigned i = 0, e = beforeArgs.size(); i < e; ++i)
      same &= Value(beforeArgs[i]) == conditionArgs[i];
    if (same)
      return rewriter.notifyMatchFailure(loop, "already aligned");
    // mapping[k]: the before argument that scf.condition forwards k-th.
    llvm::SmallVector<unsigned, 4> mapping(conditionArgs.size());
    llvm::SmallPtrSet<void *, 8> seen;
    for (unsigned k = 0, e = conditionArgs.size(); k < e; ++k)
      if (!seen.insert(conditionArgs[k].getAsOpaquePointer()).second)
        return rewriter.notifyMatchFailure(loop, "duplicate forwarded values");
    for (unsigned i = 0, e = beforeArgs.size(); i < e; ++i) {
      auto it = llvm::find(conditionArgs, Value(beforeArgs[i]));
      if (it == conditionArgs.end())
        return rewriter.notifyMatchFailure(loop, "not a permutation");
      mapping[it - conditionArgs.begin()] = i;
    }

    llvm::SmallVector<Value, 4> beforeValues(beforeArgs.begin(),
                                             beforeArgs.end());
    rewriter.setInsertionPoint(oldCondition);
    rewriter.replaceOpWithNewOp<ConditionOp>(
        oldCondition, oldCondition.getCondition(), ValueRange(beforeValues));

    Block *oldAfter = loop.getAfterBody();
    llvm::SmallVector<Type, 4> newResultTypes(beforeArgs.size());
    for (unsigned k = 0, e = mapping.size(); k < e; ++k)
      newResultTypes[mapping[k]] = loop->getResult(k).getType();
    rewriter.setInsertionPoint(loop);
    auto newLoop =
        rewriter.create<WhileOp>(loop.getLoc(), TypeRange(newResultTypes),
                                 ValueRange(loop->getOperands()));
    Block *newBefore = newLoop.getBeforeBody();
    Block *newAfter = newLoop.getAfterBody();
    llvm::SmallVector<Value, 4> newResults(beforeArgs.size());
    llvm::SmallVector<Value, 4> newAfterArgs(beforeArgs.size());
    for (unsigned k = 0, e = mapping.size(); k < e; ++k) {
      newResults[k] = newLoop->getResult(mapping[k]);
      newAfterArgs[k] = newAfter->getArgument(mapping[k]);
    }
    llvm::SmallVector<Value, 4> newBeforeArgs(newBefore->getArguments().begin(),
                                              newBefore->getArguments().end());
    rewriter.inlineBlockBefore(oldBefore, newBefore, newBefore->begin(),
                               newBeforeArgs);
    rewriter.inlineBlockBefore(oldAfter, newAfter, newAfter->begin(),
                               newAfterArgs);
    rewriter.replaceOp(loop, newResults);
    return success();
  }
};

struct WhileMoveIfDown : public OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    auto condition = ConditionOp(op.getConditionOp());
    Operation *previous = condition->getPrevNode();
    auto ifOp = IfOp::dynCast(previous);
    if (!ifOp || ifOp->getOperand(0) != condition.getCondition())
      return rewriter.notifyMatchFailure(op, "no scf.if on the condition");
    Region &elseRegion = ifOp.getElseRegion();
    if (!elseRegion.empty() &&
        &elseRegion.front().front() != &elseRegion.front().back())
      return rewriter.notifyMatchFailure(op, "the else region is not empty");
    // The if's results can only be used by scf.condition, which follows it.
    for (OpResult result : ifOp->getResults())
      for (OpOperand &use : result.getUses())
        if (use.getOwner() != condition)
          return rewriter.notifyMatchFailure(op, "the if has other uses");

    Block *thenBlock = &ifOp.getThenRegion().front();
    Operation *thenYield = &thenBlock->back();
    // Forwarded if results: the loop carries the else value, the after
    // region uses the then value.
    Block *oldAfter = op.getAfterBody();
    for (unsigned i = 0, e = condition->getNumOperands() - 1; i < e; ++i) {
      Value arg = condition->getOperand(i + 1);
      auto it = llvm::find(ifOp->getResults(), arg);
      if (it == ifOp->getResults().end())
        continue;
      unsigned index = it - ifOp->getResults().begin();
      Value thenValue = thenYield->getOperand(index);
      Value elseValue = elseRegion.front().back().getOperand(index);
      rewriter.replaceAllUsesWith(ifOp->getResult(index), elseValue);
      rewriter.replaceAllUsesWith(oldAfter->getArgument(i), thenValue);
    }

    // Values of the before region the then region uses travel to the after
    // region as extra forwarded values.
    Region &before = op.getBefore();
    llvm::SetVector<Value> extra;
    ifOp.getThenRegion().walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (operand.getParentRegion() == &before)
          extra.insert(operand);
    });
    llvm::SmallVector<Type, 4> newResultTypes = op->getResultTypes();
    for (Value value : extra)
      newResultTypes.push_back(value.getType());
    rewriter.setInsertionPoint(op);
    WhileOp newLoop = createWhileWithoutBlocks(
        rewriter, op.getLoc(), newResultTypes, ValueRange(op->getOperands()));
    llvm::SmallVector<Value, 4> extraArgs;
    rewriter.modifyOpInPlace(newLoop, [&] {
      newLoop.getBefore().takeBody(op.getBefore());
      newLoop.getAfter().takeBody(op.getAfter());
      for (Value value : extra)
        extraArgs.push_back(
            newLoop.getAfterBody()->addArgument(value.getType(), op.getLoc()));
    });
    rewriter.modifyOpInPlace(condition, [&] {
      condition->insertOperands(condition->getNumOperands(),
                                ValueRange(extra.getArrayRef()));
    });
    for (unsigned i = 0, e = extra.size(); i < e; ++i)
      rewriter.replaceUsesWithIf(extra[i], extraArgs[i], [&](OpOperand &use) {
        return ifOp.getThenRegion().isAncestor(
            use.getOwner()->getParentRegion());
      });
    rewriter.eraseOp(thenYield);
    rewriter.inlineBlockBefore(thenBlock, newLoop.getAfterBody(),
                               newLoop.getAfterBody()->begin());
    rewriter.eraseOp(ifOp);
    llvm::SmallVector<Value, 4> results;
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      results.push_back(newLoop->getResult(i));
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// IndexSwitchOp, ExecuteRegionOp
//===----------------------------------------------------------------------===//

/// Replaces `op` by the body of `block`, whose terminator gives the
/// results.
void replaceOpWithBlock(PatternRewriter &rewriter, Operation *op,
                        Block *block) {
  Operation *terminator = &block->back();
  llvm::SmallVector<Value, 4> results(terminator->getOperands().begin(),
                                      terminator->getOperands().end());
  rewriter.inlineBlockBefore(block, op->getBlock(), Block::iterator(op));
  rewriter.eraseOp(terminator);
  rewriter.replaceOp(op, results);
}

struct FoldConstantCase : public OpRewritePattern<IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IndexSwitchOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<llvm::APInt> value = getConstantIntValue(op->getOperand(0));
    if (!value || value->getBitWidth() > 64)
      return rewriter.notifyMatchFailure(op, "the operand is not a constant");
    llvm::ArrayRef<int64_t> cases = op.getCases();
    Region *taken = &op.getDefaultRegion();
    for (unsigned i = 0, e = cases.size(); i < e; ++i)
      if (cases[i] == value->getSExtValue()) {
        taken = &op.getCaseRegion(i);
        break;
      }
    replaceOpWithBlock(rewriter, op, &taken->front());
    return success();
  }
};

struct SingleBlockExecuteInliner : public OpRewritePattern<ExecuteRegionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExecuteRegionOp op,
                                PatternRewriter &rewriter) const override {
    Region &region = op->getRegion(0);
    if (!region.hasOneBlock())
      return rewriter.notifyMatchFailure(op, "not a single block");
    if (op.getNoInline())
      return rewriter.notifyMatchFailure(op, "marked no_inline");
    Block *block = &region.front();
    if (!YieldOp::classof(&block->back()))
      return rewriter.notifyMatchFailure(op, "does not end in scf.yield");
    replaceOpWithBlock(rewriter, op, block);
    return success();
  }
};

} // namespace

void WhileOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context) {
  patterns.add<WhileConditionTruth, WhileCmpCond, WhileOpAlignBeforeArgs,
               WhileMoveIfDown>();
  populateRegionBranchCleanupPatterns(patterns, getOperationName());
}

void IndexSwitchOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                Context *context) {
  patterns.add<FoldConstantCase>();
  populateRegionBranchCleanupPatterns(patterns, getOperationName());
}

void ExecuteRegionOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  Context *context) {
  patterns.add<SingleBlockExecuteInliner>();
  populateRegionBranchCleanupPatterns(patterns, getOperationName());
}
