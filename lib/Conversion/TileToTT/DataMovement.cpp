//===- DataMovement.cpp - tile-lower-data-movement ------------------------===//
//
// Copies between global tensors and on-core buffers become circular-buffer
// traffic between the reader, compute and writer kernels:
//
//  - `tile.copy %t[%i, %j], %buf` (global to buffer): the buffer becomes an
//    input CB (c_0..c_15). The reader reserves the block's pages, reads
//    every tile of the block with its tensor accessor, waits for the reads
//    and pushes; the compute side waits for the pages where the copy was
//    and pops them after the buffer's last use.
//  - `tile.copy %buf, %t[%i, %j]` (buffer to global): an output CB
//    (c_16..c_23). The writer waits for the block, writes every tile and
//    pops; the compute side gets `tile.copy %buf, %out` into a buffer bound
//    to the output CB, which tile-lower-compute fills.
//  - `tile.pipelined` becomes scf.for; its stage count sets the depth of
//    the CBs its copies fill (stages x tiles per block), so the reader runs
//    ahead of compute. Copies outside a pipelined loop get two blocks of
//    depth (double buffering across the persistent loop).
//
// A buffer bound to a CB is `builtin.unrealized_conversion_cast %cb` from
// then on. Device ops are tagged with their kernel's role (tt.role).
//
// Tile ids: a tensor of rank >= 2, [D0, ..., Dk, M, N], is stored as
// D0 x ... x Dk stacked tiled matrices of Mt x Nt tiles (the padded tile
// counts), so tile (m, n) of matrix (d0, ..., dk) is
// ((d0 * D1 + d1) ... * Mt + m) * Nt + n; a 2-d buffer covers the last two
// dimensions and takes the leading offsets as they are. A 1-d tensor is one
// row of tiles (tile id = offset / 32 + j) and takes only 1-d buffers.
//
// Overhang (the last block of a ceildiv grid): where a block's offsets may
// reach past the tensor's padded extent, each tile is guarded by whether it
// lies inside. The reader fills an outside tile's page with zeros
// (tt.fill_zero_tile, through the L1 pointer as tt-metal's reader kernels
// zero CB pages, e.g. fill_zeros in transformer_tms/kernels/dataflow/
// reader_ssm_prefix_scan.cpp); the writer skips it. Partial tiles inside
// the padded extent are the host's zero padding and are read as they are.
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"
#include "IndexMask.h"
#include "Multicast.h"
#include "ReducePadding.h"
#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/Matchers.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <cstdlib>
#include <limits>
#include <numeric>

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// Marks a copy whose offsets depend on a tile.load (a gather): each core
/// reads its own block, never multicast.
constexpr llvm::StringLiteral kGatherAttrName = "tile.gather";

/// What the pass knows about one partitioned kernel.
struct KernelState {
  /// role -> the one-page CB its kernel reads single elements into.
  llvm::DenseMap<llvm::StringRef, Value> scratch;
  int64_t nextInput = 0, nextOutput = kFirstOutputCB;
  /// (tensor, role) -> its accessor in that role's kernel.
  llvm::DenseMap<std::pair<Value, llvm::StringRef>, Value> accessors;
  llvm::DenseMap<llvm::StringRef, int64_t> numAccessors;
  /// Semaphore ids taken so far (numbered from 0): two per copy shared by
  /// multicast, one per producer of a spread split.
  int64_t numSemaphores = 0;
  /// The first of a spread split's semaphores (tile-fold-atomics'
  /// tile.split_cores: one per producer, on the owner), or -1.
  int64_t splitSemaphores = -1;
  /// The float16 tensors whose precision warning this kernel gave.
  llvm::DenseSet<Value> halfPrecisionWarned;
  /// The CB of tile-fold-atomics' in-place atomics: the writer pushes a
  /// page when the kernel starts and after each atomic's write has landed;
  /// the reader pops one before each atomic's read and one at the end.
  Value writeTokens;
};

struct LoweringState {
  llvm::DenseMap<Operation *, KernelState> kernels;
  bool failed = false;
  /// Whether blocks that rows or columns of cores share are multicast.
  bool multicast = true;
  /// Ops a pattern left unused that come after it in the walk (which
  /// only tolerates erasing the visited op): erased after the walk, in
  /// order.
  llvm::SmallVector<Operation *, 4> unused;
};

/// Index arithmetic with constant right operands, as the readers compute
/// addresses: `math.add(a, math.mul(b, 32))`.
struct IndexMath {
  PatternRewriter &rewriter;
  Location loc;
  Value index(int64_t value) const { return createIndex(rewriter, loc, value); }
  Value add(Value a, Value b) const {
    return createBinary<arith::AddIOp>(rewriter, loc, a, b);
  }
  Value mul(Value a, int64_t b) const {
    return createBinary<arith::MulIOp>(rewriter, loc, a, index(b));
  }
  Value div(Value a, int64_t b) const {
    return createBinary<arith::DivUIOp>(rewriter, loc, a, index(b));
  }
  Value rem(Value a, int64_t b) const {
    return createBinary<arith::RemUIOp>(rewriter, loc, a, index(b));
  }
};

/// The 32-bit word at L1 address `address`, read in `role`'s kernel
/// through the L1 pointer (tt.read_l1_u32).
Value readL1Word(OpBuilder &builder, Location loc, llvm::StringRef role,
                 Value address) {
  return tag(builder.create<tt::ReadL1U32Op>(loc, ValueRange{address})
                 .getOperation(),
             role)
      ->getResult(0);
}

/// Stores `value` at L1 address `address` in `role`'s kernel
/// (tt.write_l1_u32).
void writeL1Word(OpBuilder &builder, Location loc, llvm::StringRef role,
                 Value address, Value value) {
  tag(builder.create<tt::WriteL1U32Op>(loc, ValueRange{address, value})
          .getOperation(),
      role);
}

/// The byte at L1 address `address` in `role`'s kernel, as an i32 in
/// [0, 255]: taken from its aligned word, as a RISC-V loads words.
Value readL1Byte(OpBuilder &builder, Location loc, llvm::StringRef role,
                 Value address) {
  Value word =
      readL1Word(builder, loc, role,
                 createBinary<arith::AndIOp>(builder, loc, address,
                                             createI32(builder, loc, ~3)));
  Value shift = createBinary<arith::MulIOp>(
      builder, loc,
      createBinary<arith::AndIOp>(builder, loc, address,
                                  createI32(builder, loc, 3)),
      createI32(builder, loc, 8));
  return createBinary<arith::AndIOp>(
      builder, loc, createBinary<arith::ShRUIOp>(builder, loc, word, shift),
      createI32(builder, loc, 0xff));
}

/// Moves `bytes` bytes between L1 address `l1` and the NoC address `noc`
/// in `role`'s kernel: a read into L1 (tt.noc_async_read) or a write from
/// it (tt.noc_async_write).
void emitNocTransfer(OpBuilder &builder, Location loc, llvm::StringRef role,
                     bool reading, Value noc, Value l1, Value bytes) {
  if (reading)
    tag(builder.create<tt::NocAsyncReadOp>(loc, ValueRange{noc, l1, bytes})
            .getOperation(),
        role);
  else
    tag(builder.create<tt::NocAsyncWriteOp>(loc, ValueRange{l1, noc, bytes})
            .getOperation(),
        role);
}

/// Whether `value` is provably a multiple of the tile size.
bool isTileAligned(Value value) {
  return tile::getKnownMultiple(value) % tile::kTileSize == 0;
}

/// An upper bound of the non-negative index `value` in a partitioned
/// `kernel`, when it is built from constants, the persistent loop's block id
/// (below the grid's block count), loop variables with bounded upper bounds,
/// block coordinates (remui / divui by constants), sums and products; none
/// otherwise. Saturates instead of wrapping.
std::optional<int64_t> getUpperBound(Value value, tile::KernelOp kernel,
                                     unsigned depth = 0) {
  if (depth > 32)
    return std::nullopt;
  if (std::optional<int64_t> constant = getConstantInt(value))
    return *constant >= 0 ? std::optional<int64_t>(*constant) : std::nullopt;
  auto saturate = [](llvm::Optional<int64_t> result) {
    return result ? *result : std::numeric_limits<int64_t>::max();
  };
  if (auto argument = value.dyn_cast<BlockArgument>()) {
    Operation *owner = argument.getOwner()->getParentOp();
    Value upper;
    if (auto loop = scf::ForOp::dynCast(owner))
      upper = argument.getArgNumber() == 0 ? loop.getUpperBound() : Value();
    else if (auto pipelined = tile::PipelinedOp::dynCast(owner))
      upper =
          argument.getArgNumber() == 0 ? pipelined.getUpperBound() : Value();
    if (!upper)
      return std::nullopt;
    // The persistent loop runs to start + count of tile.block_range: ids
    // below the grid's block count.
    if (Operation *def = upper.getDefiningOp())
      if (arith::AddIOp::dynCast(def))
        if (Operation *range = def->getOperand(0).getDefiningOp())
          if (tile::BlockRangeOp::dynCast(range)) {
            llvm::Optional<int64_t> blocks = 1;
            for (int64_t extent : kernel.getGrid())
              if (blocks)
                blocks = llvm::checkedMul(*blocks, extent);
            return blocks ? *blocks - 1 : std::numeric_limits<int64_t>::max();
          }
    std::optional<int64_t> bound = getUpperBound(upper, kernel, depth + 1);
    if (!bound || *bound == 0)
      return bound;
    return *bound - 1;
  }
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumOperands() != 2)
    return std::nullopt;
  std::optional<int64_t> divisor = getConstantInt(def->getOperand(1));
  // A remainder is below its divisor whatever the dividend (a signed one
  // of a negative dividend is negative: below it too).
  if ((arith::RemUIOp::dynCast(def) || arith::RemSIOp::dynCast(def)) &&
      divisor && *divisor > 0) {
    std::optional<int64_t> lhs =
        getUpperBound(def->getOperand(0), kernel, depth + 1);
    return lhs ? std::min(*lhs, *divisor - 1) : *divisor - 1;
  }
  std::optional<int64_t> lhs =
      getUpperBound(def->getOperand(0), kernel, depth + 1);
  if (!lhs)
    return std::nullopt;
  if (arith::RemUIOp::dynCast(def))
    return divisor && *divisor > 0 ? std::min(*lhs, *divisor - 1) : *lhs;
  if (arith::DivUIOp::dynCast(def))
    return divisor && *divisor > 0 ? std::optional<int64_t>(*lhs / *divisor)
                                   : std::nullopt;
  std::optional<int64_t> rhs =
      getUpperBound(def->getOperand(1), kernel, depth + 1);
  if (!rhs)
    return std::nullopt;
  if (arith::AddIOp::dynCast(def))
    return saturate(llvm::checkedAdd(*lhs, *rhs));
  if (arith::MulIOp::dynCast(def))
    return saturate(llvm::checkedMul(*lhs, *rhs));
  return std::nullopt;
}

/// Where a copy's block lies in its tensor's DRAM pages.
struct TileAddressing {
  /// The leading (batch) offsets and the tensor's extents there.
  llvm::SmallVector<Value, 2> leadingOffsets;
  llvm::SmallVector<int64_t, 2> leadingExtents;
  /// The offsets of the tiled dimensions (none for a 1-d tensor's rows).
  Value rowOffset, columnOffset;
  /// The tensor's padded tile counts (1 row for a 1-d tensor).
  int64_t rowTiles = 1, columnTiles = 1;
};

class LoadLowering;
class Im2ColLowering;

class CopyLowering : public OpRewritePattern<tile::CopyOp> {
  friend class LoadLowering;
  friend class Im2ColLowering;

public:
  CopyLowering(Context *context, LoweringState &state)
      : OpRewritePattern(context), state(state) {}

  LogicalResult matchAndRewrite(tile::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    Operation *op = copy.getOperation();
    auto sourceTensor = copy.getSource().getType().dyn_cast<tile::TensorType>();
    auto destTensor = copy.getDest().getType().dyn_cast<tile::TensorType>();
    if (!sourceTensor && !destTensor)
      return rewriter.notifyMatchFailure(op, "buffer to buffer: compute");
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    if (!kernel || !kernel->getAttr(tile::kPartitionAttrName))
      return fail(op, "copies are lowered in partitioned kernels (run "
                      "tile-partition first)");
    tile::TensorType tensorType = sourceTensor ? sourceTensor : destTensor;
    Value tensor = sourceTensor ? copy.getSource() : copy.getDest();
    Value buffer = sourceTensor ? copy.getDest() : copy.getSource();
    auto bufType = buffer.getType().dyn_cast<tile::BufType>();
    std::optional<tile::TileLayout> layout = tile::TileLayout::get(tensorType);
    if (!layout)
      return fail(op, "the tensor has no tile layout (run tile-legalize "
                      "first)");
    if (!bufType || bufType.getRank() > 2)
      return fail(op, "only 1-d and 2-d buffers are supported (circular "
                      "buffers hold the tiles of a matrix)");
    if (op->hasAttr(kReadAfterWritesAttrName)) {
      // tile-fold-atomics' in-place atomic: its read waits until the
      // writer's previous write of such a slice has landed (the split runs
      // on this core), its write lets the next read go once it has.
      Value tokens = getWriteTokens(
          rewriter, kernel, state.kernels[kernel.getOperation()], op->getLoc());
      if (!tokens)
        return fail(op, "no circular buffer left for the order of in-place "
                        "atomics (16 input CBs in use)");
      Location loc = op->getLoc();
      if (sourceTensor) {
        rewriter.setInsertionPoint(op);
        tag(rewriter.create<cb::WaitFrontOp>(loc, tokens, 1).getOperation(),
            "reader");
        tag(rewriter.create<cb::PopFrontOp>(loc, tokens, 1).getOperation(),
            "reader");
      } else {
        // After the lowered write, which takes op's place.
        rewriter.setInsertionPointAfter(op);
        tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
            "writer");
        tag(rewriter.create<cb::ReserveBackOp>(loc, tokens, 1).getOperation(),
            "writer");
        tag(rewriter.create<cb::PushBackOp>(loc, tokens, 1).getOperation(),
            "writer");
      }
    }
    if ((op->hasAttr(kSplitWaitAttrName) ||
         op->hasAttr(kSplitSignalAttrName)) &&
        failed(orderSplit(rewriter, copy, kernel,
                          state.kernels[kernel.getOperation()])))
      return failure();
    if (layout->rowMajor && copy.isColumn())
      return lowerColumn(rewriter, copy, tensor, buffer, *layout);
    if (bufType.getRank() == 1 && tensorType.getRank() >= 2 &&
        layout->rowMajor && copy.coversTrailingDims())
      return lowerVector(rewriter, copy, tensor, buffer, *layout);
    if (bufType.getRank() == 1 && tensorType.getRank() != 1)
      return fail(op, "a 1-d buffer is copied from or to a 1-d tensor only: "
                      "on the core it is a column vector, in a tensor of "
                      "rank " +
                          llvm::Twine(tensorType.getRank()) +
                          " it would be a row");
    if (bufType.getRank() == 2 && tensorType.getRank() < 2)
      return fail(op, "a 2-d buffer is copied from or to a tensor of rank 2 "
                      "or more");
    if (layout->rowMajor)
      return lowerSticks(rewriter, copy, tensor, buffer, *layout);
    if (!copy.coversTrailingDims())
      return fail(op, "a slice over non-trailing dimensions is read from a "
                      "row-major tensor only (tile-legalize stores such "
                      "tensors row-major)");
    auto allOffsets = copy.getOffsets();
    size_t leading = tensorType.getRank() - bufType.getRank();
    for (size_t d = leading; d < allOffsets.size(); ++d)
      if (!isTileAligned(allOffsets[d]))
        return fail(op, "copy offsets must be multiples of 32 (whole tiles); "
                        "this one is not provably so");
    if (sourceTensor &&
        bufType.getElementType() != tensorType.getElementType())
      return fail(op, "a read from DRAM copies bytes: the buffer must have "
                      "the tensor's element type");
    // What the pages hold: the element type, or a block float the
    // unpacker turns into bf16 (tile-legalize allows such a tensor only as
    // a source of tiles tile.gemm multiplies).
    Type format = tensorType.getElementType();
    if (!layout->format.empty()) {
      if (!sourceTensor)
        return fail(op, "a block-float tensor is not written by kernels yet");
      format = cb::BlockFloatType::get(op->getContext(), layout->format);
    }

    KernelState &kernelState = state.kernels[kernel.getOperation()];
    Location loc = op->getLoc();
    warnHalfPrecision(copy, kernel, kernelState);
    auto [rows, columns] = getTileGrid(bufType.getShape());
    int64_t tiles = rows * columns;
    int64_t pageSize = layout->pageSize;
    bool reading = bool(sourceTensor);
    // A block other cores read at the same step too: the first core of the
    // group reads it and multicasts it (Multicast.h). As in tt-metal's
    // multicast matmul, a block shared down a column (B) is read and
    // multicast by the writer kernel on NoC 0, beside the reader's A on
    // NoC 1, so that the two handshakes overlap
    // (reader_bmm_tile_layout_in1_sender_writer_padding.cpp).
    std::optional<MulticastPlan> plan;
    bool inPlace = op->hasAttr(kReadAfterWritesAttrName);
    if (reading && state.multicast && !op->hasAttr(kGatherAttrName) && !inPlace)
      plan = planMulticast(kernel, copy);
    // A shared copy takes two semaphores; past the core's semaphores the
    // copy is read by every core itself instead.
    if (plan &&
        kernelState.numSemaphores + 2 > int64_t(tt::kMaxSemaphoresPerCore))
      plan.reset();
    llvm::StringRef role =
        reading && !(plan && !plan->alongRows) ? "reader" : "writer";
    // A block converted to the tensor's type on its way out (a GEMM's f32
    // accumulator written as bf16) passes through an output CB of two tile
    // rows: compute converts a row at a time and the writer writes it
    // while compute converts the next, as tt-metal's matmul writers drain
    // the output by sub-block rows. The block's pages in the output type
    // need not fit L1 beside the accumulator.
    // Only for a block a gemm leaves (a T.Parallel's or a reduction's
    // result is packed straight into a whole-block output CB instead).
    bool streamRows = !reading && rows > 2 &&
                      bufType.getElementType() != tensorType.getElementType() &&
                      isGemmResult(op, buffer);

    // The circular buffer.
    int64_t stages = getStages(op, kernel);
    Value cb;
    if (reading) {
      cb = bindInputCB(rewriter, op, kernel, kernelState, buffer, format,
                       pageSize, stages * tiles, tiles);
      if (!cb)
        return failure();
    } else {
      if (kernelState.nextOutput > 23)
        return fail(op, "more than 8 output circular buffers (c_16..c_23) in "
                        "one kernel");
      int64_t block = streamRows ? columns : tiles;
      cb = createCBAtTop(rewriter, kernel, loc, kernelState.nextOutput++,
                         tensorType.getElementType(), pageSize, 2 * block);
      markDoubleBuffered(cb, block);
    }

    Value accessor =
        getAccessor(rewriter, kernel, kernelState, tensor, role, pageSize);

    if (!reading) {
      // The compute side fills the output CB from the buffer
      // (tile-lower-compute packs into it); the writer drains it.
      rewriter.setInsertionPoint(op);
      auto outType = tile::BufType::get(
          op->getContext(), bufType.getShape(), tensorType.getElementType(),
          tile::MemorySpace::Shared);
      Value out = rewriter
                      .create<UnrealizedConversionCastOp>(
                          loc, TypeRange{outType}, ValueRange{cb})
                      .getOperation()
                      ->getResult(0);
      rewriter.create<tile::CopyOp>(loc, buffer, out);
    }

    // The tile loops of the block.
    rewriter.setInsertionPoint(op);
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    Value thirtyTwo = createIndex(rewriter, loc, tile::kTileSize);
    TileAddressing addressing =
        getAddressing(copy, tensorType.getShape(), layout->paddedShape);
    Value rowTile = addressing.rowOffset
                        ? createBinary<arith::DivUIOp>(
                              rewriter, loc, addressing.rowOffset, thirtyTwo)
                        : zero;
    Value columnTile = createBinary<arith::DivUIOp>(
        rewriter, loc, addressing.columnOffset, thirtyTwo);
    // The first tile of the block's matrix: (leading offsets folded) * Mt.
    Value matrixTile = zero;
    for (size_t d = 0; d < addressing.leadingOffsets.size(); ++d)
      matrixTile = createBinary<arith::AddIOp>(
          rewriter, loc,
          createBinary<arith::MulIOp>(
              rewriter, loc, matrixTile,
              createIndex(rewriter, loc, addressing.leadingExtents[d])),
          addressing.leadingOffsets[d]);
    if (!addressing.leadingOffsets.empty())
      rowTile = createBinary<arith::AddIOp>(
          rewriter, loc,
          createBinary<arith::MulIOp>(
              rewriter, loc, matrixTile,
              createIndex(rewriter, loc, addressing.rowTiles)),
          rowTile);
    // Whether the block may overhang the padded tensor, per dimension; the
    // leading dimensions' test is the same for every tile of the block.
    Value inside = getLeadingInside(rewriter, loc, kernel, addressing);
    bool guardRows = addressing.rowOffset &&
                     mayOverhang(kernel, addressing.rowOffset, rows,
                                 addressing.rowTiles);
    bool guardColumns = mayOverhang(kernel, addressing.columnOffset, columns,
                                    addressing.columnTiles);
    Value firstRowTile = addressing.rowOffset
                             ? createBinary<arith::DivUIOp>(
                                   rewriter, loc, addressing.rowOffset,
                                   thirtyTwo)
                             : zero;
    int64_t tensorColumns = addressing.columnTiles;

    // The wait for the block and its L1 address (per row when streamed).
    auto beginPages = [&](int64_t pages) {
      if (reading)
        tag(rewriter.create<cb::ReserveBackOp>(loc, cb, pages).getOperation(),
            role);
      else
        tag(rewriter.create<cb::WaitFrontOp>(loc, cb, pages).getOperation(),
            role);
      return reading ? tag(rewriter.create<cb::GetWritePtrOp>(loc, cb)
                               .getOperation(),
                           role)
                           ->getResult(0)
                     : tag(rewriter.create<cb::GetReadPtrOp>(loc, cb)
                               .getOperation(),
                           role)
                           ->getResult(0);
    };
    Value l1Base = streamRows ? Value() : beginPages(tiles);
    scf::IfOp multicast;
    std::string prefix;
    int64_t semaphores = 0;
    if (plan) {
      prefix = "cb" + std::to_string(getCBIndex(cb)) + "_mcast";
      semaphores = kernelState.numSemaphores;
      kernelState.numSemaphores += 2;
      addMulticastArgs(kernel, *plan, prefix, role);
      Value sender =
          rewriter.create<tile::CoreArgOp>(loc, prefix + "_sender")
              .getOperation()
              ->getResult(0);
      Value isSender = rewriter
                           .create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne,
                                                  sender,
                                                  createI32(rewriter, loc, 0))
                           .getOperation()
                           ->getResult(0);
      multicast = rewriter.create<scf::IfOp>(loc, TypeRange{}, isSender,
                                             /*withElse=*/true);
      rewriter.setInsertionPoint(
          multicast.getOperation()->getRegion(0).front().getTerminator());
    }
    auto rowLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, rows), one);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    if (streamRows)
      l1Base = beginPages(columns);
    auto columnLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, columns), one);
    rewriter.setInsertionPointToStart(columnLoop.getBody());
    Value i = rowLoop.getInductionVar(), j = columnLoop.getInductionVar();
    Value tileRow = createBinary<arith::AddIOp>(rewriter, loc, rowTile, i);
    Value tileColumn = createBinary<arith::AddIOp>(rewriter, loc, columnTile, j);
    Value tileId = createBinary<arith::AddIOp>(
        rewriter, loc,
        createBinary<arith::MulIOp>(rewriter, loc, tileRow,
                                    createIndex(rewriter, loc, tensorColumns)),
        tileColumn);
    Value page =
        streamRows
            ? j
            : createBinary<arith::AddIOp>(
                  rewriter, loc,
                  createBinary<arith::MulIOp>(
                      rewriter, loc, i, createIndex(rewriter, loc, columns)),
                  j);
    Value l1 = createBinary<arith::AddIOp>(
        rewriter, loc, l1Base,
        createBinary<arith::MulIOp>(rewriter, loc, toI32(rewriter, loc, page),
                                    createI32(rewriter, loc, pageSize)));
    Value id = toI32(rewriter, loc, tileId);
    auto both = [&](Value a, Value b) {
      return a ? createBinary<arith::AndIOp>(rewriter, loc, a, b) : b;
    };
    if (guardRows)
      inside = both(inside, createLess(rewriter, loc,
                                       createBinary<arith::AddIOp>(
                                           rewriter, loc, firstRowTile, i),
                                       addressing.rowTiles));
    if (guardColumns)
      inside = both(inside,
                    createLess(rewriter, loc, tileColumn, tensorColumns));
    auto emitTransfer = [&] {
      if (reading)
        tag(rewriter
                .create<tt::NocAsyncReadTileOp>(
                    loc, ValueRange{id, accessor, l1})
                .getOperation(),
            role);
      else
        tag(rewriter
                .create<tt::NocAsyncWriteTileOp>(
                    loc, ValueRange{id, accessor, l1})
                .getOperation(),
            role);
    };
    // A tile past the padded tensor: zeros in the reader's page.
    emitGuarded(rewriter, loc, inside, reading, role, l1, pageSize,
                emitTransfer);
    if (streamRows) {
      // The row's writes have left L1 before its pages go back.
      rewriter.setInsertionPointAfter(columnLoop.getOperation());
      tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
          role);
      tag(rewriter.create<cb::PopFrontOp>(loc, cb, columns).getOperation(),
          role);
    }
    rewriter.setInsertionPointAfter(rowLoop.getOperation());
    if (reading) {
      tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(), role);
      if (plan) {
        emitMulticast(rewriter, loc, multicast, prefix, semaphores, l1Base,
                      tiles * pageSize, role);
        rewriter.setInsertionPointAfter(multicast.getOperation());
      }
      tag(rewriter.create<cb::PushBackOp>(loc, cb, tiles).getOperation(), role);
    } else if (!streamRows) {
      tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
          role);
      tag(rewriter.create<cb::PopFrontOp>(loc, cb, tiles).getOperation(), role);
    }

    if (reading)
      emitComputeUse(rewriter, loc, op, buffer, cb, tiles);
    rewriter.eraseOp(op);
    return success();
  }

  /// A float16 tensor written by a kernel with an fp32 DST keeps bfloat16
  /// precision: with fp32_dest_acc_en the packer converts into a Float16
  /// CB from Float16_b (tt-metal jit_build/data_format.cpp; the emulator
  /// models it, docs/emulator.md). TileLang's fp16 GEMM outputs are such
  /// tensors, so the user is told once per tensor, with the remedy.
  static void warnHalfPrecision(tile::CopyOp copy, tile::KernelOp kernel,
                                KernelState &kernelState) {
    Value tensor = copy.getDest();
    auto type = tensor.getType().dyn_cast<tile::TensorType>();
    if (!type || !type.getElementType().isF16() ||
        !computesF32(kernel.getOperation()) ||
        !kernelState.halfPrecisionWarned.insert(tensor).second)
      return;
    copy.getOperation()->emitWarning()
        << "this float16 tensor is written by a kernel that computes in "
           "fp32 (an fp32 DST): Tenstorrent's packer converts fp32 to "
           "float16 through Float16_b (tt-metal jit_build/data_format.cpp), "
           "so the values keep bfloat16 precision (8 significant bits, "
           "relative errors up to 2^-8); write it as float32 to keep the fp32 "
           "result, or as bfloat16 to say what it holds";
  }

  /// The order of a spread split's workspace (tile-fold-atomics): before
  /// the owner's read of producer q's slice (the copy's first offset), its
  /// reader waits for semaphore q; after a producer's write of its slice
  /// has landed, its writer increments semaphore p of the owner, whose NoC
  /// coordinates each producer is given (core args `split_owner_x` and
  /// `split_owner_y`). Each block has a core of its own, so a semaphore
  /// counts to 1. This is the handshake of tt-metal's multicast matmul
  /// with DRAM in between: a write has landed when
  /// noc_async_write_barrier returns, and noc_semaphore_inc reaches the
  /// owner after it.
  LogicalResult orderSplit(PatternRewriter &rewriter, tile::CopyOp copy,
                           tile::KernelOp kernel,
                           KernelState &kernelState) const {
    Operation *op = copy.getOperation();
    Location loc = op->getLoc();
    auto split = kernel.getOperation()
                     ->getAttr(kSplitCoresAttrName)
                     .dyn_cast_or_null<DenseArrayAttr>();
    if (!split || split.getIntValues().size() != 2 ||
        copy.getOffsets().empty())
      return fail(op, "a split's workspace copy in a kernel without "
                      "tile.split_cores");
    int64_t producers = split.getIntValues()[1] - 1;
    if (kernelState.splitSemaphores < 0) {
      if (failed(addSplitArgs(kernel, split.getIntValues()[0],
                              split.getIntValues()[1])))
        return fail(op, "a spread split needs a core for each block; the "
                        "partition gives a core several");
      kernelState.splitSemaphores = kernelState.numSemaphores;
      kernelState.numSemaphores += producers;
      if (kernelState.numSemaphores > tt::kMaxSemaphoresPerCore)
        return fail(op, "more than " + llvm::Twine(tt::kMaxSemaphoresPerCore) +
                            " semaphores in one kernel");
    }
    bool waiting = op->hasAttr(kSplitWaitAttrName);
    llvm::StringRef role = waiting ? "reader" : "writer";
    Value index = copy.getOffsets()[0];
    Value one = createI32(rewriter, loc, 1);
    Value ownerX, ownerY;
    if (waiting) {
      rewriter.setInsertionPoint(op);
    } else {
      // After the lowered write, which takes op's place.
      rewriter.setInsertionPointAfter(op);
      tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
          role);
      ownerX = rewriter.create<tile::CoreArgOp>(loc, "split_owner_x")
                   .getOperation()
                   ->getResult(0);
      ownerY = rewriter.create<tile::CoreArgOp>(loc, "split_owner_y")
                   .getOperation()
                   ->getResult(0);
    }
    // get_semaphore takes a constant id: one branch per producer.
    for (int64_t q = 0; q < producers; ++q) {
      Value matches = rewriter
                          .create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                                 index,
                                                 createIndex(rewriter, loc, q))
                          .getOperation()
                          ->getResult(0);
      auto branch = rewriter.create<scf::IfOp>(loc, TypeRange{}, matches,
                                               /*withElse=*/false);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(
          branch.getOperation()->getRegion(0).front().getTerminator());
      Value semaphore =
          tag(rewriter
                  .create<tt::GetSemaphoreOp>(
                      loc, ValueRange{},
                      llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>>{
                          {"id", kernelState.splitSemaphores + q}})
                  .getOperation(),
              role)
              ->getResult(0);
      if (waiting) {
        tag(rewriter
                .create<tt::NocSemaphoreWaitOp>(loc,
                                                ValueRange{semaphore, one})
                .getOperation(),
            role);
        continue;
      }
      Value remote =
          tag(rewriter
                  .create<tt::GetNocAddrOp>(
                      loc, ValueRange{ownerX, ownerY, semaphore})
                  .getOperation(),
              role)
              ->getResult(0);
      tag(rewriter.create<tt::NocSemaphoreIncOp>(loc, ValueRange{remote, one})
              .getOperation(),
          role);
    }
    rewriter.setInsertionPoint(op);
    return success();
  }

  /// The NoC coordinates of each producer's owner (core args
  /// `split_owner_x`, `split_owner_y`; 0 on the owners): the core of the
  /// block with the same indices but the last index of grid dimension
  /// `dim`. Fails unless every core runs at most one block.
  static LogicalResult addSplitArgs(tile::KernelOp kernel, int64_t dim,
                                    int64_t cores) {
    Operation *op = kernel.getOperation();
    Context *context = op->getContext();
    std::optional<PartitionCores> partitionCores = getPartitionCores(kernel);
    llvm::ArrayRef<int64_t> grid = kernel.getGrid();
    if (!partitionCores || dim < 0 || dim >= int64_t(grid.size()))
      return failure();
    auto partition =
        op->getAttr(tile::kPartitionAttrName).cast<DictionaryAttr>();
    int64_t columns = partitionCores->columns;
    llvm::ArrayRef<int64_t> ranges = partitionCores->ranges;
    int64_t stride = 1;
    for (int64_t d = 0; d < dim; ++d)
      stride *= grid[d];
    llvm::DenseMap<int64_t, int64_t> coreOfBlock;
    for (int64_t core = 0; 2 * core + 1 < int64_t(ranges.size()); ++core) {
      if (ranges[2 * core + 1] > 1)
        return failure();
      if (ranges[2 * core + 1] == 1)
        coreOfBlock[ranges[2 * core]] = core;
    }
    auto integer = [&](int64_t value) -> Attribute {
      return IntegerAttr::get(IntegerType::get(context, 64), value);
    };
    auto noc = [&](int64_t axis, int64_t index) {
      return tt::getNocCoordinateAttr(
          context, {tt::NocCoordinate::Axis(axis), index});
    };
    llvm::SmallVector<Attribute, 64> xs, ys;
    for (int64_t core = 0; 2 * core + 1 < int64_t(ranges.size()); ++core) {
      Attribute x = integer(0), y = integer(0);
      if (ranges[2 * core + 1] == 1) {
        int64_t block = ranges[2 * core];
        int64_t index = (block / stride) % grid[dim];
        if (index != cores - 1) {
          auto owner =
              coreOfBlock.find(block + (cores - 1 - index) * stride);
          if (owner == coreOfBlock.end())
            return failure();
          x = noc(0, owner->second % columns);
          y = noc(1, owner->second / columns);
        }
      }
      xs.push_back(x);
      ys.push_back(y);
    }
    NamedAttrList entries(partition);
    NamedAttrList args;
    if (auto old = partition.get(tile::kCoreArgsAttrName)
                       .dyn_cast_or_null<DictionaryAttr>())
      args = NamedAttrList(old);
    args.set("split_owner_x", ArrayAttr::get(context, xs));
    args.set("split_owner_y", ArrayAttr::get(context, ys));
    entries.set(tile::kCoreArgsAttrName, args.getDictionary(context));
    op->setAttr(tile::kPartitionAttrName, entries.getDictionary(context));
    return success();
  }

  /// The kernel's CB of write tokens (KernelState::writeTokens), made with
  /// its first push (writer, at the top) and last pop (reader, at the end)
  /// on first use; null when no input CB index is left.
  static Value getWriteTokens(PatternRewriter &rewriter, tile::KernelOp kernel,
                              KernelState &kernelState, Location loc) {
    if (kernelState.writeTokens || kernelState.nextInput > 15)
      return kernelState.writeTokens;
    OpBuilder::InsertionGuard guard(rewriter);
    Value tokens =
        createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++,
                      rewriter.getI32Type(), /*pageSize=*/32, /*pages=*/2);
    kernelState.writeTokens = tokens;
    rewriter.setInsertionPointAfter(tokens.getDefiningOp());
    Block *top = kernel.getBody();
    Block::iterator point = rewriter.getInsertionPoint();
    while (point != top->end() && cb::AllocOp::dynCast(&*point))
      ++point;
    rewriter.setInsertionPoint(top, point);
    tag(rewriter.create<cb::ReserveBackOp>(loc, tokens, 1).getOperation(),
        "writer");
    tag(rewriter.create<cb::PushBackOp>(loc, tokens, 1).getOperation(),
        "writer");
    rewriter.setInsertionPointToEnd(top);
    tag(rewriter.create<cb::WaitFrontOp>(loc, tokens, 1).getOperation(),
        "reader");
    tag(rewriter.create<cb::PopFrontOp>(loc, tokens, 1).getOperation(),
        "reader");
    return tokens;
  }

private:
  /// The blocks of depth of the CB a copy fills: the stages of the
  /// tile.pipelined around `op`, else 2 (double buffering across the
  /// persistent loop); 1 for a copy before that loop (tile-partition's
  /// loads every block shares), which runs once.
  static int64_t getStages(Operation *op, tile::KernelOp kernel) {
    if (op->getParentOp() == kernel.getOperation())
      return 1;
    for (Operation *parent = op->getParentOp(); parent != kernel.getOperation();
         parent = parent->getParentOp())
      if (auto pipelined = tile::PipelinedOp::dynCast(parent))
        return pipelined.getStages();
    return 2;
  }

  /// The input CB (c_0..c_15) of `buffer`, which `op` fills from DRAM: the
  /// one it is bound to, or a new one of `pages` pages of `format` (two
  /// blocks of `blockPages` when double-buffered) that stands for it from
  /// then on (`buffer` becomes the cast of it). Null after an error.
  Value bindInputCB(PatternRewriter &rewriter, Operation *op,
                    tile::KernelOp kernel, KernelState &kernelState,
                    Value &buffer, Type format, int64_t pageSize, int64_t pages,
                    int64_t blockPages) const {
    if (Value bound = getBoundCB(buffer))
      return bound;
    if (kernelState.nextInput > 15) {
      (void)fail(op, "more than 16 input circular buffers (c_0..c_15) in one "
                     "kernel");
      return Value();
    }
    auto alloc = buffer.getDefiningOp<tile::AllocOp>();
    if (!alloc) {
      (void)fail(op, "the destination buffer must come from tile.alloc");
      return Value();
    }
    Location loc = op->getLoc();
    Value cb = createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++,
                             format, pageSize, pages);
    markDoubleBuffered(cb, blockPages);
    rewriter.setInsertionPointAfter(alloc.getOperation());
    Value cast = rewriter
                     .create<UnrealizedConversionCastOp>(
                         loc, TypeRange{buffer.getType()}, ValueRange{cb})
                     .getOperation()
                     ->getResult(0);
    // The alloc is left dead (the walk may only erase the op it is on); the
    // pass erases it at the end.
    rewriter.replaceAllUsesWith(alloc.getOperation()->getResult(0), cast);
    buffer = cast;
    return cb;
  }

  /// `transfer`, where `inside` holds (everywhere when it is null): past
  /// the tensor the reader zeros the `bytes` at `l1` (tt.fill_zero_tile)
  /// and the writer writes nothing.
  static void emitGuarded(PatternRewriter &rewriter, Location loc, Value inside,
                          bool reading, llvm::StringRef role, Value l1,
                          int64_t bytes, llvm::function_ref<void()> transfer) {
    if (!inside) {
      transfer();
      return;
    }
    Operation *guard =
        rewriter
            .create<scf::IfOp>(loc, TypeRange{}, inside, /*withElse=*/reading)
            .getOperation();
    rewriter.setInsertionPoint(guard->getRegion(0).front().getTerminator());
    transfer();
    if (!reading)
      return;
    rewriter.setInsertionPoint(guard->getRegion(1).front().getTerminator());
    tag(rewriter
            .create<tt::FillZeroTileOp>(
                loc, ValueRange{l1, createI32(rewriter, loc, bytes)})
            .getOperation(),
        role);
  }

  /// Whether the reader places row-major data in tiles itself
  /// (emitReaderTilize) instead of compute tilizing it: for fp16 data in a
  /// kernel with an fp32 DST, since compute's tilize goes through DST and
  /// an fp32 DST packs into a Float16 CB from Float16_b (tt-metal
  /// jit_build/data_format.cpp, docs/emulator.md), which would keep only
  /// bf16 precision of each value.
  static bool needsReaderTilize(tile::KernelOp kernel, Type element) {
    return element.isF16() && computesF32(kernel.getOperation());
  }

  /// The reader's tilize of tile row `tileRow` of a block of `columns`
  /// tiles: its 32 rows lie at `rows` (row r at r x columns x 32 elements),
  /// and each run of 16 elements of a row is one face row of a tile, copied
  /// to its place in the tiles at `tiles` with a NoC read of the core's own
  /// L1 (16-byte aligned on both sides), then waits for the copies (the
  /// scratch rows are refilled next). Exact: bytes move, no format
  /// conversion.
  static void emitReaderTilize(PatternRewriter &rewriter, Location loc,
                               Value rows, Value tiles, Value tileRow,
                               int64_t columns, Type element) {
    int64_t bytes = tile::getElementBytes(element);
    int64_t tileBytes = getTileBytes(element);
    int64_t rowBytes = columns * tile::kTileSize * bytes;
    int64_t faceRowBytes = 16 * bytes;
    auto i32 = [&](int64_t value) { return createI32(rewriter, loc, value); };
    auto add = [&](Value a, Value b) {
      return createBinary<arith::AddIOp>(rewriter, loc, a, b);
    };
    auto mul = [&](Value a, int64_t b) {
      return createBinary<arith::MulIOp>(rewriter, loc, a, i32(b));
    };
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    Value firstTile = mul(toI32(rewriter, loc, tileRow), columns * tileBytes);
    // For each row of the tile row, each of its 2 x columns face rows.
    auto rowLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, tile::kTileSize), one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    Value r = toI32(rewriter, loc, rowLoop.getInductionVar());
    // Row r of a tile is row r % 16 of face 2 (r / 16) + q.
    Value faceRowBase =
        add(mul(createBinary<arith::DivUIOp>(rewriter, loc, r, i32(16)),
                2 * 256 * bytes),
            mul(createBinary<arith::RemUIOp>(rewriter, loc, r, i32(16)),
                faceRowBytes));
    Value source = add(rows, mul(r, rowBytes));
    Value dest = add(add(tiles, firstTile), faceRowBase);
    auto runLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, 2 * columns), one);
    rewriter.setInsertionPointToStart(runLoop.getBody());
    Value q = toI32(rewriter, loc, runLoop.getInductionVar());
    // Run q of the row: tile q / 2, face column q % 2.
    Value from = add(source, mul(q, faceRowBytes));
    Value to = add(
        add(dest, mul(createBinary<arith::DivUIOp>(rewriter, loc, q, i32(2)),
                      tileBytes)),
        mul(createBinary<arith::RemUIOp>(rewriter, loc, q, i32(2)),
            256 * bytes));
    Value address =
        tag(rewriter.create<tt::GetLocalNocAddrOp>(loc, ValueRange{from})
                .getOperation(),
            "reader")
            ->getResult(0);
    tag(rewriter
            .create<tt::NocAsyncReadOp>(
                loc, ValueRange{address, to, i32(faceRowBytes)})
            .getOperation(),
        "reader");
    rewriter.setInsertionPointAfter(rowLoop.getOperation());
    tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(),
        "reader");
  }

  /// Whether `copy` reads one-byte integers (bool, int8, uint8) into an
  /// int32 buffer, widening them.
  static bool isWidening(tile::CopyOp copy) {
    auto tensor = copy.getSource().getType().dyn_cast<tile::TensorType>();
    auto buf = copy.getDest().getType().dyn_cast<tile::BufType>();
    if (!tensor || !buf)
      return false;
    auto narrow = tensor.getElementType().dyn_cast<IntegerType>();
    return narrow && narrow.getWidth() <= 8 &&
           (buf.getElementType().isSignlessInteger(32) ||
            buf.getElementType().isF32());
  }

  /// The f32 bits of `value`, an int32 in [-255, 255] (a widened byte),
  /// computed with integer instructions (the RISC-V cores have no FPU):
  /// the exponent is the highest set bit's position, the mantissa the
  /// bits below it. Exact.
  static Value emitSmallIntToF32Bits(PatternRewriter &rewriter, Location loc,
                                     Value value) {
    auto i32 = [&](int64_t v) { return createI32(rewriter, loc, v); };
    auto cmp = [&](arith::CmpIPredicate predicate, Value a, Value b) {
      return createCmpI(rewriter, loc, predicate, a, b);
    };
    auto select = [&](Value c, Value a, Value b) {
      return createSelect(rewriter, loc, c, a, b);
    };
    Value negative = cmp(arith::CmpIPredicate::slt, value, i32(0));
    Value magnitude = select(
        negative, createBinary<arith::SubIOp>(rewriter, loc, i32(0), value),
        value);
    Value exponent = i32(0);
    for (int64_t k = 1; k < 8; ++k)
      exponent = select(cmp(arith::CmpIPredicate::sge, magnitude, i32(1 << k)),
                        i32(k), exponent);
    Value mantissa = createBinary<arith::AndIOp>(
        rewriter, loc,
        createBinary<arith::ShLIOp>(
            rewriter, loc, magnitude,
            createBinary<arith::SubIOp>(rewriter, loc, i32(23), exponent)),
        i32(0x7fffff));
    Value bits = createBinary<arith::OrIOp>(
        rewriter, loc,
        createBinary<arith::ShLIOp>(
            rewriter, loc,
            createBinary<arith::AddIOp>(rewriter, loc, exponent, i32(127)),
            i32(23)),
        mantissa);
    bits = select(negative,
                  createBinary<arith::OrIOp>(rewriter, loc, bits,
                                             i32(int32_t(0x80000000u))),
                  bits);
    return select(cmp(arith::CmpIPredicate::eq, magnitude, i32(0)), i32(0),
                  bits);
  }

  /// A byte of a one-byte integer (an i32 in [0, 255]) as the word of the
  /// buffer it widens into: sign-extended for int8 (`isSigned`), and the
  /// bits of that value as an f32 for an f32 buffer (`toF32`).
  static Value widenByte(PatternRewriter &rewriter, Location loc, Value byte,
                         bool isSigned, bool toF32) {
    if (isSigned)
      byte = createBinary<arith::ShRSIOp>(
          rewriter, loc,
          createBinary<arith::ShLIOp>(rewriter, loc, byte,
                                      createI32(rewriter, loc, 24)),
          createI32(rewriter, loc, 24));
    return toF32 ? emitSmallIntToF32Bits(rewriter, loc, byte) : byte;
  }

  /// Whether a widened one-byte integer of `element` keeps its sign.
  static bool isSignedByte(Type element) {
    auto narrow = element.cast<IntegerType>();
    return narrow.getWidth() == 8 &&
           narrow.getSignedness() != IntegerType::Unsigned;
  }

  /// The reader's widening of tile row `tileRow` of a block of `columns`
  /// int32 tiles from one-byte integers: its 32 rows of columns x 32 bytes
  /// lie at `rows`, `pitch` bytes apart; each byte is read from its aligned
  /// word (tt.read_l1_u32), sign-extended for int8 (`isSigned`) or
  /// zero-extended (uint8, bool), and stored as an int32 (or its f32 bits,
  /// `toF32`) at its place in the tile's faces (row r, column c: face (r / 16)
  /// * 2 + c / 16, element (r % 16) * 16 + c % 16). Exact; RISC-V work, 1024
  /// loads and stores per tile.
  static void emitReaderWiden(PatternRewriter &rewriter, Location loc,
                              Value rows, int64_t pitch, Value tiles,
                              Value tileRow, int64_t columns, bool isSigned,
                              bool toF32) {
    auto i32 = [&](int64_t value) { return createI32(rewriter, loc, value); };
    auto add = [&](Value a, Value b) {
      return createBinary<arith::AddIOp>(rewriter, loc, a, b);
    };
    auto mul = [&](Value a, int64_t b) {
      return createBinary<arith::MulIOp>(rewriter, loc, a, i32(b));
    };
    auto div = [&](Value a, int64_t b) {
      return createBinary<arith::DivUIOp>(rewriter, loc, a, i32(b));
    };
    auto rem = [&](Value a, int64_t b) {
      return createBinary<arith::RemUIOp>(rewriter, loc, a, i32(b));
    };
    int64_t tileBytes = getTileBytes(rewriter.getI32Type());
    int64_t rowBytes = columns * tile::kTileSize;
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    Value firstTile = mul(toI32(rewriter, loc, tileRow), columns * tileBytes);
    auto rowLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, tile::kTileSize), one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    Value r = toI32(rewriter, loc, rowLoop.getInductionVar());
    // Row r of a tile: row r % 16 of faces 2 (r / 16) and 2 (r / 16) + 1.
    Value rowBase = add(add(tiles, firstTile), add(mul(div(r, 16), 2 * 256 * 4),
                                                   mul(rem(r, 16), 16 * 4)));
    Value source = add(rows, mul(r, pitch));
    auto columnLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, rowBytes), one);
    rewriter.setInsertionPointToStart(columnLoop.getBody());
    Value c = toI32(rewriter, loc, columnLoop.getInductionVar());
    Value byte = widenByte(rewriter, loc,
                           readL1Byte(rewriter, loc, "reader", add(source, c)),
                           isSigned, toF32);
    // Column c: tile c / 32, face column (c % 32) / 16, element c % 16.
    Value inTile = rem(c, tile::kTileSize);
    Value dest =
        add(add(rowBase, mul(div(c, tile::kTileSize), tileBytes)),
            add(mul(div(inTile, 16), 256 * 4), mul(rem(inTile, 16), 4)));
    writeL1Word(rewriter, loc, "reader", dest, byte);
  }

  /// The start of a block the reader tilizes itself: it reserves the
  /// block's `tiles` pages of `tiled`; the write pointers of `tiled` and of
  /// the reader's `scratch` rows.
  static std::pair<Value, Value> beginReaderTilize(PatternRewriter &rewriter,
                                                   Location loc, Value tiled,
                                                   int64_t tiles,
                                                   Value scratch) {
    tag(rewriter.create<cb::ReserveBackOp>(loc, tiled, tiles).getOperation(),
        "reader");
    auto pointer = [&](Value cb) {
      return tag(rewriter.create<cb::GetWritePtrOp>(loc, cb).getOperation(),
                 "reader")
          ->getResult(0);
    };
    Value tiledBase = pointer(tiled);
    return {tiledBase, pointer(scratch)};
  }

  /// Compute's side of a buffer filled from DRAM into `cb`: it waits for
  /// the block where `op` was and pops it after the buffer's last use.
  static void emitComputeUse(PatternRewriter &rewriter, Location loc,
                             Operation *op, Value buffer, Value cb,
                             int64_t tiles) {
    rewriter.setInsertionPoint(op);
    tag(rewriter.create<cb::WaitFrontOp>(loc, cb, tiles).getOperation(),
        "compute");
    rewriter.setInsertionPointAfter(findLastUse(op, buffer));
    tag(rewriter.create<cb::PopFrontOp>(loc, cb, tiles).getOperation(),
        "compute");
  }

  /// A copy of a row-major tensor (TileLayout::rowMajor: one DRAM page per
  /// row of the last dimension, a "stick"), as tt-metal's row-major readers
  /// and writers move it (reader_unary_stick_layout_split_rows_interleaved
  /// .cpp with tilize.cpp; untilize.cpp with writer_unary_stick_layout_
  /// split_rows_interleaved.cpp). The buffer is rows x columns tiles and
  /// its columns are the whole last dimension. Per tile row of the block:
  ///  - reading: the reader reserves `columns` pages of a staging CB and
  ///    reads the 32 sticks into them one after the other (row k at byte
  ///    k * stick size: 32 rows of columns * 32 elements, what tilize_block
  ///    takes), zeros for a row past the tensor; compute tilizes them into
  ///    the buffer's CB (tilize_block), where the rest of the kernel reads
  ///    the block as from any input CB;
  ///  - writing: compute packs the block into a tiled output CB as for a
  ///    tiled tensor, untilizes each tile row into a staging CB
  ///    (pack_untilize_block), and the writer writes its 32 sticks,
  ///    skipping rows past the tensor.
  /// Stick ids: the tensor's leading dimensions [D0, ..., Dr-2] row-major,
  /// the buffer's rows running along dims[0].
  LogicalResult lowerSticks(PatternRewriter &rewriter, tile::CopyOp copy,
                            Value tensor, Value buffer,
                            const tile::TileLayout &layout) const {
    Operation *op = copy.getOperation();
    Location loc = op->getLoc();
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    auto tensorType = tensor.getType().cast<tile::TensorType>();
    auto bufType = buffer.getType().cast<tile::BufType>();
    llvm::SmallVector<int64_t, 4> dims = copy.getDims();
    int64_t rank = tensorType.getRank();
    llvm::ArrayRef<int64_t> shape = tensorType.getShape();
    if (bufType.getRank() != 2 || dims.size() != 2 || dims[1] != rank - 1)
      return fail(op, "a copy of a row-major tensor takes a 2-d buffer whose "
                      "columns run along the tensor's last dimension (run "
                      "tile-legalize first)");
    bool reading = copy.getSource() == tensor;
    // One-byte integers (bool, int8, uint8 masks) widened into an int32
    // buffer: the reader places each byte in the tiles as an int32 itself.
    Type element = tensorType.getElementType();
    auto narrow = element.dyn_cast<IntegerType>();
    bool widening = reading && isWidening(copy);
    if (reading && !widening &&
        bufType.getElementType() != tensorType.getElementType())
      return fail(op, "a read from DRAM copies bytes: the buffer must have "
                      "the tensor's element type");
    if (!reading && narrow && narrow.getWidth() <= 8)
      return fail(op, "a tensor of one-byte integers is not written by "
                      "kernels (they compute on int32 tiles)");
    KernelState &kernelState = state.kernels[kernel.getOperation()];
    auto [rows, columns] = getTileGrid(bufType.getShape());
    int64_t tiles = rows * columns;
    int64_t tileBytes = getTileBytes(element);
    int64_t stickBytes = layout.pageSize;
    bool readerTilize =
        reading && (widening || needsReaderTilize(kernel, element));
    // Whole rows are whole pages; a part of each row (the buffer's columns
    // from a column offset that is a multiple of 32: 64-byte aligned) is
    // read or written at that offset into the page.
    Value columnOffset = copy.getOffsets()[rank - 1];
    std::optional<int64_t> constantColumn = getConstantInt(columnOffset);
    int64_t rowBytes =
        columns * tile::kTileSize * tile::getElementBytes(element);
    bool wholeRows = constantColumn && *constantColumn == 0 &&
                     bufType.getShape()[1] == layout.paddedShape.back();
    bool guardColumns = false;
    if (!wholeRows) {
      if (!isTileAligned(columnOffset))
        return fail(op, "a part of the rows of a row-major tensor starts at a "
                        "column that is a multiple of 32 (run tile-legalize "
                        "first)");
      std::optional<int64_t> largest = getUpperBound(columnOffset, kernel);
      if (!largest ||
          *largest + bufType.getShape()[1] > layout.paddedShape.back()) {
        // One tile column at a multiple of 32 lies inside the (padded) row
        // or wholly past it: checked when the kernel runs (zeros read, the
        // write skipped). A wider part could straddle the row's end.
        if (bufType.getShape()[1] != tile::kTileSize)
          return fail(op, "the columns of this copy may run past the row of "
                          "the row-major tensor (" +
                              llvm::Twine(layout.paddedShape.back()) +
                              " elements): a part of a row wider than 32 "
                              "elements must lie inside it");
        guardColumns = true;
      }
    }
    int64_t rowDim = dims[0];
    llvm::StringRef role = reading ? "reader" : "writer";
    int64_t widenPitch = (rowBytes + 32 + 63) / 64 * 64;

    // The CBs: the buffer's tiles and the sticks of one tile row (two, so
    // that data movement fills one while compute converts the other).
    int64_t stages = getStages(op, kernel);
    Value tiled, sticks;
    if (reading) {
      Type tiledElement = widening ? bufType.getElementType() : element;
      tiled =
          bindInputCB(rewriter, op, kernel, kernelState, buffer, tiledElement,
                      getTileBytes(tiledElement), stages * tiles, tiles);
      if (!tiled)
        return failure();
      if (kernelState.nextInput > 15)
        return fail(op, "more than 16 input circular buffers (c_0..c_15) "
                        "in one kernel");
      // Staging for one tile row: a CB compute tilizes from (two tile rows,
      // so that the reader fills one while compute converts the other), or
      // the reader's own scratch when it places the rows in tiles itself.
      // Widening: 32 rows of `widenPitch` bytes (a row's bytes plus up to
      // 32 of alignment shift, in 64-byte units).
      int64_t scratchPages = readerTilize ? columns : 2 * columns;
      if (widening)
        scratchPages = (32 * widenPitch + tileBytes - 1) / tileBytes;
      sticks = createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++,
                             element, tileBytes, scratchPages);
    } else {
      if (kernelState.nextOutput > 22)
        return fail(op, "more than 8 output circular buffers (c_16..c_23) in "
                        "one kernel");
      // Compute packs the whole block, then drains it row by row itself:
      // one block of pages.
      tiled = createCBAtTop(rewriter, kernel, loc, kernelState.nextOutput++,
                            element, tileBytes, tiles);
      sticks = createCBAtTop(rewriter, kernel, loc, kernelState.nextOutput++,
                             element, tileBytes, 2 * columns);
    }
    Value accessor =
        getAccessor(rewriter, kernel, kernelState, tensor, role, stickBytes);

    rewriter.setInsertionPoint(op);
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    auto offsets = copy.getOffsets();
    // Where a widened row's bytes start in a 64-byte unit (one byte per
    // element: the column).
    Value widenShift;
    if (widening)
      widenShift = createBinary<arith::RemUIOp>(
          rewriter, loc, toI32(rewriter, loc, columnOffset),
          createI32(rewriter, loc, 64));
    StickAddressing sticksOf =
        getStickAddressing(rewriter, loc, kernel, copy, shape, rowDim);
    llvm::ArrayRef<int64_t> strides = sticksOf.strides;
    Value base = sticksOf.base, inside = sticksOf.inside;
    std::optional<int64_t> rowLargest = getUpperBound(offsets[rowDim], kernel);
    bool guardRows =
        !rowLargest || *rowLargest + rows * tile::kTileSize > shape[rowDim];

    if (!reading) {
      // Compute packs the block into `tiled` (tile-lower-compute), then
      // untilizes it tile row by tile row into `sticks`.
      auto outType = tile::BufType::get(op->getContext(), bufType.getShape(),
                                        element, tile::MemorySpace::Shared);
      Value out = rewriter
                      .create<UnrealizedConversionCastOp>(
                          loc, TypeRange{outType}, ValueRange{tiled})
                      .getOperation()
                      ->getResult(0);
      rewriter.create<tile::CopyOp>(loc, buffer, out);
      // As many tiles per pack_untilize_block as DST holds (4 with an fp32
      // DST, 8 otherwise: half of it, tt-metal's half-sync DST), dividing
      // the row.
      int64_t capacity = computesF32(kernel.getOperation()) ? 4 : 8;
      int64_t blockColumns = 1;
      for (int64_t c = std::min(columns, capacity); c >= 1; --c)
        if (columns % c == 0) {
          blockColumns = c;
          break;
        }
      emitConversion(rewriter, loc, /*tilize=*/false, tiled, sticks, rows,
                     columns, blockColumns);
    }

    // Data movement: per tile row, 32 sticks.
    Value tiledBase, l1Base;
    if (readerTilize)
      std::tie(tiledBase, l1Base) =
          beginReaderTilize(rewriter, loc, tiled, tiles, sticks);
    auto rowLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, rows), one);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    if (!readerTilize) {
      tag((reading ? rewriter.create<cb::ReserveBackOp>(loc, sticks, columns)
                         .getOperation()
                   : rewriter.create<cb::WaitFrontOp>(loc, sticks, columns)
                         .getOperation()),
          role);
      l1Base = reading ? tag(rewriter.create<cb::GetWritePtrOp>(loc, sticks)
                                 .getOperation(),
                             role)
                             ->getResult(0)
                       : tag(rewriter.create<cb::GetReadPtrOp>(loc, sticks)
                                 .getOperation(),
                             role)
                             ->getResult(0);
    }
    Value firstRow = createBinary<arith::AddIOp>(
        rewriter, loc, offsets[rowDim],
        createBinary<arith::MulIOp>(
            rewriter, loc, rowLoop.getInductionVar(),
            createIndex(rewriter, loc, tile::kTileSize)));
    auto stickLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, tile::kTileSize), one);
    rewriter.setInsertionPointToStart(stickLoop.getBody());
    Value k = stickLoop.getInductionVar();
    Value row = createBinary<arith::AddIOp>(rewriter, loc, firstRow, k);
    Value stick = createBinary<arith::AddIOp>(
        rewriter, loc, base,
        createBinary<arith::MulIOp>(
            rewriter, loc, row, createIndex(rewriter, loc, strides[rowDim])));
    // A widened row of bytes starts where its DRAM bytes do modulo 64 (the
    // NoC moves DRAM reads in aligned units: 32 bytes on Wormhole, 64 on
    // Blackhole), in rows of `widenPitch` bytes.
    Value l1 = createBinary<arith::AddIOp>(
        rewriter, loc, l1Base,
        createBinary<arith::MulIOp>(
            rewriter, loc, toI32(rewriter, loc, k),
            createI32(rewriter, loc, widening ? widenPitch : rowBytes)));
    if (widening)
      l1 = createBinary<arith::AddIOp>(rewriter, loc, l1, widenShift);
    Value rowInside = inside;
    if (guardColumns) {
      Value less =
          createLess(rewriter, loc, columnOffset, layout.paddedShape.back());
      rowInside = rowInside ? createBinary<arith::AndIOp>(rewriter, loc,
                                                          rowInside, less)
                            : less;
    }
    if (guardRows) {
      Value less = createLess(rewriter, loc, row, shape[rowDim]);
      rowInside = rowInside
                      ? createBinary<arith::AndIOp>(rewriter, loc, rowInside,
                                                    less)
                      : less;
    }
    // `rows %n`: the writer skips the block's rows from n on.
    if (Value limit = copy.getRowLimit()) {
      Value blockRow = createBinary<arith::AddIOp>(
          rewriter, loc,
          createBinary<arith::MulIOp>(
              rewriter, loc, rowLoop.getInductionVar(),
              createIndex(rewriter, loc, tile::kTileSize)),
          k);
      Value less = rewriter
                       .create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                              blockRow, limit)
                       .getOperation()
                       ->getResult(0);
      rowInside = rowInside ? createBinary<arith::AndIOp>(rewriter, loc,
                                                          rowInside, less)
                            : less;
    }
    auto emitTransfer = [&] {
      Value id = toI32(rewriter, loc, stick);
      if (!wholeRows) {
        Value offset = createBinary<arith::MulIOp>(
            rewriter, loc, toI32(rewriter, loc, columnOffset),
            createI32(rewriter, loc, tile::getElementBytes(element)));
        Value address = tag(rewriter
                                .create<tt::GetPageNocAddrOp>(
                                    loc, ValueRange{id, accessor, offset})
                                .getOperation(),
                            role)
                            ->getResult(0);
        emitNocTransfer(rewriter, loc, role, reading, address, l1,
                        createI32(rewriter, loc, rowBytes));
        return;
      }
      if (reading)
        tag(rewriter
                .create<tt::NocAsyncReadPageOp>(
                    loc, ValueRange{id, accessor, l1})
                .getOperation(),
            role);
      else
        tag(rewriter
                .create<tt::NocAsyncWritePageOp>(
                    loc, ValueRange{id, accessor, l1})
                .getOperation(),
            role);
    };
    // A row past the tensor: zeros in the reader's stick.
    emitGuarded(rewriter, loc, rowInside, reading, role, l1, rowBytes,
                emitTransfer);
    rewriter.setInsertionPointAfter(stickLoop.getOperation());
    if (readerTilize) {
      tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(), role);
      if (widening)
        emitReaderWiden(
            rewriter, loc,
            createBinary<arith::AddIOp>(rewriter, loc, l1Base, widenShift),
            widenPitch, tiledBase, rowLoop.getInductionVar(), columns,
            isSignedByte(element), bufType.getElementType().isF32());
      else
        emitReaderTilize(rewriter, loc, l1Base, tiledBase,
                         rowLoop.getInductionVar(), columns, element);
    } else if (reading) {
      tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(), role);
      tag(rewriter.create<cb::PushBackOp>(loc, sticks, columns).getOperation(),
          role);
    } else {
      tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
          role);
      tag(rewriter.create<cb::PopFrontOp>(loc, sticks, columns).getOperation(),
          role);
    }
    rewriter.setInsertionPointAfter(rowLoop.getOperation());
    if (readerTilize)
      tag(rewriter.create<cb::PushBackOp>(loc, tiled, tiles).getOperation(),
          role);

    if (reading) {
      // Compute: tilize the block into the buffer's CB, then read it there
      // as from any input CB (wait here, pop after the buffer's last use).
      rewriter.setInsertionPoint(op);
      if (!readerTilize)
        emitConversion(rewriter, loc, /*tilize=*/true, sticks, tiled, rows,
                       columns);
      emitComputeUse(rewriter, loc, op, buffer, tiled, tiles);
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// Where a copy's sticks are in a row-major tensor: the stick of row r of
  /// the block's rows (along `rowDim`) is `base + r * strides[rowDim]`;
  /// `inside` (null when always true) tests the other leading offsets
  /// against the tensor.
  struct StickAddressing {
    llvm::SmallVector<int64_t, 4> strides;
    Value base, inside;
  };
  static StickAddressing getStickAddressing(PatternRewriter &rewriter,
                                            Location loc, tile::KernelOp kernel,
                                            tile::CopyOp copy,
                                            llvm::ArrayRef<int64_t> shape,
                                            int64_t rowDim) {
    int64_t rank = shape.size();
    auto offsets = copy.getOffsets();
    StickAddressing result;
    // Sticks per step of each dimension before the last.
    result.strides.assign(rank - 1, 1);
    for (int64_t d = rank - 3; d >= 0; --d)
      result.strides[d] = result.strides[d + 1] * shape[d + 1];
    result.base = createIndex(rewriter, loc, 0);
    for (int64_t d = 0; d + 1 < rank; ++d) {
      if (d == rowDim)
        continue;
      result.base = createBinary<arith::AddIOp>(
          rewriter, loc, result.base,
          createBinary<arith::MulIOp>(
              rewriter, loc, offsets[d],
              createIndex(rewriter, loc, result.strides[d])));
      std::optional<int64_t> largest = getUpperBound(offsets[d], kernel);
      if (largest && *largest < shape[d])
        continue;
      Value less = createLess(rewriter, loc, offsets[d], shape[d]);
      result.inside =
          result.inside
              ? createBinary<arith::AndIOp>(rewriter, loc, result.inside, less)
              : less;
    }
    return result;
  }

  /// The byte offset of element `i` (an i32) in a block of column-vector
  /// tiles of `elementBytes` elements (the 1-d layout): tile i / 32, row
  /// r = i % 32 of column 0, in face 0 for r < 16, else face 2 (two faces
  /// further); a face row is 16 elements.
  static Value getVectorElementOffset(PatternRewriter &rewriter, Location loc,
                                      Value i, int64_t elementBytes) {
    int64_t faceBytes = 256 * elementBytes;
    auto constant = [&](int64_t value) {
      return createI32(rewriter, loc, int32_t(value));
    };
    Value tileIndex = createBinary<arith::DivUIOp>(rewriter, loc, i,
                                                   constant(tile::kTileSize));
    Value r = createBinary<arith::RemUIOp>(rewriter, loc, i,
                                           constant(tile::kTileSize));
    Value lower = createBinary<arith::DivUIOp>(rewriter, loc, r, constant(16));
    Value faceRow =
        createBinary<arith::RemUIOp>(rewriter, loc, r, constant(16));
    Value offset = createBinary<arith::MulIOp>(rewriter, loc, tileIndex,
                                               constant(4 * faceBytes));
    offset = createBinary<arith::AddIOp>(
        rewriter, loc, offset,
        createBinary<arith::MulIOp>(rewriter, loc, lower,
                                    constant(2 * faceBytes)));
    return createBinary<arith::AddIOp>(
        rewriter, loc, offset,
        createBinary<arith::MulIOp>(rewriter, loc, faceRow,
                                    constant(16 * elementBytes)));
  }

  /// A 1-d buffer moved element by element between DRAM and L1
  /// (lowerVector, lowerColumn): its CB (an input CB the reader fills, or
  /// an output CB, two blocks deep, that compute packs the buffer into),
  /// the tensor's accessor, and the data movement kernel's hold of the
  /// block at the copy (cb.reserve_back or cb.wait_front) with the L1
  /// address of its first tile. A buffer read becomes the cast of its CB
  /// (bindInputCB), which `buffer` is updated to.
  struct ElementwiseBlock {
    Value cb, accessor, l1Base;
    int64_t tiles = 0, tileBytes = 0;
    llvm::StringRef role;
  };
  FailureOr<ElementwiseBlock>
  beginElementwiseBlock(PatternRewriter &rewriter, tile::CopyOp copy,
                        Value tensor, Value &buffer,
                        const tile::TileLayout &layout) const {
    Operation *op = copy.getOperation();
    Location loc = op->getLoc();
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    auto bufType = buffer.getType().cast<tile::BufType>();
    Type element = tensor.getType().cast<tile::TensorType>().getElementType();
    bool reading = copy.getSource() == tensor;
    // One-byte integers widened into an int32 buffer (lowerColumn): the
    // block's CB holds int32 tiles.
    if (reading && isWidening(copy))
      element = bufType.getElementType();
    if (reading && bufType.getElementType() != element)
      return FailureOr<ElementwiseBlock>(
          fail(op, "a read from DRAM copies bytes: the buffer must have the "
                   "tensor's element type"));
    KernelState &kernelState = state.kernels[kernel.getOperation()];
    ElementwiseBlock block;
    block.tiles = getTileGrid(bufType.getShape()).second;
    block.tileBytes = getTileBytes(element);
    block.role = reading ? "reader" : "writer";
    if (reading) {
      block.cb = bindInputCB(rewriter, op, kernel, kernelState, buffer,
                             element, block.tileBytes,
                             getStages(op, kernel) * block.tiles, block.tiles);
      if (!block.cb)
        return failure();
    } else {
      if (kernelState.nextOutput > 23)
        return FailureOr<ElementwiseBlock>(
            fail(op, "more than 8 output circular buffers (c_16..c_23) in "
                     "one kernel"));
      block.cb =
          createCBAtTop(rewriter, kernel, loc, kernelState.nextOutput++,
                        element, block.tileBytes, 2 * block.tiles);
      markDoubleBuffered(block.cb, block.tiles);
    }
    block.accessor = getAccessor(rewriter, kernel, kernelState, tensor,
                                 block.role, layout.pageSize);
    rewriter.setInsertionPoint(op);
    if (!reading) {
      // Compute packs the buffer into the CB (tile-lower-compute).
      auto outType = tile::BufType::get(op->getContext(), bufType.getShape(),
                                        element, tile::MemorySpace::Shared);
      Value out = rewriter
                      .create<UnrealizedConversionCastOp>(
                          loc, TypeRange{outType}, ValueRange{block.cb})
                      .getOperation()
                      ->getResult(0);
      rewriter.create<tile::CopyOp>(loc, buffer, out);
    }
    tag((reading ? rewriter.create<cb::ReserveBackOp>(loc, block.cb,
                                                      block.tiles)
                       .getOperation()
                 : rewriter.create<cb::WaitFrontOp>(loc, block.cb, block.tiles)
                       .getOperation()),
        block.role);
    block.l1Base =
        tag((reading ? rewriter.create<cb::GetWritePtrOp>(loc, block.cb)
                           .getOperation()
                     : rewriter.create<cb::GetReadPtrOp>(loc, block.cb)
                           .getOperation()),
            block.role)
            ->getResult(0);
    return block;
  }

  /// A 1-d buffer copied from or to a part of a row of a row-major tensor
  /// (the tensor's last dimension: TileLang's `T.copy(lse, LSE[b, h, bx *
  /// 64 : (bx + 1) * 64])`), 32 elements per column-vector tile. Per tile,
  /// the row's 32 elements are contiguous in DRAM (one NoC transfer), and
  /// face 1 of the tile (columns 16 to 31 of rows 0 to 15, unused by the
  /// 1-d layout) stages them:
  ///  - writing: the writer gathers each element from column 0 into the
  ///    staging words (a word per f32 / i32 element, a pair of halves per
  ///    word for bf16 / f16) and writes the 32 elements at byte `column *
  ///    element size` of the stick;
  ///  - reading: the reader zeros the tile, reads the 32 elements into
  ///    face 1, scatters them into column 0 (a 16-bit element as the low
  ///    half of its word, the other half zero), and zeros face 1 again.
  /// A column offset that is a multiple of 32 keeps both ends aligned to
  /// 64 bytes. Tiles past the row's end are skipped (zeros when reading).
  LogicalResult lowerVector(PatternRewriter &rewriter, tile::CopyOp copy,
                            Value tensor, Value buffer,
                            const tile::TileLayout &layout) const {
    Operation *op = copy.getOperation();
    Location loc = op->getLoc();
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    auto tensorType = tensor.getType().cast<tile::TensorType>();
    Type element = tensorType.getElementType();
    llvm::ArrayRef<int64_t> shape = tensorType.getShape();
    int64_t rank = tensorType.getRank();
    int64_t elementBytes = tile::getElementBytes(element);
    bool reading = copy.getSource() == tensor;
    auto offsets = copy.getOffsets();
    Value columnOffset = offsets[rank - 1];
    // One-byte integers read into an int32 or f32 vector are widened lane
    // by lane.
    bool widening = reading && isWidening(copy);
    if ((elementBytes != 2 && elementBytes != 4 && !widening) ||
        copy.getRowLimit() || !isTileAligned(columnOffset))
      return fail(op, "a 1-d buffer is copied from or to a part of a row of "
                      "2- or 4-byte elements (or read from one-byte integers "
                      "into an int32 or f32 one) that starts at a column that "
                      "is a multiple of 32 (run tile-legalize first)");
    bool toF32 =
        widening &&
        buffer.getType().cast<tile::BufType>().getElementType().isF32();
    bool isSigned = widening && isSignedByte(element);
    FailureOr<ElementwiseBlock> block =
        beginElementwiseBlock(rewriter, copy, tensor, buffer, layout);
    if (failed(block))
      return failure();
    Value cb = block->cb, accessor = block->accessor, l1Base = block->l1Base;
    int64_t tiles = block->tiles, tileBytes = block->tileBytes;
    int64_t faceBytes = tileBytes / 4;
    llvm::StringRef role = block->role;

    // The stick of the segment: every dimension but the last is an index.
    StickAddressing sticks =
        getStickAddressing(rewriter, loc, kernel, copy, shape, rank - 1);
    Value stick = toI32(rewriter, loc, sticks.base);
    auto constant = [&](int64_t value) {
      return createI32(rewriter, loc, int32_t(value));
    };
    auto add = [&](Value a, Value b) {
      return createBinary<arith::AddIOp>(rewriter, loc, a, b);
    };
    auto mul = [&](Value a, Value b) {
      return createBinary<arith::MulIOp>(rewriter, loc, a, b);
    };
    auto readWord = [&](Value address) {
      return readL1Word(rewriter, loc, role, address);
    };
    auto writeWord = [&](Value address, Value value) {
      writeL1Word(rewriter, loc, role, address, value);
    };
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    int64_t segmentBytes = tile::kTileSize * elementBytes;
    // Where tile t's segment lands in face 1: at its start, or for one-byte
    // elements where its bytes start in a 64-byte DRAM unit (the NoC moves
    // DRAM reads in aligned units: 32 bytes on Wormhole, 64 on Blackhole).
    auto stageOf = [&](Value t, Value tileBase) {
      Value stage = add(tileBase, constant(faceBytes));
      if (elementBytes != 1)
        return stage;
      Value column =
          toI32(rewriter, loc,
                createBinary<arith::AddIOp>(
                    rewriter, loc, columnOffset,
                    createBinary<arith::MulIOp>(
                        rewriter, loc, t,
                        createIndex(rewriter, loc, tile::kTileSize))));
      return add(stage, createBinary<arith::RemUIOp>(rewriter, loc, column,
                                                     constant(64)));
    };
    // The 32 elements of each tile, gathered into (or scattered from) its
    // face 1: a word per element, or two halves per word.
    auto emitLanes = [&](Value t, Value tileBase, bool gather) {
      Value stage = stageOf(t, tileBase);
      int64_t words = segmentBytes / 4;
      auto loop = rewriter.create<scf::ForOp>(
          loc, zero, createIndex(rewriter, loc, words), one);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value w = toI32(rewriter, loc, loop.getInductionVar());
      Value stageWord = add(stage, mul(w, constant(4)));
      int64_t perWord = 4 / elementBytes;
      int64_t laneBytes = widening ? 4 : elementBytes;
      auto lane = [&](int64_t half) {
        Value index = add(mul(w, constant(perWord)), constant(half));
        return add(tileBase,
                   getVectorElementOffset(rewriter, loc, index, laneBytes));
      };
      if (widening) {
        // Four bytes a word, each extended (and made an f32) in its lane.
        Value packed = readWord(stageWord);
        for (int64_t k = 0; k < 4; ++k) {
          Value byte = createBinary<arith::AndIOp>(
              rewriter, loc,
              createBinary<arith::ShRUIOp>(rewriter, loc, packed,
                                           constant(8 * k)),
              constant(0xff));
          writeWord(lane(k), widenByte(rewriter, loc, byte, isSigned, toF32));
        }
        return;
      }
      if (elementBytes == 4) {
        if (gather)
          writeWord(stageWord, readWord(lane(0)));
        else
          writeWord(lane(0), readWord(stageWord));
        return;
      }
      Value mask = constant(0xffff), sixteen = constant(16);
      if (gather) {
        Value low =
            createBinary<arith::AndIOp>(rewriter, loc, readWord(lane(0)), mask);
        Value high = createBinary<arith::ShLIOp>(rewriter, loc,
                                                 readWord(lane(1)), sixteen);
        writeWord(stageWord,
                  createBinary<arith::OrIOp>(rewriter, loc, low, high));
        return;
      }
      Value pair = readWord(stageWord);
      writeWord(lane(0),
                createBinary<arith::AndIOp>(rewriter, loc, pair, mask));
      writeWord(lane(1),
                createBinary<arith::ShRUIOp>(rewriter, loc, pair, sixteen));
    };
    auto tileLoop = [&](llvm::function_ref<void(Value, Value)> body) {
      auto loop = rewriter.create<scf::ForOp>(
          loc, zero, createIndex(rewriter, loc, tiles), one);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value t = loop.getInductionVar();
      Value tileBase =
          add(l1Base, mul(toI32(rewriter, loc, t), constant(tileBytes)));
      body(t, tileBase);
    };
    auto transfer = [&](Value t, Value tileBase) {
      Value column = createBinary<arith::AddIOp>(
          rewriter, loc, columnOffset,
          createBinary<arith::MulIOp>(
              rewriter, loc, t, createIndex(rewriter, loc, tile::kTileSize)));
      Value inside = sticks.inside;
      Value less = createLess(rewriter, loc, column, shape[rank - 1]);
      inside = inside ? createBinary<arith::AndIOp>(rewriter, loc, inside, less)
                      : less;
      Value stage = stageOf(t, tileBase);
      emitGuarded(
          rewriter, loc, inside, /*reading=*/false, role, Value(), 0, [&] {
            Value address =
                tag(rewriter
                        .create<tt::GetPageNocAddrOp>(
                            loc, ValueRange{stick, accessor,
                                            mul(toI32(rewriter, loc, column),
                                                constant(elementBytes))})
                        .getOperation(),
                    role)
                    ->getResult(0);
            emitNocTransfer(rewriter, loc, role, reading, address, stage,
                            constant(segmentBytes));
          });
    };
    if (reading) {
      tileLoop([&](Value t, Value tileBase) {
        tag(rewriter
                .create<tt::FillZeroTileOp>(
                    loc, ValueRange{tileBase, constant(tileBytes)})
                .getOperation(),
            role);
        transfer(t, tileBase);
      });
      tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(), role);
      tileLoop([&](Value t, Value tileBase) {
        emitLanes(t, tileBase, /*gather=*/false);
        tag(rewriter
                .create<tt::FillZeroTileOp>(
                    loc, ValueRange{add(tileBase, constant(faceBytes)),
                                    constant(faceBytes)})
                .getOperation(),
            role);
      });
      tag(rewriter.create<cb::PushBackOp>(loc, cb, tiles).getOperation(), role);
      emitComputeUse(rewriter, loc, op, buffer, cb, tiles);
    } else {
      tileLoop([&](Value t, Value tileBase) {
        emitLanes(t, tileBase, /*gather=*/true);
        transfer(t, tileBase);
      });
      tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
          role);
      tag(rewriter.create<cb::PopFrontOp>(loc, cb, tiles).getOperation(), role);
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// A 1-d buffer copied to or from a column of a row-major tensor (dims =
  /// [rank - 2], TileLang's `Out[bx * 64 + i, k] = v[i]` and its reads),
  /// 4-byte elements, one element per NoC transfer: the elements of a
  /// column are a stick apart. Element i is the word at row i % 32 of
  /// column 0 of tile i / 32; in DRAM it is byte `column * 4` of its row's
  /// stick. A NoC transfer keeps the address's offset within the alignment
  /// unit (L1 and DRAM agree modulo 32 bytes for Wormhole's reads and
  /// writes, 64 for Blackhole's reads: docs/emulator.md), so the word
  /// travels through the slot of its face row at byte `column * 4 mod 64`
  /// (a face row is 64 bytes), moved through the L1 pointer
  /// (`read_l1_u32` / `write_l1_u32`, as tt-metal's readers handle single
  /// words: `reader_decode_all.cpp`'s page table):
  ///  - writing: compute packs the buffer into an output CB; the writer
  ///    copies each word to its slot and writes 4 bytes from there;
  ///  - reading: the reader zeros the block, reads each word into its
  ///    slot, and after the barrier moves it to column 0 (zeroing the
  ///    slot first, which may be column 0 itself). Rows past the tensor
  ///    stay zero.
  LogicalResult lowerColumn(PatternRewriter &rewriter, tile::CopyOp copy,
                            Value tensor, Value buffer,
                            const tile::TileLayout &layout) const {
    Operation *op = copy.getOperation();
    Location loc = op->getLoc();
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    auto tensorType = tensor.getType().cast<tile::TensorType>();
    Type element = tensorType.getElementType();
    llvm::ArrayRef<int64_t> shape = tensorType.getShape();
    int64_t rank = tensorType.getRank(), rowDim = rank - 2;
    bool reading = copy.getSource() == tensor;
    // One-byte integers (a mask column) are read a byte each and widened
    // to int32 in place.
    bool widening = reading && isWidening(copy);
    int64_t bytes = tile::getElementBytes(element);
    if ((bytes != 4 && !widening) || copy.getRowLimit())
      return fail(op, "a column of a tensor is copied with a 1-d buffer of "
                      "4-byte elements, or read from one-byte integers into "
                      "an int32 one (run tile-legalize first)");
    FailureOr<ElementwiseBlock> block =
        beginElementwiseBlock(rewriter, copy, tensor, buffer, layout);
    if (failed(block))
      return failure();
    Value cb = block->cb, accessor = block->accessor, l1Base = block->l1Base;
    int64_t tiles = block->tiles, tileBytes = block->tileBytes;
    llvm::StringRef role = block->role;

    auto offsets = copy.getOffsets();
    StickAddressing sticks =
        getStickAddressing(rewriter, loc, kernel, copy, shape, rowDim);
    std::optional<int64_t> rowLargest = getUpperBound(offsets[rowDim], kernel);
    bool guardRows =
        !rowLargest || *rowLargest + tiles * tile::kTileSize > shape[rowDim];
    std::optional<int64_t> columnLargest =
        getUpperBound(offsets[rank - 1], kernel);
    Value inside = sticks.inside;
    auto both = [&](Value a, Value b) {
      return a ? createBinary<arith::AndIOp>(rewriter, loc, a, b) : b;
    };
    if (!columnLargest || *columnLargest >= shape[rank - 1])
      inside = both(inside, createLess(rewriter, loc, offsets[rank - 1],
                                       shape[rank - 1]));
    if (reading)
      tag(rewriter
              .create<tt::FillZeroTileOp>(
                  loc, ValueRange{l1Base,
                                  createI32(rewriter, loc, tiles * tileBytes)})
              .getOperation(),
          role);
    Value column = toI32(rewriter, loc, offsets[rank - 1]);
    Value byteOffset = createBinary<arith::MulIOp>(
        rewriter, loc, column, createI32(rewriter, loc, bytes));
    // The word's slot in its face row: byte `column * 4 mod 64`.
    Value shift = createBinary<arith::RemUIOp>(rewriter, loc, byteOffset,
                                               createI32(rewriter, loc, 64));
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    // Element i's word in the block, and its slot.
    auto places = [&](Value i) {
      Value word = createBinary<arith::AddIOp>(
          rewriter, loc, l1Base,
          getVectorElementOffset(rewriter, loc, toI32(rewriter, loc, i), 4));
      return std::make_pair(
          word, createBinary<arith::AddIOp>(rewriter, loc, word, shift));
    };
    auto readWord = [&](Value address) {
      return readL1Word(rewriter, loc, role, address);
    };
    auto writeWord = [&](Value address, Value value) {
      writeL1Word(rewriter, loc, role, address, value);
    };
    auto elementLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, tiles * tile::kTileSize), one);
    rewriter.setInsertionPointToStart(elementLoop.getBody());
    Value i = elementLoop.getInductionVar();
    Value row = createBinary<arith::AddIOp>(rewriter, loc, offsets[rowDim], i);
    Value rowInside = inside;
    if (guardRows)
      rowInside =
          both(rowInside, createLess(rewriter, loc, row, shape[rowDim]));
    auto emitTransfer = [&] {
      auto [word, slot] = places(i);
      if (!reading)
        writeWord(slot, readWord(word));
      Value stick = createBinary<arith::AddIOp>(
          rewriter, loc, sticks.base,
          createBinary<arith::MulIOp>(
              rewriter, loc, row,
              createIndex(rewriter, loc, sticks.strides[rowDim])));
      Value address = tag(rewriter
                              .create<tt::GetPageNocAddrOp>(
                                  loc, ValueRange{toI32(rewriter, loc, stick),
                                                  accessor, byteOffset})
                              .getOperation(),
                          role)
                          ->getResult(0);
      emitNocTransfer(rewriter, loc, role, reading, address, slot,
                      createI32(rewriter, loc, bytes));
    };
    emitGuarded(rewriter, loc, rowInside, /*reading=*/false, role, Value(), 0,
                emitTransfer);
    rewriter.setInsertionPointAfter(elementLoop.getOperation());
    if (reading) {
      tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(), role);
      // Each word from its slot to column 0 (rows past the tensor read
      // their zeros the same way).
      auto moveLoop = rewriter.create<scf::ForOp>(
          loc, zero, createIndex(rewriter, loc, tiles * tile::kTileSize), one);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(moveLoop.getBody());
        auto [word, slot] = places(moveLoop.getInductionVar());
        if (widening) {
          // The byte at `slot`, extended; its word cleared.
          Value byte = widenByte(
              rewriter, loc, readL1Byte(rewriter, loc, role, slot),
              isSignedByte(element),
              buffer.getType().cast<tile::BufType>().getElementType().isF32());
          writeWord(createBinary<arith::AndIOp>(rewriter, loc, slot,
                                                createI32(rewriter, loc, ~3)),
                    createI32(rewriter, loc, 0));
          writeWord(word, byte);
        } else {
          Value value = readWord(slot);
          writeWord(slot, createI32(rewriter, loc, 0));
          writeWord(word, value);
        }
      }
      tag(rewriter.create<cb::PushBackOp>(loc, cb, tiles).getOperation(), role);
      emitComputeUse(rewriter, loc, op, buffer, cb, tiles);
    } else {
      tag(rewriter.create<tt::NocAsyncWriteBarrierOp>(loc).getOperation(),
          role);
      tag(rewriter.create<cb::PopFrontOp>(loc, cb, tiles).getOperation(), role);
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// Compute's conversion of a block of `rows` x `columns` tiles between
  /// row-major pages and tiles, one tile row at a time, as tt-metal's
  /// tilize.cpp and pack_untilize.cpp compute kernels do it:
  ///  - tilize: tilize_block from `in` (sticks) into `out` (tiles), between
  ///    tilize_init and tilize_uninit (api/compute/tilize.h);
  ///  - untilize: pack_untilize_block from `in` (tiles) into `out`
  ///    (sticks), `blockColumns` tiles per call (what DST holds at once),
  ///    between pack_untilize_init and pack_untilize_uninit
  ///    (api/compute/pack_untilize.h). The packer writes the rows, so an
  ///    f32 CB unpacked straight into DST stays exact, where untilize_block
  ///    goes through SrcA (TF32) and costs several times more per tile on
  ///    the unpacker (docs/emulator.md).
  static void emitConversion(PatternRewriter &rewriter, Location loc,
                             bool tilize, Value in, Value out, int64_t rows,
                             int64_t columns, int64_t blockColumns = 1) {
    int64_t inIndex = getCBIndex(in), outIndex = getCBIndex(out);
    if (tilize)
      emit<tt::TilizeInitOp>(
          rewriter, loc, {},
          {{"in", inIndex}, {"block", columns}, {"out", outIndex}});
    else
      emit<tt::PackUntilizeInitOp>(rewriter, loc, {},
                                   {{"in", inIndex},
                                    {"out", outIndex},
                                    {"block_ct_dim", blockColumns},
                                    {"full_ct_dim", columns}});
    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    auto loop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, rows), one);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      if (tilize) {
        emitCB<cb::WaitFrontOp>(rewriter, loc, in, columns);
        emitCB<cb::ReserveBackOp>(rewriter, loc, out, columns);
        emit<tt::TilizeBlockOp>(
            rewriter, loc, {},
            {{"in", inIndex}, {"block", columns}, {"out", outIndex}});
        emitCB<cb::PushBackOp>(rewriter, loc, out, columns);
        emitCB<cb::PopFrontOp>(rewriter, loc, in, columns);
      } else {
        emitCB<cb::ReserveBackOp>(rewriter, loc, out, columns);
        auto blocks = rewriter.create<scf::ForOp>(
            loc, zero, createIndex(rewriter, loc, columns / blockColumns),
            one);
        {
          OpBuilder::InsertionGuard inner(rewriter);
          rewriter.setInsertionPointToStart(blocks.getBody());
          emitCB<cb::WaitFrontOp>(rewriter, loc, in, blockColumns);
          Value index = toI32(rewriter, loc, blocks.getInductionVar());
          emit<tt::PackUntilizeBlockOp>(rewriter, loc, {index},
                                        {{"in", inIndex},
                                         {"out", outIndex},
                                         {"block_ct_dim", blockColumns},
                                         {"full_ct_dim", columns},
                                         {"block_rt_dim", 1}});
          emitCB<cb::PopFrontOp>(rewriter, loc, in, blockColumns);
        }
        emitCB<cb::PushBackOp>(rewriter, loc, out, columns);
      }
    }
    if (tilize)
      emit<tt::TilizeUninitOp>(rewriter, loc, {},
                               {{"in", inIndex}, {"out", outIndex}});
    else
      emit<tt::PackUntilizeUninitOp>(rewriter, loc, {}, {{"out", outIndex}});
  }

  /// The rest of a multicast copy's protocol, as tt-metal's in0 sender and
  /// receiver kernels run it (reader_bmm_tile_layout_in0_sender_padding.cpp,
  /// reader_bmm_tile_layout_in0_receiver.cpp): the sender (in the `then` of
  /// `multicast`, after its reads) waits until every receiver has reserved
  /// the pages (its `ready` semaphore counts them), resets the count,
  /// writes the block to the same L1 address of every receiver and then
  /// sets their `valid` semaphore to 1 through the same NoC (so it arrives
  /// after the data), and waits until the writes have left its L1 (its
  /// pages are refilled later). A receiver (the `else`) clears its `valid`,
  /// tells the sender it is ready and waits for `valid`.
  static void emitMulticast(PatternRewriter &rewriter, Location loc,
                            scf::IfOp multicast, const std::string &prefix,
                            int64_t semaphores, Value l1Base, int64_t bytes,
                            llvm::StringRef role) {
    auto arg = [&](const char *suffix) {
      return rewriter.create<tile::CoreArgOp>(loc, prefix + "_" + suffix)
          .getOperation()
          ->getResult(0);
    };
    auto device = [&](Operation *created) { return tag(created, role); };
    auto semaphore = [&](int64_t id) {
      return device(rewriter
                        .create<tt::GetSemaphoreOp>(
                            loc, ValueRange{},
                            llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>>{
                                {"id", id}})
                        .getOperation())
          ->getResult(0);
    };
    // Before the branch: both sides use them.
    Value ready, valid;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(multicast.getOperation());
      ready = semaphore(semaphores);
      valid = semaphore(semaphores + 1);
    }
    Value zero = createI32(rewriter, loc, 0), one = createI32(rewriter, loc, 1);
    Value receivers = arg("receivers");
    Value hasReceivers =
        rewriter
            .create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, receivers,
                                   zero)
            .getOperation()
            ->getResult(0);
    auto send = rewriter.create<scf::IfOp>(loc, TypeRange{}, hasReceivers,
                                           /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(
          send.getOperation()->getRegion(0).front().getTerminator());
      device(rewriter
                 .create<tt::NocSemaphoreWaitOp>(loc,
                                                 ValueRange{ready, receivers})
                 .getOperation());
      device(rewriter.create<tt::NocSemaphoreSetOp>(loc, ValueRange{ready, zero})
                 .getOperation());
      Value x0 = arg("x0"), y0 = arg("y0"), x1 = arg("x1"), y1 = arg("y1");
      auto rectangle = [&](Value address) {
        return device(rewriter
                          .create<tt::GetNocMulticastAddrOp>(
                              loc, ValueRange{x0, y0, x1, y1, address})
                          .getOperation())
            ->getResult(0);
      };
      device(rewriter
                 .create<tt::NocAsyncWriteMulticastOp>(
                     loc, ValueRange{l1Base, rectangle(l1Base),
                                     createI32(rewriter, loc, bytes),
                                     receivers})
                 .getOperation());
      device(rewriter.create<tt::NocSemaphoreSetOp>(loc, ValueRange{valid, one})
                 .getOperation());
      device(rewriter
                 .create<tt::NocSemaphoreSetMulticastOp>(
                     loc, ValueRange{valid, rectangle(valid), receivers})
                 .getOperation());
      device(rewriter.create<tt::NocAsyncWritesFlushedOp>(loc).getOperation());
    }
    rewriter.setInsertionPoint(
        multicast.getOperation()->getRegion(1).front().getTerminator());
    zero = createI32(rewriter, loc, 0);
    one = createI32(rewriter, loc, 1);
    device(rewriter.create<tt::NocSemaphoreSetOp>(loc, ValueRange{valid, zero})
               .getOperation());
    Value senderReady =
        device(rewriter
                   .create<tt::GetNocAddrOp>(
                       loc, ValueRange{arg("sender_x"), arg("sender_y"), ready})
                   .getOperation())
            ->getResult(0);
    device(rewriter
               .create<tt::NocSemaphoreIncOp>(loc, ValueRange{senderReady, one})
               .getOperation());
    device(rewriter.create<tt::NocSemaphoreWaitOp>(loc, ValueRange{valid, one})
               .getOperation());
  }

  /// The copy's offsets split into leading and tiled ones, with the tensor's
  /// padded tile grid.
  static TileAddressing getAddressing(tile::CopyOp copy,
                                      llvm::ArrayRef<int64_t> shape,
                                      llvm::ArrayRef<int64_t> padded) {
    TileAddressing addressing;
    auto offsets = copy.getOffsets();
    size_t rank = shape.size();
    addressing.columnOffset = offsets[rank - 1];
    addressing.columnTiles = padded[rank - 1] / tile::kTileSize;
    if (rank == 1)
      return addressing;
    addressing.rowOffset = offsets[rank - 2];
    addressing.rowTiles = padded[rank - 2] / tile::kTileSize;
    for (size_t d = 0; d + 2 < rank; ++d) {
      addressing.leadingOffsets.push_back(offsets[d]);
      addressing.leadingExtents.push_back(shape[d]);
    }
    return addressing;
  }

  /// Whether a block of `blockTiles` tiles at element `offset` may reach
  /// past `tensorTiles` tiles.
  static bool mayOverhang(tile::KernelOp kernel, Value offset,
                          int64_t blockTiles, int64_t tensorTiles) {
    std::optional<int64_t> largest = getUpperBound(offset, kernel);
    return !largest || *largest / tile::kTileSize + blockTiles > tensorTiles;
  }

  /// `lhs < rhs` (unsigned) for an index and a constant.
  static Value createLess(PatternRewriter &rewriter, Location loc, Value lhs,
                          int64_t rhs) {
    return rewriter
        .create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, lhs,
                               createIndex(rewriter, loc, rhs))
        .getOperation()
        ->getResult(0);
  }

  /// Whether every leading offset that may reach past its dimension is
  /// inside it (null when none may).
  static Value getLeadingInside(PatternRewriter &rewriter, Location loc,
                                tile::KernelOp kernel,
                                const TileAddressing &addressing) {
    Value inside;
    for (size_t d = 0; d < addressing.leadingOffsets.size(); ++d) {
      Value offset = addressing.leadingOffsets[d];
      std::optional<int64_t> largest = getUpperBound(offset, kernel);
      if (largest && *largest < addressing.leadingExtents[d])
        continue;
      Value less =
          createLess(rewriter, loc, offset, addressing.leadingExtents[d]);
      inside = inside ? createBinary<arith::AndIOp>(rewriter, loc, inside, less)
                      : less;
    }
    return inside;
  }

  LogicalResult fail(Operation *op, const llvm::Twine &message) const {
    op->emitError() << message;
    state.failed = true;
    return failure();
  }

  static Value getAccessor(PatternRewriter &rewriter, tile::KernelOp kernel,
                           KernelState &kernelState, Value tensor,
                           llvm::StringRef role, int64_t pageSize) {
    Value &accessor = kernelState.accessors[{tensor, role}];
    if (accessor)
      return accessor;
    OpBuilder::InsertionGuard guard(rewriter);
    Block *top = kernel.getBody();
    Block::iterator point = top->begin();
    while (point != top->end() &&
           (cb::AllocOp::dynCast(&*point) ||
            tile::BaseAddressOp::dynCast(&*point) ||
            tt::TensorAccessorOp::dynCast(&*point) ||
            arith::ConstantOp::dynCast(&*point)))
      ++point;
    rewriter.setInsertionPoint(top, point);
    Location loc = tensor.getLoc();
    Value address = rewriter.create<tile::BaseAddressOp>(loc, tensor)
                        .getOperation()
                        ->getResult(0);
    Value page = createI32(rewriter, loc, pageSize);
    int64_t offset = kernelState.numAccessors[role]++;
    accessor = tag(rewriter
                       .create<tt::TensorAccessorOp>(
                           loc, ValueRange{address, page},
                           llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>>{
                               {"ct_offset", offset}})
                       .getOperation(),
                   role)
                   ->getResult(0);
    return accessor;
  }

  /// The op after which the compute side is done with `buffer` (filled by
  /// `copy`): the last op of copy's block that uses it before it is filled
  /// again, or the copy itself.
  static Operation *findLastUse(Operation *copy, Value buffer) {
    Operation *last = copy;
    for (Operation *next = copy->getNextNode(); next;
         next = next->getNextNode()) {
      bool uses = false, refills = false;
      next->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (operand == buffer) {
            uses = true;
            if (auto other = tile::CopyOp::dynCast(nested))
              refills |= other.getDest() == buffer;
            if (auto im2col = tile::Im2ColOp::dynCast(nested))
              refills |= im2col.getBuffer() == buffer;
          }
      });
      if (refills)
        break;
      if (uses)
        last = next;
    }
    return last;
  }

  LoweringState &state;
};

/// tile.im2col as the reader gathers it, the way tt-metal's row-major
/// readers move sticks into a CB for tilize_block (CopyLowering::
/// lowerSticks). The image is stored row-major, one page per pixel (its C
/// channels). Per tile row of the M x KB block, the reader reserves the
/// staging CB's `columns` pages and fills its 32 rows, one output pixel
/// each (row r at byte r * KB * element size): per run of contiguous
/// channels (KB of them, or whole pixels of C when C divides KB; tile-
/// legalize checks one of them holds), the pixel (n, oh*S + kh*D - P,
/// ow*S + kw*D - P) it takes them from is computed at run time and its
/// channels read with one noc_async_read at an offset into the page, or
/// zeros written where the pixel is outside the image (the padding) or m or
/// k is past the end. Compute tilizes the block into the buffer's CB.
class Im2ColLowering : public OpRewritePattern<tile::Im2ColOp> {
public:
  Im2ColLowering(Context *context, LoweringState &state)
      : OpRewritePattern(context), copies(context, state), state(state) {}

  LogicalResult matchAndRewrite(tile::Im2ColOp im2col,
                                PatternRewriter &rewriter) const override {
    Operation *op = im2col.getOperation();
    Location loc = op->getLoc();
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    if (!kernel || !kernel->getAttr(tile::kPartitionAttrName))
      return copies.fail(op, "tile.im2col is lowered in partitioned kernels "
                             "(run tile-partition first)");
    Value image = im2col.getImage();
    Value buffer = im2col.getBuffer();
    auto imageType = image.getType().cast<tile::TensorType>();
    auto bufType = buffer.getType().cast<tile::BufType>();
    std::optional<tile::TileLayout> layout = tile::TileLayout::get(imageType);
    if (!layout || !layout->rowMajor)
      return copies.fail(op, "the image of tile.im2col must be stored "
                             "row-major (run tile-legalize first)");
    llvm::ArrayRef<int64_t> shape = imageType.getShape();
    int64_t batch = shape[0], height = shape[1], width = shape[2],
            channels = shape[3];
    int64_t kernelSize = im2col.getKernel(), stride = im2col.getStride(),
            dilation = im2col.getDilation(), padding = im2col.getPadding();
    int64_t outHeight = im2col.getOutputHeight();
    int64_t outWidth = im2col.getOutputWidth();
    Type element = imageType.getElementType();
    int64_t elementBytes = tile::getElementBytes(element);
    auto [rows, columns] = getTileGrid(bufType.getShape());
    int64_t blockRows = bufType.getShape()[0];
    int64_t blockColumns = bufType.getShape()[1];
    // Runs of channels that are not whole aligned reads (an RGB image's 3
    // channels): each pixel's stick is read whole into a scratch CB and
    // the reader places the elements (gathered).
    int64_t run = im2col.getChannelRun();
    bool gathered = run == 0;
    if (gathered && elementBytes != 2 && elementBytes != 4)
      return copies.fail(op, "tile.im2col gathers 2- or 4-byte elements");
    int64_t runBytes = run * elementBytes;
    int64_t runs = gathered ? 0 : blockColumns / run;
    // Gathered: the taps a block's row spans, one stick each.
    int64_t taps = (channels - 1 + blockColumns - 1) / channels + 1;
    int64_t stickBytes = layout->pageSize;
    int64_t tiles = rows * columns;
    int64_t tileBytes = getTileBytes(element);
    KernelState &kernelState = state.kernels[kernel.getOperation()];
    bool readerTilize = CopyLowering::needsReaderTilize(kernel, element);

    // The buffer's CB and the staging CB of one tile row's pixels (two, so
    // that the reader fills one while compute tilizes the other).
    int64_t stages = CopyLowering::getStages(op, kernel);
    Value tiled = copies.bindInputCB(rewriter, op, kernel, kernelState, buffer,
                                     element, tileBytes, stages * tiles, tiles);
    if (!tiled)
      return failure();
    if (kernelState.nextInput > 15)
      return copies.fail(op, "more than 16 input circular buffers (c_0..c_15) "
                             "in one kernel");
    Value sticks =
        createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++, element,
                      tileBytes, readerTilize ? columns : 2 * columns);
    Value gatherCB;
    if (gathered) {
      if (kernelState.nextInput > 15)
        return copies.fail(op, "more than 16 input circular buffers "
                               "(c_0..c_15) in one kernel");
      // The reader's own scratch: a stick per tap of each of 32 rows.
      gatherCB = createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++,
                               element, stickBytes, tile::kTileSize * taps);
    }
    Value accessor = CopyLowering::getAccessor(
        rewriter, kernel, kernelState, image, "reader", layout->pageSize);

    rewriter.setInsertionPoint(op);
    IndexMath math{rewriter, loc};
    auto index = [&](int64_t value) { return math.index(value); };
    auto add = [&](Value a, Value b) { return math.add(a, b); };
    auto mul = [&](Value a, int64_t b) { return math.mul(a, b); };
    auto div = [&](Value a, int64_t b) { return math.div(a, b); };
    auto rem = [&](Value a, int64_t b) { return math.rem(a, b); };
    auto both = [&](Value a, Value b) {
      return createBinary<arith::AndIOp>(rewriter, loc, a, b);
    };
    Value zero = index(0), one = index(1);
    Value firstPixel = mul(im2col.getNhwStep(), blockRows);
    Value firstTap = mul(im2col.getKStep(), blockColumns);
    int64_t rowBytes = blockColumns * elementBytes;

    Value tiledBase, l1Base, gatherBase;
    if (readerTilize)
      std::tie(tiledBase, l1Base) =
          CopyLowering::beginReaderTilize(rewriter, loc, tiled, tiles, sticks);
    if (gathered)
      gatherBase =
          tag(rewriter.create<cb::GetWritePtrOp>(loc, gatherCB).getOperation(),
              "reader")
              ->getResult(0);
    auto rowLoop = rewriter.create<scf::ForOp>(loc, zero, index(rows), one);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    if (!readerTilize) {
      tag(rewriter.create<cb::ReserveBackOp>(loc, sticks, columns)
              .getOperation(),
          "reader");
      l1Base =
          tag(rewriter.create<cb::GetWritePtrOp>(loc, sticks).getOperation(),
              "reader")
              ->getResult(0);
    }
    Value tileRowPixel =
        add(firstPixel, mul(rowLoop.getInductionVar(), tile::kTileSize));
    auto pixelLoop =
        rewriter.create<scf::ForOp>(loc, zero, index(tile::kTileSize), one);
    rewriter.setInsertionPointToStart(pixelLoop.getBody());
    Value r = pixelLoop.getInductionVar();
    // Output pixel m = (n, oh, ow); a pixel past the end reads zeros.
    Value m = add(tileRowPixel, r);
    Value n = div(m, outHeight * outWidth);
    Value spatial = rem(m, outHeight * outWidth);
    Value oh = div(spatial, outWidth), ow = rem(spatial, outWidth);
    Value pixelInside = CopyLowering::createLess(rewriter, loc, n, batch);
    Value rowL1 = createBinary<arith::AddIOp>(
        rewriter, loc, l1Base,
        createBinary<arith::MulIOp>(rewriter, loc, toI32(rewriter, loc, r),
                                    createI32(rewriter, loc, rowBytes)));
    auto emitRun = [&](Value s) {
      // Filter tap k = (kh, kw, c0), the first of the run.
      Value k = add(firstTap, mul(s, run));
      Value kh = div(k, kernelSize * channels);
      Value kw = rem(div(k, channels), kernelSize);
      Value c0 = rem(k, channels);
      // h = oh*S + kh*D - P, unsigned: a negative h wraps past H, so one
      // unsigned comparison checks both ends.
      auto coordinate = [&](Value out, Value tap) {
        return createBinary<arith::SubIOp>(
            rewriter, loc, add(mul(out, stride), mul(tap, dilation)),
            index(padding));
      };
      Value h = coordinate(oh, kh), w = coordinate(ow, kw);
      Value inside =
          both(both(pixelInside,
                    CopyLowering::createLess(rewriter, loc, kh, kernelSize)),
               both(CopyLowering::createLess(rewriter, loc, h, height),
                    CopyLowering::createLess(rewriter, loc, w, width)));
      Value l1 = rowL1;
      if (runs > 1)
        l1 = createBinary<arith::AddIOp>(
            rewriter, loc, rowL1,
            createBinary<arith::MulIOp>(rewriter, loc, toI32(rewriter, loc, s),
                                        createI32(rewriter, loc, runBytes)));
      auto transfer = [&] {
        Value page =
            toI32(rewriter, loc, add(mul(add(mul(n, height), h), width), w));
        Value offset =
            createBinary<arith::MulIOp>(rewriter, loc, toI32(rewriter, loc, c0),
                                        createI32(rewriter, loc, elementBytes));
        Value address = tag(rewriter
                                .create<tt::GetPageNocAddrOp>(
                                    loc, ValueRange{page, accessor, offset})
                                .getOperation(),
                            "reader")
                            ->getResult(0);
        tag(rewriter
                .create<tt::NocAsyncReadOp>(
                    loc,
                    ValueRange{address, l1, createI32(rewriter, loc, runBytes)})
                .getOperation(),
            "reader");
      };
      CopyLowering::emitGuarded(rewriter, loc, inside, /*reading=*/true,
                                "reader", l1, runBytes, transfer);
    };
    if (gathered) {
      emitTapReads(rewriter, loc, math, im2col, accessor, gatherBase, r,
                   pixelInside, n, oh, ow, firstTap, taps, stickBytes);
    } else if (runs == 1) {
      emitRun(zero);
    } else {
      auto runLoop = rewriter.create<scf::ForOp>(loc, zero, index(runs), one);
      rewriter.setInsertionPointToStart(runLoop.getBody());
      emitRun(runLoop.getInductionVar());
    }
    rewriter.setInsertionPointAfter(pixelLoop.getOperation());
    tag(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation(),
        "reader");
    if (gathered)
      emitPlacement(rewriter, loc, math, gatherBase, l1Base, firstTap, channels,
                    blockColumns, taps, stickBytes, elementBytes);
    if (readerTilize) {
      CopyLowering::emitReaderTilize(rewriter, loc, l1Base, tiledBase,
                                     rowLoop.getInductionVar(), columns,
                                     element);
    } else {
      tag(rewriter.create<cb::PushBackOp>(loc, sticks, columns).getOperation(),
          "reader");
    }
    rewriter.setInsertionPointAfter(rowLoop.getOperation());
    if (readerTilize)
      tag(rewriter.create<cb::PushBackOp>(loc, tiled, tiles).getOperation(),
          "reader");

    // Compute: tilize the block into the buffer's CB, then read it there as
    // from any input CB (wait here, pop after the buffer's last use).
    rewriter.setInsertionPoint(op);
    if (!readerTilize)
      CopyLowering::emitConversion(rewriter, loc, /*tilize=*/true, sticks,
                                   tiled, rows, columns);
    CopyLowering::emitComputeUse(rewriter, loc, op, buffer, tiled, tiles);
    rewriter.eraseOp(op);
    return success();
  }

private:
  /// Gathered im2col, for pixel row `r` of the tile row: the whole stick of
  /// the pixel of each of the `taps` filter taps the block's columns span
  /// (from tap firstTap / C on), into scratch slot r * taps + t, or zeros
  /// where the pixel is outside the image (padding), the tap past the
  /// filter or the output pixel past the end.
  void emitTapReads(PatternRewriter &rewriter, Location loc, IndexMath &math,
                    tile::Im2ColOp im2col, Value accessor, Value gatherBase,
                    Value r, Value pixelInside, Value n, Value oh, Value ow,
                    Value firstTap, int64_t taps, int64_t stickBytes) const {
    auto imageType = im2col.getImage().getType().cast<tile::TensorType>();
    llvm::ArrayRef<int64_t> shape = imageType.getShape();
    int64_t height = shape[1], width = shape[2], channels = shape[3];
    int64_t kernelSize = im2col.getKernel(), stride = im2col.getStride(),
            dilation = im2col.getDilation(), padding = im2col.getPadding();
    auto both = [&](Value a, Value b) {
      return createBinary<arith::AndIOp>(rewriter, loc, a, b);
    };
    auto tapLoop = rewriter.create<scf::ForOp>(loc, math.index(0),
                                               math.index(taps), math.index(1));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(tapLoop.getBody());
    Value t = tapLoop.getInductionVar();
    Value tap = math.add(math.div(firstTap, channels), t);
    Value kh = math.div(tap, kernelSize), kw = math.rem(tap, kernelSize);
    auto coordinate = [&](Value out, Value offset) {
      return createBinary<arith::SubIOp>(
          rewriter, loc,
          math.add(math.mul(out, stride), math.mul(offset, dilation)),
          math.index(padding));
    };
    Value h = coordinate(oh, kh), w = coordinate(ow, kw);
    Value inside =
        both(both(pixelInside,
                  CopyLowering::createLess(rewriter, loc, kh, kernelSize)),
             both(CopyLowering::createLess(rewriter, loc, h, height),
                  CopyLowering::createLess(rewriter, loc, w, width)));
    Value slot = createBinary<arith::AddIOp>(
        rewriter, loc, gatherBase,
        toI32(rewriter, loc,
              math.mul(math.add(math.mul(r, taps), t), stickBytes)));
    CopyLowering::emitGuarded(
        rewriter, loc, inside, /*reading=*/true, "reader", slot, stickBytes,
        [&] {
          Value page = toI32(
              rewriter, loc,
              math.add(math.mul(math.add(math.mul(n, height), h), width), w));
          Value address =
              tag(rewriter
                      .create<tt::GetPageNocAddrOp>(
                          loc, ValueRange{page, accessor,
                                          createI32(rewriter, loc, 0)})
                      .getOperation(),
                  "reader")
                  ->getResult(0);
          tag(rewriter
                  .create<tt::NocAsyncReadOp>(
                      loc, ValueRange{address, slot,
                                      createI32(rewriter, loc, stickBytes)})
                  .getOperation(),
              "reader");
        });
  }

  /// Gathered im2col, after the reads: each element (r, j) of the tile
  /// row, channel c = k % C of tap k / C (k = firstTap + j), from its
  /// scratch stick into the staging row, through the L1 pointer: a word
  /// per 4-byte element, two halves per word for 2-byte ones.
  void emitPlacement(PatternRewriter &rewriter, Location loc, IndexMath &math,
                     Value gatherBase, Value rowsBase, Value firstTap,
                     int64_t channels, int64_t blockColumns, int64_t taps,
                     int64_t stickBytes, int64_t elementBytes) const {
    auto i32 = [&](int64_t value) {
      return createI32(rewriter, loc, int32_t(value));
    };
    auto readWord = [&](Value address) {
      return readL1Word(rewriter, loc, "reader", address);
    };
    auto rowLoop = rewriter.create<scf::ForOp>(
        loc, math.index(0), math.index(tile::kTileSize), math.index(1));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    Value r = rowLoop.getInductionVar();
    int64_t perWord = 4 / elementBytes;
    auto wordLoop = rewriter.create<scf::ForOp>(
        loc, math.index(0), math.index(blockColumns / perWord), math.index(1));
    rewriter.setInsertionPointToStart(wordLoop.getBody());
    Value word = wordLoop.getInductionVar();
    // Element j's value, in the low bits of a word.
    auto element = [&](Value j) {
      Value k = math.add(firstTap, j);
      Value t = createBinary<arith::SubIOp>(
          rewriter, loc, math.div(k, channels), math.div(firstTap, channels));
      Value byte =
          math.add(math.mul(math.add(math.mul(r, taps), t), stickBytes),
                   math.mul(math.rem(k, channels), elementBytes));
      Value value = readWord(createBinary<arith::AddIOp>(
          rewriter, loc, gatherBase,
          toI32(rewriter, loc, math.mul(math.div(byte, 4), 4))));
      if (elementBytes == 4)
        return value;
      Value shift = createBinary<arith::MulIOp>(
          rewriter, loc, toI32(rewriter, loc, math.rem(byte, 4)), i32(8));
      return createBinary<arith::AndIOp>(
          rewriter, loc,
          createBinary<arith::ShRUIOp>(rewriter, loc, value, shift),
          i32(0xffff));
    };
    Value value = element(math.mul(word, perWord));
    if (elementBytes == 2)
      value = createBinary<arith::OrIOp>(
          rewriter, loc, value,
          createBinary<arith::ShLIOp>(
              rewriter, loc,
              element(math.add(math.mul(word, 2), math.index(1))), i32(16)));
    Value target = createBinary<arith::AddIOp>(
        rewriter, loc, rowsBase,
        toI32(rewriter, loc,
              math.add(math.mul(r, blockColumns * elementBytes),
                       math.mul(word, 4))));
    writeL1Word(rewriter, loc, "reader", target, value);
  }

  CopyLowering copies;
  LoweringState &state;
};

/// `tile.pipelined` becomes scf.for once its copies are lowered (their CB
/// depth carries the stages).
class PipelinedLowering : public OpRewritePattern<tile::PipelinedOp> {
public:
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tile::PipelinedOp pipelined,
                                PatternRewriter &rewriter) const override {
    Operation *op = pipelined.getOperation();
    rewriter.setInsertionPoint(op);
    auto loop = rewriter.create<scf::ForOp>(
        op->getLoc(), pipelined.getLowerBound(), pipelined.getUpperBound(),
        pipelined.getStep());
    rewriter.replaceAllUsesWith(pipelined.getInductionVar(),
                                loop.getInductionVar());
    Operation *yield = loop.getBody()->getTerminator();
    llvm::SmallVector<Operation *, 16> body;
    for (Operation &child : *pipelined.getBody())
      body.push_back(&child);
    for (Operation *child : body)
      child->moveBefore(yield);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `tile.load` whose value only offsets copies (a gather: a block table
/// entry, a block-sparse index, an expert id): the kernel that runs those
/// copies reads the element itself, as tt-metal's paged attention reader
/// reads its page table (reader_decode_all.cpp): a 64-byte aligned NoC read
/// of the DRAM bytes around the element into a one-page scratch CB, a read
/// barrier, and the word through the L1 pointer. The element's byte offset
/// in its page follows the tensor's layout: for tiles, face
/// (r % 32 / 16) * 2 + c % 32 / 16, then row r % 16 and column c % 16 of
/// the face (16x16, row-major); for row-major pages, c. A copy whose
/// offsets use the value is marked as a gather (never multicast). Other
/// uses (compute, loop bounds, a value both the reader and the writer
/// need) are errors.
class LoadLowering : public OpRewritePattern<tile::LoadOp> {
public:
  LoadLowering(Context *context, LoweringState &state)
      : OpRewritePattern(context), state(state) {}

  LogicalResult matchAndRewrite(tile::LoadOp load,
                                PatternRewriter &rewriter) const override {
    Operation *op = load.getOperation();
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    if (!kernel || !kernel->getAttr(tile::kPartitionAttrName))
      return fail(op, "tile.load is lowered in partitioned kernels (run "
                      "tile-partition first)");
    auto tensorType = load.getTensor().getType().cast<tile::TensorType>();
    std::optional<tile::TileLayout> layout = tile::TileLayout::get(tensorType);
    if (!layout)
      return fail(op, "the tensor has no tile layout (run tile-legalize "
                      "first)");
    Type element = tensorType.getElementType();
    // An error at the load, with a note at the use it cannot lower.
    auto failAtUse = [&](Operation *user,
                         const std::string &message) -> LogicalResult {
      InFlightDiagnostic diagnostic = op->emitError() << message;
      diagnostic.attachNote(user->getLoc()) << "the use";
      state.failed = true;
      return failure();
    };
    // A one-byte element (a mask's bool, an int8 or uint8 index) is used
    // through its extension to i32 (arith.extsi or extui, as the frontend
    // writes it): the kernels take its byte from the word they read and
    // extend it themselves.
    bool narrow =
        element.isa<IntegerType>() && element.getIntOrFloatBitWidth() <= 8;
    llvm::SmallVector<Operation *, 2> extensions;
    bool signExtend = false;
    if (narrow) {
      for (OpOperand &use : op->getResult(0).getUses()) {
        Operation *user = use.getOwner();
        bool isExtension =
            (arith::ExtSIOp::dynCast(user) || arith::ExtUIOp::dynCast(user)) &&
            user->getResult(0).getType().isSignlessInteger(32);
        bool isSigned = bool(arith::ExtSIOp::dynCast(user));
        if (!isExtension || (!extensions.empty() && isSigned != signExtend))
          return failAtUse(user, "a one-byte element read as a number is "
                                 "used through one arith.extsi or arith.extui "
                                 "to i32; here it is used by '" +
                                     user->getName().getStringRef().str() +
                                     "'");
        signExtend = isSigned;
        extensions.push_back(user);
      }
    } else if (!element.isSignlessInteger(32) && !element.isF32() &&
               !element.isBF16() && !element.isF16()) {
      op->emitError() << "only int32 elements are read as numbers for now (a "
                      << element
                      << " element would be a scalar for the compute kernel, "
                         "which is not supported yet)";
      state.failed = true;
      return failure();
    }
    // The copies the value offsets, through index arithmetic, and the
    // branches it decides.
    llvm::SmallVector<Value, 8> worklist;
    if (narrow) {
      for (Operation *extension : extensions)
        worklist.push_back(extension->getResult(0));
    } else {
      worklist.push_back(op->getResult(0));
    }
    // The value replaces the load, or for a narrow element its extensions
    // (which come after the load: they and the load are erased after the
    // walk).
    auto replaceLoad = [&](Value value) {
      if (!narrow) {
        rewriter.replaceOp(op, ValueRange{value});
        return;
      }
      for (Operation *extension : extensions) {
        rewriter.replaceAllUsesWith(extension->getResult(0), value);
        state.unused.push_back(extension);
      }
      state.unused.push_back(op);
    };
    llvm::SmallPtrSet<Operation *, 8> copies, branches;
    bool reader = false, writer = false, scalarUse = false;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (OpOperand &use : value.getUses()) {
        Operation *user = use.getOwner();
        if (auto copy = tile::CopyOp::dynCast(user)) {
          if (use.getOperandNumber() < 2)
            return fail(user, "a value read from a tensor is used as a "
                              "buffer here");
          (copy.getSource().getType().isa<tile::TensorType>() ? reader
                                                               : writer) =
              true;
          copies.insert(user);
          continue;
        }
        // A bound of a mask on element indices (`i < rows_left`, a group's
        // last K block): the writer fills the mask tiles (IndexMask.h).
        if (auto parallel = tile::ParallelOp::dynCast(user->getParentOp()))
          if (arith::CmpIOp::dynCast(user) &&
              isIndexCondition(user, parallel.getBody())) {
            writer = true;
            continue;
          }
        // Index arithmetic (integer results) carries the element on.
        if (user->getDialect() &&
            user->getDialect()->getNamespace() == "arith" &&
            user->getNumResults() == 1 && user->getNumRegions() == 0 &&
            (user->getResult(0).getType().isIndex() ||
             user->getResult(0).getType().isa<IntegerType>())) {
          worklist.push_back(user->getResult(0));
          continue;
        }
        // A branch's condition, or a loop's bound (a trip count read
        // from a tensor: batch_sizes[g] of a grouped GEMM, the block count
        // of a sparse row): every kernel with ops inside runs the same
        // branch or the same trips.
        if (scf::IfOp::dynCast(user) || tile::PipelinedOp::dynCast(user) ||
            (scf::ForOp::dynCast(user) && use.getOperandNumber() < 3)) {
          branches.insert(user);
          continue;
        }
        // A while loop's condition (`while n < counts[bx]`): the loop runs
        // in every kernel with ops inside, the same trips.
        if (user->getName().getStringRef() == "scf.condition" &&
            use.getOperandNumber() == 0) {
          branches.insert(user->getParentOp());
          continue;
        }
        // An offset of another element read (batch_sizes[group], the
        // group itself read or selected from elements): the kernels that
        // use that element read this one too.
        if (tile::LoadOp::dynCast(user) && use.getOperandNumber() > 0) {
          worklist.push_back(user->getResult(0));
          continue;
        }
        // A scalar of the compute kernel: captured by a tile.parallel body
        // (Sinks[by] in TileLang's attention sinks) or a fill's value.
        bool inBody = false;
        for (Operation *parent = user; parent && parent != kernel.getOperation();
             parent = parent->getParentOp())
          inBody |= bool(tile::ParallelOp::dynCast(parent));
        if (inBody ||
            (tile::FillOp::dynCast(user) && use.getOperandNumber() == 1)) {
          scalarUse = true;
          continue;
        }
        return failAtUse(user, "a value read from a tensor is supported as a "
                               "copy offset or row limit, an `if` condition, a "
                               "loop bound or an index of another element "
                               "read only; here it is used by '" +
                                   user->getName().getStringRef().str() +
                                   "', which is not supported yet");
      }
    }
    // A branch runs in every kernel with ops in it: the compute kernel
    // gets the value from the reader through a CB, and the writer reads it
    // itself when it writes blocks inside the branch.
    bool compute = !branches.empty() || scalarUse;
    if (element.isa<FloatType>() && (!copies.empty() || !branches.empty()))
      return fail(op, "a float element read as a number is a scalar of "
                      "the compute kernel only (not an offset or a "
                      "condition)");
    for (Operation *branch : branches)
      branch->walk([&](Operation *nested) {
        if (auto copy = tile::CopyOp::dynCast(nested)) {
          if (copy.getDest().getType().isa<tile::TensorType>())
            writer = true;
          else if (copy.getSource().getType().isa<tile::TensorType>())
            reader = true;
        }
        // The writer fills the mask tiles of a select on element indices
        // (a causal mask) where the select runs (IndexMask.h).
        if (arith::SelectOp::dynCast(nested) ||
            arith::CmpIOp::dynCast(nested) ||
            arith::IndexCastOp::dynCast(nested))
          if (auto parallel = tile::ParallelOp::dynCast(nested->getParentOp()))
            if (dependsOnIndex(nested->getOperand(0), parallel.getBody()) ||
                dependsOnIndex(nested->getResult(0), parallel.getBody()))
              writer = true;
      });
    if (compute)
      reader = true;
    if (!reader && !writer && !compute) {
      if (narrow) {
        state.unused.append(extensions.begin(), extensions.end());
        state.unused.push_back(op);
      } else {
        rewriter.eraseOp(op);
      }
      return success();
    }
    for (Operation *copy : copies)
      copy->setAttr(kGatherAttrName, UnitAttr::get(op->getContext()));

    KernelState &kernelState = state.kernels[kernel.getOperation()];
    Location loc = op->getLoc();
    constexpr int64_t kChunk = 64;
    rewriter.setInsertionPoint(op);
    auto offsets = load.getOffsets();
    llvm::ArrayRef<int64_t> shape = tensorType.getShape();
    int64_t rank = tensorType.getRank();
    int64_t bytes = tile::getElementBytes(element);
    IndexMath math{rewriter, loc};
    auto index = [&](int64_t value) { return math.index(value); };
    auto add = [&](Value a, Value b) { return math.add(a, b); };
    auto mul = [&](Value a, int64_t b) { return math.mul(a, b); };
    auto div = [&](Value a, int64_t b) { return math.div(a, b); };
    auto rem = [&](Value a, int64_t b) { return math.rem(a, b); };
    Value page, byte;
    if (layout->rowMajor) {
      page = index(0);
      for (int64_t d = 0; d + 1 < rank; ++d)
        page = add(mul(page, shape[d]), offsets[d]);
      byte = mul(offsets[rank - 1], bytes);
    } else {
      // A 1-d tensor is a column vector: element i at row i % 32 of
      // column 0 of tile i / 32.
      Value row = rank == 1 ? offsets[0] : offsets[rank - 2];
      Value column = rank == 1 ? index(0) : offsets[rank - 1];
      int64_t rowTiles =
          rank == 1 ? layout->paddedShape[0] / tile::kTileSize
                    : layout->paddedShape[rank - 2] / tile::kTileSize;
      int64_t columnTiles =
          rank == 1 ? 1 : layout->paddedShape[rank - 1] / tile::kTileSize;
      Value matrix = index(0);
      for (int64_t d = 0; d + 2 < rank; ++d)
        matrix = add(mul(matrix, shape[d]), offsets[d]);
      if (rank == 1) {
        page = div(row, tile::kTileSize);
      } else {
        page = add(mul(add(mul(matrix, rowTiles), div(row, tile::kTileSize)),
                       columnTiles),
                   div(column, tile::kTileSize));
      }
      Value r = rem(row, tile::kTileSize), c = rem(column, tile::kTileSize);
      Value face = add(mul(div(r, 16), 2), div(c, 16));
      Value inFace = add(mul(rem(r, 16), 16), rem(c, 16));
      byte = mul(add(mul(face, 256), inFace), bytes);
    }
    Value aligned = mul(div(byte, kChunk), kChunk);
    Value within = rem(byte, kChunk);

    // A data movement kernel reads the 64 bytes around the element into
    // `cb` and takes the word; `forCompute` pushes the page on to compute.
    auto readIn = [&](llvm::StringRef role, bool forCompute,
                      Value cb) -> Value {
      auto tagged = [&](Operation *created) { return tag(created, role); };
      Value accessor = CopyLowering::getAccessor(
          rewriter, kernel, kernelState, load.getTensor(), role,
          layout->pageSize);
      if (forCompute)
        tagged(rewriter.create<cb::ReserveBackOp>(loc, cb, 1).getOperation());
      Value noc = tagged(rewriter
                             .create<tt::GetPageNocAddrOp>(
                                 loc, ValueRange{toI32(rewriter, loc, page),
                                                 accessor,
                                                 toI32(rewriter, loc, aligned)})
                             .getOperation())
                      ->getResult(0);
      Value l1 =
          tagged(rewriter.create<cb::GetWritePtrOp>(loc, cb).getOperation())
              ->getResult(0);
      tagged(rewriter
                 .create<tt::NocAsyncReadOp>(
                     loc, ValueRange{noc, l1, createI32(rewriter, loc, kChunk)})
                 .getOperation());
      tagged(rewriter.create<tt::NocAsyncReadBarrierOp>(loc).getOperation());
      // The aligned word that holds the element (a RISC-V load of a word
      // is aligned); narrower elements are taken from it below.
      Value word = createBinary<arith::AddIOp>(
          rewriter, loc, l1, toI32(rewriter, loc, mul(div(within, 4), 4)));
      Value value = tagged(rewriter
                               .create<tt::ReadL1U32Op>(loc, ValueRange{word})
                               .getOperation())
                        ->getResult(0);
      if (forCompute)
        tagged(rewriter.create<cb::PushBackOp>(loc, cb, 1).getOperation());
      return value;
    };
    // The format of the 64-byte pages: the element's, or for one-byte
    // elements i32 (the pages are only read as words).
    Type pageFormat = narrow ? Type(rewriter.getI32Type()) : element;
    auto scratchFor = [&](llvm::StringRef role) -> Value {
      Value &scratch = kernelState.scratch[role];
      if (!scratch && kernelState.nextInput <= 15)
        scratch = createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++,
                                pageFormat, kChunk, 1);
      return scratch;
    };

    llvm::SmallVector<Value, 3> values;
    llvm::SmallVector<Attribute, 3> roles;
    auto record = [&](llvm::StringRef role, Value value) {
      values.push_back(value);
      roles.push_back(StringAttr::get(op->getContext(), role));
    };
    if (reader) {
      Value cb;
      if (compute) {
        if (kernelState.nextInput > 15)
          return fail(op, "more than 16 input circular buffers (c_0..c_15) "
                          "in one kernel");
        // Two pages: the reader reads the next element while compute
        // decides on this one.
        cb = createCBAtTop(rewriter, kernel, loc, kernelState.nextInput++,
                           pageFormat, kChunk, 2);
      } else if (!(cb = scratchFor("reader"))) {
        return fail(op, "more than 16 input circular buffers (c_0..c_15) "
                        "in one kernel");
      }
      record("reader", readIn("reader", compute, cb));
      if (compute) {
        // Compute takes the word from the page the reader pushed
        // (cb_get_tile, as sdpa_flash_decode.cpp takes cur_pos).
        emitCB<cb::WaitFrontOp>(rewriter, loc, cb, 1);
        Value wordIndex = toI32(rewriter, loc, div(within, 4));
        Value value = emit<tt::ReadCbU32Op>(rewriter, loc, {wordIndex},
                                            {{"in", getCBIndex(cb)}})
                          ->getResult(0);
        emitCB<cb::PopFrontOp>(rewriter, loc, cb, 1);
        record("compute", value);
      }
    }
    if (writer) {
      Value cb = scratchFor("writer");
      if (!cb)
        return fail(op, "more than 16 input circular buffers (c_0..c_15) "
                        "in one kernel");
      record("writer", readIn("writer", false, cb));
    }
    // An element narrower than a word: its bytes of the aligned word that
    // holds it, in the low bits.
    auto takeBits = [&](Value word) {
      Value shift = createBinary<arith::MulIOp>(
          rewriter, loc, toI32(rewriter, loc, rem(within, 4)),
          createI32(rewriter, loc, 8));
      return createBinary<arith::AndIOp>(
          rewriter, loc,
          createBinary<arith::ShRUIOp>(rewriter, loc, word, shift),
          createI32(rewriter, loc, (int64_t(1) << (8 * bytes)) - 1));
    };
    if (element.isF32() || element.isBF16() || element.isF16()) {
      // The compute kernel's bits, as the f32 they are (the compute
      // lowering takes them as a runtime scalar: getRuntimeScalar). A bf16
      // element is the upper half of its f32 (exact), taken from its half
      // of the word, then truncated back to bf16 (exact too).
      Value bits = values[llvm::find_if(roles, [](Attribute role) {
                     return role.cast<StringAttr>().getValue() == "compute";
                   }) - roles.begin()];
      if (element.isBF16() || element.isF16()) {
        Value half = takeBits(bits);
        bits = element.isBF16()
                   ? createBinary<arith::ShLIOp>(rewriter, loc, half,
                                                 createI32(rewriter, loc, 16))
                   : halfToFloatBits(rewriter, loc, half);
      }
      Value value = rewriter
                        .create<arith::BitcastOp>(loc, rewriter.getF32Type(),
                                                  bits)
                        .getOperation()
                        ->getResult(0);
      if (!element.isF32())
        value = rewriter.create<arith::TruncFOp>(loc, element, value)
                    .getOperation()
                    ->getResult(0);
      rewriter.replaceOp(op, ValueRange{value});
      return success();
    }
    if (narrow) {
      // The element's byte of each kernel's word, extended to i32 (a bool
      // is true when its byte is not zero).
      for (Value &value : values) {
        Value byte = takeBits(value);
        if (element.isInteger(1))
          byte = createBinary<arith::MinUIOp>(rewriter, loc, byte,
                                              createI32(rewriter, loc, 1));
        if (signExtend) {
          // extsi: an i1 true is -1, an i8 takes its sign bit.
          byte =
              element.isInteger(1)
                  ? createBinary<arith::SubIOp>(
                        rewriter, loc, createI32(rewriter, loc, 0), byte)
                  : createBinary<arith::ShRSIOp>(
                        rewriter, loc,
                        createBinary<arith::ShLIOp>(
                            rewriter, loc, byte, createI32(rewriter, loc, 24)),
                        createI32(rewriter, loc, 24));
        }
        value = byte;
      }
    }
    if (values.size() == 1) {
      replaceLoad(values.front());
      return success();
    }
    OperationState roleState(loc, tile::RoleValueOp::getOperationName(),
                             op->getContext());
    roleState.addOperands(values);
    roleState.addTypes(values.front().getType());
    roleState.addAttribute("roles", ArrayAttr::get(op->getContext(), roles));
    Operation *roleValue = rewriter.create(roleState);
    replaceLoad(roleValue->getResult(0));
    return success();
  }

private:
  /// The f32 bit pattern of the IEEE half `half` (i32, low 16 bits), in
  /// integer arithmetic the compute kernel runs: normal numbers move their
  /// exponent (bias 15 to 127) and mantissa; zeros keep their sign;
  /// infinities and NaNs get exponent 255; a subnormal m * 2^-24 is
  /// normalized at its leading bit p (1.f * 2^(p - 24)). Exact for every
  /// half.
  static Value halfToFloatBits(PatternRewriter &rewriter, Location loc,
                               Value half) {
    auto i32 = [&](int64_t value) { return createI32(rewriter, loc, value); };
    auto andI = [&](Value a, Value b) {
      return createBinary<arith::AndIOp>(rewriter, loc, a, b);
    };
    auto orI = [&](Value a, Value b) {
      return createBinary<arith::OrIOp>(rewriter, loc, a, b);
    };
    auto shl = [&](Value a, Value b) {
      return createBinary<arith::ShLIOp>(rewriter, loc, a, b);
    };
    auto shr = [&](Value a, Value b) {
      return createBinary<arith::ShRUIOp>(rewriter, loc, a, b);
    };
    auto addI = [&](Value a, Value b) {
      return createBinary<arith::AddIOp>(rewriter, loc, a, b);
    };
    auto subI = [&](Value a, Value b) {
      return createBinary<arith::SubIOp>(rewriter, loc, a, b);
    };
    auto compare = [&](arith::CmpIPredicate predicate, Value a, Value b) {
      return createCmpI(rewriter, loc, predicate, a, b);
    };
    auto select = [&](Value condition, Value a, Value b) {
      return createSelect(rewriter, loc, condition, a, b);
    };
    Value sign = shl(andI(half, i32(0x8000)), i32(16));
    Value exponent = andI(shr(half, i32(10)), i32(0x1f));
    Value mantissa = andI(half, i32(0x3ff));
    // Normal: (e + 112) << 23 | m << 13.
    Value normal =
        orI(shl(addI(exponent, i32(112)), i32(23)), shl(mantissa, i32(13)));
    // Infinity and NaN: exponent 255.
    Value special = orI(i32(0x7f800000), shl(mantissa, i32(13)));
    // Subnormal: the leading bit p of m (0..9).
    Value lead = i32(0);
    for (int64_t p = 1; p <= 9; ++p)
      lead = select(compare(arith::CmpIPredicate::uge, mantissa, i32(1 << p)),
                    i32(p), lead);
    Value subnormal =
        orI(shl(addI(lead, i32(103)), i32(23)),
            andI(shl(mantissa, subI(i32(23), lead)), i32(0x7fffff)));
    Value isZeroExponent = compare(arith::CmpIPredicate::eq, exponent, i32(0));
    Value isZeroMantissa = compare(arith::CmpIPredicate::eq, mantissa, i32(0));
    Value magnitude =
        select(isZeroExponent, select(isZeroMantissa, i32(0), subnormal),
               select(compare(arith::CmpIPredicate::eq, exponent, i32(31)),
                      special, normal));
    return orI(sign, magnitude);
  }

  LogicalResult fail(Operation *op, const llvm::Twine &message) const {
    op->emitError() << message;
    state.failed = true;
    return failure();
  }

  LoweringState &state;
};

class TileLowerDataMovementPass : public Pass {
public:
  TileLowerDataMovementPass() {
    declareOption("multicast",
                  "Read a block that a row or column of cores shares on one "
                  "core and multicast it to the others (default true)",
                  &multicast);
  }
  llvm::StringRef getArgument() const override {
    return "tile-lower-data-movement";
  }
  llvm::StringRef getName() const override { return "TileLowerDataMovement"; }
  llvm::StringRef getDescription() const override {
    return "Lower copies between global tensors and buffers to reader and "
           "writer NoC sequences and circular-buffer protocol";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileLowerDataMovementPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }
  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    return success();
  }

  void runOnOperation() override {
    // Where the reductions' padding ends, before the copies it comes from
    // are erased (ReducePadding.h).
    llvm::SmallVector<std::pair<tile::KernelOp, std::vector<PaddedReduce>>, 2>
        padded;
    bool analysisFailed = false;
    getOperation()->walk([&](Operation *op) {
      auto kernel = tile::KernelOp::dynCast(op);
      if (!kernel)
        return;
      FailureOr<std::vector<PaddedReduce>> reduces = analyzeReducePadding(
          kernel, [&](Value value) { return getUpperBound(value, kernel); });
      if (failed(reduces))
        analysisFailed = true;
      else if (!reduces->empty())
        padded.emplace_back(kernel, std::move(*reduces));
    });
    if (analysisFailed)
      return signalPassFailure();
    LoweringState state;
    RewritePatternSet patterns(getContext());
    state.multicast = multicast;
    patterns.add<CopyLowering>(state);
    patterns.add<LoadLowering>(state);
    patterns.add<Im2ColLowering>(state);
    patterns.add<PipelinedLowering>();
    FrozenRewritePatternSet frozen(std::move(patterns));
    numRewrites += walkAndApplyPatterns(getOperation(), frozen);
    if (state.failed)
      return signalPassFailure();
    for (Operation *op : state.unused)
      op->erase();
    for (auto &[kernel, reduces] : padded)
      if (failed(emitReducePaddingMasks(kernel, reduces)))
        return signalPassFailure();
    // Selects on element indices read masks the writer fills (IndexMask.h).
    llvm::SmallVector<tile::KernelOp, 2> kernels;
    getOperation()->walk([&](Operation *op) {
      if (auto kernel = tile::KernelOp::dynCast(op))
        kernels.push_back(kernel);
    });
    for (tile::KernelOp kernel : kernels)
      if (failed(emitIndexMasks(kernel)))
        return signalPassFailure();
    // Buffers now bound to circular buffers.
    llvm::SmallVector<Operation *, 8> dead;
    getOperation()->walk([&](Operation *op) {
      if (tile::AllocOp::dynCast(op) && op->getResult(0).use_empty())
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
  }

private:
  bool multicast = true;
  Statistic numRewrites{this, "num-rewrites", "Copies and loops lowered"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTileLowerDataMovementPass() {
  return std::make_unique<TileLowerDataMovementPass>();
}
