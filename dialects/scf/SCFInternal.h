//===- SCFInternal.h - Helpers shared by the scf op files -------*- C++ -*-===//
//
// Private to the scf dialect: the pieces of custom syntax several ops share
// (assignment lists, mixed static/dynamic index lists), the region checks
// MLIR's generated verifiers make, the trip count of a loop dimension, and
// the region-branch edges of scf.for, scf.if, scf.while, scf.index_switch
// and scf.execute_region, from which both their verifier and MLIR 22's
// generic region-branch cleanups (MakeRegionBranchOpSuccessorInputsDead,
// RemoveDuplicateSuccessorInputUses, RemoveDeadRegionBranchOpSuccessorInputs)
// work.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECTS_SCF_SCFINTERNAL_H
#define TILT_DIALECTS_SCF_SCFINTERNAL_H

#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternMatch.h"
#include "llvm/ADT/APInt.h"

namespace tilt {
namespace scf {
namespace detail {

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// Appends an operand-less `terminatorName` op to the last block of
/// `region` (creating the block if the region is empty) unless it already
/// ends in a terminator: the implicit terminator of the custom forms.
void ensureTerminator(Region &region, llvm::StringRef terminatorName,
                      Context *context, Location loc);

/// Prints `<prefix>(%arg = %value, ...)`, or nothing for no values.
void printInitializationList(OpAsmPrinter &printer,
                             llvm::ArrayRef<BlockArgument> arguments,
                             ValueRange values, llvm::StringRef prefix);

/// Parses `(%a, 4, %b)`: integers go to `staticValues`, operands to
/// `dynamicValues` with ForallOp::kDynamic in their static slot.
LogicalResult parseDynamicIndexList(
    OpAsmParser &parser,
    llvm::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicValues,
    llvm::SmallVectorImpl<int64_t> &staticValues);

/// Prints `(%a, 4, %b)` from a static list and its dynamic operands.
void printDynamicIndexList(OpAsmPrinter &printer, ValueRange dynamicValues,
                           llvm::ArrayRef<int64_t> staticValues);

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// MLIR's generated check of a `SizedRegion<1>`: region `index` (named
/// `name` in the op definition) must hold exactly one block.
LogicalResult verifyOneBlockRegion(Operation *op, unsigned index,
                                   llvm::StringRef name);

/// MLIR's generated check of `operandSegmentSizes` for `numSegments`
/// variadic operand groups.
LogicalResult verifyOperandSegments(Operation *op, unsigned numSegments);

/// The operands of segment `index` of `op` per `operandSegmentSizes`, or
/// an empty range if the property is malformed.
OperandRange getOperandSegment(Operation *op, unsigned index);

/// `operandSegmentSizes = array<i32: sizes...>`.
Attribute getOperandSegmentsAttr(Context *context,
                                 llvm::ArrayRef<int64_t> sizes);

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// The constant integer a bound stands for: an index attribute, or a value
/// defined by a constant.
std::optional<llvm::APInt> getConstantBound(OpFoldResult bound);

/// MLIR's constantTripCount of a signed loop dimension over index values:
/// the number of iterations when the bounds and step say it (equal bounds,
/// constant bounds, or `ub = arith.addi lb, cst overflow<nsw>`), else none.
/// A zero step counts as zero iterations, as in MLIR.
std::optional<llvm::APInt> getConstantTripCount(OpFoldResult lowerBound,
                                                OpFoldResult upperBound,
                                                OpFoldResult step);

/// `bound` as a value: itself, or an arith.constant index created by
/// `rewriter` for a static bound.
Value getValueOrCreateConstantIndex(PatternRewriter &rewriter, Location loc,
                                    OpFoldResult bound);

//===----------------------------------------------------------------------===//
// Region-branch edges
//===----------------------------------------------------------------------===//

/// One control-flow edge of a region op: `operands` of `point` (the op
/// itself on entry, or the terminator of one of its blocks) flow into
/// `inputs` of the target (a region's entry arguments, or the op's results
/// when `targetRegion` is -1).
struct RegionBranchEdge {
  Operation *point;
  int targetRegion;
  llvm::MutableArrayRef<OpOperand> operands;
  llvm::SmallVector<Value, 4> inputs;
};

/// The edges of scf.for, scf.if, scf.while, scf.index_switch or
/// scf.execute_region in the order MLIR visits them: entry edges, then those of
/// each region's terminators. The op's terminators must already be verified.
void getRegionBranchEdges(Operation *op,
                          llvm::SmallVectorImpl<RegionBranchEdge> &edges);

/// MLIR's RegionBranchOpInterface verifier: along every edge, as many
/// values as inputs, and of the same types.
LogicalResult verifyRegionBranchEdges(Operation *op);

/// Adds MLIR 22's three generic region-branch cleanups for `opName`:
/// inputs that can only hold one outside value are replaced by it,
/// duplicate inputs by the first, and dead inputs are removed together
/// with the operands that feed them.
void populateRegionBranchCleanupPatterns(RewritePatternSet &patterns,
                                         llvm::StringRef opName);

} // namespace detail
} // namespace scf
} // namespace tilt

#endif // TILT_DIALECTS_SCF_SCFINTERNAL_H
