//===- SCFCanonicalization.cpp - Canonicalization patterns of scf ---------===//
//
// As MLIR's scf canonicalizations:
//   RemoveStaticCondition   scf.if with a constant condition becomes the
//                           body of the taken region;
//   RemoveUnusedResults     scf.if results nobody uses are dropped;
//   ConvertTrivialIfToSelect  results yielded from outside the scf.if
//                           become arith.select (or the value itself when
//                           both branches yield the same);
//   SimplifyTrivialLoops    scf.for with zero iterations becomes its init
//                           values, with one iteration its inlined body;
//   ForOpIterArgsFolder     iter_args that are yielded unchanged, whose
//                           yielded value is the init value, or that nobody
//                           uses (nor the result), are dropped.
// Loops and ifs without results whose bodies have no effects are erased as
// dead by the driver (they have recursive memory effects).
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/IR/Matchers.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternMatch.h"

using namespace tilt;
using namespace tilt::scf;

namespace {

/// A new scf.if before `op` with `op`'s condition, the given result types,
/// and `op`'s regions moved into it.
Operation *moveIntoNewIf(IfOp op, TypeRange resultTypes,
                         PatternRewriter &rewriter) {
  OperationState state(op->getLoc(), IfOp::getOperationName(),
                       op->getContext());
  state.addOperands(op->getOperand(0));
  state.addTypes(
      llvm::SmallVector<Type, 4>(resultTypes.begin(), resultTypes.end()));
  state.addRegion();
  state.addRegion();
  rewriter.setInsertionPoint(op);
  Operation *newIf = rewriter.create(state);
  // MLIR keeps the discardable attributes of an op it rebuilds.
  newIf->setAttrs(op->getAttrDictionary());
  newIf->getRegion(0).takeBody(op.getThenRegion());
  newIf->getRegion(1).takeBody(op.getElseRegion());
  return newIf;
}

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

struct RemoveUnusedResults : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallVector<unsigned, 4> used;
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      if (!op->getResult(i).use_empty())
        used.push_back(i);
    if (used.size() == op->getNumResults())
      return rewriter.notifyMatchFailure(op, "every result is used");
    llvm::SmallVector<Type, 4> types;
    for (unsigned i : used)
      types.push_back(op->getResult(i).getType());
    Operation *newIf = moveIntoNewIf(op, types, rewriter);
    for (unsigned r = 0; r < 2; ++r) {
      Region &region = newIf->getRegion(r);
      if (region.empty())
        continue;
      Operation *yield = &region.front().back();
      llvm::SmallVector<Value, 4> kept;
      for (unsigned i : used)
        kept.push_back(yield->getOperand(i));
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(kept); });
    }
    llvm::SmallVector<Value, 4> results(op->getNumResults());
    for (unsigned j = 0; j < used.size(); ++j)
      results[used[j]] = newIf->getResult(j);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ConvertTrivialIfToSelect : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    unsigned numResults = op->getNumResults();
    if (numResults == 0 || op.getElseRegion().empty())
      return rewriter.notifyMatchFailure(op, "no results to hoist");
    Operation *thenYield = &op.getThenRegion().front().back();
    Operation *elseYield = &op.getElseRegion().front().back();
    auto definedInside = [&](unsigned i) {
      return thenYield->getOperand(i).getParentRegion() ==
                 &op.getThenRegion() ||
             elseYield->getOperand(i).getParentRegion() == &op.getElseRegion();
    };
    llvm::SmallVector<Type, 4> kept;
    for (unsigned i = 0; i < numResults; ++i)
      if (definedInside(i))
        kept.push_back(op->getResult(i).getType());
    if (kept.size() == numResults)
      return rewriter.notifyMatchFailure(op, "every result is computed inside");

    Value condition = op->getOperand(0);
    Operation *replacement = moveIntoNewIf(op, kept, rewriter);

    llvm::SmallVector<Value, 4> results(numResults), thenKept, elseKept;
    rewriter.setInsertionPoint(replacement);
    for (unsigned i = 0; i < numResults; ++i) {
      Value trueValue = thenYield->getOperand(i);
      Value falseValue = elseYield->getOperand(i);
      if (trueValue.getParentRegion() == &replacement->getRegion(0) ||
          falseValue.getParentRegion() == &replacement->getRegion(1)) {
        results[i] = replacement->getResult(thenKept.size());
        thenKept.push_back(trueValue);
        elseKept.push_back(falseValue);
      } else if (trueValue == falseValue) {
        results[i] = trueValue;
      } else {
        results[i] = rewriter
                         .create<arith::SelectOp>(op.getLoc(), condition,
                                                  trueValue, falseValue)
                         .getResult();
      }
    }
    rewriter.modifyOpInPlace(thenYield,
                             [&] { thenYield->setOperands(thenKept); });
    rewriter.modifyOpInPlace(elseYield,
                             [&] { elseYield->setOperands(elseKept); });
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct SimplifyTrivialLoops : public OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallVector<Value, 4> inits(op.getInitArgs().begin(),
                                      op.getInitArgs().end());
    if (op.getLowerBound() == op.getUpperBound()) {
      rewriter.replaceOp(op, inits);
      return success();
    }
    std::optional<llvm::APInt> lb = getConstantIntValue(op.getLowerBound());
    std::optional<llvm::APInt> ub = getConstantIntValue(op.getUpperBound());
    if (!lb || !ub || lb->getBitWidth() != ub->getBitWidth())
      return rewriter.notifyMatchFailure(op, "bounds are not constants");
    // An `unsigned` loop compares its bounds (and steps past the upper one)
    // as unsigned integers, as MLIR's constantTripCount does.
    bool isUnsigned = bool(op->getInherentAttr("unsignedCmp"));
    if (isUnsigned ? lb->uge(*ub) : lb->sge(*ub)) {
      // No iteration: the results are the init values.
      rewriter.replaceOp(op, inits);
      return success();
    }
    std::optional<llvm::APInt> step = getConstantIntValue(op.getStep());
    if (!step || step->getBitWidth() != lb->getBitWidth() || step->isZero() ||
        (!isUnsigned && step->isNegative()))
      return rewriter.notifyMatchFailure(op, "step is not a positive constant");
    bool overflow = false;
    llvm::APInt next = isUnsigned ? lb->uadd_ov(*step, overflow)
                                  : lb->sadd_ov(*step, overflow);
    if (!overflow && (isUnsigned ? next.ult(*ub) : next.slt(*ub)))
      return rewriter.notifyMatchFailure(op, "more than one iteration");
    // One iteration: the body, with the induction variable at lb.
    Block *body = op.getBody();
    llvm::SmallVector<Value, 4> argValues{op.getLowerBound()};
    argValues.append(inits.begin(), inits.end());
    Operation *yield = &body->back();
    rewriter.inlineBlockBefore(body, op->getBlock(), Block::iterator(op),
                               argValues);
    llvm::SmallVector<Value, 4> results(yield->getOperands().begin(),
                                        yield->getOperands().end());
    rewriter.eraseOp(yield);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ForOpIterArgsFolder : public OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    Block *body = op.getBody();
    Operation *yield = &body->back();
    llvm::SmallVector<Value, 4> inits(op.getInitArgs().begin(),
                                      op.getInitArgs().end());
    llvm::SmallVector<bool, 4> keep(inits.size(), true);
    bool anyDropped = false;
    for (unsigned i = 0, e = inits.size(); i < e; ++i) {
      BlockArgument arg = body->getArgument(i + 1);
      Value yielded = yield->getOperand(i);
      bool passThrough = yielded == arg || yielded == inits[i];
      bool unused = arg.use_empty() && op->getResult(i).use_empty();
      if (passThrough || unused) {
        keep[i] = false;
        anyDropped = true;
      }
    }
    if (!anyDropped)
      return rewriter.notifyMatchFailure(op, "every iter_arg is needed");

    llvm::SmallVector<Value, 4> newInits;
    for (unsigned i = 0, e = inits.size(); i < e; ++i)
      if (keep[i])
        newInits.push_back(inits[i]);
    auto newFor =
        rewriter.create<ForOp>(op.getLoc(), op.getLowerBound(),
                               op.getUpperBound(), op.getStep(), newInits);
    // The rebuilt loop keeps the comparison (`unsigned`) and, as in MLIR,
    // the discardable attributes.
    if (Attribute unsignedCmp = op->getInherentAttr("unsignedCmp"))
      newFor->setInherentAttr("unsignedCmp", unsignedCmp);
    newFor->setAttrs(op->getAttrDictionary());
    Block *newBody = newFor.getBody();
    rewriter.eraseOp(&newBody->back());
    // Dropped iter_args are their init value in every iteration.
    llvm::SmallVector<Value, 4> argValues{newFor.getInductionVar()};
    unsigned next = 1;
    for (unsigned i = 0, e = inits.size(); i < e; ++i)
      argValues.push_back(keep[i] ? Value(newBody->getArgument(next++))
                                  : inits[i]);
    rewriter.mergeBlocks(body, newBody, argValues);
    Operation *newYield = &newBody->back();
    llvm::SmallVector<Value, 4> kept;
    for (unsigned i = 0, e = inits.size(); i < e; ++i)
      if (keep[i])
        kept.push_back(newYield->getOperand(i));
    rewriter.modifyOpInPlace(newYield, [&] { newYield->setOperands(kept); });

    llvm::SmallVector<Value, 4> results;
    unsigned nextResult = 0;
    for (unsigned i = 0, e = inits.size(); i < e; ++i)
      results.push_back(keep[i] ? Value(newFor->getResult(nextResult++))
                                : inits[i]);
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// An else branch that only yields nothing is dropped (MLIR's
/// RemoveEmptyElseBranch): `scf.if %c { ... }`.
struct RemoveEmptyElseBranch : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Region &elseRegion = op.getElseRegion();
    if (op.getOperation()->getNumResults() != 0 || elseRegion.empty() ||
        !llvm::hasSingleElement(elseRegion.front()))
      return failure();
    rewriter.modifyOpInPlace(op.getOperation(),
                             [&] { rewriter.eraseBlock(&elseRegion.front()); });
    return success();
  }
};

} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                       Context *context) {
  patterns.add<RemoveStaticCondition, RemoveUnusedResults,
               ConvertTrivialIfToSelect, RemoveEmptyElseBranch>();
}

void ForOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                        Context *context) {
  patterns.add<SimplifyTrivialLoops, ForOpIterArgsFolder>();
}
