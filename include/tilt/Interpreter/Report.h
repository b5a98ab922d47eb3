//===- Report.h - Printing a comparison as tilt-run does --------*- C++ -*-===//
//
// The lines tilt-run prints for one output (docs/tilt-run.md): the verdict
// with the share within budget, and for an element beyond its budget where
// it is -- its indices, its 32x32 tile, the grid block that wrote it and
// the core that ran that block -- so that a precision bug can be traced to
// a kernel.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_INTERPRETER_REPORT_H
#define TILT_INTERPRETER_REPORT_H

#include "tilt/Interpreter/Compare.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tilt {
namespace interp {

/// The grid blocks one core ran, [start, start + count) in the linear
/// order of tile-partition (the runtime arguments `start` and `count`).
struct CoreBlocks {
  int64_t column = 0, row = 0;
  int64_t start = 0, count = 0;
};

/// Element `index` of a row-major array of `shape`, as "[i, j]".
std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t index);

/// Where element `index` of an output of `shape`, written by grid block
/// `block`, lives and which of `cores` computed it: "tile (r, c), block B
/// on core (x, y)". Tiles are 32x32 over the last two dimensions; a 1-d
/// tensor is a row of tiles, element i in tile i / 32 (docs/pipeline.md,
/// tile-legalize).
std::string describeElementPlace(llvm::ArrayRef<int64_t> shape, int64_t index,
                                 int64_t block,
                                 llvm::ArrayRef<CoreBlocks> cores);

/// Prints the PASS or FAIL line of the output `name` (of `shape` and element
/// `type`), the first element beyond its budget if there is one (also for
/// an output that passes with a few), and for a failure the worst elements.
void printComparison(llvm::raw_ostream &os, const Comparison &result,
                     llvm::StringRef name, llvm::ArrayRef<int64_t> shape,
                     Type type, llvm::ArrayRef<CoreBlocks> cores);

} // namespace interp
} // namespace tilt

#endif // TILT_INTERPRETER_REPORT_H
