//===- ParallelOps.cpp - tile.parallel, tile.yield and tile.index ---------===//
//
// The elementwise loop nest of the tile dialect (T.Parallel): its operands,
// indexing of broadcast inputs, body, terminator and iteration indices.
//
//===----------------------------------------------------------------------===//

#include "TileOpsCommon.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/StringExtras.h"

using namespace tilt;
using namespace tilt::tile;
using namespace tilt::tile::detail;

//===----------------------------------------------------------------------===//
// ParallelOp, YieldOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ParallelOp::getAttributeNames() {
  static llvm::StringRef names[] = {"indexing", "operandSegmentSizes"};
  return names;
}

static DenseArrayAttr getSegments(Context *context, int64_t inputs,
                                  int64_t outputs) {
  return DenseArrayAttr::getInts(IntegerType::get(context, 32),
                                 {inputs, outputs});
}

void ParallelOp::build(OpBuilder &builder, OperationState &state,
                       ValueRange inputs, ValueRange outputs) {
  state.addOperands(inputs);
  state.addOperands(outputs);
  state.addAttribute(
      "operandSegmentSizes",
      getSegments(builder.getContext(), inputs.size(), outputs.size()));
  Region *body = state.addRegion();
  auto *block = new Block();
  for (Value input : inputs) {
    Type element = Type();
    if (auto buf = input.getType().dyn_cast<BufType>())
      element = buf.getElementType();
    block->addArgument(element ? element : input.getType(), state.location);
  }
  body->push_back(block);
}

/// The number of inputs, from operandSegmentSizes (0 if malformed).
static unsigned getNumInputs(Operation *op) {
  auto segments = op->getInherentAttr("operandSegmentSizes")
                      .dyn_cast_or_null<DenseArrayAttr>();
  if (!segments || segments.size() != 2)
    return 0;
  return unsigned(segments.getIntValues()[0]);
}

OperandRange ParallelOp::getInputs() {
  return OperandRange(
      getOperation()->getOpOperands().take_front(getNumInputs(getOperation())));
}
OperandRange ParallelOp::getOutputs() {
  return OperandRange(
      getOperation()->getOpOperands().drop_front(getNumInputs(getOperation())));
}

llvm::ArrayRef<int64_t> ParallelOp::getIterationShape() {
  OperandRange outputs = getOutputs();
  if (outputs.empty())
    return {};
  if (auto buf = outputs[0].getType().dyn_cast<BufType>())
    return buf.getShape();
  return {};
}

/// 0, 1, ..., rank - 1.
static llvm::SmallVector<int64_t, 4> getIdentityDims(size_t rank) {
  llvm::SmallVector<int64_t, 4> dims;
  for (size_t d = 0; d < rank; ++d)
    dims.push_back(int64_t(d));
  return dims;
}

llvm::SmallVector<int64_t, 4> ParallelOp::getInputDims(unsigned input) {
  auto indexing =
      getOperation()->getInherentAttr("indexing").dyn_cast_or_null<ArrayAttr>();
  if (indexing && input < indexing.size())
    if (auto dims = indexing[input].dyn_cast<DenseArrayAttr>()) {
      llvm::ArrayRef<int64_t> values = dims.getIntValues();
      return llvm::SmallVector<int64_t, 4>(values.begin(), values.end());
    }
  return getIdentityDims(getIterationShape().size());
}

bool ParallelOp::isIdentityInput(unsigned input) {
  return getInputDims(input) == getIdentityDims(getIterationShape().size());
}

/// `indexing` for per-input `dims` (one list per input), or null when every
/// input indexes all `rank` iteration dimensions in order (identity).
static Attribute
getIndexingAttr(Context *context,
                llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> dims,
                size_t rank) {
  llvm::SmallVector<int64_t, 4> identity = getIdentityDims(rank);
  if (llvm::all_of(dims, [&](const auto &list) { return list == identity; }))
    return Attribute();
  llvm::SmallVector<Attribute, 4> lists;
  for (const auto &list : dims)
    lists.push_back(DenseArrayAttr::getI64(context, list));
  return ArrayAttr::get(context, lists);
}

void ParallelOp::setInputDims(
    llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> dims) {
  Operation *op = getOperation();
  Attribute indexing =
      getIndexingAttr(op->getContext(), dims, getIterationShape().size());
  if (indexing)
    op->setInherentAttr("indexing", indexing);
  else
    op->removeInherentAttr("indexing");
}

/// `[d0, d2]` after an input: the iteration dimensions that index it.
static LogicalResult parseInputDims(OpAsmParser &parser,
                                    llvm::SmallVector<int64_t, 4> &dims) {
  if (parser.parseOptionalRSquare())
    return success();
  do {
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::StringRef keyword;
    if (failed(parser.parseKeyword(&keyword)))
      return failure();
    unsigned dim;
    if (!keyword.consume_front("d") || keyword.empty() ||
        keyword.getAsInteger(10, dim))
      return parser.emitError(loc)
             << "expected an iteration dimension (d0, d1, ...)";
    dims.push_back(int64_t(dim));
  } while (parser.parseOptionalComma());
  return parser.parseRSquare();
}

/// `name(%a, %b : A, B)`; for `ins`, each operand may be followed by the
/// iteration dimensions that index it (`%m[d0]`), recorded in `dims`
/// (empty when not written).
static LogicalResult parseOperandGroup(
    OpAsmParser &parser, llvm::StringRef keyword, OperationState &state,
    int64_t &count,
    llvm::SmallVectorImpl<std::optional<llvm::SmallVector<int64_t, 4>>> *dims =
        nullptr,
    bool optional = false) {
  if (optional && !parser.parseOptionalKeyword(keyword))
    return success();
  if ((!optional && failed(parser.parseKeyword(keyword))) ||
      failed(parser.parseLParen()))
    return failure();
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  llvm::SmallVector<Type, 4> types;
  llvm::SMLoc loc = parser.getCurrentLocation();
  do {
    OpAsmParser::UnresolvedOperand operand;
    if (failed(parser.parseOperand(operand)))
      return failure();
    operands.push_back(operand);
    if (!dims)
      continue;
    dims->emplace_back();
    if (!parser.parseOptionalLSquare())
      continue;
    dims->back().emplace();
    if (failed(parseInputDims(parser, *dims->back())))
      return failure();
  } while (parser.parseOptionalComma());
  if (failed(parser.parseColon()) || failed(parser.parseTypeList(types)) ||
      failed(parser.parseRParen()) ||
      failed(parser.resolveOperands(operands, types, loc, state.operands)))
    return failure();
  count = operands.size();
  return success();
}

LogicalResult ParallelOp::parse(OpAsmParser &parser, OperationState &state) {
  int64_t inputs = 0, outputs = 0;
  llvm::SmallVector<std::optional<llvm::SmallVector<int64_t, 4>>, 4> dims;
  // `ins(...)` is left out when the body reads no buffer (it may still use
  // tile.index and values from outside).
  if (failed(parseOperandGroup(parser, "ins", state, inputs, &dims,
                               /*optional=*/true)) ||
      failed(parseOperandGroup(parser, "outs", state, outputs)))
    return failure();
  Context *context = parser.getContext();
  state.addAttribute("operandSegmentSizes",
                     getSegments(context, inputs, outputs));
  // An input without dimensions is indexed by all of them, in order.
  size_t rank = 0;
  if (outputs > 0)
    if (auto buf = state.operands[inputs].getType().dyn_cast<BufType>())
      rank = buf.getRank();
  if (llvm::any_of(dims, [](const auto &list) { return bool(list); })) {
    llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4> lists;
    for (const auto &list : dims)
      lists.push_back(list ? *list : getIdentityDims(rank));
    if (Attribute indexing = getIndexingAttr(context, lists, rank))
      state.addAttribute("indexing", indexing);
  }
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();
  return parser.parseRegion(*state.addRegion());
}

void ParallelOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  auto printGroup = [&](llvm::StringRef keyword, OperandRange values,
                        bool isInputs) {
    printer << ' ' << keyword << '(';
    for (unsigned i = 0, e = values.size(); i < e; ++i) {
      if (i)
        printer << ", ";
      printer.printOperand(values[i]);
      if (!isInputs || isIdentityInput(i))
        continue;
      printer << '[';
      llvm::interleave(
          getInputDims(i),
          [&](int64_t dim) { printer << "d" << std::to_string(dim); },
          [&]() { printer << ", "; });
      printer << ']';
    }
    printer << " : ";
    llvm::interleave(
        values.getTypes(), [&](Type type) { printer.printType(type); },
        [&]() { printer << ", "; });
    printer << ')';
  };
  if (!getInputs().empty())
    printGroup("ins", getInputs(), /*isInputs=*/true);
  printGroup("outs", getOutputs(), /*isInputs=*/false);
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/true);
}

/// Checks the `indexing` property: an array of one i64 array per input,
/// when present.
static LogicalResult verifyIndexingAttr(ParallelOp op, unsigned numInputs) {
  Attribute attr = op.getOperation()->getInherentAttr("indexing");
  if (!attr)
    return success();
  auto indexing = attr.dyn_cast<ArrayAttr>();
  if (!indexing || indexing.size() != numInputs ||
      !llvm::all_of(indexing, [](Attribute list) {
        auto dims = list.dyn_cast<DenseArrayAttr>();
        return dims && dims.getElementType().isSignlessInteger(64);
      }))
    return op.emitOpError() << "requires 'indexing' to be an array of "
                            << numInputs << " array<i64: ...> (one per input)";
  return success();
}

LogicalResult ParallelOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  auto segments = op->getInherentAttr("operandSegmentSizes")
                      .dyn_cast_or_null<DenseArrayAttr>();
  if (!segments || segments.size() != 2 || segments.getIntValues()[0] < 0 ||
      segments.getIntValues()[1] < 1 ||
      segments.getIntValues()[0] + segments.getIntValues()[1] !=
          int64_t(op->getNumOperands()))
    return emitOpError() << "requires operandSegmentSizes = array<i32: "
                            "inputs, outputs> with at least one output, "
                            "matching the operands";
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (failed(getBufOperand(op, i, "every operand")))
      return failure();
  // The iteration space is the outputs' shape.
  llvm::ArrayRef<int64_t> space = getIterationShape();
  unsigned numInputs = getInputs().size();
  for (unsigned i = numInputs, e = op->getNumOperands(); i < e; ++i) {
    llvm::ArrayRef<int64_t> shape =
        op->getOperand(i).getType().cast<BufType>().getShape();
    if (shape != space)
      return emitOpError() << "outputs have different shapes: "
                           << formatShape(space) << " and "
                           << formatShape(shape) << " (output #"
                           << (i - numInputs) << ")";
  }
  if (failed(verifyIndexingAttr(*this, numInputs)))
    return failure();
  // Each input is indexed by some iteration dimensions, in increasing
  // order (a projection: broadcast along the others, never transposed).
  for (unsigned i = 0; i < numInputs; ++i) {
    llvm::ArrayRef<int64_t> shape =
        op->getOperand(i).getType().cast<BufType>().getShape();
    llvm::SmallVector<int64_t, 4> dims = getInputDims(i);
    if (isIdentityInput(i)) {
      if (shape != space)
        return emitOpError()
               << "input #" << i << " is " << formatShape(shape)
               << " but the iteration space (the outputs' shape) is "
               << formatShape(space)
               << "; list the dimensions that index a broadcast input";
      continue;
    }
    for (size_t k = 0; k < dims.size(); ++k) {
      if (dims[k] < 0 || dims[k] >= int64_t(space.size()))
        return emitOpError() << "input #" << i << " is indexed by d" << dims[k]
                             << ", out of range for an iteration space of rank "
                             << uint64_t(space.size());
      if (k && dims[k] <= dims[k - 1])
        return emitOpError() << "the dimensions indexing input #" << i
                             << " must be increasing, got d" << dims[k - 1]
                             << " before d" << dims[k];
    }
    if (dims.size() != shape.size())
      return emitOpError() << "input #" << i << " has rank " << shape.size()
                           << " but is indexed by " << uint64_t(dims.size())
                           << " dimensions";
    for (size_t k = 0; k < dims.size(); ++k)
      if (shape[k] != space[dims[k]])
        return emitOpError()
               << "input #" << i << " has extent " << shape[k]
               << " in dimension " << uint64_t(k) << " but d" << dims[k]
               << " of the iteration space has extent " << space[dims[k]];
  }
  if (op->getRegion(0).empty())
    return emitOpError() << "requires a body ending with tile.yield";
  Block &body = op->getRegion(0).front();
  OperandRange inputs = getInputs(), outputs = getOutputs();
  if (body.getNumArguments() != inputs.size())
    return emitOpError() << "body must have one argument per input ("
                         << uint64_t(inputs.size()) << "), got "
                         << body.getNumArguments();
  for (unsigned i = 0, e = inputs.size(); i < e; ++i) {
    Type element = inputs[i].getType().cast<BufType>().getElementType();
    if (body.getArgument(i).getType() != element)
      return emitOpError() << "body argument #" << i << " must be " << element
                           << " (the element type of input #" << i << "), got "
                           << body.getArgument(i).getType();
  }
  if (body.empty() || !YieldOp::dynCast(&body.back()))
    return emitOpError() << "body must end with tile.yield";
  Operation *yield = &body.back();
  if (yield->getNumOperands() != outputs.size())
    return yield->emitOpError()
           << "yields " << yield->getNumOperands() << " values but the "
           << "tile.parallel has " << uint64_t(outputs.size()) << " outputs";
  for (unsigned i = 0, e = outputs.size(); i < e; ++i) {
    Type element = outputs[i].getType().cast<BufType>().getElementType();
    if (yield->getOperand(i).getType() != element)
      return yield->emitOpError()
             << "value #" << i << " is " << yield->getOperand(i).getType()
             << " but output #" << i << " holds " << element;
  }
  return success();
}

void YieldOp::build(OpBuilder &builder, OperationState &state,
                    ValueRange values) {
  state.addOperands(values);
}

LogicalResult YieldOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult first = parser.parseOptionalOperand(operand);
  if (first.has_value()) {
    if (failed(*first))
      return failure();
    operands.push_back(operand);
    while (parser.parseOptionalComma()) {
      if (failed(parser.parseOperand(operand)))
        return failure();
      operands.push_back(operand);
    }
  }
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  llvm::SmallVector<Type, 2> types;
  if (!operands.empty() &&
      (failed(parser.parseColon()) || failed(parser.parseTypeList(types))))
    return failure();
  return parser.resolveOperands(operands, types, loc, state.operands);
}

void YieldOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  if (op->getNumOperands() != 0) {
    printer << ' ';
    printOperandList(printer, op->getOperands());
  }
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  if (op->getNumOperands() != 0) {
    printer << " : ";
    llvm::interleave(
        op->getOperandTypes(), [&](Type type) { printer.printType(type); },
        [&]() { printer << ", "; });
  }
}

//===----------------------------------------------------------------------===//
// IndexOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> IndexOp::getAttributeNames() {
  static llvm::StringRef names[] = {"dim"};
  return names;
}

void IndexOp::build(OpBuilder &builder, OperationState &state, int64_t dim) {
  state.addAttribute("dim", builder.getI64IntegerAttr(dim));
  state.addTypes(builder.getIndexType());
}

int64_t IndexOp::getDim() {
  if (auto dim = getOperation()
                     ->getInherentAttr("dim")
                     .dyn_cast_or_null<IntegerAttr>())
    return dim.getInt();
  return -1;
}

LogicalResult IndexOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  int64_t dim;
  Type type;
  if (failed(parser.parseInteger(dim)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  state.addAttribute("dim",
                     IntegerAttr::get(IntegerType::get(context, 64), dim));
  state.addTypes(type);
  return success();
}

void IndexOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << std::to_string(getDim());
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue(), {"dim"});
  printer << " : ";
  printer.printType(op->getResult(0).getType());
}

LogicalResult IndexOp::verify() {
  Operation *op = getOperation();
  if (!op->getInherentAttr("dim").dyn_cast_or_null<IntegerAttr>())
    return emitOpError() << "requires an integer 'dim' property";
  if (!op->getResult(0).getType().isa<IndexType>())
    return emitOpError() << "result must be index, got "
                         << op->getResult(0).getType();
  auto parallel = ParallelOp::dynCast(op->getParentOp());
  if (!parallel)
    return emitOpError() << "must be in the body of a tile.parallel";
  int64_t rank = int64_t(parallel.getIterationShape().size());
  if (getDim() < 0 || getDim() >= rank)
    return emitOpError() << "dimension " << getDim()
                         << " is out of range for an iteration space of rank "
                         << rank;
  return success();
}
