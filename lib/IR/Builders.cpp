//===- Builders.cpp - Creating IR at an insertion point -------------------===//

#include "tilt/IR/Builders.h"

using namespace tilt;

OpBuilder::Listener::~Listener() = default;

OpBuilder OpBuilder::atBlockEnd(Block *block, Listener *listener) {
  OpBuilder builder(block->getParent() && block->getParentOp()
                        ? block->getParentOp()->getContext()
                        : nullptr,
                    listener);
  builder.setInsertionPointToEnd(block);
  return builder;
}

OpBuilder OpBuilder::atBlockBegin(Block *block, Listener *listener) {
  OpBuilder builder = atBlockEnd(block, listener);
  builder.setInsertionPointToStart(block);
  return builder;
}

OpBuilder::OpBuilder(Operation *op, Listener *listener)
    : Builder(op->getContext()), listener(listener) {
  setInsertionPoint(op);
}

Block *OpBuilder::createBlock(Region *parent, Region::iterator insertPt,
                              TypeRange argTypes,
                              llvm::ArrayRef<Location> locs) {
  if (insertPt == Region::iterator())
    insertPt = parent->end();
  auto *block = new Block();
  for (unsigned i = 0, e = argTypes.size(); i < e; ++i)
    block->addArgument(argTypes[i], i < locs.size() ? locs[i] : Location());
  parent->getBlocks().insert(insertPt, block);
  setInsertionPointToEnd(block);
  if (listener)
    listener->notifyBlockInserted(block);
  return block;
}

Operation *OpBuilder::insert(Operation *op) {
  if (block)
    block->getOperations().insert(point, op);
  if (listener)
    listener->notifyOperationInserted(op);
  return op;
}

Operation *OpBuilder::create(OperationState &state) {
  return insert(Operation::create(state));
}

Operation *OpBuilder::clone(Operation &op, IRMapping &mapper) {
  Operation *copy = op.clone(mapper);
  if (block)
    block->getOperations().insert(point, copy);
  if (listener)
    copy->walk<WalkOrder::PreOrder>(
        [&](Operation *nested) { listener->notifyOperationInserted(nested); });
  return copy;
}
