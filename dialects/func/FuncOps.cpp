//===- FuncOps.cpp - The func dialect -------------------------------------===//
//
// The custom syntax follows MLIR's function_interface_impl: an optional
// visibility, the symbol, the signature (named arguments when there is a
// body, bare types for a declaration), `attributes {...}` and the body.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Func/Func.h"
#include "tilt/IR/Matchers.h"
#include "tilt/IR/SymbolTable.h"
#include "tilt/Rewrite/PatternMatch.h"

using namespace tilt;
using namespace tilt::func;

FuncDialect::FuncDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<FuncDialect>()) {
  addOperations<FuncOp, ReturnOp, CallOp, ConstantOp, CallIndirectOp>();
}

Operation *FuncDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  auto symbol = value.dyn_cast_or_null<FlatSymbolRefAttr>();
  if (!symbol || !type.isa<FunctionType>())
    return nullptr;
  return builder.create<ConstantOp>(loc, symbol.getValue(), type)
      .getOperation();
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> FuncOp::getAttributeNames() {
  static llvm::StringRef names[] = {"arg_attrs", "function_type",
                                    "no_inline", "res_attrs",
                                    "sym_name",  "sym_visibility"};
  return names;
}

void FuncOp::build(OpBuilder &builder, OperationState &state,
                   llvm::StringRef name, FunctionType type) {
  state.addAttribute("sym_name", builder.getStringAttr(name));
  state.addAttribute("function_type", TypeAttr::get(type));
  Region *body = state.addRegion();
  auto *entry = new Block();
  for (Type input : type.getInputs())
    entry->addArgument(input, state.location);
  body->push_back(entry);
}

llvm::StringRef FuncOp::getSymName() {
  if (auto name = getOperation()
                      ->getInherentAttr("sym_name")
                      .dyn_cast_or_null<StringAttr>())
    return name.getValue();
  return "";
}

FunctionType FuncOp::getFunctionType() {
  auto typeAttr = getOperation()
                      ->getInherentAttr("function_type")
                      .dyn_cast_or_null<TypeAttr>();
  return typeAttr ? typeAttr.getValue().dyn_cast<FunctionType>()
                  : FunctionType();
}

/// Parses one result: `type {attrs}?`.
static LogicalResult parseResultList(OpAsmParser &parser,
                                     llvm::SmallVectorImpl<Type> &types,
                                     llvm::SmallVectorImpl<Attribute> &attrs) {
  auto parseOne = [&]() -> LogicalResult {
    Type type;
    if (failed(parser.parseType(type)))
      return failure();
    types.push_back(type);
    NamedAttrList resultAttrs;
    resultAttrs.context = parser.getContext();
    if (failed(parser.parseOptionalAttrDict(resultAttrs)))
      return failure();
    attrs.push_back(resultAttrs.getDictionary(parser.getContext()));
    return success();
  };
  if (!parser.parseOptionalLParen()) {
    // A single result without parentheses: no attributes allowed.
    Type type;
    if (failed(parser.parseType(type)))
      return failure();
    types.push_back(type);
    attrs.push_back(DictionaryAttr::get(parser.getContext()));
    return success();
  }
  if (parser.parseOptionalRParen())
    return success();
  if (failed(
          parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseOne)))
    return failure();
  return parser.parseRParen();
}

/// `arg_attrs`/`res_attrs` only when some entry is not empty, as MLIR.
static void addArgOrResultAttrs(OperationState &state, llvm::StringRef name,
                                llvm::ArrayRef<Attribute> attrs) {
  if (llvm::all_of(attrs, [](Attribute attr) {
        return attr.cast<DictionaryAttr>().empty();
      }))
    return;
  state.properties.set(name, ArrayAttr::get(state.getContext(), attrs));
}

LogicalResult FuncOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  llvm::StringRef visibility;
  if (succeeded(parser.parseOptionalKeyword(&visibility,
                                            {"private", "public", "nested"})))
    state.properties.set("sym_visibility",
                         StringAttr::get(context, visibility));
  StringAttr name;
  if (failed(parser.parseSymbolName(name)))
    return failure();
  state.properties.set("sym_name", name);

  // Arguments: named (with a body) or bare types (a declaration).
  llvm::SmallVector<OpAsmParser::Argument, 4> arguments;
  llvm::SmallVector<Type, 4> argTypes;
  llvm::SmallVector<Attribute, 4> argAttrs;
  bool named = false, unnamed = false;
  // As MLIR: the first argument decides whether all are named.
  auto parseArgument = [&]() -> LogicalResult {
    OpAsmParser::Argument argument;
    llvm::SMLoc argumentLoc = parser.getCurrentLocation();
    OptionalParseResult isNamed =
        unnamed ? OptionalParseResult(std::nullopt)
                : parser.parseOptionalArgument(argument, /*allowType=*/true,
                                               /*allowAttrs=*/true);
    if (named && !isNamed.has_value())
      return parser.emitError(argumentLoc) << "expected SSA identifier";
    if (isNamed.has_value()) {
      if (failed(*isNamed))
        return failure();
      named = true;
    } else {
      unnamed = true;
      if (parser.getCurrentLocation().getPointer()[0] == '%')
        return parser.emitError(argumentLoc)
               << "expected type instead of SSA identifier";
      if (failed(parser.parseType(argument.type)))
        return failure();
      NamedAttrList attrs;
      attrs.context = context;
      if (failed(parser.parseOptionalAttrDict(attrs)))
        return failure();
      argument.attrs = attrs.getDictionary(context);
      std::optional<Location> loc;
      if (failed(parser.parseOptionalLocationSpecifier(loc)))
        return failure();
    }
    argTypes.push_back(argument.type);
    argAttrs.push_back(argument.attrs
                           ? Attribute(argument.attrs)
                           : Attribute(DictionaryAttr::get(context)));
    arguments.push_back(argument);
    return success();
  };
  if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren,
                                            parseArgument)))
    return failure();

  llvm::SmallVector<Type, 4> resultTypes;
  llvm::SmallVector<Attribute, 4> resultAttrs;
  if (parser.parseOptionalArrow() &&
      failed(parseResultList(parser, resultTypes, resultAttrs)))
    return failure();
  state.properties.set("function_type", TypeAttr::get(FunctionType::get(
                                            context, argTypes, resultTypes)));
  addArgOrResultAttrs(state, "arg_attrs", argAttrs);
  addArgOrResultAttrs(state, "res_attrs", resultAttrs);
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();

  Region *body = state.addRegion();
  llvm::SMLoc bodyLoc = parser.getCurrentLocation();
  // With bare types, a body declares its entry block itself (MLIR's older
  // form `func.func @f(i32) { ^bb0(%a: i32): ... }`); the verifier checks
  // the block's arguments against the signature.
  if (unnamed)
    arguments.clear();
  OptionalParseResult hasBody = parser.parseOptionalRegion(*body, arguments);
  if (hasBody.has_value()) {
    if (failed(*hasBody))
      return failure();
    if (body->empty())
      return parser.emitError(bodyLoc) << "expected non-empty function body";
  }
  return success();
}

void FuncOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  if (auto visibility =
          op->getInherentAttr("sym_visibility").dyn_cast_or_null<StringAttr>())
    printer << visibility.getValue() << ' ';
  printer.printSymbolName(getSymName());
  FunctionType type = getFunctionType();
  auto argAttrs =
      op->getInherentAttr("arg_attrs").dyn_cast_or_null<ArrayAttr>();
  auto resAttrs =
      op->getInherentAttr("res_attrs").dyn_cast_or_null<ArrayAttr>();
  auto attrsAt = [](ArrayAttr array, unsigned i) {
    llvm::ArrayRef<NamedAttribute> none;
    if (!array || i >= array.size())
      return none;
    auto dict = array[i].dyn_cast<DictionaryAttr>();
    return dict ? dict.getValue() : none;
  };
  Region &body = getBody();
  bool isExternal = body.empty();
  printer << '(';
  for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i) {
    if (i > 0)
      printer << ", ";
    if (!isExternal && i < body.front().getNumArguments()) {
      printer.printRegionArgument(body.front().getArgument(i),
                                  attrsAt(argAttrs, i));
    } else {
      printer.printType(type.getInput(i));
      printer.printOptionalAttrDict(attrsAt(argAttrs, i));
    }
  }
  printer << ')';
  if (type.getNumResults() != 0) {
    printer << " -> ";
    bool needsParens = type.getNumResults() > 1 ||
                       type.getResult(0).isa<FunctionType>() ||
                       !attrsAt(resAttrs, 0).empty();
    if (needsParens)
      printer << '(';
    for (unsigned i = 0, e = type.getNumResults(); i < e; ++i) {
      if (i > 0)
        printer << ", ";
      printer.printType(type.getResult(i));
      printer.printOptionalAttrDict(attrsAt(resAttrs, i));
    }
    if (needsParens)
      printer << ')';
  }
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
  if (!isExternal) {
    printer << ' ';
    printer.printRegion(body, /*printEntryBlockArgs=*/false,
                        /*printBlockTerminators=*/true);
  }
}

LogicalResult FuncOp::verifyInvariantsImpl() {
  Operation *op = getOperation();
  Attribute type = op->getInherentAttr("function_type");
  if (!type)
    return emitOpError() << "requires attribute 'function_type'";
  Attribute name = op->getInherentAttr("sym_name");
  if (!name)
    return emitOpError() << "requires attribute 'sym_name'";
  // MLIR rejects these when it converts the properties, as it parses.
  for (llvm::StringRef property : {"sym_name", "sym_visibility"}) {
    Attribute value = op->getInherentAttr(property);
    if (value && !value.isa<StringAttr>())
      return emitInvalidPropertyError(op, property);
  }
  auto typeAttr = type.dyn_cast<TypeAttr>();
  if (!typeAttr || !typeAttr.getValue().isa<FunctionType>())
    return emitOpError() << "attribute 'function_type' failed to satisfy "
                            "constraint: type attribute of function type";
  for (llvm::StringRef property : {"arg_attrs", "res_attrs"}) {
    Attribute value = op->getInherentAttr(property);
    auto array = value.dyn_cast_or_null<ArrayAttr>();
    if (value && (!array || !llvm::all_of(array, [](Attribute element) {
                    return element.isa<DictionaryAttr>();
                  })))
      return emitOpError() << "attribute '" << property
                           << "' failed to satisfy constraint: Array of "
                              "dictionary attributes";
  }
  return success();
}

LogicalResult FuncOp::verify() {
  Operation *op = getOperation();
  // As MLIR's SymbolOpInterface: a symbol lives directly in a symbol table
  // (so a func.func nested in a func.func is rejected).
  Operation *parent = op->getParentOp();
  if (parent && !parent->hasTrait<OpTrait::SymbolTable>())
    return emitOpError() << "symbol's parent must have the SymbolTable trait";
  FunctionType type = getFunctionType();
  if (!type)
    return emitOpError() << "requires attribute 'function_type' to be a "
                            "function type";
  if (Attribute visibility = op->getInherentAttr("sym_visibility")) {
    auto str = visibility.dyn_cast<StringAttr>();
    if (!str || (str.getValue() != "public" && str.getValue() != "private" &&
                 str.getValue() != "nested"))
      return emitOpError() << "visibility expected to be one of [\"public\", "
                              "\"private\", \"nested\"], but got "
                           << visibility;
  }
  for (llvm::StringRef name : {"arg_attrs", "res_attrs"}) {
    Attribute attr = op->getInherentAttr(name);
    if (!attr)
      continue;
    auto array = attr.cast<ArrayAttr>();
    bool isArgs = name == "arg_attrs";
    unsigned expected = isArgs ? type.getNumInputs() : type.getNumResults();
    if (array.size() != expected)
      return emitOpError() << "expects " << (isArgs ? "argument" : "result")
                           << " attribute array to have the same number of "
                              "elements as the number of function "
                           << (isArgs ? "arguments" : "results") << ", got "
                           << uint64_t(array.size()) << ", but expected "
                           << uint64_t(expected);
    // As MLIR's function_interface_impl: argument and result attributes
    // belong to a dialect, so their names carry a `dialect.` prefix.
    for (Attribute dict : array)
      for (const NamedAttribute &named : dict.cast<DictionaryAttr>().getValue())
        if (!named.getName().getValue().contains('.'))
          return emitOpError()
                 << (name == "arg_attrs" ? "arguments" : "results")
                 << " may only have dialect attributes";
  }
  if (isDeclaration()) {
    if (!op->getInherentAttr("sym_visibility"))
      return emitOpError() << "symbol declaration cannot have public "
                              "visibility";
    return success();
  }
  Block &entry = getBody().front();
  if (entry.getNumArguments() != type.getNumInputs())
    return emitOpError() << "entry block must have " << type.getNumInputs()
                         << " arguments to match function signature";
  for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i)
    if (entry.getArgument(i).getType() != type.getInput(i))
      return emitOpError() << "type of entry block argument #" << i << "("
                           << entry.getArgument(i).getType()
                           << ") must match the type of the corresponding "
                              "argument in function signature("
                           << type.getInput(i) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

void ReturnOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange operands) {
  state.addOperands(operands);
}

LogicalResult ReturnOp::parse(OpAsmParser &parser, OperationState &state) {
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  return parser.parseOptionalOperandsWithTypes(state.operands);
}

void ReturnOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer.printOptionalOperandsWithTypes(op->getOperands());
}

LogicalResult ReturnOp::verify() {
  Operation *op = getOperation();
  FuncOp function = FuncOp::dynCast(op->getParentOp());
  if (!function)
    return success(); // HasParent reports this.
  FunctionType type = function.getFunctionType();
  if (!type)
    return success();
  if (op->getNumOperands() != type.getNumResults())
    return emitOpError() << "has " << op->getNumOperands()
                         << " operands, but enclosing function (@"
                         << function.getSymName() << ") returns "
                         << type.getNumResults();
  for (unsigned i = 0, e = type.getNumResults(); i < e; ++i)
    if (op->getOperand(i).getType() != type.getResult(i))
      return emitError() << "type of return operand " << i << " ("
                         << op->getOperand(i).getType()
                         << ") doesn't match function result type ("
                         << type.getResult(i) << ")"
                         << " in function @" << function.getSymName();
  return success();
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> CallOp::getAttributeNames() {
  static llvm::StringRef names[] = {"arg_attrs", "callee", "no_inline",
                                    "res_attrs"};
  return names;
}

void CallOp::build(OpBuilder &builder, OperationState &state, FuncOp callee,
                   ValueRange operands) {
  build(builder, state, callee.getSymName(),
        callee.getFunctionType().getResults(), operands);
}

void CallOp::build(OpBuilder &builder, OperationState &state,
                   llvm::StringRef callee, TypeRange results,
                   ValueRange operands) {
  state.addAttribute("callee", builder.getSymbolRefAttr(callee));
  state.addOperands(operands);
  state.addTypes(results);
}

FlatSymbolRefAttr CallOp::getCallee() {
  Attribute attr = getOperation()->getInherentAttr("callee");
  if (!attr || !attr.isa<FlatSymbolRefAttr>())
    return FlatSymbolRefAttr();
  return FlatSymbolRefAttr(attr.cast<SymbolRefAttr>());
}

LogicalResult CallOp::parse(OpAsmParser &parser, OperationState &state) {
  Attribute callee;
  llvm::SMLoc calleeLoc = parser.getCurrentLocation();
  if (failed(parser.parseAttribute(callee)))
    return failure();
  if (!callee.isa<FlatSymbolRefAttr>())
    return parser.emitError(calleeLoc) << "invalid kind of attribute specified";
  state.properties.set("callee", callee);
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  if (failed(parser.parseLParen()))
    return failure();
  llvm::SMLoc operandsLoc = parser.getCurrentLocation();
  llvm::SmallVector<Type, 4> inputs, results;
  if (failed(parser.parseOperandList(operands)) ||
      failed(parser.parseRParen()) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColon()) || failed(parser.parseLParen()))
    return failure();
  if (!parser.parseOptionalRParen()) {
    if (failed(parser.parseTypeList(inputs)) || failed(parser.parseRParen()))
      return failure();
  }
  if (failed(parser.parseArrowTypeList(results)))
    return failure();
  if (operands.size() != inputs.size())
    return parser.emitError(operandsLoc)
           << "number of operands and types do not match: got "
           << uint64_t(operands.size()) << " operands and "
           << uint64_t(inputs.size()) << " types";
  if (failed(parser.resolveOperands(operands, inputs, operandsLoc,
                                    state.operands)))
    return failure();
  state.addTypes(results);
  return success();
}

void CallOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printAttribute(op->getInherentAttr("callee"));
  printer << '(';
  printer.printOperands(op->getOperands());
  printer << ')';
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printFunctionalType(op);
}

LogicalResult CallOp::verify() {
  Operation *op = getOperation();
  FlatSymbolRefAttr callee = getCallee();
  if (!callee)
    return emitOpError() << "requires attribute 'callee' to be a flat symbol "
                            "reference";
  // Like MLIR's symbol-use verification: the callee must resolve to a
  // func.func whose signature matches the call.
  Operation *target = SymbolTable::lookupNearestSymbolFrom(op, callee);
  FuncOp function = FuncOp::dynCast(target);
  if (!function)
    return emitOpError() << "'" << callee.getValue()
                         << "' does not reference a valid function";
  FunctionType type = function.getFunctionType();
  if (!type)
    return success();
  if (type.getNumInputs() != op->getNumOperands())
    return emitOpError() << "incorrect number of operands for callee";
  for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i)
    if (op->getOperand(i).getType() != type.getInput(i))
      return emitOpError() << "operand type mismatch: expected operand type "
                           << type.getInput(i) << ", but provided "
                           << op->getOperand(i).getType()
                           << " for operand number " << i;
  if (type.getNumResults() != op->getNumResults())
    return emitOpError() << "incorrect number of results for callee";
  auto printTypes = [](Diagnostic &diag, auto types) {
    llvm::interleave(
        types, [&](Type type) { diag << type; }, [&] { diag << ", "; });
  };
  for (unsigned i = 0, e = type.getNumResults(); i < e; ++i)
    if (op->getResult(i).getType() != type.getResult(i)) {
      InFlightDiagnostic diag = emitOpError()
                                << "result type mismatch at index " << i;
      printTypes(diag.attachNote() << "      op result types: ",
                 op->getResultTypes());
      printTypes(diag.attachNote() << "function result types: ",
                 type.getResults());
      return diag;
    }
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ConstantOp::getAttributeNames() {
  static llvm::StringRef names[] = {"value"};
  return names;
}

void ConstantOp::build(OpBuilder &builder, OperationState &state,
                       llvm::StringRef symbol, Type type) {
  state.addAttribute("value", builder.getSymbolRefAttr(symbol));
  state.addTypes(type);
}

FlatSymbolRefAttr ConstantOp::getValue() {
  Attribute attr = getOperation()->getInherentAttr("value");
  if (!attr || !attr.isa<FlatSymbolRefAttr>())
    return FlatSymbolRefAttr();
  return FlatSymbolRefAttr(attr.cast<SymbolRefAttr>());
}

// As MLIR's assembly format `attr-dict $value : type(results)`.
LogicalResult ConstantOp::parse(OpAsmParser &parser, OperationState &state) {
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  llvm::SMLoc valueLoc = parser.getCurrentLocation();
  Attribute value;
  if (failed(parser.parseAttribute(value)))
    return failure();
  if (!value.isa<FlatSymbolRefAttr>())
    return parser.emitError(valueLoc) << "invalid kind of attribute specified";
  state.properties.set("value", value);
  Type type;
  if (failed(parser.parseColonType(type)))
    return failure();
  state.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printAttribute(op->getInherentAttr("value"));
  printer << " : ";
  printer.printType(op->getResult(0).getType());
}

LogicalResult ConstantOp::verify() {
  Operation *op = getOperation();
  FlatSymbolRefAttr symbol = getValue();
  if (!symbol)
    return emitOpError() << "attribute 'value' failed to satisfy constraint: "
                            "flat symbol reference attribute";
  // MLIR checks the reference as a symbol use: the function must exist and
  // have the result's type.
  FuncOp function = FuncOp::dynCast(
      SymbolTable::lookupNearestSymbolFrom(op, symbol));
  if (!function)
    return emitOpError() << "reference to undefined function '"
                         << symbol.getValue() << "'";
  if (Type(function.getFunctionType()) != op->getResult(0).getType())
    return emitOpError() << "reference to function with mismatched type";
  return success();
}

void ConstantOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  setName(getOperation()->getResult(0), "f");
}

//===----------------------------------------------------------------------===//
// CallIndirectOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> CallIndirectOp::getAttributeNames() {
  static llvm::StringRef names[] = {"arg_attrs", "res_attrs"};
  return names;
}

void CallIndirectOp::build(OpBuilder &builder, OperationState &state,
                           Value callee, ValueRange operands) {
  state.addOperands(callee);
  state.addOperands(operands);
  if (auto type = callee.getType().dyn_cast<FunctionType>())
    state.addTypes(type.getResults());
}

// As MLIR's assembly format
// `$callee ( $callee_operands ) attr-dict : type($callee)`.
LogicalResult CallIndirectOp::parse(OpAsmParser &parser,
                                    OperationState &state) {
  OpAsmParser::UnresolvedOperand callee;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  if (failed(parser.parseOperand(callee)) || failed(parser.parseLParen()))
    return failure();
  llvm::SMLoc operandsLoc = parser.getCurrentLocation();
  if (failed(parser.parseOperandList(operands)) ||
      failed(parser.parseRParen()) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColon()))
    return failure();
  FunctionType functionType;
  if (failed(parser.parseFunctionType(functionType)))
    return failure();
  Type type = functionType;
  if (operands.size() != functionType.getNumInputs())
    return parser.emitError(operandsLoc)
           << "number of operands and types do not match: got "
           << uint64_t(operands.size()) << " operands and "
           << uint64_t(functionType.getNumInputs()) << " types";
  if (failed(parser.resolveOperand(callee, type, state.operands)) ||
      failed(parser.resolveOperands(operands, functionType.getInputs(),
                                    operandsLoc, state.operands)))
    return failure();
  state.addTypes(functionType.getResults());
  return success();
}

void CallIndirectOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printOperand(getCallee());
  printer << '(';
  printer.printOperands(op->getOperands().drop_front());
  printer << ')';
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(getCallee().getType());
}

LogicalResult CallIndirectOp::verify() {
  Operation *op = getOperation();
  Type calleeType = getCallee().getType();
  auto type = calleeType.dyn_cast<FunctionType>();
  if (!type)
    return emitOpError() << "operand #0 must be function type, but got "
                         << calleeType;
  if (!llvm::equal(type.getInputs(), op->getOperands().drop_front().getTypes()))
    return emitOpError() << "failed to verify that callee input types match "
                            "argument types";
  if (!llvm::equal(type.getResults(), op->getResultTypes()))
    return emitOpError() << "failed to verify that callee result types match "
                            "result types";
  return success();
}

namespace {

/// `func.call_indirect` of a constant function is a direct `func.call`
/// (MLIR's SimplifyIndirectCallWithKnownCallee; attributes are not kept).
struct IndirectCallOfConstant : public OpRewritePattern<CallIndirectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CallIndirectOp op,
                                PatternRewriter &rewriter) const override {
    auto callee =
        getConstantValue(op.getCallee()).dyn_cast_or_null<FlatSymbolRefAttr>();
    if (!callee)
      return failure();
    Operation *operation = op.getOperation();
    llvm::SmallVector<Type, 4> results(operation->getResultTypes());
    auto call = rewriter.create<CallOp>(operation->getLoc(), callee.getValue(),
                                        results,
                                        operation->getOperands().drop_front());
    rewriter.replaceOp(operation, call.getOperation()->getResults());
    return success();
  }
};

} // namespace

void CallIndirectOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                 Context *context) {
  patterns.add<IndirectCallOfConstant>();
}
