//===- SCFLoopOps.cpp - scf.parallel, scf.reduce, scf.forall --------------===//
//
// Syntax and verifiers of the parallel loops: scf.parallel with its
// scf.reduce terminator and scf.reduce.return, and scf.forall with its
// scf.forall.in_parallel terminator, as MLIR 22 prints, parses and checks
// them. MLIR's checks of the op definitions (operand segments, operand
// types, properties, region sizes) come first in each verify(), as MLIR
// makes them before the op's own verifier.
//
// scf.forall's `mapping` holds device mapping attributes, which MLIR's gpu
// dialect defines; Tilt does not load it and keeps them as opaque
// attributes (`#gpu.thread<x>`), recognised by their mnemonic.
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "tilt/IR/Matchers.h"

using namespace tilt;
using namespace tilt::scf;
using namespace tilt::scf::detail;

/// Checks that the operands of `range` (starting at absolute operand
/// number `first`) have type index, with the message MLIR generates for a
/// `Variadic<Index>` group.
static LogicalResult verifyIndexOperands(Operation *op, OperandRange range,
                                         unsigned first) {
  for (unsigned i = 0, e = range.size(); i < e; ++i) {
    Type type = range[i].getType();
    if (!type.isIndex())
      return op->emitOpError()
             << "operand #" << (first + i)
             << " must be variadic of index, but got " << type;
  }
  return success();
}

/// Checks the four operand segments of scf.parallel and scf.forall and that
/// the first three (lower bounds, upper bounds, steps) are index values.
static LogicalResult verifyLoopControlOperands(Operation *op) {
  if (failed(verifyOperandSegments(op, 4)))
    return failure();
  unsigned first = 0;
  for (unsigned group = 0; group < 3; ++group) {
    OperandRange range = getOperandSegment(op, group);
    if (failed(verifyIndexOperands(op, range, first)))
      return failure();
    first += range.size();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ParallelOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ParallelOp::getAttributeNames() {
  static llvm::StringRef names[] = {"operandSegmentSizes"};
  return names;
}

OperandRange ParallelOp::getSegment(unsigned index) {
  return getOperandSegment(getOperation(), index);
}

void ParallelOp::build(OpBuilder &builder, OperationState &state,
                       ValueRange lowerBounds, ValueRange upperBounds,
                       ValueRange steps, ValueRange initVals) {
  state.addOperands(lowerBounds);
  state.addOperands(upperBounds);
  state.addOperands(steps);
  state.addOperands(initVals);
  state.addAttribute(
      "operandSegmentSizes",
      getOperandSegmentsAttr(builder.getContext(), {int64_t(lowerBounds.size()),
                                                    int64_t(upperBounds.size()),
                                                    int64_t(steps.size()),
                                                    int64_t(initVals.size())}));
  state.addTypes(initVals.getTypes());
  auto *body = new Block();
  for (unsigned i = 0, e = steps.size(); i < e; ++i)
    body->addArgument(builder.getIndexType(), state.location);
  Region *region = state.addRegion();
  region->push_back(body);
  if (initVals.empty())
    ensureTerminator(*region, ReduceOp::getOperationName(),
                     builder.getContext(), state.location);
}

/// Parses `(%a, %b)` with exactly `count` operands (MLIR's message when
/// the count differs).
static LogicalResult
parseOperandGroup(OpAsmParser &parser,
                  llvm::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &group,
                  unsigned count) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOperandList(group, AsmParser::Delimiter::Paren)))
    return failure();
  if (group.size() != count)
    return parser.emitError(loc) << "expected " << count << " operands";
  return success();
}

LogicalResult ParallelOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  Type indexType = IndexType::get(context);
  llvm::SmallVector<OpAsmParser::Argument, 4> ivs;
  if (failed(parser.parseArgumentList(ivs, AsmParser::Delimiter::Paren)))
    return failure();
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> lower, upper, steps,
      inits;
  if (failed(parser.parseEqual()) ||
      failed(parseOperandGroup(parser, lower, ivs.size())) ||
      failed(parser.resolveOperands(lower, indexType, state.operands)) ||
      failed(parser.parseKeyword("to")) ||
      failed(parseOperandGroup(parser, upper, ivs.size())) ||
      failed(parser.resolveOperands(upper, indexType, state.operands)) ||
      failed(parser.parseKeyword("step")) ||
      failed(parseOperandGroup(parser, steps, ivs.size())) ||
      failed(parser.resolveOperands(steps, indexType, state.operands)))
    return failure();
  if (parser.parseOptionalKeyword("init") &&
      failed(parser.parseOperandList(inits, AsmParser::Delimiter::Paren)))
    return failure();
  llvm::SmallVector<Type, 4> resultTypes;
  if (failed(parser.parseOptionalArrowTypeList(resultTypes)))
    return failure();
  state.addTypes(resultTypes);
  for (OpAsmParser::Argument &iv : ivs)
    iv.type = indexType;
  Region *body = state.addRegion();
  if (failed(parser.parseRegion(*body, ivs)))
    return failure();
  state.addAttribute(
      "operandSegmentSizes",
      getOperandSegmentsAttr(context,
                             {int64_t(lower.size()), int64_t(upper.size()),
                              int64_t(steps.size()), int64_t(inits.size())}));
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.resolveOperands(inits, resultTypes, parser.getNameLoc(),
                                    state.operands)))
    return failure();
  ensureTerminator(*body, ReduceOp::getOperationName(), context,
                   parser.getEncodedSourceLoc(parser.getNameLoc()));
  return success();
}

void ParallelOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  llvm::ArrayRef<BlockArgument> ivs = getBody()->getArguments();
  printer << " (";
  for (unsigned i = 0, e = ivs.size(); i < e; ++i)
    printer << (i ? ", " : "") << Value(ivs[i]);
  printer << ") = (" << ValueRange(getLowerBound()) << ") to ("
          << ValueRange(getUpperBound()) << ") step (" << ValueRange(getStep())
          << ")";
  if (!getInitVals().empty())
    printer << " init (" << ValueRange(getInitVals()) << ")";
  if (op->getNumResults() != 0)
    printer.printArrowTypeList(op->getResultTypes());
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult ParallelOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyLoopControlOperands(op)))
    return failure();
  if (failed(verifyOneBlockRegion(op, 0, "region")))
    return failure();

  OperandRange steps = getStep();
  if (steps.empty())
    return emitOpError() << "needs at least one tuple element for "
                            "lowerBound, upperBound and step";
  for (Value step : steps)
    if (std::optional<llvm::APInt> value = getConstantIntValue(step))
      if (value->sle(0))
        return emitOpError() << "constant step operand must be positive";
  Block *body = getBody();
  if (body->getNumArguments() != steps.size())
    return emitOpError() << "expects the same number of induction variables: "
                         << body->getNumArguments()
                         << " as bound and step values: "
                         << unsigned(steps.size());
  for (BlockArgument arg : body->getArguments())
    if (!arg.getType().isIndex())
      return emitOpError() << "expects arguments for the induction variable "
                              "to be of index type";
  Operation *reduce = body->empty() ? nullptr : &body->back();
  if (!reduce || !ReduceOp::classof(reduce)) {
    InFlightDiagnostic diag = emitOpError()
                              << "expects body to terminate with 'scf.reduce'";
    if (reduce)
      diag.attachNote(reduce->getLoc()) << "terminator here";
    return failure();
  }
  unsigned numResults = op->getNumResults();
  unsigned numReductions = reduce->getNumRegions();
  unsigned numInits = getInitVals().size();
  if (numResults != numReductions)
    return emitOpError() << "expects number of results: " << numResults
                         << " to be the same as number of reductions: "
                         << numReductions;
  if (numResults != numInits)
    return emitOpError() << "expects number of results: " << numResults
                         << " to be the same as number of initial values: "
                         << numInits;
  // A mismatch between scf.reduce's operands and regions is its own error.
  if (reduce->getNumOperands() != numInits)
    return success();
  for (unsigned i = 0; i < numReductions; ++i) {
    Type resultType = op->getResult(i).getType();
    Type operandType = reduce->getOperand(i).getType();
    if (resultType != operandType)
      return reduce->emitOpError()
             << "expects type of " << i << "-th reduction operand: "
             << operandType << " to be the same as the " << i
             << "-th result type: " << resultType;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp, ReduceReturnOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange operands) {
  state.addOperands(operands);
  for (Value operand : operands) {
    auto *block = new Block();
    block->addArgument(operand.getType(), state.location);
    block->addArgument(operand.getType(), state.location);
    state.addRegion()->push_back(block);
  }
}

LogicalResult ReduceOp::parse(OpAsmParser &parser, OperationState &state) {
  if (parser.parseOptionalLParen()) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
    llvm::SmallVector<Type, 4> types;
    if (failed(parser.parseOperandList(operands)) ||
        failed(parser.parseColonTypeList(types)) ||
        failed(parser.parseRParen()) ||
        failed(parser.resolveOperands(operands, types, loc, state.operands)))
      return failure();
  }
  auto region = std::make_unique<Region>();
  OptionalParseResult parsed = parser.parseOptionalRegion(*region);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    state.addRegion(std::move(region));
    while (parser.parseOptionalComma())
      if (failed(parser.parseRegion(*state.addRegion())))
        return failure();
  }
  return parser.parseOptionalAttrDict(state.attributes);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  if (op->getNumOperands() != 0) {
    printer << "(" << ValueRange(op->getOperands()) << " : ";
    llvm::interleaveComma(op->getOperandTypes(), printer.getStream(),
                          [&](Type type) { printer.printType(type); });
    printer << ")";
  }
  printer << ' ';
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i) {
    if (i)
      printer << ", ";
    printer.printRegion(op->getRegion(i));
  }
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult ReduceOp::verify() {
  Operation *op = getOperation();
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    if (failed(verifyOneBlockRegion(op, i, "reductions")))
      return failure();
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  Operation *op = getOperation();
  if (op->getNumRegions() != op->getNumOperands())
    return emitOpError() << "expects number of reduction regions: "
                         << op->getNumRegions()
                         << " to be the same as number of reduction operands: "
                         << op->getNumOperands();
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i) {
    Type type = op->getOperand(i).getType();
    Block &block = op->getRegion(i).front();
    if (block.empty())
      return emitOpError() << i << "-th reduction has an empty body";
    if (block.getNumArguments() != 2 ||
        llvm::any_of(block.getArguments(),
                     [&](BlockArgument arg) { return arg.getType() != type; }))
      return emitOpError() << "expected two block arguments with type " << type
                           << " in the " << i << "-th reduction region";
    if (!ReduceReturnOp::classof(&block.back()))
      return emitOpError() << "reduction bodies must be terminated with an "
                              "'scf.reduce.return' op";
  }
  return success();
}

LogicalResult ReduceReturnOp::parse(OpAsmParser &parser,
                                    OperationState &state) {
  OpAsmParser::UnresolvedOperand result;
  Type type;
  if (failed(parser.parseOperand(result)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  return parser.resolveOperand(result, type, state.operands);
}

void ReduceReturnOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << op->getOperand(0);
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : " << op->getOperand(0).getType();
}

LogicalResult ReduceReturnOp::verify() {
  Block *block = getOperation()->getBlock();
  // Without arguments the enclosing scf.reduce reports the region.
  if (block->getNumArguments() == 0)
    return success();
  Type expected = block->getArgument(0).getType();
  Type type = getOperation()->getOperand(0).getType();
  if (type != expected)
    return emitOpError() << "must have type " << expected
                         << " (the type of the reduction inputs)";
  return success();
}

//===----------------------------------------------------------------------===//
// ForallOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ForallOp::getAttributeNames() {
  static llvm::StringRef names[] = {"mapping", "operandSegmentSizes",
                                    "staticLowerBound", "staticStep",
                                    "staticUpperBound"};
  return names;
}

OperandRange ForallOp::getSegment(unsigned index) {
  return getOperandSegment(getOperation(), index);
}

/// The static list `name` if it is an i64 dense array.
static std::optional<llvm::ArrayRef<int64_t>>
getStaticList(Operation *op, llvm::StringRef name) {
  auto list = op->getInherentAttr(name).dyn_cast_or_null<DenseArrayAttr>();
  if (!list || !list.getElementType().isSignlessInteger(64))
    return std::nullopt;
  return list.getIntValues();
}

unsigned ForallOp::getRank() {
  std::optional<llvm::ArrayRef<int64_t>> lower =
      getStaticList(getOperation(), "staticLowerBound");
  return lower ? lower->size() : 0;
}

/// The mixed list of a static list and its dynamic operands.
static llvm::SmallVector<OpFoldResult, 4>
getMixedValues(Operation *op, llvm::StringRef name, OperandRange dynamic) {
  llvm::SmallVector<OpFoldResult, 4> mixed;
  std::optional<llvm::ArrayRef<int64_t>> list = getStaticList(op, name);
  if (!list)
    return mixed;
  Type indexType = IndexType::get(op->getContext());
  unsigned next = 0;
  for (int64_t value : *list) {
    if (value != ForallOp::kDynamic)
      mixed.push_back(IntegerAttr::get(indexType, value));
    else if (next < dynamic.size())
      mixed.push_back(dynamic[next++]);
  }
  return mixed;
}

llvm::SmallVector<OpFoldResult, 4> ForallOp::getMixedLowerBound() {
  return getMixedValues(getOperation(), "staticLowerBound",
                        getDynamicLowerBound());
}
llvm::SmallVector<OpFoldResult, 4> ForallOp::getMixedUpperBound() {
  return getMixedValues(getOperation(), "staticUpperBound",
                        getDynamicUpperBound());
}
llvm::SmallVector<OpFoldResult, 4> ForallOp::getMixedStep() {
  return getMixedValues(getOperation(), "staticStep", getDynamicStep());
}

ArrayAttr ForallOp::getMapping() {
  return getOperation()
      ->getInherentAttr("mapping")
      .dyn_cast_or_null<ArrayAttr>();
}

bool ForallOp::isNormalized() {
  auto allEqual = [](llvm::ArrayRef<OpFoldResult> values, int64_t expected) {
    return llvm::all_of(values, [&](OpFoldResult value) {
      std::optional<llvm::APInt> constant = getConstantBound(value);
      return constant && constant->getBitWidth() <= 64 &&
             constant->getSExtValue() == expected;
    });
  };
  return allEqual(getMixedLowerBound(), 0) && allEqual(getMixedStep(), 1);
}

/// Splits mixed bounds into a static list and dynamic values.
static void dispatchMixed(llvm::ArrayRef<OpFoldResult> mixed,
                          llvm::SmallVectorImpl<Value> &dynamic,
                          llvm::SmallVectorImpl<int64_t> &staticList) {
  for (OpFoldResult value : mixed) {
    if (auto attr = value.getAttribute().dyn_cast_or_null<IntegerAttr>()) {
      staticList.push_back(attr.getSInt());
      continue;
    }
    dynamic.push_back(value.getValue());
    staticList.push_back(ForallOp::kDynamic);
  }
}

/// Sets forall's static bound lists and operand segment sizes (lower,
/// upper, step, shared outputs), for the builder and the parser alike.
static void addForallControl(OperationState &state, Context *context,
                             llvm::ArrayRef<int64_t> staticLower,
                             llvm::ArrayRef<int64_t> staticUpper,
                             llvm::ArrayRef<int64_t> staticSteps,
                             llvm::ArrayRef<int64_t> segmentSizes) {
  state.addAttribute("staticLowerBound",
                     DenseArrayAttr::getI64(context, staticLower));
  state.addAttribute("staticUpperBound",
                     DenseArrayAttr::getI64(context, staticUpper));
  state.addAttribute("staticStep",
                     DenseArrayAttr::getI64(context, staticSteps));
  state.addAttribute("operandSegmentSizes",
                     getOperandSegmentsAttr(context, segmentSizes));
}

void ForallOp::build(OpBuilder &builder, OperationState &state,
                     llvm::ArrayRef<OpFoldResult> lowerBounds,
                     llvm::ArrayRef<OpFoldResult> upperBounds,
                     llvm::ArrayRef<OpFoldResult> steps, ValueRange outputs,
                     Attribute mapping) {
  Context *context = builder.getContext();
  llvm::SmallVector<Value, 4> dynamicLower, dynamicUpper, dynamicSteps;
  llvm::SmallVector<int64_t, 4> staticLower, staticUpper, staticSteps;
  dispatchMixed(lowerBounds, dynamicLower, staticLower);
  dispatchMixed(upperBounds, dynamicUpper, staticUpper);
  dispatchMixed(steps, dynamicSteps, staticSteps);
  state.addOperands(dynamicLower);
  state.addOperands(dynamicUpper);
  state.addOperands(dynamicSteps);
  state.addOperands(outputs);
  state.addTypes(outputs.getTypes());
  addForallControl(state, context, staticLower, staticUpper, staticSteps,
                   {int64_t(dynamicLower.size()), int64_t(dynamicUpper.size()),
                    int64_t(dynamicSteps.size()), int64_t(outputs.size())});
  if (mapping)
    state.addAttribute("mapping", mapping);
  auto *body = new Block();
  for (unsigned i = 0, e = lowerBounds.size(); i < e; ++i)
    body->addArgument(builder.getIndexType(), state.location);
  for (Value output : outputs)
    body->addArgument(output.getType(), state.location);
  Region *region = state.addRegion();
  region->push_back(body);
  ensureTerminator(*region, InParallelOp::getOperationName(), context,
                   state.location);
}

LogicalResult ForallOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  Type indexType = IndexType::get(context);
  llvm::SmallVector<OpAsmParser::Argument, 4> ivs;
  if (failed(parser.parseArgumentList(ivs, AsmParser::Delimiter::Paren)))
    return failure();
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> dynamicLower,
      dynamicUpper, dynamicSteps;
  llvm::SmallVector<int64_t, 4> staticLower, staticUpper, staticSteps;
  if (parser.parseOptionalKeyword("in")) {
    // Normalized: lower bounds 0, steps 1.
    if (failed(parseDynamicIndexList(parser, dynamicUpper, staticUpper)) ||
        failed(parser.resolveOperands(dynamicUpper, indexType, state.operands)))
      return failure();
    staticLower.assign(ivs.size(), 0);
    staticSteps.assign(ivs.size(), 1);
  } else if (failed(parser.parseEqual()) ||
             failed(parseDynamicIndexList(parser, dynamicLower, staticLower)) ||
             failed(parser.resolveOperands(dynamicLower, indexType,
                                           state.operands)) ||
             failed(parser.parseKeyword("to")) ||
             failed(parseDynamicIndexList(parser, dynamicUpper, staticUpper)) ||
             failed(parser.resolveOperands(dynamicUpper, indexType,
                                           state.operands)) ||
             failed(parser.parseKeyword("step")) ||
             failed(parseDynamicIndexList(parser, dynamicSteps, staticSteps)) ||
             failed(parser.resolveOperands(dynamicSteps, indexType,
                                           state.operands))) {
    return failure();
  }

  llvm::SmallVector<OpAsmParser::Argument, 4> outArgs;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> outOperands;
  llvm::SmallVector<Type, 4> resultTypes;
  llvm::SMLoc outLoc = parser.getCurrentLocation();
  if (parser.parseOptionalKeyword("shared_outs") &&
      (failed(parser.parseAssignmentList(outArgs, outOperands)) ||
       failed(parser.parseOptionalArrowTypeList(resultTypes)) ||
       failed(parser.resolveOperands(outOperands, resultTypes, outLoc,
                                     state.operands))))
    return failure();
  state.addTypes(resultTypes);

  llvm::SmallVector<OpAsmParser::Argument, 4> regionArgs;
  for (OpAsmParser::Argument &iv : ivs) {
    iv.type = indexType;
    regionArgs.push_back(iv);
  }
  for (unsigned i = 0, e = outArgs.size(); i < e; ++i) {
    outArgs[i].type = resultTypes[i];
    regionArgs.push_back(outArgs[i]);
  }
  Region *body = state.addRegion();
  if (failed(parser.parseRegion(*body, regionArgs)))
    return failure();
  ensureTerminator(*body, InParallelOp::getOperationName(), context,
                   parser.getEncodedSourceLoc(parser.getNameLoc()));
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  addForallControl(state, context, staticLower, staticUpper, staticSteps,
                   {int64_t(dynamicLower.size()), int64_t(dynamicUpper.size()),
                    int64_t(dynamicSteps.size()),
                    int64_t(outOperands.size())});
  return success();
}

void ForallOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  Block *body = getBody();
  unsigned rank = getRank();
  printer << " (";
  for (unsigned i = 0; i < rank; ++i)
    printer << (i ? ", " : "") << Value(body->getArgument(i));
  auto printList = [&](llvm::StringRef name, OperandRange dynamic) {
    printDynamicIndexList(
        printer, dynamic,
        getStaticList(op, name).value_or(llvm::ArrayRef<int64_t>()));
  };
  if (isNormalized()) {
    printer << ") in ";
    printList("staticUpperBound", getDynamicUpperBound());
  } else {
    printer << ") = ";
    printList("staticLowerBound", getDynamicLowerBound());
    printer << " to ";
    printList("staticUpperBound", getDynamicUpperBound());
    printer << " step ";
    printList("staticStep", getDynamicStep());
  }
  printInitializationList(printer, body->getArguments().drop_front(rank),
                          getOutputs(), " shared_outs");
  printer << " ";
  if (op->getNumResults() != 0) {
    printer << "-> (";
    llvm::interleaveComma(op->getResultTypes(), printer.getStream(),
                          [&](Type type) { printer.printType(type); });
    printer << ") ";
  }
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/op->getNumResults() != 0);
  // MLIR prints `mapping`, a property, among the discardable attributes.
  NamedAttrList attrs(op->getAttrDictionary());
  if (Attribute mapping = op->getInherentAttr("mapping"))
    attrs.set("mapping", mapping);
  printer.printOptionalAttrDict(
      attrs.getDictionary(op->getContext()).getValue());
}

/// Whether `attr` is a device mapping (or, with `masking`, a device
/// masking) attribute of MLIR's gpu dialect, which Tilt keeps opaque.
static bool isGpuMappingAttr(Attribute attr, bool masking) {
  auto opaque = attr.dyn_cast<OpaqueAttr>();
  if (!opaque || opaque.getDialectNamespace() != "gpu")
    return false;
  llvm::StringRef data = opaque.getAttrData();
  if (masking)
    return data.startswith("mask<");
  for (llvm::StringRef kind :
       {"block<", "thread<", "warp<", "warpgroup<", "lane<", "memory_space<"})
    if (data.startswith(kind))
      return true;
  return false;
}

/// MLIR's verifyListOfOperandsOrIntegers.
static LogicalResult verifyMixedList(Operation *op, llvm::StringRef name,
                                     unsigned count,
                                     llvm::ArrayRef<int64_t> staticList,
                                     OperandRange dynamic) {
  if (staticList.size() != count)
    return op->emitError() << "expected " << count << " " << name
                           << " values, got " << unsigned(staticList.size());
  unsigned numDynamic = llvm::count(staticList, ForallOp::kDynamic);
  if (dynamic.size() != numDynamic)
    return op->emitError() << "expected " << numDynamic << " dynamic " << name
                           << " values";
  return success();
}

LogicalResult ForallOp::verify() {
  Operation *op = getOperation();
  for (llvm::StringRef name :
       {"staticLowerBound", "staticUpperBound", "staticStep"}) {
    if (!op->getInherentAttr(name))
      return emitOpError() << "requires attribute '" << name << "'";
    if (!getStaticList(op, name))
      return emitOpError() << "attribute '" << name
                           << "' failed to satisfy constraint: i64 dense "
                              "array attribute";
  }
  if (Attribute mapping = op->getInherentAttr("mapping")) {
    auto array = mapping.dyn_cast<ArrayAttr>();
    if (!array || llvm::any_of(array.getValue(), [](Attribute element) {
          return !isGpuMappingAttr(element, false) &&
                 !isGpuMappingAttr(element, true);
        }))
      return emitOpError() << "attribute 'mapping' failed to satisfy "
                              "constraint: Device Mapping array attribute";
  }
  if (failed(verifyLoopControlOperands(op)))
    return failure();
  OperandRange outputs = getOutputs();
  // The outputs are the last segment.
  unsigned first = op->getNumOperands() - outputs.size();
  for (unsigned i = 0, e = outputs.size(); i < e; ++i) {
    Type type = outputs[i].getType();
    if (!type.isa<RankedTensorType>())
      return emitOpError() << "operand #" << (first + i)
                           << " must be variadic of ranked tensor of any type "
                              "values, but got "
                           << type;
  }
  if (failed(verifyOneBlockRegion(op, 0, "region")))
    return failure();

  unsigned rank = getRank();
  if (op->getNumResults() != outputs.size())
    return emitOpError() << "produces " << op->getNumResults()
                         << " results, but has only "
                         << unsigned(outputs.size()) << " outputs";
  Block *body = getBody();
  if (body->getNumArguments() != rank + outputs.size())
    return emitOpError() << "region expects " << rank << " arguments";
  for (unsigned i = 0; i < rank; ++i)
    if (!body->getArgument(i).getType().isIndex())
      return emitOpError() << "expects " << i
                           << "-th block argument to be an index";
  for (unsigned i = 0, e = outputs.size(); i < e; ++i)
    if (body->getArgument(rank + i).getType() != outputs[i].getType())
      return emitOpError() << "type mismatch between " << i
                           << "-th output and corresponding block argument";
  if (ArrayAttr mapping = getMapping()) {
    if (!mapping.getValue().empty()) {
      unsigned numMapping =
          llvm::count_if(mapping.getValue(), [](Attribute element) {
            return isGpuMappingAttr(element, false);
          });
      unsigned numMasking =
          llvm::count_if(mapping.getValue(), [](Attribute element) {
            return isGpuMappingAttr(element, true);
          });
      if (numMapping != rank)
        return emitOpError() << "mapping attribute size must match op rank";
      if (numMasking > 1)
        return emitOpError() << "\"mapping\" supports at most one device "
                                "masking attribute";
    }
  }
  if (failed(verifyMixedList(op, "lower bound", rank,
                             *getStaticList(op, "staticLowerBound"),
                             getDynamicLowerBound())) ||
      failed(verifyMixedList(op, "upper bound", rank,
                             *getStaticList(op, "staticUpperBound"),
                             getDynamicUpperBound())) ||
      failed(verifyMixedList(op, "step", rank, *getStaticList(op, "staticStep"),
                             getDynamicStep())))
    return failure();
  return success();
}

LogicalResult ForallOp::verifyRegions() {
  // MLIR's SingleBlockImplicitTerminator check, made after the nested ops.
  Operation &last = getBody()->back();
  if (InParallelOp::classof(&last))
    return success();
  InFlightDiagnostic diag = emitOpError();
  diag << "expects regions to end with 'scf.forall.in_parallel', found '"
       << last.getName().getStringRef() << "'";
  diag.attachNote() << "in custom textual format, the absence of terminator "
                       "implies 'scf.forall.in_parallel'";
  return failure();
}

//===----------------------------------------------------------------------===//
// InParallelOp
//===----------------------------------------------------------------------===//

void InParallelOp::build(OpBuilder &builder, OperationState &state) {
  state.addRegion()->push_back(new Block());
}

LogicalResult InParallelOp::parse(OpAsmParser &parser, OperationState &state) {
  Region *region = state.addRegion();
  if (failed(parser.parseRegion(*region)))
    return failure();
  if (region->empty())
    region->push_back(new Block());
  return parser.parseOptionalAttrDict(state.attributes);
}

void InParallelOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult InParallelOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyOneBlockRegion(op, 0, "region")))
    return failure();
  // MLIR accepts ops of ParallelCombiningOpInterface here, which only the
  // tensor dialect (tensor.parallel_insert_slice) provides.
  if (!op->getRegion(0).front().empty())
    return emitOpError() << "expected only ParallelCombiningOpInterface ops";
  return success();
}
