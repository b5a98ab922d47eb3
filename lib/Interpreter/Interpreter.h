//===- Interpreter.h - The tile interpreter's state -------------*- C++ -*-===//
//
// Private to lib/Interpreter: the runtime values and the interpreter class
// whose tile ops (TileInterpreter.cpp) and scalar ops (ScalarOps.cpp) live
// in separate files.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_INTERPRETER_INTERPRETER_H
#define TILT_LIB_INTERPRETER_INTERPRETER_H

#include "tilt/IR/Block.h"
#include "tilt/Interpreter/TileInterpreter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <cmath>
#include <cstdint>
#include <memory>

namespace tilt {
namespace interp {
namespace detail {

/// An on-core buffer or a view of a host tensor: exact values and their
/// error bounds; for tensors, also the block that wrote each element.
struct Array {
  std::vector<int64_t> shape;
  Type elementType;
  NumberFormat format = NumberFormat::F32;
  std::vector<double> *values = nullptr;
  std::vector<ErrorBound> *bounds = nullptr;
  std::vector<int64_t> *writers = nullptr;
  std::vector<double> valueStorage;
  std::vector<ErrorBound> boundStorage;
  /// On-core buffers: whether each element is padding (copied from past
  /// the tensor's logical shape, or computed from such an element), which
  /// reductions skip. Empty for tensors.
  std::vector<bool> padding;
  /// Whether the last write was a tile.fill (or tile.clear): the lowering
  /// keeps such a buffer as a constant and applies it with the SFPU's
  /// scalar forms, never through a source register.
  bool filled = false;

  bool isPadding(int64_t index) const {
    return !padding.empty() && padding[size_t(index)];
  }
  void setPadding(int64_t index, bool value) {
    if (!padding.empty())
      padding[size_t(index)] = value;
  }

  int64_t size() const {
    int64_t count = 1;
    for (int64_t extent : shape)
      count *= extent;
    return count;
  }
};

/// `value` as an integer: truncated toward zero, saturated at the int64
/// range, and 0 for NaN (a plain conversion of an infinity or of a value
/// out of range is undefined behaviour; a float buffer's element is also
/// read as an integer, which only integer ops use).
inline int64_t toInteger(double value) {
  if (std::isnan(value))
    return 0;
  if (value >= 9223372036854775807.0)
    return INT64_MAX;
  if (value <= -9223372036854775808.0)
    return INT64_MIN;
  return int64_t(value);
}

/// A runtime value: an integer, a float with its error bound, or an array.
struct RValue {
  int64_t integer = 0;
  double real = 0;
  ErrorBound bound = ErrorBound::getExact(NumberFormat::Integer);
  /// An i1 of a float comparison that the error bounds leave undecided:
  /// the device may have computed the other answer.
  bool undecided = false;
  Array *array = nullptr;
};

/// Runs one function; see runFunction.
class Interpreter {
public:
  explicit Interpreter(const Precision &precision) : precision(precision) {}

  LogicalResult run(Operation *function, std::vector<HostTensor> &arguments);

private:
  Precision precision;
  llvm::DenseMap<Value, RValue> values;
  std::vector<std::unique_ptr<Array>> arrays;
  llvm::SmallVector<RValue, 4> yielded;
  /// The linear id of the grid block being run; -1 outside tile.kernel.
  int64_t currentBlock = -1;
  /// The body of the tile.parallel being run, whose arithmetic is done in
  /// DST; null in scalar code.
  Block *parallelBody = nullptr;
  /// The position of the element that body runs for (tile.index).
  llvm::SmallVector<int64_t, 4> parallelIndex;
  /// The inputs of that body that an FPU op (add, sub, mul) reads, so that
  /// their CBs go through the source registers for every op.
  llvm::DenseSet<Value> inputsReadByFPU;
  /// The inputs of that body that are broadcast (indexed by fewer
  /// dimensions than the iteration space): an FPU op takes them in its
  /// broadcast forms, with the vector as SrcB.
  llvm::DenseSet<Value> broadcastInputs;
  /// The broadcast inputs other than column vectors of a 2-d space: the
  /// lowering transposes a row vector through SrcA (transpose_wh_tile)
  /// before unary_bcast, where a column vector is loaded as it is.
  llvm::DenseSet<Value> rowVectorInputs;
  /// The inputs of that body that are filled buffers: constants to the
  /// lowering, like a scalar from outside the body.
  llvm::DenseSet<Value> constantInputs;

  LogicalResult fail(Operation *op, const llvm::Twine &message) {
    op->emitError() << message;
    return failure();
  }
  RValue &get(Value value) { return values[value]; }

  // Control flow and tile ops (TileInterpreter.cpp).
  LogicalResult runBlock(Block &block);
  LogicalResult runOp(Operation *op);
  LogicalResult runWhile(Operation *op);
  LogicalResult runLoop(Operation *op, Block *body, unsigned numCarried);
  LogicalResult runKernel(Operation *op);
  LogicalResult runAlloc(Operation *op);
  LogicalResult runCopy(Operation *op);
  /// A buffer-to-buffer copy of the slice of `source` at `offsets`.
  LogicalResult copySlice(Operation *op, Array &source, Array &dest,
                          llvm::ArrayRef<int64_t> offsets);
  LogicalResult runIm2Col(Operation *op);
  LogicalResult runGemm(Operation *op);
  LogicalResult runFill(Operation *op);
  LogicalResult runParallel(Operation *op);
  LogicalResult runReduce(Operation *op);
  LogicalResult runIntReduce(Operation *op);
  /// Stores the exact `value` with `bound` into `array` at `index`: the
  /// device rounds it to the array's format.
  void store(Array &array, int64_t index, double value, ErrorBound bound);

  // Scalar ops (ScalarOps.cpp).
  LogicalResult runScalar(Operation *op, llvm::StringRef name);
  LogicalResult runFloat(Operation *op, llvm::StringRef mnemonic,
                         RValue &result);
  /// Whether `op` (in a tile.parallel body) runs on the FPU: add, sub and
  /// mul with an input operand; everything else runs on the SFPU.
  bool isOnFPU(Operation *op);
  /// Whether `value` comes from outside the tile.parallel body (a constant,
  /// a kernel scalar, a filled buffer): the lowering then uses the SFPU's
  /// scalar forms.
  bool isFromOutside(Value value);
  /// The relative error the math fidelity adds to operand `index` of an
  /// FPU multiply `op` (Precision.h, getFidelityErrorA/B), 0 for others.
  double getFidelityError(Operation *op, unsigned index);
  /// The relative truncation operand `index` of `op` suffers on its way
  /// into the compute engine (a source register), 0 when it enters
  /// exactly.
  double getEntryTruncation(Operation *op, unsigned index);
  /// The bound of operand `index` of `op` as the compute engine sees it.
  ErrorBound getOperandBound(Operation *op, unsigned index);
  /// Whether `value` is an element of an input of the tile.parallel being
  /// run (a block argument of its body).
  bool isInput(Value value);
  /// `bound` of the result `value` of `op` after the device rounds it: to
  /// DST in a tile.parallel body (truncating for SFPU ops in a 16-bit
  /// DST), to the result type in scalar code.
  ErrorBound roundResult(Operation *op, const ErrorBound &bound, double value);
};

} // namespace detail
} // namespace interp
} // namespace tilt

#endif // TILT_LIB_INTERPRETER_INTERPRETER_H
