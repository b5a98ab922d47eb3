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
    auto cannot = [&](const std::string &why) {
      op->emitRemark() << "tile-widen-blocks: the blocks cannot be merged "
                          "into whole 32x32 tiles: "
                       << why;
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
