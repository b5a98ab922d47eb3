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
//===----------------------------------------------------------------------===//

#include "Multicast.h"
#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// What a buffer dimension spans: block columns (bx), block rows (by) or
/// neither.
enum class Span : uint8_t { Unknown, Columns, Rows, Neither, Conflict };

Span merge(Span a, Span b) {
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
int64_t getFactor(Span span, int64_t fx, int64_t fy) {
  return span == Span::Columns ? fx : span == Span::Rows ? fy : 1;
}

int64_t getBytes(tile::BufType type, int64_t fx, int64_t fy,
                 llvm::function_ref<Span(unsigned)> spanOf) {
  int64_t elements = 1;
  for (unsigned d = 0; d < type.getRank(); ++d)
    elements *= type.getShape()[d] * getFactor(spanOf(d), fx, fy);
  return elements * std::max<int64_t>(
                        1, type.getElementType().getIntOrFloatBitWidth() / 8);
}

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

/// One way to run a kernel: the cores [0, 0] to [columns - 1, rows - 1]
/// of the target grid, blocks merged fx x fy times.
struct GridChoice {
  int64_t columns = 0, rows = 0, fx = 1, fy = 1;
  double cycles = 0;
};

class CoarsenKernel : public OpRewritePattern<tile::KernelOp> {
public:
  CoarsenKernel(Context *context, const Target &target, bool chooseGrid)
      : OpRewritePattern(context), target(target), chooseGrid(chooseGrid) {}

  LogicalResult matchAndRewrite(tile::KernelOp kernel,
                                PatternRewriter &rewriter) const override {
    Operation *op = kernel.getOperation();
    if (op->getAttr(kCoarsenedAttrName) ||
        op->getAttr(tile::kPartitionAttrName))
      return rewriter.notifyMatchFailure(op, "already coarsened");
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
    }
    bool subgrid =
        choice.columns != target.columns || choice.rows != target.rows;
    if (choice.fx == 1 && choice.fy == 1 && !subgrid)
      return rewriter.notifyMatchFailure(
          op, "one block per core, or a larger block does not fit L1");
    if (subgrid) {
      int64_t merged = choice.fx * choice.fy;
      int64_t perCore = (gx / choice.fx) * (gy / choice.fy) /
                        (choice.columns * choice.rows);
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
    return success();
  }

private:
  /// The merge factors on a `columns` x `rows` sub-grid (the largest that
  /// fit L1 and the tensors) and the predicted cycles.
  GridChoice plan(tile::KernelOp kernel, SpanAnalysis &analysis,
                  llvm::ArrayRef<Operation *> allocs, int64_t columns,
                  int64_t rows) const {
    Operation *op = kernel.getOperation();
    Context *context = op->getContext();
    int64_t gx = kernel.getGrid()[0], gy = kernel.getGrid()[1];
    GridChoice choice;
    choice.columns = columns;
    choice.rows = rows;
    int64_t fx = gx % columns == 0 ? gx / columns : 1;
    int64_t fy = gy % rows == 0 ? gy / rows : 1;
    int64_t usable = tt::getUsableL1Bytes(target.arch);
    int64_t cores = columns * rows;
    auto spanOf = [&](Value buffer) {
      return [&analysis, buffer](unsigned d) {
        return analysis.getSpan(buffer, d);
      };
    };
    // Shared buffers stream through two blocks of pages; an output block
    // too, unless the core runs a single block (then the second block of
    // its pages would never be used, and tile-lower-compute drops it).
    auto fits = [&](int64_t x, int64_t y) {
      bool once = (gx / x) * (gy / y) <= cores;
      int64_t bytes = 0;
      for (Operation *alloc : allocs) {
        Value buffer = alloc->getResult(0);
        auto type = buffer.getType().cast<tile::BufType>();
        int64_t size = getBytes(type, x, y, spanOf(buffer));
        bool shared = type.getMemorySpace() == tile::MemorySpace::Shared;
        bytes += shared || !once ? 2 * size : size;
      }
      // A gemm outside a loop of several K steps does not accumulate in
      // its output's pages: its result is a new version of the
      // accumulator, in a double-buffered CB of its own
      // (tile-lower-compute's chains, ComputeGemm.cpp).
      op->walk([&](Operation *inner) {
        if (!tile::GemmOp::dynCast(inner) || isKLoopBody(inner))
          return;
        Value acc = inner->getOperand(2);
        bytes += 2 * getBytes(acc.getType().cast<tile::BufType>(), x, y,
                              spanOf(acc));
      });
      // A block written to a tensor of another type is converted in an
      // output CB of its own.
      op->walk([&](Operation *inner) {
        auto copy = tile::CopyOp::dynCast(inner);
        if (!copy)
          return;
        auto tensor = copy.getDest().getType().dyn_cast<tile::TensorType>();
        auto type = copy.getSource().getType().dyn_cast<tile::BufType>();
        if (!tensor || !type || tensor.getElementType() == type.getElementType())
          return;
        Value buffer = copy.getSource();
        auto converted = tile::BufType::get(context, type.getShape(),
                                            tensor.getElementType(),
                                            type.getMemorySpace());
        bytes += (once ? 1 : 2) * getBytes(converted, x, y, spanOf(buffer));
      });
      return bytes <= usable;
    };
    // A merged block may overhang the tensor (its tail reads zeros), but
    // not be larger than it (the copy verifier's rule).
    constexpr int64_t kTile = 32;
    auto inside = [&](int64_t x, int64_t y) {
      bool ok = true;
      forEachTensorCopy(op, [&](Value tensor, Value buffer, Operation *) {
        auto tensorType = tensor.getType().cast<tile::TensorType>();
        auto type = buffer.getType().cast<tile::BufType>();
        unsigned first = tensorType.getRank() - type.getRank();
        for (unsigned d = 0; d < type.getRank(); ++d) {
          int64_t factor = getFactor(analysis.getSpan(buffer, d), x, y);
          int64_t extent = tensorType.getShape()[first + d];
          int64_t padded = (extent + kTile - 1) / kTile * kTile;
          if (type.getShape()[d] * factor > padded)
            ok = false;
        }
      });
      return ok;
    };
    while ((!fits(fx, fy) || !inside(fx, fy)) && (fx > 1 || fy > 1)) {
      if (fx >= fy)
        fx = largestDivisor(gx, fx / 2);
      else
        fy = largestDivisor(gy, fy / 2);
    }
    choice.fx = fx;
    choice.fy = fy;
    choice.cycles = estimate(kernel, analysis, choice);
    return choice;
  }

  /// The cycles a choice takes by a roofline estimate, the largest of: the
  /// busiest core's matmul tiles (64 cycles each: HiFi4's four phases of
  /// 16, or at a lower fidelity the unpack of two bf16 tiles, which
  /// matmul_tiles then waits for); the DRAM reads at the board's bandwidth
  /// and at one core's stream; the multicast handshakes, one per shared
  /// copy and step. A copy whose block follows only the block row (column)
  /// is read once per grid row (column) when each core runs one block: the
  /// multicast of docs/pipeline.md.
  double estimate(tile::KernelOp kernel, SpanAnalysis &analysis,
                  const GridChoice &choice) const {
    Operation *op = kernel.getOperation();
    int64_t gx = kernel.getGrid()[0] / choice.fx;
    int64_t gy = kernel.getGrid()[1] / choice.fy;
    int64_t blocks = gx * gy;
    int64_t cores = choice.columns * choice.rows;
    int64_t perCore = (blocks + cores - 1) / cores;
    bool multicast = blocks == cores;
    double tiles = 0;
    op->walk([&](Operation *inner) {
      auto gemm = tile::GemmOp::dynCast(inner);
      if (!gemm)
        return;
      auto a = inner->getOperand(0).getType().cast<tile::BufType>();
      auto c = inner->getOperand(2).getType().cast<tile::BufType>();
      auto spans = [&](Value buffer, tile::BufType type) {
        double n = 1;
        for (unsigned d = 0; d < type.getRank(); ++d)
          n *= double(type.getShape()[d]) *
               double(getFactor(analysis.getSpan(buffer, d), choice.fx,
                                choice.fy)) /
               32;
        return n;
      };
      // M x N output tiles (C), times the K tiles (A's last dimension).
      tiles += spans(inner->getOperand(2), c) *
               double(a.getShape()[a.getRank() - 1]) / 32 *
               double(getTrips(inner, op));
    });
    double compute = double(perCore) * tiles * 64;
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
      double bytes = double(getBytes(type, choice.fx, choice.fy,
                                     [&](unsigned d) {
                                       return analysis.getSpan(buffer, d);
                                     })) *
                     double(getTrips(copy, op));
      double readers = double(blocks);
      bool columnAllowed =
          !columns || canMulticastColumn(target.arch, choice.rows);
      if (multicast && rows != columns && columnAllowed) {
        readers = double(rows ? choice.rows : choice.columns);
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
    return std::max({compute, total / board, busiest / core,
                     handshakes * kHandshakeCycles});
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

  /// Merges the blocks and records the choice.
  void apply(tile::KernelOp kernel, SpanAnalysis &analysis,
             llvm::ArrayRef<Operation *> allocs, PatternRewriter &rewriter,
             const GridChoice &choice) const {
    Operation *op = kernel.getOperation();
    Context *context = op->getContext();
    int64_t gx = kernel.getGrid()[0], gy = kernel.getGrid()[1];
    int64_t fx = choice.fx, fy = choice.fy;
    rewriter.modifyOpInPlace(op, [&] {
      for (Operation *alloc : allocs) {
        Value buffer = alloc->getResult(0);
        auto type = buffer.getType().cast<tile::BufType>();
        llvm::SmallVector<int64_t, 4> shape(type.getShape().begin(),
                                            type.getShape().end());
        for (unsigned d = 0; d < shape.size(); ++d)
          shape[d] *= getFactor(analysis.getSpan(buffer, d), fx, fy);
        buffer.setType(tile::BufType::get(context, shape,
                                          type.getElementType(),
                                          type.getMemorySpace()));
      }
      op->setInherentAttr("grid",
                          DenseArrayAttr::getI64(context, {gx / fx, gy / fy}));
      op->setAttr(kCoarsenedAttrName, DenseArrayAttr::getI64(context, {fx, fy}));
      if (choice.columns != target.columns || choice.rows != target.rows)
        op->setAttr(kCoresAttrName, DenseArrayAttr::getI64(
                                        context, {choice.columns, choice.rows}));
    });
    // bx -> bx' * fx, by -> by' * fy.
    Block *body = kernel.getBody();
    rewriter.setInsertionPointToStart(body);
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

  Target target;
  bool chooseGrid;
};

class TileCoarsenPass : public TargetPass {
public:
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
    patterns.add<CoarsenKernel>(target, grid.empty());
    FrozenRewritePatternSet frozen(std::move(patterns));
    numKernels += walkAndApplyPatterns(getOperation(), frozen);
  }

private:
  Statistic numKernels{this, "num-kernels", "Kernels coarsened"};
};

//===----------------------------------------------------------------------===//
// tile-widen-blocks
//===----------------------------------------------------------------------===//

/// Whether `shape`'s tiled dimensions (the last two; the last of a 1-d
/// shape) are whole 32x32 tiles, as tile-legalize requires.
bool isWholeTiles(llvm::ArrayRef<int64_t> shape) {
  size_t tiled = std::min<size_t>(2, shape.size());
  for (size_t i = shape.size() - tiled; i < shape.size(); ++i)
    if (shape[i] % tile::kTileSize != 0)
      return false;
  return true;
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
      auto type = buffer.getType().cast<tile::BufType>();
      llvm::SmallVector<int64_t, 4> shape(type.getShape().begin(),
                                          type.getShape().end());
      for (unsigned d = 0; d < shape.size(); ++d)
        shape[d] *= getFactor(analysis.getSpan(buffer, d), factors[0],
                              factors[1]);
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
    rewriter.modifyOpInPlace(op, [&] {
      for (Operation *alloc : allocs) {
        Value buffer = alloc->getResult(0);
        auto type = buffer.getType().cast<tile::BufType>();
        llvm::SmallVector<int64_t, 4> shape(type.getShape().begin(),
                                            type.getShape().end());
        for (unsigned d = 0; d < shape.size(); ++d)
          shape[d] *= getFactor(analysis.getSpan(buffer, d), factors[0],
                                factors[1]);
        buffer.setType(tile::BufType::get(context, shape,
                                          type.getElementType(),
                                          type.getMemorySpace()));
      }
      op->setInherentAttr("grid", DenseArrayAttr::getI64(context, widened));
      op->setAttr(kWidenedAttrName,
                  DenseArrayAttr::getI64(
                      context, llvm::ArrayRef<int64_t>(factors, grid.size())));
    });
    Block *body = kernel.getBody();
    rewriter.setInsertionPointToStart(body);
    Location loc = op->getLoc();
    for (unsigned index = 0; index < grid.size(); ++index) {
      if (factors[index] == 1)
        continue;
      Value block = kernel.getBlockIndex(index);
      Value scaled = createBinary<arith::MulIOp>(
          rewriter, loc, block, createIndex(rewriter, loc, factors[index]));
      block.replaceAllUsesExcept(scaled, scaled.getDefiningOp());
    }
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

std::unique_ptr<Pass> tilt::createTileCoarsenPass() {
  return std::make_unique<TileCoarsenPass>();
}

std::unique_ptr<Pass> tilt::createTileWidenBlocksPass() {
  return std::make_unique<TileWidenBlocksPass>();
}
