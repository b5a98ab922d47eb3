//===- SCFControlOps.cpp - scf.while, index_switch, execute_region --------===//
//
// Syntax and verifiers of scf.while (with scf.condition), scf.index_switch
// and scf.execute_region, as MLIR 22 prints, parses and checks them. Where
// MLIR checks a constraint of its op definition before the op's own
// verifier (region sizes, property kinds, operand types), the verify()
// below does so first too, so that the first error is the same. The
// checks of values along the control flow (types of yielded values against
// block arguments and results) come from SCFRegionBranch.cpp and run after
// the nested ops, as MLIR's RegionBranchOpInterface verifier does.
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "llvm/ADT/DenseSet.h"

using namespace tilt;
using namespace tilt::scf;
using namespace tilt::scf::detail;

/// The terminator ending `region`'s first block if it is of kind `OpT`;
/// otherwise reports `message` (with a note on the terminator found) and
/// returns null. MLIR's verifyAndGetTerminator.
template <typename OpT>
static Operation *getTerminatorOrError(Operation *op, Region &region,
                                       llvm::StringRef message) {
  Operation *terminator = nullptr;
  if (!region.empty() && !region.front().empty()) {
    terminator = &region.front().back();
    if (OpT::classof(terminator))
      return terminator;
  }
  InFlightDiagnostic diag = op->emitOpError() << message;
  if (terminator)
    diag.attachNote(terminator->getLoc()) << "terminator here";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

void WhileOp::build(OpBuilder &builder, OperationState &state,
                    TypeRange resultTypes, ValueRange inits) {
  state.addOperands(inits);
  llvm::SmallVector<Type, 4> results(resultTypes.begin(), resultTypes.end());
  state.addTypes(results);
  auto *before = new Block();
  for (Value init : inits)
    before->addArgument(init.getType(), init.getLoc());
  state.addRegion()->push_back(before);
  auto *after = new Block();
  for (Type type : results)
    after->addArgument(type, state.location);
  state.addRegion()->push_back(after);
}

LogicalResult WhileOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::Argument, 4> regionArgs;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  Region *before = state.addRegion();
  Region *after = state.addRegion();
  OptionalParseResult list =
      parser.parseOptionalAssignmentList(regionArgs, operands);
  if (list.has_value() && failed(*list))
    return failure();
  FunctionType functionType;
  if (failed(parser.parseColon()))
    return failure();
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  if (failed(parser.parseFunctionType(functionType)))
    return failure();
  llvm::SmallVector<Type, 4> results(functionType.getResults().begin(),
                                     functionType.getResults().end());
  state.addTypes(results);
  llvm::ArrayRef<Type> inputs = functionType.getInputs();
  if (inputs.size() != operands.size())
    return parser.emitError(typeLoc)
           << "expected as many input types as operands (expected "
           << unsigned(operands.size()) << " got " << unsigned(inputs.size())
           << ")";
  if (failed(parser.resolveOperands(
          operands, inputs, parser.getCurrentLocation(), state.operands)))
    return failure();
  for (size_t i = 0, e = regionArgs.size(); i < e; ++i)
    regionArgs[i].type = inputs[i];
  if (failed(parser.parseRegion(*before, regionArgs)) ||
      failed(parser.parseKeyword("do")) || failed(parser.parseRegion(*after)))
    return failure();
  return parser.parseOptionalAttrDictWithKeyword(state.attributes);
}

void WhileOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printInitializationList(printer, getBefore().front().getArguments(),
                          op->getOperands(), " ");
  printer << " : ";
  printer.printFunctionalType(op->getOperandTypes(), op->getResultTypes());
  printer << ' ';
  printer.printRegion(getBefore(), /*printEntryBlockArgs=*/false);
  printer << " do ";
  printer.printRegion(getAfter());
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
}

LogicalResult WhileOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyOneBlockRegion(op, 0, "before")) ||
      failed(verifyOneBlockRegion(op, 1, "after")))
    return failure();
  if (!getTerminatorOrError<ConditionOp>(
          op, getBefore(),
          "expects the 'before' region to terminate with 'scf.condition'") ||
      !getTerminatorOrError<YieldOp>(
          op, getAfter(),
          "expects the 'after' region to terminate with 'scf.yield'"))
    return failure();
  return success();
}

LogicalResult WhileOp::verifyRegions() {
  return verifyRegionBranchEdges(getOperation());
}

//===----------------------------------------------------------------------===//
// ConditionOp
//===----------------------------------------------------------------------===//

void ConditionOp::build(OpBuilder &builder, OperationState &state,
                        Value condition, ValueRange args) {
  state.addOperands(condition);
  state.addOperands(args);
}

LogicalResult ConditionOp::parse(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::UnresolvedOperand condition;
  if (failed(parser.parseLParen()) || failed(parser.parseOperand(condition)) ||
      failed(parser.parseRParen()) ||
      failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  if (failed(parser.resolveOperand(
          condition, IntegerType::get(parser.getContext(), 1), state.operands)))
    return failure();
  return parser.parseOptionalOperandsWithTypes(state.operands);
}

void ConditionOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << "(" << getCondition() << ")";
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer.printOptionalOperandsWithTypes(getArgs());
}

LogicalResult ConditionOp::verify() {
  Type type = getCondition().getType();
  if (!type.isSignlessInteger(1))
    return emitOpError() << "operand #0 must be 1-bit signless integer, but "
                            "got "
                         << type;
  return success();
}

//===----------------------------------------------------------------------===//
// IndexSwitchOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> IndexSwitchOp::getAttributeNames() {
  static llvm::StringRef names[] = {"cases"};
  return names;
}

/// The `cases` property if it is an i64 dense array.
static DenseArrayAttr getCasesAttr(Operation *op) {
  auto cases = op->getInherentAttr("cases").dyn_cast_or_null<DenseArrayAttr>();
  if (!cases || !cases.getElementType().isSignlessInteger(64))
    return DenseArrayAttr();
  return cases;
}

llvm::ArrayRef<int64_t> IndexSwitchOp::getCases() {
  if (DenseArrayAttr cases = getCasesAttr(getOperation()))
    return cases.getIntValues();
  return {};
}

LogicalResult IndexSwitchOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  OpAsmParser::UnresolvedOperand arg;
  if (failed(parser.parseOperand(arg)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  llvm::SmallVector<Type, 4> resultTypes;
  if (parser.parseOptionalArrow() && failed(parser.parseTypeList(resultTypes)))
    return failure();
  state.addTypes(resultTypes);
  // The default region is region 0; the case regions follow.
  Region *defaultRegion = state.addRegion();
  llvm::SmallVector<int64_t, 4> cases;
  while (parser.parseOptionalKeyword("case")) {
    int64_t value;
    if (failed(parser.parseInteger(value)) ||
        failed(parser.parseRegion(*state.addRegion())))
      return failure();
    cases.push_back(value);
  }
  state.addAttribute("cases", DenseArrayAttr::getI64(context, cases));
  if (failed(parser.parseKeyword("default")) ||
      failed(parser.parseRegion(*defaultRegion)))
    return failure();
  // As MLIR's generated parser, only the default region gets an implicit
  // scf.yield.
  ensureTerminator(*defaultRegion, YieldOp::getOperationName(), context,
                   parser.getEncodedSourceLoc(parser.getNameLoc()));
  return parser.resolveOperand(arg, IndexType::get(context), state.operands);
}

void IndexSwitchOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << op->getOperand(0);
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  if (op->getNumResults() != 0) {
    printer << " -> ";
    llvm::interleaveComma(op->getResultTypes(), printer.getStream(),
                          [&](Type type) { printer.printType(type); });
  }
  // MLIR's format puts a space before the cases, each on its own line.
  printer << ' ';
  llvm::ArrayRef<int64_t> cases = getCases();
  for (unsigned i = 0, e = getNumCases(); i < e; ++i) {
    printer.printNewline();
    printer << "case " << cases[i] << ' ';
    printer.printRegion(getCaseRegion(i), /*printEntryBlockArgs=*/false);
  }
  printer.printNewline();
  printer << "default ";
  // An operand-less scf.yield without attributes is left implicit.
  Region &defaultRegion = getDefaultRegion();
  bool printTerminator = true;
  if (!defaultRegion.empty() && !defaultRegion.front().empty()) {
    Operation &terminator = defaultRegion.front().back();
    printTerminator = terminator.getNumOperands() != 0 ||
                      !terminator.getAttrDictionary().empty();
  }
  printer.printRegion(defaultRegion, /*printEntryBlockArgs=*/true,
                      printTerminator);
}

LogicalResult IndexSwitchOp::verify() {
  Operation *op = getOperation();
  if (op->getNumRegions() < 1)
    return emitOpError() << "expected 1 or more regions";
  Type type = op->getOperand(0).getType();
  if (!type.isIndex())
    return emitOpError() << "operand #0 must be index, but got " << type;
  Attribute casesAttr = op->getInherentAttr("cases");
  if (!casesAttr)
    return emitOpError() << "requires attribute 'cases'";
  if (!getCasesAttr(op))
    return emitOpError() << "attribute 'cases' failed to satisfy constraint: "
                            "i64 dense array attribute";
  if (failed(verifyOneBlockRegion(op, 0, "defaultRegion")))
    return failure();
  for (unsigned i = 1, e = op->getNumRegions(); i < e; ++i)
    if (failed(verifyOneBlockRegion(op, i, "caseRegions")))
      return failure();

  llvm::ArrayRef<int64_t> cases = getCases();
  if (cases.size() != getNumCases())
    return emitOpError() << "has " << getNumCases() << " case regions but "
                         << unsigned(cases.size()) << " case values";
  llvm::DenseSet<int64_t> seen;
  for (int64_t value : cases)
    if (!seen.insert(value).second)
      return emitOpError() << "has duplicate case value: " << value;

  auto verifyRegion = [&](Region &region,
                          const llvm::Twine &name) -> LogicalResult {
    Block &block = region.front();
    // MLIR reads the last op of the block unchecked; an empty block is
    // reported by its SingleBlock trait before.
    if (block.empty())
      return emitOpError() << "expects a non-empty block";
    Operation &last = block.back();
    if (!YieldOp::classof(&last))
      return emitOpError() << "expected region to end with scf.yield, but got "
                           << last.getName().getStringRef();
    if (last.getNumOperands() != op->getNumResults()) {
      InFlightDiagnostic diag = emitOpError();
      diag << "expected each region to return " << op->getNumResults()
           << " values, but " << name << " returns " << last.getNumOperands();
      diag.attachNote(last.getLoc()) << "see yield operation here";
      return failure();
    }
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      Type resultType = op->getResult(i).getType();
      Type yielded = last.getOperand(i).getType();
      if (yielded == resultType)
        continue;
      InFlightDiagnostic diag = emitOpError();
      diag << "expected result #" << i << " of each region to be "
           << resultType;
      diag.attachNote(last.getLoc())
          << name << " returns " << yielded << " here";
      return failure();
    }
    return success();
  };
  if (failed(verifyRegion(getDefaultRegion(), "default region")))
    return failure();
  for (unsigned i = 0, e = getNumCases(); i < e; ++i)
    if (failed(
            verifyRegion(getCaseRegion(i), "case region #" + llvm::Twine(i))))
      return failure();
  return success();
}

LogicalResult IndexSwitchOp::verifyRegions() {
  return verifyRegionBranchEdges(getOperation());
}

//===----------------------------------------------------------------------===//
// ExecuteRegionOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ExecuteRegionOp::getAttributeNames() {
  static llvm::StringRef names[] = {"no_inline"};
  return names;
}

bool ExecuteRegionOp::getNoInline() {
  return bool(getOperation()->getInherentAttr("no_inline"));
}

LogicalResult ExecuteRegionOp::parse(OpAsmParser &parser,
                                     OperationState &state) {
  llvm::SmallVector<Type, 4> resultTypes;
  if (failed(parser.parseOptionalArrowTypeList(resultTypes)))
    return failure();
  state.addTypes(resultTypes);
  if (parser.parseOptionalKeyword("no_inline"))
    state.addAttribute("no_inline", UnitAttr::get(parser.getContext()));
  if (failed(parser.parseRegion(*state.addRegion())))
    return failure();
  return parser.parseOptionalAttrDict(state.attributes);
}

void ExecuteRegionOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  if (op->getNumResults() != 0)
    printer.printArrowTypeList(op->getResultTypes());
  printer << ' ';
  if (getNoInline())
    printer << "no_inline ";
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult ExecuteRegionOp::verify() {
  Operation *op = getOperation();
  Attribute noInline = op->getInherentAttr("no_inline");
  if (noInline && !noInline.isa<UnitAttr>())
    return emitOpError() << "attribute 'no_inline' failed to satisfy "
                            "constraint: unit attribute";
  Region &region = op->getRegion(0);
  if (region.empty())
    return emitOpError() << "region needs to have at least one block";
  if (region.front().getNumArguments() != 0)
    return emitOpError() << "region cannot have any arguments";
  return success();
}

LogicalResult ExecuteRegionOp::verifyRegions() {
  return verifyRegionBranchEdges(getOperation());
}
