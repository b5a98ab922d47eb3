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
#include "tilt/IR/Matchers.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tilt;

/// Whether `op` has no effects: Pure or with recursive effects, and only
/// effect-free ops inside.
static bool isEffectFree(Operation *op) {
  if (!op->hasTrait<OpTrait::Pure>() &&
      !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        if (!isEffectFree(&nested))
          return false;
  return true;
}

bool tilt::isOpTriviallyDead(Operation *op) {
  return op->use_empty() && !op->hasTrait<OpTrait::IsTerminator>() &&
         isEffectFree(op);
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
  /// Erases unreachable blocks and unused successor arguments; returns
  /// whether anything changed.
  bool simplifyRegions(GreedyRewriteResult &result);
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

  // Constants, as MLIR's OperationFolder keeps them: one op per (scope,
  // value, type) in the entry block of the scope (the region of the
  // nearest isolated-from-above op). Folds materialize constants in place;
  // each iteration's seeding de-duplicates them and moves them to the front
  // of the entry block (insertKnownConstant), so the IR ends in MLIR's order.
  using ConstantKey = std::tuple<Region *, Attribute, Type>;
  llvm::DenseMap<ConstantKey, Operation *> constants;
  llvm::DenseMap<Operation *, ConstantKey> constantKeys;
  Region *getConstantScope(Operation *op);
  /// Registers constant `op` or replaces it by the known equal one (then
  /// returns false: `op` is erased).
  bool insertKnownConstant(Operation *op);
  bool changed = false;
  /// Producers of the operands of erased ops, queued after the change.
  std::vector<Operation *> pendingProducers;
  llvm::DenseSet<Operation *> erasedOps;
  void flushPendingProducers();
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

void GreedyDriver::flushPendingProducers() {
  for (Operation *producer : pendingProducers)
    if (!erasedOps.count(producer))
      addToWorklist(producer);
  pendingProducers.clear();
  erasedOps.clear();
}

void GreedyDriver::notifyOperationInserted(Operation *op) {
  // A new op may reuse the memory of one erased in the same change.
  erasedOps.erase(op);
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
  // Producers of the operands may now be dead or simpler. They are queued
  // once the change is complete: a producer may be erased with the same op
  // (a loop and its body) and must not be queued after its notification.
  for (Value operand : op->getOperands())
    if (operand)
      if (Operation *producer = operand.getDefiningOp())
        pendingProducers.push_back(producer);
  erasedOps.insert(op);
  removeFromWorklist(op);
  allowedOps.erase(op);
  auto key = constantKeys.find(op);
  if (key != constantKeys.end()) {
    constants.erase(key->second);
    constantKeys.erase(key);
  }
  if (config.listener)
    config.listener->notifyOperationErased(op);
}

Region *GreedyDriver::getConstantScope(Operation *op) {
  Region *region = op->getParentRegion();
  while (region) {
    Operation *parent = region->getParentOp();
    if (!parent || parent->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
        !parent->isRegistered())
      return region;
    region = parent->getParentRegion();
  }
  return nullptr;
}

bool GreedyDriver::insertKnownConstant(Operation *op) {
  if (!op->hasTrait<OpTrait::ConstantLike>() || op->getNumResults() != 1)
    return true;
  Block *block = op->getBlock();
  auto isKnown = [&](Operation *other) {
    return other && constantKeys.count(other);
  };
  // Known already: rehoisted to the front unless it follows a known one
  // (MLIR then drops its location).
  if (isKnown(op)) {
    if (&block->front() != op && !isKnown(op->getPrevNode())) {
      op->moveBefore(&block->front());
      op->setLoc(Location());
    }
    return true;
  }
  Region *scope = getConstantScope(op);
  Attribute value = getConstantValue(op->getResult(0));
  if (!scope || !value)
    return true;
  ConstantKey key(scope, value, op->getResult(0).getType());
  if (Operation *existing = constants.lookup(key)) {
    replaceOp(op, ValueRange(existing->getResult(0)));
    return false;
  }
  Block *entry = &scope->front();
  if (block != entry ||
      (&entry->front() != op && !isKnown(op->getPrevNode()))) {
    if (block != entry)
      op->setLoc(Location());
    op->moveBefore(&entry->front());
  }
  constants[key] = op;
  constantKeys[op] = key;
  return true;
}

bool GreedyDriver::tryToFold(Operation *op) {
  // Constants do not fold (they would fold to themselves forever); the
  // next iteration's seeding merges and hoists them.
  if (op->hasTrait<OpTrait::ConstantLike>())
    return false;
  if (!op->isRegistered())
    return false;
  llvm::SmallVector<Attribute, 4> operands;
  for (Value operand : op->getOperands())
    operands.push_back(getConstantValue(operand));
  // Like MLIR, move constants to the right of commutative binary ops, so
  // that folds and patterns need to look on one side only.
  bool swapped = false;
  if (op->getNumOperands() == 2 && op->hasTrait<OpTrait::IsCommutative>() &&
      operands[0] && !operands[1]) {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    modifyOpInPlace(op, [&] {
      op->setOperand(0, rhs);
      op->setOperand(1, lhs);
    });
    std::swap(operands[0], operands[1]);
    swapped = true;
  }
  llvm::SmallVector<OpFoldResult, 2> folded;
  if (failed(op->fold(operands, folded)))
    return swapped;
  if (folded.empty()) {
    // Updated in place.
    notifyOperationModified(op);
    return true;
  }
  if (folded.size() != op->getNumResults())
    return false;
  // As MLIR's driver: constants are materialized right before the op.
  llvm::SmallVector<Value, 2> replacements;
  llvm::SmallVector<Operation *, 2> created;
  OpBuilder::InsertionGuard guard(*this);
  setInsertionPoint(op);
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
    if (constant)
      created.push_back(constant);
    if (!constant || constant->getNumResults() != 1 ||
        constant->getResult(0).getType() != type) {
      for (Operation *unused : created)
        eraseOp(unused);
      return false;
    }
    replacements.push_back(constant->getResult(0));
  }
  replaceOp(op, replacements);
  return true;
}

bool GreedyDriver::simplifyRegions(GreedyRewriteResult &result) {
  std::vector<Region *> regions;
  for (Region &region : root->getRegions()) {
    regions.push_back(&region);
    region.walk([&](Operation *op) {
      for (Region &nested : op->getRegions())
        if (nested.getNumBlocks() > 1)
          regions.push_back(&nested);
    });
  }
  bool changed = false;
  for (Region *region : regions) {
    if (region->getNumBlocks() < 2)
      continue;
    // Unreachable blocks: none of their values can be used by a reachable
    // block, so drop their references to one another first, then erase.
    llvm::SmallPtrSet<Block *, 16> reachable;
    llvm::SmallVector<Block *, 16> stack{&region->front()};
    reachable.insert(&region->front());
    while (!stack.empty()) {
      Block *block = stack.pop_back_val();
      for (Block *successor : block->getSuccessors())
        if (reachable.insert(successor).second)
          stack.push_back(successor);
    }
    llvm::SmallVector<Block *, 4> dead;
    for (Block &block : *region)
      if (!reachable.count(&block))
        dead.push_back(&block);
    for (Block *block : dead)
      block->dropAllReferences();
    for (Block *block : dead) {
      block->dropAllDefinedValueUses();
      eraseBlock(block);
      ++result.numErasedBlocks;
      changed = true;
    }

    // Unused arguments of blocks whose predecessors all say which of their
    // operands they forward. Only single-successor branches are edited: the
    // operand ranges of a multi-successor branch usually live in a property
    // that a generic edit would not update.
    for (Block &block : llvm::drop_begin(*region)) {
      if (block.getNumArguments() == 0)
        continue;
      struct Edge {
        Operation *branch;
        unsigned firstOperand;
      };
      llvm::SmallVector<Edge, 4> edges;
      bool known = true;
      for (BlockOperand &use : block.getUses()) {
        Operation *branch = use.getOwner();
        const OpInfo *info = branch->getName().getInfo();
        std::optional<std::pair<unsigned, unsigned>> range;
        if (info && branch->getNumSuccessors() == 1)
          range = info->getSuccessorOperands(branch, use.getOperandNumber());
        if (!range || range->second != block.getNumArguments()) {
          known = false;
          break;
        }
        edges.push_back({branch, range->first});
      }
      if (!known)
        continue;
      for (unsigned i = block.getNumArguments(); i-- > 0;) {
        if (!block.getArgument(i).use_empty())
          continue;
        for (Edge &edge : edges)
          modifyOpInPlace(edge.branch, [&] {
            edge.branch->eraseOperand(edge.firstOperand + i);
          });
        block.eraseArgument(i);
        ++result.numErasedArguments;
        changed = true;
      }
    }
  }
  return changed;
}

GreedyRewriteResult GreedyDriver::run() {
  GreedyRewriteResult result;
  if (config.expensiveChecks)
    applicator.setExpensiveChecksRoot(root);
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
    // Constants are merged and hoisted as they are met (MLIR's
    // insertKnownConstant while populating the worklist).
    if (config.enableFolding && config.cseConstants &&
        config.strictness == GreedyRewriteStrictness::AnyOp) {
      llvm::erase_if(order,
                     [&](Operation *op) { return !insertKnownConstant(op); });
      flushPendingProducers();
    }
    // A pattern that keeps requeueing its own output would loop forever
    // within one iteration (MLIR's driver does). Bound the rewrites of an
    // iteration by the size of the IR; running out means no fixpoint.
    uint64_t iterationBudget = std::max<uint64_t>(1000, 64 * order.size());
    // The walk becomes the worklist, reversed so that the first op pops
    // first (one vector, the index map sized once: no growth peaks).
    if (config.strictness != GreedyRewriteStrictness::AnyOp)
      llvm::erase_if(order, [&](Operation *op) { return !isAllowed(op); });
    std::reverse(order.begin(), order.end());
    worklist = std::move(order);
    worklistIndex.reserve(worklist.size());
    for (unsigned i = 0, e = worklist.size(); i < e; ++i)
      worklistIndex[worklist[i]] = i;
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
        flushPendingProducers();
        ++result.numErasedDeadOps;
        iterationChanged = true;
        continue;
      }
      bool folded = config.enableFolding && tryToFold(op);
      flushPendingProducers();
      if (folded) {
        ++result.numFolds;
        iterationChanged = true;
        if (++rewritesThisIteration > iterationBudget) {
          result.converged = false;
          return result;
        }
        continue;
      }
      LogicalResult applied = applicator.matchAndRewrite(op, *this);
      flushPendingProducers();
      if (applicator.hasContractViolation()) {
        result.failedExpensiveChecks = true;
        result.converged = false;
        return result;
      }
      if (succeeded(applied)) {
        ++result.numRewrites;
        iterationChanged = true;
        if (++rewritesThisIteration > iterationBudget) {
          result.converged = false;
          return result;
        }
      }
    }
    if (config.enableRegionSimplification && simplifyRegions(result))
      iterationChanged = true;
    flushPendingProducers();
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
