//===- TileOpsCommon.h - Helpers shared by the tile ops' files --*- C++ -*-===//
//
// Verifier and printer helpers used by TileOps.cpp and ParallelOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILT_DIALECTS_TILE_TILEOPSCOMMON_H
#define TILT_DIALECTS_TILE_TILEOPSCOMMON_H

#include "tilt/Dialect/Tile/Tile.h"

namespace tilt {
namespace tile {
namespace detail {

/// Succeeds when `op` is nested in a tile.kernel (ops other than tile.kernel
/// only make sense inside one); otherwise reports it on `op`.
LogicalResult verifyInsideKernel(Operation *op);

/// The buffer type of operand `index` of `op`, or an error naming `what`.
FailureOr<BufType> getBufOperand(Operation *op, unsigned index,
                                 llvm::StringRef what);

/// Prints `values` as `%a, %b, ...`.
void printOperandList(OpAsmPrinter &printer, ValueRange values);

} // namespace detail
} // namespace tile
} // namespace tilt

#endif // TILT_DIALECTS_TILE_TILEOPSCOMMON_H
