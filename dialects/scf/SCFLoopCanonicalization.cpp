//===- SCFLoopCanonicalization.cpp - scf.parallel and scf.forall ----------===//
//
// MLIR 22's canonicalization patterns of the parallel loops that need no
// tensor op:
//   ParallelOpSingleOrZeroIterationDimsFolder  an scf.parallel dimension of
//       zero iterations makes the loop its init values; dimensions of one
//       iteration are dropped (their induction variable is the lower
//       bound), and without any left the body and reductions are inlined;
//   MergeNestedParallelLoops  an scf.parallel whose body is only another
//       (bounds independent of the outer induction variables, neither with
//       reductions) becomes one loop nest;
//   ForallOpControlOperandsFolder  constant dynamic bounds of scf.forall
//       become static;
//   ForallOpIterArgsFolder  shared_outs no scf.forall.in_parallel op writes
//       (in Tilt, all of them) are replaced by their init values;
//   ForallOpSingleOrZeroIterationDimsFolder  as for scf.parallel, unless the
//       loop has a `mapping`;
//   ForallOpReplaceConstantInductionVar  the induction variable of a
//       one-iteration dimension is its lower bound.
// Not here: MLIR's tensor.dim and tensor.cast folds into scf.forall.
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "tilt/IR/IRMapping.h"
#include "tilt/IR/Matchers.h"

using namespace tilt;
using namespace tilt::scf;
using namespace tilt::scf::detail;

namespace {

/// Clones the single block of `source` into the empty `dest`, giving the
/// new block arguments only for the source arguments `mapping` does not
/// already map (MLIR's cloneRegionBefore with a partial mapping).
void cloneBlockInto(PatternRewriter &rewriter, Region &source, Region &dest,
                    IRMapping &mapping) {
  Block &block = source.front();
  llvm::SmallVector<Type, 4> types;
  llvm::SmallVector<Location, 4> locs;
  llvm::SmallVector<BlockArgument, 4> unmapped;
  for (BlockArgument arg : block.getArguments()) {
    if (mapping.contains(arg))
      continue;
    unmapped.push_back(arg);
    types.push_back(arg.getType());
    locs.push_back(arg.getLoc());
  }
  OpBuilder::InsertionGuard guard(rewriter);
  Block *newBlock = rewriter.createBlock(&dest, dest.end(), types, locs);
  for (unsigned i = 0, e = unmapped.size(); i < e; ++i)
    mapping.map(unmapped[i], newBlock->getArgument(i));
  mapping.map(&block, newBlock);
  rewriter.setInsertionPointToEnd(newBlock);
  for (Operation &op : block)
    rewriter.clone(op, mapping);
}

//===----------------------------------------------------------------------===//
// ParallelOp
//===----------------------------------------------------------------------===//

struct ParallelOpSingleOrZeroIterationDimsFolder
    : public OpRewritePattern<ParallelOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ParallelOp op,
                                PatternRewriter &rewriter) const override {
    OperandRange lowerBounds = op.getLowerBound();
    OperandRange upperBounds = op.getUpperBound();
    OperandRange steps = op.getStep();
    Block *body = op.getBody();
    llvm::SmallVector<Value, 4> newLower, newUpper, newSteps;
    IRMapping mapping;
    unsigned numLoops =
        std::min({lowerBounds.size(), upperBounds.size(), steps.size(),
                  size_t(body->getNumArguments())});
    for (unsigned i = 0; i < numLoops; ++i) {
      std::optional<llvm::APInt> trips =
          getConstantTripCount(lowerBounds[i], upperBounds[i], steps[i]);
      if (trips && trips->isZero()) {
        llvm::SmallVector<Value, 4> inits(op.getInitVals().begin(),
                                          op.getInitVals().end());
        rewriter.replaceOp(op, inits);
        return success();
      }
      if (trips && trips->isOne()) {
        mapping.map(body->getArgument(i), lowerBounds[i]);
        continue;
      }
      newLower.push_back(lowerBounds[i]);
      newUpper.push_back(upperBounds[i]);
      newSteps.push_back(steps[i]);
    }
    if (newLower.size() == lowerBounds.size())
      return rewriter.notifyMatchFailure(op, "no dimension of 0 or 1 trips");

    if (newLower.empty()) {
      // One iteration in all: the body, then each reduction of its init
      // value and the reduced value.
      for (Operation &nested : *body)
        if (&nested != &body->back())
          rewriter.clone(nested, mapping);
      Operation *reduce = &body->back();
      llvm::SmallVector<Value, 4> results;
      OperandRange inits = op.getInitVals();
      for (unsigned i = 0, e = reduce->getNumRegions(); i < e; ++i) {
        Block &reduction = reduce->getRegion(i).front();
        mapping.map(reduction.getArgument(0), inits[i]);
        mapping.map(reduction.getArgument(1),
                    mapping.lookupOrDefault(reduce->getOperand(i)));
        for (Operation &nested : reduction)
          if (&nested != &reduction.back())
            rewriter.clone(nested, mapping);
        results.push_back(
            mapping.lookupOrDefault(reduction.back().getOperand(0)));
      }
      rewriter.replaceOp(op, results);
      return success();
    }
    // A loop nest over the remaining dimensions (MLIR's new loop keeps
    // no discardable attribute).
    auto newOp = rewriter.create<ParallelOp>(
        op.getLoc(), ValueRange(newLower), ValueRange(newUpper),
        ValueRange(newSteps), ValueRange(op.getInitVals()));
    rewriter.eraseBlock(newOp.getBody());
    cloneBlockInto(rewriter, op->getRegion(0), newOp->getRegion(0), mapping);
    rewriter.replaceOp(op, newOp.getOperation());
    return success();
  }
};

struct MergeNestedParallelLoops : public OpRewritePattern<ParallelOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ParallelOp op,
                                PatternRewriter &rewriter) const override {
    Block *outerBody = op.getBody();
    if (outerBody->empty() || &outerBody->front() == &outerBody->back() ||
        outerBody->front().getNextNode() != &outerBody->back())
      return rewriter.notifyMatchFailure(op, "the body is not one op");
    auto inner = ParallelOp::dynCast(&outerBody->front());
    if (!inner)
      return rewriter.notifyMatchFailure(op, "the body is no scf.parallel");
    for (BlockArgument arg : outerBody->getArguments())
      for (OperandRange bounds :
           {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()})
        if (llvm::is_contained(bounds, Value(arg)))
          return rewriter.notifyMatchFailure(
              op, "inner bounds use an outer induction variable");
    if (!op.getInitVals().empty() || !inner.getInitVals().empty())
      return rewriter.notifyMatchFailure(op, "reductions");

    auto concat = [](OperandRange first, OperandRange second) {
      llvm::SmallVector<Value, 4> values(first.begin(), first.end());
      values.append(second.begin(), second.end());
      return values;
    };
    llvm::SmallVector<Value, 4> lower =
        concat(op.getLowerBound(), inner.getLowerBound());
    llvm::SmallVector<Value, 4> upper =
        concat(op.getUpperBound(), inner.getUpperBound());
    llvm::SmallVector<Value, 4> steps = concat(op.getStep(), inner.getStep());
    auto merged = rewriter.create<ParallelOp>(
        op.getLoc(), ValueRange(lower), ValueRange(upper), ValueRange(steps));
    Block *body = merged.getBody();
    Block *innerBody = inner.getBody();
    IRMapping mapping;
    unsigned numOuter = outerBody->getNumArguments();
    for (unsigned i = 0; i < numOuter; ++i)
      mapping.map(outerBody->getArgument(i), body->getArgument(i));
    for (unsigned i = 0, e = innerBody->getNumArguments(); i < e; ++i)
      mapping.map(innerBody->getArgument(i), body->getArgument(numOuter + i));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(&body->back());
    for (Operation &nested : *innerBody)
      if (&nested != &innerBody->back())
        rewriter.clone(nested, mapping);
    rewriter.replaceOp(op, merged.getOperation());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ForallOp
//===----------------------------------------------------------------------===//

/// Rewrites `op`'s operands and static lists from mixed bounds.
void setMixedBounds(ForallOp op, llvm::ArrayRef<OpFoldResult> lower,
                    llvm::ArrayRef<OpFoldResult> upper,
                    llvm::ArrayRef<OpFoldResult> steps) {
  Operation *operation = op.getOperation();
  Context *context = operation->getContext();
  llvm::SmallVector<Value, 8> operands;
  llvm::SmallVector<int64_t, 4> sizes;
  auto add = [&](llvm::ArrayRef<OpFoldResult> mixed, llvm::StringRef name) {
    llvm::SmallVector<int64_t, 4> list;
    int64_t count = 0;
    for (OpFoldResult value : mixed) {
      if (auto attr = value.getAttribute().dyn_cast_or_null<IntegerAttr>()) {
        list.push_back(attr.getSInt());
        continue;
      }
      operands.push_back(value.getValue());
      list.push_back(ForallOp::kDynamic);
      ++count;
    }
    operation->setInherentAttr(name, DenseArrayAttr::getI64(context, list));
    sizes.push_back(count);
  };
  add(lower, "staticLowerBound");
  add(upper, "staticUpperBound");
  add(steps, "staticStep");
  OperandRange outputs = op.getOutputs();
  operands.append(outputs.begin(), outputs.end());
  sizes.push_back(int64_t(outputs.size()));
  operation->setOperands(operands);
  operation->setInherentAttr("operandSegmentSizes",
                             getOperandSegmentsAttr(context, sizes));
}

struct ForallOpControlOperandsFolder : public OpRewritePattern<ForallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForallOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallVector<OpFoldResult, 4> lists[3] = {
        op.getMixedLowerBound(), op.getMixedUpperBound(), op.getMixedStep()};
    bool changed = false;
    for (auto &list : lists)
      for (OpFoldResult &value : list) {
        if (!value.getValue())
          continue;
        auto constant =
            getConstantValue(value.getValue()).dyn_cast_or_null<IntegerAttr>();
        if (!constant)
          continue;
        value = constant;
        changed = true;
      }
    if (!changed)
      return rewriter.notifyMatchFailure(op, "no constant dynamic bound");
    rewriter.modifyOpInPlace(
        op, [&] { setMixedBounds(op, lists[0], lists[1], lists[2]); });
    return success();
  }
};

struct ForallOpIterArgsFolder : public OpRewritePattern<ForallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForallOp op,
                                PatternRewriter &rewriter) const override {
    // Tilt's scf.forall.in_parallel is always empty: no shared_out is
    // written, so each result is its init value.
    unsigned numResults = op->getNumResults();
    if (numResults == 0)
      return rewriter.notifyMatchFailure(op, "no shared_outs");
    unsigned rank = op.getRank();
    Block *body = op.getBody();
    llvm::SmallVector<Value, 4> outputs(op.getOutputs().begin(),
                                        op.getOutputs().end());
    for (unsigned i = 0; i < numResults; ++i) {
      rewriter.replaceAllUsesWith(body->getArgument(rank + i), outputs[i]);
      rewriter.replaceAllUsesWith(op->getResult(i), outputs[i]);
    }
    rewriter.modifyOpInPlace(op, [&] {
      for (unsigned i = numResults; i-- > 0;)
        body->eraseArgument(rank + i);
    });
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(ValueRange(op->getOperands())
                          .take_front(op->getNumOperands() - numResults));
    state.attributes = NamedAttrList(op->getAttrDictionary());
    state.properties = NamedAttrList(op->getPropertiesDict());
    auto sizes = op->getInherentAttr("operandSegmentSizes")
                     .cast<DenseArrayAttr>()
                     .getIntValues();
    state.properties.set(
        "operandSegmentSizes",
        getOperandSegmentsAttr(op.getContext(),
                               {sizes[0], sizes[1], sizes[2], 0}));
    state.addRegion();
    rewriter.setInsertionPoint(op);
    Operation *newOp = rewriter.create(state);
    rewriter.inlineRegionBefore(op->getRegion(0), newOp->getRegion(0),
                                newOp->getRegion(0).end());
    rewriter.replaceOp(op, llvm::SmallVector<Value, 4>(numResults, Value()));
    return success();
  }
};

/// Replaces `op` by its body, run once with the lower bounds as induction
/// variables (MLIR's scf::promote; with an empty scf.forall.in_parallel the
/// results are the shared_outs).
void promote(PatternRewriter &rewriter, ForallOp op) {
  llvm::SmallVector<Value, 4> arguments;
  for (OpFoldResult bound : op.getMixedLowerBound())
    arguments.push_back(
        getValueOrCreateConstantIndex(rewriter, op.getLoc(), bound));
  llvm::SmallVector<Value, 4> outputs(op.getOutputs().begin(),
                                      op.getOutputs().end());
  arguments.append(outputs.begin(), outputs.end());
  Block *body = op.getBody();
  Operation *terminator = &body->back();
  rewriter.inlineBlockBefore(body, op->getBlock(), Block::iterator(op),
                             arguments);
  rewriter.eraseOp(terminator);
  rewriter.replaceOp(op, outputs);
}

struct ForallOpSingleOrZeroIterationDimsFolder
    : public OpRewritePattern<ForallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForallOp op,
                                PatternRewriter &rewriter) const override {
    ArrayAttr mappingAttr = op.getMapping();
    if (mappingAttr && !mappingAttr.getValue().empty())
      return rewriter.notifyMatchFailure(op, "mapped to processing units");
    llvm::SmallVector<OpFoldResult, 4> lower = op.getMixedLowerBound();
    llvm::SmallVector<OpFoldResult, 4> upper = op.getMixedUpperBound();
    llvm::SmallVector<OpFoldResult, 4> steps = op.getMixedStep();
    Block *body = op.getBody();
    llvm::SmallVector<OpFoldResult, 4> newLower, newUpper, newSteps;
    IRMapping mapping;
    for (unsigned i = 0, e = op.getRank(); i < e; ++i) {
      std::optional<llvm::APInt> trips =
          getConstantTripCount(lower[i], upper[i], steps[i]);
      if (trips && trips->isZero()) {
        llvm::SmallVector<Value, 4> outputs(op.getOutputs().begin(),
                                            op.getOutputs().end());
        rewriter.replaceOp(op, outputs);
        return success();
      }
      if (trips && trips->isOne()) {
        mapping.map(body->getArgument(i), getValueOrCreateConstantIndex(
                                              rewriter, op.getLoc(), lower[i]));
        continue;
      }
      newLower.push_back(lower[i]);
      newUpper.push_back(upper[i]);
      newSteps.push_back(steps[i]);
    }
    if (newLower.empty()) {
      promote(rewriter, op);
      return success();
    }
    if (newLower.size() == op.getRank())
      return rewriter.notifyMatchFailure(op, "no dimension of 0 or 1 trips");

    auto newOp = rewriter.create<ForallOp>(
        op.getLoc(), newLower, newUpper, newSteps, ValueRange(op.getOutputs()));
    rewriter.eraseBlock(newOp.getBody());
    // The new loop keeps the discardable attributes (and an empty
    // mapping), as MLIR's does.
    rewriter.modifyOpInPlace(newOp, [&] {
      newOp->setAttrs(op->getAttrDictionary());
      if (mappingAttr)
        newOp->setInherentAttr("mapping", mappingAttr);
    });
    cloneBlockInto(rewriter, op->getRegion(0), newOp->getRegion(0), mapping);
    rewriter.replaceOp(op, newOp.getOperation());
    return success();
  }
};

struct ForallOpReplaceConstantInductionVar : public OpRewritePattern<ForallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForallOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallVector<OpFoldResult, 4> lower = op.getMixedLowerBound();
    llvm::SmallVector<OpFoldResult, 4> upper = op.getMixedUpperBound();
    llvm::SmallVector<OpFoldResult, 4> steps = op.getMixedStep();
    Block *body = op.getBody();
    bool changed = false;
    for (unsigned i = 0, e = op.getRank(); i < e; ++i) {
      BlockArgument iv = body->getArgument(i);
      if (iv.use_empty())
        continue;
      std::optional<llvm::APInt> trips =
          getConstantTripCount(lower[i], upper[i], steps[i]);
      if (!trips || !trips->isOne())
        continue;
      rewriter.replaceAllUsesWith(
          iv, getValueOrCreateConstantIndex(rewriter, op.getLoc(), lower[i]));
      changed = true;
    }
    if (!changed)
      return rewriter.notifyMatchFailure(op, "no used one-trip induction var");
    return success();
  }
};

} // namespace

void ParallelOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                             Context *context) {
  patterns.add<ParallelOpSingleOrZeroIterationDimsFolder,
               MergeNestedParallelLoops>();
}

void ForallOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           Context *context) {
  patterns.add<ForallOpControlOperandsFolder, ForallOpIterArgsFolder,
               ForallOpSingleOrZeroIterationDimsFolder,
               ForallOpReplaceConstantInductionVar>();
}
