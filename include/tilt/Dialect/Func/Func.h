//===- Func.h - The func dialect subset -------------------------*- C++ -*-===//
//
// MLIR's func dialect: func.func, func.return, func.call, func.constant and
// func.call_indirect (same properties: sym_name, function_type,
// sym_visibility, arg_attrs, res_attrs, value; same custom syntax).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_FUNC_FUNC_H
#define TILT_DIALECT_FUNC_FUNC_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

namespace tilt {
namespace func {

/// The func dialect: functions, calls, returns and function values.
class FuncDialect : public Dialect {
public:
  explicit FuncDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "func"; }
  /// Builds a func.constant for a symbol reference of a function type.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                Location loc) override;
};

/// A function: a symbol with a FunctionType and a body region (empty for a
/// declaration).
class FuncOp : public Op<FuncOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                         OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                         OpTrait::IsIsolatedFromAbove, OpTrait::Symbol> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "func.func"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static llvm::StringRef getDefaultDialect() { return "func"; }
  static constexpr bool kHasCustomAssembly = true;

  /// Creates a function with an entry block holding the arguments.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef name, FunctionType type);

  llvm::StringRef getSymName();
  FunctionType getFunctionType();
  bool isDeclaration() { return getBody().empty(); }
  Region &getBody() { return getOperation()->getRegion(0); }
  Block *getEntryBlock() { return &getBody().front(); }

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  /// The property checks, before the Symbol trait's (as MLIR's ODS).
  LogicalResult verifyInvariantsImpl();
  LogicalResult verify();
};

/// `return %a : i32`: returns from the enclosing func.func.
class ReturnOp
    : public Op<ReturnOp, OpTrait::VariadicOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::IsTerminator, OpTrait::ReturnLike, OpTrait::Pure,
                OpTrait::HasParent<FuncOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "func.return"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    ValueRange operands = {});
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `%r = call @f(%a) : (i32) -> i32`.
class CallOp
    : public Op<CallOp, OpTrait::VariadicOperands, OpTrait::VariadicResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "func.call"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, FuncOp callee,
                    ValueRange operands);
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef callee, TypeRange results,
                    ValueRange operands);
  FlatSymbolRefAttr getCallee();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `%f = func.constant @f : (i32) -> i32`: the function `@f` as a value.
class ConstantOp
    : public Op<ConstantOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::ConstantLike, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "func.constant"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef symbol, Type type);
  /// The referenced function (null when the property is missing or wrong).
  FlatSymbolRefAttr getValue();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  /// Names the result `%f`, as MLIR does.
  void
  getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)> setName);
  /// A constant folds to its symbol reference.
  OpFoldResult fold(llvm::ArrayRef<Attribute>) { return getValue(); }
};

/// `%r = func.call_indirect %f(%a) : (i32) -> i32`: calls a function value.
class CallIndirectOp
    : public Op<CallIndirectOp, OpTrait::AtLeastNOperands<1>::Impl,
                OpTrait::VariadicResults, OpTrait::ZeroRegions,
                OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "func.call_indirect"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value callee,
                    ValueRange operands);
  Value getCallee() { return getOperation()->getOperand(0); }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  /// A call of a func.constant becomes a direct func.call.
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

} // namespace func
} // namespace tilt

#endif // TILT_DIALECT_FUNC_FUNC_H
