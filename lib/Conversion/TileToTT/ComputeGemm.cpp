//===- ComputeGemm.cpp - tile-lower-compute: tile.gemm --------------------===//
//
// `tile.gemm %a, %b, %c` is C += op(A) x op(B) on tiles. The output is cut
// into sub-blocks of as many tiles as DST holds (widest first); per
// sub-block one DST acquisition runs the K tiles through matmul_block (one
// call per K tile for the whole sub-block; matmul_tiles per tile for a
// sub-block of one tile or with transpose_b) and packs the sub-block at its
// row-major place in C's new version (pack_tile_at).
//
// Two forms:
//
//  - On its own: C's old value is loaded into DST first (copy_tile, or
//    fill_tile for a constant; nothing when C is zero: DST starts at zero
//    on acquire), as tt-metal's matmuls reload partials
//    (bmm_large_block_zm.cpp). This is the bias preload, and the form of a
//    gemm whose accumulator is also rewritten by other ops in its loop.
//  - As a K loop (the gemm is the only op of its loop touching C, and the
//    loop runs more than once): partial sums never pass the source
//    registers (which would make f32 sums TF32); each K block's products
//    are added to C's pages in L1 by the packer (pack_reconfig_l1_acc, as
//    tt-metal's matmuls accumulate across K blocks, pack.h), which are
//    reserved before the loop and pushed after it.
//
// transpose_b is the matrix engine's own (matmul_init's transpose flag
// transposes each B tile, with B's tiles taken in transposed order);
// transpose_a goes through a scratch CB of A's tiles transposed with
// transpose_wh_tile, in Aᵀ's order.
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The matmul's operands and shape, in tiles.
struct GemmShape {
  int64_t mt = 0, nt = 0, kt = 0;
  int64_t subH = 1, subW = 1;
};

GemmShape getShape(KernelLowering &lowering, tile::GemmOp gemm) {
  Operation *op = gemm.getOperation();
  auto typeA = op->getOperand(0).getType().cast<tile::BufType>();
  auto typeC = op->getOperand(2).getType().cast<tile::BufType>();
  GemmShape shape;
  shape.mt = typeC.getShape()[0] / 32;
  shape.nt = typeC.getShape()[1] / 32;
  shape.kt = typeA.getShape()[gemm.getTransposeA() ? 0 : 1] / 32;
  std::tie(shape.subH, shape.subW) =
      chooseSubBlock(shape.mt, shape.nt, lowering.getDstCapacity());
  return shape;
}

/// Aᵀ in a scratch CB (M x K tiles, row-major), for transpose_a.
FailureOr<Value> transposeA(KernelLowering &lowering, tile::GemmOp gemm,
                            const TileSource &a, const GemmShape &shape) {
  Operation *op = gemm.getOperation();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Type type =
      op->getOperand(0).getType().cast<tile::BufType>().getElementType();
  int64_t tiles = shape.mt * shape.kt;
  // Tile (m, k) of Aᵀ is tile (k, m) of A, transposed: A is K x M tiles.
  return lowering.createFilledScratchCB(
      op, type, tiles, a.index, [&](Value tile, int64_t index) {
        Value m = createBinary<arith::DivUIOp>(
            builder, loc, tile, createI32(builder, loc, shape.kt));
        Value k = createBinary<arith::RemUIOp>(
            builder, loc, tile, createI32(builder, loc, shape.kt));
        Value source = createBinary<arith::AddIOp>(
            builder, loc,
            createBinary<arith::MulIOp>(builder, loc, k,
                                        createI32(builder, loc, shape.mt)),
            m);
        emit<tt::TransposeWhInitOp>(builder, loc, {},
                                    {{"in", a.index}, {"out", index}});
        emit<tt::TransposeWhTileOp>(builder, loc, {source},
                                    {{"in", a.index}, {"dst", 0}});
        return int64_t(0);
      });
}

/// The sub-block loops: per sub-block, acquire, `preload` (given the DST
/// slot and the tile's row-major index in C, as index values), the K loop
/// of matmul_tiles, then pack each tile at its place in `target`.
void emitBlocks(KernelLowering &lowering, tile::GemmOp gemm,
                const GemmShape &shape, int64_t in0, int64_t in1,
                int64_t target,
                llvm::function_ref<void(int64_t, Value)> preload) {
  OpBuilder &builder = lowering.getBuilder();
  Location loc = gemm.getOperation()->getLoc();
  bool transposeB = gemm.getTransposeB();
  Value zero = createIndex(builder, loc, 0);
  Value one = createIndex(builder, loc, 1);
  auto rows = builder.create<scf::ForOp>(
      loc, zero, createIndex(builder, loc, shape.mt / shape.subH), one);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(rows.getBody());
  auto columns = builder.create<scf::ForOp>(
      loc, zero, createIndex(builder, loc, shape.nt / shape.subW), one);
  builder.setInsertionPointToStart(columns.getBody());
  Value row0 =
      createBinary<arith::MulIOp>(builder, loc, rows.getInductionVar(),
                                  createIndex(builder, loc, shape.subH));
  Value column0 =
      createBinary<arith::MulIOp>(builder, loc, columns.getInductionVar(),
                                  createIndex(builder, loc, shape.subW));
  auto subTile = [&](int64_t i, int64_t j) {
    return std::make_pair(
        createBinary<arith::AddIOp>(builder, loc, row0,
                                    createIndex(builder, loc, i)),
        createBinary<arith::AddIOp>(builder, loc, column0,
                                    createIndex(builder, loc, j)));
  };
  Value ntValue = createIndex(builder, loc, shape.nt);
  auto placeInC = [&](int64_t i, int64_t j) {
    auto [m, n] = subTile(i, j);
    return createBinary<arith::AddIOp>(
        builder, loc, createBinary<arith::MulIOp>(builder, loc, m, ntValue), n);
  };
  emit<tt::TileRegsAcquireOp>(builder, loc);
  for (int64_t i = 0; i < shape.subH; ++i)
    for (int64_t j = 0; j < shape.subW; ++j)
      preload(i * shape.subW + j, placeInC(i, j));
  // Without transpose_b, B's tiles of one K step are consecutive along the
  // sub-block's columns and A's kt apart along its rows: one matmul_block
  // per K step multiplies the whole sub-block, its unpacker holding one
  // operand across a row or column (tt-llk _llk_unpack_AB_matmul_), as
  // tt-metal's matmuls do (bmm_large_block_zm_fused_bias_activation.cpp).
  // With transpose_b, B's tiles of a K step are kt apart, and a sub-block
  // of one tile has nothing to reuse: matmul_tiles.
  bool block = !transposeB && shape.subH * shape.subW > 1;
  if (block) {
    llvm::SmallVector<std::pair<llvm::StringRef, int64_t>, 6> args = {
        {"in0", in0},           {"in1", in1},           {"transpose", 0},
        {"ct_dim", shape.subW}, {"rt_dim", shape.subH}, {"kt_dim", shape.kt}};
    emit<tt::MatmulBlockInitOp>(builder, loc, {}, args);
    auto kLoop = builder.create<scf::ForOp>(
        loc, zero, createIndex(builder, loc, shape.kt), one);
    OpBuilder::InsertionGuard inner(builder);
    builder.setInsertionPointToStart(kLoop.getBody());
    Value kk = kLoop.getInductionVar();
    Value ktValue = createIndex(builder, loc, shape.kt);
    auto [m, n] = subTile(0, 0);
    Value tileA = createBinary<arith::AddIOp>(
        builder, loc, createBinary<arith::MulIOp>(builder, loc, m, ktValue),
        kk);
    Value tileB = createBinary<arith::AddIOp>(
        builder, loc, createBinary<arith::MulIOp>(builder, loc, kk, ntValue),
        n);
    args.push_back({"dst", 0});
    emit<tt::MatmulBlockOp>(
        builder, loc, {toI32(builder, loc, tileA), toI32(builder, loc, tileB)},
        args);
  } else {
    emit<tt::MatmulInitOp>(
        builder, loc, {},
        {{"in0", in0}, {"in1", in1}, {"transpose", transposeB ? 1 : 0}});
    auto kLoop = builder.create<scf::ForOp>(
        loc, zero, createIndex(builder, loc, shape.kt), one);
    {
      OpBuilder::InsertionGuard inner(builder);
      builder.setInsertionPointToStart(kLoop.getBody());
      Value kk = kLoop.getInductionVar();
      Value ktValue = createIndex(builder, loc, shape.kt);
      for (int64_t i = 0; i < shape.subH; ++i)
        for (int64_t j = 0; j < shape.subW; ++j) {
          auto [m, n] = subTile(i, j);
          Value tileA = createBinary<arith::AddIOp>(
              builder, loc,
              createBinary<arith::MulIOp>(builder, loc, m, ktValue), kk);
          Value tileB =
              transposeB
                  ? createBinary<arith::AddIOp>(
                        builder, loc,
                        createBinary<arith::MulIOp>(builder, loc, n, ktValue),
                        kk)
                  : createBinary<arith::AddIOp>(
                        builder, loc,
                        createBinary<arith::MulIOp>(builder, loc, kk, ntValue),
                        n);
          emit<tt::MatmulTilesOp>(
              builder, loc,
              {toI32(builder, loc, tileA), toI32(builder, loc, tileB)},
              {{"in0", in0}, {"in1", in1}, {"dst", i * shape.subW + j}});
        }
    }
  }
  emit<tt::TileRegsCommitOp>(builder, loc);
  emit<tt::TileRegsWaitOp>(builder, loc);
  for (int64_t i = 0; i < shape.subH; ++i)
    for (int64_t j = 0; j < shape.subW; ++j)
      emit<tt::PackTileAtOp>(builder, loc,
                             {toI32(builder, loc, placeInC(i, j))},
                             {{"out", target}, {"dst", i * shape.subW + j}});
  emit<tt::TileRegsReleaseOp>(builder, loc);
}

/// The CBs of A (transposed into a scratch CB for transpose_a) and B.
struct GemmInputs {
  TileSource a, b;
  Value scratch;
};

FailureOr<GemmInputs> readInputs(KernelLowering &lowering, tile::GemmOp gemm,
                                 const GemmShape &shape) {
  Operation *op = gemm.getOperation();
  GemmInputs inputs;
  FailureOr<TileSource> a = lowering.readFromCB(op, op->getOperand(0));
  if (failed(a))
    return failure();
  FailureOr<TileSource> b = lowering.readFromCB(op, op->getOperand(1));
  if (failed(b))
    return failure();
  inputs.a = *a;
  inputs.b = *b;
  if (gemm.getTransposeA()) {
    FailureOr<Value> scratch = transposeA(lowering, gemm, *a, shape);
    if (failed(scratch))
      return failure();
    inputs.scratch = *scratch;
    inputs.a.cb = *scratch;
    inputs.a.index = getCBIndex(*scratch);
  }
  return inputs;
}

/// Loads tile `place` of C's old value into DST[dst].
void emitPreload(KernelLowering &lowering, Location loc, const TileSource &old,
                 int64_t dst, Value place) {
  OpBuilder &builder = lowering.getBuilder();
  if (old.constant) {
    lowering.emitFill(loc, old.value, dst, old.runtime);
    return;
  }
  emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", old.index}});
  emit<tt::CopyTileOp>(builder, loc, {toI32(builder, loc, place)},
                       {{"in", old.index}, {"dst", dst}});
}

bool isZero(const TileSource &source) {
  return source.constant && !source.runtime && source.value == 0.0;
}

} // namespace

LogicalResult tiletott::lowerGemm(KernelLowering &lowering, tile::GemmOp gemm) {
  Operation *op = gemm.getOperation();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Value acc = op->getOperand(2);
  GemmShape shape = getShape(lowering, gemm);
  FailureOr<GemmInputs> inputs = readInputs(lowering, gemm, shape);
  if (failed(inputs))
    return failure();
  int64_t in0 = inputs->a.index, in1 = inputs->b.index;

  auto chain = lowering.chains.find(op);
  if (chain != lowering.chains.end()) {
    // One K block, added to the accumulator's pages in L1 (the first block
    // of a zero accumulator overwrites them).
    lowering.ensureStartup(loc, in0, in1, chain->second.target.index,
                           /*reverse=*/true);
    auto loop = scf::ForOp::dynCast(chain->second.loop);
    Value accumulate = createI32(builder, loc, 1);
    if (chain->second.zeroStart) {
      Value first = builder
                        .create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                               loop.getInductionVar(),
                                               loop.getLowerBound())
                        .getOperation()
                        ->getResult(0);
      accumulate =
          builder
              .create<arith::SelectOp>(loc, first, createI32(builder, loc, 0),
                                       createI32(builder, loc, 1))
              .getOperation()
              ->getResult(0);
    }
    emit<tt::PackReconfigL1AccOp>(builder, loc, {accumulate});
    emitBlocks(lowering, gemm, shape, in0, in1, chain->second.target.index,
               [](int64_t, Value) {});
    // Off again at once: other packs in the loop (a transposed A, another
    // op's tiles) must overwrite.
    emit<tt::PackReconfigL1AccOp>(builder, loc, {createI32(builder, loc, 0)});
  } else {
    FailureOr<TileSource> old = lowering.read(op, acc);
    if (failed(old))
      return failure();
    FailureOr<WriteTarget> target = lowering.beginWrite(op, acc);
    if (failed(target))
      return failure();
    lowering.ensureStartup(loc, in0, in1, target->index, /*reverse=*/true);
    TileSource from = *old;
    emitBlocks(lowering, gemm, shape, in0, in1, target->index,
               [&](int64_t dst, Value place) {
                 if (!isZero(from))
                   emitPreload(lowering, loc, from, dst, place);
               });
    lowering.endWrite(op, acc, *target);
  }
  if (inputs->scratch)
    emitCB<cb::PopFrontOp>(builder, loc, inputs->scratch, shape.mt * shape.kt);
  return success();
}

bool tiletott::isGemmChain(KernelLowering &lowering, Operation *loop,
                           tile::GemmOp gemm) {
  Operation *op = gemm.getOperation();
  Value acc = op->getOperand(2);
  if (op->getOperand(0) == acc || op->getOperand(1) == acc)
    return false;
  Operation *definition = lowering.getDefinition(acc);
  if (!definition || loop->isProperAncestor(definition))
    return false;
  auto forOp = scf::ForOp::dynCast(loop);
  auto lb = getConstantInt(forOp.getLowerBound());
  auto ub = getConstantInt(forOp.getUpperBound());
  auto step = getConstantInt(forOp.getStep());
  if (lb && ub && step && *step > 0 && *ub - *lb <= *step)
    return false;
  for (Operation &other : *forOp.getBody())
    if (&other != op && lowering.getAccess(&other, acc) != Access::None)
      return false;
  return true;
}

LogicalResult tiletott::beginGemmChain(KernelLowering &lowering,
                                       Operation *loop, tile::GemmOp gemm) {
  Operation *op = gemm.getOperation();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Value acc = op->getOperand(2);
  FailureOr<TileSource> old = lowering.read(op, acc);
  if (failed(old))
    return failure();
  // The packer adds in the CB's own format, so the pages have the
  // accumulator's type; a copy to DRAM of another type converts after.
  FailureOr<WriteTarget> target =
      lowering.beginWrite(loop, acc, /*sameFormat=*/true);
  if (failed(target))
    return failure();
  GemmChain &chain = lowering.chains[op];
  chain.loop = loop;
  chain.target = *target;
  // A chain from zero packs its first trip without accumulating; a loop
  // that may run no trip (its trip count read from a tensor) leaves the
  // zeros in the pages first, as for any other old value.
  chain.zeroStart = isZero(*old) && runsAtLeastOnce(scf::ForOp::dynCast(loop));
  if (!chain.zeroStart) {
    // The old value goes into the pages first; every K block adds to it.
    auto type = acc.getType().cast<tile::BufType>();
    int64_t tiles = getTileCount(type);
    int64_t from = old->constant ? target->index : old->index;
    lowering.ensureStartup(loc, from, from, target->index);
    emit<tt::PackReconfigL1AccOp>(builder, loc, {createI32(builder, loc, 0)});
    lowering.emitTileLoop(loc, tiles, target->index, [&](Value tile) {
      Value place =
          builder.create<arith::IndexCastOp>(loc, builder.getIndexType(), tile)
              .getOperation()
              ->getResult(0);
      emitPreload(lowering, loc, *old, 0, place);
      return int64_t(0);
    });
  }
  BufferLocation &location = lowering.getLocation(acc);
  if (location.kind == BufferLocation::HomeCB)
    emitCB<cb::PopFrontOp>(builder, loc, location.cb,
                           getTileCount(acc.getType().cast<tile::BufType>()));
  location = BufferLocation();
  return success();
}

void tiletott::endGemmChains(KernelLowering &lowering, Operation *loop) {
  // In body order, so that the output does not depend on pointer values.
  for (Operation &nested : *scf::ForOp::dynCast(loop).getBody()) {
    auto found = lowering.chains.find(&nested);
    if (found == lowering.chains.end() || found->second.loop != loop)
      continue;
    Operation *op = &nested;
    GemmChain &chain = found->second;
    lowering.endWrite(op, op->getOperand(2), chain.target);
  }
}
