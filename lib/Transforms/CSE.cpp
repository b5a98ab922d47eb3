//===- CSE.cpp - Common subexpression elimination -------------------------===//
//
// MLIR 22's CSE: an op without side effects is replaced by an equivalent one
// that dominates it, and an op without effects or uses is erased (the
// num-dce'd statistic). Equivalent means MLIR's OperationEquivalence with
// locations ignored: same name, properties, attributes, result types and
// operands (in any order for commutative ops), and regions that match block
// by block and op by op, values defined inside them corresponding. An op
// with regions is a candidate when its regions have at most one block each
// and everything in them is free of effects (scf.if, scf.for,
// scf.execute_region, scf.index_switch, ...).
//
// The walk is MLIR's: the regions of an op are simplified before the op
// itself; a single-block region is one scope nested in its parent's; a
// multi-block region is walked along its dominator tree, each block a scope
// under its immediate dominator's (blocks that cannot be reached are left
// alone); an op that is (or, being unregistered, might be) isolated from
// above starts afresh. Replaced and dead ops are erased only at the end, so
// that an op with regions is compared with what its regions held before the
// pass. In a single-block region without SSA dominance (a graph region, or
// a region of an unregistered op) a use is only redirected if its owner is
// not itself among the known ops, and the op stays while it has uses.
//
// MLIR also merges ops that only read memory when nothing writes in
// between; Tilt's ops carry no read effects, so there is nothing to merge.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Dominance.h"
#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"
#include "tilt/Transforms/Passes.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/ScopedHashTable.h"
#include "llvm/Support/RecyclingAllocator.h"

using namespace tilt;

//===----------------------------------------------------------------------===//
// Effects
//===----------------------------------------------------------------------===//

/// MLIR's isMemoryEffectFree: a Pure op, or one with recursive effects whose
/// nested ops are all free of effects.
static bool isMemoryEffectFree(Operation *op) {
  bool recursive = op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  if (!recursive)
    return op->hasTrait<OpTrait::Pure>();
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        if (!isMemoryEffectFree(&nested))
          return false;
  return true;
}

/// MLIR's isOpTriviallyDead for ops without read or allocation effects:
/// unused, not (possibly) a terminator, not a symbol, and free of effects.
static bool isOpTriviallyDead(Operation *op) {
  return op->use_empty() && !op->mightHaveTrait<OpTrait::IsTerminator>() &&
         !op->hasTrait<OpTrait::Symbol>() && isMemoryEffectFree(op);
}

//===----------------------------------------------------------------------===//
// Equivalence
//===----------------------------------------------------------------------===//

namespace {

/// MLIR's OperationEquivalence::isEquivalentTo with IgnoreLocations, for one
/// comparison: the values defined in the compared regions that correspond.
class EquivalenceChecker {
public:
  bool isEquivalent(Operation *lhs, Operation *rhs);

private:
  bool isEquivalentValue(Value lhs, Value rhs) {
    return lhs == rhs || (!equivalent.empty() && equivalent.lookup(lhs) == rhs);
  }
  bool areCommutativeOperandsEquivalent(Operation *lhs, Operation *rhs);
  bool isRegionEquivalent(Region &lhs, Region &rhs);

  llvm::DenseMap<Value, Value> equivalent;
};

} // namespace

/// The values of `range` from `begin`, sorted by address.
static llvm::SmallVector<Value, 4> sortByAddress(OperandRange range,
                                                 unsigned begin) {
  llvm::SmallVector<Value, 4> values;
  for (unsigned i = begin, e = range.size(); i < e; ++i)
    values.push_back(range[i]);
  llvm::sort(values, [](Value a, Value b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  });
  return values;
}

bool EquivalenceChecker::areCommutativeOperandsEquivalent(Operation *lhs,
                                                          Operation *rhs) {
  // As MLIR: the operands in order, and where they first differ, the rest as
  // the same values in another order (values of the regions are not mapped
  // there).
  OperandRange lhsOperands = lhs->getOperands();
  OperandRange rhsOperands = rhs->getOperands();
  unsigned i = 0, e = lhsOperands.size();
  while (i < e && isEquivalentValue(lhsOperands[i], rhsOperands[i]))
    ++i;
  if (i == e)
    return true;
  return sortByAddress(lhsOperands, i) == sortByAddress(rhsOperands, i);
}

bool EquivalenceChecker::isEquivalent(Operation *lhs, Operation *rhs) {
  if (lhs == rhs)
    return true;
  if (lhs->getAttrDictionary() != rhs->getAttrDictionary() ||
      lhs->getName() != rhs->getName() ||
      lhs->getNumRegions() != rhs->getNumRegions() ||
      lhs->getNumSuccessors() != rhs->getNumSuccessors() ||
      lhs->getNumOperands() != rhs->getNumOperands() ||
      lhs->getNumResults() != rhs->getNumResults() ||
      lhs->getPropertiesDict() != rhs->getPropertiesDict())
    return false;
  if (lhs->hasTrait<OpTrait::IsCommutative>()) {
    if (!areCommutativeOperandsEquivalent(lhs, rhs))
      return false;
  } else {
    for (unsigned i = 0, e = lhs->getNumOperands(); i < e; ++i) {
      Value lhsOperand = lhs->getOperand(i);
      Value rhsOperand = rhs->getOperand(i);
      if (lhsOperand == rhsOperand)
        continue;
      if (lhsOperand.getType() != rhsOperand.getType() ||
          !isEquivalentValue(lhsOperand, rhsOperand))
        return false;
    }
  }
  // Results correspond from here on; only the ops inside regions compared
  // next can use them.
  bool markResults = lhs->getNumRegions() != 0 || !equivalent.empty();
  for (unsigned i = 0, e = lhs->getNumResults(); i < e; ++i) {
    Value lhsResult = lhs->getResult(i);
    Value rhsResult = rhs->getResult(i);
    if (lhsResult.getType() != rhsResult.getType())
      return false;
    if (markResults)
      equivalent.try_emplace(lhsResult, rhsResult);
  }
  for (unsigned i = 0, e = lhs->getNumRegions(); i < e; ++i)
    if (!isRegionEquivalent(lhs->getRegion(i), rhs->getRegion(i)))
      return false;
  return true;
}

bool EquivalenceChecker::isRegionEquivalent(Region &lhs, Region &rhs) {
  if (lhs.getNumBlocks() != rhs.getNumBlocks())
    return false;
  llvm::DenseMap<Block *, Block *> blocks;
  for (auto [lhsBlock, rhsBlock] : llvm::zip(lhs, rhs)) {
    if (lhsBlock.getNumArguments() != rhsBlock.getNumArguments())
      return false;
    if (blocks.try_emplace(&lhsBlock, &rhsBlock).first->second != &rhsBlock)
      return false;
    for (unsigned i = 0, e = lhsBlock.getNumArguments(); i < e; ++i) {
      Value lhsArgument = lhsBlock.getArgument(i);
      Value rhsArgument = rhsBlock.getArgument(i);
      if (lhsArgument.getType() != rhsArgument.getType())
        return false;
      equivalent.try_emplace(lhsArgument, rhsArgument);
    }
    if (lhsBlock.getOperations().size() != rhsBlock.getOperations().size())
      return false;
    for (auto [lhsOp, rhsOp] : llvm::zip(lhsBlock, rhsBlock)) {
      if (!isEquivalent(&lhsOp, &rhsOp))
        return false;
      for (unsigned i = 0, e = lhsOp.getNumSuccessors(); i < e; ++i) {
        Block *lhsSuccessor = lhsOp.getSuccessor(i);
        Block *rhsSuccessor = rhsOp.getSuccessor(i);
        if (blocks.try_emplace(lhsSuccessor, rhsSuccessor).first->second !=
            rhsSuccessor)
          return false;
      }
    }
  }
  return true;
}

namespace {

/// Ops as keys by what they compute. The hash leaves regions out, as MLIR's
/// does; ops that differ only there are told apart by isEqual.
struct OpEquivalence : public llvm::DenseMapInfo<Operation *> {
  static unsigned getHashValue(const Operation *opConst) {
    auto *op = const_cast<Operation *>(opConst);
    llvm::hash_code hash = llvm::hash_combine(
        op->getName().getImpl(), op->getPropertiesDict().getAsOpaquePointer(),
        op->getAttrDictionary().getAsOpaquePointer());
    // A sum, so that the order of the operands of a commutative op does not
    // matter; for the other ops too, which saves looking the trait up (two
    // ops that differ only by the order of their operands are rare).
    size_t operands = 0;
    for (Value operand : op->getOperands())
      operands += llvm::hash_value(operand.getAsOpaquePointer());
    hash = llvm::hash_combine(hash, operands);
    for (Value result : op->getResults())
      hash = llvm::hash_combine(hash, result.getType().getImpl());
    return hash;
  }
  static bool isEqual(const Operation *lhsConst, const Operation *rhsConst) {
    auto *lhs = const_cast<Operation *>(lhsConst);
    auto *rhs = const_cast<Operation *>(rhsConst);
    if (lhs == rhs)
      return true;
    if (lhs == getEmptyKey() || lhs == getTombstoneKey() ||
        rhs == getEmptyKey() || rhs == getTombstoneKey())
      return false;
    // Most probes fail here, cheaply.
    if (lhs->getName() != rhs->getName() ||
        lhs->getNumOperands() != rhs->getNumOperands() ||
        lhs->getNumResults() != rhs->getNumResults())
      return false;
    if (lhs->getNumRegions() != 0 || rhs->getNumRegions() != 0 ||
        lhs->getNumSuccessors() != 0 || rhs->getNumSuccessors() != 0)
      return EquivalenceChecker().isEquivalent(lhs, rhs);
    // Without regions nothing is mapped: the operands must be the same
    // values, in order unless the op is commutative.
    if (lhs->getAttrDictionary() != rhs->getAttrDictionary() ||
        lhs->getPropertiesDict() != rhs->getPropertiesDict())
      return false;
    for (unsigned i = 0, e = lhs->getNumOperands(); i < e; ++i) {
      if (lhs->getOperand(i) == rhs->getOperand(i))
        continue;
      if (!lhs->hasTrait<OpTrait::IsCommutative>())
        return false;
      if (sortByAddress(lhs->getOperands(), i) !=
          sortByAddress(rhs->getOperands(), i))
        return false;
      break;
    }
    for (unsigned i = 0, e = lhs->getNumResults(); i < e; ++i)
      if (lhs->getResult(i).getType() != rhs->getResult(i).getType())
        return false;
    return true;
  }
};

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

using Allocator = llvm::RecyclingAllocator<
    llvm::BumpPtrAllocator, llvm::ScopedHashTableVal<Operation *, Operation *>>;
using ScopedTable =
    llvm::ScopedHashTable<Operation *, Operation *, OpEquivalence, Allocator>;

/// One CSE run over the regions of an op (MLIR's CSEDriver).
class CSEDriver {
public:
  /// Simplifies the regions of `root` and erases what became redundant.
  void simplify(Operation *root);

  int64_t numCSE = 0;
  int64_t numDCE = 0;

private:
  void simplifyRegion(ScopedTable &known, Region &region);
  void simplifyBlock(ScopedTable &known, Block *block, bool hasSSADominance);
  /// Marks `op` for erasure if it is dead or known; otherwise makes it known
  /// when it is a candidate. Returns whether `op` is to be erased.
  bool simplifyOperation(ScopedTable &known, Operation *op,
                         bool hasSSADominance);
  void replaceUsesAndDelete(ScopedTable &known, Operation *op,
                            Operation *existing, bool hasSSADominance);

  std::vector<Operation *> opsToErase;
};

} // namespace

/// Whether the ops of `region` must follow SSA dominance (MLIR's
/// DominanceInfo: multi-block regions always do; a single block does unless
/// its op says it is a graph region or is unregistered).
static bool hasSSADominance(Region &region) {
  if (!region.hasOneBlock())
    return true;
  Operation *op = region.getParentOp();
  const OpInfo *info = op->getName().getInfo();
  return info && info->hasSSADominance(op, region.getRegionNumber());
}

void CSEDriver::replaceUsesAndDelete(ScopedTable &known, Operation *op,
                                     Operation *existing,
                                     bool hasSSADominance) {
  if (hasSSADominance) {
    // No use of `op` has been visited yet.
    op->replaceAllUsesWith(existing);
    opsToErase.push_back(op);
  } else {
    // As MLIR: keep the uses by ops equivalent to a known one.
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      op->getResult(i).replaceUsesWithIf(
          existing->getResult(i),
          [&](OpOperand &use) { return !known.count(use.getOwner()); });
    if (op->use_empty())
      opsToErase.push_back(op);
  }
  // The survivor takes the location of the op it replaces if it had none.
  if (existing->getLoc().isUnknown() && !op->getLoc().isUnknown())
    existing->setLoc(op->getLoc());
  ++numCSE;
}

bool CSEDriver::simplifyOperation(ScopedTable &known, Operation *op,
                                  bool hasSSADominance) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (isOpTriviallyDead(op)) {
    opsToErase.push_back(op);
    ++numDCE;
    return true;
  }
  for (Region &region : op->getRegions())
    if (region.getNumBlocks() > 1)
      return false;
  if (!isMemoryEffectFree(op))
    return false;
  if (Operation *existing = known.lookup(op)) {
    replaceUsesAndDelete(known, op, existing, hasSSADominance);
    return true;
  }
  known.insert(op, op);
  return false;
}

void CSEDriver::simplifyBlock(ScopedTable &known, Block *block,
                              bool hasSSADominance) {
  for (Operation &op : *block) {
    if (op.getNumRegions() != 0) {
      // Reusing an outer value inside an op isolated from above would add
      // an implicit capture.
      if (op.mightHaveTrait<OpTrait::IsIsolatedFromAbove>()) {
        ScopedTable fresh;
        for (Region &region : op.getRegions())
          simplifyRegion(fresh, region);
      } else {
        for (Region &region : op.getRegions())
          simplifyRegion(known, region);
      }
    }
    simplifyOperation(known, &op, hasSSADominance);
  }
}

void CSEDriver::simplifyRegion(ScopedTable &known, Region &region) {
  if (region.empty())
    return;
  bool ssa = hasSSADominance(region);
  if (region.hasOneBlock()) {
    ScopedTable::ScopeTy scope(known);
    simplifyBlock(known, &region.front(), ssa);
    return;
  }
  // Depth first along the dominator tree: the values of a block are known
  // in the blocks it dominates.
  RegionDominance dominance(region);
  struct Node {
    Node(ScopedTable &known, Block *block, llvm::ArrayRef<Block *> children)
        : scope(known), block(block), children(children) {}
    ScopedTable::ScopeTy scope;
    Block *block;
    llvm::ArrayRef<Block *> children;
    unsigned nextChild = 0;
  };
  Block *root = dominance.getRoot();
  llvm::SmallVector<std::unique_ptr<Node>, 8> stack;
  stack.push_back(
      std::make_unique<Node>(known, root, dominance.getChildren(root)));
  simplifyBlock(known, root, ssa);
  while (!stack.empty()) {
    Node &node = *stack.back();
    if (node.nextChild == node.children.size()) {
      stack.pop_back();
      continue;
    }
    Block *child = node.children[node.nextChild++];
    stack.push_back(
        std::make_unique<Node>(known, child, dominance.getChildren(child)));
    simplifyBlock(known, child, ssa);
  }
}

void CSEDriver::simplify(Operation *root) {
  ScopedTable known;
  for (Region &region : root->getRegions())
    simplifyRegion(known, region);
  // Nested ops come before the ops that hold them.
  for (Operation *op : opsToErase)
    op->erase();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

class CSEPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "cse"; }
  llvm::StringRef getName() const override { return "CSE"; }
  llvm::StringRef getDescription() const override {
    return "Eliminate common sub-expressions";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<CSEPass>();
  }
  void runOnOperation() override {
    CSEDriver driver;
    driver.simplify(getOperation());
    numCSE += uint64_t(driver.numCSE);
    numDCE += uint64_t(driver.numDCE);
  }

private:
  Statistic numCSE{this, "num-cse'd", "Number of operations CSE'd"};
  Statistic numDCE{this, "num-dce'd", "Number of operations DCE'd"};
};

} // namespace

std::unique_ptr<Pass> tilt::createCSEPass() {
  return std::make_unique<CSEPass>();
}
