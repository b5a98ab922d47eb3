//===- OpAsm.h - Parser and printer interfaces for custom syntax -*- C++
//-*-===//
//
// Ops with a custom assembly form implement
//   static LogicalResult parse(OpAsmParser &parser, OperationState &state);
//   void print(OpAsmPrinter &printer);
// against these interfaces, in the style of MLIR's OpAsmParser and
// OpAsmPrinter. Dialects parse and print their types and attributes through
// the AsmParser / AsmPrinter bases. The implementations live in the parser
// library and the IR printer.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_OPASM_H
#define TILT_IR_OPASM_H

#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/OperationSupport.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace tilt {
class Block;
class Region;

/// Options of the printer.
class OpPrintingFlags {
public:
  OpPrintingFlags &printGenericOpForm(bool enable = true) {
    genericForm = enable;
    return *this;
  }
  OpPrintingFlags &enableDebugInfo(bool enable = true) {
    debugInfo = enable;
    return *this;
  }
  /// Print names as seen from this op only (no numbering of the enclosing
  /// scope), as MLIR does when printing a nested op.
  OpPrintingFlags &useLocalScope(bool enable = true) {
    localScope = enable;
    return *this;
  }
  /// Do not verify before choosing the custom form.
  OpPrintingFlags &assumeVerified(bool enable = true) {
    verified = enable;
    return *this;
  }
  bool shouldPrintGenericOpForm() const { return genericForm; }
  bool shouldPrintDebugInfo() const { return debugInfo; }
  bool shouldUseLocalScope() const { return localScope; }
  bool shouldAssumeVerified() const { return verified; }

private:
  bool genericForm = false;
  bool debugInfo = false;
  bool localScope = false;
  bool verified = false;
};

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// The parsing interface shared by ops, types and attributes.
class AsmParser {
public:
  enum class Delimiter {
    None,
    Paren,
    Square,
    LessGreater,
    Braces,
    OptionalParen,
    OptionalSquare,
    OptionalLessGreater,
    OptionalBraces
  };
  virtual ~AsmParser();

  virtual Context *getContext() const = 0;
  virtual llvm::SMLoc getCurrentLocation() = 0;
  virtual llvm::SMLoc getNameLoc() const = 0;
  /// The Location of a position in the source.
  virtual Location getEncodedSourceLoc(llvm::SMLoc loc) = 0;
  virtual InFlightDiagnostic emitError(llvm::SMLoc loc,
                                       const llvm::Twine &message = {}) = 0;

  // Punctuation.
  virtual LogicalResult parseArrow() = 0;
  virtual bool parseOptionalArrow() = 0;
  virtual LogicalResult parseColon() = 0;
  virtual bool parseOptionalColon() = 0;
  virtual LogicalResult parseComma() = 0;
  virtual bool parseOptionalComma() = 0;
  virtual LogicalResult parseEqual() = 0;
  virtual bool parseOptionalEqual() = 0;
  virtual LogicalResult parseLess() = 0;
  virtual bool parseOptionalLess() = 0;
  virtual LogicalResult parseGreater() = 0;
  virtual bool parseOptionalGreater() = 0;
  virtual LogicalResult parseLParen() = 0;
  virtual bool parseOptionalLParen() = 0;
  virtual LogicalResult parseRParen() = 0;
  virtual bool parseOptionalRParen() = 0;
  virtual LogicalResult parseLSquare() = 0;
  virtual bool parseOptionalLSquare() = 0;
  virtual LogicalResult parseRSquare() = 0;
  virtual bool parseOptionalRSquare() = 0;
  virtual LogicalResult parseLBrace() = 0;
  virtual bool parseOptionalLBrace() = 0;
  virtual LogicalResult parseRBrace() = 0;
  virtual bool parseOptionalRBrace() = 0;
  virtual bool parseOptionalQuestion() = 0;
  virtual bool parseOptionalStar() = 0;
  virtual bool parseOptionalEllipsis() = 0;

  // Keywords and literals.
  virtual LogicalResult parseKeyword(llvm::StringRef expected,
                                     const llvm::Twine &msg = "") = 0;
  virtual LogicalResult parseKeyword(llvm::StringRef *keyword) = 0;
  virtual bool parseOptionalKeyword(llvm::StringRef expected) = 0;
  virtual LogicalResult parseOptionalKeyword(llvm::StringRef *keyword) = 0;
  /// Accepts one of `allowed`; returns failure (consuming nothing) otherwise.
  virtual LogicalResult
  parseOptionalKeyword(llvm::StringRef *keyword,
                       llvm::ArrayRef<llvm::StringRef> allowed) = 0;
  virtual LogicalResult parseInteger(int64_t &value) = 0;
  virtual OptionalParseResult parseOptionalInteger(llvm::APInt &value) = 0;
  virtual LogicalResult parseString(std::string *value) = 0;
  virtual LogicalResult parseOptionalString(std::string *value) = 0;
  virtual LogicalResult parseSymbolName(StringAttr &name) = 0;
  virtual LogicalResult parseOptionalSymbolName(StringAttr &name) = 0;

  // Types and attributes.
  virtual LogicalResult parseType(Type &type) = 0;
  virtual OptionalParseResult parseOptionalType(Type &type) = 0;
  virtual LogicalResult parseColonType(Type &type) = 0;
  /// A type that must be a function type, with MLIR's error otherwise
  /// ("invalid kind of type specified: expected builtin.function, ...").
  LogicalResult parseFunctionType(FunctionType &type);
  virtual LogicalResult
  parseColonTypeList(llvm::SmallVectorImpl<Type> &types) = 0;
  virtual LogicalResult parseTypeList(llvm::SmallVectorImpl<Type> &types) = 0;
  /// `-> type` or `-> (type, ...)`.
  virtual LogicalResult
  parseArrowTypeList(llvm::SmallVectorImpl<Type> &types) = 0;
  virtual LogicalResult
  parseOptionalArrowTypeList(llvm::SmallVectorImpl<Type> &types) = 0;
  /// `(types) -> types` or `type -> type`.
  virtual LogicalResult
  parseFunctionResultTypes(llvm::SmallVectorImpl<Type> &types) = 0;
  /// A dimension list such as `4x?x` (each dimension followed by `x`).
  virtual LogicalResult parseDimensionList(llvm::SmallVectorImpl<int64_t> &dims,
                                           bool allowDynamic = true) = 0;
  virtual LogicalResult parseAttribute(Attribute &attr, Type type = {}) = 0;
  virtual OptionalParseResult parseOptionalAttribute(Attribute &attr,
                                                     Type type = {}) = 0;
  /// Parses an attribute and adds it to `attrs` as `name`.
  LogicalResult parseAttribute(Attribute &attr, llvm::StringRef name,
                               NamedAttrList &attrs) {
    if (failed(parseAttribute(attr)))
      return failure();
    attrs.append(name, attr);
    return success();
  }
  virtual LogicalResult parseOptionalAttrDict(NamedAttrList &attrs) = 0;
  /// `attributes {...}` if present.
  virtual LogicalResult
  parseOptionalAttrDictWithKeyword(NamedAttrList &attrs) = 0;
  virtual LogicalResult
  parseOptionalLocationSpecifier(std::optional<Location> &loc) = 0;

  /// Parses `elementFn (, elementFn)*` inside `delimiter`.
  virtual LogicalResult
  parseCommaSeparatedList(Delimiter delimiter,
                          llvm::function_ref<LogicalResult()> elementFn,
                          llvm::StringRef contextMessage = "") = 0;
};

/// The parsing interface of custom operation forms.
class OpAsmParser : public AsmParser {
public:
  /// A `%name` or `%name#N` use not yet resolved to a value.
  struct UnresolvedOperand {
    llvm::SMLoc location;
    llvm::StringRef name;
    unsigned number = 0;
  };
  /// A region argument being defined: `%name: type {attrs} loc(...)`.
  struct Argument {
    UnresolvedOperand ssaName;
    Type type;
    DictionaryAttr attrs;
    std::optional<Location> sourceLoc;
  };

  virtual LogicalResult parseOperand(UnresolvedOperand &result) = 0;
  virtual OptionalParseResult
  parseOptionalOperand(UnresolvedOperand &result) = 0;
  virtual LogicalResult
  parseOperandList(llvm::SmallVectorImpl<UnresolvedOperand> &result,
                   Delimiter delimiter = Delimiter::None) = 0;
  virtual LogicalResult
  resolveOperand(const UnresolvedOperand &operand, Type type,
                 llvm::SmallVectorImpl<Value> &result) = 0;
  LogicalResult resolveOperands(llvm::ArrayRef<UnresolvedOperand> operands,
                                Type type,
                                llvm::SmallVectorImpl<Value> &result) {
    for (const UnresolvedOperand &operand : operands)
      if (failed(resolveOperand(operand, type, result)))
        return failure();
    return success();
  }
  /// Resolves `operands` against `types`, which must have the same length.
  LogicalResult resolveOperands(llvm::ArrayRef<UnresolvedOperand> operands,
                                llvm::ArrayRef<Type> types, llvm::SMLoc loc,
                                llvm::SmallVectorImpl<Value> &result);

  /// Parses `(%a, %b : T1, T2)?` (the operands of return-like ops).
  LogicalResult
  parseOptionalOperandsWithTypes(llvm::SmallVectorImpl<Value> &result);

  virtual LogicalResult parseArgument(Argument &result, bool allowType = false,
                                      bool allowAttrs = false) = 0;
  virtual OptionalParseResult
  parseOptionalArgument(Argument &result, bool allowType = false,
                        bool allowAttrs = false) = 0;
  virtual LogicalResult
  parseArgumentList(llvm::SmallVectorImpl<Argument> &result,
                    Delimiter delimiter = Delimiter::None,
                    bool allowType = false, bool allowAttrs = false) = 0;

  /// Parses `(%arg = %value, ...)` if a `(` comes next (none: nothing is
  /// consumed); a list that goes on without `,` or `)` is an error, as
  /// MLIR's parseOptionalAssignmentList.
  virtual OptionalParseResult parseOptionalAssignmentList(
      llvm::SmallVectorImpl<Argument> &arguments,
      llvm::SmallVectorImpl<UnresolvedOperand> &values) = 0;
  /// Like parseOptionalAssignmentList, but the list must be there.
  LogicalResult
  parseAssignmentList(llvm::SmallVectorImpl<Argument> &arguments,
                      llvm::SmallVectorImpl<UnresolvedOperand> &values) {
    OptionalParseResult result = parseOptionalAssignmentList(arguments, values);
    if (!result.has_value())
      return emitError(getCurrentLocation(), "expected '('");
    return *result;
  }

  /// Parses `{ ... }` into `region`, whose entry block gets `arguments`.
  virtual LogicalResult parseRegion(Region &region,
                                    llvm::ArrayRef<Argument> arguments = {},
                                    bool enableNameShadowing = false) = 0;
  virtual OptionalParseResult
  parseOptionalRegion(Region &region, llvm::ArrayRef<Argument> arguments = {},
                      bool enableNameShadowing = false) = 0;
  virtual LogicalResult parseSuccessor(Block *&dest) = 0;
  virtual OptionalParseResult parseOptionalSuccessor(Block *&dest) = 0;
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// The printing interface shared by ops, types and attributes.
class AsmPrinter {
public:
  virtual ~AsmPrinter();
  virtual llvm::raw_ostream &getStream() const = 0;
  virtual void printType(Type type) = 0;
  virtual void printAttribute(Attribute attr) = 0;
  /// Prints an integer/float attribute without its `: type` suffix.
  virtual void printAttributeWithoutType(Attribute attr) = 0;
  /// Prints `keyword` bare if it is a valid identifier, else quoted.
  virtual void printKeywordOrString(llvm::StringRef keyword) = 0;
  /// Prints `@name`, quoting when needed.
  virtual void printSymbolName(llvm::StringRef name) = 0;
  /// Prints a quoted, escaped string.
  virtual void printString(llvm::StringRef value) = 0;
  void printArrowTypeList(llvm::ArrayRef<Type> types);
  /// `(inputs) -> results`, dropping the parentheses around one result that
  /// is not a function type.
  void printFunctionalType(llvm::ArrayRef<Type> inputs,
                           llvm::ArrayRef<Type> results);
  void printDimensionList(llvm::ArrayRef<int64_t> dims);

  AsmPrinter &operator<<(llvm::StringRef text) {
    getStream() << text;
    return *this;
  }
  AsmPrinter &operator<<(const char *text) {
    getStream() << text;
    return *this;
  }
  AsmPrinter &operator<<(char c) {
    getStream() << c;
    return *this;
  }
  AsmPrinter &operator<<(int64_t value) {
    getStream() << value;
    return *this;
  }
  AsmPrinter &operator<<(uint64_t value) {
    getStream() << value;
    return *this;
  }
  AsmPrinter &operator<<(int value) { return *this << int64_t(value); }
  AsmPrinter &operator<<(unsigned value) { return *this << uint64_t(value); }
  AsmPrinter &operator<<(Type type) {
    printType(type);
    return *this;
  }
  AsmPrinter &operator<<(Attribute attr) {
    printAttribute(attr);
    return *this;
  }
};

/// The printing interface of custom operation forms.
class OpAsmPrinter : public AsmPrinter {
public:
  virtual void printOperand(Value value) = 0;
  void printOperands(ValueRange values);
  /// Prints ` %a, %b : T1, T2`, or nothing for no values.
  void printOptionalOperandsWithTypes(ValueRange values);
  /// Prints `{...}` for `attrs` minus `elidedAttrs`, if any remain.
  virtual void
  printOptionalAttrDict(llvm::ArrayRef<NamedAttribute> attrs,
                        llvm::ArrayRef<llvm::StringRef> elidedAttrs = {}) = 0;
  /// As printOptionalAttrDict, preceded by ` attributes`.
  virtual void printOptionalAttrDictWithKeyword(
      llvm::ArrayRef<NamedAttribute> attrs,
      llvm::ArrayRef<llvm::StringRef> elidedAttrs = {}) = 0;
  /// Prints a region; the entry label and its arguments can be omitted when
  /// the op's syntax already shows them, and a terminator with no operands
  /// can be omitted when the op makes it implicit.
  virtual void printRegion(Region &region, bool printEntryBlockArgs = true,
                           bool printBlockTerminators = true,
                           bool printEmptyBlock = false) = 0;
  /// Prints `%arg: type {attrs} loc(...)` of a block argument.
  virtual void printRegionArgument(BlockArgument arg,
                                   llvm::ArrayRef<NamedAttribute> attrs = {},
                                   bool omitType = false) = 0;
  virtual void printSuccessor(Block *successor) = 0;
  /// Prints ` loc(...)` when debug info is printed.
  virtual void printOptionalLocationSpecifier(Location loc) = 0;
  virtual void printNewline() = 0;
  /// `(operand types) -> result types` of `op`.
  void printFunctionalType(Operation *op);
  using AsmPrinter::printFunctionalType;
};

/// Prints a value as an operand (`%0`).
inline OpAsmPrinter &operator<<(OpAsmPrinter &printer, Value value) {
  printer.printOperand(value);
  return printer;
}
/// Prints values as a comma-separated operand list.
inline OpAsmPrinter &operator<<(OpAsmPrinter &printer, ValueRange values) {
  printer.printOperands(values);
  return printer;
}
/// Everything else an AsmPrinter prints, keeping the OpAsmPrinter type
/// for chaining.
template <typename T>
inline auto operator<<(OpAsmPrinter &printer, T &&value)
    -> decltype(static_cast<AsmPrinter &>(printer) << std::forward<T>(value),
                std::declval<OpAsmPrinter &>()) {
  static_cast<AsmPrinter &>(printer) << std::forward<T>(value);
  return printer;
}

} // namespace tilt

#endif // TILT_IR_OPASM_H
