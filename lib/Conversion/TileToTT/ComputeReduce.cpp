//===- ComputeReduce.cpp - tile-lower-compute: tile.reduce ----------------===//
//
// `tile.reduce <kind> %src -> %dst dim d` of a 2-d buffer: per result
// tile, reduce_tile over the tiles of a tile row (dim 1) or tile column
// (dim 0) into one DST tile, with the kernel's scaler tile of 1.0
// (reduce.h: the scaler multiplies each element; the reader fills it once).
// A row reduction leaves a column vector in column 0, the layout of 1-d
// buffers; a column reduction leaves a row vector in row 0, which goes
// through a scratch CB and transpose_wh_tile into a column vector.
//
// Metalium reduces by sum, average and max only (PoolType). min is
// -max(-x) and absmax is max(|x|): the source is negated or made absolute
// once into a scratch CB (both exact) and the result negated back in DST.
// With `accumulate` (TileLang's clear=False) the destination's old tile is
// loaded into a second DST tile and combined on the SFPU (add_binary_tile,
// binary_max_tile or binary_min_tile) before the pack.
//
// A source that may hold padding along the reduced dimension (the op has
// kPaddingMaskAttrName, set by tile-lower-data-movement; ReducePadding.h)
// is masked first, tile by tile into a scratch CB, with the reader's mask
// tile of its tile column (dim 1) or row (dim 0): mul_tiles by 1.0 / 0.0
// for a sum, add_tiles of 0 / -inf for max (after min's negation and
// absmax's absolute value), as tt-metal's layernorm multiplies its column
// mask in (normalization/layernorm/device/kernels/dataflow/
// col_mask_dataflow.h) and softmax adds its -inf pad mask
// (normalization/softmax/device/kernels/attention/dataflow/
// writer_unary_interleaved_start_id_blocked_sm.cpp). Both are exact for
// the valid elements: x * 1 and x + 0.
//
// reduce_uninit follows the pack: it clears the packer's edge mask, which
// must still hide the garbage reduce_tile leaves beside its result when
// the tile is packed (reduce.h).
//
// i32 reductions, and f32 max and min whose result a body compares with,
// run on the SFPU instead (tile::ReduceOp::runsOnSfpu, lowerSfpuReduce):
// reduce_tile's source registers hold 19 bits, no int32 word and only TF32
// of an f32.
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"
#include "ReducePadding.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The source negated (for min) or made absolute (for absmax), in a
/// scratch CB.
FailureOr<Value> prepareSource(KernelLowering &lowering, Operation *op,
                               const TileSource &source, bool negate,
                               int64_t tiles) {
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Type type =
      op->getOperand(0).getType().cast<tile::BufType>().getElementType();
  FailureOr<Value> scratch = lowering.createScratchCB(op, type, tiles);
  if (failed(scratch))
    return failure();
  int64_t index = getCBIndex(*scratch);
  lowering.ensureStartup(loc, source.index, source.index, index);
  emitCB<cb::ReserveBackOp>(builder, loc, *scratch, tiles);
  lowering.emitTileLoop(loc, tiles, index, [&](Value tile) {
    emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", source.index}});
    emit<tt::CopyTileOp>(builder, loc, {tile},
                         {{"in", source.index}, {"dst", 0}});
    std::pair<llvm::StringRef, int64_t> dst[] = {{"dst", 0}};
    if (negate) {
      emit<tt::NegativeTileInitOp>(builder, loc);
      emit<tt::NegativeTileOp>(builder, loc, {}, dst);
    } else {
      emit<tt::AbsTileInitOp>(builder, loc);
      emit<tt::AbsTileOp>(builder, loc, {}, dst);
    }
    return int64_t(0);
  });
  emitCB<cb::PushBackOp>(builder, loc, *scratch, tiles);
  emitCB<cb::WaitFrontOp>(builder, loc, *scratch, tiles);
  return *scratch;
}

/// The source (in CB `in`, `rows` x `columns` tiles) with its padding
/// replaced by the identity of `kind`, in a scratch CB: each tile combined
/// with the mask tile of its tile column (`columns0` false) or row.
FailureOr<Value> maskSource(KernelLowering &lowering, Operation *op,
                            llvm::StringRef kind, int64_t in, Value mask,
                            bool columns0, int64_t rows, int64_t columns) {
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Type type =
      op->getOperand(0).getType().cast<tile::BufType>().getElementType();
  int64_t tiles = rows * columns, masks = columns0 ? rows : columns;
  FailureOr<Value> scratch = lowering.createScratchCB(op, type, tiles);
  if (failed(scratch))
    return failure();
  int64_t index = getCBIndex(*scratch), maskIndex = getCBIndex(mask);
  lowering.ensureStartup(loc, in, maskIndex, index);
  emitCB<cb::WaitFrontOp>(builder, loc, mask, masks);
  emitCB<cb::ReserveBackOp>(builder, loc, *scratch, tiles);
  std::pair<llvm::StringRef, int64_t> cbs[] = {{"in0", in}, {"in1", maskIndex}};
  std::pair<llvm::StringRef, int64_t> withDst[] = {
      {"in0", in}, {"in1", maskIndex}, {"dst", 0}};
  lowering.emitTileLoop(loc, tiles, index, [&](Value tile) {
    Value maskTile =
        columns0
            ? createBinary<arith::DivUIOp>(builder, loc, tile,
                                           createI32(builder, loc, columns))
            : createBinary<arith::RemUIOp>(builder, loc, tile,
                                           createI32(builder, loc, columns));
    if (kind == "sum") {
      emit<tt::MulTilesInitOp>(builder, loc, {}, cbs);
      emit<tt::MulTilesOp>(builder, loc, {tile, maskTile}, withDst);
    } else {
      emit<tt::AddTilesInitOp>(builder, loc, {}, cbs);
      emit<tt::AddTilesOp>(builder, loc, {tile, maskTile}, withDst);
    }
    return int64_t(0);
  });
  emitCB<cb::PushBackOp>(builder, loc, *scratch, tiles);
  emitCB<cb::PopFrontOp>(builder, loc, mask, masks);
  emitCB<cb::WaitFrontOp>(builder, loc, *scratch, tiles);
  return *scratch;
}

/// DST[0] = DST[0] op DST[1] on the SFPU for a reduction of `kind`: add,
/// min, or max (absmax too), on int32 words when `isInt`.
void emitFold(OpBuilder &builder, Location loc, llvm::StringRef kind,
              bool isInt) {
  llvm::StringRef op = kind == "sum"   ? "add"
                       : kind == "min" ? "min"
                                       : "max";
  if (isInt)
    emitSfpuIntBinary(builder, loc, op, 0, 1);
  else
    emitSfpuBinary(builder, loc, op, 0, 1);
}

/// With `old` (accumulate), the destination's old tile `place` loaded into
/// DST 1 (or its constant filled there) and folded into DST 0.
void emitCombineOld(KernelLowering &lowering, Location loc,
                    llvm::StringRef kind, const TileSource *old, Value place,
                    bool isInt) {
  if (!old)
    return;
  OpBuilder &builder = lowering.getBuilder();
  if (old->constant) {
    lowering.emitFill(loc, old->value, 1, old->runtime, isInt);
  } else {
    emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", old->index}});
    emit<tt::CopyTileOp>(builder, loc, {place},
                         {{"in", old->index}, {"dst", 1}});
  }
  emitFold(builder, loc, kind, isInt);
}

/// After the reduced tile is in DST[0]: min's negation back, and the
/// combination with the old destination tile `place` (accumulate).
void emitEpilogue(KernelLowering &lowering, Location loc, llvm::StringRef kind,
                  const TileSource *old, Value place) {
  OpBuilder &builder = lowering.getBuilder();
  std::pair<llvm::StringRef, int64_t> dst0[] = {{"dst", 0}};
  if (kind == "min") {
    emit<tt::NegativeTileInitOp>(builder, loc);
    emit<tt::NegativeTileOp>(builder, loc, {}, dst0);
  }
  emitCombineOld(lowering, loc, kind, old, place, /*isInt=*/false);
}

/// The SFPU form (tile::ReduceOp::runsOnSfpu): per tile row, the row's
/// tiles copied into DST (copy_tile: an i32 or f32 CB unpacked straight
/// to DST, exact) and folded elementwise into DST 0 (add_int_tile,
/// binary_max/min_int32_tile, binary_max/min_tile), then sfpu_reduce
/// along the rows of that tile into column 0, as tt-metal's reduce helper
/// folds a row of tiles before sfpu_reduce (compute_kernel_api.h). No
/// scaler, no negation for min (sfpu_reduce has MIN), no edge mask; a
/// tile that may hold padding takes the reduction's identity there
/// (where_tile on the reader's mask tile of its tile column).
LogicalResult lowerSfpuReduce(KernelLowering &lowering, tile::ReduceOp reduce,
                              const TileSource &input, const TileSource *old) {
  Operation *op = reduce.getOperation();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Value source = op->getOperand(0), dest = op->getOperand(1);
  auto sourceType = source.getType().cast<tile::BufType>();
  llvm::StringRef kind = reduce.getKind();
  bool isInt = sourceType.getElementType().isInteger();
  FailureOr<WriteTarget> target = lowering.beginWrite(op, dest);
  if (failed(target))
    return failure();
  int64_t in = input.index, out = target->index;
  lowering.ensureStartup(loc, in, in, out);
  auto [rows, columns] = getTileGrid(sourceType.getShape());
  std::pair<llvm::StringRef, llvm::StringRef> keywords[] = {
      {"type", kind}, {"format", isInt ? "int32" : "float32"}, {"dim", "row"}};
  // Rows that may end inside a tile: the reader's mask tile of each tile
  // column (ReducePadding.h: 1.0 / 0.0 for a sum, 0 / -inf otherwise)
  // selects the reduction's identity for the padding (where_tile).
  Value mask = findAttachedCB(op, kPaddingMaskAttrName);
  int64_t maskIndex = mask ? getCBIndex(mask) : -1;
  if (mask)
    emitCB<cb::WaitFrontOp>(builder, loc, mask, columns);
  double identity = kind == "sum" ? 0.0
                    : isInt ? (kind == "max" ? double(INT32_MIN)
                                             : double(INT32_MAX))
                    : (kind == "max" ? -INFINITY : INFINITY);
  // DST[slot] = tile `column` of the row, its padding the identity.
  auto load = [&](Value tile, Value column, int64_t slot) {
    emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", in}});
    emit<tt::CopyTileOp>(builder, loc, {toI32(builder, loc, tile)},
                         {{"in", in}, {"dst", slot}});
    if (!mask)
      return;
    emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", maskIndex}});
    emit<tt::CopyTileOp>(builder, loc, {toI32(builder, loc, column)},
                         {{"in", maskIndex}, {"dst", 2}});
    lowering.emitFill(loc, identity, 3, Value(), isInt);
    bool sum = kind == "sum";
    emit<tt::WhereTileInitOp>(builder, loc);
    emit<tt::WhereTileOp>(builder, loc, {},
                          {{"cond", 2},
                           {"on_true", sum ? slot : 3},
                           {"on_false", sum ? 3 : slot},
                           {"out", slot}},
                          {{"format", isInt ? "int32" : "float32"}});
  };
  Value zero = createIndex(builder, loc, 0);
  Value step = createIndex(builder, loc, 1);
  auto rowLoop = builder.create<scf::ForOp>(
      loc, zero, createIndex(builder, loc, rows), step);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(rowLoop.getBody());
  Value row = rowLoop.getInductionVar();
  Value first = createBinary<arith::MulIOp>(builder, loc, row,
                                            createIndex(builder, loc, columns));
  emit<tt::TileRegsAcquireOp>(builder, loc);
  load(first, zero, 0);
  if (columns > 1) {
    auto columnLoop = builder.create<scf::ForOp>(
        loc, step, createIndex(builder, loc, columns), step);
    OpBuilder::InsertionGuard inner(builder);
    builder.setInsertionPointToStart(columnLoop.getBody());
    Value column = columnLoop.getInductionVar();
    load(createBinary<arith::AddIOp>(builder, loc, first, column), column, 1);
    emitFold(builder, loc, kind, isInt);
  }
  emit<tt::SfpuReduceInitOp>(builder, loc, {}, {},
                             llvm::makeArrayRef(keywords).take_front(2));
  emit<tt::SfpuReduceOp>(builder, loc, {}, {{"dst", 0}}, keywords);
  emitCombineOld(lowering, loc, kind, old, toI32(builder, loc, row), isInt);
  lowering.emitPackAndRelease(loc, out, 0);
  builder.setInsertionPointAfter(rowLoop.getOperation());
  if (mask)
    emitCB<cb::PopFrontOp>(builder, loc, mask, columns);
  lowering.endWrite(op, dest, *target);
  return success();
}

} // namespace

LogicalResult tiletott::lowerReduce(KernelLowering &lowering,
                                    tile::ReduceOp reduce) {
  Operation *op = reduce.getOperation();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  Value source = op->getOperand(0), dest = op->getOperand(1);
  auto sourceType = source.getType().cast<tile::BufType>();
  if (sourceType.getRank() != 2)
    return lowering.error(op, "only reductions of 2-d buffers have a "
                              "lowering (a 1-d buffer's tiles hold their "
                              "elements in column 0 only)");
  llvm::StringRef kind = reduce.getKind();
  bool accumulate = reduce.getAccumulate();
  bool columns0 = reduce.getDim() == 0;

  // A slice is read in place by a plain sum or max (the other forms
  // prepare a copy of the source first).
  bool inPlace = !reduce.runsOnSfpu() && (kind == "sum" || kind == "max") &&
                 !findAttachedCB(op, kPaddingMaskAttrName);
  FailureOr<TileSource> input = lowering.read(op, source, inPlace);
  if (succeeded(input) && input->constant)
    input = lowering.readFromCB(op, source);
  if (failed(input))
    return failure();
  std::optional<TileSource> old;
  if (accumulate) {
    FailureOr<TileSource> value = lowering.read(op, dest);
    if (failed(value))
      return failure();
    old = *value;
  }
  if (reduce.runsOnSfpu())
    return lowerSfpuReduce(lowering, reduce, *input, old ? &*old : nullptr);
  FailureOr<Value> scaler = lowering.getScalerCB(op);
  if (failed(scaler))
    return failure();
  int64_t scalerIndex = getCBIndex(*scaler);

  auto [rows, columns] = getTileGrid(sourceType.getShape());
  int64_t indexIn = input->index;
  Value prepared;
  if (kind == "min" || kind == "absmax") {
    FailureOr<Value> scratch =
        prepareSource(lowering, op, *input, kind == "min", rows * columns);
    if (failed(scratch))
      return failure();
    prepared = *scratch;
    indexIn = getCBIndex(prepared);
  }
  if (Value mask = findAttachedCB(op, kPaddingMaskAttrName)) {
    FailureOr<Value> scratch =
        maskSource(lowering, op, kind, indexIn, mask, columns0, rows, columns);
    if (failed(scratch))
      return failure();
    if (prepared)
      emitCB<cb::PopFrontOp>(builder, loc, prepared, rows * columns);
    prepared = *scratch;
    indexIn = getCBIndex(prepared);
  }
  llvm::StringRef type = kind == "sum" ? "sum" : "max";

  FailureOr<WriteTarget> target = lowering.beginWrite(op, dest);
  if (failed(target))
    return failure();
  int64_t indexOut = target->index;
  lowering.ensureStartup(loc, indexIn, scalerIndex, indexOut);

  std::pair<llvm::StringRef, llvm::StringRef> keywords[] = {
      {"type", type}, {"dim", columns0 ? "col" : "row"}};
  Value intermediate;
  int64_t indexI = -1;
  if (columns0) {
    FailureOr<Value> created = lowering.createScratchCB(
        op, dest.getType().cast<tile::BufType>().getElementType(), 1);
    if (failed(created))
      return failure();
    intermediate = *created;
    indexI = getCBIndex(intermediate);
  }
  int64_t outer = columns0 ? columns : rows;
  int64_t inner = columns0 ? rows : columns;
  Value zero = createIndex(builder, loc, 0);
  Value step = createIndex(builder, loc, 1);
  auto outerLoop = builder.create<scf::ForOp>(
      loc, zero, createIndex(builder, loc, outer), step);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(outerLoop.getBody());
  Value place = toI32(builder, loc, outerLoop.getInductionVar());
  int64_t reduceOut = columns0 ? indexI : indexOut;
  emit<tt::TileRegsAcquireOp>(builder, loc);
  emit<tt::ReduceInitOp>(
      builder, loc, {},
      {{"in", indexIn}, {"scaler", scalerIndex}, {"out", reduceOut}}, keywords);
  auto innerLoop = builder.create<scf::ForOp>(
      loc, zero, createIndex(builder, loc, inner), step);
  {
    OpBuilder::InsertionGuard innerGuard(builder);
    builder.setInsertionPointToStart(innerLoop.getBody());
    Value row =
        columns0 ? innerLoop.getInductionVar() : outerLoop.getInductionVar();
    Value column =
        columns0 ? outerLoop.getInductionVar() : innerLoop.getInductionVar();
    Value tileIndex =
        toI32(builder, loc,
              createBinary<arith::AddIOp>(
                  builder, loc,
                  createBinary<arith::MulIOp>(
                      builder, loc, row, createIndex(builder, loc, columns)),
                  column));
    if (input->offset)
      tileIndex =
          createBinary<arith::AddIOp>(builder, loc, input->offset, tileIndex);
    emit<tt::ReduceTileOp>(
        builder, loc, {tileIndex, createI32(builder, loc, 0)},
        {{"in", indexIn}, {"scaler", scalerIndex}, {"dst", 0}}, keywords);
  }
  const TileSource *oldTile = old ? &*old : nullptr;
  if (columns0) {
    emit<tt::TileRegsCommitOp>(builder, loc);
    emit<tt::TileRegsWaitOp>(builder, loc);
    emitCB<cb::ReserveBackOp>(builder, loc, intermediate, 1);
    emit<tt::PackTileOp>(builder, loc, {}, {{"out", indexI}, {"dst", 0}});
    emit<tt::ReduceUninitOp>(builder, loc);
    emitCB<cb::PushBackOp>(builder, loc, intermediate, 1);
    emit<tt::TileRegsReleaseOp>(builder, loc);
    // The row vector, transposed into the 1-d layout.
    emitCB<cb::WaitFrontOp>(builder, loc, intermediate, 1);
    emit<tt::TileRegsAcquireOp>(builder, loc);
    emit<tt::TransposeWhInitOp>(builder, loc, {},
                                {{"in", indexI}, {"out", indexOut}});
    emit<tt::TransposeWhTileOp>(builder, loc, {createI32(builder, loc, 0)},
                                {{"in", indexI}, {"dst", 0}});
    emitEpilogue(lowering, loc, kind, oldTile, place);
    lowering.emitPackAndRelease(loc, indexOut, 0);
    emitCB<cb::PopFrontOp>(builder, loc, intermediate, 1);
  } else {
    emitEpilogue(lowering, loc, kind, oldTile, place);
    emit<tt::TileRegsCommitOp>(builder, loc);
    emit<tt::TileRegsWaitOp>(builder, loc);
    emit<tt::PackTileOp>(builder, loc, {}, {{"out", indexOut}, {"dst", 0}});
    emit<tt::ReduceUninitOp>(builder, loc);
    emit<tt::TileRegsReleaseOp>(builder, loc);
  }
  builder.setInsertionPointAfter(outerLoop.getOperation());
  if (prepared)
    emitCB<cb::PopFrontOp>(builder, loc, prepared, rows * columns);
  lowering.endWrite(op, dest, *target);
  return success();
}
