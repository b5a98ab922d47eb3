//===- SCF.h - The scf dialect subset ---------------------------*- C++ -*-===//
//
// scf.for (with iter_args), scf.if (with results) and scf.yield: an exact
// subset of MLIR's structured control flow dialect.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_SCF_SCF_H
#define TILT_DIALECT_SCF_SCF_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

namespace tilt {
namespace scf {

/// The scf dialect: structured loops and branches (MLIR's subset).
class SCFDialect : public Dialect {
public:
  explicit SCFDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "scf"; }
};

class YieldOp;

/// `scf.for %iv = %lb to %ub step %step iter_args(%a = %init) -> (T) {...}`.
class ForOp : public Op<ForOp, OpTrait::AtLeastNOperands<3>::Impl,
                        OpTrait::VariadicResults, OpTrait::OneRegion,
                        OpTrait::ZeroSuccessors, OpTrait::SingleBlock,
                        OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.for"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;

  /// Creates the loop with a body block (induction variable and iteration
  /// arguments) ending in an scf.yield of the iteration arguments.
  static void build(OpBuilder &builder, OperationState &state, Value lowerBound,
                    Value upperBound, Value step, ValueRange initArgs = {});

  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
  Value getLowerBound() { return getOperation()->getOperand(0); }
  Value getUpperBound() { return getOperation()->getOperand(1); }
  Value getStep() { return getOperation()->getOperand(2); }
  OperandRange getInitArgs();
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  BlockArgument getInductionVar() { return getBody()->getArgument(0); }

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
};

/// `scf.if %cond -> (T) { ... } else { ... }`.
class IfOp
    : public Op<IfOp, OpTrait::OneOperand, OpTrait::VariadicResults,
                OpTrait::NRegions<2>::Impl, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.if"; }
  static constexpr bool kHasCustomAssembly = true;

  /// Creates the op with a then block (and an else block when requested or
  /// when there are results), each ending in scf.yield when there are no
  /// results.
  static void build(OpBuilder &builder, OperationState &state,
                    TypeRange resultTypes, Value condition, bool withElse);

  Region &getThenRegion() { return getOperation()->getRegion(0); }
  Region &getElseRegion() { return getOperation()->getRegion(1); }

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
  /// `scf.if` on a constant condition becomes the taken region's body.
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

/// `scf.yield %a : T`: ends the body of scf.for and the regions of scf.if.
class YieldOp
    : public Op<YieldOp, OpTrait::VariadicOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::IsTerminator, OpTrait::ReturnLike, OpTrait::Pure,
                OpTrait::HasParent<ForOp, IfOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.yield"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    ValueRange operands = {});
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
};

} // namespace scf
} // namespace tilt

#endif // TILT_DIALECT_SCF_SCF_H
