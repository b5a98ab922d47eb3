//===- Verifier.cpp - Checking IR invariants ------------------------------===//
//
// Two phases, as in MLIR: first every op's structure and invariants (traits,
// the op's verify(), nested ops, then region-level checks); then, only if
// that passed, dominance of every use in SSA-CFG regions, with the dominator
// trees of IR/Dominance.h.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Verifier.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/Dominance.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/DenseMap.h"

using namespace tilt;

namespace {

class Verifier {
public:
  explicit Verifier(bool verifyRecursively)
      : verifyRecursively(verifyRecursively) {}

  LogicalResult verify(Operation *op) {
    if (failed(verifyOperation(*op)))
      return failure();
    return verifyDominance(*op);
  }

private:
  LogicalResult verifyOperation(Operation &op);
  LogicalResult verifyBlock(Block &block, Operation &parentOp,
                            bool mayOmitTerminator);
  LogicalResult verifyDominance(Operation &op);
  bool hasSSADominance(Operation &op, unsigned regionIndex) {
    const OpInfo *info = op.getName().getInfo();
    // Unregistered ops may hold graph regions: do not check dominance there.
    return info && info->hasSSADominance(&op, regionIndex);
  }
  RegionDominance &getDominance(Region &region) {
    auto &slot = dominance[&region];
    if (!slot)
      slot = std::make_unique<RegionDominance>(region);
    return *slot;
  }

  bool verifyRecursively;
  llvm::DenseMap<Region *, std::unique_ptr<RegionDominance>> dominance;
};

} // namespace

LogicalResult Verifier::verifyOperation(Operation &op) {
  for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i)
    if (!op.getOperand(i))
      return op.emitError() << "null operand found";

  const OpInfo *info = op.getName().getInfo();
  if (!info) {
    Context *context = op.getContext();
    // A loaded dialect knows all its ops: an unknown one is an error even
    // when unregistered dialects are allowed.
    Dialect *dialect = op.getDialect();
    if (dialect && !dialect->allowsUnknownOperations())
      return op.emitOpError()
             << "unregistered operation '" << op.getName().getStringRef()
             << "' found in dialect ('" << dialect->getNamespace()
             << "') that does not allow unknown operations";
    if (!dialect && !context->allowsUnregisteredDialects()) {
      return op.emitOpError()
             << "created with unregistered dialect. If this is intended, "
                "please call allowUnregisteredDialects() on the Context, or "
                "use -allow-unregistered-dialect with the Tilt opt tool used";
    }
  }

  if (op.getNumSuccessors() != 0) {
    Block *block = op.getBlock();
    if (!block || &block->back() != &op)
      return op.emitError()
             << "operation with block successors must terminate its parent "
                "block";
    for (Block *successor : op.getSuccessors())
      if (!successor || successor->getParent() != block->getParent())
        return op.emitError() << "branching to block of a different region";
  }

  if (info && failed(info->verifyInvariants(&op)))
    return failure();

  bool mayOmitTerminator = !info || op.hasTrait<OpTrait::NoTerminator>();
  for (unsigned i = 0, e = op.getNumRegions(); i < e; ++i) {
    Region &region = op.getRegion(i);
    if (region.empty())
      continue;
    // Graph regions hold a single block.
    if (info && !hasSSADominance(op, i) && region.getNumBlocks() > 1)
      return op.emitOpError()
             << "expects graph region #" << i << " to have 0 or 1 blocks";
    if (!region.front().hasNoPredecessors())
      return op.emitOpError() << "entry block of region may not have "
                                 "predecessors";
    for (Block &block : region)
      if (failed(verifyBlock(block, op,
                             mayOmitTerminator && region.hasOneBlock())))
        return failure();
  }

  if (info && failed(info->verifyRegionInvariants(&op)))
    return failure();
  return success();
}

LogicalResult Verifier::verifyBlock(Block &block, Operation &parentOp,
                                    bool mayOmitTerminator) {
  for (BlockArgument arg : block.getArguments())
    if (arg.getOwner() != &block)
      return emitError(parentOp.getContext(), arg.getLoc())
             << "block argument not owned by block";

  if (block.empty()) {
    if (mayOmitTerminator)
      return success();
    // MLIR reports this at the op, without the `'name' op` prefix.
    return parentOp.emitError() << "empty block: expect at least a terminator";
  }

  for (Operation &nested : block) {
    if (!verifyRecursively) {
      if (nested.getNumSuccessors() != 0 && &nested != &block.back())
        return nested.emitError() << "operation with block successors must "
                                     "terminate its parent block";
      continue;
    }
    if (failed(verifyOperation(nested)))
      return failure();
  }

  if (mayOmitTerminator)
    return success();
  Operation &last = block.back();
  if (!last.mightHaveTrait<OpTrait::IsTerminator>())
    return last.emitError() << "block with no terminator, has " << last;
  return success();
}

/// Describes where `def` lives relative to `use` for the note, as MLIR does.
static const char *describeDefinition(Operation *useOp, Value value) {
  Region *defRegion = value.getParentRegion();
  Block *defBlock = value.getParentBlock();
  if (defBlock == useOp->getBlock())
    return " (op in the same block)";
  if (defRegion == useOp->getParentRegion())
    return " (op in the same region)";
  if (defRegion && defRegion->isAncestor(useOp->getParentRegion()))
    return " (op in a parent region)";
  if (Operation *defOp = value.getDefiningOp())
    if (useOp->isProperAncestor(defOp))
      return " (op in a child region)";
  return " (op is neither in a parent nor in a child region)";
}

LogicalResult Verifier::verifyDominance(Operation &root) {
  // Iterative over ops to stay safe on very deep nesting.
  llvm::SmallVector<Operation *, 64> worklist{&root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (unsigned r = 0, e = op->getNumRegions(); r < e; ++r) {
      Region &region = op->getRegion(r);
      bool ssa = hasSSADominance(*op, r);
      for (Block &block : region) {
        for (Operation &nested : block) {
          if (nested.getNumRegions() != 0)
            worklist.push_back(&nested);
          for (unsigned i = 0, n = nested.getNumOperands(); i < n; ++i) {
            Value operand = nested.getOperand(i);
            Region *defRegion = operand.getParentRegion();
            Block *defBlock = operand.getParentBlock();
            // Even in a graph region a value is only visible in the region
            // that defines it and in regions nested there.
            bool visible = defRegion && (defRegion == &region ||
                                         defRegion->isAncestor(&region));
            // A graph region (an unregistered op's, say) relaxes dominance
            // for its own values only: a value of an enclosing SSA region
            // must still dominate the op that holds the use.
            if (!ssa && visible && defRegion == &region)
              continue;
            bool dominates = false;
            if (!visible) {
              dominates = false;
            } else if (defRegion == &region) {
              if (defBlock == &block) {
                Operation *defOp = operand.getDefiningOp();
                dominates = !defOp || defOp->isBeforeInBlock(&nested);
              } else {
                dominates = getDominance(region).dominates(defBlock, &block);
              }
            } else {
              // Defined in an enclosing region: check dominance of the
              // ancestor op of the use in the defining region.
              Operation *ancestor = defRegion->findAncestorOpInRegion(nested);
              Block *ancestorBlock = ancestor ? ancestor->getBlock() : nullptr;
              const OpInfo *defRegionOwner =
                  defRegion->getParentOp()
                      ? defRegion->getParentOp()->getName().getInfo()
                      : nullptr;
              bool defRegionIsGraph =
                  !defRegionOwner ||
                  !defRegionOwner->hasSSADominance(
                      defRegion->getParentOp(), defRegion->getRegionNumber());
              if (defRegionIsGraph || !ancestor) {
                dominates = ancestor != nullptr;
              } else if (defBlock == ancestorBlock) {
                Operation *defOp = operand.getDefiningOp();
                dominates = !defOp || defOp->isBeforeInBlock(ancestor);
              } else {
                dominates =
                    getDominance(*defRegion).dominates(defBlock, ancestorBlock);
              }
            }
            if (dominates)
              continue;
            InFlightDiagnostic diag = nested.emitError();
            diag << "operand #" << i << " does not dominate this use";
            diag.attachNote(operand.getLoc())
                << "operand defined here"
                << describeDefinition(&nested, operand);
            return failure();
          }
        }
      }
    }
  }
  return success();
}

LogicalResult tilt::verify(Operation *op, bool verifyRecursively) {
  return Verifier(verifyRecursively).verify(op);
}
