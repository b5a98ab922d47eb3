//===- GreedyPatternRewriteDriver.cpp - Rewriting to a fixpoint -----------===//
//
// The worklist is a vector with an index map; removing an op leaves a null
// tombstone (O(1)). The driver is the rewriter's listener: inserted and
// modified ops are (re)queued, the users of replaced results are queued,
// erased ops leave the worklist and the producers of their operands are
// queued, since they may have become dead or simpler.
//
//===----------------------------------------------------------------------===//

#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace tilt;

bool tilt::isOpTriviallyDead(Operation *op) {
  if (!op->use_empty() || !op->hasTrait<OpTrait::Pure>() ||
      op->hasTrait<OpTrait::IsTerminator>())
    return false;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        if (!nested.hasTrait<OpTrait::Pure>())
          return false;
  return true;
}

namespace {

class GreedyDriver : public PatternRewriter, public RewriterBase::Listener {
public:
  GreedyDriver(Operation *root, const FrozenRewritePatternSet &patterns,
               const GreedyRewriteConfig &config)
      : PatternRewriter(root->getContext()), root(root), applicator(patterns),
        config(config) {
    setListener(this);
  }

  GreedyRewriteResult run();

private:
  /// Folds `op`; returns whether the IR changed.
  bool tryToFold(Operation *op);
  void addToWorklist(Operation *op);
  void removeFromWorklist(Operation *op);
  Operation *popWorklist();
  bool isAllowed(Operation *op) const {
    return config.strictness == GreedyRewriteStrictness::AnyOp ||
           allowedOps.count(op);
  }

  // Listener hooks.
  void notifyOperationInserted(Operation *op) override;
  void notifyBlockInserted(Block *block) override {
    if (config.listener)
      config.listener->notifyBlockInserted(block);
  }
  void notifyOperationModified(Operation *op) override;
  void notifyOperationReplaced(Operation *op, ValueRange values) override;
  void notifyOperationErased(Operation *op) override;
  void notifyBlockErased(Block *block) override {
    if (config.listener)
      config.listener->notifyBlockErased(block);
  }
  void notifyMatchFailure(Location loc, const llvm::Twine &reason) override {
    if (config.listener)
      config.listener->notifyMatchFailure(loc, reason);
  }

  Operation *root;
  PatternApplicator applicator;
  const GreedyRewriteConfig &config;
  std::vector<Operation *> worklist;
  llvm::DenseMap<Operation *, unsigned> worklistIndex;
  /// The ops a strict run may touch.
  llvm::DenseSet<Operation *> allowedOps;
  bool changed = false;
};

} // namespace

void GreedyDriver::addToWorklist(Operation *op) {
  if (op == root || !isAllowed(op))
    return;
  if (worklistIndex.count(op))
    return;
  worklistIndex[op] = worklist.size();
  worklist.push_back(op);
}

void GreedyDriver::removeFromWorklist(Operation *op) {
  auto it = worklistIndex.find(op);
  if (it == worklistIndex.end())
    return;
  worklist[it->second] = nullptr;
  worklistIndex.erase(it);
}

Operation *GreedyDriver::popWorklist() {
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    if (!op)
      continue;
    worklistIndex.erase(op);
    return op;
  }
  return nullptr;
}

void GreedyDriver::notifyOperationInserted(Operation *op) {
  if (config.strictness == GreedyRewriteStrictness::ExistingAndNewOps)
    allowedOps.insert(op);
  addToWorklist(op);
  if (config.listener)
    config.listener->notifyOperationInserted(op);
}

void GreedyDriver::notifyOperationModified(Operation *op) {
  addToWorklist(op);
  if (config.listener)
    config.listener->notifyOperationModified(op);
}

void GreedyDriver::notifyOperationReplaced(Operation *op, ValueRange values) {
  for (Value result : op->getResults())
    for (OpOperand &use : result.getUses())
      addToWorklist(use.getOwner());
  if (config.listener)
    config.listener->notifyOperationReplaced(op, values);
}

void GreedyDriver::notifyOperationErased(Operation *op) {
  // Producers of the operands may now be dead or simpler.
  for (Value operand : op->getOperands())
    if (Operation *producer = operand.getDefiningOp())
      addToWorklist(producer);
  removeFromWorklist(op);
  allowedOps.erase(op);
  if (config.listener)
    config.listener->notifyOperationErased(op);
}

/// The constant value of `value` if a constant-like op defines it.
static Attribute getConstantValue(Value value) {
  Operation *producer = value.getDefiningOp();
  if (!producer || !producer->hasTrait<OpTrait::ConstantLike>())
    return Attribute();
  llvm::SmallVector<OpFoldResult, 1> folded;
  if (failed(producer->fold({}, folded)) || folded.size() != 1)
    return Attribute();
  return folded[0].getAttribute();
}

bool GreedyDriver::tryToFold(Operation *op) {
  // Constants fold to themselves; folding them again would loop.
  if (op->hasTrait<OpTrait::ConstantLike>() || !op->isRegistered())
    return false;
  llvm::SmallVector<Attribute, 4> operands;
  for (Value operand : op->getOperands())
    operands.push_back(getConstantValue(operand));
  llvm::SmallVector<OpFoldResult, 2> folded;
  if (failed(op->fold(operands, folded)))
    return false;
  if (folded.empty()) {
    // Updated in place.
    notifyOperationModified(op);
    return true;
  }
  if (folded.size() != op->getNumResults())
    return false;
  // Materialize constants before the op; undo if the dialect cannot.
  setInsertionPoint(op);
  llvm::SmallVector<Value, 2> replacements;
  llvm::SmallVector<Operation *, 2> created;
  for (unsigned i = 0, e = folded.size(); i < e; ++i) {
    if (Value value = folded[i].getValue()) {
      replacements.push_back(value);
      continue;
    }
    Type type = op->getResult(i).getType();
    Dialect *dialect = op->getDialect();
    Operation *constant =
        dialect ? dialect->materializeConstant(*this, folded[i].getAttribute(),
                                               type, op->getLoc())
                : nullptr;
    if (!constant || constant->getNumResults() != 1 ||
        constant->getResult(0).getType() != type) {
      for (Operation *done : created)
        eraseOp(done);
      if (constant)
        eraseOp(constant);
      return false;
    }
    created.push_back(constant);
    replacements.push_back(constant->getResult(0));
  }
  replaceOp(op, replacements);
  return true;
}

GreedyRewriteResult GreedyDriver::run() {
  GreedyRewriteResult result;
  if (config.strictness != GreedyRewriteStrictness::AnyOp)
    for (Region &region : root->getRegions())
      region.walk([&](Operation *op) { allowedOps.insert(op); });

  bool iterationChanged = true;
  while (iterationChanged &&
         (config.maxIterations < 0 ||
          result.iterations < uint64_t(config.maxIterations))) {
    ++result.iterations;
    iterationChanged = false;
    worklist.clear();
    worklistIndex.clear();
    // Seed so that the first op popped is the first in the chosen order.
    std::vector<Operation *> order;
    for (Region &region : root->getRegions()) {
      if (config.useTopDownTraversal)
        region.walk<WalkOrder::PreOrder>(
            [&](Operation *op) { order.push_back(op); });
      else
        region.walk([&](Operation *op) { order.push_back(op); });
    }
    for (auto it = order.rbegin(), e = order.rend(); it != e; ++it)
      addToWorklist(*it);
    // A pattern that keeps requeueing its own output would loop forever
    // within one iteration (MLIR's driver does). Bound the rewrites of an
    // iteration by the size of the IR; running out means no fixpoint.
    uint64_t iterationBudget = std::max<uint64_t>(1000, 64 * order.size());
    uint64_t rewritesThisIteration = 0;

    while (Operation *op = popWorklist()) {
      if (config.maxNumRewrites >= 0 &&
          result.numRewrites >= uint64_t(config.maxNumRewrites)) {
        // Out of budget: stop without claiming a fixpoint.
        result.converged = false;
        return result;
      }
      if (config.removeDeadOps && isOpTriviallyDead(op)) {
        eraseOp(op);
        ++result.numErasedDeadOps;
        iterationChanged = true;
        continue;
      }
      if (config.enableFolding && tryToFold(op)) {
        ++result.numFolds;
        iterationChanged = true;
        if (++rewritesThisIteration > iterationBudget) {
          result.converged = false;
          return result;
        }
        continue;
      }
      if (succeeded(applicator.matchAndRewrite(op, *this))) {
        ++result.numRewrites;
        iterationChanged = true;
        if (++rewritesThisIteration > iterationBudget) {
          result.converged = false;
          return result;
        }
      }
    }
  }
  result.converged = !iterationChanged;
  return result;
}

GreedyRewriteResult
tilt::applyPatternsGreedily(Operation *root,
                            const FrozenRewritePatternSet &patterns,
                            const GreedyRewriteConfig &config) {
  GreedyDriver driver(root, patterns, config);
  return driver.run();
}
