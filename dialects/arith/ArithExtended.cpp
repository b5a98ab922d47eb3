//===- ArithExtended.cpp - addui_extended, mulsi_extended, mului_extended -===//
//
// The integer ops with a second result: the carry of an unsigned addition,
// the high half of a full multiplication. Syntax, verifier messages, folds
// and canonicalization patterns follow MLIR 22's ArithOps.cpp and
// ArithCanonicalization.td.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/IR/Matchers.h"
#include "tilt/Rewrite/PatternMatch.h"

using namespace tilt;
using namespace tilt::arith;
using namespace tilt::arith::detail;

LogicalResult arith::detail::parseExtendedOp(OpAsmParser &parser,
                                             OperationState &state,
                                             ExtendedKind kind) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type type, second;
  if (failed(parser.parseOperand(lhs)) || failed(parser.parseComma()) ||
      failed(parser.parseOperand(rhs)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  // addui_extended names both result types: `: i32, i1`.
  if (kind == ExtendedKind::AddUI &&
      (failed(parser.parseComma()) || failed(parser.parseType(second))))
    return failure();
  if (failed(parser.resolveOperand(lhs, type, state.operands)) ||
      failed(parser.resolveOperand(rhs, type, state.operands)))
    return failure();
  state.addTypes(type);
  state.addTypes(kind == ExtendedKind::AddUI ? second : type);
  return success();
}

void arith::detail::printExtendedOp(Operation *op, OpAsmPrinter &printer,
                                    ExtendedKind kind) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer << ", ";
  printer.printOperand(op->getOperand(1));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getResult(0).getType());
  if (kind == ExtendedKind::AddUI) {
    printer << ", ";
    printer.printType(op->getResult(1).getType());
  }
}

/// `'op' op <what> #i must be <constraint>, but got '<type>'`.
static LogicalResult checkKind(Operation *op, llvm::StringRef what,
                               unsigned index, Type type, bool wantBool) {
  Type element = getElementTypeOrSelf(type);
  bool ok = wantBool ? element.isSignlessInteger(1)
                     : element.isSignlessIntOrIndex();
  if (ok)
    return success();
  return op->emitOpError() << what << " #" << index << " must be "
                           << (wantBool ? "bool-like" : "signless-integer-like")
                           << ", but got " << type;
}

LogicalResult arith::detail::verifyExtendedOp(Operation *op,
                                              ExtendedKind kind) {
  // Counts are the traits' to report.
  if (op->getNumOperands() != 2 || op->getNumResults() != 2)
    return success();
  bool isAdd = kind == ExtendedKind::AddUI;
  for (unsigned i = 0; i < 2; ++i)
    if (failed(checkKind(op, "operand", i, op->getOperand(i).getType(),
                         /*wantBool=*/false)))
      return failure();
  for (unsigned i = 0; i < 2; ++i)
    if (failed(checkKind(op, "result", i, op->getResult(i).getType(),
                         /*wantBool=*/isAdd && i == 1)))
      return failure();
  Type type = op->getOperand(0).getType();
  bool same = op->getOperand(1).getType() == type &&
              op->getResult(0).getType() == type &&
              (isAdd || op->getResult(1).getType() == type);
  if (!same)
    return op->emitOpError()
           << "failed to verify that all of "
           << (isAdd ? "{lhs, rhs, sum}" : "{lhs, rhs, low, high}")
           << " have same type";
  if (!isAdd)
    return success();
  // The Elementwise trait: the carry has the sum's shape.
  Type carry = op->getResult(1).getType();
  auto typeTensor = type.dyn_cast<RankedTensorType>();
  auto carryTensor = carry.dyn_cast<RankedTensorType>();
  if (typeTensor && !carryTensor)
    return op->emitOpError() << "if an operand is non-scalar, then all "
                                "results must be non-scalar";
  if (carryTensor && !typeTensor)
    return op->emitOpError() << "if a result is non-scalar, then at least one "
                                "operand must be non-scalar";
  if (typeTensor && typeTensor.getShape() != carryTensor.getShape())
    return op->emitOpError() << "all non-scalar operands/results must have "
                                "the same shape and base type";
  return success();
}

void arith::detail::getExtendedResultNames(
    Operation *op, ExtendedKind kind,
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  bool isAdd = kind == ExtendedKind::AddUI;
  setName(op->getResult(0), isAdd ? "sum" : "low");
  setName(op->getResult(1), isAdd ? "overflow" : "high");
}

/// The integer value of a scalar or splat constant.
static std::optional<llvm::APInt> getSplatInt(Attribute attr) {
  if (auto dense = attr.dyn_cast_or_null<DenseElementsAttr>())
    attr = dense.isSplat() ? dense.getSplatValue() : Attribute();
  if (auto integer = attr.dyn_cast_or_null<IntegerAttr>())
    return integer.getValue();
  return std::nullopt;
}

/// `value` as a constant of `type` (a splat for a tensor type).
static Attribute makeConstant(Type type, const llvm::APInt &value) {
  Attribute scalar = IntegerAttr::get(getElementTypeOrSelf(type), value);
  if (auto tensor = type.dyn_cast<RankedTensorType>())
    return tensor.hasStaticShape() ? Attribute(DenseElementsAttr::get(tensor, {scalar}))
                                   : Attribute();
  return scalar;
}

LogicalResult
arith::detail::foldExtendedOp(Operation *op, ExtendedKind kind,
                              llvm::ArrayRef<Attribute> operands,
                              llvm::SmallVectorImpl<OpFoldResult> &results) {
  Type type = op->getResult(0).getType();
  Type second = op->getResult(1).getType();
  std::optional<llvm::APInt> a = getSplatInt(operands[0]);
  std::optional<llvm::APInt> b = getSplatInt(operands[1]);
  auto push = [&](OpFoldResult first, OpFoldResult other) -> LogicalResult {
    if (!first || !other)
      return failure();
    results.push_back(first);
    results.push_back(other);
    return success();
  };
  switch (kind) {
  case ExtendedKind::AddUI:
    // addui_extended(x, 0) is (x, false).
    if (b && b->isZero())
      return push(op->getOperand(0),
                  makeConstant(second, llvm::APInt(1, 0)));
    if (a && b) {
      llvm::APInt sum = *a + *b;
      return push(makeConstant(type, sum),
                  makeConstant(second, llvm::APInt(1, sum.ult(*a))));
    }
    return failure();
  case ExtendedKind::MulSI:
  case ExtendedKind::MulUI:
    // x * 0 is (0, 0); mului_extended(x, 1) is (x, 0).
    if (b && b->isZero())
      return push(operands[1], operands[1]);
    if (kind == ExtendedKind::MulUI && b && b->isOne())
      return push(op->getOperand(0),
                  makeConstant(type, llvm::APInt::getZero(b->getBitWidth())));
    if (a && b) {
      // The high half of the double-width product (LLVM 14 has no
      // APIntOps::mulhs/mulhu).
      unsigned width = a->getBitWidth();
      bool isSigned = kind == ExtendedKind::MulSI;
      llvm::APInt wide = isSigned ? a->sext(2 * width) * b->sext(2 * width)
                                  : a->zext(2 * width) * b->zext(2 * width);
      llvm::APInt high = wide.extractBits(width, width);
      return push(makeConstant(type, *a * *b), makeConstant(type, high));
    }
    return failure();
  }
  return failure();
}

namespace {

/// An extended op whose second result is unused is the plain op
/// (MLIR's AddUIExtendedToAddI, MulSIExtendedToMulI, MulUIExtendedToMulI).
template <typename ExtendedOp, typename PlainOp>
struct UnusedSecondResult : public OpRewritePattern<ExtendedOp> {
  using OpRewritePattern<ExtendedOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ExtendedOp op,
                                PatternRewriter &rewriter) const override {
    Operation *operation = op.getOperation();
    if (!operation->getResult(1).use_empty())
      return failure();
    auto plain = rewriter.create<PlainOp>(operation->getLoc(),
                                          operation->getOperand(0),
                                          operation->getOperand(1));
    rewriter.replaceOp(operation, {plain.getOperation()->getResult(0),
                                   Value()});
    return success();
  }
};

/// mulsi_extended(x, 1) is (x, extsi(x < 0)) (MLIR's MulSIExtendedRHSOne).
struct MulSIExtendedByOne : public OpRewritePattern<MulSIExtendedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulSIExtendedOp op,
                                PatternRewriter &rewriter) const override {
    Operation *operation = op.getOperation();
    std::optional<llvm::APInt> one =
        getSplatInt(getConstantValue(operation->getOperand(1)));
    if (!one || !one->isOne())
      return failure();
    Value x = operation->getOperand(0);
    Type type = x.getType();
    Location loc = operation->getLoc();
    Attribute zeroAttr =
        makeConstant(type, llvm::APInt::getZero(one->getBitWidth()));
    if (!zeroAttr)
      return failure();
    Value zero = rewriter.create<ConstantOp>(loc, zeroAttr).getResult();
    auto negative =
        rewriter.create<CmpIOp>(loc, CmpIPredicate::slt, x, zero);
    auto high = rewriter.create<ExtSIOp>(loc, type, negative.getOperation()
                                                        ->getResult(0));
    rewriter.replaceOp(operation, {x, high.getOperation()->getResult(0)});
    return success();
  }
};

} // namespace

void arith::detail::populateExtendedPatterns(ExtendedKind kind,
                                             RewritePatternSet &patterns) {
  switch (kind) {
  case ExtendedKind::AddUI:
    patterns.add<UnusedSecondResult<AddUIExtendedOp, AddIOp>>();
    break;
  case ExtendedKind::MulSI:
    patterns.add<UnusedSecondResult<MulSIExtendedOp, MulIOp>,
                 MulSIExtendedByOne>();
    break;
  case ExtendedKind::MulUI:
    patterns.add<UnusedSecondResult<MulUIExtendedOp, MulIOp>>();
    break;
  }
}
