//===- FuncOps.cpp - The func dialect -------------------------------------===//
//
// The custom syntax follows MLIR's function_interface_impl: an optional
// visibility, the symbol, the signature (named arguments when there is a
// body, bare types for a declaration), `attributes {...}` and the body.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Func/Func.h"
#include "tilt/IR/SymbolTable.h"

using namespace tilt;
using namespace tilt::func;

FuncDialect::FuncDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<FuncDialect>()) {
  addOperations<FuncOp, ReturnOp, CallOp>();
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
  llvm::SMLoc signatureLoc = parser.getCurrentLocation();
  bool named = false, unnamed = false;
  auto parseArgument = [&]() -> LogicalResult {
    OpAsmParser::Argument argument;
    OptionalParseResult isNamed =
        parser.parseOptionalArgument(argument, /*allowType=*/true,
                                     /*allowAttrs=*/true);
    if (isNamed.has_value()) {
      if (failed(*isNamed))
        return failure();
      named = true;
    } else {
      unnamed = true;
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
    if (named && unnamed)
      return parser.emitError(signatureLoc)
             << "expected consistent use of named arguments in the function "
                "signature";
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
  if (unnamed) {
    // A declaration: a body would need named arguments.
    if (parser.parseOptionalLBrace())
      return parser.emitError(bodyLoc)
             << "expected named arguments for a function with a body";
    return success();
  }
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

LogicalResult FuncOp::verify() {
  Operation *op = getOperation();
  if (!op->getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>())
    return emitOpError() << "requires attribute 'sym_name'";
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
    auto array = attr.dyn_cast<ArrayAttr>();
    unsigned expected =
        name == "arg_attrs" ? type.getNumInputs() : type.getNumResults();
    if (!array || array.size() != expected ||
        !llvm::all_of(array,
                      [](Attribute a) { return a.isa<DictionaryAttr>(); }))
      return emitOpError() << "expects '" << name << "' to be an array of "
                           << uint64_t(expected) << " dictionaries";
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
      return emitError() << "type of return operand " << i << " ('"
                         << op->getOperand(i).getType()
                         << "') doesn't match function result type ('"
                         << type.getResult(i) << "')"
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
    return parser.emitError(calleeLoc) << "expected a symbol reference '@name' "
                                          "as the callee";
  state.properties.set("callee", callee);
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  llvm::SMLoc operandsLoc = parser.getCurrentLocation();
  llvm::SmallVector<Type, 4> inputs, results;
  if (failed(parser.parseOperandList(operands, AsmParser::Delimiter::Paren)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColon()) || failed(parser.parseLParen()))
    return failure();
  if (!parser.parseOptionalRParen()) {
    if (failed(parser.parseTypeList(inputs)) || failed(parser.parseRParen()))
      return failure();
  }
  if (failed(parser.parseArrowTypeList(results)) ||
      failed(parser.resolveOperands(operands, inputs, operandsLoc,
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
  for (unsigned i = 0, e = type.getNumResults(); i < e; ++i)
    if (op->getResult(i).getType() != type.getResult(i))
      return emitOpError() << "result type mismatch at index " << i;
  return success();
}
