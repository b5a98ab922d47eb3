//===- SCF.h - The scf dialect subset ---------------------------*- C++ -*-===//
//
// MLIR's structured control flow dialect: scf.for, scf.if, scf.while (with
// scf.condition), scf.index_switch, scf.execute_region, scf.parallel (with
// scf.reduce and scf.reduce.return), scf.forall (with an empty
// scf.forall.in_parallel) and scf.yield, an exact subset of MLIR 22's ops.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_SCF_SCF_H
#define TILT_DIALECT_SCF_SCF_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"
#include <limits>

namespace tilt {
namespace scf {

/// The scf dialect: structured loops and branches (MLIR's subset).
class SCFDialect : public Dialect {
public:
  explicit SCFDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "scf"; }
};

class YieldOp;
class WhileOp;
class ParallelOp;
class ReduceOp;
class ForallOp;

/// `scf.for %iv = %lb to %ub step %step iter_args(%a = %init) -> (T) {...}`.
/// The structural traits come in the order MLIR's ODS lists them (regions,
/// results, successors, operands, SingleBlock), so that the first error is
/// the same.
class ForOp
    : public Op<ForOp, OpTrait::OneRegion, OpTrait::VariadicResults,
                OpTrait::ZeroSuccessors, OpTrait::AtLeastNOperands<3>::Impl,
                OpTrait::SingleBlock, OpTrait::HasRecursiveMemoryEffects> {
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
  /// The `unsignedCmp` property must be a unit attribute (MLIR rejects
  /// another kind as it converts properties, before any other check).
  LogicalResult verifyInvariantsImpl();
  /// The checks of MLIR's op definition (bound types, one block), then that
  /// there are as many results as initial values.
  LogicalResult verify();
  /// After the nested ops: the scf.yield terminator, MLIR's
  /// LoopLikeOpInterface and RegionBranchOpInterface checks of the
  /// loop-carried values, then the type of the induction variable.
  LogicalResult verifyRegions();
};

/// `scf.if %cond -> (T) { ... } else { ... }`.
class IfOp
    : public Op<IfOp, OpTrait::NRegions<2>::Impl, OpTrait::VariadicResults,
                OpTrait::ZeroSuccessors, OpTrait::OneOperand,
                OpTrait::SingleBlock, OpTrait::NoRegionArguments,
                OpTrait::HasRecursiveMemoryEffects> {
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
  /// An i1 condition, a then block, and an else block when there are
  /// results.
  LogicalResult verify();
  /// After the nested ops: scf.yield terminators that yield the results
  /// (MLIR's RegionBranchOpInterface check).
  LogicalResult verifyRegions();
  /// `scf.if` on a constant condition becomes the taken region's body.
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

//===----------------------------------------------------------------------===//
// Control flow: while, condition, index_switch, execute_region
//===----------------------------------------------------------------------===//

/// `scf.while (%a = %init) : (T) -> R { ... scf.condition(%c) %v : R } do
/// { ^bb0(%r: R): ... scf.yield %next : T }`: the before region computes
/// the condition, the after region the next iteration's values.
class WhileOp
    : public Op<WhileOp, OpTrait::VariadicOperands, OpTrait::VariadicResults,
                OpTrait::NRegions<2>::Impl, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.while"; }
  static constexpr bool kHasCustomAssembly = true;

  /// Creates the loop with a before block whose arguments have the types
  /// of `inits` and an after block with one argument per result; both are
  /// left without terminators.
  static void build(OpBuilder &builder, OperationState &state,
                    TypeRange resultTypes, ValueRange inits);

  Region &getBefore() { return getOperation()->getRegion(0); }
  Region &getAfter() { return getOperation()->getRegion(1); }
  Block *getBeforeBody() { return &getBefore().front(); }
  Block *getAfterBody() { return &getAfter().front(); }
  /// The scf.condition ending the before region (the op must verify).
  Operation *getConditionOp() { return &getBeforeBody()->back(); }
  /// The scf.yield ending the after region (the op must verify).
  Operation *getYieldOp() { return &getAfterBody()->back(); }

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
  /// MLIR's while patterns: condition truth in the after region, compare
  /// folding, argument alignment, moving a trailing scf.if into the after
  /// region, and the region-branch cleanups (scf/RegionBranch.h).
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

/// `scf.condition(%c) %a, %b : T, U`: ends the before region of scf.while;
/// the values go to the after region when %c is true, else to the results.
class ConditionOp
    : public Op<ConditionOp, OpTrait::AtLeastNOperands<1>::Impl,
                OpTrait::ZeroResults, OpTrait::ZeroRegions,
                OpTrait::ZeroSuccessors, OpTrait::HasParent<WhileOp>::Impl,
                OpTrait::IsTerminator, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.condition"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value condition,
                    ValueRange args);
  Value getCondition() { return getOperation()->getOperand(0); }
  /// The forwarded values (every operand but the condition).
  OperandRange getArgs() {
    return OperandRange(getOperation()->getOpOperands().drop_front());
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `scf.index_switch %i -> T case 2 { ... } default { ... }`: runs the case
/// region whose value equals %i, else the default region (region 0).
class IndexSwitchOp
    : public Op<IndexSwitchOp, OpTrait::OneOperand, OpTrait::VariadicResults,
                OpTrait::ZeroSuccessors, OpTrait::SingleBlock,
                OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.index_switch"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;

  Region &getDefaultRegion() { return getOperation()->getRegion(0); }
  /// The region of case `index` (region `index + 1`).
  Region &getCaseRegion(unsigned index) {
    return getOperation()->getRegion(index + 1);
  }
  unsigned getNumCases() { return getOperation()->getNumRegions() - 1; }
  /// The case values (the `cases` property; empty if missing).
  llvm::ArrayRef<int64_t> getCases();

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
  /// A constant operand selects its region, which is inlined; and the
  /// region-branch cleanups.
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

/// `scf.execute_region -> T { ... }`: runs its region (any number of blocks)
/// once; the scf.yield that ends it gives the results.
class ExecuteRegionOp
    : public Op<ExecuteRegionOp, OpTrait::ZeroOperands,
                OpTrait::VariadicResults, OpTrait::OneRegion,
                OpTrait::ZeroSuccessors, OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.execute_region"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// Whether the `no_inline` property keeps the region from being inlined.
  bool getNoInline();

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
  /// A single-block region without `no_inline` is inlined; and the
  /// region-branch cleanups.
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

//===----------------------------------------------------------------------===//
// Parallel loops: parallel, reduce, reduce.return, forall, in_parallel
//===----------------------------------------------------------------------===//

/// `scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> T { ...
/// scf.reduce(%v : T) { ... } }`: a loop nest whose iterations may run in
/// any order; results are combined by the scf.reduce regions.
class ParallelOp
    : public Op<ParallelOp, OpTrait::VariadicOperands, OpTrait::VariadicResults,
                OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.parallel"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;

  /// Creates the loop with a body block of index induction variables,
  /// ending in an operand-less scf.reduce when there are no init values.
  static void build(OpBuilder &builder, OperationState &state,
                    ValueRange lowerBounds, ValueRange upperBounds,
                    ValueRange steps, ValueRange initVals = {});

  /// The operand groups, from `operandSegmentSizes` (empty if malformed).
  OperandRange getLowerBound() { return getSegment(0); }
  OperandRange getUpperBound() { return getSegment(1); }
  OperandRange getStep() { return getSegment(2); }
  OperandRange getInitVals() { return getSegment(3); }
  Block *getBody() { return &getOperation()->getRegion(0).front(); }

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  /// Loops of zero or one iteration, and nests without reductions.
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);

private:
  OperandRange getSegment(unsigned index);
};

/// `scf.reduce(%v : T) { ^bb0(%l: T, %r: T): ... scf.reduce.return %x : T }`:
/// ends an scf.parallel body, one region per reduced value.
class ReduceOp
    : public Op<ReduceOp, OpTrait::VariadicOperands, OpTrait::ZeroResults,
                OpTrait::ZeroSuccessors, OpTrait::HasParent<ParallelOp>::Impl,
                OpTrait::IsTerminator, OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.reduce"; }
  static constexpr bool kHasCustomAssembly = true;
  /// Creates the op with one reduction region (two arguments of the
  /// operand's type, no body) per operand.
  static void build(OpBuilder &builder, OperationState &state,
                    ValueRange operands = {});
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
};

/// `scf.reduce.return %x : T`: ends a reduction region of scf.reduce.
class ReduceReturnOp
    : public Op<ReduceReturnOp, OpTrait::OneOperand, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::HasParent<ReduceOp>::Impl, OpTrait::IsTerminator,
                OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.reduce.return"; }
  static constexpr bool kHasCustomAssembly = true;
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `scf.forall (%i, %j) in (%n, 8) { ... }` or `scf.forall (%i) = (%lb) to
/// (%ub) step (2) shared_outs(%o = %t) -> (tensor<..>) { ... }`: parallel
/// iterations over mixed static/dynamic bounds, with an optional `mapping`.
/// Tilt has no tensor dialect, so the scf.forall.in_parallel terminator
/// stays empty and shared_outs are only threaded through.
class ForallOp
    : public Op<ForallOp, OpTrait::VariadicOperands, OpTrait::VariadicResults,
                OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::HasRecursiveMemoryEffects> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.forall"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// ShapedType::kDynamic: a bound held by an operand.
  static constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

  /// Creates the loop from mixed bounds (an attribute for a static bound,
  /// a value for a dynamic one), with a body block of index induction
  /// variables and the outputs' arguments, ending in an empty
  /// scf.forall.in_parallel.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::ArrayRef<OpFoldResult> lowerBounds,
                    llvm::ArrayRef<OpFoldResult> upperBounds,
                    llvm::ArrayRef<OpFoldResult> steps, ValueRange outputs,
                    Attribute mapping = {});

  /// The number of loops (the size of staticLowerBound).
  unsigned getRank();
  /// The bounds, static ones as index attributes.
  llvm::SmallVector<OpFoldResult, 4> getMixedLowerBound();
  llvm::SmallVector<OpFoldResult, 4> getMixedUpperBound();
  llvm::SmallVector<OpFoldResult, 4> getMixedStep();
  /// The operand groups, from `operandSegmentSizes` (empty if malformed).
  OperandRange getDynamicLowerBound() { return getSegment(0); }
  OperandRange getDynamicUpperBound() { return getSegment(1); }
  OperandRange getDynamicStep() { return getSegment(2); }
  OperandRange getOutputs() { return getSegment(3); }
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  /// The `mapping` property, or null.
  ArrayAttr getMapping();
  /// Whether every lower bound is the constant 0 and every step 1.
  bool isNormalized();

  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  LogicalResult verifyRegions();
  /// Constant bounds become static, unused shared_outs go, and dimensions
  /// of zero or one iteration are folded (MLIR's patterns that need no
  /// tensor op).
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);

private:
  OperandRange getSegment(unsigned index);
};

/// `scf.forall.in_parallel { }`: ends an scf.forall body. MLIR puts
/// tensor.parallel_insert_slice ops in it; Tilt has none, so it is empty.
class InParallelOp
    : public Op<InParallelOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                OpTrait::HasParent<ForallOp>::Impl, OpTrait::IsTerminator,
                OpTrait::Pure, OpTrait::NoTerminator, OpTrait::SingleBlock,
                OpTrait::HasOnlyGraphRegion> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "scf.forall.in_parallel"; }
  static constexpr bool kHasCustomAssembly = true;
  /// Creates the op with an empty block.
  static void build(OpBuilder &builder, OperationState &state);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

/// `scf.yield %a : T`: ends the regions of scf.for, scf.if, scf.while (after
/// region), scf.index_switch and scf.execute_region.
class YieldOp
    : public Op<YieldOp, OpTrait::VariadicOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::IsTerminator, OpTrait::ReturnLike, OpTrait::Pure,
                OpTrait::HasParent<ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp,
                                   WhileOp>::Impl> {
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
