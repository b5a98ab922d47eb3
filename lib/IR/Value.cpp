//===- Value.cpp - SSA values ---------------------------------------------===//

#include "tilt/IR/Value.h"
#include "tilt/IR/Block.h"
#include "tilt/IR/Region.h"

using namespace tilt;
using namespace tilt::detail;

Operation *Value::getDefiningOp() const {
  if (auto result = dyn_cast<OpResult>())
    return result.getOwner();
  return nullptr;
}

Location Value::getLoc() const {
  if (Operation *op = getDefiningOp())
    return op->getLoc();
  return cast<BlockArgument>().getLoc();
}

Block *Value::getParentBlock() const {
  if (Operation *op = getDefiningOp())
    return op->getBlock();
  return cast<BlockArgument>().getOwner();
}

Region *Value::getParentRegion() const {
  Block *block = getParentBlock();
  return block ? block->getParent() : nullptr;
}

llvm::SmallVector<Operation *, 4> Value::getUsers() const {
  llvm::SmallVector<Operation *, 4> users;
  for (OpOperand &use : getUses())
    users.push_back(use.getOwner());
  return users;
}

unsigned Value::getNumUses() const {
  unsigned count = 0;
  for (auto it = use_begin(), e = use_end(); it != e; ++it)
    ++count;
  return count;
}

void Value::replaceAllUsesWith(Value newValue) const {
  if (newValue == *this)
    return;
  while (OpOperand *use = impl->getFirstUse())
    use->set(newValue);
}

void Value::replaceUsesWithIf(
    Value newValue, llvm::function_ref<bool(OpOperand &)> shouldReplace) {
  if (newValue == *this)
    return;
  for (auto it = use_begin(), e = use_end(); it != e;) {
    OpOperand &use = *it++;
    if (shouldReplace(use))
      use.set(newValue);
  }
}

void Value::replaceAllUsesExcept(Value newValue, Operation *exceptedUser) {
  replaceUsesWithIf(
      newValue, [&](OpOperand &use) { return use.getOwner() != exceptedUser; });
}

Operation *OpResult::getOwner() const {
  if (impl->getKind() == ValueImpl::Kind::OutOfLineResult)
    return static_cast<OutOfLineOpResult *>(impl)->getOwner();
  return static_cast<InlineOpResult *>(impl)->getOwner();
}

unsigned OpResult::getResultNumber() const {
  if (impl->getKind() == ValueImpl::Kind::OutOfLineResult)
    return static_cast<OutOfLineOpResult *>(impl)->getResultNumber();
  return static_cast<InlineOpResult *>(impl)->getResultNumber();
}
