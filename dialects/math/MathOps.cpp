//===- MathOps.cpp - Verifiers and custom syntax of math ops --------------===//
//
// The math ops' custom forms and verifiers, per family (MathOps.td's base
// classes). Messages are MLIR's ODS-generated ones, checked in the order
// its verifier checks them: the `fastmath` property, operand types, result
// types, the type-matching predicates; SameOperandsAndResultType follows
// as a trait.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Math/Math.h"

using namespace tilt;
using namespace tilt::math;
using namespace tilt::math::detail;

MathDialect::MathDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<MathDialect>()) {
  // The fastmath property is arith's attribute; folds make arith.constant.
  context->getOrLoadDialect<arith::ArithDialect>();
  addOperations<AbsFOp, AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp, AtanhOp,
                CbrtOp, CeilOp, CosOp, CoshOp, ErfOp, ErfcOp, ExpOp, Exp2Op,
                ExpM1Op, FloorOp, LogOp, Log10Op, Log1pOp, Log2Op, RoundOp,
                RoundEvenOp, RsqrtOp, SinOp, SinhOp, SqrtOp, TanOp, TanhOp,
                TruncOp>();
  addOperations<AbsIOp, CountLeadingZerosOp, CountTrailingZerosOp, CtPopOp,
                IsFiniteOp, IsInfOp, IsNaNOp, IsNormalOp, Atan2Op, CopySignOp,
                PowFOp, IPowIOp, FmaOp, ClampFOp, FPowIOp, SincosOp>();
}

//===----------------------------------------------------------------------===//
// Families
//===----------------------------------------------------------------------===//

bool math::detail::hasFastMath(OpKind kind) {
  return kind != OpKind::IntegerUnary && kind != OpKind::IntegerBinary;
}

llvm::ArrayRef<llvm::StringRef> math::detail::getAttributeNames(OpKind kind) {
  static llvm::StringRef fastmath[] = {"fastmath"};
  if (hasFastMath(kind))
    return fastmath;
  return {};
}

void math::detail::getDefaultProperties(
    Context *context, OpKind kind,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
  if (hasFastMath(kind))
    props.push_back(
        {"fastmath", arith::getFastMathAttr(context, arith::FastMathNone)});
}

/// The number of operands of ops of `kind`.
static unsigned getNumOperands(OpKind kind) {
  switch (kind) {
  case OpKind::FloatBinary:
  case OpKind::IntegerBinary:
  case OpKind::FPowI:
    return 2;
  case OpKind::FloatTernary:
  case OpKind::ClampF:
    return 3;
  default:
    return 1;
  }
}

void math::detail::inferResultTypes(Context *context, OpKind kind,
                                    llvm::ArrayRef<Value> operands,
                                    llvm::SmallVectorImpl<Type> &types) {
  Type i1 = IntegerType::get(context, 1);
  if (operands.empty()) {
    if (kind == OpKind::FloatClassification)
      types.push_back(i1);
    return;
  }
  Type type = operands.front().getType();
  // A classification gives i1 in the operand's shape (getI1SameShape).
  if (kind == OpKind::FloatClassification) {
    types.push_back(getTypeWithSameShape(type, i1));
    return;
  }
  types.push_back(type);
  if (kind == OpKind::SinCos)
    types.push_back(type);
}

//===----------------------------------------------------------------------===//
// Custom form
//===----------------------------------------------------------------------===//

LogicalResult math::detail::parseOp(OpAsmParser &parser, OperationState &state,
                                    OpKind kind) {
  unsigned numOperands = getNumOperands(kind);
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 3> operands(numOperands);
  if (failed(parser.parseOperand(operands[0])))
    return failure();
  // clampf: `%x to [%lo, %hi]`; the others: a comma-separated list.
  if (kind == OpKind::ClampF) {
    if (failed(parser.parseKeyword("to")) || failed(parser.parseLSquare()) ||
        failed(parser.parseOperand(operands[1])) ||
        failed(parser.parseComma()) ||
        failed(parser.parseOperand(operands[2])) ||
        failed(parser.parseRSquare()))
      return failure();
  } else {
    for (unsigned i = 1; i < numOperands; ++i)
      if (failed(parser.parseComma()) ||
          failed(parser.parseOperand(operands[i])))
        return failure();
  }
  // The classification ops keep `fastmath` in the attribute dictionary.
  if (hasFastMath(kind) && kind != OpKind::FloatClassification &&
      failed(arith::detail::parseOptionalFastMath(parser, state)))
    return failure();
  Type type;
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  llvm::SmallVector<Type, 3> operandTypes(numOperands, type);
  if (kind == OpKind::FPowI && (failed(parser.parseComma()) ||
                                failed(parser.parseType(operandTypes[1]))))
    return failure();
  // The result type of a classification op is inferred from the operand's,
  // which MLIR's parser therefore checks first.
  if (kind == OpKind::FloatClassification &&
      !getElementTypeOrSelf(type).isa<FloatType>())
    return parser.emitError(parser.getNameLoc())
           << "'operand' must be floating-point-like, but got " << type;
  for (unsigned i = 0; i < numOperands; ++i)
    if (failed(parser.resolveOperand(operands[i], operandTypes[i],
                                     state.operands)))
      return failure();
  llvm::SmallVector<Type, 2> resultTypes;
  inferResultTypes(parser.getContext(), kind, state.operands, resultTypes);
  state.addTypes(resultTypes);
  return success();
}

void math::detail::printOp(Operation *op, OpAsmPrinter &printer, OpKind kind) {
  printer << ' ';
  auto operands = op->getOperands();
  if (kind == OpKind::ClampF && operands.size() == 3) {
    printer.printOperand(operands[0]);
    printer << " to [";
    printer.printOperand(operands[1]);
    printer << ", ";
    printer.printOperand(operands[2]);
    printer << ']';
  } else {
    printer.printOperands(operands);
  }
  llvm::SmallVector<NamedAttribute, 4> attrs(op->getAttrDictionary().begin(),
                                             op->getAttrDictionary().end());
  if (kind == OpKind::FloatClassification) {
    // `fastmath` joins the attribute dictionary unless it is the default.
    Attribute flags = op->getInherentAttr("fastmath");
    if (flags && arith::getFastMathFlags(flags).value_or(1) != 0) {
      attrs.push_back(
          NamedAttribute(StringAttr::get(op->getContext(), "fastmath"), flags));
      llvm::sort(attrs);
    }
  } else if (hasFastMath(kind)) {
    arith::detail::printOptionalFastMath(op, printer);
  }
  printer.printOptionalAttrDict(attrs);
  printer << " : ";
  // The classifications, fpowi and sincos name their operand's type, the
  // others their result's (the same, once verified).
  bool typeOfOperand = kind == OpKind::FloatClassification ||
                       kind == OpKind::FPowI || kind == OpKind::SinCos;
  if (!operands.empty() && (typeOfOperand || op->getNumResults() == 0))
    printer.printType(operands[0].getType());
  else if (op->getNumResults() != 0)
    printer.printType(op->getResult(0).getType());
  if (kind == OpKind::FPowI && operands.size() == 2) {
    printer << ", ";
    printer.printType(operands[1].getType());
  }
}

void SincosOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  setName(getOperation()->getResult(0), "sin");
  setName(getOperation()->getResult(1), "cos");
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

namespace {
/// MLIR's type constraints of the math operands and results.
enum class Constraint { FloatLike, SignlessIntegerLike, BoolLike };
} // namespace

/// "-like" admits the type itself or a ranked tensor of it, as MLIR's
/// constraints do (MLIR also admits vectors and unranked tensors, which
/// Tilt has not).
static bool satisfies(Type type, Constraint constraint) {
  Type element = getElementTypeOrSelf(type);
  switch (constraint) {
  case Constraint::FloatLike:
    return element.isa<FloatType>();
  case Constraint::SignlessIntegerLike:
    return element.isSignlessIntOrIndex();
  case Constraint::BoolLike:
    return element.isSignlessInteger(1);
  }
  return false;
}

static llvm::StringRef describe(Constraint constraint) {
  switch (constraint) {
  case Constraint::FloatLike:
    return "floating-point-like";
  case Constraint::SignlessIntegerLike:
    return "signless-integer-like";
  case Constraint::BoolLike:
    return "bool-like";
  }
  return "";
}

/// `'op' op <what> #<index> must be <constraint>, but got '<type>'`.
static LogicalResult checkType(Operation *op, llvm::StringRef what,
                               unsigned index, Type type,
                               Constraint constraint) {
  if (satisfies(type, constraint))
    return success();
  return op->emitOpError() << what << " #" << index << " must be "
                           << describe(constraint) << ", but got " << type;
}

/// The constraint on operand `index` of an op of `kind`.
static Constraint getOperandConstraint(OpKind kind, unsigned index) {
  if (kind == OpKind::IntegerUnary || kind == OpKind::IntegerBinary ||
      (kind == OpKind::FPowI && index == 1))
    return Constraint::SignlessIntegerLike;
  return Constraint::FloatLike;
}

/// The constraint on the results of an op of `kind`.
static Constraint getResultConstraint(OpKind kind) {
  if (kind == OpKind::IntegerUnary || kind == OpKind::IntegerBinary)
    return Constraint::SignlessIntegerLike;
  if (kind == OpKind::FloatClassification)
    return Constraint::BoolLike;
  return Constraint::FloatLike;
}

/// MLIR's verifyCompatibleShape: both scalars, or tensors of one rank whose
/// static dimensions agree (a dynamic dimension matches any).
static bool haveCompatibleShapes(Type a, Type b) {
  auto tensorA = a.dyn_cast<RankedTensorType>();
  auto tensorB = b.dyn_cast<RankedTensorType>();
  if (!tensorA || !tensorB)
    return !tensorA && !tensorB;
  if (tensorA.getRank() != tensorB.getRank())
    return false;
  for (auto [dimA, dimB] : llvm::zip(tensorA.getShape(), tensorB.getShape()))
    if (dimA != dimB && dimA != RankedTensorType::kDynamic &&
        dimB != RankedTensorType::kDynamic)
      return false;
  return true;
}

LogicalResult math::detail::verifyInvariants(Operation *op, OpKind kind) {
  if (hasFastMath(kind)) {
    // Always present: Operation::create fills in the default.
    Attribute flags = op->getInherentAttr("fastmath");
    if (flags && !arith::getFastMathFlags(flags))
      return op->emitOpError() << "attribute 'fastmath' failed to satisfy "
                                  "constraint: Floating point fast math flags";
  }
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (failed(checkType(op, "operand", i, op->getOperand(i).getType(),
                         getOperandConstraint(kind, i))))
      return failure();
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    if (failed(checkType(op, "result", i, op->getResult(i).getType(),
                         getResultConstraint(kind))))
      return failure();
  if (kind == OpKind::FloatClassification &&
      op->getResult(0).getType() !=
          getTypeWithSameShape(op->getOperand(0).getType(),
                               IntegerType::get(op->getContext(), 1)))
    return op->emitOpError() << "failed to verify that result type has i1 "
                                "element type and same shape as operands";
  if (kind == OpKind::FPowI) {
    if (op->getOperand(0).getType() != op->getResult(0).getType())
      return op->emitOpError()
             << "failed to verify that all of {lhs, result} have same type";
    // MLIR's SameOperandsAndResultShape trait, verified after the ODS
    // checks; with lhs and result of one type, the exponent is what can
    // differ.
    if (!haveCompatibleShapes(op->getOperand(1).getType(),
                              op->getOperand(0).getType()))
      return op->emitOpError()
             << "requires the same shape for all operands and results";
  }
  if (kind == OpKind::SinCos) {
    Type type = op->getOperand(0).getType();
    if (op->getResult(0).getType() != type ||
        op->getResult(1).getType() != type)
      return op->emitOpError()
             << "failed to verify that all of {operand, sin, cos} have same "
                "type";
  }
  return success();
}
