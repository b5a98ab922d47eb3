//===- Coarsen.cpp - tile-coarsen: one larger block per core --------------===//
//
// A kernel whose grid has more blocks than the target has cores runs
// several blocks per core. When those blocks hold a gemm (whose merged
// blocks share what they read) and are GEMM-like (each block's
// output depends only on its own rows and columns: copies, gemm, clear,
// fill, elementwise), the blocks a core would run side by side are merged
// into one block fx times wider and fy times taller: the core then reads
// each row strip of A and column strip of B once for all of them instead
// of once per block, which is what lets the DRAM traffic approach its
// minimum (tt-metal's matmuls give each core a per_core_M x per_core_N
// block of C for the same reason:
// ttnn/cpp/ttnn/operations/matmul/device/matmul_op_multi_core_reuse_mcast_2d_program_factory.cpp).
//
// The rewrite is a substitution: every use of %bx becomes %bx' * fx and
// every use of %by becomes %by' * fy, the grid shrinks to [gx / fx, gy /
// fy], and every buffer dimension that spans block columns (rows) grows
// fx (fy) times. It is exact when:
//
//  - fx divides gx and fy divides gy (the merged blocks cover exactly the
//    old ones);
//  - every use of a block index reaches only copy offsets, as
//    `%b * E (+ c)` with E the extent of the copied buffer dimension and c
//    independent of the block indices (so the merged block starts where
//    its first old block did and covers the others);
//  - every buffer dimension is consistently a column, row or neither
//    dimension across copies, gemms (M of A and C, N of B and C, K of A
//    and B, which must be neither) and elementwise ops (iteration
//    dimensions and the inputs they index);
//  - nothing in the body depends on a block's extent or position in
//    another way: no reductions, no element indices (tile.index), no
//    branches, no loop bounds computed from the block indices.
//
// The factors make the merged grid fit the core grid when L1 allows (the
// buffers' bytes within the usable L1: shared ones double-buffered, and
// the others too unless each core runs one block);
// otherwise they are halved until it does. A kernel that does not qualify
// is left as it is. `tile-coarsen` records the factors on the kernel
// (`tile.coarsened = array<i64: fx, fy>`).
//
// When no grid is given and the block grid does not divide the core grid,
// whole blocks leave cores idle (a 32x32 grid of blocks on 13x10 cores).
// The blocks may then be resized instead: each gets ceil(tiles / cores)
// tiles along each block index (or a k-th of that, k blocks per core),
// as tt-metal sizes per_core_M and per_core_N, and the last row and column
// of blocks run past the tensors (their reads are guarded, their writes
// skipped). That is the substitution `%b * E -> %b * E'` in every use of a
// block index (all of which must be such products) with every buffer
// dimension the index spans growing from E to E' (all of them E, whole
// tiles, and tiled dimensions). It changes the user's blocking, so it is
// taken only when estimated 5 % faster than the best whole-block choice,
// with a remark; it is recorded as `tile.coarsened = array<i64: nx, dx,
// ny, dy>` (each block nx / dx as wide and ny / dy as tall).
//
// Last, a GEMM's K steps may be merged 2 to 4 at a time (mergeKSteps).
//
//===----------------------------------------------------------------------===//

#include "Multicast.h"
#include "SpanAnalysis.h"
#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <numeric>
#include <optional>

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The block-float format (bfp8_b, bfp4_b) `buffer`'s pages hold in L1:
/// that of a tensor copied into it (tile-lower-data-movement gives its CB
/// the tensor's storage format); empty for its element type.
std::string getL1Format(Value buffer) {
  if (!buffer)
    return std::string();
  for (Operation *user : buffer.getUsers())
    if (auto copy = tile::CopyOp::dynCast(user))
      if (copy.getDest() == buffer)
        if (auto tensor =
                copy.getSource().getType().dyn_cast<tile::TensorType>()) {
          std::string format = tile::getStorageFormat(tensor);
          if (!format.empty())
            return format;
        }
  return std::string();
}

/// The bytes of one 32x32 tile of `buffer` (of `elementType`) in L1: a
/// block float's for weights stored so (getL1Format).
int64_t getL1TileBytes(Value buffer, Type elementType) {
  std::string format = getL1Format(buffer);
  return format.empty() ? tile::kTileSize * tile::kTileSize *
                              tile::getElementBytes(elementType)
                        : tile::getBlockFloatTileBytes(format);
}

/// The bytes of a buffer of `type` scaled sx x sy, in `buffer`'s L1 format.
int64_t getBytes(tile::BufType type, Scale sx, Scale sy,
                 llvm::function_ref<Span(unsigned)> spanOf,
                 Value buffer = Value()) {
  int64_t elements = 1;
  for (unsigned d = 0; d < type.getRank(); ++d)
    elements *= getScale(spanOf(d), sx, sy).apply(type.getShape()[d]);
  return elements * getL1TileBytes(buffer, type.getElementType()) /
         (tile::kTileSize * tile::kTileSize);
}

/// A gemm whose K loop mergeKSteps may merge: the loop counts 0 to `trips`
/// by 1, its index is used only as `%k * blockK` in the K offsets of the
/// two copies that fill A and B (their only writes), and neither operand
/// is transposed.
struct KMerge {
  Operation *gemm = nullptr, *loop = nullptr;
  Value a, b, index;
  int64_t trips = 0, blockK = 0;
  /// The `%k * blockK` products.
  llvm::SmallVector<Operation *, 2> products;
};

/// The KMerge of `kernel`'s one gemm, when its K loop has that form.
std::optional<KMerge> analyzeKMerge(tile::KernelOp kernel) {
  Operation *op = kernel.getOperation();
  tile::GemmOp gemm(nullptr);
  int64_t gemms = 0;
  op->walk([&](Operation *inner) {
    if (auto found = tile::GemmOp::dynCast(inner)) {
      gemm = found;
      ++gemms;
    }
  });
  if (gemms != 1 || gemm.getTransposeA() || gemm.getTransposeB())
    return std::nullopt;
  KMerge merge;
  merge.gemm = gemm.getOperation();
  merge.loop = merge.gemm->getParentOp();
  Operation *loop = merge.loop;
  if (!loop || loop->getParentOp() != op ||
      (!tile::PipelinedOp::dynCast(loop) && !scf::ForOp::dynCast(loop)))
    return std::nullopt;
  std::optional<int64_t> lb = getConstantInt(loop->getOperand(0));
  std::optional<int64_t> ub = getConstantInt(loop->getOperand(1));
  std::optional<int64_t> step = getConstantInt(loop->getOperand(2));
  if (!lb || !ub || !step || *lb != 0 || *step != 1 || *ub < 2)
    return std::nullopt;
  merge.trips = *ub;
  merge.a = merge.gemm->getOperand(0);
  merge.b = merge.gemm->getOperand(1);
  auto typeA = merge.a.getType().cast<tile::BufType>();
  auto typeB = merge.b.getType().cast<tile::BufType>();
  if (typeA.getRank() != 2 || typeB.getRank() != 2)
    return std::nullopt;
  merge.blockK = typeA.getShape()[1];
  if (merge.blockK % tile::kTileSize != 0 ||
      merge.blockK >= 4 * tile::kTileSize)
    return std::nullopt;
  // The index's uses: `%k * blockK`, each reaching only the K offset of
  // the copy into A (offset 1) or B (offset 0).
  merge.index = loop->getRegion(0).front().getArgument(0);
  llvm::SmallVector<Operation *, 2> copies;
  for (OpOperand &use : merge.index.getUses()) {
    Operation *user = use.getOwner();
    std::optional<int64_t> extent =
        user->getName().getStringRef() == "arith.muli"
            ? getConstantInt(user->getOperand(1 - use.getOperandNumber()))
            : std::nullopt;
    if (!extent || *extent != merge.blockK)
      return std::nullopt;
    for (OpOperand &offsetUse : user->getResult(0).getUses()) {
      auto copy = tile::CopyOp::dynCast(offsetUse.getOwner());
      if (!copy || copy.getOperation()->getParentOp() != loop)
        return std::nullopt;
      unsigned offset = offsetUse.getOperandNumber() - 2;
      bool intoA = copy.getDest() == merge.a && offset == 1 &&
                   copy.getOffsets().size() == 2;
      bool intoB = copy.getDest() == merge.b && offset == 0 &&
                   copy.getOffsets().size() == 2;
      if (!intoA && !intoB)
        return std::nullopt;
      copies.push_back(copy.getOperation());
    }
    merge.products.push_back(user);
  }
  if (copies.size() != 2 || copies[0] == copies[1])
    return std::nullopt;
  // A and B are written by those copies only.
  bool otherWrites = false;
  op->walk([&](Operation *inner) {
    if (llvm::is_contained(copies, inner) || inner == merge.gemm)
      return;
    for (Value operand : inner->getOperands())
      otherWrites |= (operand == merge.a || operand == merge.b) &&
                     !tile::GemmOp::dynCast(inner);
  });
  if (otherWrites)
    return std::nullopt;
  return merge;
}

/// The K steps mergeKSteps merges into one (2 to 4; 1 for none): a core's
/// block of at least 64 output tiles (`outputTiles`), K blocks of up to 8
/// tiles, two steps at least left, and the larger A and B blocks
/// (`bytesAB` a step, `stages` of them) within the usable L1 beside the
/// kernel's other `bytes`.
int64_t chooseKFactor(const KMerge &merge, int64_t outputTiles, int64_t bytes,
                      int64_t bytesAB, int64_t stages, int64_t usable) {
  if (outputTiles < 64)
    return 1;
  for (int64_t f = 4; f >= 2; --f)
    if (merge.trips % f == 0 && merge.trips / f >= 2 &&
        merge.blockK * f <= 8 * tile::kTileSize &&
        bytes + stages * (f - 1) * bytesAB <= usable)
      return f;
  return 1;
}

/// The pipeline stages of the loop (two at least: A and B are double
/// buffered).
int64_t getStages(Operation *loop) {
  if (auto pipelined = tile::PipelinedOp::dynCast(loop))
    return std::max<int64_t>(2, pipelined.getStages());
  return 2;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// The largest factor f <= limit that divides `extent`.
int64_t largestDivisor(int64_t extent, int64_t limit) {
  for (int64_t f = std::min(extent, limit); f > 1; --f)
    if (extent % f == 0)
      return f;
  return 1;
}

/// Whether `op` is directly in a loop of more than one trip (constant
/// bounds).
bool isKLoopBody(Operation *op) {
  Operation *loop = op->getParentOp();
  if (!loop || (!tile::PipelinedOp::dynCast(loop) && !scf::ForOp::dynCast(loop)))
    return false;
  std::optional<int64_t> lb = getConstantInt(loop->getOperand(0));
  std::optional<int64_t> ub = getConstantInt(loop->getOperand(1));
  std::optional<int64_t> step = getConstantInt(loop->getOperand(2));
  return lb && ub && step && *step > 0 && *ub - *lb > *step;
}

/// The product of the constant trip counts of the loops between `op` and
/// the kernel (a loop whose bounds are not constant counts once).
int64_t getTrips(Operation *op, Operation *kernel) {
  int64_t trips = 1;
  for (Operation *loop = op->getParentOp(); loop && loop != kernel;
       loop = loop->getParentOp()) {
    if (!tile::PipelinedOp::dynCast(loop) && !scf::ForOp::dynCast(loop))
      continue;
    std::optional<int64_t> lb = getConstantInt(loop->getOperand(0));
    std::optional<int64_t> ub = getConstantInt(loop->getOperand(1));
    std::optional<int64_t> step = getConstantInt(loop->getOperand(2));
    if (lb && ub && step && *step > 0 && *ub > *lb)
      trips *= (*ub - *lb + *step - 1) / *step;
  }
  return trips;
}

/// The DRAM bytes per cycle of `arch` at the roofline (docs/timing-model.md:
/// Wormhole 288 GB/s at 1 GHz, Blackhole 512 GB/s at 1.35 GHz, Grayskull
/// 118.4 GB/s at 1.2 GHz) and what one core streams at most.
std::pair<double, double> getDramBytesPerCycle(llvm::StringRef arch) {
  if (arch == "blackhole")
    return {512.0 / 1.35, 33};
  if (arch == "grayskull")
    return {118.4 / 1.2, 22};
  return {288, 22};
}

/// The bytes a cycle one unpacker brings into a source register, as the
/// timing model has it (docs/timing-model.md, unpackBytesPerCycle):
/// Blackhole's unpackers run at twice Wormhole's rate (tt-llk issue #130).
double getUnpackBytesPerCycle(llvm::StringRef arch) {
  return arch == "blackhole" ? 128 : 64;
}

/// One way to run a kernel: the cores [0, 0] to [columns - 1, rows - 1]
/// of the target grid, blocks sx x sy times their extents (whole blocks
/// merged, or resized), on a grid of gx x gy blocks.
struct GridChoice {
  int64_t columns = 0, rows = 0;
  Scale sx, sy;
  int64_t gx = 0, gy = 0;
  double cycles = 0;
  /// Whether the blocks are resized rather than whole ones merged.
  bool resized = false;
};

/// What resizing a kernel's blocks needs: the one extent of every buffer
/// dimension a block index spans (whole tiles), and the tiles the old grid
/// covers inside the tensors, per block index.
struct ResizeInfo {
  int64_t extent[2] = {0, 0};
  int64_t tiles[2] = {0, 0};
};

class CoarsenKernel : public OpRewritePattern<tile::KernelOp> {
public:
  CoarsenKernel(Context *context, const Target &target, bool chooseGrid,
                int64_t phases)
      : OpRewritePattern(context), target(target), chooseGrid(chooseGrid),
        phases(phases) {}

  LogicalResult matchAndRewrite(tile::KernelOp kernel,
                                PatternRewriter &rewriter) const override {
    Operation *op = kernel.getOperation();
    if (op->getAttr(kCoarsenedAttrName) ||
        op->getAttr(tile::kPartitionAttrName))
      return rewriter.notifyMatchFailure(op, "already coarsened");
    // A spread split needs a core per block (tile-fold-atomics).
    if (op->getAttr(kSplitCoresAttrName))
      return rewriter.notifyMatchFailure(op, "a split spread over cores");
    llvm::ArrayRef<int64_t> grid = kernel.getGrid();
    if (grid.size() != 2)
      return rewriter.notifyMatchFailure(op, "not a 2-d grid");
    int64_t gx = grid[0], gy = grid[1];
    if (!chooseGrid && gx % target.columns != 0 && gy % target.rows != 0)
      return rewriter.notifyMatchFailure(op, "one block per core or fewer");
    // Only a gemm reuses what a merged block reads (A's rows for every
    // column, B's columns for every row); elementwise blocks would just
    // take more L1 and overlap less.
    bool hasGemm = false;
    op->walk([&](Operation *inner) {
      hasGemm |= bool(tile::GemmOp::dynCast(inner));
    });
    if (!hasGemm)
      return rewriter.notifyMatchFailure(op, "no gemm: nothing to reuse");
    SpanAnalysis analysis(kernel);
    if (!analysis.run())
      return rewriter.notifyMatchFailure(op, analysis.reason);

    // The buffers whose shapes merging scales, found once for every
    // candidate.
    llvm::SmallVector<Operation *, 8> allocs;
    op->walk([&](Operation *inner) {
      if (tile::AllocOp::dynCast(inner))
        allocs.push_back(inner);
    });
    GridChoice full =
        plan(kernel, analysis, allocs, target.columns, target.rows);
    GridChoice choice = full;
    if (chooseGrid) {
      // The sub-grids on which every core runs the same number of whole
      // blocks; the whole grid stays the choice unless one is predicted
      // faster.
      for (int64_t columns = 1; columns <= target.columns; ++columns)
        for (int64_t rows = 1; rows <= target.rows; ++rows) {
          if (gx % columns != 0 || gy % rows != 0)
            continue;
          GridChoice candidate =
              plan(kernel, analysis, allocs, columns, rows);
          if (candidate.cycles < choice.cycles * (1 - 1e-9))
            choice = candidate;
        }
      // Blocks resized to the grid: each core's block is a whole number of
      // tiles, a last row or column of blocks running past the tensor
      // (tt-metal's per_core_M = ceil(Mt / rows) with a smaller last core,
      // matmul_op_multi_core_reuse_mcast_2d_program_factory.cpp). It
      // changes the user's blocking, so it must be predicted clearly
      // faster (5 %).
      if (std::optional<ResizeInfo> info =
              getResizeInfo(kernel, analysis, allocs)) {
        GridChoice best = choice;
        for (int64_t kx = 1; kx <= 4; ++kx)
          for (int64_t ky = 1; ky <= 4; ++ky) {
            std::optional<GridChoice> candidate =
                planResized(kernel, analysis, allocs, *info, kx, ky);
            if (candidate && candidate->cycles < best.cycles * (1 - 1e-9))
              best = *candidate;
          }
        if (best.resized && best.cycles < choice.cycles * 0.95) {
          remarkResized(kernel, best, choice);
          choice = best;
        }
      }
    }
    bool subgrid =
        choice.columns != target.columns || choice.rows != target.rows;
    if (choice.sx.num == choice.sx.den && choice.sy.num == choice.sy.den &&
        !subgrid)
      return rewriter.notifyMatchFailure(
          op, "one block per core, or a larger block does not fit L1");
    if (!choice.resized && subgrid) {
      int64_t merged = choice.sx.num * choice.sy.num;
      int64_t perCore = choice.gx * choice.gy / (choice.columns * choice.rows);
      op->emitRemark()
          << "tile-coarsen: runs on cores [0, 0] to [" << choice.columns - 1
          << ", " << choice.rows - 1 << "], " << choice.columns << "x"
          << choice.rows << " of the " << target.columns << "x"
          << target.rows << " grid, " << perCore << " block"
          << (perCore == 1 ? "" : "s") << " per core"
          << (merged == 1 ? std::string()
                          : " of " + std::to_string(merged) + " merged")
          << ": an estimated " << int64_t(choice.cycles)
          << " cycles against " << int64_t(full.cycles)
          << " on the whole grid (a grid option decides instead)";
    }
    apply(kernel, analysis, allocs, rewriter, choice);
    mergeKSteps(kernel, allocs, rewriter);
    return success();
  }

private:
  /// The merge factors on a `columns` x `rows` sub-grid and the predicted
  /// cycles: the largest that fit L1 and the tensors (halving the larger
  /// factor until they do), unless smaller ones, several blocks per core in
  /// lock-step, are predicted 5 % faster. They can be: smaller blocks leave
  /// L1 for longer K blocks, which the packer's accumulation needs at HiFi2
  /// (getPackCycles).
  GridChoice plan(tile::KernelOp kernel, SpanAnalysis &analysis,
                  llvm::ArrayRef<Operation *> allocs, int64_t columns,
                  int64_t rows) const {
    int64_t gx = kernel.getGrid()[0], gy = kernel.getGrid()[1];
    int64_t cores = columns * rows;
    auto make = [&](int64_t fx, int64_t fy) {
      GridChoice choice;
      choice.columns = columns;
      choice.rows = rows;
      choice.sx = Scale{fx, 1};
      choice.sy = Scale{fy, 1};
      choice.gx = gx / fx;
      choice.gy = gy / fy;
      choice.cycles = estimate(kernel, analysis, allocs, choice);
      return choice;
    };
    auto usable = [&](int64_t fx, int64_t fy) {
      return fits(kernel, analysis, allocs, Scale{fx, 1}, Scale{fy, 1},
                  (gx / fx) * (gy / fy) <= cores) &&
             inside(kernel, analysis, Scale{fx, 1}, Scale{fy, 1});
    };
    int64_t fx = gx % columns == 0 ? gx / columns : 1;
    int64_t fy = gy % rows == 0 ? gy / rows : 1;
    while (!usable(fx, fy) && (fx > 1 || fy > 1)) {
      if (fx >= fy)
        fx = largestDivisor(gx, fx / 2);
      else
        fy = largestDivisor(gy, fy / 2);
    }
    GridChoice largest = make(fx, fy);
    GridChoice best = largest;
    for (int64_t x = fx; x >= 1; --x)
      for (int64_t y = fy; y >= 1; --y) {
        if (gx % x != 0 || gy % y != 0 || (x == fx && y == fy) || !usable(x, y))
          continue;
        GridChoice candidate = make(x, y);
        if (candidate.cycles < best.cycles * (1 - 1e-9))
          best = candidate;
      }
    return best.cycles < largest.cycles * 0.95 ? best : largest;
  }

  /// Resized blocks on the whole grid, each core running about kx x ky of
  /// them: blocks of ceil(tiles / (cores * k)) tiles along each index.
  /// None when they do not fit L1 or the tensors.
  std::optional<GridChoice> planResized(tile::KernelOp kernel,
                                        SpanAnalysis &analysis,
                                        llvm::ArrayRef<Operation *> allocs,
                                        const ResizeInfo &info, int64_t kx,
                                        int64_t ky) const {
    int64_t old[2] = {kernel.getGrid()[0], kernel.getGrid()[1]};
    int64_t cores[2] = {target.columns, target.rows}, k[2] = {kx, ky};
    Scale scales[2];
    int64_t grid[2];
    for (unsigned dim = 0; dim < 2; ++dim) {
      if (info.extent[dim] == 0) {
        // No buffer spans this index: its blocks stay as they are.
        if (k[dim] != 1)
          return std::nullopt;
        grid[dim] = old[dim];
        continue;
      }
      int64_t tiles = info.tiles[dim];
      int64_t perBlock = ceilDiv(tiles, cores[dim] * k[dim]);
      int64_t extent = perBlock * tile::kTileSize;
      int64_t divisor = std::gcd(extent, info.extent[dim]);
      scales[dim] = Scale{extent / divisor, info.extent[dim] / divisor};
      grid[dim] = ceilDiv(tiles, perBlock);
      if (!canResizeIndex(kernel, dim, scales[dim]))
        return std::nullopt;
    }
    GridChoice choice;
    choice.resized = true;
    choice.sx = scales[0];
    choice.sy = scales[1];
    choice.gx = grid[0];
    choice.gy = grid[1];
    int64_t blocks = grid[0] * grid[1];
    // One block per core: the cores that run one, rows and columns of
    // blocks lined up with those of cores (multicast needs it).
    bool once = grid[0] <= cores[0] && grid[1] <= cores[1];
    choice.columns = once ? grid[0] : cores[0];
    choice.rows = once ? grid[1] : cores[1];
    if (!once && blocks <= cores[0] * cores[1])
      return std::nullopt;
    if (!fits(kernel, analysis, allocs, choice.sx, choice.sy, once) ||
        !inside(kernel, analysis, choice.sx, choice.sy))
      return std::nullopt;
    choice.cycles = estimate(kernel, analysis, allocs, choice);
    return choice;
  }

  /// Whether blocks can be resized, and the extents and tiles it needs:
  /// every use of a block index is `%b * E`, every buffer dimension an
  /// index spans has the same extent, in whole tiles, and is one of the
  /// buffer's last two (tiled) dimensions.
  static std::optional<ResizeInfo>
  getResizeInfo(tile::KernelOp kernel, SpanAnalysis &analysis,
                llvm::ArrayRef<Operation *> allocs) {
    ResizeInfo info;
    for (Operation *alloc : allocs) {
      Value buffer = alloc->getResult(0);
      auto type = buffer.getType().cast<tile::BufType>();
      for (unsigned d = 0; d < type.getRank(); ++d) {
        Span span = analysis.getSpan(buffer, d);
        if (span != Span::Columns && span != Span::Rows)
          continue;
        unsigned dim = span == Span::Columns ? 0 : 1;
        int64_t extent = type.getShape()[d];
        if (extent % tile::kTileSize != 0 || d + 2 < type.getRank() ||
            (info.extent[dim] != 0 && info.extent[dim] != extent))
          return std::nullopt;
        info.extent[dim] = extent;
      }
    }
    for (unsigned dim = 0; dim < 2; ++dim) {
      if (info.extent[dim] == 0)
        continue;
      for (OpOperand &use : kernel.getBlockIndex(dim).getUses())
        if (use.getOwner()->getName().getStringRef() != "arith.muli" ||
            !getConstantInt(
                use.getOwner()->getOperand(1 - use.getOperandNumber())))
          return std::nullopt;
      info.tiles[dim] =
          kernel.getGrid()[dim] * info.extent[dim] / tile::kTileSize;
    }
    // The tiles the tensors have, when fewer than the grid covers.
    forEachTensorCopy(
        kernel.getOperation(), [&](Value tensor, Value buffer, Operation *) {
          auto tensorType = tensor.getType().cast<tile::TensorType>();
          auto type = buffer.getType().cast<tile::BufType>();
          unsigned first = tensorType.getRank() - type.getRank();
          for (unsigned d = 0; d < type.getRank(); ++d) {
            Span span = analysis.getSpan(buffer, d);
            if (span != Span::Columns && span != Span::Rows)
              continue;
            unsigned dim = span == Span::Columns ? 0 : 1;
            int64_t tiles =
                ceilDiv(tensorType.getShape()[first + d], tile::kTileSize);
            info.tiles[dim] = std::min(info.tiles[dim], tiles);
          }
        });
    return info;
  }

  /// Whether the buffers of blocks scaled sx x sy fit the usable L1: shared
  /// buffers stream through two blocks of pages, an output block too unless
  /// the core runs a single block (`once`: then the second block of its
  /// pages would never be used, and tile-lower-compute drops it).
  bool fits(tile::KernelOp kernel, SpanAnalysis &analysis,
            llvm::ArrayRef<Operation *> allocs, Scale sx, Scale sy,
            bool once) const {
    return getL1Bytes(kernel, analysis, allocs, sx, sy, once) <=
           tt::getUsableL1Bytes(target.arch);
  }

  int64_t getL1Bytes(tile::KernelOp kernel, SpanAnalysis &analysis,
                     llvm::ArrayRef<Operation *> allocs, Scale sx, Scale sy,
                     bool once) const {
    Operation *op = kernel.getOperation();
    Context *context = op->getContext();
    auto spanOf = [&](Value buffer) {
      return [&analysis, buffer](unsigned d) {
        return analysis.getSpan(buffer, d);
      };
    };
    int64_t bytes = 0;
    llvm::SmallPtrSet<void *, 4> drained;
    // A gemm outside a loop of several K steps does not accumulate in its
    // output's pages: its result is a new version of the accumulator, in a
    // double-buffered CB of its own (tile-lower-compute's chains,
    // ComputeGemm.cpp).
    op->walk([&](Operation *inner) {
      if (!tile::GemmOp::dynCast(inner) || isKLoopBody(inner))
        return;
      Value acc = inner->getOperand(2);
      bytes += 2 * getBytes(acc.getType().cast<tile::BufType>(), sx, sy,
                            spanOf(acc));
    });
    // A block written to a tensor of another type is converted in an
    // output CB of its own: two tile rows when a gemm leaves a block of
    // more (tile-lower-data-movement drains it by rows), else one or two
    // blocks.
    op->walk([&](Operation *inner) {
      auto copy = tile::CopyOp::dynCast(inner);
      if (!copy)
        return;
      auto tensor = copy.getDest().getType().dyn_cast<tile::TensorType>();
      auto type = copy.getSource().getType().dyn_cast<tile::BufType>();
      if (!tensor || !type || tensor.getElementType() == type.getElementType())
        return;
      Value buffer = copy.getSource();
      auto converted =
          tile::BufType::get(context, type.getShape(), tensor.getElementType(),
                             type.getMemorySpace());
      int64_t size = getBytes(converted, sx, sy, spanOf(buffer));
      int64_t rows = type.getRank() == 2
                         ? getScale(analysis.getSpan(buffer, 0), sx, sy)
                                   .apply(type.getShape()[0]) /
                               tile::kTileSize
                         : 1;
      bool byRows = rows > 2 && isGemmResult(inner, buffer);
      if (byRows)
        drained.insert(buffer.getAsOpaquePointer());
      bytes += byRows ? size / rows * 2 : (once ? 1 : 2) * size;
    });
    // Shared buffers stream through two blocks of pages, the others too
    // unless the core runs one block, or their block is drained by rows:
    // then the next block's accumulation starts after its conversion,
    // in the same pages.
    for (Operation *alloc : allocs) {
      Value buffer = alloc->getResult(0);
      auto type = buffer.getType().cast<tile::BufType>();
      int64_t size = getBytes(type, sx, sy, spanOf(buffer), buffer);
      bool shared = type.getMemorySpace() == tile::MemorySpace::Shared;
      bool single = once || drained.count(buffer.getAsOpaquePointer()) != 0;
      bytes += shared || !single ? 2 * size : size;
    }
    return bytes;
  }

  /// Whether no scaled block is larger than its tensor (the copy verifier's
  /// rule; a block may overhang the tensor, its tail reads zeros).
  static bool inside(tile::KernelOp kernel, SpanAnalysis &analysis, Scale sx,
                     Scale sy) {
    bool ok = true;
    forEachTensorCopy(
        kernel.getOperation(), [&](Value tensor, Value buffer, Operation *) {
          auto tensorType = tensor.getType().cast<tile::TensorType>();
          auto type = buffer.getType().cast<tile::BufType>();
          unsigned first = tensorType.getRank() - type.getRank();
          for (unsigned d = 0; d < type.getRank(); ++d) {
            Scale scale = getScale(analysis.getSpan(buffer, d), sx, sy);
            int64_t extent = tensorType.getShape()[first + d];
            int64_t padded = ceilDiv(extent, tile::kTileSize) * tile::kTileSize;
            if (scale.apply(type.getShape()[d]) > padded)
              ok = false;
          }
        });
    return ok;
  }

  /// The cycles a choice takes by a roofline estimate, the largest of: the
  /// busiest core's matmul tiles (the fidelity's phases of 16 cycles each,
  /// or the unpack of the sub-block's operands, which matmul_block then
  /// waits for); the DRAM reads at the board's bandwidth
  /// and at one core's stream; the multicast handshakes, one per shared
  /// copy and step. A copy whose block follows only the block row (column)
  /// is read once per grid row (column) when each core runs one block, or
  /// several in lock-step: the multicast of docs/pipeline.md.
  double estimate(tile::KernelOp kernel, SpanAnalysis &analysis,
                  llvm::ArrayRef<Operation *> allocs,
                  const GridChoice &choice) const {
    Operation *op = kernel.getOperation();
    int64_t blocks = choice.gx * choice.gy;
    int64_t cores = choice.columns * choice.rows;
    int64_t perCore = ceilDiv(blocks, cores);
    // One block per core, or several in lock-step (tile-partition).
    bool multicast =
        blocks == cores || getLockstepStride({choice.gx, choice.gy},
                                             choice.columns, choice.rows) > 1;
    double blockCycles = 0;
    op->walk([&](Operation *inner) {
      auto gemm = tile::GemmOp::dynCast(inner);
      if (!gemm)
        return;
      auto a = inner->getOperand(0).getType().cast<tile::BufType>();
      auto c = inner->getOperand(2).getType().cast<tile::BufType>();
      auto spans = [&](Value buffer, tile::BufType type) {
        double n = 1;
        for (unsigned d = 0; d < type.getRank(); ++d)
          n *=
              double(getScale(analysis.getSpan(buffer, d), choice.sx, choice.sy)
                         .apply(type.getShape()[d])) /
              32;
        return n;
      };
      // M x N output tiles (C), times the K tiles (A's last dimension),
      // each taking the fidelity's phases of 16 cycles or the unpack of
      // its share of the sub-block's operands, whichever is longer. The
      // unpacker holds one operand across the longer side of an h x w
      // sub-block (tt-llk llk_unpack_AB_matmul.h, reuse_a), so a product
      // unpacks 1 + 1 / max(h, w) tiles (32 cycles for bf16);
      // tile-lower-compute's sub-blocks fill half of DST (4 f32 or 8 bf16
      // tiles).
      int64_t mt = 1, nt = 1;
      if (c.getRank() == 2) {
        Value acc = inner->getOperand(2);
        mt = getScale(analysis.getSpan(acc, 0), choice.sx, choice.sy)
                 .apply(c.getShape()[0]) /
             32;
        nt = getScale(analysis.getSpan(acc, 1), choice.sx, choice.sy)
                 .apply(c.getShape()[1]) /
             32;
      }
      int64_t capacity = c.getElementType().isF32() ? 4 : 8;
      auto [subH, subW] = chooseSubBlock(mt, nt, capacity);
      // The streamed operand's tile and a share of the held one's, at the
      // unpacker's rate: B is streamed across a wide sub-block (A held), A
      // across a tall one. A block-float operand's tiles are smaller.
      auto tileBytes = [](Value buffer) {
        auto type = buffer.getType().cast<tile::BufType>();
        return double(getL1TileBytes(buffer, type.getElementType()));
      };
      double bytesA = tileBytes(inner->getOperand(0));
      double bytesB = tileBytes(inner->getOperand(1));
      double streamed = subW >= subH ? bytesB : bytesA;
      double held = subW >= subH ? bytesA : bytesB;
      double perProduct =
          std::max(double(16 * phases),
                   (streamed + held / double(std::max(subH, subW))) /
                       getUnpackBytesPerCycle(target.arch));
      blockCycles += spans(inner->getOperand(2), c) *
                     double(a.getShape()[a.getRank() - 1]) / 32 *
                     double(getTrips(inner, op)) * perProduct;
    });
    double compute = double(perCore) * blockCycles;
    double pack =
        double(perCore) * getPackCycles(kernel, analysis, allocs, choice);
    double total = 0, busiest = 0, handshakes = 0;
    forEachTensorCopy(op, [&](Value tensor, Value buffer, Operation *copy) {
      if (copy->getOperand(0) != tensor)
        return; // a write
      auto type = buffer.getType().cast<tile::BufType>();
      bool rows = false, columns = false;
      for (unsigned d = 0; d < type.getRank(); ++d) {
        Span span = analysis.getSpan(buffer, d);
        rows |= span == Span::Rows;
        columns |= span == Span::Columns;
      }
      double bytes =
          double(getBytes(
              type, choice.sx, choice.sy,
              [&](unsigned d) { return analysis.getSpan(buffer, d); },
              buffer)) *
          double(getTrips(copy, op));
      double readers = double(blocks);
      bool columnAllowed =
          !columns || canMulticastColumn(target.arch, choice.rows);
      if (multicast && rows != columns && columnAllowed) {
        readers = double(rows ? choice.rows : choice.columns);
        // A group of one core reads its block itself: no handshake.
        if ((rows ? choice.columns : choice.rows) > 1)
          handshakes += double(getTrips(copy, op));
      }
      total += bytes * readers;
      busiest += bytes * double(perCore);
    });
    auto [board, core] = getDramBytesPerCycle(target.arch);
    // A multicast step is a semaphore round trip between cores before its
    // data moves: about two NoC latencies (docs/timing-model.md: 250
    // cycles each), which double buffering overlaps with compute but not
    // with the reader's next step.
    constexpr double kHandshakeCycles = 500;
    return std::max({compute, pack, total / board, busiest / core,
                     handshakes * kHandshakeCycles});
  }

  /// The output tiles of `merge`'s gemm in blocks scaled sx x sy.
  static int64_t getOutputTiles(const SpanAnalysis &analysis,
                                const KMerge &merge, Scale sx, Scale sy) {
    llvm::SmallVector<int64_t, 4> shape =
        getScaledShape(analysis, merge.gemm->getOperand(2), sx, sy);
    int64_t tiles = 1;
    for (int64_t extent : shape)
      tiles *= extent / tile::kTileSize;
    return tiles;
  }

  /// The K steps mergeKSteps merges into one for `merge`'s gemm in blocks
  /// scaled sx x sy (`once`: a core runs one block): chooseKFactor with
  /// the L1 the kernel's other buffers leave.
  int64_t getKFactor(tile::KernelOp kernel, SpanAnalysis &analysis,
                     llvm::ArrayRef<Operation *> allocs, const KMerge &merge,
                     Scale sx, Scale sy, bool once) const {
    int64_t bytesAB = 0;
    for (Value buffer : {merge.a, merge.b})
      bytesAB += getBytes(
          buffer.getType().cast<tile::BufType>(), sx, sy,
          [&](unsigned d) { return analysis.getSpan(buffer, d); }, buffer);
    int64_t stages = getStages(merge.loop);
    // A and B take a block per pipeline stage (getL1Bytes counts two).
    int64_t bytes = getL1Bytes(kernel, analysis, allocs, sx, sy, once) +
                    (stages - 2) * bytesAB;
    return chooseKFactor(merge, getOutputTiles(analysis, merge, sx, sy), bytes,
                         bytesAB, stages, tt::getUsableL1Bytes(target.arch));
  }

  /// The packer's cycles for one block of a gemm that accumulates over the
  /// steps of its K loop: each K block ends with every output tile packed
  /// into L1 and added to what is there (pack_reconfig_l1_acc), once per K
  /// block after mergeKSteps merges them, at the packer's rate
  /// (docs/timing-model.md: 8 cycles and 64 bytes a cycle, 72 for an f32
  /// tile). At HiFi2 a K block of two tiles packs an f32 tile per 64
  /// cycles of math: the packer, not the math engine, sets the pace.
  double getPackCycles(tile::KernelOp kernel, SpanAnalysis &analysis,
                       llvm::ArrayRef<Operation *> allocs,
                       const GridChoice &choice) const {
    std::optional<KMerge> merge = analyzeKMerge(kernel);
    if (!merge)
      return 0;
    Value c = merge->gemm->getOperand(2);
    auto typeC = c.getType().cast<tile::BufType>();
    bool once = choice.gx * choice.gy <= choice.columns * choice.rows;
    int64_t factor = getKFactor(kernel, analysis, allocs, *merge, choice.sx,
                                choice.sy, once);
    double tileBytes =
        double(32 * 32 * tile::getElementBytes(typeC.getElementType()));
    int64_t outputTiles =
        getOutputTiles(analysis, *merge, choice.sx, choice.sy);
    double packTile = 8 + tileBytes / 64;
    return double(outputTiles) * double((merge->trips + factor - 1) / factor) *
           packTile;
  }

  /// Announces resized blocks (the user's blocking changed) against the
  /// best choice of whole blocks.
  void remarkResized(tile::KernelOp kernel, const GridChoice &choice,
                     const GridChoice &whole) const {
    Operation *op = kernel.getOperation();
    int64_t perCore =
        ceilDiv(choice.gx * choice.gy, choice.columns * choice.rows);
    InFlightDiagnostic remark = op->emitRemark();
    remark << "tile-coarsen: resizes the blocks to cover the " << target.columns
           << "x" << target.rows << " grid (grid [" << kernel.getGrid()[0]
           << ", " << kernel.getGrid()[1] << "] -> [" << choice.gx << ", "
           << choice.gy << "], each block " << choice.sx.num << "/"
           << choice.sx.den << " as wide and " << choice.sy.num << "/"
           << choice.sy.den << " as tall), on cores [0, 0] to ["
           << choice.columns - 1 << ", " << choice.rows - 1 << "], " << perCore
           << " block" << (perCore == 1 ? "" : "s")
           << " per core: an estimated " << int64_t(choice.cycles)
           << " cycles against " << int64_t(whole.cycles)
           << " with whole blocks on " << whole.columns << "x" << whole.rows
           << " cores (a grid option keeps the blocks)";
  }

  /// Calls `fn(tensor, buffer, copy)` for each copy between a tensor and
  /// a buffer in `op`.
  static void forEachTensorCopy(
      Operation *op, llvm::function_ref<void(Value, Value, Operation *)> fn) {
    op->walk([&](Operation *inner) {
      auto copy = tile::CopyOp::dynCast(inner);
      if (!copy)
        return;
      bool fromTensor = copy.getSource().getType().isa<tile::TensorType>();
      Value tensor = fromTensor ? copy.getSource() : copy.getDest();
      Value buffer = fromTensor ? copy.getDest() : copy.getSource();
      if (tensor.getType().isa<tile::TensorType>() &&
          buffer.getType().isa<tile::BufType>())
        fn(tensor, buffer, inner);
    });
  }

  /// Merges or resizes the blocks and records the choice:
  /// `tile.coarsened = array<i64: fx, fy>` for whole blocks merged,
  /// `array<i64: nx, dx, ny, dy>` for blocks resized to nx / dx and ny /
  /// dy of their extents.
  void apply(tile::KernelOp kernel, SpanAnalysis &analysis,
             llvm::ArrayRef<Operation *> allocs, PatternRewriter &rewriter,
             const GridChoice &choice) const {
    Operation *op = kernel.getOperation();
    Context *context = op->getContext();
    auto record = [&] {
      op->setInherentAttr(
          "grid", DenseArrayAttr::getI64(context, {choice.gx, choice.gy}));
      op->setAttr(
          kCoarsenedAttrName,
          choice.resized
              ? DenseArrayAttr::getI64(context, {choice.sx.num, choice.sx.den,
                                                 choice.sy.num, choice.sy.den})
              : DenseArrayAttr::getI64(context,
                                       {choice.sx.num, choice.sy.num}));
      if (choice.columns != target.columns || choice.rows != target.rows)
        op->setAttr(kCoresAttrName, DenseArrayAttr::getI64(
                                        context, {choice.columns, choice.rows}));
    };
    if (choice.resized)
      resizeBlocks(kernel, analysis, allocs, rewriter, choice.sx, choice.sy,
                   record);
    else
      mergeBlocks(kernel, analysis, allocs, rewriter, choice.sx.num,
                  choice.sy.num, record);
  }

  /// Merges the K steps of a gemm's loop by 2 to 4 (K blocks of up to 8
  /// tiles) when the core's block has at least 64 output tiles and the
  /// larger A and B blocks fit L1: each K step's products then go through
  /// the packer's L1 accumulation once per more tiles of K (at HiFi2 on
  /// Blackhole, a K block of 2 tiles leaves the packer busier than the
  /// math engine: 130 f32 tiles packed per 2 x 130 products), and the
  /// multicast handshakes are fewer (tt-metal's in0_block_w,
  /// matmul_op_multi_core_reuse_mcast_2d_program_factory.cpp). The loop
  /// must count 0 to n by 1, its index be used only as `%k * BK` in the
  /// K offsets of the copies that fill the gemm's A and B, and those two
  /// copies be the only writes of A and B, and two steps at least remain
  /// (one step is a gemm on its own, with CBs of its own). Recorded as
  /// `tile.k_merged`.
  void mergeKSteps(tile::KernelOp kernel, llvm::ArrayRef<Operation *> allocs,
                   PatternRewriter &rewriter) const {
    Operation *op = kernel.getOperation();
    std::optional<KMerge> merge = analyzeKMerge(kernel);
    if (!merge)
      return;
    Value a = merge->a, b = merge->b, index = merge->index;
    Operation *loop = merge->loop;
    int64_t blockK = merge->blockK;
    auto typeA = a.getType().cast<tile::BufType>();
    auto typeB = b.getType().cast<tile::BufType>();
    // The block's own extents (identity scales): no span changes a size,
    // so the analysis need not succeed (merged blocks' offsets, `%b * f *
    // E`, are not the form it reads).
    SpanAnalysis analysis(kernel);
    (void)analysis.run();
    int64_t blocks = kernel.getGrid()[0] * kernel.getGrid()[1];
    int64_t cores = target.columns * target.rows;
    if (auto chosen = op->getAttrOfType<DenseArrayAttr>(kCoresAttrName))
      cores = chosen.getIntValues()[0] * chosen.getIntValues()[1];
    int64_t factor = getKFactor(kernel, analysis, allocs, *merge, Scale(),
                                Scale(), blocks <= cores);
    if (factor == 1)
      return;
    int64_t ub = merge->trips;
    Context *context = op->getContext();
    rewriter.modifyOpInPlace(op, [&] {
      a.setType(tile::BufType::get(
          context, {typeA.getShape()[0], typeA.getShape()[1] * factor},
          typeA.getElementType(), typeA.getMemorySpace()));
      b.setType(tile::BufType::get(
          context, {typeB.getShape()[0] * factor, typeB.getShape()[1]},
          typeB.getElementType(), typeB.getMemorySpace()));
      op->setAttr("tile.k_merged",
                  IntegerAttr::get(IntegerType::get(context, 64), factor));
    });
    rewriter.setInsertionPoint(loop);
    Value bound = createIndex(rewriter, loop->getLoc(), ub / factor);
    rewriter.modifyOpInPlace(loop, [&] { loop->setOperand(1, bound); });
    for (Operation *product : merge->products) {
      rewriter.setInsertionPoint(product);
      Value extent = createIndex(rewriter, product->getLoc(), blockK * factor);
      unsigned position = product->getOperand(0) == index ? 1 : 0;
      rewriter.modifyOpInPlace(product,
                               [&] { product->setOperand(position, extent); });
    }
  }

  Target target;
  bool chooseGrid;
  /// The math fidelity's phases (HiFi4: 4).
  int64_t phases;
};

class TileCoarsenPass : public TargetPass {
public:
  TileCoarsenPass() {
    declareOption("math-fidelity",
                  "LoFi, HiFi2, HiFi3 or HiFi4: the matmul rate the grid "
                  "choice assumes",
                  &mathFidelity, isValidFidelity, kFidelityExpected);
  }
  llvm::StringRef getArgument() const override { return "tile-coarsen"; }
  llvm::StringRef getName() const override { return "TileCoarsen"; }
  llvm::StringRef getDescription() const override {
    return "Merge the blocks a core would run side by side into one larger "
           "block, so that each core reads its A and B strips once";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileCoarsenPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }
  void runOnOperation() override {
    RewritePatternSet patterns(getContext());
    int64_t phases = llvm::StringSwitch<int64_t>(mathFidelity)
                         .Case("LoFi", 1)
                         .Case("HiFi2", 2)
                         .Case("HiFi3", 3)
                         .Default(4);
    patterns.add<CoarsenKernel>(target, grid.empty(), phases);
    FrozenRewritePatternSet frozen(std::move(patterns));
    numKernels += walkAndApplyPatterns(getOperation(), frozen);
  }

private:
  std::string mathFidelity = "HiFi4";
  Statistic numKernels{this, "num-kernels", "Kernels coarsened"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTileCoarsenPass() {
  return std::make_unique<TileCoarsenPass>();
}
