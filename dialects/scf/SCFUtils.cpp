//===- SCFUtils.cpp - Syntax, checks and trip counts shared by scf ops ----===//
//
// The helpers of SCFInternal.h but for the region-branch edges
// (SCFRegionBranch.cpp): assignment and index lists as MLIR parses and
// prints them, the region and operand-segment checks MLIR generates from
// its op definitions (with their messages), and MLIR's constantTripCount.
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/IR/Matchers.h"

using namespace tilt;
using namespace tilt::scf;
using namespace tilt::scf::detail;

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

void scf::detail::ensureTerminator(Region &region,
                                   llvm::StringRef terminatorName,
                                   Context *context, Location loc) {
  if (region.empty())
    region.push_back(new Block());
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OperationState state(loc, terminatorName, context);
  // scf.forall.in_parallel holds a region with one empty block.
  if (terminatorName == InParallelOp::getOperationName())
    state.addRegion()->push_back(new Block());
  block.push_back(Operation::create(state));
}

void scf::detail::printInitializationList(
    OpAsmPrinter &printer, llvm::ArrayRef<BlockArgument> arguments,
    ValueRange values, llvm::StringRef prefix) {
  if (values.empty())
    return;
  printer << prefix << "(";
  for (unsigned i = 0, e = values.size(); i < e; ++i) {
    if (i)
      printer << ", ";
    printer << Value(arguments[i]) << " = " << values[i];
  }
  printer << ")";
}

LogicalResult scf::detail::parseDynamicIndexList(
    OpAsmParser &parser,
    llvm::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicValues,
    llvm::SmallVectorImpl<int64_t> &staticValues) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Paren, [&]() -> LogicalResult {
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult parsed = parser.parseOptionalOperand(operand);
        if (parsed.has_value()) {
          if (failed(*parsed))
            return failure();
          dynamicValues.push_back(operand);
          staticValues.push_back(ForallOp::kDynamic);
          return success();
        }
        int64_t value;
        if (failed(parser.parseInteger(value)))
          return failure();
        staticValues.push_back(value);
        return success();
      });
}

void scf::detail::printDynamicIndexList(OpAsmPrinter &printer,
                                        ValueRange dynamicValues,
                                        llvm::ArrayRef<int64_t> staticValues) {
  printer << "(";
  unsigned nextDynamic = 0;
  for (unsigned i = 0, e = staticValues.size(); i < e; ++i) {
    if (i)
      printer << ", ";
    if (staticValues[i] != ForallOp::kDynamic)
      printer << staticValues[i];
    else if (nextDynamic < dynamicValues.size())
      printer << dynamicValues[nextDynamic++];
  }
  printer << ")";
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

LogicalResult scf::detail::verifyOneBlockRegion(Operation *op, unsigned index,
                                                llvm::StringRef name) {
  if (op->getRegion(index).getNumBlocks() == 1)
    return success();
  return op->emitOpError() << "region #" << index << " ('" << name
                           << "') failed to verify constraint: region with 1 "
                              "blocks";
}

/// The sizes in `operandSegmentSizes`, if it is an array of integers.
static std::optional<llvm::ArrayRef<int64_t>> getSegmentSizes(Operation *op) {
  auto sizes = op->getInherentAttr("operandSegmentSizes")
                   .dyn_cast_or_null<DenseArrayAttr>();
  if (!sizes || !sizes.getElementType().isSignlessInteger(32))
    return std::nullopt;
  return sizes.getIntValues();
}

LogicalResult scf::detail::verifyOperandSegments(Operation *op,
                                                 unsigned numSegments) {
  std::optional<llvm::ArrayRef<int64_t>> sizes = getSegmentSizes(op);
  if (!sizes)
    return op->emitOpError()
           << "operand count (" << op->getNumOperands()
           << ") does not match with the total size (0) specified in "
              "attribute 'operandSegmentSizes'";
  if (sizes->size() != numSegments)
    return op->emitOpError()
           << "'operandSegmentSizes' attribute for specifying operand "
              "segments must have "
           << numSegments << " elements, but got " << sizes->size();
  int64_t total = 0;
  for (int64_t size : *sizes) {
    if (size < 0)
      return op->emitOpError() << "'operandSegmentSizes' attribute cannot "
                                  "have negative elements";
    total += size;
  }
  if (total != int64_t(op->getNumOperands()))
    return op->emitOpError()
           << "operand count (" << op->getNumOperands()
           << ") does not match with the total size (" << total
           << ") specified in attribute 'operandSegmentSizes'";
  return success();
}

OperandRange scf::detail::getOperandSegment(Operation *op, unsigned index) {
  llvm::MutableArrayRef<OpOperand> operands = op->getOpOperands();
  std::optional<llvm::ArrayRef<int64_t>> sizes = getSegmentSizes(op);
  if (!sizes || index >= sizes->size())
    return OperandRange(operands.take_front(0));
  size_t start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += size_t(std::max<int64_t>((*sizes)[i], 0));
  size_t size = size_t(std::max<int64_t>((*sizes)[index], 0));
  if (start + size > operands.size())
    return OperandRange(operands.take_front(0));
  return OperandRange(operands.slice(start, size));
}

Attribute scf::detail::getOperandSegmentsAttr(Context *context,
                                              llvm::ArrayRef<int64_t> sizes) {
  return DenseArrayAttr::getInts(IntegerType::get(context, 32), sizes);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

std::optional<llvm::APInt> scf::detail::getConstantBound(OpFoldResult bound) {
  if (auto attr = bound.getAttribute().dyn_cast_or_null<IntegerAttr>())
    return attr.getValue();
  if (Value value = bound.getValue())
    return getConstantIntValue(value);
  return std::nullopt;
}

/// `ub - lb` when `ub` is `arith.addi lb, cst` with the nsw flag (MLIR's
/// computeUbMinusLb for signed loops).
static std::optional<llvm::APInt> getUpperMinusLower(Value lowerBound,
                                                     Value upperBound) {
  Operation *add = upperBound ? upperBound.getDefiningOp() : nullptr;
  if (!add || !arith::AddIOp::classof(add) || add->getOperand(0) != lowerBound)
    return std::nullopt;
  std::optional<unsigned> flags =
      arith::getOverflowFlags(add->getInherentAttr("overflowFlags"));
  if (!flags || !(*flags & arith::OverflowNSW))
    return std::nullopt;
  return getConstantIntValue(add->getOperand(1));
}

std::optional<llvm::APInt>
scf::detail::getConstantTripCount(OpFoldResult lowerBound,
                                  OpFoldResult upperBound, OpFoldResult step) {
  // Bounds are index values: MLIR computes with 64 bits.
  const unsigned width = 64;
  bool sameBound =
      lowerBound.getValue()
          ? lowerBound.getValue() == upperBound.getValue()
          : lowerBound.getAttribute() &&
                lowerBound.getAttribute() == upperBound.getAttribute();
  if (sameBound)
    return llvm::APInt(width, 0);
  // MLIR 22 looks at the bounds first: a step only matters once their
  // difference is known.
  std::optional<llvm::APInt> lower = getConstantBound(lowerBound);
  std::optional<llvm::APInt> upper = getConstantBound(upperBound);
  llvm::APInt difference;
  if (lower) {
    if (!upper || lower->getBitWidth() != width ||
        upper->getBitWidth() != width)
      return std::nullopt;
    if (upper->sle(*lower))
      return llvm::APInt(width, 0);
    difference = *upper - *lower;
  } else {
    if (upper)
      return std::nullopt;
    std::optional<llvm::APInt> computed =
        getUpperMinusLower(lowerBound.getValue(), upperBound.getValue());
    if (!computed || computed->getBitWidth() != width)
      return std::nullopt;
    difference = *computed;
  }
  if (difference.isNegative())
    return llvm::APInt(width, 0);
  std::optional<llvm::APInt> stepValue = getConstantBound(step);
  if (!stepValue || stepValue->getBitWidth() != width)
    return std::nullopt;
  if (stepValue->isZero() || stepValue->isNegative())
    return llvm::APInt(width, 0);
  llvm::APInt tripCount = difference.sdiv(*stepValue);
  if (!difference.srem(*stepValue).isZero())
    tripCount += 1;
  return tripCount;
}

Value scf::detail::getValueOrCreateConstantIndex(PatternRewriter &rewriter,
                                                 Location loc,
                                                 OpFoldResult bound) {
  if (Value value = bound.getValue())
    return value;
  return rewriter.create<arith::ConstantOp>(loc, bound.getAttribute())
      .getResult();
}
