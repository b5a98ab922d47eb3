//===- StreamRows.cpp - tile-stream-rows: rows too wide for L1 in chunks --===//
//
// TileLang's online softmax reads a block of 1 x 8192 elements per row
// (32 x 8192 once tile-widen-blocks has merged 32 rows), and its RMS norm a
// block as wide as the tensor: buffers of 0.5 to 1 MiB each, more than a
// Tensix core's L1 holds together. A GPU keeps such rows in registers
// spread over a thread block; a Tensix core streams them. This pass turns
// every run of ops that works column by column on the wide buffers (copies
// in and out, elementwise tile.parallel bodies, row reductions) into a loop
// over chunks of a few tiles' columns, each wide buffer becoming a chunk
// buffer. A row reduction accumulates over the chunks (from its identity);
// an op that needs a reduction's whole result starts a new loop, which
// reads its input chunks from DRAM again, or computes them again from such
// reads. That is how tt-metal's softmax handles rows that do not fit: its
// large-tensor reader
// (ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/
// dataflow/reader_unary_interleaved_sm_large_tensor.cpp) reads each row
// in blocks of `blk` tiles, in three passes when numerically stable (the
// max, the sum, the output), and its compute kernel
// (compute/softmax_large_tensor.cpp) computes exp again in the last.
//
// The pass runs only where the buffers of a block cannot fit: their tiled
// size, one block each, exceeds the core's usable L1. Where a buffer's
// whole rows would be needed again and cannot be read or computed again
// chunk by chunk, it leaves the kernel as it is and says why in a remark;
// the L1 error then stands.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>
#include <deque>
#include <limits>

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The widest chunk, in tiles: 8 tiles of f32 rows are 32 KiB a buffer,
/// the block width of tt-metal's large-tensor softmax kernels.
constexpr int64_t kMaxChunkTiles = 8;

int64_t getElementBytes(Type type) {
  return std::max<int64_t>(1, int64_t(type.getIntOrFloatBitWidth()) / 8);
}

/// A buffer's size in L1 as tiles of 32x32 (a 1-d buffer is a column
/// vector of n / 32 tiles).
int64_t getTiledBytes(tile::BufType type) {
  llvm::ArrayRef<int64_t> shape = type.getShape();
  auto tiles = [](int64_t n) {
    return (n + tile::kTileSize - 1) / tile::kTileSize;
  };
  int64_t count = 1;
  for (size_t d = 0; d + 2 < shape.size(); ++d)
    count *= shape[d];
  if (shape.size() == 1)
    count *= tiles(shape[0]);
  else if (shape.size() >= 2)
    count *= tiles(shape[shape.size() - 2]) * tiles(shape.back());
  return count * tile::kTileSize * tile::kTileSize *
         getElementBytes(type.getElementType());
}

/// The L1 the lowering takes beyond one CB per buffer, at least (one
/// block each, tt-verify's minimum), for a buffer loaded from a tensor
/// (its home is the input CB): a CB for the new version a tile.parallel
/// writes over it, and an output CB (in the tensor's element type) for a
/// copy of it to a tensor. A buffer a tile.parallel computes is packed
/// straight into its output CB instead, and other buffers copied out get
/// an output CB too. RMS norm over rows of 4096 bf16 needs both
/// (examples/python/rmsnorm.py).
int64_t getLoweringExtraBytes(Operation *kernel) {
  llvm::DenseSet<void *> loaded, computed;
  llvm::SmallVector<Value, 8> outputs;
  kernel->walk([&](Operation *inner) {
    if (auto copy = tile::CopyOp::dynCast(inner)) {
      if (copy.getSource().getType().isa<tile::TensorType>())
        loaded.insert(copy.getDest().getAsOpaquePointer());
    } else if (auto parallel = tile::ParallelOp::dynCast(inner)) {
      for (Value output : parallel.getOutputs())
        if (computed.insert(output.getAsOpaquePointer()).second)
          outputs.push_back(output);
    }
  });
  int64_t bytes = 0;
  for (Value output : outputs)
    if (loaded.count(output.getAsOpaquePointer()))
      bytes += getTiledBytes(output.getType().cast<tile::BufType>());
  kernel->walk([&](Operation *inner) {
    auto copy = tile::CopyOp::dynCast(inner);
    if (!copy)
      return;
    auto buffer = copy.getSource().getType().dyn_cast<tile::BufType>();
    auto tensor = copy.getDest().getType().dyn_cast<tile::TensorType>();
    void *key = copy.getSource().getAsOpaquePointer();
    if (!buffer || !tensor || (computed.count(key) && !loaded.count(key)))
      return;
    bytes += getTiledBytes(
        tile::BufType::get(kernel->getContext(), buffer.getShape(),
                           tensor.getElementType(), buffer.getMemorySpace()));
  });
  return bytes;
}

/// What a wide buffer holds at a point of the program: nothing yet, the
/// rows a load (a tile.copy from a tensor) read, or rows computed on the
/// core, which a later chunk loop can compute again only from loads and
/// unchanged row vectors.
struct Content {
  enum Kind { None, Loaded, Computed } kind = None;
  /// The op that wrote these rows (null: unknown, after a loop or branch
  /// that wrote them).
  Operation *writer = nullptr;
  /// The load (Loaded), or the tile.parallel that computed the rows and can
  /// compute them again (Computed; null when it cannot).
  Operation *op = nullptr;
  /// For a computed buffer: what each of its wide inputs held then (an
  /// index into RowStreamer::recipes), and the version of each of its
  /// other inputs (row vectors). The rows can be computed again, chunk by
  /// chunk, while those can be had again and still hold.
  llvm::SmallVector<std::pair<Value, size_t>, 2> inputs;
  llvm::SmallVector<std::pair<Value, int64_t>, 2> versions;
};

/// A loop to be: ops of one block that work column by column, in order.
struct Segment {
  llvm::SmallVector<Operation *, 8> ops;
  /// Scalar ops between them, moved before the loop.
  llvm::SmallVector<Operation *, 4> hoisted;
  /// Ops cloned into the loop before an op, for a wide buffer the op
  /// reads whose rows an earlier loop read from DRAM (the load) or
  /// computed from rows read so (the load, then the tile.parallel).
  llvm::SmallVector<std::pair<Operation *, Operation *>, 4> reloads;
  /// Loads whose chunks nothing in the loop reads: they only name what
  /// later loops read again, and are dropped.
  llvm::SmallPtrSet<Operation *, 4> unread;
  /// The wide buffers written in the loop (a chunk at a time), each with
  /// the op that last wrote it; the row vectors read and reduced.
  llvm::DenseMap<Value, Operation *> chunksWritten;
  llvm::DenseSet<Value> vectorsRead, vectorsReduced;
  void clear() { *this = Segment(); }
};

class RowStreamer {
public:
  RowStreamer(tile::KernelOp kernel) : kernel(kernel) {}

  /// Finds the wide buffers and the loops; false (with `reason`) when the
  /// kernel cannot stream.
  bool plan(llvm::SmallVectorImpl<Operation *> &allocs) {
    Operation *op = kernel.getOperation();
    for (Operation *alloc : allocs) {
      auto type = alloc->getResult(0).getType().cast<tile::BufType>();
      if (type.getRank() == 2)
        width = std::max(width, type.getShape()[1]);
    }
    if (width % tile::kTileSize != 0 ||
        width / tile::kTileSize <= kMaxChunkTiles)
      return fail("no buffer is wider than " +
                  std::to_string(kMaxChunkTiles * tile::kTileSize) +
                  " columns of whole tiles");
    for (Operation *alloc : allocs) {
      auto type = alloc->getResult(0).getType().cast<tile::BufType>();
      llvm::ArrayRef<int64_t> shape = type.getShape();
      if (type.getRank() == 2 && shape[1] == width) {
        if (rows && rows != shape[0])
          return fail("the wide buffers have different numbers of rows");
        rows = shape[0];
        wide.insert(alloc->getResult(0));
      }
    }
    // 1-d buffers as long as a row, indexed by the column (a norm's
    // weights), stream with the rows.
    for (Operation *alloc : allocs) {
      auto type = alloc->getResult(0).getType().cast<tile::BufType>();
      if (type.getRank() == 1 && type.getShape()[0] == width) {
        if (width == rows)
          return fail("a 1-d buffer is as long as both a row and a column");
        wide.insert(alloc->getResult(0));
      }
    }
    // A tensor the kernel writes may change between two reads of it.
    writtenTensors = getWrittenTensors(op);
    Contents contents;
    llvm::DenseSet<Value> entryReads;
    if (!analyzeBlock(kernel.getBody(), contents, entryReads))
      return false;
    // Every use of a wide buffer must be in a loop.
    llvm::SmallPtrSet<Operation *, 16> placed;
    for (Segment &segment : segments)
      placed.insert(segment.ops.begin(), segment.ops.end());
    for (Value buffer : wide)
      for (Operation *user : buffer.getUsers())
        if (!placed.count(user))
          return fail("'" + user->getName().getStringRef().str() +
                      "' uses a wide buffer whole");
    return true;
  }

  void rewrite(OpBuilder &builder) {
    Context *context = kernel.getOperation()->getContext();
    int64_t chunk = getChunkColumns();
    // Each loop gets a chunk buffer beside each wide one: a chunk lives
    // for one trip, so the loops share none, and tile-fuse-elementwise
    // sees each loop's uses alone (the homes of chunks that do not live
    // at once share their L1 in tile-lower-compute).
    llvm::SmallVector<Operation *, 16> chunkAllocs;
    auto makeChunks = [&] {
      llvm::DenseMap<Value, Value> chunks;
      for (Value buffer : wide) {
        Operation *alloc = buffer.getDefiningOp();
        auto type = buffer.getType().cast<tile::BufType>();
        llvm::SmallVector<int64_t, 2> shape(type.getShape().begin(),
                                            type.getShape().end());
        shape.back() = chunk;
        builder.setInsertionPoint(alloc);
        Operation *chunkAlloc =
            builder
                .create<tile::AllocOp>(
                    alloc->getLoc(),
                    tile::BufType::get(context, shape, type.getElementType(),
                                       type.getMemorySpace()))
                .getOperation();
        chunkAllocs.push_back(chunkAlloc);
        chunks[buffer] = chunkAlloc->getResult(0);
      }
      return chunks;
    };
    // A whole-row buffer beside each load kept on the core.
    llvm::DenseMap<Operation *, Value> residentBuffers, loadedBuffers;
    for (Operation *load : resident) {
      Value buffer = loadedBuffers[load] = load->getOperand(1);
      builder.setInsertionPoint(buffer.getDefiningOp());
      residentBuffers[load] =
          builder
              .create<tile::AllocOp>(buffer.getDefiningOp()->getLoc(),
                                     buffer.getType().cast<tile::BufType>())
              .getOperation()
              ->getResult(0);
    }
    // The loads read again, as they are before the loops move them.
    llvm::DenseMap<Operation *, Operation *> templates;
    for (Segment &segment : segments)
      for (auto &reload : segment.reloads)
        if (!templates.count(reload.second) && !resident.count(reload.second))
          templates[reload.second] = reload.second->clone();
    for (Segment &segment : segments) {
      // A load kept on the core that its own loop does not read stays
      // where it is, whole.
      for (Operation *op : segment.unread) {
        if (resident.count(op))
          op->setOperand(1, residentBuffers[op]);
        else
          op->erase();
      }
      llvm::erase_if(segment.ops,
                     [&](Operation *op) { return segment.unread.count(op); });
      if (segment.ops.empty())
        continue;
      Operation *first = segment.ops.front();
      Location loc = first->getLoc();
      llvm::DenseMap<Value, Value> chunks = makeChunks();
      for (Operation *op : segment.hoisted)
        op->moveBefore(first);
      builder.setInsertionPoint(first);
      // A reduction that starts from nothing starts from its identity.
      for (Operation *op : segment.ops) {
        auto reduce = tile::ReduceOp::dynCast(op);
        if (!reduce || reduce.getAccumulate())
          continue;
        Value dest = op->getOperand(1);
        Type element = dest.getType().cast<tile::BufType>().getElementType();
        double identity = reduce.getKind() == "max"
                              ? -std::numeric_limits<double>::infinity()
                          : reduce.getKind() == "min"
                              ? std::numeric_limits<double>::infinity()
                              : 0.0;
        Value value = builder
                          .create<arith::ConstantOp>(
                              op->getLoc(), builder.getFloatAttr(element, identity))
                          .getOperation()
                          ->getResult(0);
        builder.create<tile::FillOp>(op->getLoc(), dest, value);
        op->setInherentAttr("accumulate", UnitAttr::get(context));
      }
      Value zero = createIndex(builder, loc, 0);
      Value count = createIndex(builder, loc, width / chunk);
      Value one = createIndex(builder, loc, 1);
      auto loop = builder.create<tile::PipelinedOp>(loc, zero, count, one,
                                                    /*stages=*/2);
      Block *body = loop.getBody();
      builder.setInsertionPointToEnd(body);
      Value offset = createBinary<arith::MulIOp>(
          builder, loc, loop.getInductionVar(),
          createIndex(builder, loc, chunk));
      auto place = [&](Operation *op) {
        this->place(op, offset, builder, chunks);
      };
      // The chunk of a load kept on the core: a slice of its rows.
      auto sliceResident = [&](Operation *load) {
        Value buffer = loadedBuffers[load];
        Location sliceLoc = load->getLoc();
        builder.setInsertionPointToEnd(body);
        llvm::SmallVector<Value, 2> offsets;
        if (buffer.getType().cast<tile::BufType>().getRank() == 2)
          offsets.push_back(createIndex(builder, sliceLoc, 0));
        offsets.push_back(offset);
        builder.create<tile::CopyOp>(sliceLoc, residentBuffers[load],
                                     chunks[buffer], offsets);
      };
      size_t nextReload = 0;
      for (Operation *op : segment.ops) {
        while (nextReload < segment.reloads.size() &&
               segment.reloads[nextReload].first == op) {
          Operation *load = segment.reloads[nextReload++].second;
          if (resident.count(load)) {
            sliceResident(load);
            continue;
          }
          Operation *copy = templates[load]->clone();
          body->push_back(copy);
          place(copy);
        }
        if (resident.count(op)) {
          // The whole rows once, before the loop; a slice of them in it.
          op->moveBefore(loop.getOperation());
          op->setOperand(1, residentBuffers[op]);
          sliceResident(op);
          continue;
        }
        op->moveBefore(body, body->end());
        place(op);
      }
    }
    for (auto &entry : templates)
      entry.second->erase();
    for (Value buffer : wide)
      buffer.getDefiningOp()->erase();
    for (Operation *alloc : chunkAllocs)
      if (alloc->getResult(0).use_empty())
        alloc->erase();
  }

  int64_t getWidth() const { return width; }
  /// The widest chunk of whole tiles, up to kMaxChunkTiles, that divides
  /// the rows.
  int64_t getChunkColumns() const {
    int64_t tiles = kMaxChunkTiles;
    while ((width / tile::kTileSize) % tiles != 0)
      --tiles;
    return tiles * tile::kTileSize;
  }
  size_t getNumLoops() const {
    size_t count = 0;
    for (const Segment &segment : segments)
      count += segment.ops.size() > segment.unread.size() ? 1 : 0;
    return count;
  }
  /// The loads that read rows a second time (not those of a load dropped
  /// for being unread in its own loop, nor of one kept on the core).
  size_t getNumReloads() const {
    llvm::SmallPtrSet<Operation *, 8> dropped;
    for (const Segment &segment : segments)
      dropped.insert(segment.unread.begin(), segment.unread.end());
    size_t count = 0;
    for (const Segment &segment : segments)
      for (auto &reload : segment.reloads)
        count += tile::CopyOp::dynCast(reload.second) &&
                 !dropped.count(reload.second) &&
                 !resident.count(reload.second);
    return count;
  }
  size_t getNumResident() const { return resident.size(); }

  /// Chooses the loads whose whole rows stay on the core, so that the
  /// loops after a row reduction slice them instead of reading DRAM again
  /// (tt-metal's layernorm keeps a block of rows in L1 when it fits:
  /// ttnn/cpp/ttnn/operations/normalization/layernorm/device/
  /// layernorm_op_multi_core.cpp, whose large-tensor variant is the
  /// reading again). A load qualifies when a later loop reads it again
  /// and it covers whole rows of its tensor from column 0 (no padding
  /// past the tensor, which a slice would move). Two blocks of its rows
  /// (the next block's read overlapping this one's loops), or one for a
  /// load at constant offsets, must fit `budget` beside the chunks
  /// (`streamedBytes`); 2-d loads come first, then the larger.
  void chooseResident(int64_t streamedBytes, int64_t budget) {
    llvm::SetVector<Operation *> candidates;
    for (const Segment &segment : segments)
      for (auto &reload : segment.reloads) {
        auto copy = tile::CopyOp::dynCast(reload.second);
        if (!copy || !copy.getSource().getType().isa<tile::TensorType>())
          continue;
        auto tensor = copy.getSource().getType().cast<tile::TensorType>();
        llvm::SmallVector<int64_t, 4> dims = copy.getDims();
        std::optional<int64_t> column =
            getConstantInt(copy.getOffsets()[size_t(dims.back())]);
        if (column && *column == 0 &&
            tensor.getShape()[size_t(dims.back())] == width)
          candidates.insert(reload.second);
      }
    llvm::SmallVector<Operation *, 4> order(candidates.begin(),
                                            candidates.end());
    // A load at constant offsets is the same for every block: one copy
    // of its rows serves them all (tile-partition reads it once per core).
    auto bytesOf = [](Operation *load) {
      bool invariant = llvm::all_of(tile::CopyOp(load).getOffsets(),
                                    [](Value v) { return getConstantInt(v); });
      return (invariant ? 1 : 2) *
             getTiledBytes(load->getOperand(1).getType().cast<tile::BufType>());
    };
    llvm::stable_sort(order, [&](Operation *a, Operation *b) {
      int64_t rankA =
          a->getOperand(1).getType().cast<tile::BufType>().getRank();
      int64_t rankB =
          b->getOperand(1).getType().cast<tile::BufType>().getRank();
      if (rankA != rankB)
        return rankA > rankB;
      return bytesOf(a) > bytesOf(b);
    });
    int64_t bytes = streamedBytes;
    for (Operation *load : order)
      if (bytes + bytesOf(load) <= budget) {
        bytes += bytesOf(load);
        resident.insert(load);
      }
  }

  /// The L1 the streamed kernel takes without resident rows, estimated
  /// before the rewrite: the buffers that are not wide, a chunk for each
  /// wide one, and the lowering's extra CBs scaled to the chunk.
  int64_t getStreamedBytes(llvm::ArrayRef<Operation *> allocs,
                           int64_t extraBytes) const {
    int64_t chunk = getChunkColumns(), bytes = 0;
    for (Operation *alloc : allocs) {
      auto type = alloc->getResult(0).getType().cast<tile::BufType>();
      int64_t size = getTiledBytes(type);
      bytes += wide.count(alloc->getResult(0)) ? size / (width / chunk) : size;
    }
    return bytes + extraBytes / (width / chunk);
  }
  size_t getNumRecomputed() const {
    size_t count = 0;
    for (const Segment &segment : segments)
      for (auto &reload : segment.reloads)
        count += bool(tile::ParallelOp::dynCast(reload.second));
    return count;
  }

  std::string reason;

private:
  /// An op of a chunk loop (moved or cloned into it): on chunk buffers,
  /// at the chunk's columns.
  void place(Operation *op, Value offset, OpBuilder &builder,
             llvm::DenseMap<Value, Value> &chunks) {
    for (OpOperand &operand : op->getOpOperands())
      if (wide.count(operand.get()))
        operand.set(chunks[operand.get()]);
    if (auto copy = tile::CopyOp::dynCast(op)) {
      // The column offset of the tensor side moves by the chunk's.
      llvm::SmallVector<int64_t, 4> dims = copy.getDims();
      unsigned index = 2 + unsigned(dims.back());
      Value column = op->getOperand(index);
      builder.setInsertionPoint(op);
      op->setOperand(index, createBinary<arith::AddIOp>(builder, op->getLoc(),
                                                        column, offset));
    }
        // A body's column index counts from the chunk's first column.
        op->walk([&](Operation *inner) {
          auto index = tile::IndexOp::dynCast(inner);
          if (!index || index.getDim() != 1)
            return;
          builder.setInsertionPointAfter(inner);
          Value position = inner->getResult(0);
          Value shifted = createBinary<arith::AddIOp>(builder, inner->getLoc(),
                                                      position, offset);
          position.replaceAllUsesExcept(shifted, shifted.getDefiningOp());
        });
  }

  using Contents = llvm::DenseMap<Value, Content>;

  bool fail(const std::string &why) {
    reason = why;
    return false;
  }

  bool isVector(Value value) const {
    auto type = value.getType().dyn_cast<tile::BufType>();
    return type && !wide.count(value);
  }

  /// Whether `op` works column by column on wide buffers: a copy between a
  /// tensor and a wide buffer, a tile.parallel over [rows, width] whose
  /// other inputs are row vectors, a row reduction of a wide buffer, a fill.
  /// Sets `reason` and returns false with `bad` when it uses one otherwise.
  bool isColumnwise(Operation *op, bool &bad) {
    bool usesWide = false;
    for (Value operand : op->getOperands())
      usesWide |= wide.count(operand) != 0;
    // Loops and branches are looked into (analyzeBlock).
    if (!usesWide)
      return false;
    bad = true;
    if (auto copy = tile::CopyOp::dynCast(op)) {
      Value tensor = copy.getTensorSide();
      if (!tensor)
        return fail("a copy between a wide buffer and another buffer");
      if (copy.getDims().empty())
        return fail("a copy of a wide buffer covers no tensor dimension");
    } else if (auto parallel = tile::ParallelOp::dynCast(op)) {
      llvm::ArrayRef<int64_t> shape = parallel.getIterationShape();
      if (shape.size() != 2 || shape[1] != width)
        return fail("a T.Parallel over a wide buffer is not over its rows "
                    "and columns");
      unsigned numInputs = parallel.getInputs().size();
      for (unsigned i = 0; i < numInputs; ++i) {
        Value input = parallel.getInputs()[i];
        llvm::SmallVector<int64_t, 4> dims = parallel.getInputDims(i);
        bool isWide = wide.count(input) != 0;
        auto type = input.getType().cast<tile::BufType>();
        bool ok = isWide ? (type.getRank() == 2 ? parallel.isIdentityInput(i)
                                                : dims == llvm::ArrayRef<int64_t>{1})
                         : (dims.size() <= 1 && (dims.empty() || dims[0] == 0));
        if (!ok)
          return fail("a T.Parallel input is indexed otherwise than by its "
                      "row and column");
      }
      for (Value output : parallel.getOutputs())
        if (!wide.count(output))
          return fail("a T.Parallel writes a buffer that is not wide");
      // Values from outside the body other than constants would have to
      // be read whole.
    } else if (auto reduce = tile::ReduceOp::dynCast(op)) {
      if (reduce.getDim() != 1 || !wide.count(op->getOperand(0)) ||
          op->getOperand(0).getType().cast<tile::BufType>().getRank() != 2)
        return fail("a reduction of a wide buffer is not along its rows");
      Type element =
          op->getOperand(1).getType().cast<tile::BufType>().getElementType();
      if (!element.isa<FloatType>())
        return fail("an integer reduction of a wide buffer");
    } else if (!tile::FillOp::dynCast(op) && !tile::ClearOp::dynCast(op)) {
      return fail("'" + op->getName().getStringRef().str() + "' uses a wide buffer");
    }
    bad = false;
    return true;
  }

  /// The wide buffers `op` reads and writes (a parallel's output is read
  /// too when it is also an input).
  void getEffects(Operation *op, llvm::SmallVectorImpl<Value> &reads,
                  llvm::SmallVectorImpl<Value> &writes) {
    if (auto copy = tile::CopyOp::dynCast(op)) {
      if (copy.getSource().getType().isa<tile::BufType>())
        reads.push_back(copy.getSource());
    } else if (auto parallel = tile::ParallelOp::dynCast(op)) {
      reads.append(parallel.getInputs().begin(), parallel.getInputs().end());
    } else if (tile::ReduceOp::dynCast(op)) {
      reads.push_back(op->getOperand(0));
    }
    getWrittenBuffers(op, writes);
  }

  /// Whether `op` can join `segment` (it does not read a row vector the
  /// loop's reductions are still computing, and a reduction does not
  /// change a vector the loop reads).
  bool canJoin(Operation *op, const Segment &segment) {
    llvm::SmallVector<Value, 4> reads, writes;
    getEffects(op, reads, writes);
    for (Value value : reads)
      if (isVector(value) && segment.vectorsReduced.count(value))
        return false;
    if (tile::ReduceOp::dynCast(op)) {
      Value dest = op->getOperand(1);
      if (segment.vectorsRead.count(dest) || segment.vectorsReduced.count(dest))
        return false;
    }
    return true;
  }

  void closeSegment(Segment &segment) {
    if (segment.ops.empty())
      return;
    // A load is read by an op after it, or by an op computed again there.
    llvm::DenseSet<Value> readLater;
    for (auto &reload : segment.reloads)
      if (!tile::CopyOp::dynCast(reload.second))
        for (Value input : tile::ParallelOp(reload.second).getInputs())
          readLater.insert(input);
    for (Operation *op : llvm::reverse(segment.ops)) {
      llvm::SmallVector<Value, 4> reads, writes;
      getEffects(op, reads, writes);
      auto copy = tile::CopyOp::dynCast(op);
      if (copy && !readLater.count(copy.getDest()) &&
          copy.getSource().getType().isa<tile::TensorType>()) {
        segment.unread.insert(op);
        continue;
      }
      readLater.insert(reads.begin(), reads.end());
    }
    segments.push_back(std::move(segment));
    segment.clear();
  }

  /// The buffers `op` writes, whichever op it is.
  static void getWrittenBuffers(Operation *op,
                                llvm::SmallVectorImpl<Value> &buffers) {
    if (auto parallel = tile::ParallelOp::dynCast(op)) {
      for (Value output : parallel.getOutputs())
        buffers.push_back(output);
    } else if (tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op)) {
      buffers.push_back(op->getOperand(0));
    } else if (auto copy = tile::CopyOp::dynCast(op)) {
      if (copy.getDest().getType().isa<tile::BufType>())
        buffers.push_back(copy.getDest());
    } else if (tile::ReduceOp::dynCast(op)) {
      buffers.push_back(op->getOperand(1));
    } else if (tile::GemmOp::dynCast(op)) {
      buffers.push_back(op->getOperand(2));
    } else if (tile::Im2ColOp::dynCast(op)) {
      buffers.push_back(op->getOperand(1));
    }
  }

  /// What a wide buffer holds after `op` wrote it (before `contents`
  /// changes for it).
  Content describe(Operation *op, Contents &contents) {
    if (tile::CopyOp::dynCast(op))
      return {Content::Loaded, op, op, {}, {}};
    Content content{Content::Computed, op, nullptr, {}, {}};
    auto parallel = tile::ParallelOp::dynCast(op);
    if (!parallel || parallel.getOutputs().size() != 1)
      return content;
    for (Value input : parallel.getInputs()) {
      if (!wide.count(input)) {
        content.versions.push_back({input, versions[input]});
        continue;
      }
      Content held = contents[input];
      if (held.kind == Content::None || !held.op)
        return content;
      recipes.push_back(held);
      content.inputs.push_back({input, recipes.size() - 1});
    }
    content.op = op;
    return content;
  }

  /// Makes the chunk of wide buffer `value` hold `want` when `op` runs in
  /// `segment`'s loop: as it is when the loop's last write of it is
  /// `want`'s, else by a load again, or by computing it again from its
  /// inputs (themselves had again first, up to a depth of 4). False when
  /// it cannot be had again.
  bool prepare(Value value, const Content &want, Operation *op, Block *block,
               Segment &segment, unsigned depth = 0) {
    auto it = segment.chunksWritten.find(value);
    if (it != segment.chunksWritten.end() && want.writer &&
        it->second == want.writer)
      return true;
    if (want.kind == Content::Loaded && canReload(want.op, block)) {
      segment.reloads.push_back({op, want.op});
      segment.chunksWritten[value] = want.op;
      return true;
    }
    if (want.kind != Content::Computed || !want.op || depth >= 4 ||
        !canReach(want.op, block))
      return false;
    for (auto &[input, version] : want.versions)
      if (versions[input] != version)
        return false;
    for (auto &[input, recipe] : want.inputs) {
      Content inputWant = recipes[recipe];
      if (!prepare(input, inputWant, op, block, segment, depth + 1))
        return false;
    }
    // A reduction later in the loop must not change what it reads.
    for (auto &[input, version] : want.versions)
      segment.vectorsRead.insert(input);
    segment.reloads.push_back({op, want.op});
    segment.chunksWritten[value] = want.op;
    return true;
  }

  /// Whether `op` is nested in `block` (directly or in a region of an op
  /// of it).
  static bool isInBlock(Operation *op, Block *block) {
    for (Block *b = op->getBlock(); b;) {
      if (b == block)
        return true;
      Operation *parent = b->getParentOp();
      b = parent ? parent->getBlock() : nullptr;
    }
    return false;
  }

  /// Whether `load` (a copy from a tensor) can be issued again in `block`:
  /// the block is nested in the load's, so the load's offsets are defined
  /// there, and nothing writes its tensor.
  bool canReload(Operation *load, Block *block) {
    return !writtenTensors.count(tile::CopyOp(load).getSource()) &&
           canReach(load, block);
  }

  /// Whether `block` is nested in the block of `op`, whose operands are
  /// then defined in `block`.
  static bool canReach(Operation *op, Block *block) {
    Operation *parent = block->getParentOp();
    return block == op->getBlock() ||
           (parent && isInBlock(parent, op->getBlock()));
  }

  /// Splits the ops of `block` into loops, following what each wide buffer
  /// holds (`contents`). `entryReads` collects the wide buffers the block
  /// reads before it writes them (what it holds on entry).
  bool analyzeBlock(Block *block, Contents &contents,
                    llvm::DenseSet<Value> &entryReads) {
    Segment segment;
    llvm::DenseSet<Value> written;
    auto close = [&] { closeSegment(segment); };
    llvm::SmallVector<Operation *, 32> ops;
    for (Operation &op : *block)
      ops.push_back(&op);
    for (Operation *op : ops) {
      bool bad = false;
      if (isColumnwise(op, bad)) {
        if (!segment.ops.empty() && !canJoin(op, segment))
          close();
        llvm::SmallVector<Value, 4> reads, writes;
        getEffects(op, reads, writes);
        for (Value value : reads) {
          if (!wide.count(value)) {
            segment.vectorsRead.insert(value);
            continue;
          }
          Content want = contents[value];
          auto chunk = segment.chunksWritten.find(value);
          bool current = chunk != segment.chunksWritten.end() && want.writer &&
                         chunk->second == want.writer;
          if (!current && !written.count(value))
            entryReads.insert(value);
          if (want.kind == Content::None)
            return fail("a wide buffer is read before it is written");
          if (!prepare(value, want, op, block, segment))
            return fail("a wide buffer's whole rows are read again after a "
                        "row reduction, and they cannot be read from DRAM "
                        "or computed again chunk by chunk (computed from "
                        "values that changed since, or by an op other than "
                        "a T.Parallel of one output)");
        }
        llvm::SmallVector<std::pair<Value, Content>, 2> after;
        for (Value value : writes)
          if (wide.count(value))
            after.push_back({value, describe(op, contents)});
        for (auto &[value, content] : after) {
          segment.chunksWritten[value] = op;
          written.insert(value);
          contents[value] = content;
        }
        for (Value value : writes)
          if (!wide.count(value)) {
            segment.vectorsReduced.insert(value);
            ++versions[value];
          }
        segment.ops.push_back(op);
        continue;
      }
      if (bad)
        return false;
      llvm::SmallVector<Value, 2> buffers;
      getWrittenBuffers(op, buffers);
      for (Value value : buffers)
        ++versions[value];
      bool scalar = op->getNumRegions() == 0;
      for (Value operand : op->getOperands())
        scalar &= !operand.getType().isa<tile::BufType>() &&
                  !operand.getType().isa<tile::TensorType>();
      for (Value result : op->getResults())
        scalar &= !result.getType().isa<tile::BufType>();
      if (scalar && !segment.ops.empty()) {
        segment.hoisted.push_back(op);
        continue;
      }
      close();
      for (Region &region : op->getRegions())
        for (Block &inner : region) {
          Contents after = contents;
          llvm::DenseSet<Value> innerReads;
          if (!analyzeBlock(&inner, after, innerReads))
            return false;
          // A buffer the region writes holds its rows only there (a loop
          // may not run, a branch may not be taken); one it also read
          // before writing it would change between a loop's trips.
          for (auto &[value, content] : after) {
            Content before = contents[value];
            if (content.kind == before.kind && content.writer == before.writer)
              continue;
            if (innerReads.count(value))
              return fail("a wide buffer is read in a loop or branch before "
                          "it writes the buffer");
            // Computed by an op not known here: not to be had again.
            Content unknown;
            unknown.kind = Content::Computed;
            contents[value] = unknown;
            written.insert(value);
          }
          for (Value value : innerReads)
            if (!written.count(value))
              entryReads.insert(value);
        }
    }
    close();
    return true;
  }

  tile::KernelOp kernel;
  int64_t width = 0, rows = 0;
  llvm::SetVector<Value> wide;
  llvm::DenseSet<Value> writtenTensors;
  /// How many times each buffer that is not wide has been written so far.
  llvm::DenseMap<Value, int64_t> versions;
  /// The contents the computed buffers' inputs held (Content::inputs).
  std::deque<Content> recipes;
  llvm::SmallVector<Segment, 4> segments;
  /// The loads whose whole rows stay on the core (chooseResident).
  llvm::SmallPtrSet<Operation *, 4> resident;
};

class StreamKernel : public OpRewritePattern<tile::KernelOp> {
public:
  StreamKernel(Context *context, const Target &target)
      : OpRewritePattern(context), target(target) {}

  LogicalResult matchAndRewrite(tile::KernelOp kernel,
                                PatternRewriter &rewriter) const override {
    Operation *op = kernel.getOperation();
    if (op->getAttr(kStreamedAttrName))
      return rewriter.notifyMatchFailure(op, "already streamed");
    llvm::SmallVector<Operation *, 16> allocs;
    int64_t bytes = 0;
    op->walk([&](Operation *inner) {
      if (!tile::AllocOp::dynCast(inner))
        return;
      allocs.push_back(inner);
      bytes +=
          getTiledBytes(inner->getResult(0).getType().cast<tile::BufType>());
    });
    int64_t extraBytes = getLoweringExtraBytes(op);
    bytes += extraBytes;
    int64_t usable = tt::getUsableL1Bytes(target.arch);
    if (bytes <= usable)
      return rewriter.notifyMatchFailure(op, "the buffers fit L1");
    op->setAttr(kStreamedAttrName, UnitAttr::get(op->getContext()));
    RowStreamer streamer(kernel);
    if (!streamer.plan(allocs)) {
      op->emitRemark() << "tile-stream-rows: the buffers of a block need "
                       << bytes << " bytes of L1 (" << target.arch << " has "
                       << usable << " usable), and their rows cannot be "
                          "streamed in chunks: "
                       << streamer.reason;
      return success();
    }
    streamer.chooseResident(streamer.getStreamedBytes(allocs, extraBytes),
                            usable);
    // Counted before the rewrite erases the loads it drops.
    size_t loops = streamer.getNumLoops(), reloads = streamer.getNumReloads(),
           recomputed = streamer.getNumRecomputed(),
           kept = streamer.getNumResident();
    OpBuilder builder(op->getContext());
    streamer.rewrite(builder);
    op->emitRemark() << "tile-stream-rows: the buffers of a block need "
                     << bytes << " bytes of L1 (" << target.arch << " has "
                     << usable << " usable): rows of " << streamer.getWidth()
                     << " columns are computed in chunks of "
                     << streamer.getChunkColumns() << " columns, in "
                     << uint64_t(loops) << " loops (" << uint64_t(kept)
                     << " loads kept whole on the core, " << uint64_t(reloads)
                     << " reads from DRAM again, " << uint64_t(recomputed)
                     << " T.Parallel computed again)";
    return success();
  }

private:
  Target target;
};

class TileStreamRowsPass : public TargetPass {
public:
  llvm::StringRef getArgument() const override { return "tile-stream-rows"; }
  llvm::StringRef getName() const override { return "TileStreamRows"; }
  llvm::StringRef getDescription() const override {
    return "Compute rows too wide for a core's L1 in chunks of columns, "
           "reading them from DRAM again where a row reduction must finish "
           "first";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileStreamRowsPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }
  void runOnOperation() override {
    RewritePatternSet patterns(getContext());
    patterns.add<StreamKernel>(target);
    FrozenRewritePatternSet frozen(std::move(patterns));
    numKernels += walkAndApplyPatterns(getOperation(), frozen);
  }

private:
  Statistic numKernels{this, "num-kernels", "Kernels looked at"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTileStreamRowsPass() {
  return std::make_unique<TileStreamRowsPass>();
}
