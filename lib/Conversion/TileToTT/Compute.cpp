//===- Compute.cpp - tile-lower-compute -----------------------------------===//
//
// The compute side of a partitioned kernel, after tile-lower-data-movement
// bound every copied buffer to a circular buffer:
//
//  - tile.gemm accumulating into a cleared fragment that is then copied to
//    a global tensor: per output sub-block (as many tiles as DST holds), one
//    DST acquisition holding the K loop of matmul_tiles over the block's K
//    tiles; the partial sums of a K loop that spans several blocks are
//    packed to an intermediate CB (c_24..) and reloaded with copy_tile on
//    the next K block; on the last K block they are packed straight into
//    the output CB at their row-major place (pack_tile_at). The clear needs
//    no instruction: DST starts at zero on acquire.
//  - tile.parallel whose output fragment is then copied to a global tensor:
//    per tile, the body's expression is computed in DST and packed to the
//    output CB. Leaves are input CB tiles; add/sub/mul of two CB tiles are
//    FPU ops, of a DST value and a CB tile the dest-reuse form, of two DST
//    values the SFPU binary form; unary math is SFPU in place (after a
//    copy_tile of a CB tile). A chain never goes back to L1.
//  - a copy of a CB-bound buffer into an output CB: copy_tile + pack_tile.
//
// Anything else is reported at the op with the reason it has no lowering.
// The first lowered op of a kernel adds compute_kernel_hw_startup before the
// persistent loop; each op's init precedes its use.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/bit.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

using Ints = llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>>;
using Keywords = llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>>;

/// A compute-tagged device op.
template <typename OpT>
Operation *emit(OpBuilder &builder, Location loc, ValueRange operands = {},
                Ints ints = {}, Keywords keywords = {}) {
  return tag(builder.create<OpT>(loc, operands, ints, keywords).getOperation(),
             "compute");
}
template <typename OpT>
Operation *emitCB(OpBuilder &builder, Location loc, Value cb, int64_t pages) {
  return tag(builder.create<OpT>(loc, cb, pages).getOperation(), "compute");
}

struct KernelInfo {
  int64_t nextIntermediate = 24;
  bool startupDone = false;
  bool fp32 = false;
};

struct ComputeState {
  llvm::DenseMap<Operation *, KernelInfo> kernels;
  /// Why an op could not be lowered, and the op the reason is about (the
  /// op itself or an op of its body); reported after the driver.
  struct Reason {
    std::string text;
    Operation *at = nullptr;
  };
  llvm::DenseMap<Operation *, Reason> reasons;
};

class ComputePattern {
public:
  explicit ComputePattern(ComputeState &state) : state(state) {}

protected:
  LogicalResult reject(Operation *op, const llvm::Twine &reason,
                       Operation *at = nullptr) const {
    state.reasons[op] = {reason.str(), at ? at : op};
    return failure();
  }

  KernelInfo &getInfo(Operation *op) const {
    return state.kernels[getEnclosingTileKernel(op).getOperation()];
  }

  static int64_t getCapacity(const KernelInfo &info) {
    return info.fp32 ? 4 : 8;
  }

  /// compute_kernel_hw_startup, once per kernel, before the persistent loop.
  /// `reverse` (SrcOrder::Reverse) unpacks in0 to SrcB and in1 to SrcA,
  /// as matmul needs.
  void ensureStartup(OpBuilder &builder, Operation *op, int64_t in0,
                     int64_t in1, int64_t out, bool reverse = false) const {
    KernelInfo &info = getInfo(op);
    if (info.startupDone)
      return;
    info.startupDone = true;
    OpBuilder::InsertionGuard guard(builder);
    if (Operation *range = findBlockRange(getEnclosingTileKernel(op)))
      builder.setInsertionPoint(range);
    emit<tt::ComputeKernelHwStartupOp>(
        builder, op->getLoc(), {}, {{"in0", in0}, {"in1", in1}, {"out", out}},
        {{"order", reverse ? "reverse" : "regular"}});
  }

  /// A new intermediate CB (c_24..c_31) at the top of the kernel.
  FailureOr<Value> createIntermediate(OpBuilder &builder, Operation *op,
                                      Type format, int64_t pages) const {
    KernelInfo &info = getInfo(op);
    if (info.nextIntermediate > cb::kMaxCBIndex)
      return FailureOr<Value>(
          reject(op, "more than 8 intermediate circular buffers (c_24..c_31) "
                     "in one kernel"));
    return createCBAtTop(builder, getEnclosingTileKernel(op), op->getLoc(),
                         info.nextIntermediate++, format,
                         getTileBytes(format), pages);
  }

  /// The one use of `buffer` besides `op`: a copy into an output CB after
  /// `op` in its block; otherwise `op` is rejected (`what` names the
  /// buffer in the message).
  FailureOr<tile::CopyOp> getOnlyCopyOut(Operation *op, Value buffer,
                                         llvm::StringRef what) const {
    tile::CopyOp out(nullptr);
    for (Operation *user : buffer.getUsers()) {
      if (user == op)
        continue;
      auto copy = tile::CopyOp::dynCast(user);
      if (copy && copy.getSource() == buffer && getBoundCB(copy.getDest()) &&
          !out && copy.getOperation()->getBlock() == op->getBlock() &&
          op->isBeforeInBlock(copy.getOperation())) {
        out = copy;
        continue;
      }
      return FailureOr<tile::CopyOp>(
          reject(op, "the " + what + " is used by '" +
                         user->getName().getStringRef() + "'; it may only be "
                         "copied to a global tensor after '" +
                         op->getName().getStringRef() + "'"));
    }
    if (!out)
      return FailureOr<tile::CopyOp>(
          reject(op, "the " + what + " is never copied to a global tensor"));
    return out;
  }

  /// The end of a DST acquisition: commit, wait, pack DST[dst] into `out`,
  /// release.
  static void emitPackAndRelease(OpBuilder &builder, Location loc,
                                 int64_t out, int64_t dst) {
    emit<tt::TileRegsCommitOp>(builder, loc);
    emit<tt::TileRegsWaitOp>(builder, loc);
    emit<tt::PackTileOp>(builder, loc, {}, {{"out", out}, {"dst", dst}});
    emit<tt::TileRegsReleaseOp>(builder, loc);
  }

  /// `tiles` tiles into the output CB `out`, one DST acquisition each:
  /// reserve them all, then per tile acquire, `body` (given the tile index,
  /// it computes into DST and returns the DST tile), pack and release; then
  /// push. Inserted before `op`.
  static void emitTilesToCB(OpBuilder &builder, Operation *op, Value out,
                            int64_t tiles,
                            llvm::function_ref<int64_t(Value)> body) {
    Location loc = op->getLoc();
    builder.setInsertionPoint(op);
    emitCB<cb::ReserveBackOp>(builder, loc, out, tiles);
    auto loop = builder.create<scf::ForOp>(
        loc, createIndex(builder, loc, 0), createIndex(builder, loc, tiles),
        createIndex(builder, loc, 1));
    builder.setInsertionPointToStart(loop.getBody());
    Value tile = toI32(builder, loc, loop.getInductionVar());
    emit<tt::TileRegsAcquireOp>(builder, loc);
    int64_t dst = body(tile);
    emitPackAndRelease(builder, loc, getCBIndex(out), dst);
    builder.setInsertionPointAfter(loop.getOperation());
    emitCB<cb::PushBackOp>(builder, loc, out, tiles);
  }

  /// `then` inside `scf.if %condition` (and `otherwise` in its else).
  static void emitIf(OpBuilder &builder, Location loc, Value condition,
                     llvm::function_ref<void()> then,
                     llvm::function_ref<void()> otherwise = nullptr) {
    OpBuilder::InsertionGuard guard(builder);
    auto ifOp = builder.create<scf::IfOp>(loc, TypeRange{}, condition,
                                          bool(otherwise));
    Operation *op = ifOp.getOperation();
    builder.setInsertionPoint(op->getRegion(0).front().getTerminator());
    then();
    if (otherwise) {
      builder.setInsertionPoint(op->getRegion(1).front().getTerminator());
      otherwise();
    }
  }

  /// The copy of `buffer` into an output CB, if it is the buffer's use
  /// after `writer` in the same block.
  static tile::CopyOp getOutputCopy(Value buffer, Operation *writer) {
    for (Operation *user : buffer.getUsers())
      if (auto copy = tile::CopyOp::dynCast(user))
        if (copy.getSource() == buffer && getBoundCB(copy.getDest()))
          return copy;
    return tile::CopyOp(nullptr);
  }

  ComputeState &state;
};

//===----------------------------------------------------------------------===//
// tile.gemm
//===----------------------------------------------------------------------===//

class GemmLowering : public OpRewritePattern<tile::GemmOp>,
                     public ComputePattern {
public:
  GemmLowering(Context *context, ComputeState &state)
      : OpRewritePattern(context), ComputePattern(state) {}

  LogicalResult matchAndRewrite(tile::GemmOp gemm,
                                PatternRewriter &rewriter) const override {
    Operation *op = gemm.getOperation();
    Value a = op->getOperand(0), b = op->getOperand(1), acc = op->getOperand(2);
    Value cbA = getBoundCB(a), cbB = getBoundCB(b);
    if (!cbA || !cbB)
      return reject(op, "the operands of tile.gemm must be buffers filled by "
                        "copies from global tensors");
    if (gemm.getTransposeA())
      return reject(op, "transpose_a is not supported: the matrix engine "
                        "transposes only the tiles of the second operand; "
                        "copy A untransposed");
    bool transposeB = gemm.getTransposeB();
    auto typeA = a.getType().cast<tile::BufType>();
    auto typeC = acc.getType().cast<tile::BufType>();
    int64_t mt = typeA.getShape()[0] / 32, kt = typeA.getShape()[1] / 32;
    int64_t nt = typeC.getShape()[1] / 32;

    // The accumulator: cleared, accumulated here, then copied out.
    if (!acc.getDefiningOp<tile::AllocOp>())
      return reject(op, "the accumulator must be a tile.alloc buffer");
    llvm::SmallVector<Operation *, 2> clears;
    tile::CopyOp out(nullptr);
    for (Operation *user : acc.getUsers()) {
      if (user == op)
        continue;
      if (tile::ClearOp::dynCast(user)) {
        clears.push_back(user);
        continue;
      }
      if (tile::FillOp::dynCast(user)) {
        Attribute value = getConstantValue(user->getOperand(1));
        auto floatValue = value.dyn_cast_or_null<FloatAttr>();
        if (floatValue && floatValue.getValueAsDouble() == 0.0) {
          clears.push_back(user);
          continue;
        }
      }
      auto copy = tile::CopyOp::dynCast(user);
      if (copy && copy.getSource() == acc && getBoundCB(copy.getDest()) &&
          !out) {
        out = copy;
        continue;
      }
      return reject(op, "the accumulator is used by '" +
                            user->getName().getStringRef() +
                            "'; an accumulator may only be cleared, "
                            "accumulated by one tile.gemm and copied to a "
                            "global tensor");
    }
    if (!out)
      return reject(op, "the accumulator is never copied to a global tensor");
    if (clears.size() != 1)
      return reject(op, "the accumulator must be cleared (tile.clear) once, "
                        "before its K loop");
    Operation *clear = clears.front();
    Block *block = out.getOperation()->getBlock();
    Operation *outer = op;
    while (outer && outer->getBlock() != block)
      outer = outer->getParentOp();
    if (!outer || clear->getBlock() != block ||
        !clear->isBeforeInBlock(outer) ||
        !outer->isBeforeInBlock(out.getOperation()))
      return reject(op, "expected the accumulator's clear, the K loop holding "
                        "the tile.gemm and the copy out, in this order in one "
                        "block");
    scf::ForOp loop(nullptr);
    if (outer != op) {
      loop = scf::ForOp::dynCast(outer);
      if (!loop || op->getParentOp() != outer)
        return reject(op, "the tile.gemm must be directly in the K loop "
                          "(tile.pipelined or scf.for) between the clear and "
                          "the copy out");
    }

    KernelInfo &info = getInfo(op);
    int64_t capacity = getCapacity(info);
    // The largest sub-block that fits DST, widest first.
    int64_t subH = 1, subW = 1;
    for (int64_t h = 1; h <= mt; ++h)
      for (int64_t w = 1; w <= nt; ++w)
        if (mt % h == 0 && nt % w == 0 && h * w <= capacity &&
            (h * w > subH * subW || (h * w == subH * subW && w > subW))) {
          subH = h;
          subW = w;
        }
    int64_t blockTiles = mt * nt;

    Location loc = op->getLoc();
    Value cbOut = getBoundCB(out.getDest());
    int64_t indexA = getCBIndex(cbA), indexB = getCBIndex(cbB),
            indexOut = getCBIndex(cbOut);
    ensureStartup(rewriter, op, indexA, indexB, indexOut, /*reverse=*/true);

    // Whether the partial sums span K blocks.
    bool spans = false;
    if (loop) {
      auto lb = getConstantInt(loop.getLowerBound());
      auto ub = getConstantInt(loop.getUpperBound());
      auto step = getConstantInt(loop.getStep());
      spans = !(lb && ub && step && *step > 0 && *ub - *lb <= *step);
    }

    // Partial sums are never reloaded through the source registers (which
    // would make fp32 sums TF32): each K block's sums are added to the
    // block in L1 by the packer (pack_reconfig_l1_acc, as tt-metal's
    // matmuls accumulate), in the output CB when it has the accumulator's
    // type, else in an intermediate CB of that type that is converted into
    // the output CB after the last K block.
    Type accType = typeC.getElementType();
    bool convert =
        spans && cbOut.getType().cast<cb::CBType>().getDataFormat() != accType;
    Value target = cbOut;
    int64_t indexTarget = indexOut;
    if (convert) {
      FailureOr<Value> created =
          createIntermediate(rewriter, op, accType, blockTiles);
      if (failed(created))
        return failure();
      target = *created;
      indexTarget = getCBIndex(target);
    }

    rewriter.setInsertionPoint(op);
    Value first, last;
    if (spans) {
      Value k = loop.getInductionVar();
      first = rewriter
                  .create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, k,
                                         loop.getLowerBound())
                  .getOperation()
                  ->getResult(0);
      Value next =
          createBinary<arith::AddIOp>(rewriter, loc, k, loop.getStep());
      last = rewriter
                 .create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, next,
                                        loop.getUpperBound())
                 .getOperation()
                 ->getResult(0);
    }
    auto when = [&](Value condition, llvm::function_ref<void()> then) {
      if (spans)
        emitIf(rewriter, loc, condition, then);
      else
        then();
    };
    when(first,
         [&] { emitCB<cb::ReserveBackOp>(rewriter, loc, target, blockTiles); });
    if (spans) {
      // The first K block overwrites the block, the others add to it.
      Value accumulate =
          rewriter
              .create<arith::SelectOp>(loc, first, createI32(rewriter, loc, 0),
                                       createI32(rewriter, loc, 1))
              .getOperation()
              ->getResult(0);
      emit<tt::PackReconfigL1AccOp>(rewriter, loc, {accumulate});
    }

    Value zero = createIndex(rewriter, loc, 0);
    Value one = createIndex(rewriter, loc, 1);
    auto rows = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, mt / subH), one);
    rewriter.setInsertionPointToStart(rows.getBody());
    auto columns = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, nt / subW), one);
    rewriter.setInsertionPointToStart(columns.getBody());
    Value subRow = rows.getInductionVar(), subColumn = columns.getInductionVar();
    // Tile row and column of the sub-block's first tile.
    Value row0 = createBinary<arith::MulIOp>(rewriter, loc, subRow,
                                             createIndex(rewriter, loc, subH));
    Value column0 = createBinary<arith::MulIOp>(
        rewriter, loc, subColumn, createIndex(rewriter, loc, subW));

    // Tile row and column (in the block) of element (i, j) of the sub-block.
    auto subTile = [&](int64_t i, int64_t j) {
      return std::make_pair(
          createBinary<arith::AddIOp>(rewriter, loc, row0,
                                      createIndex(rewriter, loc, i)),
          createBinary<arith::AddIOp>(rewriter, loc, column0,
                                      createIndex(rewriter, loc, j)));
    };
    emit<tt::TileRegsAcquireOp>(rewriter, loc);
    emit<tt::MatmulInitOp>(
        rewriter, loc, {},
        {{"in0", indexA}, {"in1", indexB}, {"transpose", transposeB ? 1 : 0}});
    auto kLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, kt), one);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(kLoop.getBody());
      Value kk = kLoop.getInductionVar();
      Value ktValue = createIndex(rewriter, loc, kt);
      Value ntValue = createIndex(rewriter, loc, nt);
      for (int64_t i = 0; i < subH; ++i)
        for (int64_t j = 0; j < subW; ++j) {
          auto [m, n] = subTile(i, j);
          Value tileA = createBinary<arith::AddIOp>(
              rewriter, loc,
              createBinary<arith::MulIOp>(rewriter, loc, m, ktValue), kk);
          Value tileB =
              transposeB
                  ? createBinary<arith::AddIOp>(
                        rewriter, loc,
                        createBinary<arith::MulIOp>(rewriter, loc, n, ktValue),
                        kk)
                  : createBinary<arith::AddIOp>(
                        rewriter, loc,
                        createBinary<arith::MulIOp>(rewriter, loc, kk, ntValue),
                        n);
          emit<tt::MatmulTilesOp>(
              rewriter, loc,
              {toI32(rewriter, loc, tileA), toI32(rewriter, loc, tileB)},
              {{"in0", indexA}, {"in1", indexB}, {"dst", i * subW + j}});
        }
    }
    emit<tt::TileRegsCommitOp>(rewriter, loc);
    emit<tt::TileRegsWaitOp>(rewriter, loc);
    // Each tile at its row-major place in the block.
    Value ntValue = createIndex(rewriter, loc, nt);
    for (int64_t i = 0; i < subH; ++i)
      for (int64_t j = 0; j < subW; ++j) {
        auto [m, n] = subTile(i, j);
        Value index = createBinary<arith::AddIOp>(
            rewriter, loc,
            createBinary<arith::MulIOp>(rewriter, loc, m, ntValue), n);
        emit<tt::PackTileAtOp>(rewriter, loc, {toI32(rewriter, loc, index)},
                               {{"out", indexTarget}, {"dst", i * subW + j}});
      }
    emit<tt::TileRegsReleaseOp>(rewriter, loc);

    rewriter.setInsertionPointAfter(rows.getOperation());
    when(last, [&] {
      if (spans)
        emit<tt::PackReconfigL1AccOp>(rewriter, loc,
                                      {createI32(rewriter, loc, 0)});
      emitCB<cb::PushBackOp>(rewriter, loc, target, blockTiles);
    });

    // The accumulated block converted to the output's type: each tile
    // copied into DST (at full fp32: tt-reconfigure-formats unpacks such a
    // CB straight to DST) and packed, rounded once.
    if (convert) {
      Operation *copyOut = out.getOperation();
      rewriter.setInsertionPoint(copyOut);
      emitCB<cb::WaitFrontOp>(rewriter, loc, target, blockTiles);
      emitTilesToCB(rewriter, copyOut, cbOut, blockTiles, [&](Value tile) {
        emit<tt::CopyTileInitOp>(rewriter, loc, {}, {{"in", indexTarget}});
        emit<tt::CopyTileOp>(rewriter, loc, {tile},
                             {{"in", indexTarget}, {"dst", 0}});
        return int64_t(0);
      });
      rewriter.setInsertionPoint(copyOut);
      emitCB<cb::PopFrontOp>(rewriter, loc, target, blockTiles);
    }

    rewriter.eraseOp(out.getOperation());
    rewriter.eraseOp(clear);
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tile.parallel
//===----------------------------------------------------------------------===//

/// How a value of a tile.parallel body is computed on whole tiles.
struct Node {
  enum Kind { Leaf, Binary, Unary } kind = Leaf;
  /// Leaf: the input CB.
  int64_t cb = -1;
  /// Binary: add, sub, mul; Unary: the SFPU op (exp, relu, ...).
  llvm::StringRef op;
  Node *lhs = nullptr, *rhs = nullptr;
  /// Binary on one computed value: square (x * x).
  bool square = false;
};

class ParallelLowering : public OpRewritePattern<tile::ParallelOp>,
                         public ComputePattern {
public:
  ParallelLowering(Context *context, ComputeState &state)
      : OpRewritePattern(context), ComputePattern(state) {}

  LogicalResult matchAndRewrite(tile::ParallelOp parallel,
                                PatternRewriter &rewriter) const override {
    Operation *op = parallel.getOperation();
    llvm::SmallVector<int64_t, 4> inputCBs;
    for (Value input : parallel.getInputs()) {
      Value cb = getBoundCB(input);
      if (!cb)
        return reject(op, "the inputs of tile.parallel must be buffers filled "
                          "by copies from global tensors");
      inputCBs.push_back(getCBIndex(cb));
    }
    if (parallel.getOutputs().size() != 1)
      return reject(op, "tile.parallel with several outputs has no lowering "
                        "yet");
    Value output = parallel.getOutputs()[0];
    FailureOr<tile::CopyOp> found = getOnlyCopyOut(op, output, "output");
    if (failed(found))
      return failure();
    tile::CopyOp out = *found;

    // The expression of the body, on tiles.
    Block *body = parallel.getBody();
    Operation *yield = body->getTerminator();
    if (!yield || yield->getNumOperands() != 1)
      return reject(op, "expected one value yielded");
    std::vector<std::unique_ptr<Node>> nodes;
    llvm::DenseMap<Value, Node *> built;
    std::string reason;
    Operation *where = op;
    Node *root = build(yield->getOperand(0), body, inputCBs, nodes, built,
                       reason, where);
    if (!root)
      return reject(op, reason, where);

    KernelInfo &info = getInfo(op);
    int64_t capacity = getCapacity(info);
    Location loc = op->getLoc();
    Value cbOut = getBoundCB(out.getDest());
    int64_t indexOut = getCBIndex(cbOut);
    auto outType = output.getType().cast<tile::BufType>();
    auto [rows, columns] = getTileGrid(outType.getShape());
    int64_t tiles = rows * columns;

    // Check DST use before emitting anything.
    int64_t peak = 0;
    if (measure(root, peak) > capacity || peak > capacity)
      return reject(op, "the expression needs " + std::to_string(peak) +
                            " DST tiles at once; the kernel has " +
                            std::to_string(capacity));

    ensureStartup(rewriter, op, inputCBs.front(),
                  inputCBs.size() > 1 ? inputCBs[1] : inputCBs.front(),
                  indexOut);
    llvm::SmallVector<bool, 8> used(capacity, false);
    emitTilesToCB(rewriter, op, cbOut, tiles, [&](Value tile) {
      return emitNode(rewriter, loc, root, tile, used);
    });
    rewriter.eraseOp(out.getOperation());
    rewriter.eraseOp(op);
    return success();
  }

private:
  static Node *build(Value value, Block *body, llvm::ArrayRef<int64_t> cbs,
                     std::vector<std::unique_ptr<Node>> &nodes,
                     llvm::DenseMap<Value, Node *> &built, std::string &reason,
                     Operation *&where) {
    if (Node *node = built.lookup(value))
      return node;
    auto make = [&](Node::Kind kind) {
      nodes.push_back(std::make_unique<Node>());
      nodes.back()->kind = kind;
      built[value] = nodes.back().get();
      return nodes.back().get();
    };
    if (auto argument = value.dyn_cast<BlockArgument>()) {
      if (argument.getOwner() != body) {
        reason = "a value from outside the body has no tile equivalent here";
        return nullptr;
      }
      Node *leaf = make(Node::Leaf);
      leaf->cb = cbs[argument.getArgNumber()];
      return leaf;
    }
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != body) {
      reason = "a value from outside the body has no tile equivalent here "
               "(only max(x, 0.0) and 1.0 / x use constants)";
      return nullptr;
    }
    where = def;
    llvm::StringRef name = def->getName().getStringRef();
    auto isFloat = [](Value v, double expected) {
      auto attr = getConstantValue(v).dyn_cast_or_null<FloatAttr>();
      return attr && attr.getValueAsDouble() == expected;
    };
    auto operand = [&](unsigned i) {
      return build(def->getOperand(i), body, cbs, nodes, built, reason, where);
    };
    static const std::pair<const char *, const char *> unary[] = {
        {"math.exp", "exp"},     {"math.log", "log"},   {"math.sqrt", "sqrt"},
        {"math.rsqrt", "rsqrt"}, {"math.tanh", "tanh"}, {"math.absf", "abs"},
        {"arith.negf", "negative"}};
    for (const auto &[opName, sfpu] : unary)
      if (name == opName) {
        Node *inner = operand(0);
        if (!inner)
          return nullptr;
        Node *node = make(Node::Unary);
        node->op = sfpu;
        node->lhs = inner;
        return node;
      }
    if (name == "arith.maximumf" &&
        (isFloat(def->getOperand(0), 0.0) || isFloat(def->getOperand(1), 0.0))) {
      Node *inner = operand(isFloat(def->getOperand(0), 0.0) ? 1 : 0);
      if (!inner)
        return nullptr;
      Node *node = make(Node::Unary);
      node->op = "relu";
      node->lhs = inner;
      return node;
    }
    if (name == "arith.divf" && isFloat(def->getOperand(0), 1.0)) {
      Node *inner = operand(1);
      if (!inner)
        return nullptr;
      Node *node = make(Node::Unary);
      node->op = "recip";
      node->lhs = inner;
      return node;
    }
    static const std::pair<const char *, const char *> binary[] = {
        {"arith.addf", "add"}, {"arith.subf", "sub"}, {"arith.mulf", "mul"}};
    for (const auto &[opName, fpu] : binary)
      if (name == opName) {
        Node *lhs = operand(0);
        if (!lhs)
          return nullptr;
        Node *rhs = operand(1);
        if (!rhs)
          return nullptr;
        if (lhs == rhs && lhs->kind != Node::Leaf) {
          if (llvm::StringRef(fpu) != "mul") {
            reason = "a computed value used twice has no tile lowering yet "
                     "(only x * x)";
            return nullptr;
          }
          Node *node = make(Node::Unary);
          node->op = "square";
          node->lhs = lhs;
          return node;
        }
        Node *node = make(Node::Binary);
        node->op = fpu;
        node->lhs = lhs;
        node->rhs = rhs;
        return node;
      }
    reason = ("'" + name +
              "' has no Tenstorrent tile equivalent (supported: addf, subf, "
              "mulf, negf, maximumf with 0.0, divf of 1.0, math exp, log, "
              "sqrt, rsqrt, tanh, absf)")
                 .str();
    return nullptr;
  }

  /// The DST tiles a node holds when done (1, or 0 for a leaf read from its
  /// CB by its consumer); `peak` gets the most held at once.
  static int64_t measure(Node *node, int64_t &peak) {
    if (node->kind == Node::Leaf) {
      peak = std::max<int64_t>(peak, 1);
      return 1;
    }
    if (node->kind == Node::Unary) {
      measure(node->lhs, peak);
      peak = std::max<int64_t>(peak, 1);
      return 1;
    }
    int64_t left = node->lhs->kind == Node::Leaf ? 0 : measure(node->lhs, peak);
    int64_t right = 0;
    if (node->rhs->kind != Node::Leaf) {
      int64_t innerPeak = 0;
      measure(node->rhs, innerPeak);
      peak = std::max(peak, left + innerPeak);
      right = 1;
    }
    peak = std::max<int64_t>(peak, std::max<int64_t>(left + right, 1));
    return 1;
  }

  static int64_t allocate(llvm::SmallVectorImpl<bool> &used) {
    for (size_t i = 0; i < used.size(); ++i)
      if (!used[i]) {
        used[i] = true;
        return i;
      }
    return 0; // Not reached: measure() checked the capacity.
  }

  /// Emits `node` into a DST tile and returns it.
  static int64_t emitNode(OpBuilder &builder, Location loc, Node *node,
                          Value tile, llvm::SmallVectorImpl<bool> &used) {
    switch (node->kind) {
    case Node::Leaf: {
      int64_t slot = allocate(used);
      emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", node->cb}});
      emit<tt::CopyTileOp>(builder, loc, {tile},
                           {{"in", node->cb}, {"dst", slot}});
      return slot;
    }
    case Node::Unary: {
      int64_t slot = emitNode(builder, loc, node->lhs, tile, used);
      emitUnary(builder, loc, node->op, slot);
      return slot;
    }
    case Node::Binary:
      break;
    }
    Node *lhs = node->lhs, *rhs = node->rhs;
    bool lhsLeaf = lhs->kind == Node::Leaf, rhsLeaf = rhs->kind == Node::Leaf;
    if (lhsLeaf && rhsLeaf) {
      int64_t slot = allocate(used);
      // Named arrays: an ArrayRef of a braced list would dangle.
      std::pair<llvm::StringRef, int64_t> cbs[] = {{"in0", lhs->cb},
                                                   {"in1", rhs->cb}};
      llvm::SmallVector<std::pair<llvm::StringRef, int64_t>, 3> withDst(
          std::begin(cbs), std::end(cbs));
      withDst.push_back({"dst", slot});
      if (node->op == "add") {
        emit<tt::AddTilesInitOp>(builder, loc, {}, cbs);
        emit<tt::AddTilesOp>(builder, loc, {tile, tile}, withDst);
      } else if (node->op == "sub") {
        emit<tt::SubTilesInitOp>(builder, loc, {}, cbs);
        emit<tt::SubTilesOp>(builder, loc, {tile, tile}, withDst);
      } else {
        emit<tt::MulTilesInitOp>(builder, loc, {}, cbs);
        emit<tt::MulTilesOp>(builder, loc, {tile, tile}, withDst);
      }
      return slot;
    }
    if (lhsLeaf || rhsLeaf) {
      // One operand in DST, the other from its CB.
      Node *computed = lhsLeaf ? rhs : lhs;
      Node *leaf = lhsLeaf ? lhs : rhs;
      int64_t slot = emitNode(builder, loc, computed, tile, used);
      llvm::StringRef reuse = lhsLeaf ? "dest_to_srcb" : "dest_to_srca";
      emit<tt::BinaryDestReuseTilesInitOp>(builder, loc, {}, {{"in", leaf->cb}},
                                           {{"type", node->op}, {"reuse", reuse}});
      emit<tt::BinaryDestReuseTilesOp>(builder, loc, {tile},
                                       {{"in", leaf->cb}, {"dst", slot}},
                                       {{"type", node->op}, {"reuse", reuse}});
      return slot;
    }
    int64_t left = emitNode(builder, loc, lhs, tile, used);
    int64_t right = emitNode(builder, loc, rhs, tile, used);
    std::pair<llvm::StringRef, int64_t> dsts[] = {
        {"lhs", left}, {"rhs", right}, {"out", left}};
    if (node->op == "add") {
      emit<tt::AddBinaryTileInitOp>(builder, loc);
      emit<tt::AddBinaryTileOp>(builder, loc, {}, dsts);
    } else if (node->op == "sub") {
      emit<tt::SubBinaryTileInitOp>(builder, loc);
      emit<tt::SubBinaryTileOp>(builder, loc, {}, dsts);
    } else {
      emit<tt::MulBinaryTileInitOp>(builder, loc);
      emit<tt::MulBinaryTileOp>(builder, loc, {}, dsts);
    }
    used[right] = false;
    return left;
  }

  static void emitUnary(OpBuilder &builder, Location loc, llvm::StringRef op,
                        int64_t slot) {
    std::pair<llvm::StringRef, int64_t> dst[] = {{"dst", slot}};
#define TILT_UNARY(NAME, CLASS)                                                \
  if (op == NAME) {                                                            \
    emit<tt::CLASS##InitOp>(builder, loc);                                     \
    emit<tt::CLASS##Op>(builder, loc, {}, dst);                                \
    return;                                                                    \
  }
    TILT_UNARY("exp", ExpTile)
    TILT_UNARY("log", LogTile)
    TILT_UNARY("sqrt", SqrtTile)
    TILT_UNARY("rsqrt", RsqrtTile)
    TILT_UNARY("tanh", TanhTile)
    TILT_UNARY("abs", AbsTile)
    TILT_UNARY("negative", NegativeTile)
    TILT_UNARY("relu", ReluTile)
    TILT_UNARY("recip", RecipTile)
    TILT_UNARY("square", SquareTile)
#undef TILT_UNARY
  }
};

//===----------------------------------------------------------------------===//
// tile.reduce
//===----------------------------------------------------------------------===//

/// `tile.reduce sum|max %src -> %dst dim 1` of a 2-d block into a vector
/// that is then copied to a global tensor: per tile row, reduce_tile over
/// the row's tiles into one DST tile (the result is a column vector, the
/// layout of 1-d tensors), with a scaler tile of 1.0 that the reader fills
/// once into its own CB. Along dimension 0, per tile column, the row vector
/// is transposed through an intermediate CB.
class ReduceLowering : public OpRewritePattern<tile::ReduceOp>,
                       public ComputePattern {
public:
  ReduceLowering(Context *context, ComputeState &state)
      : OpRewritePattern(context), ComputePattern(state) {}

  LogicalResult matchAndRewrite(tile::ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    Operation *op = reduce.getOperation();
    Value source = op->getOperand(0), dest = op->getOperand(1);
    Value cbIn = getBoundCB(source);
    if (!cbIn)
      return reject(op, "the source of tile.reduce must be a buffer filled "
                        "by a copy from a global tensor");
    auto sourceType = source.getType().cast<tile::BufType>();
    if (sourceType.getRank() != 2)
      return reject(op, "only reductions of 2-d blocks have a lowering yet");
    bool columns0 = reduce.getDim() == 0;
    FailureOr<tile::CopyOp> found = getOnlyCopyOut(op, dest, "result");
    if (failed(found))
      return failure();
    tile::CopyOp out = *found;

    // The scaler CB: the first free input index.
    tile::KernelOp kernel = getEnclosingTileKernel(op);
    llvm::SmallSet<int64_t, 8> used;
    for (Operation &child : *kernel.getBody())
      if (auto alloc = cb::AllocOp::dynCast(&child))
        used.insert(alloc.getIndex());
    int64_t scalerIndex = 0;
    while (scalerIndex < 16 && used.count(scalerIndex))
      ++scalerIndex;
    if (scalerIndex == 16)
      return reject(op, "no input circular buffer (c_0..c_15) is left for "
                        "the reduce scaler");

    Location loc = op->getLoc();
    Context *context = op->getContext();
    auto scalerType = cb::CBType::get(context, FloatType::getBF16(context),
                                      getTileBytes(FloatType::getBF16(context)),
                                      1);
    Block *top = kernel.getBody();
    Operation *range = findBlockRange(kernel);
    if (!range)
      return reject(op, "the kernel is not partitioned");
    int64_t indexIn = getCBIndex(cbIn);
    Value cbOut = getBoundCB(out.getDest());
    int64_t indexOut = getCBIndex(cbOut);
    ensureStartup(rewriter, op, indexIn, scalerIndex, indexOut);

    // The reader fills the scaler once; compute holds it for the whole run.
    rewriter.setInsertionPoint(range);
    Value scaler = rewriter.create<cb::AllocOp>(loc, scalerIndex, scalerType)
                       .getOperation()
                       ->getResult(0);
    // 1.0 in bf16, twice: the scale of sum and max.
    Value one = createI32(rewriter, loc, 0x3F803F80);
    tag(rewriter.create<cb::ReserveBackOp>(loc, scaler, 1).getOperation(),
        "reader");
    Value pointer =
        tag(rewriter.create<cb::GetWritePtrOp>(loc, scaler).getOperation(),
            "reader")
            ->getResult(0);
    tag(rewriter.create<tt::FillScalerTileOp>(loc, ValueRange{pointer, one})
            .getOperation(),
        "reader");
    tag(rewriter.create<cb::PushBackOp>(loc, scaler, 1).getOperation(),
        "reader");
    emitCB<cb::WaitFrontOp>(rewriter, loc, scaler, 1);
    rewriter.setInsertionPointToEnd(top);
    emitCB<cb::PopFrontOp>(rewriter, loc, scaler, 1);

    auto [rows, columns] = getTileGrid(sourceType.getShape());
    llvm::StringRef kind = reduce.getKind();
    std::pair<llvm::StringRef, llvm::StringRef> keywords[] = {
        {"type", kind}, {"dim", columns0 ? "col" : "row"}};
    // Along dimension 0 each tile column reduces to a row vector (row 0 of
    // a tile); it goes through an intermediate CB and is transposed into
    // the column vector of the 1-d layout.
    Value intermediate;
    int64_t indexI = -1;
    if (columns0) {
      auto destType = dest.getType().cast<tile::BufType>();
      FailureOr<Value> created =
          createIntermediate(rewriter, op, destType.getElementType(), 1);
      if (failed(created))
        return failure();
      intermediate = *created;
      indexI = getCBIndex(intermediate);
    }
    int64_t outer = columns0 ? columns : rows;
    int64_t inner = columns0 ? rows : columns;
    rewriter.setInsertionPoint(op);
    emitCB<cb::ReserveBackOp>(rewriter, loc, cbOut, outer);
    Value zero = createIndex(rewriter, loc, 0);
    Value step = createIndex(rewriter, loc, 1);
    auto outerLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, outer), step);
    rewriter.setInsertionPointToStart(outerLoop.getBody());
    int64_t reduceOut = columns0 ? indexI : indexOut;
    emit<tt::TileRegsAcquireOp>(rewriter, loc);
    emit<tt::ReduceInitOp>(
        rewriter, loc, {},
        {{"in", indexIn}, {"scaler", scalerIndex}, {"out", reduceOut}},
        keywords);
    auto innerLoop = rewriter.create<scf::ForOp>(
        loc, zero, createIndex(rewriter, loc, inner), step);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(innerLoop.getBody());
      Value row = columns0 ? innerLoop.getInductionVar()
                           : outerLoop.getInductionVar();
      Value column = columns0 ? outerLoop.getInductionVar()
                              : innerLoop.getInductionVar();
      Value tileIndex = createBinary<arith::AddIOp>(
          rewriter, loc,
          createBinary<arith::MulIOp>(rewriter, loc, row,
                                      createIndex(rewriter, loc, columns)),
          column);
      emit<tt::ReduceTileOp>(
          rewriter, loc,
          {toI32(rewriter, loc, tileIndex), createI32(rewriter, loc, 0)},
          {{"in", indexIn}, {"scaler", scalerIndex}, {"dst", 0}}, keywords);
    }
    emit<tt::TileRegsCommitOp>(rewriter, loc);
    emit<tt::TileRegsWaitOp>(rewriter, loc);
    // reduce_uninit clears the packer's edge mask, which must still hide
    // the garbage reduce_tile leaves beside its result when the tile is
    // packed (reduce.h), so it follows the pack.
    if (columns0) {
      emitCB<cb::ReserveBackOp>(rewriter, loc, intermediate, 1);
      emit<tt::PackTileOp>(rewriter, loc, {}, {{"out", indexI}, {"dst", 0}});
      emit<tt::ReduceUninitOp>(rewriter, loc);
      emitCB<cb::PushBackOp>(rewriter, loc, intermediate, 1);
      emit<tt::TileRegsReleaseOp>(rewriter, loc);
      // The row vector, transposed.
      emitCB<cb::WaitFrontOp>(rewriter, loc, intermediate, 1);
      emit<tt::TileRegsAcquireOp>(rewriter, loc);
      emit<tt::TransposeWhInitOp>(rewriter, loc, {},
                                  {{"in", indexI}, {"out", indexOut}});
      emit<tt::TransposeWhTileOp>(rewriter, loc, {createI32(rewriter, loc, 0)},
                                  {{"in", indexI}, {"dst", 0}});
      emitPackAndRelease(rewriter, loc, indexOut, 0);
      emitCB<cb::PopFrontOp>(rewriter, loc, intermediate, 1);
    } else {
      emit<tt::PackTileOp>(rewriter, loc, {}, {{"out", indexOut}, {"dst", 0}});
      emit<tt::ReduceUninitOp>(rewriter, loc);
      emit<tt::TileRegsReleaseOp>(rewriter, loc);
    }
    rewriter.setInsertionPointAfter(outerLoop.getOperation());
    emitCB<cb::PushBackOp>(rewriter, loc, cbOut, outer);

    rewriter.eraseOp(out.getOperation());
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Copies between buffers
//===----------------------------------------------------------------------===//

/// `tile.copy %in, %out` from an input CB to an output CB: each tile goes
/// through DST.
class CopyLowering : public OpRewritePattern<tile::CopyOp>,
                     public ComputePattern {
public:
  CopyLowering(Context *context, ComputeState &state)
      : OpRewritePattern(context, /*benefit=*/1), ComputePattern(state) {}

  LogicalResult matchAndRewrite(tile::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    Operation *op = copy.getOperation();
    Value in = getBoundCB(copy.getSource()), out = getBoundCB(copy.getDest());
    if (!in || !out) {
      if (copy.getSource().getType().isa<tile::TensorType>() ||
          copy.getDest().getType().isa<tile::TensorType>())
        return reject(op, "copies to and from global tensors are lowered by "
                          "tile-lower-data-movement (run it first)");
      // The gemm, parallel or reduce that writes the buffer lowers this
      // copy, or reports why it cannot.
      for (Operation *user : copy.getSource().getUsers())
        if (tile::GemmOp::dynCast(user) || tile::ParallelOp::dynCast(user) ||
            tile::ReduceOp::dynCast(user))
          return reject(op, "");
      if (out)
        for (Operation *user : copy.getSource().getUsers())
          if (tile::FillOp::dynCast(user) || tile::ClearOp::dynCast(user))
            return lowerFill(copy, user, out, rewriter);
      return reject(op, "this buffer is not computed by an op tile-lower-"
                        "compute can lower (tile.gemm or tile.parallel "
                        "writing it, or a copy from a global tensor)");
    }
    int64_t indexIn = getCBIndex(in), indexOut = getCBIndex(out);
    auto type = copy.getSource().getType().cast<tile::BufType>();
    auto [rows, columns] = getTileGrid(type.getShape());
    int64_t tiles = rows * columns;
    Location loc = op->getLoc();
    ensureStartup(rewriter, op, indexIn, indexIn, indexOut);
    emitTilesToCB(rewriter, op, out, tiles, [&](Value tile) {
      emit<tt::CopyTileInitOp>(rewriter, loc, {}, {{"in", indexIn}});
      emit<tt::CopyTileOp>(rewriter, loc, {tile},
                           {{"in", indexIn}, {"dst", 0}});
      return int64_t(0);
    });
    rewriter.eraseOp(op);
    return success();
  }

private:
  LogicalResult lowerFill(tile::CopyOp copy, Operation *fill, Value out,
                          PatternRewriter &rewriter) const;
};

/// A buffer filled with a constant (tile.fill, or tile.clear: zero) and
/// then copied to an output CB: every tile is filled in DST and packed.
LogicalResult CopyLowering::lowerFill(tile::CopyOp copy, Operation *fill,
                                      Value out,
                                      PatternRewriter &rewriter) const {
  Operation *op = copy.getOperation();
  Value buffer = copy.getSource();
  for (Operation *user : buffer.getUsers())
    if (user != op && user != fill)
      return reject(op, "a filled buffer may only be copied to a global "
                        "tensor; it is also used by '" +
                            user->getName().getStringRef() + "'");
  if (fill->getBlock() != op->getBlock() || !fill->isBeforeInBlock(op))
    return reject(fill, "the fill must come before the copy out, in the same "
                        "block");
  auto type = buffer.getType().cast<tile::BufType>();
  if (!type.getElementType().isa<FloatType>())
    return reject(fill, "only float buffers can be filled on Tenstorrent's "
                        "SFPU (fill_tile)");
  double value = 0.0;
  if (tile::FillOp::dynCast(fill)) {
    auto constant =
        getConstantValue(fill->getOperand(1)).dyn_cast_or_null<FloatAttr>();
    if (!constant)
      return reject(fill, "the fill value must be a constant");
    value = constant.getValueAsDouble();
  }
  uint32_t bits = llvm::bit_cast<uint32_t>(float(value));
  int64_t indexOut = getCBIndex(out);
  auto [rows, columns] = getTileGrid(type.getShape());
  int64_t tiles = rows * columns;
  Location loc = op->getLoc();
  ensureStartup(rewriter, op, indexOut, indexOut, indexOut);
  emitTilesToCB(rewriter, op, out, tiles, [&](Value) {
    emit<tt::FillTileInitOp>(rewriter, loc);
    emit<tt::FillTileBitcastOp>(rewriter, loc,
                                {createI32(rewriter, loc, int32_t(bits))},
                                {{"dst", 0}});
    return int64_t(0);
  });
  rewriter.eraseOp(op);
  rewriter.eraseOp(fill);
  return success();
}

/// Ops that only the patterns above lower; reported when left.
bool isComputeOp(Operation *op) {
  return tile::GemmOp::dynCast(op) || tile::ParallelOp::dynCast(op) ||
         tile::ReduceOp::dynCast(op) || tile::CopyOp::dynCast(op) ||
         tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op) ||
         tile::PipelinedOp::dynCast(op);
}

class TileLowerComputePass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tile-lower-compute"; }
  llvm::StringRef getName() const override { return "TileLowerCompute"; }
  llvm::StringRef getDescription() const override {
    return "Lower tile.gemm, tile.parallel and buffer copies to compute "
           "kernel intrinsics (DST protocol, FPU and SFPU ops, packing)";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TileLowerComputePass>();
  }

  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    return success();
  }

  void runOnOperation() override {
    ComputeState state;
    // fp32 accumulation (and 4 DST tiles) when a kernel computes in f32.
    getOperation()->walk([&](Operation *op) {
      auto kernel = tile::KernelOp::dynCast(op);
      if (!kernel)
        return;
      KernelInfo &info = state.kernels[op];
      op->walk([&](Operation *inner) {
        Value written;
        if (tile::GemmOp::dynCast(inner))
          written = inner->getOperand(2);
        else if (tile::ReduceOp::dynCast(inner))
          written = inner->getOperand(1);
        else if (auto parallel = tile::ParallelOp::dynCast(inner))
          for (Value output : parallel.getOutputs())
            written = output;
        if (written)
          if (auto type = written.getType().dyn_cast<tile::BufType>())
            info.fp32 |= type.getElementType().isF32();
      });
      if (info.fp32)
        op->setAttr("fp32_dest_acc", UnitAttr::get(op->getContext()));
    });

    RewritePatternSet patterns(getContext());
    patterns.add<GemmLowering, ParallelLowering, ReduceLowering,
                 CopyLowering>(state);
    FrozenRewritePatternSet frozen(std::move(patterns));
    GreedyRewriteConfig config;
    config.useTopDownTraversal = true;
    config.enableRegionSimplification = false;
    applyPatternsGreedily(getOperation(), frozen, config);

    // Report each op left with its reason; ops left only because another
    // op failed (an empty reason, or none while the kernel has reasons) are
    // not reported again.
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      auto kernel = tile::KernelOp::dynCast(op);
      if (!kernel)
        return;
      llvm::SmallVector<Operation *, 4> left;
      bool reasoned = false;
      op->walk([&](Operation *inner) {
        if (!isComputeOp(inner) || inner == op)
          return;
        left.push_back(inner);
        reasoned |= state.reasons.count(inner) > 0;
      });
      for (Operation *inner : left) {
        failed = true;
        auto reason = state.reasons.find(inner);
        if (reason == state.reasons.end()) {
          if (reasoned)
            continue;
          inner->emitError() << "'" << inner->getName().getStringRef()
                               << "' is left: the op that produces or "
                                  "consumes its buffer could not be lowered";
          continue;
        }
        if (reason->second.text.empty())
          continue;
        Operation *at = reason->second.at;
        InFlightDiagnostic diag = at->emitError() << reason->second.text;
        if (at != inner)
          diag.attachNote(inner->getLoc())
              << "in this '" << inner->getName().getStringRef() << "'";
      }
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilt::createTileLowerComputePass() {
  return std::make_unique<TileLowerComputePass>();
}
