//===- Block.cpp - Basic blocks -------------------------------------------===//

#include "tilt/IR/Block.h"
#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"

using namespace tilt;

//===----------------------------------------------------------------------===//
// ilist_traits<Operation>
//===----------------------------------------------------------------------===//

Block *llvm::ilist_traits<Operation>::getContainingBlock() {
  size_t offset = size_t(
      &(static_cast<Block *>(nullptr)->*Block::getSublistAccess(nullptr)));
  auto *list = reinterpret_cast<iplist<Operation> *>(this);
  return reinterpret_cast<Block *>(reinterpret_cast<char *>(list) - offset);
}

void llvm::ilist_traits<Operation>::deleteNode(Operation *op) { op->destroy(); }

void llvm::ilist_traits<Operation>::addNodeToList(Operation *op) {
  Block *block = getContainingBlock();
  op->setParentBlock(block);
  block->invalidateOpOrder();
}

void llvm::ilist_traits<Operation>::removeNodeFromList(Operation *op) {
  op->setParentBlock(nullptr);
}

void llvm::ilist_traits<Operation>::transferNodesFromList(
    ilist_traits<Operation> &otherList, op_iterator first, op_iterator last) {
  Block *block = getContainingBlock();
  // Moving ops, even within the block, changes their order.
  block->invalidateOpOrder();
  if (this == &otherList)
    return;
  for (; first != last; ++first)
    first->setParentBlock(block);
}

//===----------------------------------------------------------------------===//
// Block
//===----------------------------------------------------------------------===//

Block::~Block() {
  // Each op drops the uses of its results when destroyed, so the ops can go
  // in any order.
  operations.clear();
  for (BlockArgument arg : arguments) {
    arg.dropAllUses();
    delete static_cast<detail::BlockArgumentImpl *>(arg.getImpl());
  }
  dropAllUses();
}

Operation *Block::getParentOp() const {
  return parent ? parent->getParentOp() : nullptr;
}

bool Block::isEntryBlock() { return parent && &parent->front() == this; }

void Block::insertBefore(Block *block) {
  block->getParent()->getBlocks().insert(block->getIterator(), this);
}

void Block::moveBefore(Block *block) {
  block->getParent()->getBlocks().splice(block->getIterator(),
                                         parent->getBlocks(), getIterator());
}

void Block::erase() { parent->getBlocks().erase(this); }

BlockArgument Block::addArgument(Type type, Location loc) {
  auto *impl = new detail::BlockArgumentImpl(type, this, arguments.size(), loc);
  arguments.push_back(BlockArgument(impl));
  return arguments.back();
}

BlockArgument Block::insertArgument(unsigned index, Type type, Location loc) {
  auto *impl = new detail::BlockArgumentImpl(type, this, index, loc);
  arguments.insert(arguments.begin() + index, BlockArgument(impl));
  for (unsigned i = index + 1, e = arguments.size(); i < e; ++i)
    arguments[i].getArgImpl()->index = i;
  return arguments[index];
}

void Block::eraseArgument(unsigned index) {
  BlockArgument arg = arguments[index];
  assert(arg.use_empty() && "erasing a block argument that is in use");
  delete arg.getArgImpl();
  arguments.erase(arguments.begin() + index);
  for (unsigned i = index, e = arguments.size(); i < e; ++i)
    arguments[i].getArgImpl()->index = i;
}

llvm::SmallVector<Type, 4> Block::getArgumentTypes() const {
  llvm::SmallVector<Type, 4> types;
  for (BlockArgument arg : arguments)
    types.push_back(arg.getType());
  return types;
}

Operation *Block::getTerminator() {
  if (empty())
    return nullptr;
  Operation *last = &back();
  return last->hasTrait<OpTrait::IsTerminator>() ? last : nullptr;
}

void Block::recomputeOpOrder() {
  unsigned index = 0;
  for (Operation &op : operations)
    op.orderIndex = index++;
  opOrderValid = true;
}

void Block::dropAllReferences() {
  for (Operation &op : operations)
    op.dropAllReferences();
}

void Block::dropAllDefinedValueUses() {
  for (BlockArgument arg : arguments)
    arg.dropAllUses();
  for (Operation &op : operations)
    op.dropAllDefinedValueUses();
  dropAllUses();
}

llvm::SmallVector<Block *, 2> Block::getPredecessors() {
  llvm::SmallVector<Block *, 2> result;
  for (BlockOperand &use : getUses())
    result.push_back(use.getOwner()->getBlock());
  return result;
}

llvm::SmallVector<Block *, 2> Block::getSuccessors() {
  if (empty())
    return {};
  return back().getSuccessors();
}

Block *Block::splitBlock(iterator splitBefore) {
  auto *newBlock = new Block();
  parent->getBlocks().insert(std::next(getIterator()), newBlock);
  newBlock->getOperations().splice(newBlock->end(), operations, splitBefore,
                                   end());
  return newBlock;
}

void BlockOperand::set(Block *block) { setImpl(block); }
