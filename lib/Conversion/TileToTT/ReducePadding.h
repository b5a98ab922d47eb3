//===- ReducePadding.h - Where a reduction's padding ends -------*- C++ -*-===//
//
// A tile.reduce skips the padding of its source (docs/dialects/tile.md):
// the elements copied from past the tensor's logical shape. On the device
// the boundary tiles are masked before reduce_tile. tile-lower-data-movement
// finds, before it erases the copies from DRAM, how far the valid part of
// each reduction's source reaches along the reduced dimension (the
// analysis), and after lowering them makes the reader fill the masks (the
// emission); tile-lower-compute applies them (ComputeReduce.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILT_LIB_CONVERSION_TILETOTT_REDUCEPADDING_H
#define TILT_LIB_CONVERSION_TILETOTT_REDUCEPADDING_H

#include "Utils.h"
#include <functional>
#include <vector>

namespace tilt {
namespace tiletott {

/// The discardable attribute tile-lower-data-movement puts on a tile.reduce
/// whose source may hold padding along the reduced dimension: the index of
/// the CB into which the reader puts one mask tile per tile along that
/// dimension (tile i: its elements before valid - 32 i are valid).
constexpr llvm::StringLiteral kPaddingMaskAttrName = "tile.padding_mask";

/// One bound on the valid extent of a buffer dimension: the elements
/// before `extent - offset` are valid (the copy from DRAM that filled the
/// buffer's data started at `offset` of a tensor dimension of `extent`),
/// or before `extent` without an offset (a buffer tile-widen-blocks padded:
/// its `tile.valid_shape`).
struct ValidLimit {
  int64_t extent = 0;
  Value offset;
  /// The copy (or the padded tile.alloc) the limit comes from.
  Operation *copy = nullptr;
};

/// A reduction whose source may hold padding along the reduced dimension:
/// the valid extent there is the smallest of `limits`.
struct PaddedReduce {
  Operation *reduce = nullptr;
  llvm::SmallVector<ValidLimit, 2> limits;
};

/// An upper bound of a non-negative index value, when one is known.
using UpperBoundFn = std::function<std::optional<int64_t>(Value)>;

/// Follows the padding of every buffer of `kernel` in program order, from
/// the copies from DRAM through on-core copies, tile.parallel (an output
/// dimension is bounded by every input indexed by it), gemm (C keeps its
/// own) and fills (no padding), and returns the reductions whose reduced
/// dimension may end before the source's extent. A limit whose offset
/// `upperBound` proves leaves the whole dimension inside the tensor is
/// dropped, so aligned programs get none. Fails (with a diagnostic) for a
/// limit whose offset is not visible at the reduction.
FailureOr<std::vector<PaddedReduce>>
analyzeReducePadding(tile::KernelOp kernel, const UpperBoundFn &upperBound);

/// Makes the reader fill the mask tiles of each reduction before it (a new
/// input CB, tt.fill_mask_tile per tile) and records the CB on the
/// reduction (kPaddingMaskAttrName). Runs after the copies are lowered.
LogicalResult emitReducePaddingMasks(tile::KernelOp kernel,
                                     llvm::ArrayRef<PaddedReduce> reduces);

} // namespace tiletott
} // namespace tilt

#endif // TILT_LIB_CONVERSION_TILETOTT_REDUCEPADDING_H
