//===- Partition.cpp - tile-partition: grid kernels on a core grid --------===//
//
// A tile.kernel over a grid of B blocks becomes a persistent per-core loop
// over a static, contiguous, row-major assignment of blocks to the C cores
// of the target grid: core i (row-major) runs blocks [start_i, start_i +
// count_i) with count_i = B / C, plus one for the first B % C cores. When
// B < C, cores B.. get nothing (no kernels run there). The body becomes
//
//   %start, %count = tile.block_range
//   scf.for %id = %start to %start + %count step 1 {
//     %bx = %id mod gx ; %by = (%id / gx) mod gy ; ...   (bx fastest)
//     <the original body>
//   }
//
// and the kernel records {arch, cores, ranges} in its `partition`
// attribute: what the host passes each core as runtime arguments.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

class PartitionKernel : public OpRewritePattern<tile::KernelOp> {
public:
  PartitionKernel(Context *context, const Target &target)
      : OpRewritePattern(context), target(target) {}

  LogicalResult matchAndRewrite(tile::KernelOp kernel,
                                PatternRewriter &rewriter) const override {
    Operation *op = kernel.getOperation();
    if (op->getAttr(tile::kPartitionAttrName))
      return rewriter.notifyMatchFailure(op, "already partitioned");
    Location loc = op->getLoc();
    Context *context = op->getContext();
    llvm::ArrayRef<int64_t> grid = kernel.getGrid();
    // The tile verifier bounds the grid to 2^31 blocks; checked all the same,
    // since a wrapped count would run a wrong number of blocks silently.
    llvm::Optional<int64_t> checkedBlocks = 1;
    for (int64_t extent : grid)
      if (checkedBlocks)
        checkedBlocks = llvm::checkedMul(*checkedBlocks, extent);
    if (!checkedBlocks)
      return rewriter.notifyMatchFailure(op, "the grid's block count overflows");
    int64_t blocks = *checkedBlocks;
    int64_t cores = target.columns * target.rows;

    // The static assignment.
    llvm::SmallVector<int64_t, 128> ranges;
    int64_t perCore = blocks / cores, extra = blocks % cores;
    for (int64_t i = 0; i < cores; ++i) {
      int64_t count = perCore + (i < extra ? 1 : 0);
      int64_t start = i * perCore + std::min(i, extra);
      ranges.push_back(count ? start : 0);
      ranges.push_back(count);
    }
    NamedAttrList partition;
    partition.set("arch", StringAttr::get(context, target.arch));
    partition.set("board", StringAttr::get(context, target.board));
    partition.set("cores",
                  DenseArrayAttr::getI64(context, {target.columns, target.rows}));
    partition.set("ranges", DenseArrayAttr::getI64(context, ranges));

    // The persistent loop around the old body.
    Block *body = kernel.getBody();
    llvm::SmallVector<Operation *, 32> oldOps;
    for (Operation &child : *body)
      oldOps.push_back(&child);
    rewriter.setInsertionPointToStart(body);
    auto range = rewriter.create<tile::BlockRangeOp>(loc);
    Value start = range.getOperation()->getResult(0);
    Value count = range.getOperation()->getResult(1);
    Value end = createBinary<arith::AddIOp>(rewriter, loc, start, count);
    Value one = createIndex(rewriter, loc, 1);
    auto loop = rewriter.create<scf::ForOp>(loc, start, end, one);
    Block *loopBody = loop.getBody();
    Operation *yield = loopBody->getTerminator();
    for (Operation *child : oldOps)
      child->moveBefore(yield);

    // Block indices from the linear id, bx fastest.
    rewriter.setInsertionPointToStart(loopBody);
    Value rest = loop.getInductionVar();
    for (size_t dim = 0; dim < grid.size(); ++dim) {
      Value index = rest;
      if (dim + 1 < grid.size()) {
        Value extent = createIndex(rewriter, loc, grid[dim]);
        index = createBinary<arith::RemUIOp>(rewriter, loc, rest, extent);
        rest = createBinary<arith::DivUIOp>(rewriter, loc, rest, extent);
      }
      rewriter.replaceAllUsesWith(kernel.getBlockIndex(dim), index);
    }
    rewriter.modifyOpInPlace(op, [&] {
      op->setAttr(tile::kPartitionAttrName, partition.getDictionary(context));
    });
    return success();
  }

private:
  Target target;
};

class TilePartitionPass : public TargetPass {
public:
  llvm::StringRef getArgument() const override { return "tile-partition"; }
  llvm::StringRef getName() const override { return "TilePartition"; }
  llvm::StringRef getDescription() const override {
    return "Turn each tile.kernel grid into a persistent per-core loop over a "
           "static assignment of blocks to the target core grid";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TilePartitionPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }

  void runOnOperation() override {
    RewritePatternSet patterns(getContext());
    patterns.add<PartitionKernel>(target);
    FrozenRewritePatternSet frozen(std::move(patterns));
    numKernels += walkAndApplyPatterns(getOperation(), frozen);
  }

private:
  Statistic numKernels{this, "num-kernels", "Kernels partitioned"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTilePartitionPass() {
  return std::make_unique<TilePartitionPass>();
}
