//===- Block.h - Basic blocks: argument lists and operation lists -*- C++ -*-//
//
// A Block owns an ordered, intrusive list of operations and a list of typed
// arguments. Its predecessors are the terminators that name it as successor
// (the block's use-list of BlockOperand).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_BLOCK_H
#define TILT_IR_BLOCK_H

#include "tilt/IR/Operation.h"

namespace tilt {

/// A block: a list of operations with block arguments, in a region; the
/// last operation is its terminator where the region needs one.
class Block : public IRObjectWithUseList<BlockOperand>,
              public llvm::ilist_node_with_parent<Block, Region> {
public:
  using OpListType = llvm::iplist<Operation>;
  using iterator = OpListType::iterator;
  using reverse_iterator = OpListType::reverse_iterator;

  Block() = default;
  ~Block();
  Block(const Block &) = delete;
  Block &operator=(const Block &) = delete;

  Region *getParent() const { return parent; }
  /// The operation that owns the region containing this block.
  Operation *getParentOp() const;
  bool isEntryBlock();
  /// Inserts this (unlinked) block before `block` in its region.
  void insertBefore(Block *block);
  /// Moves this block before `block`.
  void moveBefore(Block *block);
  /// Unlinks and deletes the block.
  void erase();

  //===--------------------------------------------------------------------===//
  // Arguments
  //===--------------------------------------------------------------------===//

  using BlockArgListType = llvm::SmallVector<BlockArgument, 2>;
  llvm::ArrayRef<BlockArgument> getArguments() const { return arguments; }
  unsigned getNumArguments() const { return arguments.size(); }
  BlockArgument getArgument(unsigned i) const { return arguments[i]; }
  bool args_empty() const { return arguments.empty(); }
  BlockArgument addArgument(Type type, Location loc);
  BlockArgument insertArgument(unsigned index, Type type, Location loc);
  /// Erases an argument without uses.
  void eraseArgument(unsigned index);
  llvm::SmallVector<Type, 4> getArgumentTypes() const;

  //===--------------------------------------------------------------------===//
  // Operations
  //===--------------------------------------------------------------------===//

  OpListType &getOperations() { return operations; }
  iterator begin() { return operations.begin(); }
  iterator end() { return operations.end(); }
  reverse_iterator rbegin() { return operations.rbegin(); }
  reverse_iterator rend() { return operations.rend(); }
  bool empty() { return operations.empty(); }
  Operation &front() { return operations.front(); }
  Operation &back() { return operations.back(); }
  void push_back(Operation *op) { operations.push_back(op); }
  void push_front(Operation *op) { operations.push_front(op); }
  /// The last operation if it is a terminator (registered with the trait).
  Operation *getTerminator();
  /// Whether the order indices of the ops are valid.
  bool isOpOrderValid() const { return opOrderValid; }
  void invalidateOpOrder() { opOrderValid = false; }
  /// Renumbers the order indices of the ops.
  void recomputeOpOrder();
  /// Drops the references all ops in this block hold.
  void dropAllReferences();
  /// Drops uses of values defined in this block (arguments and results).
  void dropAllDefinedValueUses();

  //===--------------------------------------------------------------------===//
  // Control flow
  //===--------------------------------------------------------------------===//

  /// The predecessor blocks (one entry per predecessor edge).
  llvm::SmallVector<Block *, 2> getPredecessors();
  bool hasNoPredecessors() const { return use_empty(); }
  llvm::SmallVector<Block *, 2> getSuccessors();
  /// Moves the ops from `splitBefore` to the end into a new block inserted
  /// after this one, and returns it.
  Block *splitBlock(iterator splitBefore);
  Block *splitBlock(Operation *splitBeforeOp) {
    return splitBlock(iterator(splitBeforeOp));
  }

  template <WalkOrder Order = WalkOrder::PostOrder, typename FnT>
  typename detail::WalkReturn<FnT>::type walk(FnT &&callback) {
    WalkResult result = WalkResult::advance();
    for (auto it = begin(), e = end(); it != e;) {
      Operation &op = *it++;
      if constexpr (std::is_same<typename detail::WalkReturn<FnT>::type,
                                 WalkResult>::value) {
        result = op.walk<Order>(callback);
        if (result.wasInterrupted())
          return result;
      } else {
        op.walk<Order>(callback);
      }
    }
    if constexpr (std::is_same<typename detail::WalkReturn<FnT>::type,
                               WalkResult>::value)
      return result;
  }

  void print(llvm::raw_ostream &os);
  void dump();

  /// Internal: for ilist.
  static OpListType Block::*getSublistAccess(Operation *) {
    return &Block::operations;
  }

private:
  void setParent(Region *newParent) { parent = newParent; }
  friend struct llvm::ilist_traits<Block>;

  Region *parent = nullptr;
  OpListType operations;
  BlockArgListType arguments;
  bool opOrderValid = false;
};

} // namespace tilt

#endif // TILT_IR_BLOCK_H
