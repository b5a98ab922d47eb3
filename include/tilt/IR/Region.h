//===- Region.h - Regions: ordered lists of blocks ---------------*- C++
//-*-===//
//
// A Region is an ordered list of blocks owned by an operation. The first
// block is the entry block; its arguments are the region's arguments.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_REGION_H
#define TILT_IR_REGION_H

#include "tilt/IR/Block.h"

namespace llvm {
/// Keeps each block's parent-region pointer up to date.
template <> struct ilist_traits<::tilt::Block> {
  using Block = ::tilt::Block;
  using block_iterator = simple_ilist<Block>::iterator;
  static void deleteNode(Block *block) { delete block; }
  void addNodeToList(Block *block);
  void removeNodeFromList(Block *block);
  void transferNodesFromList(ilist_traits<Block> &otherList,
                             block_iterator first, block_iterator last);

private:
  ::tilt::Region *getParentRegion();
};
} // namespace llvm

namespace tilt {

/// A region: a list of blocks owned by an operation.
class Region {
public:
  using BlockListType = llvm::iplist<Block>;
  using iterator = BlockListType::iterator;

  Region() = default;
  explicit Region(Operation *container) : container(container) {}
  ~Region();

  /// The operation that owns this region.
  Operation *getParentOp() const { return container; }
  /// The region that contains the parent op, or null.
  Region *getParentRegion();
  /// The index of this region in its parent op.
  unsigned getRegionNumber();
  Context *getContext();

  BlockListType &getBlocks() { return blocks; }
  iterator begin() { return blocks.begin(); }
  iterator end() { return blocks.end(); }
  bool empty() const { return blocks.empty(); }
  Block &front() { return blocks.front(); }
  Block &back() { return blocks.back(); }
  void push_back(Block *block) { blocks.push_back(block); }
  void push_front(Block *block) { blocks.push_front(block); }
  bool hasOneBlock() const {
    return !empty() && std::next(blocks.begin()) == blocks.end();
  }
  size_t getNumBlocks() const { return blocks.size(); }
  Block *addBlock() {
    auto *block = new Block();
    push_back(block);
    return block;
  }
  llvm::ArrayRef<BlockArgument> getArguments() {
    return empty() ? llvm::ArrayRef<BlockArgument>() : front().getArguments();
  }

  /// Whether `this` contains `other` (at any depth).
  bool isAncestor(Region *other);
  bool isProperAncestor(Region *other) {
    return this != other && isAncestor(other);
  }
  /// The ancestor of `op` directly in this region, or null.
  Operation *findAncestorOpInRegion(Operation &op);
  Block *findAncestorBlockInRegion(Block &block);

  /// Moves all blocks of `other` to the end of this region.
  void takeBody(Region &other);
  /// Copies the blocks of this region into `dest` before `destPos`.
  void cloneInto(Region *dest, Region::iterator destPos, IRMapping &mapper);
  void cloneInto(Region *dest, IRMapping &mapper) {
    cloneInto(dest, dest->end(), mapper);
  }
  void dropAllReferences();

  template <WalkOrder Order = WalkOrder::PostOrder, typename FnT>
  typename detail::WalkReturn<FnT>::type walk(FnT &&callback) {
    WalkResult result = WalkResult::advance();
    for (auto it = begin(), e = end(); it != e;) {
      Block &block = *it++;
      if constexpr (std::is_same<typename detail::WalkReturn<FnT>::type,
                                 WalkResult>::value) {
        result = block.walk<Order>(callback);
        if (result.wasInterrupted())
          return result;
      } else {
        block.walk<Order>(callback);
      }
    }
    if constexpr (std::is_same<typename detail::WalkReturn<FnT>::type,
                               WalkResult>::value)
      return result;
  }

  /// Internal: for ilist.
  static BlockListType Region::*getSublistAccess(Block *) {
    return &Region::blocks;
  }

private:
  friend class Operation;
  BlockListType blocks;
  Operation *container = nullptr;
};

} // namespace tilt

#endif // TILT_IR_REGION_H
