//===- Dialect.h - A namespace of operations, types and attributes -*- C++ -*-//
//
// A Dialect groups the operations, types and attributes of one namespace,
// and supplies the hooks to parse and print its types and attributes.
// Subclasses register their ops in the constructor with addOperations<>().
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_DIALECT_H
#define TILT_IR_DIALECT_H

#include "tilt/IR/Context.h"
#include "tilt/IR/OpDefinition.h"

namespace tilt {
class AsmParser;
class AsmPrinter;

/// The base of dialects: a namespace of ops (registered in the constructor
/// with addOperations) and the parsing and printing of its types and
/// attributes.
class Dialect {
public:
  virtual ~Dialect();

  llvm::StringRef getNamespace() const { return name; }
  Context *getContext() const { return context; }
  TypeID getTypeID() const { return typeID; }

  /// Parses the body of a `!ns.body` type; the parser is positioned after
  /// `!ns.`. The default rejects every type with an error.
  virtual Type parseType(AsmParser &parser) const;
  /// Prints a type of this dialect without the `!ns.` prefix.
  virtual void printType(Type type, AsmPrinter &printer) const;
  /// Parses the body of a `#ns.body` attribute.
  virtual Attribute parseAttribute(AsmParser &parser, Type type) const;
  /// Prints an attribute of this dialect without the `#ns.` prefix.
  virtual void printAttribute(Attribute attr, AsmPrinter &printer) const;

  /// Creates a constant op producing `value` of `type`, for folding; null if
  /// the dialect cannot.
  virtual Operation *materializeConstant(class OpBuilder &builder,
                                         Attribute value, Type type,
                                         Location loc);

protected:
  Dialect(llvm::StringRef name, Context *context, TypeID typeID)
      : name(name), context(context), typeID(typeID) {}

  /// Whether ops of this dialect that are not registered are accepted (as
  /// MLIR's test dialect does).
  void allowUnknownOperations(bool allow = true) { unknownOpsAllowed = allow; }

  /// Registers the operations `OpTs`.
  template <typename... OpTs> void addOperations() {
    (context->registerOperation(std::make_unique<OpModel<OpTs>>(this)), ...);
  }

public:
  bool allowsUnknownOperations() const { return unknownOpsAllowed; }

private:
  llvm::StringRef name;
  Context *context;
  TypeID typeID;
  bool unknownOpsAllowed = false;
};

} // namespace tilt

namespace tilt {
template <typename ConcreteOp>
OpModel<ConcreteOp>::OpModel(Dialect *dialect)
    : OpInfo(ConcreteOp::getOperationName(), dialect,
             TypeID::get<ConcreteOp>()) {
  ConcreteOp::getTraitIDs(traits);
  for (llvm::StringRef attrName : ConcreteOp::getAttributeNames())
    inherentAttrNames.push_back(attrName);
  ConcreteOp::getDefaultProperties(dialect->getContext(), defaultProperties);
}
} // namespace tilt

#endif // TILT_IR_DIALECT_H
