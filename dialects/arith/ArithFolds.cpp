//===- ArithFolds.cpp - Folding of arith ops ------------------------------===//
//
// Folds follow MLIR's semantics: integer arithmetic wraps at the type's
// width (index folds at 64 bits), and nothing folds where MLIR would not.
// Float ops fold when both operands are constants, plus the identities
// MLIR applies (x + -0.0, x - 0.0, x * 1.0, x / 1.0).
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "llvm/ADT/APSInt.h"

using namespace tilt;
using namespace tilt::arith;
using arith::detail::CastKind;
using arith::detail::foldElementwise;

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

/// The float value of a constant operand, if it is one.
static std::optional<llvm::APFloat> getConstantFloat(Attribute attr) {
  if (auto floatAttr = attr.dyn_cast_or_null<FloatAttr>())
    return floatAttr.getValue();
  return std::nullopt;
}

OpFoldResult arith::detail::foldElementwise(
    Operation *op, llvm::ArrayRef<Attribute> operands,
    llvm::function_ref<OpFoldResult(llvm::ArrayRef<Attribute>)> scalarFold) {
  auto resultType = op->getResult(0).getType().dyn_cast<RankedTensorType>();
  if (!resultType)
    return scalarFold(operands);
  llvm::SmallVector<Attribute, 3> scalars;
  llvm::SmallVector<DenseElementsAttr, 3> dense;
  bool elementwise = false;
  for (Attribute operand : operands) {
    auto elements = operand.dyn_cast_or_null<DenseElementsAttr>();
    dense.push_back(elements);
    scalars.push_back(elements && elements.isSplat() ? elements.getSplatValue()
                                                     : Attribute());
    elementwise |= elements && !elements.isSplat();
  }
  if (!elementwise) {
    OpFoldResult folded = scalarFold(scalars);
    Attribute attr = folded.getAttribute();
    if (!attr)
      return folded;
    if (!resultType.hasStaticShape() || attr.isa<DenseElementsAttr>())
      return OpFoldResult();
    return DenseElementsAttr::get(resultType, {attr});
  }
  if (!resultType.hasStaticShape() ||
      llvm::any_of(dense, [](DenseElementsAttr d) { return !d; }))
    return OpFoldResult();
  int64_t count = resultType.getNumElements();
  llvm::SmallVector<Attribute, 16> elements;
  elements.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    for (size_t k = 0; k < dense.size(); ++k)
      scalars[k] = dense[k].getElement(i);
    OpFoldResult folded = scalarFold(scalars);
    Attribute element = folded.getAttribute();
    // An identity (the fold returned an operand): that operand's element.
    if (Value value = folded.getValue())
      for (unsigned k = 0; k < op->getNumOperands(); ++k)
        if (op->getOperand(k) == value && k < scalars.size())
          element = scalars[k];
    if (!element || element.isa<DenseElementsAttr>())
      return OpFoldResult();
    elements.push_back(element);
  }
  return DenseElementsAttr::get(resultType, elements);
}

namespace {
/// The constant operands and identities of a binary integer op.
struct IntOperands {
  Value lhs, rhs;
  std::optional<llvm::APInt> a, b;
  bool bIs(int64_t n) const {
    return b && *b == llvm::APInt(b->getBitWidth(), uint64_t(n), true);
  }
  bool aIs(int64_t n) const {
    return a && *a == llvm::APInt(a->getBitWidth(), uint64_t(n), true);
  }
};
} // namespace

/// Integer folds, as MLIR does them: wrap-around arithmetic at the type's
/// width, and no fold on division by zero or signed overflow of division.
static OpFoldResult foldIntegerOp(llvm::StringRef name, Type type,
                                  const IntOperands &v,
                                  llvm::ArrayRef<Attribute> operands) {
  auto constant = [&](const llvm::APInt &value) -> OpFoldResult {
    return IntegerAttr::get(type, value);
  };
  bool both = v.a && v.b;
  unsigned width = v.a ? v.a->getBitWidth() : v.b ? v.b->getBitWidth() : 0;
  if (name == "addi") {
    if (v.bIs(0))
      return v.lhs;
    if (v.aIs(0))
      return v.rhs;
    // (a - b) + b -> a; b + (a - b) -> a
    if (Operation *sub = v.lhs.getDefiningOp())
      if (sub->getName().getStringRef() == "arith.subi" &&
          sub->getOperand(1) == v.rhs)
        return sub->getOperand(0);
    if (Operation *sub = v.rhs.getDefiningOp())
      if (sub->getName().getStringRef() == "arith.subi" &&
          sub->getOperand(1) == v.lhs)
        return sub->getOperand(0);
    if (both)
      return constant(*v.a + *v.b);
  } else if (name == "subi") {
    if (v.bIs(0))
      return v.lhs;
    if (v.lhs == v.rhs)
      return IntegerAttr::get(type, int64_t(0));
    // (a + b) - b -> a; (a + b) - a -> b
    if (Operation *add = v.lhs.getDefiningOp())
      if (add->getName().getStringRef() == "arith.addi") {
        if (add->getOperand(1) == v.rhs)
          return add->getOperand(0);
        if (add->getOperand(0) == v.rhs)
          return add->getOperand(1);
      }
    if (both)
      return constant(*v.a - *v.b);
  } else if (name == "muli") {
    if (v.bIs(1))
      return v.lhs;
    if (v.aIs(1))
      return v.rhs;
    // As MLIR: muli(x, 0) is the zero operand itself (a Value).
    if (v.bIs(0))
      return v.rhs;
    if (v.aIs(0))
      return v.lhs;
    if (both)
      return constant(*v.a * *v.b);
  } else if (name == "divui") {
    if (v.bIs(1))
      return v.lhs;
    if (both && !v.b->isZero())
      return constant(v.a->udiv(*v.b));
  } else if (name == "ceildivui") {
    if (v.bIs(1))
      return v.lhs;
    if (both && !v.b->isZero()) {
      llvm::APInt quotient = v.a->udiv(*v.b);
      return constant(v.a->urem(*v.b).isZero() ? quotient : quotient + 1);
    }
  } else if (name == "divsi" || name == "ceildivsi" || name == "floordivsi") {
    if (v.bIs(1))
      return v.lhs;
    if (!both || v.b->isZero())
      return OpFoldResult();
    // INT_MIN / -1 overflows: no fold.
    if (v.a->isMinSignedValue() && v.b->isAllOnes())
      return OpFoldResult();
    llvm::APInt quotient = v.a->sdiv(*v.b);
    llvm::APInt remainder = v.a->srem(*v.b);
    if (name == "divsi" || remainder.isZero())
      return constant(quotient);
    bool sameSign = v.a->isNegative() == v.b->isNegative();
    if (name == "ceildivsi")
      return constant(sameSign ? quotient + 1 : quotient);
    return constant(sameSign ? quotient : quotient - 1);
  } else if (name == "remui" || name == "remsi") {
    if (v.bIs(1))
      return IntegerAttr::get(type, int64_t(0));
    if (both && !v.b->isZero())
      return constant(name == "remui" ? v.a->urem(*v.b) : v.a->srem(*v.b));
  } else if (name == "minsi" || name == "maxsi" || name == "minui" ||
             name == "maxui") {
    if (v.lhs == v.rhs)
      return v.lhs;
    if (both) {
      if (name == "minsi")
        return constant(v.a->slt(*v.b) ? *v.a : *v.b);
      if (name == "maxsi")
        return constant(v.a->sgt(*v.b) ? *v.a : *v.b);
      if (name == "minui")
        return constant(v.a->ult(*v.b) ? *v.a : *v.b);
      return constant(v.a->ugt(*v.b) ? *v.a : *v.b);
    }
  } else if (name == "andi") {
    if (v.bIs(0))
      return v.rhs;
    if (v.b && v.b->isAllOnes())
      return v.lhs;
    if (v.lhs == v.rhs)
      return v.lhs;
    if (both)
      return constant(*v.a & *v.b);
  } else if (name == "ori") {
    if (v.bIs(0))
      return v.lhs;
    if (v.b && v.b->isAllOnes())
      return operands[1];
    if (v.lhs == v.rhs)
      return v.lhs;
    if (both)
      return constant(*v.a | *v.b);
  } else if (name == "xori") {
    if (v.bIs(0))
      return v.lhs;
    if (v.lhs == v.rhs)
      return IntegerAttr::get(type, int64_t(0));
    if (both)
      return constant(*v.a ^ *v.b);
  } else if (name == "shli" || name == "shrsi" || name == "shrui") {
    if (v.bIs(0))
      return v.lhs;
    // Shifting by the width or more is poison: no fold.
    if (!both || v.b->uge(width))
      return OpFoldResult();
    unsigned amount = unsigned(v.b->getZExtValue());
    if (name == "shli")
      return constant(v.a->shl(amount));
    if (name == "shrsi")
      return constant(v.a->ashr(amount));
    return constant(v.a->lshr(amount));
  }
  return OpFoldResult();
}

/// Float folds: both operands constant (IEEE arithmetic, round to nearest
/// even), and the identities MLIR applies.
static OpFoldResult foldFloatOp(llvm::StringRef name, Type type, Value lhs,
                                Value rhs, llvm::ArrayRef<Attribute> operands) {
  std::optional<llvm::APFloat> a = getConstantFloat(operands[0]);
  std::optional<llvm::APFloat> b = getConstantFloat(operands[1]);
  // Bitwise comparison: -0.0 and +0.0 differ.
  auto is = [](const std::optional<llvm::APFloat> &v, double d) {
    return v && v->isExactlyValue(d);
  };
  if (name == "addf" && is(b, -0.0))
    return lhs;
  if (name == "subf" && is(b, 0.0))
    return lhs;
  if ((name == "mulf" || name == "divf") && is(b, 1.0))
    return lhs;
  bool isMax = name == "maximumf" || name == "maxnumf";
  bool isMin = name == "minimumf" || name == "minnumf";
  if ((isMax || isMin) && lhs == rhs)
    return lhs;
  // maximumf(x, -inf) and minimumf(x, +inf) are x (NaN included, which
  // they propagate); MLIR 22 leaves maxnumf and minnumf with infinities.
  if (b && b->isInfinity() &&
      ((name == "maximumf" && b->isNegative()) ||
       (name == "minimumf" && !b->isNegative())))
    return lhs;
  if (!a || !b)
    return OpFoldResult();
  llvm::APFloat result = *a;
  auto rounding = llvm::APFloat::rmNearestTiesToEven;
  if (name == "addf")
    result.add(*b, rounding);
  else if (name == "subf")
    result.subtract(*b, rounding);
  else if (name == "mulf")
    result.multiply(*b, rounding);
  else if (name == "divf")
    result.divide(*b, rounding);
  else if (name == "maximumf")
    result = llvm::maximum(*a, *b);
  else if (name == "minimumf")
    result = llvm::minimum(*a, *b);
  else if (name == "maxnumf")
    result = llvm::maxnum(*a, *b);
  else if (name == "minnumf")
    result = llvm::minnum(*a, *b);
  else if (name == "remf")
    result.mod(*b);
  else
    return OpFoldResult();
  return FloatAttr::get(type, result);
}

OpFoldResult arith::detail::foldBinaryOp(Operation *op,
                                         llvm::ArrayRef<Attribute> operands) {
  llvm::StringRef name = op->getName().getStringRef().drop_front(6); // arith.
  Type type = getElementTypeOrSelf(op->getResult(0).getType());
  return foldElementwise(op, operands, [&](llvm::ArrayRef<Attribute> scalars) {
    if (type.isa<FloatType>())
      return foldFloatOp(name, type, op->getOperand(0), op->getOperand(1),
                         scalars);
    IntOperands values{op->getOperand(0), op->getOperand(1),
                       getConstantInt(scalars[0]), getConstantInt(scalars[1])};
    return foldIntegerOp(name, type, values, scalars);
  });
}

//===----------------------------------------------------------------------===//
// Other ops
//===----------------------------------------------------------------------===//

/// Evaluates an integer comparison.
static bool evaluateCmpI(CmpIPredicate predicate, const llvm::APInt &a,
                         const llvm::APInt &b) {
  switch (predicate) {
  case CmpIPredicate::eq:
    return a == b;
  case CmpIPredicate::ne:
    return a != b;
  case CmpIPredicate::slt:
    return a.slt(b);
  case CmpIPredicate::sle:
    return a.sle(b);
  case CmpIPredicate::sgt:
    return a.sgt(b);
  case CmpIPredicate::sge:
    return a.sge(b);
  case CmpIPredicate::ult:
    return a.ult(b);
  case CmpIPredicate::ule:
    return a.ule(b);
  case CmpIPredicate::ugt:
    return a.ugt(b);
  case CmpIPredicate::uge:
    return a.uge(b);
  }
  return false;
}

OpFoldResult CmpIOp::fold(llvm::ArrayRef<Attribute> operands) {
  return foldElementwise(getOperation(), operands,
                         [&](llvm::ArrayRef<Attribute> scalars) {
                           return foldScalar(scalars);
                         });
}

OpFoldResult CmpIOp::foldScalar(llvm::ArrayRef<Attribute> operands) {
  Operation *op = getOperation();
  CmpIPredicate predicate = getPredicate();
  Context *context = getContext();
  // x cmp x: true for the reflexive predicates.
  if (op->getOperand(0) == op->getOperand(1)) {
    bool reflexive =
        predicate == CmpIPredicate::eq || predicate == CmpIPredicate::sle ||
        predicate == CmpIPredicate::sge || predicate == CmpIPredicate::ule ||
        predicate == CmpIPredicate::uge;
    return BoolAttr::get(context, reflexive);
  }
  std::optional<llvm::APInt> a = getConstantInt(operands[0]);
  std::optional<llvm::APInt> b = getConstantInt(operands[1]);
  if (!a || !b)
    return OpFoldResult();
  return BoolAttr::get(context, evaluateCmpI(predicate, *a, *b));
}

OpFoldResult SelectOp::fold(llvm::ArrayRef<Attribute> operands) {
  return foldElementwise(getOperation(), operands,
                         [&](llvm::ArrayRef<Attribute> scalars) {
                           return foldScalar(scalars);
                         });
}

OpFoldResult SelectOp::foldScalar(llvm::ArrayRef<Attribute> operands) {
  Operation *op = getOperation();
  Value trueValue = op->getOperand(1), falseValue = op->getOperand(2);
  if (trueValue == falseValue)
    return trueValue;
  if (std::optional<llvm::APInt> condition = getConstantInt(operands[0]))
    return condition->isZero() ? falseValue : trueValue;
  // select(%c, true, false) is %c for i1.
  std::optional<llvm::APInt> t = getConstantInt(operands[1]);
  std::optional<llvm::APInt> f = getConstantInt(operands[2]);
  if (t && f && trueValue.getType() == op->getOperand(0).getType() &&
      t->isOne() && f->isZero())
    return op->getOperand(0);
  return OpFoldResult();
}

static OpFoldResult foldScalarCast(Operation *op, arith::detail::CastKind kind,
                                   llvm::ArrayRef<Attribute> operands);

OpFoldResult arith::detail::foldCastOp(Operation *op, CastKind kind,
                                       llvm::ArrayRef<Attribute> operands) {
  if (kind == CastKind::ExtF || kind == CastKind::TruncF)
    if (OpFoldResult folded = foldFloatCastChain(op, kind))
      return folded;
  return foldElementwise(op, operands, [&](llvm::ArrayRef<Attribute> scalars) {
    return foldScalarCast(op, kind, scalars);
  });
}

/// Folds a cast of scalar constants (the element types of tensor casts).
static OpFoldResult foldScalarCast(Operation *op, arith::detail::CastKind kind,
                                   llvm::ArrayRef<Attribute> operands) {
  Type resultType = getElementTypeOrSelf(op->getResult(0).getType());
  auto widthOf = [](Type type) {
    return type.isIndex() ? IndexType::kInternalStorageBitWidth
                          : type.getIntOrFloatBitWidth();
  };
  // index_castui and the integer extensions and truncation: sign or zero
  // extension of the constant, as MLIR folds them.
  if (kind == CastKind::IndexCast || kind == CastKind::IndexCastUI ||
      kind == CastKind::ExtSI || kind == CastKind::ExtUI ||
      kind == CastKind::TruncI) {
    std::optional<llvm::APInt> value = getConstantInt(operands[0]);
    if (!value)
      return OpFoldResult();
    // An index constant is stored at 64 bits; index_castui reads it as the
    // unsigned value of that width.
    unsigned width = widthOf(resultType);
    bool isSigned = kind == CastKind::IndexCast || kind == CastKind::ExtSI;
    return IntegerAttr::get(resultType, isSigned ? value->sextOrTrunc(width)
                                                 : value->zextOrTrunc(width));
  }
  if (kind == CastKind::BitCast) {
    Type sourceType = getElementTypeOrSelf(op->getOperand(0).getType());
    llvm::APInt bits;
    if (std::optional<llvm::APInt> value = getConstantInt(operands[0]))
      bits = *value;
    else if (std::optional<llvm::APFloat> value = getConstantFloat(operands[0]))
      bits = value->bitcastToAPInt();
    else
      return OpFoldResult();
    if (bits.getBitWidth() != widthOf(sourceType))
      return OpFoldResult();
    if (auto floatType = resultType.dyn_cast<FloatType>())
      return FloatAttr::get(resultType,
                            llvm::APFloat(floatType.getFloatSemantics(), bits));
    return IntegerAttr::get(resultType, bits);
  }
  if (kind == CastKind::ExtF || kind == CastKind::TruncF) {
    // MLIR folds a float conversion only when it is exact, whatever the
    // rounding mode (convertFloatValue in ArithOps.cpp).
    std::optional<llvm::APFloat> value = getConstantFloat(operands[0]);
    if (!value)
      return OpFoldResult();
    bool losesInfo = false;
    llvm::APFloat::opStatus status =
        value->convert(resultType.cast<FloatType>().getFloatSemantics(),
                       kind == CastKind::TruncF
                           ? arith::detail::getRoundingMode(op)
                           : llvm::APFloat::rmNearestTiesToEven,
                       &losesInfo);
    if (losesInfo || status != llvm::APFloat::opOK)
      return OpFoldResult();
    return FloatAttr::get(resultType, *value);
  }
  if (kind == CastKind::SIToFP || kind == CastKind::UIToFP) {
    std::optional<llvm::APInt> value = getConstantInt(operands[0]);
    if (!value)
      return OpFoldResult();
    llvm::APFloat result(resultType.cast<FloatType>().getFloatSemantics());
    result.convertFromAPInt(*value, /*IsSigned=*/kind == CastKind::SIToFP,
                            llvm::APFloat::rmNearestTiesToEven);
    return FloatAttr::get(resultType, result);
  }
  if (kind == CastKind::FPToSI || kind == CastKind::FPToUI) {
    std::optional<llvm::APFloat> value = getConstantFloat(operands[0]);
    if (!value)
      return OpFoldResult();
    llvm::APSInt result(resultType.getIntOrFloatBitWidth(),
                        /*isUnsigned=*/kind == CastKind::FPToUI);
    bool isExact = false;
    auto status =
        value->convertToInteger(result, llvm::APFloat::rmTowardZero, &isExact);
    // Out of range or NaN: no fold.
    if (status & llvm::APFloat::opInvalidOp)
      return OpFoldResult();
    return IntegerAttr::get(resultType, result);
  }
  return OpFoldResult();
}

/// Whether `op` carries the `contract` fast-math flag.
static bool hasContract(Operation *op) {
  std::optional<unsigned> flags = getFastMathFlags(op->getInherentAttr("fastmath"));
  return flags && (*flags & FastMathContract);
}

OpFoldResult arith::detail::foldFloatCastChain(Operation *op, CastKind kind) {
  Value source = op->getOperand(0);
  Operation *inner = source.getDefiningOp();
  Type resultType = op->getResult(0).getType();
  if (kind == CastKind::TruncF && inner &&
      inner->getName().getStringRef() == ExtFOp::getOperationName()) {
    // truncf(extf(a)) is truncf(a) when a is wider, and a when of the type.
    Value original = inner->getOperand(0);
    Type originalType = getElementTypeOrSelf(original.getType());
    Type elementType = getElementTypeOrSelf(resultType);
    if (originalType.getIntOrFloatBitWidth() >
        elementType.getIntOrFloatBitWidth()) {
      op->setOperand(0, original);
      return op->getResult(0);
    }
    if (originalType == elementType)
      return original;
  }
  // extf(truncf(a)) is a when both may contract.
  if (kind == CastKind::ExtF && inner &&
      inner->getName().getStringRef() == TruncFOp::getOperationName() &&
      inner->getOperand(0).getType() == resultType && hasContract(op) &&
      hasContract(inner))
    return inner->getOperand(0);
  return OpFoldResult();
}

OpFoldResult NegFOp::fold(llvm::ArrayRef<Attribute> operands) {
  OpFoldResult folded = foldElementwise(
      getOperation(), operands,
      [&](llvm::ArrayRef<Attribute> scalars) -> OpFoldResult {
        std::optional<llvm::APFloat> value = getConstantFloat(scalars[0]);
        if (!value)
          return OpFoldResult();
        value->changeSign();
        return FloatAttr::get(
            getElementTypeOrSelf(getOperation()->getResult(0).getType()),
            *value);
      });
  if (folded)
    return folded;
  // negf(negf(x)) is x.
  if (auto inner = getOperation()->getOperand(0).getDefiningOp<NegFOp>())
    return inner->getOperand(0);
  return OpFoldResult();
}
