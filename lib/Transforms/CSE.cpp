//===- CSE.cpp - Common subexpression elimination -------------------------===//
//
// Removes an op when an equivalent one (same name, operands, properties,
// attributes and result types) dominates it. Only ops without side effects
// (the Pure trait), without regions and that are not terminators are
// candidates. Values flow into nested regions, so a scope stays open for the
// regions nested in a block; an op that is (or, being unregistered, might
// be) isolated from above starts afresh. In a
// region with several blocks each block is its own scope (the dominance
// tree would allow more; that is left for later).
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"
#include "tilt/Transforms/Passes.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/ScopedHashTable.h"

using namespace tilt;

namespace {

/// Compares ops by what they compute.
struct OpEquivalence : public llvm::DenseMapInfo<Operation *> {
  static unsigned getHashValue(const Operation *opConst) {
    auto *op = const_cast<Operation *>(opConst);
    llvm::hash_code hash = llvm::hash_combine(
        op->getName().getImpl(), op->getPropertiesDict().getAsOpaquePointer(),
        op->getAttrDictionary().getAsOpaquePointer());
    for (Value operand : op->getOperands())
      hash = llvm::hash_combine(hash, operand.getImpl());
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
    if (lhs->getName() != rhs->getName() ||
        lhs->getPropertiesDict() != rhs->getPropertiesDict() ||
        lhs->getAttrDictionary() != rhs->getAttrDictionary() ||
        lhs->getNumOperands() != rhs->getNumOperands() ||
        lhs->getNumResults() != rhs->getNumResults())
      return false;
    for (unsigned i = 0, e = lhs->getNumOperands(); i < e; ++i)
      if (lhs->getOperand(i) != rhs->getOperand(i))
        return false;
    for (unsigned i = 0, e = lhs->getNumResults(); i < e; ++i)
      if (lhs->getResult(i).getType() != rhs->getResult(i).getType())
        return false;
    return true;
  }
};

using ScopedTable =
    llvm::ScopedHashTable<Operation *, Operation *, OpEquivalence>;

class CSEPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "cse"; }
  llvm::StringRef getName() const override { return "CSE"; }
  llvm::StringRef getDescription() const override {
    return "Eliminate common subexpressions of side-effect-free ops";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<CSEPass>();
  }
  void runOnOperation() override {
    ScopedTable table;
    for (Region &region : getOperation()->getRegions())
      simplifyRegion(region, table);
  }

private:
  static bool isCandidate(Operation &op) {
    return op.getNumResults() != 0 && op.getNumRegions() == 0 &&
           op.hasTrait<OpTrait::Pure>() &&
           !op.hasTrait<OpTrait::IsTerminator>();
  }

  Statistic numCSE{this, "num-cse'd", "Number of operations CSE'd"};

  void simplifyRegion(Region &region, ScopedTable &table) {
    for (Block &block : region) {
      // Several blocks: each is its own scope under the parent's.
      ScopedTable::ScopeTy scope(table);
      for (Operation &op : llvm::make_early_inc_range(block)) {
        if (isCandidate(op)) {
          if (Operation *existing = table.lookup(&op)) {
            op.replaceAllUsesWith(existing);
            op.erase();
            ++numCSE;
            continue;
          }
          table.insert(&op, &op);
          continue;
        }
        for (Region &nested : op.getRegions()) {
          // An unregistered op might be isolated from above: reusing an
          // outer value inside it could add an implicit capture (MLIR's
          // mightHaveTrait).
          if (op.mightHaveTrait<OpTrait::IsIsolatedFromAbove>()) {
            ScopedTable fresh;
            simplifyRegion(nested, fresh);
          } else {
            simplifyRegion(nested, table);
          }
        }
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilt::createCSEPass() {
  return std::make_unique<CSEPass>();
}
