//===- BuiltinOps.h - builtin.module and friends -----------------*- C++
//-*-===//
//
// The builtin dialect: `builtin.module` (the top-level container, a symbol
// table with one graph-region block and no terminator) and
// `builtin.unrealized_conversion_cast` (a placeholder cast used while types
// are converted). The dialect is loaded into every context.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_BUILTINOPS_H
#define TILT_IR_BUILTINOPS_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

namespace tilt {

/// The builtin dialect: module and unrealized_conversion_cast.
class BuiltinDialect : public Dialect {
public:
  explicit BuiltinDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "builtin"; }
};

/// `builtin.module`: the top-level container of a program, a symbol table
/// with one block and no terminator.
class ModuleOp : public Op<ModuleOp, OpTrait::ZeroOperands,
                           OpTrait::ZeroResults, OpTrait::OneRegion,
                           OpTrait::ZeroSuccessors, OpTrait::NoTerminator,
                           OpTrait::SingleBlock, OpTrait::IsIsolatedFromAbove,
                           OpTrait::SymbolTable, OpTrait::HasOnlyGraphRegion> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "builtin.module"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static llvm::StringRef getDefaultDialect() { return "builtin"; }

  static void build(OpBuilder &builder, OperationState &state,
                    std::optional<llvm::StringRef> name = std::nullopt);
  /// Creates an unlinked module with an empty body block.
  static ModuleOp create(Location loc, Context *context,
                         std::optional<llvm::StringRef> name = std::nullopt);

  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  std::optional<llvm::StringRef> getName();
  LogicalResult verify();

  static constexpr bool kHasCustomAssembly = true;
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
};

/// `builtin.unrealized_conversion_cast`: a stand-in conversion between
/// types that a dialect conversion leaves until they meet.
class UnrealizedConversionCastOp
    : public Op<UnrealizedConversionCastOp, OpTrait::VariadicOperands,
                OpTrait::VariadicResults, OpTrait::ZeroRegions,
                OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() {
    return "builtin.unrealized_conversion_cast";
  }
  static void build(OpBuilder &builder, OperationState &state,
                    TypeRange resultTypes, ValueRange inputs);
  LogicalResult verify();
  static constexpr bool kHasCustomAssembly = true;
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
};

} // namespace tilt

#endif // TILT_IR_BUILTINOPS_H
