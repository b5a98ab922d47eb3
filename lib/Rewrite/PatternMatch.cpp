//===- PatternMatch.cpp - Patterns, rewriters and frozen sets -------------===//

#include "tilt/Rewrite/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>

using namespace tilt;

//===----------------------------------------------------------------------===//
// RewritePattern
//===----------------------------------------------------------------------===//

RewritePattern::~RewritePattern() = default;

RewritePattern::RewritePattern(llvm::StringRef rootName, PatternBenefit benefit,
                               Context *context,
                               llvm::ArrayRef<llvm::StringRef> generatedNames)
    : rootKind(OperationName(rootName, context)), benefit(benefit),
      context(context) {
  for (llvm::StringRef name : generatedNames)
    generatedOps.push_back(OperationName(name, context));
}

RewritePattern::RewritePattern(MatchAnyOpTypeTag, PatternBenefit benefit,
                               Context *context,
                               llvm::ArrayRef<llvm::StringRef> generatedNames)
    : benefit(benefit), context(context) {
  for (llvm::StringRef name : generatedNames)
    generatedOps.push_back(OperationName(name, context));
}

//===----------------------------------------------------------------------===//
// RewriterBase
//===----------------------------------------------------------------------===//

void RewriterBase::replaceOp(Operation *op, ValueRange values) {
  assert(op->getNumResults() == values.size() &&
         "replaceOp needs one value per result");
  if (rewriteListener)
    rewriteListener->notifyOperationReplaced(op, values);
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    replaceAllUsesWith(op->getResult(i), values[i]);
  eraseOp(op);
}

void RewriterBase::eraseOp(Operation *op) {
  if (rewriteListener) {
    // Nested ops go first, innermost first, so that a driver forgets them
    // before their parent.
    op->walk([&](Operation *nested) {
      rewriteListener->notifyOperationErased(nested);
    });
  }
  op->erase();
}

void RewriterBase::eraseBlock(Block *block) {
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block)))
    eraseOp(&op);
  if (rewriteListener)
    rewriteListener->notifyBlockErased(block);
  block->erase();
}

void RewriterBase::finalizeOpModification(Operation *op) {
  if (rewriteListener)
    rewriteListener->notifyOperationModified(op);
}

void RewriterBase::replaceAllUsesWith(Value from, Value to) {
  replaceUsesWithIf(from, to, [](OpOperand &) { return true; });
}

void RewriterBase::replaceUsesWithIf(
    Value from, Value to, llvm::function_ref<bool(OpOperand &)> shouldReplace) {
  if (from == to)
    return;
  for (OpOperand &use : llvm::make_early_inc_range(from.getUses())) {
    if (!shouldReplace(use))
      continue;
    Operation *user = use.getOwner();
    modifyOpInPlace(user, [&]() { use.set(to); });
  }
}

void RewriterBase::inlineRegionBefore(Region &region, Region &parent,
                                      Region::iterator before) {
  parent.getBlocks().splice(before, region.getBlocks());
}

void RewriterBase::inlineBlockBefore(Block *source, Block *dest,
                                     Block::iterator before,
                                     ValueRange argValues) {
  assert(argValues.size() == source->getNumArguments() &&
         "one value per block argument");
  for (unsigned i = 0, e = argValues.size(); i < e; ++i)
    replaceAllUsesWith(source->getArgument(i), argValues[i]);
  llvm::SmallVector<Operation *, 8> moved;
  for (Operation &op : *source)
    moved.push_back(&op);
  dest->getOperations().splice(before, source->getOperations());
  if (listener)
    for (Operation *op : moved)
      listener->notifyOperationInserted(op);
  if (rewriteListener)
    rewriteListener->notifyBlockErased(source);
  source->erase();
}

void RewriterBase::mergeBlocks(Block *source, Block *dest,
                               ValueRange argValues) {
  inlineBlockBefore(source, dest, dest->end(), argValues);
}

Block *RewriterBase::splitBlock(Block *block, Block::iterator before) {
  Block *tail = block->splitBlock(before);
  if (listener)
    listener->notifyBlockInserted(tail);
  return tail;
}

LogicalResult RewriterBase::notifyMatchFailure(Location loc,
                                               const llvm::Twine &reason) {
  if (rewriteListener)
    rewriteListener->notifyMatchFailure(loc, reason);
  return failure();
}

//===----------------------------------------------------------------------===//
// FrozenRewritePatternSet
//===----------------------------------------------------------------------===//

struct FrozenRewritePatternSet::Impl {
  std::vector<std::unique_ptr<RewritePattern>> owned;
  llvm::DenseMap<detail::OperationNameImpl *,
                 std::vector<const RewritePattern *>>
      byName;
  std::vector<const RewritePattern *> anyOp;
};

FrozenRewritePatternSet::FrozenRewritePatternSet()
    : impl(std::make_shared<Impl>()) {}

FrozenRewritePatternSet::FrozenRewritePatternSet(RewritePatternSet &&patterns)
    : impl(std::make_shared<Impl>()) {
  impl->owned = std::move(patterns.getPatterns());
  auto byBenefit = [](const RewritePattern *lhs, const RewritePattern *rhs) {
    return rhs->getBenefit() < lhs->getBenefit();
  };
  for (const auto &pattern : impl->owned) {
    if (pattern->getBenefit().isImpossibleToMatch())
      continue;
    if (auto root = pattern->getRootKind())
      impl->byName[root->getImpl()].push_back(pattern.get());
    else
      impl->anyOp.push_back(pattern.get());
  }
  // Each root's list also holds the any-op patterns, so a lookup is one
  // array; the stable sort keeps insertion order among equal benefits.
  for (auto &entry : impl->byName) {
    entry.second.insert(entry.second.end(), impl->anyOp.begin(),
                        impl->anyOp.end());
    std::stable_sort(entry.second.begin(), entry.second.end(), byBenefit);
  }
  std::stable_sort(impl->anyOp.begin(), impl->anyOp.end(), byBenefit);
}

llvm::ArrayRef<const RewritePattern *>
FrozenRewritePatternSet::getPatternsFor(OperationName name) const {
  auto it = impl->byName.find(name.getImpl());
  if (it != impl->byName.end())
    return it->second;
  return impl->anyOp;
}

size_t FrozenRewritePatternSet::size() const { return impl->owned.size(); }
