//===- Dialect.cpp - Dialect base class -----------------------------------===//

#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

using namespace tilt;

Dialect::~Dialect() = default;

Type Dialect::parseType(AsmParser &parser) const {
  parser.emitError(parser.getNameLoc())
      << "dialect '" << getNamespace() << "' provides no type parsing hook";
  return Type();
}

void Dialect::printType(Type type, AsmPrinter &printer) const {
  printer << "<<UNPRINTABLE TYPE>>";
}

Attribute Dialect::parseAttribute(AsmParser &parser, Type type) const {
  parser.emitError(parser.getNameLoc())
      << "dialect '" << getNamespace()
      << "' provides no attribute parsing hook";
  return Attribute();
}

void Dialect::printAttribute(Attribute attr, AsmPrinter &printer) const {
  printer << "<<UNPRINTABLE ATTRIBUTE>>";
}

Operation *Dialect::materializeConstant(OpBuilder &builder, Attribute value,
                                        Type type, Location loc) {
  return nullptr;
}

AsmParser::~AsmParser() = default;

LogicalResult AsmParser::parseFunctionType(FunctionType &type) {
  llvm::SMLoc loc = getCurrentLocation();
  Type parsed;
  if (failed(parseType(parsed)))
    return failure();
  type = parsed.dyn_cast<FunctionType>();
  if (!type)
    return emitError(loc) << "invalid kind of type specified: expected "
                             "builtin.function, but found "
                          << parsed;
  return success();
}

LogicalResult
OpAsmParser::resolveOperands(llvm::ArrayRef<UnresolvedOperand> operands,
                             llvm::ArrayRef<Type> types, llvm::SMLoc loc,
                             llvm::SmallVectorImpl<Value> &result) {
  if (operands.size() != types.size())
    return emitError(loc) << operands.size()
                          << " operands present, but expected " << types.size();
  for (size_t i = 0; i < operands.size(); ++i)
    if (failed(resolveOperand(operands[i], types[i], result)))
      return failure();
  return success();
}

LogicalResult OpAsmParser::parseOptionalOperandsWithTypes(
    llvm::SmallVectorImpl<Value> &result) {
  llvm::SmallVector<UnresolvedOperand, 4> operands;
  llvm::SmallVector<Type, 4> types;
  llvm::SMLoc loc = getCurrentLocation();
  if (failed(parseOperandList(operands)))
    return failure();
  if (!operands.empty() && failed(parseColonTypeList(types)))
    return failure();
  return resolveOperands(operands, types, loc, result);
}
