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
// A 2-d grid with as many block columns as the cores have columns and a
// multiple of their rows as block rows (or the transpose) is assigned in
// lock-step instead: core (x, y) runs blocks (x, y), (x, y + rows), ...
// (or (x, y), (x + columns, y), ...), every core the same number. At each
// step the cores of a grid row then run blocks of one block row and those
// of a grid column blocks of one block column, which is what multicasting
// a GEMM's A and B strips needs when each core runs several blocks (the
// blocks tt-metal's 2-d multicast matmul gives a core do not fit L1 at
// 8192^3 with f32 accumulation). The loop then steps by the block-id
// distance between a core's blocks, recorded as `stride` in `partition`:
//
//   scf.for %id = %start to %start + %count * stride step stride
//
// When the blocks' work differs by block (a loop whose trip count depends
// on a block index: causal attention's KV loop runs bx + 1 times) and every
// core runs two blocks or more, contiguous runs of ids would give one core
// the cheap blocks and another the dear ones. The ranges then count
// positions in a mirrored order instead, position v being block v / 2 when
// v is even and B - 1 - v / 2 when odd, so that a core's blocks come in
// pairs from both ends of the id space (causal attention: bx and 31 - bx,
// the same work for every pair), recorded as `order = "mirrored"`:
//
//   scf.for %v = %start to %start + %count step 1 {
//     %id = %v odd ? B - 1 - %v / 2 : %v / 2
//
//===----------------------------------------------------------------------===//

#include "Multicast.h"
#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The sub-grid `kernel` records (tile.cores), if it is one of `target`'s.
std::optional<std::pair<int64_t, int64_t>> getSubgrid(Operation *kernel,
                                                      const Target &target) {
  auto chosen = kernel->getAttr(kCoresAttrName).dyn_cast_or_null<DenseArrayAttr>();
  if (!chosen || chosen.getIntValues().size() != 2)
    return std::nullopt;
  int64_t columns = chosen.getIntValues()[0], rows = chosen.getIntValues()[1];
  if (columns < 1 || rows < 1 || columns > target.columns ||
      rows > target.rows)
    return std::nullopt;
  return std::make_pair(columns, rows);
}

} // namespace

int64_t tiletott::getLockstepStride(llvm::ArrayRef<int64_t> grid,
                                    int64_t columns, int64_t rows) {
  if (grid.size() != 2)
    return 1;
  int64_t gx = grid[0], gy = grid[1];
  if (gx == columns && gy > rows && gy % rows == 0)
    return rows * gx;
  if (gy == rows && gx > columns && gx % columns == 0)
    return columns;
  return 1;
}

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
    // The cores that run blocks: the whole grid, or the sub-grid
    // tile-coarsen chose (cores [0, 0] to [columns - 1, rows - 1]).
    int64_t columns = target.columns, rows = target.rows;
    if (std::optional<std::pair<int64_t, int64_t>> sub =
            getSubgrid(op, target)) {
      columns = sub->first;
      rows = sub->second;
    }
    int64_t cores = columns * rows;

    // The static assignment: in lock-step, or contiguous and row-major
    // over the cores that run blocks.
    int64_t stride = getLockstepStride(grid, columns, rows);
    llvm::SmallVector<int64_t, 128> ranges;
    int64_t perCore = blocks / cores, extra = blocks % cores;
    bool mirrored =
        stride == 1 && perCore >= 2 && hasBlockDependentTrips(kernel);
    for (int64_t y = 0; y < target.rows; ++y)
      for (int64_t x = 0; x < target.columns; ++x) {
        int64_t i = y * columns + x;
        bool runs = x < columns && y < rows;
        int64_t count = runs ? perCore + (i < extra ? 1 : 0) : 0;
        int64_t start =
            stride > 1 ? y * grid[0] + x : i * perCore + std::min(i, extra);
        ranges.push_back(count ? start : 0);
        ranges.push_back(count);
      }
    NamedAttrList partition;
    partition.set("arch", StringAttr::get(context, target.arch));
    partition.set("board", StringAttr::get(context, target.board));
    partition.set("cores",
                  DenseArrayAttr::getI64(context, {target.columns, target.rows}));
    partition.set("ranges", DenseArrayAttr::getI64(context, ranges));
    if (stride > 1)
      partition.set("stride",
                    IntegerAttr::get(IntegerType::get(context, 64), stride));
    if (mirrored)
      partition.set("order", StringAttr::get(context, "mirrored"));

    // The persistent loop around the old body.
    Block *body = kernel.getBody();
    llvm::SmallVector<Operation *, 32> oldOps;
    for (Operation &child : *body)
      oldOps.push_back(&child);
    rewriter.setInsertionPointToStart(body);
    auto range = rewriter.create<tile::BlockRangeOp>(loc);
    Value start = range.getOperation()->getResult(0);
    Value count = range.getOperation()->getResult(1);
    Value span = count;
    if (stride > 1)
      span = createBinary<arith::MulIOp>(rewriter, loc, count,
                                         createIndex(rewriter, loc, stride));
    Value end = createBinary<arith::AddIOp>(rewriter, loc, start, span);
    Value step = createIndex(rewriter, loc, stride);
    auto loop = rewriter.create<scf::ForOp>(loc, start, end, step);
    Block *loopBody = loop.getBody();
    Operation *yield = loopBody->getTerminator();
    // Only a core that runs several blocks reads less so.
    llvm::SmallPtrSet<Operation *, 8> hoisted;
    if (perCore + (extra ? 1 : 0) > 1)
      hoisted = hoistInvariantLoads(kernel, loop.getOperation(), rewriter);
    for (Operation *child : oldOps)
      if (!hoisted.count(child))
        child->moveBefore(yield);

    // Block indices from the linear id, bx fastest.
    rewriter.setInsertionPointToStart(loopBody);
    Value rest = loop.getInductionVar();
    if (mirrored) {
      Value two = createIndex(rewriter, loc, 2);
      Value half = createBinary<arith::DivUIOp>(rewriter, loc, rest, two);
      Value odd = rewriter
                      .create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne,
                                             createBinary<arith::RemUIOp>(
                                                 rewriter, loc, rest, two),
                                             createIndex(rewriter, loc, 0))
                      .getOperation()
                      ->getResult(0);
      Value fromEnd = createBinary<arith::SubIOp>(
          rewriter, loc, createIndex(rewriter, loc, blocks - 1), half);
      rest = rewriter.create<arith::SelectOp>(loc, odd, fromEnd, half)
                 .getOperation()
                 ->getResult(0);
    }
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
  /// Whether a loop of the kernel runs a number of trips that depends on
  /// the block indices (its bounds are computed from them).
  static bool hasBlockDependentTrips(tile::KernelOp kernel) {
    // The values the loops' bounds are computed from, back to the block
    // indices (the body's first arguments) or to what does not depend on
    // them.
    llvm::SmallVector<Value, 16> worklist;
    kernel.getOperation()->walk([&](Operation *op) {
      if (scf::ForOp::dynCast(op) || tile::PipelinedOp::dynCast(op))
        worklist.append(
            {op->getOperand(0), op->getOperand(1), op->getOperand(2)});
    });
    llvm::SmallPtrSet<Operation *, 32> seen;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto argument = value.dyn_cast<BlockArgument>()) {
        if (argument.getOwner() == kernel.getBody() &&
            argument.getArgNumber() < kernel.getGrid().size())
          return true;
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (def && seen.insert(def).second)
        for (Value operand : def->getOperands())
          worklist.push_back(operand);
    }
    return false;
  }

  /// Whether `op` only reads `buffer`: a copy, T.Parallel, reduction or
  /// gemm that does not write it.
  static bool onlyReads(Operation *op, Value buffer) {
    bool reader = tile::CopyOp::dynCast(op) || tile::ParallelOp::dynCast(op) ||
                  tile::ReduceOp::dynCast(op) || tile::GemmOp::dynCast(op);
    return reader && !writesBuffer(op, buffer);
  }

  /// Moves the loads every block makes alike before the persistent loop,
  /// so that a core that runs several blocks reads them once (a norm's weights,
  /// as tt-metal's layernorm reads gamma and beta once per core:
  /// ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/
  /// dataflow/reader_unary_interleaved_ln.cpp). A load qualifies when it
  /// is an op of the block's body (not in a loop or branch), its offsets
  /// are constants, nothing in the kernel writes its tensor, and its
  /// buffer, allocated in the body, is written by nothing else. Returns
  /// the ops moved (the loads, their buffers and offsets).
  static llvm::SmallPtrSet<Operation *, 8>
  hoistInvariantLoads(tile::KernelOp kernel, Operation *loop,
                      PatternRewriter &rewriter) {
    llvm::SmallPtrSet<Operation *, 8> moved;
    Block *body = kernel.getBody();
    llvm::DenseSet<Value> writtenTensors =
        getWrittenTensors(kernel.getOperation());
    llvm::SmallVector<Operation *, 4> loads;
    for (Operation &op : *body) {
      auto copy = tile::CopyOp::dynCast(&op);
      if (!copy || !copy.getSource().getType().isa<tile::TensorType>() ||
          copy.getRowLimit() || writtenTensors.count(copy.getSource()))
        continue;
      Value buffer = copy.getDest();
      Operation *alloc = buffer.getDefiningOp();
      if (!alloc || !tile::AllocOp::dynCast(alloc) || alloc->getBlock() != body)
        continue;
      bool invariant = llvm::all_of(copy.getOffsets(), [&](Value offset) {
        Operation *def = offset.getDefiningOp();
        return def && def->getBlock() == body && getConstantInt(offset);
      });
      bool alone = llvm::all_of(buffer.getUsers(), [&](Operation *user) {
        return user == &op || onlyReads(user, buffer);
      });
      if (invariant && alone)
        loads.push_back(&op);
    }
    for (Operation *load : loads) {
      tile::CopyOp copy(load);
      Operation *alloc = copy.getDest().getDefiningOp();
      alloc->moveBefore(loop);
      moved.insert(alloc);
      // Its offsets (the operands after source and destination; no row
      // limit), constants of the body that other ops may use too, are
      // cloned before the loop.
      rewriter.setInsertionPoint(loop);
      for (OpOperand &offset : load->getOpOperands().drop_front(2))
        offset.set(rewriter.clone(*offset.get().getDefiningOp())->getResult(0));
      load->moveBefore(loop);
      moved.insert(load);
    }
    return moved;
  }

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
    // A sub-grid written by hand must be one of the target's.
    bool valid = true;
    getOperation()->walk([&](Operation *op) {
      Attribute cores = op->getAttr(kCoresAttrName);
      if (!cores || !tile::KernelOp::dynCast(op) || getSubgrid(op, target))
        return;
      op->emitError() << "tile-partition: '" << kCoresAttrName
                      << "' must be array<i64: columns, rows> within the "
                      << target.columns << "x" << target.rows << " grid";
      valid = false;
    });
    if (!valid)
      return signalPassFailure();
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
