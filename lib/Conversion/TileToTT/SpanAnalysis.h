//===- SpanAnalysis.h - What each buffer dimension spans --------*- C++ -*-===//
//
// tile-coarsen and tile-widen-blocks merge neighbouring blocks of a kernel
// into one by substituting `%b -> %b' * f`. That is exact when every use of
// a block index is a copy offset `%b * E (+ c)` and every buffer dimension
// is consistently the block's columns (bx), rows (by) or neither across
// copies, gemms, elementwise ops (and, for tile-widen-blocks, reductions
// along a dimension no block index spans). SpanAnalysis decides it and
// tells which dimensions grow.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_CONVERSION_TILETOTT_SPANANALYSIS_H
#define TILT_LIB_CONVERSION_TILETOTT_SPANANALYSIS_H

#include "Utils.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Rewrite/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include <string>

namespace tilt {
namespace tiletott {

/// What a buffer dimension spans: block columns (bx), block rows (by) or
/// neither.
enum class Span : uint8_t { Unknown, Columns, Rows, Neither, Conflict };

inline Span merge(Span a, Span b) {
  if (a == Span::Unknown)
    return b;
  if (b == Span::Unknown || a == b)
    return a;
  return Span::Conflict;
}

/// One buffer dimension: (buffer, dim).
using DimKey = std::pair<void *, unsigned>;

/// The analysis of one kernel: the span of every buffer dimension, or the
/// reason the kernel cannot be coarsened.
class SpanAnalysis {
public:
  /// With `allowReductions`, tile.reduce is analysed too (its kept
  /// dimensions are the source's); else it disqualifies the kernel.
  explicit SpanAnalysis(tile::KernelOp kernel, bool allowReductions = false)
      : kernel(kernel), allowReductions(allowReductions) {
    size_t rank = kernel.getGrid().size();
    bx = rank > 0 ? Value(kernel.getBlockIndex(0)) : Value();
    by = rank > 1 ? Value(kernel.getBlockIndex(1)) : Value();
  }

  /// Analyses the body; false (with `reason`) when it does not qualify.
  bool run() {
    if (!checkBlockIndexUses())
      return false;
    bool ok = true;
    kernel.getOperation()->walk([&](Operation *op) {
      if (ok && op != kernel.getOperation())
        ok = visit(op);
    });
    if (!ok)
      return false;
    // Resolve the classes.
    for (auto it = dims.begin(); it != dims.end(); ++it) {
      if (!it->isLeader())
        continue;
      Span span = Span::Unknown;
      for (auto member = dims.member_begin(it); member != dims.member_end();
           ++member) {
        auto found = seeds.find(*member);
        if (found != seeds.end())
          span = merge(span, found->second);
      }
      if (span == Span::Conflict)
        return fail("a buffer dimension spans both block rows and columns, "
                    "or both and neither");
      for (auto member = dims.member_begin(it); member != dims.member_end();
           ++member)
        resolved[*member] = span;
    }
    return true;
  }

  /// The span of `buffer`'s dimension `dim` once run() succeeded.
  Span getSpan(Value buffer, unsigned dim) const {
    auto found = resolved.find(key(buffer, dim));
    return found == resolved.end() ? Span::Unknown : found->second;
  }

  std::string reason;

private:
  static DimKey key(Value buffer, unsigned dim) {
    return {buffer.getAsOpaquePointer(), dim};
  }
  bool fail(const std::string &why) {
    reason = why;
    return false;
  }
  void unify(Value a, unsigned da, Value b, unsigned db) {
    dims.unionSets(key(a, da), key(b, db));
  }
  void seed(Value buffer, unsigned dim, Span span) {
    DimKey k = key(buffer, dim);
    dims.insert(k);
    seeds[k] = merge(seeds.lookup(k), span);
  }

  /// Which block indices `value` depends on (bit 0: bx, bit 1: by), through
  /// the integer arithmetic that computes it.
  unsigned dependence(Value value) {
    if (bx && value == bx)
      return 1;
    if (by && value == by)
      return 2;
    auto found = dependenceCache.find(value.getAsOpaquePointer());
    if (found != dependenceCache.end())
      return found->second;
    unsigned bits = 0;
    if (Operation *def = value.getDefiningOp())
      for (Value operand : def->getOperands())
        bits |= dependence(operand);
    dependenceCache[value.getAsOpaquePointer()] = bits;
    return bits;
  }

  /// Whether `offset` is `index * extent + c`, c free of block indices
  /// (`index` itself for an extent of 1).
  bool isBlockStart(Value offset, Value index, int64_t extent) {
    if (offset == index)
      return extent == 1; // %b * 1, folded
    if (dependence(offset) == 0)
      return false;
    Operation *def = offset.getDefiningOp();
    if (!def)
      return false;
    llvm::StringRef name = def->getName().getStringRef();
    if (name == "arith.muli") {
      for (unsigned i = 0; i < 2; ++i) {
        std::optional<int64_t> constant =
            getConstantInt(def->getOperand(1 - i));
        if (def->getOperand(i) == index && constant && *constant == extent)
          return true;
      }
      return false;
    }
    if (name == "arith.addi")
      for (unsigned i = 0; i < 2; ++i)
        if (dependence(def->getOperand(1 - i)) == 0 &&
            isBlockStart(def->getOperand(i), index, extent))
          return true;
    return false;
  }

  /// Every use of bx and by is index arithmetic that ends in copy offsets.
  bool checkBlockIndexUses() {
    llvm::SmallVector<Value, 16> worklist;
    for (Value index : {bx, by})
      if (index)
        worklist.push_back(index);
    llvm::DenseSet<void *> seen;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!seen.insert(value.getAsOpaquePointer()).second)
        continue;
      for (OpOperand &use : value.getUses()) {
        Operation *user = use.getOwner();
        llvm::StringRef name = user->getName().getStringRef();
        if (name == "arith.muli" || name == "arith.addi") {
          worklist.push_back(user->getResult(0));
          continue;
        }
        if (auto copy = tile::CopyOp::dynCast(user))
          if (use.getOperandNumber() >= 2)
            continue;
        return fail("a block index is used by '" + name.str() +
                    "', not only in copy offsets");
      }
    }
    return true;
  }

  bool visitCopy(tile::CopyOp copy) {
    Value source = copy.getSource(), dest = copy.getDest();
    bool fromTensor = source.getType().isa<tile::TensorType>();
    bool toTensor = dest.getType().isa<tile::TensorType>();
    if (!fromTensor && !toTensor) {
      if (!copy.getOffsets().empty())
        return fail("a slice of a buffer would not grow with the blocks");
      auto type = dest.getType().cast<tile::BufType>();
      for (unsigned d = 0; d < type.getRank(); ++d)
        unify(source, d, dest, d);
      return true;
    }
    Value buffer = fromTensor ? dest : source;
    auto bufType = buffer.getType().cast<tile::BufType>();
    auto offsets = copy.getOffsets();
    unsigned rank = bufType.getRank();
    if (offsets.size() < rank)
      return fail("a copy with fewer offsets than buffer dimensions");
    if (!copy.coversTrailingDims())
      return fail("a copy of a slice over non-trailing dimensions");
    unsigned first = offsets.size() - rank;
    for (unsigned t = 0; t < first; ++t)
      if (dependence(offsets[t]) != 0)
        return fail("a leading tensor offset depends on a block index");
    for (unsigned d = 0; d < rank; ++d) {
      Value offset = offsets[first + d];
      int64_t extent = bufType.getShape()[d];
      switch (dependence(offset)) {
      case 0:
        seed(buffer, d, Span::Neither);
        break;
      case 1:
        if (!isBlockStart(offset, bx, extent))
          return fail("a copy offset is not %bx times the buffer's extent");
        seed(buffer, d, Span::Columns);
        break;
      case 2:
        if (!isBlockStart(offset, by, extent))
          return fail("a copy offset is not %by times the buffer's extent");
        seed(buffer, d, Span::Rows);
        break;
      default:
        return fail("a copy offset depends on both block indices");
      }
    }
    return true;
  }

  bool visitGemm(tile::GemmOp gemm) {
    Operation *op = gemm.getOperation();
    Value a = op->getOperand(0), b = op->getOperand(1), c = op->getOperand(2);
    unsigned am = gemm.getTransposeA() ? 1 : 0, ak = 1 - am;
    unsigned bn = gemm.getTransposeB() ? 0 : 1, bk = 1 - bn;
    unify(a, am, c, 0);
    unify(b, bn, c, 1);
    unify(a, ak, b, bk);
    seed(a, ak, Span::Neither);
    return true;
  }

  bool visitParallel(tile::ParallelOp parallel) {
    Operation *op = parallel.getOperation();
    auto outputs = parallel.getOutputs();
    if (outputs.empty())
      return true;
    Value first = outputs[0];
    unsigned rank = first.getType().cast<tile::BufType>().getRank();
    for (Value output : outputs)
      for (unsigned d = 0; d < rank; ++d)
        unify(first, d, output, d);
    auto inputs = parallel.getInputs();
    for (unsigned i = 0; i < inputs.size(); ++i) {
      if (!inputs[i].getType().isa<tile::BufType>())
        continue;
      llvm::SmallVector<int64_t, 4> indexing = parallel.getInputDims(i);
      for (unsigned d = 0; d < indexing.size(); ++d)
        unify(inputs[i], d, first, unsigned(indexing[d]));
    }
    bool ok = true;
    op->walk([&](Operation *inner) {
      if (tile::IndexOp::dynCast(inner))
        ok = false;
    });
    return ok || fail("an elementwise body uses element indices");
  }

  /// A reduction keeps the source's other dimensions, in order; the folded
  /// one spans no block index (rows stay independent).
  bool visitReduce(tile::ReduceOp reduce) {
    Operation *op = reduce.getOperation();
    Value source = op->getOperand(0), dest = op->getOperand(1);
    auto type = source.getType().dyn_cast<tile::BufType>();
    if (!type)
      return fail("a reduction of something other than a buffer");
    unsigned folded = unsigned(reduce.getDim()), kept = 0;
    for (unsigned d = 0; d < type.getRank(); ++d) {
      if (d == folded)
        seed(source, d, Span::Neither);
      else
        unify(source, d, dest, kept++);
    }
    return true;
  }

  bool visit(Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (auto copy = tile::CopyOp::dynCast(op))
      return visitCopy(copy);
    if (auto reduce = tile::ReduceOp::dynCast(op))
      return allowReductions ? visitReduce(reduce)
                             : fail("'tile.reduce' may depend on a block's "
                                    "extent");
    if (auto gemm = tile::GemmOp::dynCast(op))
      return visitGemm(gemm);
    if (auto parallel = tile::ParallelOp::dynCast(op))
      return visitParallel(parallel);
    if (tile::AllocOp::dynCast(op) || tile::ClearOp::dynCast(op) ||
        tile::FillOp::dynCast(op) || tile::YieldOp::dynCast(op) ||
        tile::ScalarBitsOp::dynCast(op))
      return true;
    if (tile::PipelinedOp::dynCast(op) || scf::ForOp::dynCast(op)) {
      for (unsigned i = 0; i < 3; ++i)
        if (dependence(op->getOperand(i)) != 0)
          return fail("a loop bound depends on a block index");
      return true;
    }
    if (name == "scf.yield")
      return true;
    // Arithmetic and math are fine inside elementwise bodies and on
    // indices; anything else may depend on a block's extent.
    if (name.startswith("arith.") || name.startswith("math."))
      return true;
    return fail("'" + name.str() + "' may depend on a block's extent");
  }

  tile::KernelOp kernel;
  bool allowReductions;
  Value bx, by;
  llvm::EquivalenceClasses<DimKey> dims;
  llvm::DenseMap<DimKey, Span> seeds, resolved;
  llvm::DenseMap<void *, unsigned> dependenceCache;
};

/// How many times a dimension of `span` grows when blocks merge fx x fy.
inline int64_t getFactor(Span span, int64_t fx, int64_t fy) {
  return span == Span::Columns ? fx : span == Span::Rows ? fy : 1;
}

/// A block dimension's new extent over its old one, num / den (tile-coarsen
/// resizes blocks to extents that are not whole multiples of the old ones).
struct Scale {
  int64_t num = 1, den = 1;
  bool isWhole() const { return num % den == 0; }
  int64_t apply(int64_t extent) const { return extent * num / den; }
};

inline Scale getScale(Span span, Scale sx, Scale sy) {
  return span == Span::Columns ? sx : span == Span::Rows ? sy : Scale();
}

/// The shape of `buffer` once blocks are sx x sy times their extents.
inline llvm::SmallVector<int64_t, 4>
getScaledShape(const SpanAnalysis &analysis, Value buffer, Scale sx, Scale sy) {
  auto type = buffer.getType().cast<tile::BufType>();
  llvm::SmallVector<int64_t, 4> shape(type.getShape().begin(),
                                      type.getShape().end());
  for (unsigned d = 0; d < shape.size(); ++d)
    shape[d] = getScale(analysis.getSpan(buffer, d), sx, sy).apply(shape[d]);
  return shape;
}

/// The shape of `buffer` once blocks merge fx x fy.
inline llvm::SmallVector<int64_t, 4>
getMergedShape(const SpanAnalysis &analysis, Value buffer, int64_t fx,
               int64_t fy) {
  return getScaledShape(analysis, buffer, Scale{fx, 1}, Scale{fy, 1});
}

/// Gives every buffer of `allocs` its shape once blocks are sx x sy times
/// their extents.
inline void setScaledShapes(const SpanAnalysis &analysis,
                            llvm::ArrayRef<Operation *> allocs, Scale sx,
                            Scale sy) {
  for (Operation *alloc : allocs) {
    Value buffer = alloc->getResult(0);
    auto type = buffer.getType().cast<tile::BufType>();
    buffer.setType(tile::BufType::get(
        buffer.getContext(), getScaledShape(analysis, buffer, sx, sy),
        type.getElementType(), type.getMemorySpace()));
  }
}

/// Merges blocks fx x fy: every buffer of `allocs` takes its merged shape
/// and every use of bx (by) becomes bx' * fx (by' * fy). The caller sets
/// the new grid (inside the same in-place modification as the buffers) and
/// what it records on the kernel in `record`.
inline void mergeBlocks(tile::KernelOp kernel, const SpanAnalysis &analysis,
                        llvm::ArrayRef<Operation *> allocs,
                        PatternRewriter &rewriter, int64_t fx, int64_t fy,
                        llvm::function_ref<void()> record) {
  Operation *op = kernel.getOperation();
  rewriter.modifyOpInPlace(op, [&] {
    setScaledShapes(analysis, allocs, Scale{fx, 1}, Scale{fy, 1});
    record();
  });
  rewriter.setInsertionPointToStart(kernel.getBody());
  Location loc = op->getLoc();
  int64_t factors[2] = {fx, fy};
  for (unsigned dim = 0; dim < 2; ++dim) {
    if (factors[dim] == 1)
      continue;
    Value index = kernel.getBlockIndex(dim);
    Value scaled = createBinary<arith::MulIOp>(
        rewriter, loc, index, createIndex(rewriter, loc, factors[dim]));
    index.replaceAllUsesExcept(scaled, scaled.getDefiningOp());
  }
}

/// Whether every use of the kernel's block index `dim` is `arith.muli` by a
/// constant E with E * scale whole (the forms resizeBlocks rewrites).
inline bool canResizeIndex(tile::KernelOp kernel, unsigned dim, Scale scale) {
  if (scale.num == scale.den)
    return true;
  for (OpOperand &use : kernel.getBlockIndex(dim).getUses()) {
    Operation *user = use.getOwner();
    if (user->getName().getStringRef() != "arith.muli")
      return false;
    std::optional<int64_t> extent =
        getConstantInt(user->getOperand(1 - use.getOperandNumber()));
    if (!extent || *extent * scale.num % scale.den != 0)
      return false;
  }
  return true;
}

/// Resizes blocks: every buffer dimension a block index spans takes its
/// extent times the index's scale, and every `%b * E` becomes `%b * E'`
/// with E' = E * scale (canResizeIndex holds for both indices). Blocks of
/// the new extents start where the new offsets say, so the new grid
/// (which the caller sets in `record`) covers the old one when it is
/// ceil(old extent / new extent) blocks long; a last block may run past the
/// tensor (its reads are guarded, docs/pipeline.md).
inline void resizeBlocks(tile::KernelOp kernel, const SpanAnalysis &analysis,
                         llvm::ArrayRef<Operation *> allocs,
                         PatternRewriter &rewriter, Scale sx, Scale sy,
                         llvm::function_ref<void()> record) {
  Operation *op = kernel.getOperation();
  rewriter.modifyOpInPlace(op, [&] {
    setScaledShapes(analysis, allocs, sx, sy);
    record();
  });
  Scale scales[2] = {sx, sy};
  for (unsigned dim = 0; dim < 2; ++dim) {
    if (scales[dim].num == scales[dim].den)
      continue;
    llvm::SmallVector<OpOperand *, 4> uses;
    for (OpOperand &use : kernel.getBlockIndex(dim).getUses())
      uses.push_back(&use);
    for (OpOperand *use : uses) {
      Operation *user = use->getOwner();
      unsigned other = 1 - use->getOperandNumber();
      int64_t extent = *getConstantInt(user->getOperand(other));
      rewriter.setInsertionPoint(user);
      Value scaled =
          createIndex(rewriter, user->getLoc(), scales[dim].apply(extent));
      rewriter.modifyOpInPlace(user, [&] { user->setOperand(other, scaled); });
    }
  }
}

} // namespace tiletott
} // namespace tilt

#endif // TILT_LIB_CONVERSION_TILETOTT_SPANANALYSIS_H
