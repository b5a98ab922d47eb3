//===- Utils.h - Helpers shared by the tile-to-tt passes --------*- C++ -*-===//
#ifndef TILT_LIB_CONVERSION_TILETOTT_UTILS_H
#define TILT_LIB_CONVERSION_TILETOTT_UTILS_H

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Builders.h"
#include "tilt/IR/Matchers.h"
#include "tilt/Pass/Pass.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallSet.h"

namespace tilt {
namespace tiletott {

inline Value createIndex(OpBuilder &builder, Location loc, int64_t value) {
  return builder.create<arith::ConstantOp>(loc, builder.getIndexAttr(value))
      .getOperation()
      ->getResult(0);
}

inline Value createI32(OpBuilder &builder, Location loc, int64_t value) {
  return builder
      .create<arith::ConstantOp>(loc, builder.getI32IntegerAttr(value))
      .getOperation()
      ->getResult(0);
}

/// `value` (index) as i32.
inline Value toI32(OpBuilder &builder, Location loc, Value value) {
  return builder
      .create<arith::IndexCastOp>(loc, builder.getI32Type(), value)
      .getOperation()
      ->getResult(0);
}

template <typename OpT>
Value createBinary(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return builder.create<OpT>(loc, lhs, rhs).getOperation()->getResult(0);
}

/// `arith.cmpi predicate, lhs, rhs`.
inline Value createCmpI(OpBuilder &builder, Location loc,
                        arith::CmpIPredicate predicate, Value lhs, Value rhs) {
  return builder.create<arith::CmpIOp>(loc, predicate, lhs, rhs)
      .getOperation()
      ->getResult(0);
}

/// `arith.select condition, a, b`.
inline Value createSelect(OpBuilder &builder, Location loc, Value condition,
                          Value a, Value b) {
  return builder.create<arith::SelectOp>(loc, condition, a, b)
      .getOperation()
      ->getResult(0);
}

/// `<columns>x<rows>` with positive sizes, as (columns, rows).
inline std::optional<std::pair<int64_t, int64_t>>
parseGrid(llvm::StringRef text) {
  auto [columns, rows] = text.split('x');
  int64_t c = 0, r = 0;
  if (columns.getAsInteger(10, c) || rows.getAsInteger(10, r) || c <= 0 ||
      r <= 0)
    return std::nullopt;
  return std::make_pair(c, r);
}

/// The option checks shared by the passes and the pipeline. An empty grid,
/// arch or board means "from the others" (resolveTarget).
inline bool isValidGrid(llvm::StringRef text) {
  return text.empty() || parseGrid(text).has_value();
}
inline bool isValidArch(llvm::StringRef arch) {
  return arch.empty() || tt::getArchGrid(arch).has_value();
}
inline bool isValidBoard(llvm::StringRef board) {
  return board.empty() || tt::getBoard(board) != nullptr;
}

/// What a partition targets: a board, its arch and a grid that fits the
/// board's compute grid.
struct Target {
  std::string board, arch;
  int64_t columns = 0, rows = 0;
};

/// The target from the options as given (each may be empty): the board
/// defaults to the arch's usual one (n150 without an arch), the arch to
/// the board's, the grid to the board's whole compute grid. An error
/// message names the board when the grid does not fit it or the arch
/// disagrees with it.
inline std::optional<Target> resolveTarget(llvm::StringRef grid,
                                           llvm::StringRef arch,
                                           llvm::StringRef board,
                                           std::string &error) {
  const tt::BoardInfo *info =
      board.empty() ? tt::getDefaultBoard(arch.empty() ? "wormhole_b0" : arch)
                    : tt::getBoard(board);
  if (!info) {
    error = ("unknown board '" + board + "' (expected " +
             tt::getBoardNames() + ")")
                .str();
    return std::nullopt;
  }
  if (!arch.empty() && arch != info->arch) {
    error = ("board " + info->name + " is a " + info->arch + " board, not " +
             arch)
                .str();
    return std::nullopt;
  }
  Target target;
  target.board = info->name.str();
  target.arch = info->arch.str();
  target.columns = info->columns;
  target.rows = info->rows;
  if (!grid.empty()) {
    auto parsed = parseGrid(grid);
    if (!parsed) {
      error = ("invalid grid '" + grid + "'").str();
      return std::nullopt;
    }
    std::tie(target.columns, target.rows) = *parsed;
  }
  if (target.columns > info->columns || target.rows > info->rows) {
    error = "a " + std::to_string(target.columns) + "x" +
            std::to_string(target.rows) + " grid does not fit the " +
            std::to_string(info->columns) + "x" + std::to_string(info->rows) +
            " compute grid of board " + info->name.str() + " (" +
            info->arch.str() + ")";
    return std::nullopt;
  }
  return target;
}
inline bool isValidFidelity(llvm::StringRef fidelity) {
  return fidelity == "LoFi" || fidelity == "HiFi2" || fidelity == "HiFi3" ||
         fidelity == "HiFi4";
}
constexpr llvm::StringLiteral kGridExpected =
    "<columns>x<rows> with positive sizes, e.g. 8x8";
constexpr llvm::StringLiteral kArchExpected =
    "one of wormhole_b0, grayskull, blackhole";
constexpr llvm::StringLiteral kBoardExpected =
    "one of n150, n300, galaxy, p100, p150, p150_unharvested, e150";
constexpr llvm::StringLiteral kFidelityExpected =
    "one of LoFi, HiFi2, HiFi3, HiFi4";

/// Loads the dialects whose ops the lowering creates.
inline void loadLoweringDialects(Context *context) {
  context->getOrLoadDialect<arith::ArithDialect>();
  context->getOrLoadDialect<cb::CBDialect>();
  context->getOrLoadDialect<tt::TTDialect>();
  context->getOrLoadDialect<tile::TileDialect>();
  context->getOrLoadDialect<scf::SCFDialect>();
}

/// A pass with the target options `grid`, `arch` and `board`, resolved
/// into `target` when it initializes (tile-coarsen, tile-partition); an
/// error names the pass.
class TargetPass : public Pass {
public:
  TargetPass() {
    declareOption("grid",
                  "The target core grid, <columns>x<rows> (default: the "
                  "board's compute grid)",
                  &grid, isValidGrid, kGridExpected);
    declareOption("arch",
                  "wormhole_b0, grayskull or blackhole (default: the board's)",
                  &arch, isValidArch, kArchExpected);
    declareOption("board",
                  "n150, n300, galaxy, p100, p150, p150_unharvested or e150 (default: the "
                  "arch's usual board, n150)",
                  &board, isValidBoard, kBoardExpected);
  }
  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    std::string error;
    std::optional<Target> resolved = resolveTarget(grid, arch, board, error);
    if (!resolved)
      return emitError(context, Location())
             << getArgument() << ": " << error;
    target = *resolved;
    return success();
  }

protected:
  std::string grid, arch, board;
  Target target;
};

/// Whether `shape`'s tiled dimensions (the last two; the last of a 1-d
/// shape) are whole 32x32 tiles, as tile-legalize requires.
inline bool isWholeTiles(llvm::ArrayRef<int64_t> shape) {
  size_t tiled = std::min<size_t>(2, shape.size());
  for (size_t i = shape.size() - tiled; i < shape.size(); ++i)
    if (shape[i] % tile::kTileSize != 0)
      return false;
  return true;
}

/// The value of an integer or index constant.
inline std::optional<int64_t> getConstantInt(Value value) {
  if (std::optional<llvm::APInt> constant = getConstantIntValue(value))
    return constant->getSExtValue();
  return std::nullopt;
}

/// A lower bound of an index value every kernel computes from constants
/// and block indices (which are at least 0) through addi, muli and the
/// divisions; std::nullopt when it has none (a value read from a tensor).
inline std::optional<int64_t> getMinimumIndex(Value value, int depth = 0) {
  if (std::optional<int64_t> constant = getConstantInt(value))
    return constant;
  if (depth > 16)
    return std::nullopt;
  if (auto argument = value.dyn_cast<BlockArgument>())
    if (auto kernel =
            tile::KernelOp::dynCast(argument.getOwner()->getParentOp()))
      if (argument.getArgNumber() < kernel.getGrid().size())
        return 0;
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumOperands() != 2)
    return std::nullopt;
  std::optional<int64_t> a = getMinimumIndex(op->getOperand(0), depth + 1);
  std::optional<int64_t> b = getMinimumIndex(op->getOperand(1), depth + 1);
  if (!a || !b || *a < 0 || *b < 0 || *a > (int64_t(1) << 30) ||
      *b > (int64_t(1) << 30))
    return std::nullopt;
  if (arith::AddIOp::dynCast(op))
    return *a + *b;
  if (arith::MulIOp::dynCast(op))
    return *a * *b;
  std::optional<int64_t> divisor = getConstantInt(op->getOperand(1));
  if (!divisor || *divisor <= 0)
    return std::nullopt;
  if (arith::DivUIOp::dynCast(op) || arith::DivSIOp::dynCast(op) ||
      arith::FloorDivSIOp::dynCast(op))
    return *a / *divisor;
  if (arith::CeilDivUIOp::dynCast(op) || arith::CeilDivSIOp::dynCast(op))
    return (*a + *divisor - 1) / *divisor;
  return std::nullopt;
}

/// Whether `loop` runs at least once on every core: a constant lower bound
/// and step, and an upper bound known to be above the lower one (a K loop;
/// a causal loop over `ceildiv((bx + 1) * M, N)` blocks). A trip count read
/// from a tensor may be 0.
inline bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantInt(loop.getLowerBound());
  std::optional<int64_t> step = getConstantInt(loop.getStep());
  std::optional<int64_t> ub = getMinimumIndex(loop.getUpperBound());
  return lb && ub && step && *step > 0 && *ub > *lb;
}

/// The global tensors `kernel` writes (copies to them, atomics).
inline llvm::DenseSet<Value> getWrittenTensors(Operation *kernel) {
  llvm::DenseSet<Value> tensors;
  kernel->walk([&](Operation *inner) {
    if (auto copy = tile::CopyOp::dynCast(inner)) {
      if (copy.getDest().getType().isa<tile::TensorType>())
        tensors.insert(copy.getDest());
    } else if (auto atomic = tile::AnyAtomicOp::dynCast(inner)) {
      tensors.insert(atomic.getTensor());
    }
  });
  return tensors;
}

/// Tags `op` for the kernel of `role` (reader, compute or writer).
inline Operation *tag(Operation *op, llvm::StringRef role) {
  op->setAttr(tt::kRoleAttrName, StringAttr::get(op->getContext(), role));
  return op;
}

/// The role `op` is tagged with, or "".
inline llvm::StringRef getRole(Operation *op) {
  if (auto role = op->getAttr(tt::kRoleAttrName).dyn_cast_or_null<StringAttr>())
    return role.getValue();
  return "";
}

/// The tile.kernel around `op`, if any.
inline tile::KernelOp getEnclosingTileKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto kernel = tile::KernelOp::dynCast(parent))
      return kernel;
  return tile::KernelOp(nullptr);
}

/// Whether `value` (in `body`, a tile.parallel's) depends on a tile.index
/// of the body (IndexMask.cpp).
bool dependsOnIndex(Value value, Block *body);

/// Whether `value` (in `body`) depends on an element of an input (a block
/// argument of the body).
bool dependsOnInput(Value value, Block *body);

/// Whether every user of `value` converts it to a float (sitofp) or
/// compares it: an i32 that never lives in DST as an int32 word.
inline bool isOnlyConvertedToFloat(Value value) {
  return llvm::all_of(value.getUsers(), [](Operation *user) {
    return arith::SIToFPOp::dynCast(user) || arith::CmpIOp::dynCast(user);
  });
}

/// Whether `kernel` computes or holds f32 data (a gemm accumulator, a
/// reduce result, a parallel output or an on-core buffer of f32), or
/// computes on i32 tiles (a tile.parallel operand): such a kernel runs
/// with an fp32 DST (`fp32_dest_acc`), which holds 4 tiles per
/// acquisition instead of 8. A 16-bit DST would round every f32 value that
/// passes through it, copies between buffers included (copy_tile), and
/// has no room for an int32 word.
inline bool computesF32(Operation *kernel) {
  bool fp32 = false;
  kernel->walk([&](Operation *op) {
    llvm::SmallVector<Value, 2> written;
    if (tile::AllocOp::dynCast(op))
      written.push_back(op->getResult(0));
    else if (tile::CopyOp::dynCast(op))
      written.push_back(op->getOperand(1));
    else if (tile::GemmOp::dynCast(op))
      written.push_back(op->getOperand(2));
    else if (tile::ReduceOp::dynCast(op))
      written.push_back(op->getOperand(1));
    else if (auto parallel = tile::ParallelOp::dynCast(op)) {
      written.append(parallel.getOutputs().begin(),
                     parallel.getOutputs().end());
      for (Value operand : op->getOperands())
        if (auto type = operand.getType().dyn_cast<tile::BufType>())
          fp32 |= type.getElementType().isInteger(32);
      // i32 values computed in the body (an element index used as an
      // int32 number); a cast only converted to a float or compared is
      // not one.
      // A kernel integer (a block index, not an element's) converted to
      // a float is an int32 word in DST too (fill_tile_int).
      Block *body = parallel.getBody();
      auto fromElement = [&](Value value) {
        return dependsOnIndex(value, body) || dependsOnInput(value, body);
      };
      for (Operation &inner : *body)
        for (Value result : inner.getResults())
          if (result.getType().isInteger(32) &&
              !(arith::IndexCastOp::dynCast(&inner) &&
                isOnlyConvertedToFloat(result) &&
                fromElement(inner.getOperand(0))))
            fp32 = true;
    }
    for (Value buffer : written)
      if (auto type = buffer.getType().dyn_cast<tile::BufType>())
        fp32 |= type.getElementType().isF32();
  });
  return fp32;
}

/// The tile.block_range of a partitioned kernel (the start of its
/// persistent loop), or null.
inline Operation *findBlockRange(tile::KernelOp kernel) {
  for (Operation &child : *kernel.getBody())
    if (tile::BlockRangeOp::dynCast(&child))
      return &child;
  return nullptr;
}

/// A `cb.alloc` at the top of `kernel`'s body, after the CBs made so far.
inline Value createCBAtTop(OpBuilder &builder, tile::KernelOp kernel,
                           Location loc, int64_t index, Type format,
                           int64_t pageSize, int64_t pages) {
  OpBuilder::InsertionGuard guard(builder);
  Block *top = kernel.getBody();
  Block::iterator point = top->begin();
  while (point != top->end() && cb::AllocOp::dynCast(&*point))
    ++point;
  builder.setInsertionPoint(top, point);
  auto type = cb::CBType::get(builder.getContext(), format, pageSize, pages);
  return builder.create<cb::AllocOp>(loc, index, type)
      .getOperation()
      ->getResult(0);
}

/// The lowest CB index below 16 (the input CBs) that `kernel` does not use.
inline std::optional<int64_t> getFreeInputCBIndex(tile::KernelOp kernel) {
  llvm::SmallSet<int64_t, 32> used;
  for (Operation &child : *kernel.getBody())
    if (auto alloc = cb::AllocOp::dynCast(&child))
      used.insert(alloc.getIndex());
  for (int64_t index = 0; index < 16; ++index)
    if (!used.count(index))
      return index;
  return std::nullopt;
}

/// The CB of the enclosing tile.kernel whose index the integer attribute
/// `attrName` of `op` names (a mask CB a data movement kernel fills for
/// `op`), or null.
inline Value findAttachedCB(Operation *op, llvm::StringRef attrName) {
  auto index = op->getAttrOfType<IntegerAttr>(attrName);
  tile::KernelOp kernel = getEnclosingTileKernel(op);
  if (!index || !kernel)
    return Value();
  for (Operation &child : *kernel.getBody())
    if (auto alloc = cb::AllocOp::dynCast(&child))
      if (alloc.getIndex() == index.getInt())
        return child.getResult(0);
  return Value();
}

/// The factors tile-coarsen merged a kernel's blocks by, [fx, fy].
constexpr llvm::StringLiteral kCoarsenedAttrName = "tile.coarsened";
/// tile-fold-atomics' in-place atomics: on a kernel that has them, and on
/// their copies (the read of a slice waits for the writes before it; the
/// write lets the next read go; tile-lower-data-movement).
constexpr llvm::StringLiteral kInPlaceAtomicsAttrName = "tile.in_place_atomics";
constexpr llvm::StringLiteral kReadAfterWritesAttrName =
    "tile.read_after_writes";
/// tile-fold-atomics' split spread over cores: on the kernel, [the grid
/// dimension of the split, the number of cores per slice]; on the owner's
/// read of a producer's slice of the workspace (it waits for semaphore q,
/// the slice's first offset) and on a producer's write of its slice (it
/// increments the owner's semaphore p once the write has landed).
constexpr llvm::StringLiteral kSplitCoresAttrName = "tile.split_cores";
constexpr llvm::StringLiteral kSplitWaitAttrName = "tile.split_wait";
constexpr llvm::StringLiteral kSplitSignalAttrName = "tile.split_signal";
/// At most this many cores combine one slice of a spread split (the owner
/// waits on one semaphore per producer; a core has 16).
constexpr int64_t kMaxSplitCores = 8;
/// tile-widen-blocks' padding: on a tile.alloc it padded to whole tiles,
/// the buffer's own shape (`array<i64: 4, 32>` for a 4x32 buffer now
/// 32x32); what lies past it is padding.
constexpr llvm::StringLiteral kValidShapeAttrName = "tile.valid_shape";
/// Set by tile-stream-rows on a kernel it has looked at.
constexpr llvm::StringLiteral kStreamedAttrName = "tile.streamed";
/// tile-widen-blocks' factors per grid dimension: how many blocks of a
/// fraction of a tile each block now holds.
constexpr llvm::StringLiteral kWidenedAttrName = "tile.widened";
/// The sub-grid tile-coarsen chose for a kernel when no grid was given
/// (`array<i64: columns, rows>`, cores [0, 0] to [columns - 1, rows - 1]);
/// tile-partition spreads the blocks over those cores only.
constexpr llvm::StringLiteral kCoresAttrName = "tile.cores";
/// The discardable attribute on a cb.alloc whose data movement streams
/// two blocks (double buffering) and works with one: the pages of one.
constexpr llvm::StringLiteral kSingleBlockPagesAttrName =
    "tile.single_block_pages";

/// The first CB index of the outputs (tt-metal's c_16); the inputs count
/// from 0, and the compute kernel's own CBs from 24.
constexpr int64_t kFirstOutputCB = 16;

/// Records that `cb` (a cb.alloc's result) holds two blocks of
/// `blockPages` pages for double buffering and may drop to one.
void markDoubleBuffered(Value cb, int64_t blockPages);

/// Whether tile op `op` itself (not an op it nests) writes `buffer`: the
/// destination of a copy, a gemm's accumulator, a parallel's output, a
/// reduction's result, a filled or cleared buffer.
inline bool writesBuffer(Operation *op, Value buffer) {
  if (auto copy = tile::CopyOp::dynCast(op))
    return copy.getDest() == buffer;
  if (tile::GemmOp::dynCast(op))
    return op->getOperand(2) == buffer;
  if (auto parallel = tile::ParallelOp::dynCast(op))
    return llvm::is_contained(parallel.getOutputs(), buffer);
  if (tile::ReduceOp::dynCast(op))
    return op->getOperand(1) == buffer;
  if (tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op))
    return op->getOperand(0) == buffer;
  return false;
}

/// Whether the last op before `op` in its block that writes `buffer` is a
/// tile.gemm, or a loop whose only writes of it are gemms (a K loop): such
/// a block converted on its way to a tensor is drained by rows
/// (tile-lower-data-movement).
inline bool isGemmResult(Operation *op, Value buffer) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    bool gemm = false, other = false;
    prev->walk([&](Operation *nested) {
      if (!writesBuffer(nested, buffer))
        return;
      (tile::GemmOp::dynCast(nested) ? gemm : other) = true;
    });
    if (gemm || other)
      return gemm && !other;
  }
  return false;
}

/// The sub-block of an mt x nt tile block a gemm computes per DST
/// acquisition: the most tiles up to `capacity` with h dividing mt and w
/// dividing nt, the widest of those (tile-lower-compute's matmul_block
/// sub-blocks, which tile-coarsen's estimate costs). {h, w}.
inline std::pair<int64_t, int64_t> chooseSubBlock(int64_t mt, int64_t nt,
                                                  int64_t capacity) {
  int64_t subH = 1, subW = 1;
  for (int64_t h = 1; h <= mt; ++h)
    for (int64_t w = 1; w <= nt; ++w)
      if (mt % h == 0 && nt % w == 0 && h * w <= capacity &&
          (h * w > subH * subW || (h * w == subH * subW && w > subW))) {
        subH = h;
        subW = w;
      }
  return {subH, subW};
}

/// The bytes of one 32x32 tile of `elementType` (a scalar type, or a block
/// float: its exponents and data).
inline int64_t getTileBytes(Type elementType) {
  if (auto blockFloat = elementType.dyn_cast<cb::BlockFloatType>())
    return blockFloat.getTileBytes();
  return 32 * 32 * tile::getElementBytes(elementType);
}

/// A new input CB for masks a data movement kernel fills (the lowest free
/// index below 16): two blocks of `tiles` tiles of `format`, so that the
/// next block is filled while compute reads this one, marked as able to
/// run with one. None when all 16 input CBs are taken.
inline std::optional<Value> createMaskCB(OpBuilder &builder,
                                         tile::KernelOp kernel, Location loc,
                                         Type format, int64_t tiles) {
  std::optional<int64_t> index = getFreeInputCBIndex(kernel);
  if (!index)
    return std::nullopt;
  Value mask = createCBAtTop(builder, kernel, loc, *index, format,
                             getTileBytes(format), 2 * tiles);
  markDoubleBuffered(mask, tiles);
  return mask;
}

/// The fill of one block of `mask` by data movement kernel `role`, at the
/// builder's insertion point: reserve, `fillTile(address, t)` for each
/// tile t at its L1 address, push.
inline void
emitMaskFill(OpBuilder &builder, Location loc, Value mask, int64_t tiles,
             llvm::StringRef role,
             llvm::function_ref<Operation *(Value, int64_t)> fillTile) {
  int64_t pageBytes = mask.getType().cast<cb::CBType>().getPageSize();
  tag(builder.create<cb::ReserveBackOp>(loc, mask, tiles).getOperation(), role);
  Value pointer =
      tag(builder.create<cb::GetWritePtrOp>(loc, mask).getOperation(), role)
          ->getResult(0);
  for (int64_t t = 0; t < tiles; ++t) {
    Value address = t == 0 ? pointer
                           : createBinary<arith::AddIOp>(
                                 builder, loc, pointer,
                                 createI32(builder, loc, t * pageBytes));
    tag(fillTile(address, t), role);
  }
  tag(builder.create<cb::PushBackOp>(loc, mask, tiles).getOperation(), role);
}

/// A buffer's shape in tiles, as (rows, columns); a 1-d buffer is one row.
inline std::pair<int64_t, int64_t> getTileGrid(llvm::ArrayRef<int64_t> shape) {
  if (shape.size() == 1)
    return {1, (shape[0] + 31) / 32};
  return {(shape[shape.size() - 2] + 31) / 32, (shape.back() + 31) / 32};
}

/// The circular buffer a buffer value stands for once data movement is
/// lowered (`builtin.unrealized_conversion_cast %cb : !cb.cb<..> to
/// !tile.buf<..>`), or null.
inline Value getBoundCB(Value buffer) {
  Operation *def = buffer.getDefiningOp();
  if (def && def->getName().getStringRef() ==
                 "builtin.unrealized_conversion_cast" &&
      def->getNumOperands() == 1 &&
      def->getOperand(0).getType().isa<cb::CBType>())
    return def->getOperand(0);
  return Value();
}

/// The index of the cb.alloc that defines `cb`.
inline int64_t getCBIndex(Value cb) {
  if (auto alloc = cb.getDefiningOp<cb::AllocOp>())
    return alloc.getIndex();
  return -1;
}

} // namespace tiletott
} // namespace tilt

#endif // TILT_LIB_CONVERSION_TILETOTT_UTILS_H
