//===- TileInterpreter.cpp - Running tile programs on the host ------------===//
//
// Interprets a tile-level function exactly, in fp64, with an error bound
// per value (Precision.h): tile.kernel runs its body once per grid block
// (block ids bound to the body's first arguments), buffers are host arrays,
// copies move slices (a slice over a tensor's tile padding or past its end
// reads zeros and drops writes), gemm accumulates, parallel runs its scalar
// body per element (ScalarOps.cpp), reduce folds one dimension. Every store
// rounds the bound, not the value, to the destination's format.
//
// Buffers track which elements are padding (docs/dialects/tile.md): those
// a copy read from past the tensor's logical shape, and parallel outputs
// computed from one. Reductions skip them (the identity of the fold) and
// count only the others in their error bound.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unistd.h>

using namespace tilt;
using namespace tilt::interp;
using namespace tilt::interp::detail;

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

HostTensor HostTensor::get(llvm::ArrayRef<int64_t> shape, Type elementType,
                           llvm::ArrayRef<float> values) {
  HostTensor tensor;
  tensor.shape.assign(shape.begin(), shape.end());
  tensor.elementType = elementType;
  tensor.data.assign(values.begin(), values.end());
  return tensor;
}

int64_t HostTensor::getNumElements() const {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  return count;
}

std::vector<float> HostTensor::getRoundedData() const {
  NumberFormat format =
      getNumberFormat(elementType).value_or(NumberFormat::F32);
  std::vector<float> rounded(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    rounded[i] = float(roundToFormat(data[i], format));
  return rounded;
}

float interp::roundToType(float value, Type type) {
  std::optional<NumberFormat> format = getNumberFormat(type);
  if (!format)
    return value;
  float rounded = float(roundToFormat(value, *format));
  // One-byte integers hold what their byte can: a bool is 0 or 1, an i8
  // or ui8 value is saturated to its range.
  if (type.isInteger(1))
    return rounded != 0.0f ? 1.0f : 0.0f;
  if (type.isInteger(8))
    return type.isUnsignedInteger() ? std::clamp(rounded, 0.0f, 255.0f)
                                    : std::clamp(rounded, -128.0f, 127.0f);
  return rounded;
}

//===----------------------------------------------------------------------===//
// The function and control flow
//===----------------------------------------------------------------------===//

LogicalResult Interpreter::run(Operation *function,
                               std::vector<HostTensor> &arguments) {
  if (function->getNumRegions() != 1 || function->getRegion(0).empty())
    return fail(function, "the interpreter needs a function with a body");
  Block &entry = function->getRegion(0).front();
  if (entry.getNumArguments() != arguments.size())
    return fail(function,
                "the function takes " + llvm::Twine(entry.getNumArguments()) +
                    " arguments, " + llvm::Twine(arguments.size()) + " given");
  for (size_t i = 0; i < arguments.size(); ++i) {
    Type argumentType = entry.getArgument(i).getType();
    if (tile::isKernelScalarType(argumentType)) {
      // A scalar: a rank-0 tensor of one value, an exact input of its type
      // (the host passes it as f32 bits, exact for every scalar type).
      HostTensor &scalar = arguments[i];
      if (!scalar.shape.empty() || scalar.data.size() != 1)
        return fail(function, "argument " + llvm::Twine(i) +
                                  " is a scalar: it takes a rank-0 tensor "
                                  "of one value");
      NumberFormat format = *getNumberFormat(argumentType);
      scalar.elementType = argumentType;
      scalar.data[0] = roundToFormat(scalar.data[0], format);
      scalar.bounds.assign(1, ErrorBound::getExact(format));
      scalar.writers.assign(1, -1);
      RValue &value = values[entry.getArgument(i)];
      value = RValue();
      value.real = scalar.data[0];
      value.bound = ErrorBound::getExact(format);
      continue;
    }
    auto type = argumentType.dyn_cast<tile::TensorType>();
    if (!type)
      return fail(function, "argument " + llvm::Twine(i) +
                                " is neither a !tile.tensor nor an f32, "
                                "bf16 or f16 scalar; the interpreter runs "
                                "functions of global tensors and scalars");
    HostTensor &tensor = arguments[i];
    if (llvm::ArrayRef<int64_t>(tensor.shape) != type.getShape() ||
        int64_t(tensor.data.size()) != tensor.getNumElements())
      return fail(function, "argument " + llvm::Twine(i) +
                                " does not have the tensor's shape");
    std::optional<NumberFormat> format = getNumberFormat(type.getElementType());
    if (!format)
      return fail(function, "argument " + llvm::Twine(i) +
                                ": the interpreter runs tensors of bf16, "
                                "f16, f32 and integers");
    // Inputs are exact values of their type.
    for (double &value : tensor.data)
      value = roundToFormat(value, *format);
    tensor.bounds.assign(tensor.data.size(), ErrorBound::getExact(*format));
    tensor.writers.assign(tensor.data.size(), -1);
    auto array = std::make_unique<Array>();
    array->shape = tensor.shape;
    array->elementType = type.getElementType();
    array->format = *format;
    array->values = &tensor.data;
    array->bounds = &tensor.bounds;
    array->writers = &tensor.writers;
    values[entry.getArgument(i)].array = array.get();
    arrays.push_back(std::move(array));
  }
  return runBlock(entry);
}

LogicalResult Interpreter::runBlock(Block &block) {
  for (Operation &op : block)
    if (failed(runOp(&op)))
      return failure();
  return success();
}

LogicalResult Interpreter::runOp(Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  if (name == "func.return" || name == "scf.yield" || name == "tile.yield" ||
      name == "scf.condition") {
    yielded.clear();
    for (Value operand : op->getOperands())
      yielded.push_back(get(operand));
    return success();
  }
  if (name.startswith("arith.") || name.startswith("math."))
    return runScalar(op, name);
  if (auto loop = scf::ForOp::dynCast(op))
    return runLoop(op, loop.getBody(), op->getNumOperands() - 3);
  if (scf::IfOp::dynCast(op)) {
    RValue &condition = get(op->getOperand(0));
    if (condition.undecided)
      return fail(op, "the condition compares floats that the error bounds "
                      "do not separate; the interpreter cannot bound what "
                      "the device computes after it");
    Region &region = op->getRegion(condition.integer ? 0 : 1);
    if (region.empty())
      return success();
    if (failed(runBlock(region.front())))
      return failure();
    for (unsigned i = 0; i < op->getNumResults() && i < yielded.size(); ++i)
      values[op->getResult(i)] = yielded[i];
    return success();
  }
  if (tile::PipelinedOp::dynCast(op))
    return runLoop(op, &op->getRegion(0).front(), 0);
  if (scf::WhileOp::dynCast(op))
    return runWhile(op);
  if (tile::KernelOp::dynCast(op))
    return runKernel(op);
  if (tile::AllocOp::dynCast(op) || tile::WorkspaceOp::dynCast(op))
    return runAlloc(op);
  if (tile::CopyOp::dynCast(op))
    return runCopy(op);
  if (tile::Im2ColOp::dynCast(op))
    return runIm2Col(op);
  if (tile::GemmOp::dynCast(op))
    return runGemm(op);
  if (tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op))
    return runFill(op);
  if (tile::ParallelOp::dynCast(op))
    return runParallel(op);
  if (auto index = tile::IndexOp::dynCast(op)) {
    int64_t dim = index.getDim();
    if (dim < 0 || dim >= int64_t(parallelIndex.size()))
      return fail(op, "tile.index outside the tile.parallel being run");
    RValue result;
    result.integer = parallelIndex[size_t(dim)];
    values[op->getResult(0)] = result;
    return success();
  }
  if (tile::ReduceOp::dynCast(op))
    return runReduce(op);
  if (tile::AnyAtomicOp atomic = tile::AnyAtomicOp::dynCast(op)) {
    // tensor[slice] += buffer (or max, min), in block order (the device
    // combines the blocks of a split in that order on one core:
    // tile-fold-atomics).
    llvm::StringRef kind = atomic.getKind();
    Array &buffer = *get(atomic.getBuffer()).array;
    Array &tensor = *get(atomic.getTensor()).array;
    llvm::SmallVector<int64_t, 4> offsets;
    for (Value offset : atomic.getOffsets())
      offsets.push_back(get(offset).integer);
    size_t rank = buffer.shape.size();
    // The buffer dimension that covers each tensor dimension, or -1.
    llvm::SmallVector<int64_t, 4> coveredBy(tensor.shape.size(), -1);
    llvm::SmallVector<int64_t, 4> dims = atomic.getDims();
    for (size_t i = 0; i < dims.size(); ++i)
      coveredBy[size_t(dims[i])] = int64_t(i);
    llvm::SmallVector<int64_t, 4> index(rank, 0);
    for (int64_t linear = 0, e = buffer.size(); linear < e; ++linear) {
      int64_t rest = linear;
      for (size_t d = rank; d-- > 0;) {
        index[d] = rest % buffer.shape[d];
        rest /= buffer.shape[d];
      }
      int64_t tensorIndex = 0;
      bool inside = true;
      for (size_t d = 0; d < tensor.shape.size() && inside; ++d) {
        int64_t position =
            offsets[d] + (coveredBy[d] >= 0 ? index[size_t(coveredBy[d])] : 0);
        inside = position >= 0 && position < tensor.shape[d];
        tensorIndex = tensorIndex * tensor.shape[d] + position;
      }
      if (!inside || buffer.isPadding(linear))
        continue;
      double old = (*tensor.values)[tensorIndex];
      double part = (*buffer.values)[linear];
      const ErrorBound &oldBound = (*tensor.bounds)[tensorIndex];
      const ErrorBound &partBound = (*buffer.bounds)[linear];
      if (kind == "add") {
        store(tensor, tensorIndex, old + part,
              propagateAdd(oldBound, partBound));
      } else {
        // The result is one of the two (max and min are 1-Lipschitz).
        bool isMin = kind == "min";
        ErrorBound bound{getSelectionError(isMin, old, oldBound.total, part,
                                           partBound.total),
                         0,
                         oldBound.format == partBound.format
                             ? oldBound.format
                             : NumberFormat::Real};
        store(tensor, tensorIndex,
              isMin ? std::fmin(old, part) : std::fmax(old, part), bound);
      }
      if (tensor.writers)
        (*tensor.writers)[tensorIndex] = currentBlock;
    }
    return success();
  }
  if (auto load = tile::LoadOp::dynCast(op)) {
    Array &tensor = *get(load.getTensor()).array;
    int64_t index = 0;
    size_t d = 0;
    for (Value offset : load.getOffsets()) {
      int64_t position = get(offset).integer;
      if (d >= tensor.shape.size() || position < 0 ||
          position >= tensor.shape[d])
        return fail(op, "tile.load reads index " + std::to_string(position) +
                            " of dimension " + std::to_string(d) +
                            ", outside the tensor");
      index = index * tensor.shape[d++] + position;
    }
    double value = (*tensor.values)[size_t(index)];
    RValue result;
    if (op->getResult(0).getType().isa<FloatType>()) {
      result.real = value;
      result.bound = (*tensor.bounds)[size_t(index)];
    } else {
      result.integer = toInteger(value);
    }
    values[op->getResult(0)] = result;
    return success();
  }
  return fail(op, "the tile interpreter does not run '" + name + "'");
}

/// A counted loop: bounds and step are operands 0..2, the `numCarried`
/// operands after them initialize the loop-carried values.
LogicalResult Interpreter::runLoop(Operation *op, Block *body,
                                   unsigned numCarried) {
  int64_t lb = get(op->getOperand(0)).integer;
  int64_t ub = get(op->getOperand(1)).integer;
  int64_t step = get(op->getOperand(2)).integer;
  if (step <= 0)
    return fail(op, "the loop step must be positive");
  llvm::SmallVector<RValue, 4> carried;
  for (unsigned i = 0; i < numCarried; ++i)
    carried.push_back(get(op->getOperand(3 + i)));
  for (int64_t iv = lb; iv < ub; iv += step) {
    values[body->getArgument(0)] = RValue();
    values[body->getArgument(0)].integer = iv;
    for (size_t i = 0; i < carried.size(); ++i)
      values[body->getArgument(i + 1)] = carried[i];
    if (failed(runBlock(*body)))
      return failure();
    for (size_t i = 0; i < carried.size() && i < yielded.size(); ++i)
      carried[i] = yielded[i];
  }
  for (size_t i = 0; i < carried.size() && i < op->getNumResults(); ++i)
    values[op->getResult(i)] = carried[i];
  return success();
}

/// scf.while: the before region decides on the state (scf.condition's
/// first operand) and forwards values to the after region, whose yield is
/// the next state. A loop that runs on and on is stopped with an error
/// rather than hanging the run.
LogicalResult Interpreter::runWhile(Operation *op) {
  auto loop = scf::WhileOp::dynCast(op);
  Block *before = loop.getBeforeBody();
  Block *after = &loop.getAfter().front();
  llvm::SmallVector<RValue, 4> state;
  for (Value init : op->getOperands())
    state.push_back(get(init));
  constexpr int64_t kMaxTrips = int64_t(1) << 24;
  for (int64_t trip = 0;; ++trip) {
    if (trip == kMaxTrips)
      return fail(op, "the while loop ran " + llvm::Twine(kMaxTrips) +
                          " trips without its condition turning false");
    for (size_t i = 0; i < state.size() && i < before->getNumArguments(); ++i)
      values[before->getArgument(i)] = state[i];
    if (failed(runBlock(*before)))
      return failure();
    llvm::SmallVector<RValue, 4> forwarded(yielded.begin(), yielded.end());
    if (forwarded.empty())
      return fail(op, "the while loop's condition yields no value");
    if (forwarded[0].undecided)
      return fail(op, "the condition compares floats that the error bounds "
                      "do not separate; the interpreter cannot bound what "
                      "the device computes after it");
    if (!forwarded[0].integer) {
      for (size_t i = 1; i < forwarded.size() && i - 1 < op->getNumResults();
           ++i)
        values[op->getResult(i - 1)] = forwarded[i];
      return success();
    }
    for (size_t i = 1; i < forwarded.size() && i - 1 < after->getNumArguments();
         ++i)
      values[after->getArgument(i - 1)] = forwarded[i];
    if (failed(runBlock(*after)))
      return failure();
    state.assign(yielded.begin(), yielded.end());
  }
}

LogicalResult Interpreter::runKernel(Operation *op) {
  auto kernel = tile::KernelOp::dynCast(op);
  llvm::ArrayRef<int64_t> grid = kernel.getGrid();
  Block *body = kernel.getBody();
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    values[body->getArgument(grid.size() + i)] = get(op->getOperand(i));
  int64_t total = 1;
  for (int64_t extent : grid)
    total *= extent;
  // Blocks in linear order, bx fastest: the ids tile-partition hands out.
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t rest = linear;
    for (size_t d = 0; d < grid.size(); ++d) {
      values[body->getArgument(d)].integer = rest % grid[d];
      rest /= grid[d];
    }
    currentBlock = linear;
    size_t before = arrays.size();
    if (failed(runBlock(*body)))
      return failure();
    // Buffers belong to one block.
    arrays.resize(before);
  }
  currentBlock = -1;
  return success();
}

//===----------------------------------------------------------------------===//
// Buffers and copies
//===----------------------------------------------------------------------===//

void Interpreter::store(Array &array, int64_t index, double value,
                        ErrorBound bound) {
  if (array.format == NumberFormat::Integer)
    value = std::nearbyint(value);
  (*array.values)[index] = value;
  // From an fp32 DST into a Float16 CB the packer's source format is
  // Float16_b (tt-metal jit_build/data_format.cpp): a bf16 rounding first.
  if (array.format == NumberFormat::F16 && precision.fp32Dest &&
      !isRepresentableIn(bound.format, NumberFormat::F16))
    bound = roundBound(bound, value, NumberFormat::BF16);
  (*array.bounds)[index] = roundBound(bound, value, array.format);
  array.filled = false;
}

LogicalResult Interpreter::runAlloc(Operation *op) {
  // A buffer, or a function's DRAM workspace (zeros here; undefined on the
  // device until a kernel writes it).
  Type resultType = op->getResult(0).getType();
  llvm::ArrayRef<int64_t> shape;
  Type elementType;
  if (auto buf = resultType.dyn_cast<tile::BufType>()) {
    shape = buf.getShape();
    elementType = buf.getElementType();
  } else {
    auto tensor = resultType.cast<tile::TensorType>();
    shape = tensor.getShape();
    elementType = tensor.getElementType();
  }
  std::optional<NumberFormat> format = getNumberFormat(elementType);
  if (!format)
    return fail(op, "the interpreter runs buffers of bf16, f16, f32 and "
                    "integers");
  // Checked before allocating: a buffer the host cannot hold is an error,
  // not an abort in the allocator (the tile dialect bounds a buffer to 2^40
  // bytes of its element type; the interpreter holds 8 + sizeof(ErrorBound)
  // bytes per element).
  llvm::Optional<int64_t> elements = 1;
  for (int64_t extent : shape)
    if (elements)
      elements = llvm::checkedMul(*elements, extent);
  uint64_t bytesPerElement = sizeof(double) + sizeof(ErrorBound);
  static const uint64_t memory = [] {
    long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize)
                                     : uint64_t(0);
  }();
  if (!elements || (memory && uint64_t(*elements) > memory / bytesPerElement))
    return fail(op, "the buffer does not fit in host memory: the interpreter "
                    "needs " +
                        llvm::Twine(bytesPerElement) +
                        " bytes per element, more than this machine's " +
                        llvm::Twine(memory) + " bytes");
  auto array = std::make_unique<Array>();
  array->shape.assign(shape.begin(), shape.end());
  array->elementType = elementType;
  array->format = *format;
  array->valueStorage.assign(size_t(array->size()), 0.0);
  array->boundStorage.assign(size_t(array->size()),
                             ErrorBound::getExact(*format));
  array->values = &array->valueStorage;
  array->bounds = &array->boundStorage;
  array->padding.assign(size_t(array->size()), false);
  values[op->getResult(0)].array = array.get();
  arrays.push_back(std::move(array));
  return success();
}

LogicalResult Interpreter::runCopy(Operation *op) {
  tile::CopyOp copy(op);
  Array &source = *get(copy.getSource()).array;
  Array &dest = *get(copy.getDest()).array;
  llvm::SmallVector<int64_t, 3> offsets;
  for (Value offset : copy.getOffsets())
    offsets.push_back(get(offset).integer);
  bool fromTensor = copy.getSource().getType().isa<tile::TensorType>();
  bool toTensor = copy.getDest().getType().isa<tile::TensorType>();
  Array &buffer = fromTensor ? dest : source;
  Array *tensor = fromTensor ? &source : toTensor ? &dest : nullptr;
  // The buffer covers the tensor's dimensions `dims` (its trailing ones
  // without the property); bufferDim[d] is the buffer dimension of tensor
  // dimension d, or -1.
  size_t rank = buffer.shape.size();
  if (tensor &&
      (tensor->shape.size() < rank || offsets.size() != tensor->shape.size()))
    return fail(op, "the copy has the wrong number of offsets");
  llvm::SmallVector<int, 4> bufferDim(tensor ? tensor->shape.size() : 0, -1);
  if (tensor) {
    llvm::SmallVector<int64_t, 4> dims = copy.getDims();
    for (size_t i = 0; i < dims.size(); ++i)
      bufferDim[dims[i]] = int(i);
  }
  if (!tensor && !offsets.empty())
    return copySlice(op, source, dest, offsets);
  // `rows %n`: only the buffer's first n rows are written.
  int64_t rowLimit = std::numeric_limits<int64_t>::max();
  if (Value limit = copy.getRowLimit())
    rowLimit = get(limit).integer;
  int64_t count = buffer.size();
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    if (!tensor) {
      store(dest, linear, (*source.values)[linear], (*source.bounds)[linear]);
      dest.setPadding(linear, source.isPadding(linear));
      continue;
    }
    int64_t rest = linear;
    for (size_t d = rank; d-- > 0;) {
      index[d] = rest % buffer.shape[d];
      rest /= buffer.shape[d];
    }
    // A slice at computed offsets may overhang the tensor (its tile padding
    // or beyond, the last block of a ceildiv grid): the overhang reads as
    // zero and writes to it are dropped.
    int64_t tensorIndex = 0;
    bool inside = true;
    for (size_t d = 0; d < tensor->shape.size() && inside; ++d) {
      int64_t position = offsets[d];
      if (bufferDim[d] >= 0 &&
          llvm::AddOverflow(position, index[bufferDim[d]], position))
        inside = false;
      inside &= position >= 0 && position < tensor->shape[d];
      tensorIndex = tensorIndex * tensor->shape[d] + position;
    }
    if (fromTensor) {
      dest.setPadding(linear, !inside);
      if (!inside) {
        store(dest, linear, 0.0, ErrorBound::getExact(dest.format));
        continue;
      }
      store(dest, linear, (*source.values)[tensorIndex],
            (*source.bounds)[tensorIndex]);
      continue;
    }
    if (!inside || (rank == 2 && index[0] >= rowLimit))
      continue;
    store(dest, tensorIndex, (*source.values)[linear],
          (*source.bounds)[linear]);
    if (dest.writers)
      (*dest.writers)[tensorIndex] = currentBlock;
  }
  return success();
}

LogicalResult Interpreter::copySlice(Operation *op, Array &source, Array &dest,
                                     llvm::ArrayRef<int64_t> offsets) {
  size_t rank = dest.shape.size();
  if (source.shape.size() != rank || offsets.size() != rank)
    return fail(op, "the slice has the wrong number of offsets");
  for (size_t d = 0; d < rank; ++d)
    if (offsets[d] < 0 || offsets[d] > source.shape[d] - dest.shape[d])
      return fail(op, "the slice [" + llvm::Twine(offsets[d]) + ", " +
                          llvm::Twine(offsets[d] + dest.shape[d]) +
                          ") of dimension " + llvm::Twine(d) +
                          " runs past the source buffer's size " +
                          llvm::Twine(source.shape[d]));
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  for (int64_t linear = 0, count = dest.size(); linear < count; ++linear) {
    int64_t rest = linear, from = 0;
    for (size_t d = rank; d-- > 0;) {
      index[d] = rest % dest.shape[d];
      rest /= dest.shape[d];
    }
    for (size_t d = 0; d < rank; ++d)
      from = from * source.shape[d] + offsets[d] + index[d];
    store(dest, linear, (*source.values)[from], (*source.bounds)[from]);
    dest.setPadding(linear, source.isPadding(from));
  }
  return success();
}

LogicalResult Interpreter::runIm2Col(Operation *op) {
  tile::Im2ColOp im2col(op);
  Array &image = *get(im2col.getImage()).array;
  Array &dest = *get(im2col.getBuffer()).array;
  int64_t nhwStep = get(im2col.getNhwStep()).integer;
  int64_t kStep = get(im2col.getKStep()).integer;
  if (image.shape.size() != 4 || dest.shape.size() != 2)
    return fail(op, "tile.im2col reads a rank-4 image into a 2-d buffer");
  int64_t batch = image.shape[0], height = image.shape[1],
          width = image.shape[2], channels = image.shape[3];
  int64_t kernel = im2col.getKernel(), stride = im2col.getStride(),
          dilation = im2col.getDilation(), padding = im2col.getPadding();
  int64_t outHeight = im2col.getOutputHeight();
  int64_t outWidth = im2col.getOutputWidth();
  int64_t rows = dest.shape[0], columns = dest.shape[1];
  for (int64_t i = 0; i < rows; ++i) {
    // Output pixel m = (n, oh, ow); steps past the end read zeros.
    int64_t m = nhwStep * rows + i;
    int64_t n = m / (outHeight * outWidth);
    int64_t oh = m / outWidth % outHeight, ow = m % outWidth;
    for (int64_t j = 0; j < columns; ++j) {
      // Filter tap k = (kh, kw, c).
      int64_t k = kStep * columns + j;
      int64_t kh = k / (kernel * channels), kw = k / channels % kernel;
      int64_t c = k % channels;
      int64_t h = oh * stride + kh * dilation - padding;
      int64_t w = ow * stride + kw * dilation - padding;
      bool inside = m >= 0 && k >= 0 && n < batch && kh < kernel && h >= 0 &&
                    h < height && w >= 0 && w < width;
      int64_t linear = i * columns + j;
      // The zeros are values the reader writes (the convolution's padding),
      // not padding that a reduction would skip.
      dest.setPadding(linear, false);
      if (!inside) {
        store(dest, linear, 0.0, ErrorBound::getExact(dest.format));
        continue;
      }
      int64_t index = ((n * height + h) * width + w) * channels + c;
      store(dest, linear, (*image.values)[index], (*image.bounds)[index]);
    }
  }
  return success();
}

LogicalResult Interpreter::runFill(Operation *op) {
  Array &array = *get(op->getOperand(0)).array;
  double value = 0;
  ErrorBound bound = ErrorBound::getExact(array.format);
  if (op->getNumOperands() > 1) {
    RValue &scalar = get(op->getOperand(1));
    if (scalar.undecided)
      return fail(op, "the fill value depends on a float comparison that "
                      "the error bounds do not decide");
    bool isInteger = op->getOperand(1).getType().isIntOrIndex();
    value = isInteger ? double(scalar.integer) : scalar.real;
    bound =
        isInteger ? ErrorBound::getExact(NumberFormat::Integer) : scalar.bound;
  }
  for (int64_t i = 0, e = array.size(); i < e; ++i) {
    store(array, i, value, bound);
    array.setPadding(i, false);
  }
  array.filled = true;
  return success();
}

//===----------------------------------------------------------------------===//
// Compute: gemm, parallel, reduce
//===----------------------------------------------------------------------===//

/// The accumulation error of a sum of `count` terms of magnitudes summing to
/// `magnitude`, as the FPU computes it: terms summed in f32, 16 at a time,
/// into DST, which rounds once per 16 terms: (gamma_count(u_f32) +
/// gamma_chunks(u_dst)) magnitude, with `dstRoundings` = chunks, or
/// chunks - 1 when the caller rounds the result to DST itself (roundBound,
/// which records it as the last rounding).
static double getAccumulationError(int64_t count, int64_t dstRoundings,
                                   double magnitude,
                                   const Precision &precision) {
  double u = getUnitRoundoff(precision.getDestFormat());
  double error =
      (gamma(count, kUnitRoundoffF32) + gamma(dstRoundings, u)) * magnitude;
  return std::isnan(error) ? INFINITY : error;
}

/// One step of K of a gemm's row: exact[j] += av * bv[j], and so on. The
/// AVX2 clone (chosen at load time where the machine has it) computes the
/// same values four columns at a time: it has no fused multiply-add.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static void
accumulateProducts(int64_t n, double av, double as, double ah,
                   const double *__restrict bv, const double *__restrict bs,
                   const double *__restrict bh, double *__restrict exact,
                   double *__restrict sizes, double *__restrict widened) {
  for (int64_t j = 0; j < n; ++j) {
    exact[j] += av * bv[j];
    sizes[j] += as * bs[j];
    widened[j] += ah * bh[j];
  }
}

LogicalResult Interpreter::runGemm(Operation *op) {
  tile::GemmOp gemm(op);
  Array &a = *get(op->getOperand(0)).array;
  Array &b = *get(op->getOperand(1)).array;
  Array &c = *get(op->getOperand(2)).array;
  if (a.format == NumberFormat::Integer || c.format == NumberFormat::Integer)
    return fail(op, "the interpreter bounds the error of float gemms only");
  bool ta = gemm.getTransposeA(), tb = gemm.getTransposeB();
  int64_t m = c.shape[0], n = c.shape[1];
  int64_t k = ta ? a.shape[0] : a.shape[1];
  // Per operand element: its value, |value| and |value| + E (E with the
  // source register's truncation for f32 data), so that
  //   sum |a| Eb + |b| Ea + Ea Eb = sum (|a| + Ea)(|b| + Eb) - sum |a||b|.
  // The math fidelity: A (in0) goes to SrcB, B (in1) to SrcA (tt-llk
  // llk_math_matmul.h), each cut to the bits the phases use.
  double truncation = precision.getF32SourceTruncation();
  auto load = [&](Array &array, int64_t index, double &value, double &size,
                  double &high) {
    value = (*array.values)[index];
    ErrorBound bound = (*array.bounds)[index];
    if (array.format == NumberFormat::F32)
      bound = getSourceRegisterBound(bound, value, truncation);
    double fidelity =
        &array == &b
            ? precision.getFidelityErrorA(array.format != NumberFormat::BF16)
            : precision.getFidelityErrorB();
    bound = getSourceRegisterBound(bound, value, fidelity);
    size = std::fabs(value);
    high = size + bound.total;
  };
  std::vector<double> aValue(size_t(m * k)), aSize(size_t(m * k)),
      aHigh(size_t(m * k));
  std::vector<double> bValue(size_t(k * n)), bSize(size_t(k * n)),
      bHigh(size_t(k * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t l = 0; l < k; ++l)
      load(a, ta ? l * m + i : i * k + l, aValue[i * k + l], aSize[i * k + l],
           aHigh[i * k + l]);
  for (int64_t l = 0; l < k; ++l)
    for (int64_t j = 0; j < n; ++j)
      load(b, tb ? j * k + l : l * n + j, bValue[l * n + j], bSize[l * n + j],
           bHigh[l * n + j]);
  // Per output column of row i: sum a b, sum |a||b| and
  // sum (|a| + Ea)(|b| + Eb).
  std::vector<double> exact(n), sizes(n), widened(n);
  for (int64_t i = 0; i < m; ++i) {
    std::fill(exact.begin(), exact.end(), 0.0);
    std::fill(sizes.begin(), sizes.end(), 0.0);
    std::fill(widened.begin(), widened.end(), 0.0);
    for (int64_t l = 0; l < k; ++l) {
      double av = aValue[i * k + l], as = aSize[i * k + l],
             ah = aHigh[i * k + l];
      accumulateProducts(n, av, as, ah, bValue.data() + l * n,
                         bSize.data() + l * n, bHigh.data() + l * n,
                         exact.data(), sizes.data(), widened.data());
    }
    for (int64_t j = 0; j < n; ++j) {
      int64_t index = i * n + j;
      double old = (*c.values)[index];
      ErrorBound oldBound = (*c.bounds)[index];
      double value = old + exact[j];
      // An infinite C within a finite bound (a -inf mask preloaded into
      // DST) stays that infinity when the products add up to less than
      // 2^103: the FPU takes an infinity it adds a finite value to as an
      // ordinary number (the emulator's fpuAdd).
      if (std::isinf(old) && !oldBound.isUnbounded() &&
          widened[j] < 0x1p103) {
        store(c, index, old, ErrorBound::getExact(NumberFormat::Real));
        continue;
      }
      // A C that already holds values (a bias, or the partial sums of
      // earlier gemms) may be preloaded into DST by copy_tile: exact into
      // an fp32 DST or for a format DST holds, else truncated on the way
      // as an f32 value entering a source register is.
      if ((old != 0 || oldBound.total != 0) &&
          !isRepresentableIn(c.format, precision.getDestFormat()))
        oldBound = getSourceRegisterBound(oldBound, old,
                                          precision.getF32SourceTruncation());
      double propagated = oldBound.total + std::max(0.0, widened[j] - sizes[j]);
      // What the device sums: the old value and the products, at most
      // this large.
      double magnitude = std::fabs(old) + oldBound.total + widened[j];
      // All ceil(K/16) DST roundings are in the bound and the result is
      // left unrounded: the store rounds it to C's format once more, since
      // the packer may add the partial sums to C in L1 (a rounding) rather
      // than pack DST as it is.
      // Each fidelity phase is a pass of its own over K.
      double total =
          propagated + getAccumulationError(
                           k, (k + 15) / 16 * precision.getFidelityRoundings(),
                           magnitude, precision);
      // From an fp32 DST into a 16-bit C, the packer converts the partial
      // sum before it adds it in L1: one rounding more.
      if (!isRepresentableIn(precision.getDestFormat(), c.format))
        total += std::max(getUnitRoundoff(c.format) * (widened[j] + total),
                          getUnderflowError(c.format));
      store(c, index, value,
            {std::isnan(total) ? INFINITY : total, 0, NumberFormat::Real});
    }
  }
  return success();
}

LogicalResult Interpreter::runParallel(Operation *op) {
  tile::ParallelOp parallel(op);
  llvm::SmallVector<Array *, 4> inputs, outputs;
  for (Value input : parallel.getInputs())
    inputs.push_back(get(input).array);
  for (Value output : parallel.getOutputs())
    outputs.push_back(get(output).array);
  Block *body = parallel.getBody();
  llvm::ArrayRef<int64_t> space = parallel.getIterationShape();
  int64_t count = outputs.empty() ? 0 : outputs[0]->size();
  // Per input, the stride of each iteration dimension in its elements: 0
  // for the dimensions it is broadcast along.
  std::vector<llvm::SmallVector<int64_t, 4>> strides(inputs.size());
  for (size_t j = 0; j < inputs.size(); ++j) {
    strides[j].assign(space.size(), 0);
    int64_t stride = 1;
    llvm::SmallVector<int64_t, 4> dims = parallel.getInputDims(unsigned(j));
    for (size_t k = dims.size(); k-- > 0;) {
      strides[j][size_t(dims[k])] = stride;
      stride *= inputs[j]->shape[k];
    }
  }
  // Outputs that are also inputs are read before any element is written.
  std::vector<std::vector<double>> results(outputs.size(),
                                           std::vector<double>(size_t(count)));
  std::vector<std::vector<ErrorBound>> bounds(
      outputs.size(), std::vector<ErrorBound>(size_t(count)));
  // An output element is padding when one of its input elements is.
  std::vector<bool> padding(size_t(count), false);
  Block *outer = parallelBody;
  llvm::SmallVector<int64_t, 4> outerIndex = parallelIndex;
  parallelBody = body;
  inputsReadByFPU.clear();
  broadcastInputs.clear();
  constantInputs.clear();
  for (unsigned j = 0; j < inputs.size(); ++j)
    if (inputs[j]->filled)
      constantInputs.insert(body->getArgument(j));
  for (Operation &inner : *body)
    if (isOnFPU(&inner))
      for (Value operand : inner.getOperands())
        if (isInput(operand) && !constantInputs.count(operand))
          inputsReadByFPU.insert(operand);
  rowVectorInputs.clear();
  for (unsigned j = 0; j < inputs.size(); ++j) {
    if (parallel.isIdentityInput(j))
      continue;
    broadcastInputs.insert(body->getArgument(j));
    // Anything but a column vector of a 2-d space (`%m[d0]`, loaded as it
    // is by unary_bcast) is transposed or spread through a source register
    // first.
    if (!(space.size() == 2 &&
          parallel.getInputDims(j) == llvm::SmallVector<int64_t, 4>{0}))
      rowVectorInputs.insert(body->getArgument(j));
  }
  auto restore = llvm::make_scope_exit([&] {
    parallelBody = outer;
    parallelIndex = outerIndex;
  });
  llvm::SmallVector<int64_t, 4> index(space.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t rest = i;
    for (size_t d = space.size(); d-- > 0;) {
      index[d] = rest % space[d];
      rest /= space[d];
    }
    parallelIndex = index;
    for (size_t j = 0; j < inputs.size(); ++j) {
      int64_t element = 0;
      for (size_t d = 0; d < space.size(); ++d)
        element += index[d] * strides[j][d];
      if (inputs[j]->isPadding(element))
        padding[size_t(i)] = true;
      RValue &argument = values[body->getArgument(j)];
      double value = (*inputs[j]->values)[element];
      argument.real = value;
      argument.integer = toInteger(value);
      argument.bound = (*inputs[j]->bounds)[element];
      argument.undecided = false;
    }
    if (failed(runBlock(*body)))
      return failure();
    if (yielded.size() != outputs.size())
      return fail(op, "the body yields the wrong number of values");
    for (size_t j = 0; j < outputs.size(); ++j) {
      if (yielded[j].undecided)
        return fail(op, "an output depends on a float comparison that the "
                        "error bounds do not decide");
      bool isInteger =
          body->getTerminator()->getOperand(j).getType().isIntOrIndex();
      results[j][i] = isInteger ? double(yielded[j].integer) : yielded[j].real;
      bounds[j][i] = isInteger ? ErrorBound::getExact(NumberFormat::Integer)
                               : yielded[j].bound;
    }
  }
  for (size_t j = 0; j < outputs.size(); ++j)
    for (int64_t i = 0; i < count; ++i) {
      store(*outputs[j], i, results[j][i], bounds[j][i]);
      outputs[j]->setPadding(i, padding[size_t(i)]);
    }
  return success();
}

LogicalResult Interpreter::runReduce(Operation *op) {
  tile::ReduceOp reduce(op);
  Array &source = *get(op->getOperand(0)).array;
  Array &dest = *get(op->getOperand(1)).array;
  llvm::StringRef kind = reduce.getKind();
  bool onSfpu = reduce.runsOnSfpu();
  if (source.format == NumberFormat::Integer)
    return onSfpu ? runIntReduce(op)
                  : fail(op, "an i32 reduction along dimension 0 has no "
                             "lowering (tile-legalize rejects it)");
  // min runs as -max(-x) and absmax as max(|x|): negation and absolute
  // value are exact, so all three have max's bound.
  bool isSum = kind == "sum";
  auto fold = [&](double a, double b) {
    if (kind == "min")
      return std::min(a, b);
    if (kind == "absmax")
      return std::max(a, std::fabs(b));
    return isSum ? a + b : std::max(a, b);
  };
  double identity = isSum || kind == "absmax" ? 0.0
                    : kind == "min"           ? INFINITY
                                              : -INFINITY;
  int64_t dim = reduce.getDim();
  int64_t outer = 1, inner = 1, extent = source.shape[dim];
  for (int64_t d = 0; d < dim; ++d)
    outer *= source.shape[d];
  for (size_t d = dim + 1; d < source.shape.size(); ++d)
    inner *= source.shape[d];
  // The input enters through SrcA (the scaler, 1.0 in bf16, through SrcB),
  // or, on the SFPU (an f32 max or min a body compares with), straight
  // into an fp32 DST: exact.
  double truncation = source.format == NumberFormat::F32 && !onSfpu
                          ? precision.getF32SourceTruncation()
                          : 0;
  // A sum multiplies by the scaler over the fidelity phases (GAPOOL), the
  // data in SrcA; the scaler 1.0 has no bits past phase 1, so at most two
  // phases add into DST. max does not multiply by phases (GMPOOL).
  double fidelity =
      isSum ? precision.getFidelityErrorA(source.format != NumberFormat::BF16)
            : 0;
  int64_t phases = std::min<int64_t>(precision.getFidelityRoundings(), 2);
  NumberFormat destFormat = precision.getDestFormat();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      double result = identity;
      double propagated = 0, magnitude = 0;
      // Padding is skipped: it counts as the identity, and only the other
      // elements enter the bound (the device masks the padding to the
      // identity exactly).
      int64_t terms = 0;
      for (int64_t e = 0; e < extent; ++e) {
        int64_t index = (o * extent + e) * inner + i;
        if (source.isPadding(index))
          continue;
        ++terms;
        double value = (*source.values)[index];
        ErrorBound bound = (*source.bounds)[index];
        bound = getSourceRegisterBound(bound, value, truncation);
        bound = getSourceRegisterBound(bound, value, fidelity);
        result = fold(result, value);
        if (!isSum) {
          // max is 1-Lipschitz in each argument: whichever element the
          // device picks, it is within the largest bound.
          propagated = std::max(propagated, bound.total);
          continue;
        }
        propagated += bound.total;
        magnitude += std::fabs(value) + bound.total;
      }
      ErrorBound bound{propagated, 0, NumberFormat::Real};
      if (!isSum) {
        // The result is one of the elements, in the source's format unless
        // truncated on the way in.
        if (truncation == 0)
          bound.format = source.format;
      } else {
        // The scaler tile is 1.0: a reduction is a gemm with b = 1.
        bound.total += getAccumulationError(
            terms, std::max<int64_t>(0, (terms + 15) / 16 * phases - 1),
            magnitude, precision);
        if (std::isnan(bound.total))
          bound.total = INFINITY;
      }
      bound = roundBound(bound, result, destFormat);
      if (dim == 0) {
        // The lowering packs the row vector into an intermediate CB of the
        // destination's type and transposes it (transpose_wh_tile, through
        // SrcA) back into DST before the pack.
        bound = roundBound(bound, result, dest.format);
        if (dest.format == NumberFormat::F32)
          bound = getSourceRegisterBound(bound, result,
                                         precision.getF32SourceTruncation());
        bound = roundBound(bound, result, destFormat);
      }
      int64_t destIndex = o * inner + i;
      // A result whose sources are all padding is padding (its value is
      // never written; zero keeps the arithmetic on it finite).
      bool resultPadding = terms == 0;
      if (resultPadding) {
        result = 0;
        bound = ErrorBound::getExact(dest.format);
      }
      if (reduce.getAccumulate() && resultPadding) {
        // Nothing to combine: the old value stays, and so does its status.
        continue;
      }
      if (reduce.getAccumulate() && dest.isPadding(destIndex)) {
        // The old value is padding: the result replaces it.
        store(dest, destIndex, result, bound);
        dest.setPadding(destIndex, false);
        continue;
      }
      if (reduce.getAccumulate()) {
        // The destination's old value, read back from L1 (rounded to its
        // format when stored; an f32 value truncated in a source
        // register), is combined with the partial result in DST by the
        // SFPU: max and min are 1-Lipschitz and exact, the add rounds to
        // DST (truncating in a 16-bit DST).
        double old = (*dest.values)[destIndex];
        ErrorBound oldBound = (*dest.bounds)[destIndex];
        if (dest.format == NumberFormat::F32)
          oldBound = getSourceRegisterBound(oldBound, old,
                                            precision.getF32SourceTruncation());
        oldBound = roundBound(oldBound, old, destFormat);
        if (isSum) {
          double sum = old + result;
          bound = roundBound(propagateAdd(oldBound, bound), sum, destFormat,
                             precision.fp32Dest ? Rounding::Nearest
                                                : Rounding::Truncate);
          result = sum;
        } else {
          bool isMin = kind == "min";
          double total = getSelectionError(isMin, old, oldBound.total, result,
                                           bound.total);
          result = isMin ? std::min(old, result) : std::max(old, result);
          bound = {total, 0,
                   oldBound.format == bound.format ? bound.format
                                                   : NumberFormat::Real};
        }
      }
      store(dest, destIndex, result, bound);
      dest.setPadding(destIndex, resultPadding);
    }
  return success();
}

/// An i32 reduction along rows (sfpu_reduce on int32 words): exact, a sum
/// wrapping as two's complement. Padding counts as the identity.
LogicalResult Interpreter::runIntReduce(Operation *op) {
  tile::ReduceOp reduce(op);
  Array &source = *get(op->getOperand(0)).array;
  Array &dest = *get(op->getOperand(1)).array;
  llvm::StringRef kind = reduce.getKind();
  auto fold = [&](int32_t a, int32_t b) {
    return kind == "max"   ? std::max(a, b)
           : kind == "min" ? std::min(a, b)
                           : int32_t(uint32_t(a) + uint32_t(b));
  };
  int64_t rows = source.shape[0], extent = source.shape[1];
  ErrorBound exact = ErrorBound::getExact(NumberFormat::Integer);
  for (int64_t r = 0; r < rows; ++r) {
    std::optional<int32_t> result;
    for (int64_t e = 0; e < extent; ++e) {
      int64_t index = r * extent + e;
      if (source.isPadding(index))
        continue;
      auto value = int32_t(int64_t((*source.values)[index]));
      result = result ? fold(*result, value) : value;
    }
    if (!result) {
      // Every source element is padding: so is the result (or the old
      // value stays).
      if (!reduce.getAccumulate()) {
        store(dest, r, 0, exact);
        dest.setPadding(r, true);
      }
      continue;
    }
    if (reduce.getAccumulate() && !dest.isPadding(r))
      result = fold(int32_t(int64_t((*dest.values)[r])), *result);
    store(dest, r, double(*result), exact);
    dest.setPadding(r, false);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The entry point
//===----------------------------------------------------------------------===//

LogicalResult interp::runFunction(Operation *function,
                                  std::vector<HostTensor> &arguments,
                                  const Precision &precision) {
  Interpreter interpreter(precision);
  return interpreter.run(function, arguments);
}
