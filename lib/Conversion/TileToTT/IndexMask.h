//===- IndexMask.h - Index-dependent selects as mask tiles ------*- C++ -*-===//
//
// A tile.parallel body may choose between values by the element's position
// (TileLang's `T.if_then_else(bx * block_M + i >= k * block_N + j, x,
// -T.infinity)`): `arith.select` on an `arith.cmpi` of index expressions
// built from `tile.index`. Tenstorrent's compute engines have no element
// indices, so such a condition becomes a stream of mask tiles that a data
// movement kernel fills (as tt-metal's SDPA writer fills its causal mask
// tiles) and the compute kernel reads like an input:
//
//  - both branches constant: the mask holds the select's value itself
//    (`select(c, 0.0, -inf)` is the mask);
//  - one branch an infinity: select = x + mask, the mask 0 where x is
//    chosen and that infinity elsewhere (x + -inf is -inf for every finite
//    x, as tt-metal's softmax and SDPA add their -inf masks).
//
// Any other comparison of element indices (a select between two computed
// values on it, a condition that combines it with one on values) gets a
// mask of 1.0 where it holds and 0.0 elsewhere: the value the compute
// kernel gives any condition (ComputeElementwise.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILT_LIB_CONVERSION_TILETOTT_INDEXMASK_H
#define TILT_LIB_CONVERSION_TILETOTT_INDEXMASK_H

#include "Utils.h"

namespace tilt {
namespace tiletott {

/// The discardable attribute tile-lower-data-movement puts on an
/// index-dependent arith.select or arith.cmpi: the index of the CB into which a
/// data movement kernel puts the mask tiles, one per tile of the iteration
/// space, each time the tile.parallel runs.
constexpr llvm::StringLiteral kIndexMaskAttrName = "tile.index_mask";

/// An index condition as `sum(coefficients[d] * index_d) + sum(terms) +
/// constant` compared with 0 (the cmpi's lhs minus its rhs).
struct IndexCondition {
  /// Per iteration dimension.
  llvm::SmallVector<int64_t, 2> coefficients;
  /// Index values from outside the body (block ids, loop variables), each
  /// with its coefficient.
  llvm::SmallVector<std::pair<Value, int64_t>, 2> terms;
  int64_t constant = 0;
  /// The comparison with 0: >=, >, <=, <, ==, != (the helper's codes).
  enum Predicate { GE = 0, GT, LE, LT, EQ, NE } predicate = GE;
};

/// How a select on an index condition is computed.
struct IndexSelect {
  IndexCondition condition;
  /// Whether the select is x + mask (else the mask is its value).
  bool additive = false;
  /// Additive: the operand (1 or 2) that is x.
  unsigned valueOperand = 0;
  /// The mask's elements where the condition holds and where it does not
  /// (0 on the side of x when additive).
  double trueValue = 0.0, falseValue = 0.0;
  /// Whether the mask needs f32 pages (a value bf16 does not hold).
  bool f32 = false;
};

/// Whether `compare` is a comparison of element indices: an arith.cmpi of
/// `body` that depends on tile.index and on no input's element (indices,
/// constants and values from outside the body), which the writer fills as
/// a mask. A comparison of an index with an element is one of values, the
/// index taken as a number (isIndexNumber).
bool isIndexCondition(Operation *compare, Block *body);

/// Whether `select` (in the body of `parallel`) chooses between floats of
/// a mask form (two constants, or a value and an infinity) on one
/// arith.cmpi of the body.
bool isIndexSelectForm(Operation *select, tile::ParallelOp parallel);

/// The condition `compare` (an arith.cmpi of the body of `parallel` that
/// depends on tile.index) as an affine form compared with 0, or an error at
/// the offending op.
FailureOr<IndexCondition> analyzeIndexCondition(Operation *compare,
                                                tile::ParallelOp parallel);

/// Whether `op` is an element index used as a number: an arith.index_cast
/// to i32 of a value of the body that depends on tile.index, used by
/// something other than index conditions. The writer fills its values
/// (tt.fill_index_tile).
bool isIndexNumber(Operation *op, Block *body);

/// Whether the index number `cast` is only converted to a float (or
/// compared in index conditions): its tiles then hold f32 values, which a
/// 16-bit DST takes.
bool isFloatIndexNumber(Operation *cast);

/// The affine form of the index number `cast` (predicate unused).
FailureOr<IndexCondition> analyzeIndexValue(Operation *cast,
                                            tile::ParallelOp parallel);

/// How `select` (of isIndexSelectForm) is computed, or an error at the
/// offending op.
FailureOr<IndexSelect> analyzeIndexSelect(Operation *select,
                                          tile::ParallelOp parallel);

/// The operand of an index-dependent `select` that its mask is added to
/// (1 or 2: the other branch is an infinity), 0 when both branches are
/// constants (the mask is its value), none when neither form applies.
std::optional<unsigned> getMaskedOperand(Operation *select);

/// For every select of a mask form and every other comparison of element
/// indices of `kernel`'s tile.parallel ops: a new input CB, the writer's
/// tt.fill_index_mask_tile per tile before the tile.parallel, and
/// kIndexMaskAttrName on the select or comparison. Runs after the copies
/// are lowered.
LogicalResult emitIndexMasks(tile::KernelOp kernel);

} // namespace tiletott
} // namespace tilt

#endif // TILT_LIB_CONVERSION_TILETOTT_INDEXMASK_H
