//===- TileInterpreter.h - Running tile programs on the host ----*- C++ -*-===//
//
// A reference interpreter of tile-level programs (func, tile, arith, scf,
// math): it runs a function on host tensors, block by block, in f32. Values
// are rounded to a buffer's or tensor's element type when they are stored
// (bf16 to nearest even), as the program's types say; scalar arithmetic in
// between is f32. tilt-run compares the device's results against it.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_INTERPRETER_TILEINTERPRETER_H
#define TILT_INTERPRETER_TILEINTERPRETER_H

#include "tilt/IR/Operation.h"
#include "tilt/Support/LogicalResult.h"

#include <vector>

namespace tilt {
namespace interp {

/// A host tensor: row-major values of `shape`, held as f32 and rounded to
/// `elementType` (bf16, f16, f32 or i32).
struct HostTensor {
  std::vector<int64_t> shape;
  Type elementType;
  std::vector<float> data;

  int64_t getNumElements() const;
};

/// `value` rounded to `type` (bf16 and f16 to nearest even, i32 to the
/// nearest integer; f32 unchanged).
float roundToType(float value, Type type);

/// Runs `function` (a func.func whose arguments are !tile.tensor) on
/// `arguments`, one per function argument, which it updates in place.
/// Unsupported ops and bad arguments are reported as errors at the op.
LogicalResult runFunction(Operation *function,
                          std::vector<HostTensor> &arguments);

} // namespace interp
} // namespace tilt

#endif // TILT_INTERPRETER_TILEINTERPRETER_H
