//===- Dominance.h - Dominators of the blocks of a region -------*- C++ -*-===//
//
// The dominator tree of one multi-block region, over the blocks reachable
// from its entry block (computed with the Cooper-Harvey-Kennedy algorithm).
// The verifier checks SSA dominance with it; cse walks it as MLIR's does.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_DOMINANCE_H
#define TILT_IR_DOMINANCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace tilt {

class Block;
class Region;

/// Dominance between the blocks of one region. Blocks that cannot be reached
/// from the entry block are not in the tree: every block dominates them and
/// they dominate no reachable block.
class RegionDominance {
public:
  /// Computes the dominators of the blocks of `region`, which must not be
  /// empty.
  explicit RegionDominance(Region &region);

  /// Whether `block` can be reached from the entry block.
  bool isReachable(Block *block) const { return order.count(block); }

  /// Whether `a` dominates `b` (both in the region; a block dominates
  /// itself).
  bool dominates(Block *a, Block *b) const;

  /// The entry block, the root of the tree.
  Block *getRoot() const { return root; }

  /// The blocks `block` immediately dominates, in the order a depth-first
  /// walk from the entry (successors in order) first reaches them.
  llvm::ArrayRef<Block *> getChildren(Block *block) const;

private:
  Block *intersect(Block *a, Block *b);

  Block *root;
  /// Post-order number of each reachable block.
  llvm::DenseMap<Block *, unsigned> order;
  /// The immediate dominator of each reachable block (the entry's is
  /// itself).
  llvm::DenseMap<Block *, Block *> idom;
  /// The children of each block in the tree, built on first request.
  mutable llvm::DenseMap<Block *, llvm::SmallVector<Block *, 2>> children;
  /// Reachable blocks in depth-first pre-order.
  llvm::SmallVector<Block *, 16> preOrder;
};

} // namespace tilt

#endif // TILT_IR_DOMINANCE_H
