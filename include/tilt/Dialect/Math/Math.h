//===- Math.h - The math dialect subset -------------------------*- C++ -*-===//
//
// math.exp, math.exp2, math.log, math.log2, math.sqrt, math.rsqrt,
// math.tanh, math.erf and math.absf: an exact subset of MLIR's math dialect
// (same syntax, same `fastmath` property), used in the scalar bodies of
// tile.parallel.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_MATH_MATH_H
#define TILT_DIALECT_MATH_MATH_H

#include "tilt/Dialect/Arith/Arith.h"

namespace tilt {
namespace math {

/// The math dialect: the unary float functions of tile.parallel bodies.
class MathDialect : public Dialect {
public:
  explicit MathDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "math"; }
};

/// `math.<op> %x (fastmath<...>)? : f32`.
template <typename ConcreteOp>
class UnaryFloatOpBase
    : public Op<ConcreteOp, OpTrait::OneOperand, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::SameOperandsAndResultType, OpTrait::Pure> {
  using Base = Op<ConcreteOp, OpTrait::OneOperand, OpTrait::OneResult,
                  OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                  OpTrait::SameOperandsAndResultType, OpTrait::Pure>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    return arith::detail::getBinaryAttributeNames(
        arith::detail::BinaryKind::Float);
  }
  static void getDefaultProperties(
      Context *context,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
    arith::detail::getBinaryDefaultProperties(
        context, arith::detail::BinaryKind::Float, props);
  }
  static void build(OpBuilder &builder, OperationState &state, Value operand) {
    state.addOperands(operand);
    state.addTypes(operand.getType());
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return arith::detail::parseUnaryFloatOp(parser, state);
  }
  void print(OpAsmPrinter &printer) {
    arith::detail::printUnaryFloatOp(this->getOperation(), printer);
  }
  LogicalResult verify() {
    return arith::detail::verifyUnaryFloatOp(this->getOperation());
  }
  Value getOperand() { return this->getOperation()->getOperand(0); }
  Value getResult() { return this->getOperation()->getResult(0); }
};

#define TILT_MATH_UNARY_OP(ClassName, OpName)                                  \
  class ClassName : public UnaryFloatOpBase<ClassName> {                       \
  public:                                                                      \
    using UnaryFloatOpBase::UnaryFloatOpBase;                                  \
    static llvm::StringRef getOperationName() { return "math." OpName; }       \
  };
TILT_MATH_UNARY_OP(ExpOp, "exp")
TILT_MATH_UNARY_OP(LogOp, "log")
TILT_MATH_UNARY_OP(SqrtOp, "sqrt")
TILT_MATH_UNARY_OP(RsqrtOp, "rsqrt")
TILT_MATH_UNARY_OP(TanhOp, "tanh")
TILT_MATH_UNARY_OP(AbsFOp, "absf")
TILT_MATH_UNARY_OP(Exp2Op, "exp2")
TILT_MATH_UNARY_OP(Log2Op, "log2")
TILT_MATH_UNARY_OP(ErfOp, "erf")
#undef TILT_MATH_UNARY_OP

} // namespace math
} // namespace tilt

#endif // TILT_DIALECT_MATH_MATH_H
