//===- Func.h - The func dialect subset -------------------------*- C++ -*-===//
//
// func.func, func.return and func.call: an exact subset of MLIR's func
// dialect (same properties: sym_name, function_type, sym_visibility,
// arg_attrs, res_attrs; same custom syntax).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_FUNC_FUNC_H
#define TILT_DIALECT_FUNC_FUNC_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

namespace tilt {
namespace func {

/// The func dialect: functions, calls and returns (MLIR's subset).
class FuncDialect : public Dialect {
public:
  explicit FuncDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "func"; }
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

} // namespace func
} // namespace tilt

#endif // TILT_DIALECT_FUNC_FUNC_H
