//===- BuiltinOps.cpp - builtin.module and unrealized_conversion_cast -----===//

#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/SymbolTable.h"

using namespace tilt;

BuiltinDialect::BuiltinDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<BuiltinDialect>()) {
  addOperations<ModuleOp, UnrealizedConversionCastOp>();
}

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ModuleOp::getAttributeNames() {
  static llvm::StringRef names[] = {"sym_name", "sym_visibility"};
  return names;
}

void ModuleOp::build(OpBuilder &builder, OperationState &state,
                     std::optional<llvm::StringRef> name) {
  state.addRegion()->push_back(new Block());
  if (name)
    state.addAttribute(::tilt::SymbolTable::getSymbolAttrName(),
                       builder.getStringAttr(*name));
}

ModuleOp ModuleOp::create(Location loc, Context *context,
                          std::optional<llvm::StringRef> name) {
  OpBuilder builder(context);
  OperationState state(loc, getOperationName(), context);
  build(builder, state, name);
  return ModuleOp(Operation::create(state));
}

std::optional<llvm::StringRef> ModuleOp::getName() {
  if (auto name =
          getOperation()
              ->getInherentAttr(::tilt::SymbolTable::getSymbolAttrName())
              .dyn_cast_or_null<StringAttr>())
    return name.getValue();
  return std::nullopt;
}

LogicalResult ModuleOp::verify() {
  Attribute name = getOperation()->getInherentAttr("sym_name");
  if (name && !name.isa<StringAttr>())
    return emitOpError() << "attribute 'sym_name' failed to satisfy "
                            "constraint: string attribute";
  return success();
}

LogicalResult ModuleOp::parse(OpAsmParser &parser, OperationState &state) {
  StringAttr name;
  if (succeeded(parser.parseOptionalSymbolName(name)))
    state.addAttribute(::tilt::SymbolTable::getSymbolAttrName(), name);
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();
  Region *body = state.addRegion();
  if (failed(parser.parseRegion(*body)))
    return failure();
  if (body->empty())
    body->push_back(new Block());
  return success();
}

void ModuleOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  if (auto name = getName()) {
    printer << ' ';
    printer.printSymbolName(*name);
  }
  llvm::SmallVector<NamedAttribute, 4> attrs;
  for (const NamedAttribute &attr : op->getPropertiesDict())
    if (attr.getName().getValue() != ::tilt::SymbolTable::getSymbolAttrName())
      attrs.push_back(attr);
  attrs.append(op->getAttrDictionary().begin(), op->getAttrDictionary().end());
  printer.printOptionalAttrDictWithKeyword(attrs);
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}

//===----------------------------------------------------------------------===//
// UnrealizedConversionCastOp
//===----------------------------------------------------------------------===//

void UnrealizedConversionCastOp::build(OpBuilder &builder,
                                       OperationState &state,
                                       TypeRange resultTypes,
                                       ValueRange inputs) {
  state.addOperands(inputs);
  state.addTypes(resultTypes);
}

LogicalResult UnrealizedConversionCastOp::verify() {
  if (getOperation()->getNumResults() == 0)
    return emitOpError() << "expected at least one result for cast operation";
  return success();
}

LogicalResult UnrealizedConversionCastOp::parse(OpAsmParser &parser,
                                                OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> inputs;
  llvm::SmallVector<Type, 4> inputTypes;
  llvm::SMLoc inputsLoc = parser.getCurrentLocation();
  OpAsmParser::UnresolvedOperand first;
  OptionalParseResult hasInput = parser.parseOptionalOperand(first);
  if (hasInput.has_value()) {
    if (failed(*hasInput))
      return failure();
    inputs.push_back(first);
    while (parser.parseOptionalComma()) {
      OpAsmParser::UnresolvedOperand next;
      if (failed(parser.parseOperand(next)))
        return failure();
      inputs.push_back(next);
    }
    if (failed(parser.parseColonTypeList(inputTypes)))
      return failure();
  }
  llvm::SmallVector<Type, 4> resultTypes;
  if (failed(parser.parseKeyword("to")) ||
      failed(parser.parseTypeList(resultTypes)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.resolveOperands(inputs, inputTypes, inputsLoc,
                                    state.operands)))
    return failure();
  state.addTypes(resultTypes);
  return success();
}

void UnrealizedConversionCastOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  if (op->getNumOperands() != 0) {
    printer << ' ';
    printer.printOperands(op->getOperands());
    printer << " : ";
    llvm::interleaveComma(op->getOperandTypes(), printer.getStream(),
                          [&](Type type) { printer.printType(type); });
  }
  printer << " to ";
  llvm::interleaveComma(op->getResultTypes(), printer.getStream(),
                        [&](Type type) { printer.printType(type); });
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}
