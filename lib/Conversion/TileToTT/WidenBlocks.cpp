//===- WidenBlocks.cpp - tile-widen-blocks: blocks of whole tiles ---------===//
//
// TileLang's norms default to one row per block, and its GEMV and per-token
// kernels use 1-d fragments of a few elements: buffers that are a fraction
// of a 32x32 tile, which a Tensix core cannot compute on. This pass merges
// 32 / m such blocks into one block of whole tiles, where each row of the
// kernel is computed from its own row only (SpanAnalysis.h), before
// tile-legalize checks that every buffer is whole tiles (docs/pipeline.md).
//
//===----------------------------------------------------------------------===//

#include "SpanAnalysis.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The shape `shape` padded to whole tiles: its last dimension (a 1-d
/// buffer's only one) or its rows.
llvm::SmallVector<int64_t, 4> getPaddedShape(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> padded(shape.begin(), shape.end());
  size_t tiled = std::min<size_t>(2, shape.size());
  for (size_t d = shape.size() - tiled; d < shape.size(); ++d)
    padded[d] = (shape[d] + tile::kTileSize - 1) / tile::kTileSize *
                tile::kTileSize;
  return padded;
}

/// Pads every buffer of `allocs` that is not whole tiles (TileLang's flash
/// decoding combine reduces a [num_split, block_M] fragment of 4 rows
/// across them): its rows, or a 1-d buffer's elements, up to a multiple of
/// 32, recording its own shape (kValidShapeAttrName) for the reductions'
/// padding masks; a copy of it into a tensor writes its rows only
/// (`rows`). Returns why not, changing nothing, when a padded buffer would
/// let padding into a result: its columns are not whole tiles, a gemm or
/// an atomic reads it, or a 1-d one is written to a tensor.
std::string padBuffers(llvm::ArrayRef<Operation *> allocs) {
  llvm::SmallVector<Operation *, 4> padded;
  for (Operation *alloc : allocs) {
    auto type = alloc->getResult(0).getType().cast<tile::BufType>();
    llvm::ArrayRef<int64_t> shape = type.getShape();
    if (isWholeTiles(shape))
      continue;
    if (shape.size() > 2)
      return "a buffer of more than 2 dimensions is not whole tiles";
    if (shape.size() == 2 && shape[1] % tile::kTileSize != 0)
      return "a buffer's rows of " + std::to_string(shape[1]) +
             " elements are not whole tiles";
    for (Operation *user : alloc->getResult(0).getUsers()) {
      // A gemm's rows come from A's rows (and land in the accumulator's):
      // padding there stays in padded rows. Padding anywhere else would be
      // summed over K into every row.
      if (auto gemm = tile::GemmOp::dynCast(user)) {
        Value buffer = alloc->getResult(0);
        bool rowsOfM =
            (user->getOperand(0) == buffer && !gemm.getTransposeA() &&
             user->getOperand(1) != buffer) ||
            (user->getOperand(2) == buffer && user->getOperand(0) != buffer &&
             user->getOperand(1) != buffer);
        if (!rowsOfM)
          return "a buffer of partial tiles is an operand of a gemm whose "
                 "sums over K would take in its padding";
        continue;
      }
      if (tile::AnyAtomicOp::dynCast(user))
        return "a buffer of partial tiles is combined into a tensor by an "
               "atomic";
      auto copy = tile::CopyOp::dynCast(user);
      if (copy && !copy.getTensorSide() && !copy.getOffsets().empty())
        return "a slice of a buffer of partial tiles is copied";
      if (copy && copy.getSource() == alloc->getResult(0) &&
          copy.getDest().getType().isa<tile::TensorType>() &&
          (shape.size() == 1 || copy.getRowLimit()))
        return shape.size() == 1 ? "a 1-d buffer of fewer than 32 elements "
                                   "is written to a tensor"
                                 : "a buffer of partial tiles is written to a "
                                   "tensor with a row limit";
      if (!copy && !tile::ParallelOp::dynCast(user) &&
          !tile::ReduceOp::dynCast(user) && !tile::FillOp::dynCast(user) &&
          !tile::ClearOp::dynCast(user))
        return "a buffer of partial tiles is used by '" +
               user->getName().getStringRef().str() + "'";
    }
    padded.push_back(alloc);
  }
  for (Operation *alloc : padded) {
    Value buffer = alloc->getResult(0);
    auto type = buffer.getType().cast<tile::BufType>();
    Context *context = alloc->getContext();
    alloc->setAttr(kValidShapeAttrName,
                   DenseArrayAttr::getI64(context, type.getShape()));
    buffer.setType(tile::BufType::get(context, getPaddedShape(type.getShape()),
                                      type.getElementType(),
                                      type.getMemorySpace()));
    for (Operation *user : llvm::to_vector(buffer.getUsers())) {
      auto copy = tile::CopyOp::dynCast(user);
      if (!copy || copy.getSource() != buffer ||
          !copy.getDest().getType().isa<tile::TensorType>())
        continue;
      OpBuilder builder(context);
      builder.setInsertionPoint(user);
      user->insertOperands(user->getNumOperands(),
                           ValueRange{createIndex(builder, user->getLoc(),
                                                  type.getShape()[0])});
      user->setInherentAttr("row_limit", UnitAttr::get(context));
    }
  }
  return "";
}

/// Merges the blocks of a kernel whose on-core buffers are not whole tiles
/// in a dimension a block index spans (TileLang's layer norm with one row
/// per block, a GEMV with 1-d fragments) into blocks that are: 32 / m
/// blocks of m rows become one block of 32 rows. The substitution is
/// tile-coarsen's (bx -> bx' * f), and it is exact under the same analysis,
/// with reductions allowed along dimensions no block index spans: then
/// every row of a block is computed from its own row alone, whichever
/// block holds it. The last merged block may cover rows past the tensor's
/// end, inside the padding of its 32x32 tile layout, when f does not
/// divide the grid (only when every widened dimension is a tiled one).
class WidenKernel : public OpRewritePattern<tile::KernelOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tile::KernelOp kernel,
                                PatternRewriter &rewriter) const override {
    Operation *op = kernel.getOperation();
    if (op->getAttr(kWidenedAttrName))
      return rewriter.notifyMatchFailure(op, "already widened");
    llvm::SmallVector<Operation *, 8> allocs;
    bool partial = false;
    op->walk([&](Operation *inner) {
      if (!tile::AllocOp::dynCast(inner))
        return;
      allocs.push_back(inner);
      if (auto type = inner->getResult(0).getType().dyn_cast<tile::BufType>())
        partial |= !isWholeTiles(type.getShape());
    });
    if (!partial)
      return rewriter.notifyMatchFailure(op, "every buffer is whole tiles");
    llvm::ArrayRef<int64_t> grid = kernel.getGrid();
    // Blocks that cannot be merged: their buffers are padded to whole
    // tiles when that keeps the results (padBuffers), else tile-legalize
    // rejects them.
    auto cannot = [&](const std::string &why) {
      std::string padding = padBuffers(allocs);
      if (padding.empty()) {
        op->emitRemark()
            << "tile-widen-blocks: the blocks cannot be merged into whole "
               "32x32 tiles ("
            << why
            << "), so their buffers are padded to whole tiles instead: each "
               "block computes whole tiles for its rows (up to 32 times the "
               "work of a block of 32 rows per row), writes only its own "
               "rows, and its reductions across rows skip the padding";
        op->setAttr(kWidenedAttrName, DenseArrayAttr::getI64(
                                          op->getContext(),
                                          llvm::SmallVector<int64_t, 2>(
                                              grid.size(), 1)));
        return success();
      }
      op->emitRemark() << "tile-widen-blocks: the blocks cannot be merged "
                          "into whole 32x32 tiles: "
                       << why << "; nor padded: " << padding;
      return rewriter.notifyMatchFailure(op, why);
    };
    if (grid.empty() || grid.size() > 2)
      return cannot("the grid is not 1-d or 2-d");
    SpanAnalysis analysis(kernel, /*allowReductions=*/true);
    if (!analysis.run())
      return cannot(analysis.reason);

    // The factor of each block index: the least that makes every tiled
    // dimension it spans a whole number of tiles.
    int64_t factors[2] = {1, 1};
    const Span spans[2] = {Span::Columns, Span::Rows};
    for (Operation *alloc : allocs) {
      Value buffer = alloc->getResult(0);
      auto type = buffer.getType().cast<tile::BufType>();
      llvm::ArrayRef<int64_t> shape = type.getShape();
      size_t tiled = std::min<size_t>(2, shape.size());
      for (size_t d = shape.size() - tiled; d < shape.size(); ++d) {
        if (shape[d] % tile::kTileSize == 0)
          continue;
        Span span = analysis.getSpan(buffer, unsigned(d));
        unsigned index = span == Span::Columns ? 0 : span == Span::Rows ? 1 : 2;
        if (index == 2 || tile::kTileSize % shape[d] != 0)
          return cannot("a buffer dimension of " + std::to_string(shape[d]) +
                        " elements is not a whole tile and is not one block's "
                        "share of a tile (1, 2, 4, 8 or 16 of them in a "
                        "dimension a block index spans)");
        factors[index] = std::max(factors[index], tile::kTileSize / shape[d]);
      }
    }
    // Every buffer must be whole tiles once widened.
    for (Operation *alloc : allocs) {
      Value buffer = alloc->getResult(0);
      llvm::SmallVector<int64_t, 4> shape =
          getMergedShape(analysis, buffer, factors[0], factors[1]);
      if (!isWholeTiles(shape))
        return cannot("a buffer is not whole tiles even with the blocks "
                      "merged");
      // Past the grid's end, a merged block reads and writes padding: only
      // the tiled dimensions have it.
      for (unsigned d = 0; d + 2 < shape.size(); ++d)
        for (unsigned index = 0; index < grid.size(); ++index)
          if (grid[index] % factors[index] != 0 &&
              analysis.getSpan(buffer, d) == spans[index])
            return cannot("the grid is not a multiple of the blocks merged "
                          "and a merged dimension is not a tiled one");
    }

    Context *context = op->getContext();
    llvm::SmallVector<int64_t, 2> widened;
    for (unsigned index = 0; index < grid.size(); ++index)
      widened.push_back((grid[index] + factors[index] - 1) / factors[index]);
    {
      InFlightDiagnostic remark = op->emitRemark();
      remark << "tile-widen-blocks: merges";
      for (unsigned index = 0; index < grid.size(); ++index)
        if (factors[index] > 1)
          remark << " " << factors[index] << " blocks along grid dimension "
                 << index;
      remark << " into one (grid [";
      for (unsigned index = 0; index < grid.size(); ++index)
        remark << (index ? ", " : "") << grid[index];
      remark << "] -> [";
      for (unsigned index = 0; index < widened.size(); ++index)
        remark << (index ? ", " : "") << widened[index];
      remark << "]): a Tensix core computes on whole 32x32 tiles, and each "
                "row of this kernel is computed from its own row only";
    }
    mergeBlocks(
        kernel, analysis, allocs, rewriter, factors[0], factors[1], [&] {
          op->setInherentAttr("grid", DenseArrayAttr::getI64(context, widened));
          op->setAttr(
              kWidenedAttrName,
              DenseArrayAttr::getI64(
                  context, llvm::ArrayRef<int64_t>(factors, grid.size())));
        });
    return success();
  }
};

class TileWidenBlocksPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tile-widen-blocks"; }
  llvm::StringRef getName() const override { return "TileWidenBlocks"; }
  llvm::StringRef getDescription() const override {
    return "Merge blocks whose buffers are a fraction of a 32x32 tile (one "
           "row per block) into blocks of whole tiles, where each row is "
           "computed from its own row only";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TileWidenBlocksPass>();
  }
  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    return success();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(getContext());
    patterns.add<WidenKernel>();
    FrozenRewritePatternSet frozen(std::move(patterns));
    numKernels += walkAndApplyPatterns(getOperation(), frozen);
  }

private:
  Statistic numKernels{this, "num-kernels", "Kernels widened"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTileWidenBlocksPass() {
  return std::make_unique<TileWidenBlocksPass>();
}
