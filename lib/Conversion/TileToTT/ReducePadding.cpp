//===- ReducePadding.cpp - Where a reduction's padding ends ---------------===//
//
// The analysis behind the padding masks of tile.reduce (ReducePadding.h).
// Each buffer dimension carries a list of limits, (extent, offset) pairs of
// the copies from DRAM its data came from: element i is valid when
// i < extent - offset for every limit. An empty list is a dimension without
// padding. The lists flow in program order: a copy from DRAM sets them
// (dropping dimensions that an upper bound of the offset proves inside the
// tensor), an on-core copy passes them on, a tile.parallel's outputs take
// the limits of every input along the iteration dimensions that index it,
// a gemm leaves C's, a fill clears them, and a reduction's destination
// keeps the source's other dimension (and its own, with accumulate).
//
// The reader builds the masks where the reduction is: valid = min(extent -
// offset) as an i32, one tt.fill_mask_tile per tile along the reduced
// dimension with valid - 32 i (the helper clamps), 1.0 / 0.0 for a sum,
// 0 / -inf for max, min (-max(-x)) and absmax (max(|x|)), as tt-metal's
// layernorm (generate_col_mask, normalization/layernorm/device/kernels/
// dataflow/col_mask_dataflow.h) and softmax (the -inf pad mask of
// normalization/softmax/device/kernels/attention/dataflow/
// writer_unary_interleaved_start_id_blocked_sm.cpp) mask theirs.
//
//===----------------------------------------------------------------------===//

#include "ReducePadding.h"
#include "tilt/Dialect/SCF/SCF.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The limits of each dimension of a buffer.
using BufferLimits = llvm::SmallVector<llvm::SmallVector<ValidLimit, 2>, 2>;

/// Whether `value` is visible at `op` (defined in a block that encloses it,
/// before it).
bool isVisibleAt(Value value, Operation *op) {
  Block *block = nullptr;
  Operation *def = value.getDefiningOp();
  if (def)
    block = def->getBlock();
  else if (auto argument = value.dyn_cast<BlockArgument>())
    block = argument.getOwner();
  for (Operation *ancestor = op; ancestor; ancestor = ancestor->getParentOp()) {
    if (ancestor->getBlock() != block)
      continue;
    return !def || def == ancestor || def->isBeforeInBlock(ancestor);
  }
  return false;
}

void appendLimits(llvm::SmallVectorImpl<ValidLimit> &to,
                  llvm::ArrayRef<ValidLimit> from) {
  for (const ValidLimit &limit : from) {
    bool known = llvm::any_of(to, [&](const ValidLimit &other) {
      return other.extent == limit.extent && other.offset == limit.offset;
    });
    if (!known)
      to.push_back(limit);
  }
}

class PaddingAnalysis {
public:
  explicit PaddingAnalysis(const UpperBoundFn &upperBound)
      : upperBound(upperBound) {}

  LogicalResult visitBlock(Block &block) {
    for (Operation &op : block)
      if (failed(visit(&op)))
        return failure();
    return success();
  }

  std::vector<PaddedReduce> reduces;

private:
  BufferLimits &get(Value buffer) {
    BufferLimits &limits = buffers[buffer];
    if (auto type = buffer.getType().dyn_cast<tile::BufType>())
      limits.resize(type.getRank());
    return limits;
  }

  void clear(Value buffer) {
    for (auto &dim : get(buffer))
      dim.clear();
  }

  LogicalResult visit(Operation *op) {
    if (auto copy = tile::CopyOp::dynCast(op))
      return visitCopy(copy);
    if (tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op)) {
      clear(op->getOperand(0));
      return success();
    }
    if (auto parallel = tile::ParallelOp::dynCast(op)) {
      visitParallel(parallel);
      return success();
    }
    if (auto reduce = tile::ReduceOp::dynCast(op))
      return visitReduce(reduce);
    // gemm: C keeps its limits. Loops and other regions: in program order.
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (failed(visitBlock(block)))
          return failure();
    return success();
  }

  LogicalResult visitCopy(tile::CopyOp copy) {
    Value source = copy.getSource(), dest = copy.getDest();
    if (!dest.getType().isa<tile::BufType>())
      return success();
    auto tensor = source.getType().dyn_cast<tile::TensorType>();
    if (!tensor) {
      BufferLimits copied = get(source);
      // A slice at offset 0 of a dimension keeps its limits; elsewhere
      // they would move with the offset, which is not modelled.
      auto offsets = copy.getOffsets();
      for (size_t d = 0; d < offsets.size() && d < copied.size(); ++d) {
        std::optional<int64_t> offset = getConstantInt(offsets[d]);
        if (!copied[d].empty() && (!offset || *offset != 0))
          return copy->emitError()
                 << "a slice of a buffer that holds a tensor's edge "
                    "(padding past the tensor in dimension "
                 << uint64_t(d)
                 << ") is not supported yet: slice at offset 0 there, or "
                    "copy the part from the tensor";
      }
      get(dest) = copied;
      return success();
    }
    auto type = dest.getType().cast<tile::BufType>();
    BufferLimits &limits = get(dest);
    llvm::ArrayRef<int64_t> extents = tensor.getShape();
    auto offsets = copy.getOffsets();
    llvm::SmallVector<int64_t, 4> dims = copy.getDims();
    for (size_t d = 0; d < type.getRank(); ++d) {
      limits[d].clear();
      if (d >= dims.size() || size_t(dims[d]) >= offsets.size())
        continue;
      Value offset = offsets[dims[d]];
      int64_t extent = extents[dims[d]];
      std::optional<int64_t> bound = upperBound(offset);
      if (bound && *bound <= extent - type.getShape()[d])
        continue;
      limits[d].push_back({extent, offset, copy.getOperation()});
    }
    return success();
  }

  void visitParallel(tile::ParallelOp parallel) {
    llvm::ArrayRef<int64_t> space = parallel.getIterationShape();
    BufferLimits result(space.size());
    unsigned index = 0;
    for (Value input : parallel.getInputs()) {
      llvm::SmallVector<int64_t, 4> dims = parallel.getInputDims(index++);
      BufferLimits limits = get(input);
      for (size_t k = 0; k < dims.size() && k < limits.size(); ++k)
        if (dims[k] >= 0 && size_t(dims[k]) < result.size())
          appendLimits(result[size_t(dims[k])], limits[k]);
    }
    for (Value output : parallel.getOutputs())
      get(output) = result;
  }

  LogicalResult visitReduce(tile::ReduceOp reduce) {
    Operation *op = reduce.getOperation();
    Value source = op->getOperand(0), dest = op->getOperand(1);
    BufferLimits limits = get(source);
    int64_t dim = reduce.getDim();
    if (dim < 0 || size_t(dim) >= limits.size())
      return success();
    // A buffer tile-widen-blocks padded to whole tiles: its elements past
    // the block's own extent are padding, whatever was copied into them.
    if (Operation *alloc = source.getDefiningOp())
      if (auto valid = alloc->getAttr(kValidShapeAttrName)
                           .dyn_cast_or_null<DenseArrayAttr>())
        if (size_t(dim) < valid.getIntValues().size() &&
            valid.getIntValues()[size_t(dim)] <
                source.getType().cast<tile::BufType>().getShape()[size_t(dim)])
          limits[size_t(dim)].push_back(
              {valid.getIntValues()[size_t(dim)], Value(), alloc});
    if (!limits[size_t(dim)].empty()) {
      PaddedReduce padded{op, limits[size_t(dim)]};
      for (const ValidLimit &limit : padded.limits) {
        if (!limit.offset || isVisibleAt(limit.offset, op))
          continue;
        InFlightDiagnostic diagnostic =
            op->emitError()
            << "the padding of the reduced dimension depends on the offset "
               "of a copy that is not visible here (copy into the source in "
               "the reduction's block or around it)";
        diagnostic.attachNote(limit.copy->getLoc())
            << "the copy that filled the source";
        return failure();
      }
      reduces.push_back(std::move(padded));
    }
    BufferLimits result;
    for (size_t d = 0; d < limits.size(); ++d)
      if (int64_t(d) != dim)
        result.push_back(limits[d]);
    if (result.empty())
      result.emplace_back();
    if (reduce.getAccumulate()) {
      BufferLimits old = get(dest);
      for (size_t d = 0; d < old.size() && d < result.size(); ++d)
        appendLimits(result[d], old[d]);
    }
    get(dest) = result;
    return success();
  }

  const UpperBoundFn &upperBound;
  llvm::DenseMap<Value, BufferLimits> buffers;
};

} // namespace

FailureOr<std::vector<PaddedReduce>>
tiletott::analyzeReducePadding(tile::KernelOp kernel,
                               const UpperBoundFn &upperBound) {
  PaddingAnalysis analysis(upperBound);
  if (failed(analysis.visitBlock(*kernel.getBody())))
    return failure();
  return std::move(analysis.reduces);
}

LogicalResult
tiletott::emitReducePaddingMasks(tile::KernelOp kernel,
                                 llvm::ArrayRef<PaddedReduce> reduces) {
  for (const PaddedReduce &padded : reduces) {
    Operation *op = padded.reduce;
    tile::ReduceOp reduce(op);
    Location loc = op->getLoc();
    auto sourceType = op->getOperand(0).getType().cast<tile::BufType>();
    int64_t dim = reduce.getDim();
    int64_t tiles = (sourceType.getShape()[size_t(dim)] + 31) / 32;
    OpBuilder builder(op->getContext());
    Type bf16 = FloatType::getBF16(op->getContext());
    std::optional<Value> mask = createMaskCB(builder, kernel, loc, bf16, tiles);
    if (!mask)
      return op->emitError() << "the padding mask of this reduction needs an "
                                "input circular buffer, and all 16 are taken";
    builder.setInsertionPoint(op);
    // valid = min over the limits of extent - offset (signed: a block past
    // the tensor has a negative count).
    Value valid;
    for (const ValidLimit &limit : padded.limits) {
      Value count =
          limit.offset
              ? createBinary<arith::SubIOp>(
                    builder, loc, createIndex(builder, loc, limit.extent),
                    limit.offset)
              : createIndex(builder, loc, limit.extent);
      valid = valid ? createBinary<arith::MinSIOp>(builder, loc, valid, count)
                    : count;
    }
    valid = toI32(builder, loc, valid);
    // A sum multiplies by 1.0 / 0.0 (bf16 0x3F80 / 0); max, min and absmax
    // add 0 / -inf (bf16 0xFF80).
    bool sum = reduce.getKind() == "sum";
    Value validBits = createI32(builder, loc, sum ? 0x3F80 : 0);
    Value padBits = createI32(builder, loc, sum ? 0 : 0xFF80);
    Value rows = createI32(builder, loc, dim == 0 ? 1 : 0);
    // The reader fills them (its copies come right before the reduction).
    emitMaskFill(builder, loc, *mask, tiles, "reader",
                 [&](Value address, int64_t i) {
                   Value count =
                       i == 0 ? valid
                              : createBinary<arith::SubIOp>(
                                    builder, loc, valid,
                                    createI32(builder, loc, 32 * i));
                   return builder
                       .create<tt::FillMaskTileOp>(
                           loc, ValueRange{address, count, rows, validBits,
                                           padBits})
                       .getOperation();
                 });
    op->setAttr(kPaddingMaskAttrName,
                builder.getI64IntegerAttr(getCBIndex(*mask)));
  }
  return success();
}
