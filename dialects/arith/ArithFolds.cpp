//===- ArithFolds.cpp - Folding of arith ops ------------------------------===//
//
// Folds follow MLIR's semantics: integer arithmetic wraps at the type's
// width (index folds at 64 bits), and nothing folds where MLIR would not.
// This file holds the identities and constant folds of addi, subi and muli;
// the rest of the arith ops fold in a later change (issue 3).
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"

using namespace tilt;
using namespace tilt::arith;

Operation *ArithDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  if (!ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return builder.create<ConstantOp>(loc, value).getOperation();
}

/// The integer value of a constant operand, if it is one.
static std::optional<llvm::APInt> getConstantInt(Attribute attr) {
  if (auto intAttr = attr.dyn_cast_or_null<IntegerAttr>())
    return intAttr.getValue();
  return std::nullopt;
}

OpFoldResult arith::detail::foldBinaryOp(Operation *op,
                                         llvm::ArrayRef<Attribute> operands) {
  llvm::StringRef name = op->getName().getStringRef();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = op->getResult(0).getType();
  std::optional<llvm::APInt> a = getConstantInt(operands[0]);
  std::optional<llvm::APInt> b = getConstantInt(operands[1]);
  auto isConst = [](const std::optional<llvm::APInt> &v, uint64_t n) {
    return v && *v == n;
  };
  if (name == "arith.addi") {
    if (isConst(b, 0))
      return lhs;
    if (isConst(a, 0))
      return rhs;
    if (a && b)
      return IntegerAttr::get(type, *a + *b);
    return OpFoldResult();
  }
  if (name == "arith.subi") {
    if (isConst(b, 0))
      return lhs;
    if (lhs == rhs && type.isSignlessIntOrIndex())
      return IntegerAttr::get(type, int64_t(0));
    if (a && b)
      return IntegerAttr::get(type, *a - *b);
    return OpFoldResult();
  }
  if (name == "arith.muli") {
    if (isConst(b, 1))
      return lhs;
    if (isConst(a, 1))
      return rhs;
    if (isConst(b, 0))
      return operands[1];
    if (isConst(a, 0))
      return operands[0];
    if (a && b)
      return IntegerAttr::get(type, *a * *b);
    return OpFoldResult();
  }
  return OpFoldResult();
}
