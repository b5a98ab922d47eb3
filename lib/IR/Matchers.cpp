//===- Matchers.cpp - Recognising constant values -------------------------===//

#include "tilt/IR/Matchers.h"
#include "tilt/IR/OpDefinition.h"

using namespace tilt;

Attribute tilt::getConstantValue(Value value) {
  Operation *producer = value.getDefiningOp();
  if (!producer || !producer->hasTrait<OpTrait::ConstantLike>())
    return Attribute();
  llvm::SmallVector<OpFoldResult, 1> folded;
  if (failed(producer->fold({}, folded)) || folded.size() != 1)
    return Attribute();
  return folded[0].getAttribute();
}

std::optional<llvm::APInt> tilt::getConstantIntValue(Value value) {
  if (auto attr = getConstantValue(value).dyn_cast_or_null<IntegerAttr>())
    return attr.getValue();
  return std::nullopt;
}
