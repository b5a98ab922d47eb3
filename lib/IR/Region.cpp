//===- Region.cpp - Regions -----------------------------------------------===//

#include "tilt/IR/Region.h"
#include "tilt/IR/IRMapping.h"

using namespace tilt;

Region *llvm::ilist_traits<Block>::getParentRegion() {
  size_t offset = size_t(
      &(static_cast<Region *>(nullptr)->*Region::getSublistAccess(nullptr)));
  auto *list = reinterpret_cast<iplist<Block> *>(this);
  return reinterpret_cast<Region *>(reinterpret_cast<char *>(list) - offset);
}

void llvm::ilist_traits<Block>::addNodeToList(Block *block) {
  block->setParent(getParentRegion());
}

void llvm::ilist_traits<Block>::removeNodeFromList(Block *block) {
  block->setParent(nullptr);
}

void llvm::ilist_traits<Block>::transferNodesFromList(
    ilist_traits<Block> &otherList, block_iterator first, block_iterator last) {
  Region *region = getParentRegion();
  if (region == otherList.getParentRegion())
    return;
  for (; first != last; ++first)
    first->setParent(region);
}

Region::~Region() {
  // Destruction is order-independent (each op and block drops the uses of
  // what it defines), so no recursive dropAllReferences is needed: that
  // would make destroying deeply nested IR quadratic.
  blocks.clear();
}

Region *Region::getParentRegion() {
  return container ? container->getParentRegion() : nullptr;
}

unsigned Region::getRegionNumber() {
  return this - container->getRegions().data();
}

Context *Region::getContext() { return container->getContext(); }

bool Region::isAncestor(Region *other) {
  while (other) {
    if (other == this)
      return true;
    other = other->getParentRegion();
  }
  return false;
}

Operation *Region::findAncestorOpInRegion(Operation &op) {
  Operation *current = &op;
  while (current) {
    Region *region = current->getParentRegion();
    if (region == this)
      return current;
    current = region ? region->getParentOp() : nullptr;
  }
  return nullptr;
}

Block *Region::findAncestorBlockInRegion(Block &block) {
  Block *current = &block;
  while (current->getParent() != this) {
    Operation *parentOp = current->getParentOp();
    if (!parentOp || !parentOp->getBlock())
      return nullptr;
    current = parentOp->getBlock();
  }
  return current;
}

void Region::takeBody(Region &other) {
  blocks.clear();
  blocks.splice(blocks.end(), other.getBlocks());
}

void Region::dropAllReferences() {
  for (Block &block : *this)
    block.dropAllReferences();
}

void Region::cloneInto(Region *dest, Region::iterator destPos,
                       IRMapping &mapper) {
  if (empty())
    return;
  // First create the blocks and their arguments so that forward references
  // (successors, values of later blocks) resolve through the mapping.
  llvm::SmallVector<Block *, 4> newBlocks;
  for (Block &block : *this) {
    auto *newBlock = new Block();
    mapper.map(&block, newBlock);
    for (BlockArgument arg : block.getArguments())
      mapper.map(arg, newBlock->addArgument(arg.getType(), arg.getLoc()));
    dest->getBlocks().insert(destPos, newBlock);
    newBlocks.push_back(newBlock);
  }
  // Then clone the operations without their regions, and then the regions,
  // so that values defined later in the region are mapped when used.
  auto newBlockIt = newBlocks.begin();
  for (Block &block : *this) {
    Block *newBlock = *newBlockIt++;
    for (Operation &op : block)
      newBlock->push_back(op.cloneWithoutRegions(mapper));
  }
  newBlockIt = newBlocks.begin();
  for (Block &block : *this) {
    Block *newBlock = *newBlockIt++;
    auto newOpIt = newBlock->begin();
    for (Operation &op : block) {
      Operation &newOp = *newOpIt++;
      for (unsigned i = 0, e = op.getNumRegions(); i < e; ++i)
        op.getRegion(i).cloneInto(&newOp.getRegion(i), mapper);
    }
  }
  // Operands that referred to values defined later (graph regions) were
  // copied unmapped: remap them now.
  for (Block *newBlock : newBlocks)
    for (Operation &op : *newBlock)
      for (OpOperand &operand : op.getOpOperands())
        if (Value mapped = mapper.lookupOrNull(operand.get()))
          operand.set(mapped);
}
