//===- TileInterpreter.cpp - Running tile programs on the host ------------===//
//
// Interprets a tile-level function: tile.kernel runs its body once per grid
// block (block ids bound to the body's first arguments), buffers are host
// arrays, copies move slices (a slice over a tensor's tile padding reads
// zeros and drops writes), gemm accumulates in f32, parallel runs its
// scalar body per element, reduce folds one dimension.
//
//===----------------------------------------------------------------------===//

#include "tilt/Interpreter/TileInterpreter.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Attributes.h"
#include "tilt/IR/Block.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/DenseMap.h"

#include <cmath>
#include <cstring>
#include <memory>

using namespace tilt;
using namespace tilt::interp;

int64_t HostTensor::getNumElements() const {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  return count;
}

float interp::roundToType(float value, Type type) {
  if (type.isBF16()) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    if ((bits & 0x7fffffffu) > 0x7f800000u)
      return value;
    bits = (bits + 0x7fffu + ((bits >> 16) & 1u)) & 0xffff0000u;
    std::memcpy(&value, &bits, 4);
    return value;
  }
  if (type.isF16()) {
    // Round the mantissa to 10 bits (normal range); subnormals and overflow
    // are rare in references and rounded the same way by the C library.
    if (!std::isfinite(value) || value == 0.0f)
      return value;
    int exponent;
    float mantissa = std::frexp(value, &exponent);
    if (exponent > 16)
      return std::copysign(INFINITY, value);
    int bits = exponent < -13 ? 24 + exponent : 11;
    if (bits <= 0)
      return std::copysign(0.0f, value);
    float scaled = std::nearbyint(std::ldexp(mantissa, bits));
    return std::ldexp(scaled, exponent - bits);
  }
  if (type.isInteger())
    return std::nearbyint(value);
  return value;
}

namespace {

/// An on-core buffer or a view of a host tensor.
struct Array {
  std::vector<int64_t> shape;
  Type elementType;
  std::vector<float> *data = nullptr;
  std::vector<float> storage;

  int64_t size() const {
    int64_t count = 1;
    for (int64_t extent : shape)
      count *= extent;
    return count;
  }
};

/// A runtime value: an integer, a float, or an array.
struct RValue {
  int64_t integer = 0;
  float real = 0;
  Array *array = nullptr;
};

class Interpreter {
public:
  LogicalResult run(Operation *function, std::vector<HostTensor> &arguments) {
    if (function->getNumRegions() != 1 || function->getRegion(0).empty()) {
      function->emitError() << "the interpreter needs a function with a body";
      return failure();
    }
    Block &entry = function->getRegion(0).front();
    if (entry.getNumArguments() != arguments.size()) {
      function->emitError() << "the function takes "
                            << entry.getNumArguments() << " arguments, "
                            << arguments.size() << " given";
      return failure();
    }
    for (size_t i = 0; i < arguments.size(); ++i) {
      auto type = entry.getArgument(i).getType().dyn_cast<tile::TensorType>();
      if (!type) {
        function->emitError() << "argument " << i
                              << " is not a !tile.tensor; the interpreter "
                                 "runs functions of global tensors";
        return failure();
      }
      HostTensor &tensor = arguments[i];
      if (llvm::ArrayRef<int64_t>(tensor.shape) != type.getShape() ||
          int64_t(tensor.data.size()) != tensor.getNumElements()) {
        function->emitError() << "argument " << i
                              << " does not have the tensor's shape";
        return failure();
      }
      auto array = std::make_unique<Array>();
      array->shape = tensor.shape;
      array->elementType = type.getElementType();
      array->data = &tensor.data;
      values[entry.getArgument(i)].array = array.get();
      arrays.push_back(std::move(array));
    }
    return runBlock(entry);
  }

private:
  llvm::DenseMap<Value, RValue> values;
  std::vector<std::unique_ptr<Array>> arrays;
  llvm::SmallVector<RValue, 4> yielded;

  LogicalResult fail(Operation *op, const llvm::Twine &message) {
    op->emitError() << message;
    return failure();
  }

  RValue &get(Value value) { return values[value]; }

  LogicalResult runBlock(Block &block) {
    for (Operation &op : block)
      if (failed(runOp(&op)))
        return failure();
    return success();
  }

  LogicalResult runOp(Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (name == "func.return" || name == "scf.yield" || name == "tile.yield") {
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
      Region &region = op->getRegion(get(op->getOperand(0)).integer ? 0 : 1);
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
    if (auto kernel = tile::KernelOp::dynCast(op))
      return runKernel(kernel);
    if (auto alloc = tile::AllocOp::dynCast(op)) {
      tile::BufType type = alloc.getType();
      auto array = std::make_unique<Array>();
      array->shape.assign(type.getShape().begin(), type.getShape().end());
      array->elementType = type.getElementType();
      array->storage.assign(size_t(array->size()), 0.0f);
      array->data = &array->storage;
      values[op->getResult(0)].array = array.get();
      arrays.push_back(std::move(array));
      return success();
    }
    if (auto copy = tile::CopyOp::dynCast(op))
      return runCopy(copy);
    if (auto gemm = tile::GemmOp::dynCast(op))
      return runGemm(gemm);
    if (tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op)) {
      Array &array = *get(op->getOperand(0)).array;
      float value = op->getNumOperands() > 1
                        ? scalarAsFloat(op->getOperand(1))
                        : 0.0f;
      value = roundToType(value, array.elementType);
      std::fill(array.data->begin(), array.data->end(), value);
      return success();
    }
    if (auto parallel = tile::ParallelOp::dynCast(op))
      return runParallel(parallel);
    if (auto reduce = tile::ReduceOp::dynCast(op))
      return runReduce(reduce);
    return fail(op, "the tile interpreter does not run '" + name + "'");
  }

  float scalarAsFloat(Value value) {
    Type type = value.getType();
    if (type.isIntOrIndex())
      return float(get(value).integer);
    return get(value).real;
  }

  /// A counted loop: bounds and step are operands 0..2, the `numCarried`
  /// operands after them initialize the loop-carried values.
  LogicalResult runLoop(Operation *op, Block *body, unsigned numCarried) {
    int64_t lb = get(op->getOperand(0)).integer;
    int64_t ub = get(op->getOperand(1)).integer;
    int64_t step = get(op->getOperand(2)).integer;
    if (step <= 0)
      return fail(op, "the loop step must be positive");
    llvm::SmallVector<RValue, 4> carried;
    for (unsigned i = 0; i < numCarried; ++i)
      carried.push_back(get(op->getOperand(3 + i)));
    for (int64_t iv = lb; iv < ub; iv += step) {
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

  LogicalResult runKernel(tile::KernelOp kernel) {
    Operation *op = kernel.getOperation();
    llvm::ArrayRef<int64_t> grid = kernel.getGrid();
    Block *body = kernel.getBody();
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      values[body->getArgument(grid.size() + i)] = get(op->getOperand(i));
    int64_t total = 1;
    for (int64_t extent : grid)
      total *= extent;
    for (int64_t linear = 0; linear < total; ++linear) {
      int64_t rest = linear;
      for (size_t d = 0; d < grid.size(); ++d) {
        values[body->getArgument(d)].integer = rest % grid[d];
        rest /= grid[d];
      }
      size_t before = arrays.size();
      if (failed(runBlock(*body)))
        return failure();
      // Buffers belong to one block.
      arrays.resize(before);
    }
    return success();
  }

  /// The tensor dimensions are padded to whole tiles in the last two.
  static int64_t paddedExtent(const Array &tensor, size_t dim) {
    int64_t extent = tensor.shape[dim];
    if (dim + 2 >= tensor.shape.size())
      return (extent + 31) / 32 * 32;
    return extent;
  }

  LogicalResult runCopy(tile::CopyOp copy) {
    Operation *op = copy.getOperation();
    Array &source = *get(copy.getSource()).array;
    Array &dest = *get(copy.getDest()).array;
    llvm::SmallVector<int64_t, 3> offsets;
    for (Value offset : copy.getOffsets())
      offsets.push_back(get(offset).integer);
    bool fromTensor = copy.getSource().getType().isa<tile::TensorType>();
    bool toTensor = copy.getDest().getType().isa<tile::TensorType>();
    Array &buffer = fromTensor ? dest : source;
    Array *tensor = fromTensor ? &source : toTensor ? &dest : nullptr;
    if (tensor) {
      if (offsets.size() != tensor->shape.size())
        return fail(op, "the copy has the wrong number of offsets");
      for (size_t d = 0; d < offsets.size(); ++d)
        if (offsets[d] < 0 ||
            offsets[d] + buffer.shape[d] > paddedExtent(*tensor, d))
          return fail(op, "the copy's slice runs past the tensor in "
                          "dimension " +
                              llvm::Twine(d) + " (offset " +
                              llvm::Twine(offsets[d]) + ")");
    }
    int64_t count = buffer.size();
    size_t rank = buffer.shape.size();
    llvm::SmallVector<int64_t, 3> index(rank, 0);
    for (int64_t linear = 0; linear < count; ++linear) {
      int64_t rest = linear;
      for (size_t d = rank; d-- > 0;) {
        index[d] = rest % buffer.shape[d];
        rest /= buffer.shape[d];
      }
      if (!tensor) {
        (*dest.data)[linear] =
            roundToType((*source.data)[linear], dest.elementType);
        continue;
      }
      int64_t tensorIndex = 0;
      bool inside = true;
      for (size_t d = 0; d < rank; ++d) {
        int64_t position = offsets[d] + index[d];
        inside &= position < tensor->shape[d];
        tensorIndex = tensorIndex * tensor->shape[d] + position;
      }
      if (fromTensor)
        (*dest.data)[linear] =
            inside ? roundToType((*source.data)[tensorIndex], dest.elementType)
                   : 0.0f;
      else if (inside)
        (*dest.data)[tensorIndex] =
            roundToType((*source.data)[linear], dest.elementType);
    }
    return success();
  }

  LogicalResult runGemm(tile::GemmOp gemm) {
    Operation *op = gemm.getOperation();
    Array &a = *get(op->getOperand(0)).array;
    Array &b = *get(op->getOperand(1)).array;
    Array &c = *get(op->getOperand(2)).array;
    bool ta = gemm.getTransposeA(), tb = gemm.getTransposeB();
    int64_t m = c.shape[0], n = c.shape[1];
    int64_t k = ta ? a.shape[0] : a.shape[1];
    std::vector<float> at(size_t(m * k)), bt(size_t(k * n));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t l = 0; l < k; ++l)
        at[i * k + l] = ta ? (*a.data)[l * m + i] : (*a.data)[i * k + l];
    for (int64_t l = 0; l < k; ++l)
      for (int64_t j = 0; j < n; ++j)
        bt[l * n + j] = tb ? (*b.data)[j * k + l] : (*b.data)[l * n + j];
    std::vector<float> sum(size_t(m * n), 0.0f);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t l = 0; l < k; ++l) {
        float scale = at[i * k + l];
        const float *row = bt.data() + l * n;
        float *out = sum.data() + i * n;
        for (int64_t j = 0; j < n; ++j)
          out[j] += scale * row[j];
      }
    for (int64_t i = 0; i < m * n; ++i)
      (*c.data)[i] = roundToType((*c.data)[i] + sum[i], c.elementType);
    return success();
  }

  LogicalResult runParallel(tile::ParallelOp parallel) {
    Operation *op = parallel.getOperation();
    llvm::SmallVector<Array *, 4> inputs, outputs;
    for (Value input : parallel.getInputs())
      inputs.push_back(get(input).array);
    for (Value output : parallel.getOutputs())
      outputs.push_back(get(output).array);
    Block *body = parallel.getBody();
    int64_t count = outputs.empty() ? 0 : outputs[0]->size();
    // Outputs that are also inputs are read before any element is written.
    std::vector<std::vector<float>> results(outputs.size(),
                                            std::vector<float>(size_t(count)));
    for (int64_t i = 0; i < count; ++i) {
      for (size_t j = 0; j < inputs.size(); ++j) {
        RValue &argument = values[body->getArgument(j)];
        float value = (*inputs[j]->data)[i];
        argument.real = value;
        argument.integer = int64_t(value);
      }
      if (failed(runBlock(*body)))
        return failure();
      if (yielded.size() != outputs.size())
        return fail(op, "the body yields the wrong number of values");
      for (size_t j = 0; j < outputs.size(); ++j) {
        Type type = outputs[j]->elementType;
        float value = type.isInteger() ? float(yielded[j].integer)
                                       : yielded[j].real;
        results[j][i] = roundToType(value, type);
      }
    }
    for (size_t j = 0; j < outputs.size(); ++j)
      *outputs[j]->data = std::move(results[j]);
    return success();
  }

  LogicalResult runReduce(tile::ReduceOp reduce) {
    Operation *op = reduce.getOperation();
    Array &source = *get(op->getOperand(0)).array;
    Array &dest = *get(op->getOperand(1)).array;
    bool isMax = reduce.getKind() == "max";
    int64_t dim = reduce.getDim();
    int64_t outer = 1, inner = 1, extent = source.shape[dim];
    for (int64_t d = 0; d < dim; ++d)
      outer *= source.shape[d];
    for (size_t d = dim + 1; d < source.shape.size(); ++d)
      inner *= source.shape[d];
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        float result = isMax ? -INFINITY : 0.0f;
        for (int64_t e = 0; e < extent; ++e) {
          float value = (*source.data)[(o * extent + e) * inner + i];
          result = isMax ? std::max(result, value) : result + value;
        }
        (*dest.data)[o * inner + i] = roundToType(result, dest.elementType);
      }
    return success();
  }

  LogicalResult runScalar(Operation *op, llvm::StringRef name) {
    if (name == "arith.constant") {
      Attribute value = arith::ConstantOp(op).getValue();
      RValue &result = values[op->getResult(0)];
      if (auto integer = value.dyn_cast_or_null<IntegerAttr>())
        result.integer = integer.getSInt();
      else if (auto real = value.dyn_cast_or_null<FloatAttr>())
        result.real = float(real.getValueAsDouble());
      else
        return fail(op, "the interpreter runs integer and float constants");
      return success();
    }
    if (op->getNumResults() != 1)
      return fail(op, "the tile interpreter does not run '" + name + "'");
    llvm::StringRef mnemonic = name.substr(name.find('.') + 1);
    auto i = [&](unsigned index) { return get(op->getOperand(index)).integer; };
    auto f = [&](unsigned index) { return get(op->getOperand(index)).real; };
    RValue result;
    if (mnemonic == "addi") result.integer = i(0) + i(1);
    else if (mnemonic == "subi") result.integer = i(0) - i(1);
    else if (mnemonic == "muli") result.integer = i(0) * i(1);
    else if (mnemonic == "divsi" || mnemonic == "divui" ||
             mnemonic == "remsi" || mnemonic == "remui" ||
             mnemonic == "ceildivsi" || mnemonic == "floordivsi") {
      if (i(1) == 0)
        return fail(op, "division by zero");
      int64_t a = i(0), b = i(1);
      if (mnemonic.startswith("rem"))
        result.integer = a % b;
      else if (mnemonic == "ceildivsi")
        result.integer = (a + b - 1) / b;
      else
        result.integer = a / b;
    } else if (mnemonic == "minsi" || mnemonic == "minui")
      result.integer = std::min(i(0), i(1));
    else if (mnemonic == "maxsi" || mnemonic == "maxui")
      result.integer = std::max(i(0), i(1));
    else if (mnemonic == "andi") result.integer = i(0) & i(1);
    else if (mnemonic == "ori") result.integer = i(0) | i(1);
    else if (mnemonic == "xori") result.integer = i(0) ^ i(1);
    else if (mnemonic == "index_cast") result.integer = i(0);
    else if (mnemonic == "addf") result.real = f(0) + f(1);
    else if (mnemonic == "subf") result.real = f(0) - f(1);
    else if (mnemonic == "mulf") result.real = f(0) * f(1);
    else if (mnemonic == "divf") result.real = f(0) / f(1);
    else if (mnemonic == "maximumf") result.real = std::fmax(f(0), f(1));
    else if (mnemonic == "minimumf") result.real = std::fmin(f(0), f(1));
    else if (mnemonic == "negf") result.real = -f(0);
    else if (mnemonic == "extf" || mnemonic == "truncf")
      result.real = f(0);
    else if (mnemonic == "sitofp") result.real = float(i(0));
    else if (mnemonic == "fptosi") result.integer = int64_t(f(0));
    else if (mnemonic == "select")
      result = i(0) ? get(op->getOperand(1)) : get(op->getOperand(2));
    else if (mnemonic == "cmpi") {
      int64_t a = i(0), b = i(1);
      switch (arith::CmpIOp(op).getPredicate()) {
      case arith::CmpIPredicate::eq: result.integer = a == b; break;
      case arith::CmpIPredicate::ne: result.integer = a != b; break;
      case arith::CmpIPredicate::slt:
      case arith::CmpIPredicate::ult: result.integer = a < b; break;
      case arith::CmpIPredicate::sle:
      case arith::CmpIPredicate::ule: result.integer = a <= b; break;
      case arith::CmpIPredicate::sgt:
      case arith::CmpIPredicate::ugt: result.integer = a > b; break;
      case arith::CmpIPredicate::sge:
      case arith::CmpIPredicate::uge: result.integer = a >= b; break;
      }
    } else if (mnemonic == "cmpf") {
      float a = f(0), b = f(1);
      bool unordered = std::isnan(a) || std::isnan(b);
      switch (arith::CmpFOp(op).getPredicate()) {
      case arith::CmpFPredicate::AlwaysFalse: result.integer = 0; break;
      case arith::CmpFPredicate::OEQ: result.integer = !unordered && a == b; break;
      case arith::CmpFPredicate::OGT: result.integer = !unordered && a > b; break;
      case arith::CmpFPredicate::OGE: result.integer = !unordered && a >= b; break;
      case arith::CmpFPredicate::OLT: result.integer = !unordered && a < b; break;
      case arith::CmpFPredicate::OLE: result.integer = !unordered && a <= b; break;
      case arith::CmpFPredicate::ONE: result.integer = !unordered && a != b; break;
      case arith::CmpFPredicate::ORD: result.integer = !unordered; break;
      case arith::CmpFPredicate::UEQ: result.integer = unordered || a == b; break;
      case arith::CmpFPredicate::UGT: result.integer = unordered || a > b; break;
      case arith::CmpFPredicate::UGE: result.integer = unordered || a >= b; break;
      case arith::CmpFPredicate::ULT: result.integer = unordered || a < b; break;
      case arith::CmpFPredicate::ULE: result.integer = unordered || a <= b; break;
      case arith::CmpFPredicate::UNE: result.integer = unordered || a != b; break;
      default: result.integer = 1; break;
      }
    } else if (mnemonic == "exp") result.real = std::exp(f(0));
    else if (mnemonic == "log") result.real = std::log(f(0));
    else if (mnemonic == "sqrt") result.real = std::sqrt(f(0));
    else if (mnemonic == "rsqrt") result.real = 1.0f / std::sqrt(f(0));
    else if (mnemonic == "tanh") result.real = std::tanh(f(0));
    else if (mnemonic == "absf") result.real = std::fabs(f(0));
    else
      return fail(op, "the tile interpreter does not run '" + name + "'");
    values[op->getResult(0)] = result;
    return success();
  }
};

} // namespace

LogicalResult interp::runFunction(Operation *function,
                                  std::vector<HostTensor> &arguments) {
  Interpreter interpreter;
  return interpreter.run(function, arguments);
}
