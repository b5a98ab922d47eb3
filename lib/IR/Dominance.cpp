//===- Dominance.cpp - Dominators of the blocks of a region ---------------===//
//
// Cooper, Harvey and Kennedy's "A Simple, Fast Dominance Algorithm": the
// immediate dominators are refined in reverse post-order until they no
// longer change. The tree's children are listed in the depth-first
// pre-order of the walk that numbered the blocks, which is how LLVM's
// dominator tree (MLIR's) orders them for the usual shapes.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Dominance.h"
#include "tilt/IR/Block.h"
#include "tilt/IR/Region.h"

using namespace tilt;

RegionDominance::RegionDominance(Region &region) : root(&region.front()) {
  // Post-order of the reachable blocks (iterative DFS).
  llvm::SmallVector<Block *, 16> postOrder;
  llvm::DenseMap<Block *, unsigned> visitState;
  llvm::SmallVector<std::pair<Block *, unsigned>, 16> stack;
  stack.push_back({root, 0});
  visitState[root] = 1;
  preOrder.push_back(root);
  while (!stack.empty()) {
    auto &[block, next] = stack.back();
    llvm::SmallVector<Block *, 2> successors = block->getSuccessors();
    if (next < successors.size()) {
      Block *succ = successors[next++];
      if (succ && succ->getParent() == &region &&
          visitState.try_emplace(succ, 1).second) {
        preOrder.push_back(succ);
        stack.push_back({succ, 0});
      }
      continue;
    }
    postOrder.push_back(block);
    stack.pop_back();
  }
  for (unsigned i = 0; i < postOrder.size(); ++i)
    order[postOrder[i]] = i;
  idom[root] = root;
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto it = postOrder.rbegin(), e = postOrder.rend(); it != e; ++it) {
      Block *block = *it;
      if (block == root)
        continue;
      Block *newIdom = nullptr;
      for (Block *pred : block->getPredecessors()) {
        if (!idom.count(pred))
          continue;
        newIdom = newIdom ? intersect(pred, newIdom) : pred;
      }
      if (newIdom && idom.lookup(block) != newIdom) {
        idom[block] = newIdom;
        changed = true;
      }
    }
  }
}

bool RegionDominance::dominates(Block *a, Block *b) const {
  if (!isReachable(b))
    return true;
  if (!isReachable(a))
    return false;
  while (true) {
    if (a == b)
      return true;
    Block *up = idom.lookup(b);
    if (up == b)
      return false;
    b = up;
  }
}

llvm::ArrayRef<Block *> RegionDominance::getChildren(Block *block) const {
  if (children.empty())
    for (Block *node : preOrder)
      if (node != root)
        children[idom.lookup(node)].push_back(node);
  auto it = children.find(block);
  if (it == children.end())
    return {};
  return it->second;
}

Block *RegionDominance::intersect(Block *a, Block *b) {
  while (a != b) {
    while (order[a] < order[b])
      a = idom[a];
    while (order[b] < order[a])
      b = idom[b];
  }
  return a;
}
