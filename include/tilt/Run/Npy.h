//===- Npy.h - float32 arrays as .npy files ---------------------*- C++ -*-===//
//
// The inputs and outputs of a run as NumPy's .npy files (format version
// 1.0): C-order float32 arrays, what `numpy.save` writes for an f4 array
// and `numpy.load` reads. tilt-run reads `--input NAME=FILE.npy` with them
// and leaves `NAME.in.npy`, `NAME.out.npy` and `NAME.ref.npy` in its work
// directory.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_RUN_NPY_H
#define TILT_RUN_NPY_H

#include "tilt/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilt {
namespace run {

/// The number of elements of `shape`, saturated at INT64_MAX (a
/// hand-written tt.buffer is not bound by the tile dialect's limits; a
/// negative extent counts as INT64_MAX too).
int64_t getNumElements(llvm::ArrayRef<int64_t> shape);

/// Writes `data` to `path` as a C-order float32 array of `shape`. Fails with
/// `error` ("cannot write PATH") when the file cannot be written whole.
LogicalResult writeNpy(llvm::StringRef path, llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<float> data, std::string &error);

/// Reads `path`, which must hold a C-order float32 array of `shape`, into
/// `data`. Fails with `error` naming the file when it cannot be read or
/// holds something else.
LogicalResult readNpy(llvm::StringRef path, llvm::ArrayRef<int64_t> shape,
                      std::vector<float> &data, std::string &error);

} // namespace run
} // namespace tilt

#endif // TILT_RUN_NPY_H
