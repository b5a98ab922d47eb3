//===- ArithCanonicalization.cpp - Canonicalization patterns of arith -----===//
//
// MLIR's reassociation patterns for addi, subi and muli with constants
// (c0, c1 are constants, x, y any values):
//
//   AddIAddConstant        addi(addi(x, c0), c1) -> addi(x, c0 + c1)
//   AddISubConstantRHS     addi(subi(x, c0), c1) -> addi(x, c1 - c0)
//   AddISubConstantLHS     addi(subi(c0, x), c1) -> subi(c0 + c1, x)
//   AddIMulNegativeOneRhs  addi(x, muli(y, -1))  -> subi(x, y)
//   AddIMulNegativeOneLhs  addi(muli(x, -1), y)  -> subi(y, x)
//   MulIMulIConstant       muli(muli(x, c0), c1) -> muli(x, c0 * c1)
//   SubIRHSAddConstant     subi(addi(x, c0), c1) -> addi(x, c0 - c1)
//   SubILHSAddConstant     subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
//   SubIRHSSubConstantRHS  subi(subi(x, c0), c1) -> subi(x, c0 + c1)
//   SubIRHSSubConstantLHS  subi(subi(c0, x), c1) -> subi(c0 - c1, x)
//   SubILHSSubConstantRHS  subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
//   SubILHSSubConstantLHS  subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
//   SubISubILHSRHSLHS      subi(subi(x, y), x)   -> subi(0, y)
//   IndexCastOfIndexCast   index_cast(index_cast(x : T)) : T -> x
//                          (index_castui likewise)
//
// and MLIR's folds and patterns of the integer and bit casts:
//
//   ExtSIOfExtSI           extsi(extsi(x))  -> extsi(x)
//   ExtUIOfExtUI           extui(extui(x))  -> extui(x)
//   ExtSIOfExtUI           extsi(extui(x))  -> extui(x)
//   TruncIOfExt            trunci(ext(x : T)) : T -> x; to a type wider
//                          than T -> ext(x) (the same extension); narrower
//                          -> trunci(x)
//   TruncIOfTruncI         trunci(trunci(x)) -> trunci(x) (the outer flags)
//   BitcastOfBitcast       bitcast(bitcast(x : T)) : T -> x, else bitcast(x)
//
// As in MLIR, a reassociated op (SubISubILHSRHSLHS included) keeps the
// overflow flags both ops had; the AddIMulNegativeOne ones get none. Constants
// are on the right of addi and muli: the greedy driver puts them there before
// trying patterns.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/IR/Matchers.h"
#include "tilt/Rewrite/PatternMatch.h"

using namespace tilt;
using namespace tilt::arith;

namespace {

unsigned getFlags(Operation *op) {
  return getOverflowFlags(op->getInherentAttr("overflowFlags")).value_or(0);
}

/// Replaces `op` by `NewOpT(lhs, rhs)` with `flags`.
template <typename NewOpT>
void replaceWithBinary(PatternRewriter &rewriter, Operation *op, Value lhs,
                       Value rhs, unsigned flags) {
  auto newOp = rewriter.replaceOpWithNewOp<NewOpT>(op, lhs, rhs);
  if (flags)
    newOp->setInherentAttr("overflowFlags",
                           getOverflowAttr(rewriter.getContext(), flags));
}

Value makeConstant(PatternRewriter &rewriter, Operation *op,
                   const llvm::APInt &value) {
  return rewriter
      .create<ConstantOp>(op->getLoc(),
                          IntegerAttr::get(op->getResult(0).getType(), value))
      .getResult();
}

/// What a binary op looks like from a pattern's point of view: each side a
/// constant, or an op of the given kind with a constant on one side.
struct Side {
  Operation *op = nullptr;
  Value value;
  std::optional<llvm::APInt> constant;
};
Side inspect(Value value) {
  Side side;
  side.value = value;
  side.op = value.getDefiningOp();
  side.constant = getConstantIntValue(value);
  return side;
}
template <typename OpT> OpT getOp(const Side &side) {
  return OpT::dynCast(side.op);
}

//===----------------------------------------------------------------------===//
// addi
//===----------------------------------------------------------------------===//

LogicalResult addIReassociate(AddIOp op, PatternRewriter &rewriter) {
  Side lhs = inspect(op.getLhs()), rhs = inspect(op.getRhs());
  if (rhs.constant) {
    const llvm::APInt &c1 = *rhs.constant;
    if (auto add = getOp<AddIOp>(lhs)) {
      if (auto c0 = getConstantIntValue(add.getRhs())) {
        replaceWithBinary<AddIOp>(rewriter, op, add.getLhs(),
                                  makeConstant(rewriter, op, *c0 + c1),
                                  getFlags(op) & getFlags(add));
        return success();
      }
    }
    if (auto sub = getOp<SubIOp>(lhs)) {
      if (auto c0 = getConstantIntValue(sub.getRhs())) {
        replaceWithBinary<AddIOp>(rewriter, op, sub.getLhs(),
                                  makeConstant(rewriter, op, c1 - *c0),
                                  getFlags(op) & getFlags(sub));
        return success();
      }
      if (auto c0 = getConstantIntValue(sub.getLhs())) {
        replaceWithBinary<SubIOp>(rewriter, op,
                                  makeConstant(rewriter, op, *c0 + c1),
                                  sub.getRhs(), getFlags(op) & getFlags(sub));
        return success();
      }
    }
  }
  // x + y * -1 -> x - y (either side).
  for (auto [mulSide, other] : {std::pair(rhs, lhs), std::pair(lhs, rhs)}) {
    auto mul = getOp<MulIOp>(mulSide);
    if (!mul)
      continue;
    std::optional<llvm::APInt> factor = getConstantIntValue(mul.getRhs());
    if (factor && factor->isAllOnes()) {
      replaceWithBinary<SubIOp>(rewriter, op, other.value, mul.getLhs(), 0);
      return success();
    }
  }
  return rewriter.notifyMatchFailure(op, "no constant to reassociate");
}

//===----------------------------------------------------------------------===//
// subi
//===----------------------------------------------------------------------===//

LogicalResult subIReassociate(SubIOp op, PatternRewriter &rewriter) {
  Side lhs = inspect(op.getLhs()), rhs = inspect(op.getRhs());
  if (rhs.constant) {
    const llvm::APInt &c1 = *rhs.constant;
    if (auto add = getOp<AddIOp>(lhs))
      if (auto c0 = getConstantIntValue(add.getRhs())) {
        replaceWithBinary<AddIOp>(rewriter, op, add.getLhs(),
                                  makeConstant(rewriter, op, *c0 - c1),
                                  getFlags(op) & getFlags(add));
        return success();
      }
    if (auto sub = getOp<SubIOp>(lhs)) {
      if (auto c0 = getConstantIntValue(sub.getRhs())) {
        replaceWithBinary<SubIOp>(rewriter, op, sub.getLhs(),
                                  makeConstant(rewriter, op, *c0 + c1),
                                  getFlags(op) & getFlags(sub));
        return success();
      }
      if (auto c0 = getConstantIntValue(sub.getLhs())) {
        replaceWithBinary<SubIOp>(rewriter, op,
                                  makeConstant(rewriter, op, *c0 - c1),
                                  sub.getRhs(), getFlags(op) & getFlags(sub));
        return success();
      }
    }
  }
  if (lhs.constant) {
    const llvm::APInt &c1 = *lhs.constant;
    if (auto add = getOp<AddIOp>(rhs))
      if (auto c0 = getConstantIntValue(add.getRhs())) {
        replaceWithBinary<SubIOp>(rewriter, op,
                                  makeConstant(rewriter, op, c1 - *c0),
                                  add.getLhs(), getFlags(op) & getFlags(add));
        return success();
      }
    if (auto sub = getOp<SubIOp>(rhs)) {
      if (auto c0 = getConstantIntValue(sub.getRhs())) {
        replaceWithBinary<SubIOp>(rewriter, op,
                                  makeConstant(rewriter, op, *c0 + c1),
                                  sub.getLhs(), getFlags(op) & getFlags(sub));
        return success();
      }
      if (auto c0 = getConstantIntValue(sub.getLhs())) {
        replaceWithBinary<AddIOp>(rewriter, op, sub.getRhs(),
                                  makeConstant(rewriter, op, c1 - *c0),
                                  getFlags(op) & getFlags(sub));
        return success();
      }
    }
  }
  // (x - y) - x -> 0 - y
  if (auto sub = getOp<SubIOp>(lhs)) {
    if (sub.getLhs() == op.getRhs()) {
      unsigned width = op.getType().isIndex()
                           ? IndexType::kInternalStorageBitWidth
                           : op.getType().getIntOrFloatBitWidth();
      replaceWithBinary<SubIOp>(
          rewriter, op, makeConstant(rewriter, op, llvm::APInt(width, 0)),
          sub.getRhs(), getFlags(op) & getFlags(sub));
      return success();
    }
  }
  return rewriter.notifyMatchFailure(op, "no constant to reassociate");
}

//===----------------------------------------------------------------------===//
// muli
//===----------------------------------------------------------------------===//

LogicalResult mulIReassociate(MulIOp op, PatternRewriter &rewriter) {
  std::optional<llvm::APInt> c1 = getConstantIntValue(op.getRhs());
  if (!c1)
    return rewriter.notifyMatchFailure(op, "rhs is not a constant");
  auto mul = op.getLhs().getDefiningOp<MulIOp>();
  if (!mul)
    return rewriter.notifyMatchFailure(op, "lhs is not a muli");
  std::optional<llvm::APInt> c0 = getConstantIntValue(mul.getRhs());
  if (!c0)
    return rewriter.notifyMatchFailure(op, "inner rhs is not a constant");
  replaceWithBinary<MulIOp>(rewriter, op, mul.getLhs(),
                            makeConstant(rewriter, op, *c0 * *c1),
                            getFlags(op) & getFlags(mul));
  return success();
}

} // namespace

void arith::detail::populateBinaryCanonicalizationPatterns(
    llvm::StringRef name, RewritePatternSet &patterns, Context *context) {
  if (name == AddIOp::getOperationName())
    patterns.add(addIReassociate, 1, "AddIReassociate");
  else if (name == SubIOp::getOperationName())
    patterns.add(subIReassociate, 1, "SubIReassociate");
  else if (name == MulIOp::getOperationName())
    patterns.add(mulIReassociate, 1, "MulIMulIConstant");
}

namespace {
/// cast(cast(x : T)) : T -> x for two casts of kind CastT.
template <typename CastT>
LogicalResult castRoundTrip(CastT op, PatternRewriter &rewriter) {
  auto inner = op->getOperand(0).template getDefiningOp<CastT>();
  if (!inner)
    return rewriter.notifyMatchFailure(op, "operand is not the same cast");
  Value source = inner->getOperand(0);
  if (source.getType() != op->getResult(0).getType())
    return rewriter.notifyMatchFailure(op, "the casts do not round-trip");
  rewriter.replaceOp(op, ValueRange(source));
  return success();
}

/// OuterT(InnerT(x)) -> NewT(x).
template <typename OuterT, typename InnerT, typename NewT>
LogicalResult castOfCast(OuterT op, PatternRewriter &rewriter) {
  auto inner = op->getOperand(0).template getDefiningOp<InnerT>();
  if (!inner)
    return rewriter.notifyMatchFailure(op, "operand is not the inner cast");
  rewriter.replaceOpWithNewOp<NewT>(op, op->getResult(0).getType(),
                                    inner->getOperand(0));
  return success();
}

LogicalResult truncIOfExt(TruncIOp op, PatternRewriter &rewriter) {
  Operation *inner = op->getOperand(0).getDefiningOp();
  bool isSigned = inner && ExtSIOp::dynCast(inner);
  if (!inner || (!isSigned && !ExtUIOp::dynCast(inner)))
    return rewriter.notifyMatchFailure(op, "operand is not an extension");
  Value source = inner->getOperand(0);
  Type resultType = op->getResult(0).getType();
  unsigned from = source.getType().getIntOrFloatBitWidth();
  unsigned to = resultType.getIntOrFloatBitWidth();
  if (from == to)
    rewriter.replaceOp(op, ValueRange(source));
  else if (from < to && isSigned)
    rewriter.replaceOpWithNewOp<ExtSIOp>(op, resultType, source);
  else if (from < to)
    rewriter.replaceOpWithNewOp<ExtUIOp>(op, resultType, source);
  else
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, source); });
  return success();
}

LogicalResult truncIOfTruncI(TruncIOp op, PatternRewriter &rewriter) {
  auto inner = op->getOperand(0).getDefiningOp<TruncIOp>();
  if (!inner)
    return rewriter.notifyMatchFailure(op, "operand is not a trunci");
  rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, inner->getOperand(0)); });
  return success();
}

LogicalResult bitcastOfBitcast(BitcastOp op, PatternRewriter &rewriter) {
  auto inner = op->getOperand(0).getDefiningOp<BitcastOp>();
  if (!inner)
    return rewriter.notifyMatchFailure(op, "operand is not a bitcast");
  Value source = inner->getOperand(0);
  if (source.getType() == op->getResult(0).getType())
    rewriter.replaceOp(op, ValueRange(source));
  else
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, source); });
  return success();
}
} // namespace

void arith::detail::populateCastCanonicalizationPatterns(
    llvm::StringRef name, RewritePatternSet &patterns, Context *context) {
  if (name == IndexCastOp::getOperationName())
    patterns.add(castRoundTrip<IndexCastOp>, 1, "IndexCastOfIndexCast");
  else if (name == IndexCastUIOp::getOperationName())
    patterns.add(castRoundTrip<IndexCastUIOp>, 1, "IndexCastUIOfIndexCastUI");
  else if (name == ExtSIOp::getOperationName()) {
    patterns.add(castOfCast<ExtSIOp, ExtSIOp, ExtSIOp>, 1, "ExtSIOfExtSI");
    patterns.add(castOfCast<ExtSIOp, ExtUIOp, ExtUIOp>, 1, "ExtSIOfExtUI");
  } else if (name == ExtUIOp::getOperationName())
    patterns.add(castOfCast<ExtUIOp, ExtUIOp, ExtUIOp>, 1, "ExtUIOfExtUI");
  else if (name == TruncIOp::getOperationName()) {
    patterns.add(truncIOfExt, 1, "TruncIOfExt");
    patterns.add(truncIOfTruncI, 1, "TruncIOfTruncI");
  } else if (name == BitcastOp::getOperationName())
    patterns.add(bitcastOfBitcast, 1, "BitcastOfBitcast");
}
