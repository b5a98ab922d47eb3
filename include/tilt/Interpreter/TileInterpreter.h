//===- TileInterpreter.h - Running tile programs on the host ----*- C++ -*-===//
//
// The reference interpreter of tile-level programs (func, tile, arith, scf,
// math): it runs a function on host tensors, block by block, and computes
// the exact result of the program in fp64 -- values are not rounded to the
// element types of the buffers they pass through. Beside each value it
// carries an error bound (Precision.h): how far the device's value may be
// from the exact one, given the roundings the device performs on the way.
// tilt-run compares the device's results against the reference under these
// bounds (Compare.h, docs/tilt-run.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_INTERPRETER_TILEINTERPRETER_H
#define TILT_INTERPRETER_TILEINTERPRETER_H

#include "tilt/IR/Operation.h"
#include "tilt/Interpreter/Precision.h"
#include "tilt/Support/LogicalResult.h"

#include <vector>

namespace tilt {
namespace interp {

/// A host tensor: row-major values of `shape` with element type
/// `elementType` (bf16, f16, f32 or a signless integer). Given to
/// runFunction, `data` holds the inputs; afterwards it holds the exact
/// results, `bounds` their error bounds and `writers` which grid block
/// wrote each element last.
struct HostTensor {
  std::vector<int64_t> shape;
  Type elementType;
  /// The values: exact, in fp64 (never rounded to `elementType` by the
  /// interpreter; the inputs are values of `elementType`).
  std::vector<double> data;
  /// Per element, the bound on |device value - data|.
  std::vector<ErrorBound> bounds;
  /// Per element, the linear id of the tile.kernel grid block that wrote it
  /// last (bx fastest, the order of tile-partition), or -1 if no block did.
  std::vector<int64_t> writers;

  /// A tensor of `shape` and `elementType` holding `values`.
  static HostTensor get(llvm::ArrayRef<int64_t> shape, Type elementType,
                        llvm::ArrayRef<float> values);

  int64_t getNumElements() const;
  /// The values rounded to the element type (what a device that computed
  /// exactly would hand back), as f32.
  std::vector<float> getRoundedData() const;
};

/// `value` rounded to `type` (bf16 and f16 to nearest even, integers to the
/// nearest integer; f32 unchanged).
float roundToType(float value, Type type);

/// Runs `function` (a func.func whose arguments are !tile.tensor or f32,
/// bf16 and f16 scalars) on `arguments`, one per function argument, which
/// it updates in place, for a device configured as `precision`. A scalar
/// argument is a rank-0 HostTensor (empty shape, one value). Inputs are
/// taken as exact (the data are first rounded to their element type). Unsupported ops, bad
/// arguments and operations whose error cannot be bounded (a float
/// comparison that the error bounds leave undecided, a float-to-integer
/// conversion across an integer) are reported as errors at the op.
LogicalResult runFunction(Operation *function,
                          std::vector<HostTensor> &arguments,
                          const Precision &precision);

} // namespace interp
} // namespace tilt

#endif // TILT_INTERPRETER_TILEINTERPRETER_H
