//===- SCFOps.cpp - The scf dialect, scf.for, scf.if, scf.yield -----------===//
//
// The dialect's registration, and scf.for, scf.if and scf.yield (the other
// ops live in SCFControlOps.cpp and SCFLoopOps.cpp). Custom syntax as MLIR
// prints it: the loop body's terminator is implicit
// when the loop has no results (the parser adds scf.yield), scf.if drops an
// empty else region, and a non-index induction variable is written
// `step %s  : i32` (with MLIR's two spaces).
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "tilt/Dialect/Arith/Arith.h"

using namespace tilt;
using namespace tilt::scf;

SCFDialect::SCFDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<SCFDialect>()) {
  addOperations<ConditionOp, ExecuteRegionOp, ForOp, ForallOp, IfOp,
                IndexSwitchOp, InParallelOp, ParallelOp, ReduceOp,
                ReduceReturnOp, WhileOp, YieldOp>();
  // A dependent dialect, as in MLIR: the canonicalization patterns create
  // arith.select, which must be a registered op wherever scf is loaded.
  context->getOrLoadDialect<arith::ArithDialect>();
}

/// Appends an operand-less scf.yield to a block that has no terminator.
static void ensureTerminator(Region &region, Context *context, Location loc) {
  scf::detail::ensureTerminator(region, YieldOp::getOperationName(), context,
                                loc);
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ForOp::getAttributeNames() {
  static llvm::StringRef names[] = {"unsignedCmp"};
  return names;
}

void ForOp::build(OpBuilder &builder, OperationState &state, Value lowerBound,
                  Value upperBound, Value step, ValueRange initArgs) {
  state.addOperands({lowerBound, upperBound, step});
  state.addOperands(initArgs);
  llvm::SmallVector<Type, 4> types = initArgs.getTypes();
  state.addTypes(types);
  Region *body = state.addRegion();
  auto *block = new Block();
  block->addArgument(lowerBound.getType(), state.location);
  for (Type type : types)
    block->addArgument(type, state.location);
  body->push_back(block);
  llvm::SmallVector<Value, 4> iterArgs(block->getArguments().begin() + 1,
                                       block->getArguments().end());
  OperationState yield(state.location, YieldOp::getOperationName(),
                       builder.getContext());
  yield.addOperands(iterArgs);
  block->push_back(Operation::create(yield));
}

OperandRange ForOp::getInitArgs() {
  return OperandRange(getOperation()->getOpOperands().drop_front(3));
}

LogicalResult ForOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  if (parser.parseOptionalKeyword("unsigned"))
    state.properties.set("unsignedCmp", UnitAttr::get(context));
  OpAsmParser::Argument inductionVar;
  OpAsmParser::UnresolvedOperand lowerBound, upperBound, step;
  if (failed(parser.parseArgument(inductionVar)) ||
      failed(parser.parseEqual()) || failed(parser.parseOperand(lowerBound)) ||
      failed(parser.parseKeyword("to")) ||
      failed(parser.parseOperand(upperBound)) ||
      failed(parser.parseKeyword("step")) || failed(parser.parseOperand(step)))
    return failure();

  llvm::SmallVector<OpAsmParser::Argument, 4> regionArgs{inductionVar};
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> initOperands;
  llvm::SmallVector<Type, 4> resultTypes;
  if (parser.parseOptionalKeyword("iter_args")) {
    if (failed(parser.parseAssignmentList(regionArgs, initOperands)) ||
        failed(parser.parseArrowTypeList(resultTypes)))
      return failure();
    if (resultTypes.size() != initOperands.size())
      return parser.emitError(parser.getNameLoc())
             << "mismatch in number of loop-carried values and defined values";
  }
  Type ivType = IndexType::get(context);
  if (parser.parseOptionalColon() && failed(parser.parseType(ivType)))
    return failure();

  regionArgs[0].type = ivType;
  for (size_t i = 0; i < resultTypes.size(); ++i)
    regionArgs[i + 1].type = resultTypes[i];
  if (failed(parser.resolveOperand(lowerBound, ivType, state.operands)) ||
      failed(parser.resolveOperand(upperBound, ivType, state.operands)) ||
      failed(parser.resolveOperand(step, ivType, state.operands)))
    return failure();
  for (size_t i = 0; i < initOperands.size(); ++i)
    if (failed(parser.resolveOperand(initOperands[i], resultTypes[i],
                                     state.operands)))
      return failure();
  state.addTypes(resultTypes);

  Region *body = state.addRegion();
  if (failed(parser.parseRegion(*body, regionArgs)))
    return failure();
  ensureTerminator(*body, context,
                   parser.getEncodedSourceLoc(parser.getNameLoc()));
  return parser.parseOptionalAttrDict(state.attributes);
}

void ForOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  if (op->getInherentAttr("unsignedCmp"))
    printer << "unsigned ";
  printer.printOperand(getInductionVar());
  printer << " = ";
  printer.printOperand(getLowerBound());
  printer << " to ";
  printer.printOperand(getUpperBound());
  printer << " step ";
  printer.printOperand(getStep());
  unsigned numIterArgs = op->getNumOperands() - 3;
  if (numIterArgs != 0) {
    printer << " iter_args(";
    for (unsigned i = 0; i < numIterArgs; ++i) {
      if (i)
        printer << ", ";
      printer.printOperand(getBody()->getArgument(i + 1));
      printer << " = ";
      printer.printOperand(op->getOperand(i + 3));
    }
    printer << ")";
    printer << " -> (";
    llvm::interleaveComma(op->getResultTypes(), printer.getStream(),
                          [&](Type type) { printer.printType(type); });
    printer << ")";
  }
  if (!getInductionVar().getType().isIndex()) {
    printer << "  : ";
    printer.printType(getInductionVar().getType());
  }
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/numIterArgs != 0);
  llvm::SmallVector<NamedAttribute, 4> attrs(op->getAttrDictionary().begin(),
                                             op->getAttrDictionary().end());
  printer.printOptionalAttrDict(attrs);
}

LogicalResult ForOp::verifyInvariantsImpl() {
  Operation *op = getOperation();
  Attribute unsignedCmp = op->getInherentAttr("unsignedCmp");
  if (unsignedCmp && !unsignedCmp.isa<UnitAttr>())
    return emitInvalidPropertyError(op, "unsignedCmp");
  return success();
}

LogicalResult ForOp::verify() {
  Operation *op = getOperation();
  // MLIR's op definition: the operand kinds, AllTypesMatch on the bounds
  // and step, then a one-block region, in this order.
  for (unsigned i = 0; i < 3; ++i) {
    Type type = op->getOperand(i).getType();
    if (!type.isSignlessIntOrIndex())
      return emitOpError() << "operand #" << i
                           << " must be signless integer or index, but got "
                           << type;
  }
  Type boundType = getLowerBound().getType();
  if (getUpperBound().getType() != boundType ||
      getStep().getType() != boundType)
    return emitOpError() << "failed to verify that all of {lowerBound, "
                            "upperBound, step} have same type";
  if (failed(detail::verifyOneBlockRegion(op, 0, "region")))
    return failure();
  if (getInitArgs().size() != op->getNumResults())
    return emitOpError() << "mismatch in number of loop-carried values and "
                            "defined values";
  return success();
}

/// MLIR 22's LoopLikeOpInterface verifier on scf.for: the numbers, then the
/// types, of the initial values, the region iteration arguments, the
/// yielded values (unless scf.yield has none, which the region-branch check
/// reports) and the results.
static LogicalResult verifyLoopCarriedValues(ForOp forOp) {
  Operation *op = forOp.getOperation();
  Block *body = forOp.getBody();
  OperandRange inits = forOp.getInitArgs();
  Operation *yield = &body->back();
  // MLIR drops the induction variable from the block arguments without a
  // check: a block without arguments has 2^64 - 1 iteration arguments.
  uint64_t numIterArgs = uint64_t(body->getNumArguments()) - 1;
  uint64_t numYielded = yield->getNumOperands();
  if (inits.size() != numIterArgs)
    return forOp.emitOpError()
           << "different number of inits and region iter_args: "
           << uint64_t(inits.size()) << " != " << numIterArgs;
  if (numYielded != 0 && numIterArgs != numYielded)
    return forOp.emitOpError()
           << "different number of region iter_args and yielded values: "
           << numIterArgs << " != " << numYielded;
  if (op->getNumResults() != numIterArgs)
    return forOp.emitOpError()
           << "different number of loop results and region iter_args: "
           << op->getNumResults() << " != " << numIterArgs;
  for (unsigned i = 0; i < numIterArgs; ++i) {
    Type initType = inits[i].getType();
    Type argType = body->getArgument(i + 1).getType();
    if (initType != argType)
      return forOp.emitOpError()
             << i << "-th init and " << i
             << "-th region iter_arg have different type: " << initType
             << " != " << argType;
    if (numYielded == 0)
      continue;
    Type yieldedType = yield->getOperand(i).getType();
    if (argType != yieldedType)
      return forOp.emitOpError()
             << i << "-th region iter_arg and " << i
             << "-th yielded value have different type: " << argType
             << " != " << yieldedType;
  }
  for (unsigned i = 0; i < numIterArgs; ++i) {
    Type argType = body->getArgument(i + 1).getType();
    Type resultType = op->getResult(i).getType();
    // MLIR 22 numbers this message with a counter it only advances after
    // the loop: it always says 0.
    if (argType != resultType)
      return forOp.emitOpError()
             << "0-th region iter_arg and 0-th loop result have different "
                "type: "
             << argType << " != " << resultType;
  }
  return success();
}

LogicalResult ForOp::verifyRegions() {
  Operation *op = getOperation();
  if (failed(OpTrait::impl::verifySingleBlockImplicitTerminator(
          op, YieldOp::getOperationName())) ||
      failed(verifyLoopCarriedValues(*this)) ||
      failed(detail::verifyRegionBranchEdges(op)))
    return failure();
  if (getInductionVar().getType() != getLowerBound().getType())
    return emitOpError()
           << "expected induction variable to be same type as bounds and step";
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

void IfOp::build(OpBuilder &builder, OperationState &state,
                 TypeRange resultTypes, Value condition, bool withElse) {
  state.addOperands(condition);
  state.addTypes(resultTypes);
  Context *context = builder.getContext();
  Region *thenRegion = state.addRegion();
  Region *elseRegion = state.addRegion();
  thenRegion->push_back(new Block());
  if (resultTypes.empty())
    ensureTerminator(*thenRegion, context, state.location);
  if (withElse || !resultTypes.empty()) {
    elseRegion->push_back(new Block());
    if (resultTypes.empty())
      ensureTerminator(*elseRegion, context, state.location);
  }
}

LogicalResult IfOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  OpAsmParser::UnresolvedOperand condition;
  if (failed(parser.parseOperand(condition)) ||
      failed(parser.resolveOperand(condition, IntegerType::get(context, 1),
                                   state.operands)))
    return failure();
  llvm::SmallVector<Type, 4> resultTypes;
  if (failed(parser.parseOptionalArrowTypeList(resultTypes)))
    return failure();
  state.addTypes(resultTypes);
  Location loc = parser.getEncodedSourceLoc(parser.getNameLoc());
  Region *thenRegion = state.addRegion();
  Region *elseRegion = state.addRegion();
  if (failed(parser.parseRegion(*thenRegion)))
    return failure();
  ensureTerminator(*thenRegion, context, loc);
  if (parser.parseOptionalKeyword("else")) {
    if (failed(parser.parseRegion(*elseRegion)))
      return failure();
    ensureTerminator(*elseRegion, context, loc);
  }
  return parser.parseOptionalAttrDict(state.attributes);
}

void IfOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  bool printTerminators = op->getNumResults() != 0;
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  if (op->getNumResults() != 0) {
    printer << " -> (";
    llvm::interleaveComma(op->getResultTypes(), printer.getStream(),
                          [&](Type type) { printer.printType(type); });
    printer << ")";
  }
  printer << ' ';
  printer.printRegion(getThenRegion(), /*printEntryBlockArgs=*/false,
                      printTerminators);
  Region &elseRegion = getElseRegion();
  if (!elseRegion.empty()) {
    printer << " else ";
    printer.printRegion(elseRegion, /*printEntryBlockArgs=*/false,
                        printTerminators);
  }
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult IfOp::verify() {
  Operation *op = getOperation();
  Type conditionType = op->getOperand(0).getType();
  if (!conditionType.isSignlessInteger(1))
    return emitOpError() << "operand #0 must be 1-bit signless integer, but "
                            "got "
                         << conditionType;
  if (failed(detail::verifyOneBlockRegion(op, 0, "thenRegion")))
    return failure();
  if (op->getNumResults() != 0 && getElseRegion().empty())
    return emitOpError() << "must have an else block if defining values";
  return success();
}

LogicalResult IfOp::verifyRegions() {
  Operation *op = getOperation();
  if (failed(OpTrait::impl::verifySingleBlockImplicitTerminator(
          op, YieldOp::getOperationName())))
    return failure();
  return detail::verifyRegionBranchEdges(op);
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

void YieldOp::build(OpBuilder &builder, OperationState &state,
                    ValueRange operands) {
  state.addOperands(operands);
}

LogicalResult YieldOp::parse(OpAsmParser &parser, OperationState &state) {
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  return parser.parseOptionalOperandsWithTypes(state.operands);
}

void YieldOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer.printOptionalOperandsWithTypes(op->getOperands());
}
