//===- ComputeCopy.cpp - tile-lower-compute: copies, fills, scalars -------===//
//
// `tile.fill` / `tile.clear` make a buffer a constant (nothing is emitted
// until a reader needs it in DST or L1); `tile.copy` between on-core
// buffers passes a version on when its source is done with it, else
// copies tile by tile through DST (the packer converts formats); a copy to
// DRAM packs the buffer's tiles into the output CB unless its version was
// sunk there. Also the folding of kernel-level scalars computed from
// constants.
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>

using namespace tilt;
using namespace tilt::tiletott;

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

namespace {
/// `value` rounded to the float type `type` (f32, bf16 or f16), as the op
/// that produces it would round.
double roundTo(Type type, double value) {
  auto floatType = type.dyn_cast<FloatType>();
  if (!floatType)
    return value;
  llvm::APFloat converted(value);
  bool losesInfo = false;
  converted.convert(floatType.getFloatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return converted.convertToDouble();
}

std::optional<double> evaluateScalarAt(Value value, unsigned depth) {
  if (depth > 32)
    return std::nullopt;
  Attribute constant = getConstantValue(value);
  if (auto floatValue = constant.dyn_cast_or_null<FloatAttr>())
    return floatValue.getValueAsDouble();
  if (auto intValue = constant.dyn_cast_or_null<IntegerAttr>())
    return double(intValue.getValue().getSExtValue());
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumResults() != 1)
    return std::nullopt;
  llvm::SmallVector<double, 2> operands;
  for (Value operand : def->getOperands()) {
    std::optional<double> evaluated = evaluateScalarAt(operand, depth + 1);
    if (!evaluated)
      return std::nullopt;
    operands.push_back(*evaluated);
  }
  llvm::StringRef name = def->getName().getStringRef();
  std::optional<double> result;
  if (operands.size() == 2) {
    double a = operands[0], b = operands[1];
    if (name == "arith.addf")
      result = a + b;
    else if (name == "arith.subf")
      result = a - b;
    else if (name == "arith.mulf")
      result = a * b;
    else if (name == "arith.divf")
      result = a / b;
    else if (name == "arith.maximumf")
      result = std::fmax(a, b);
    else if (name == "arith.minimumf")
      result = std::fmin(a, b);
  } else if (operands.size() == 1) {
    double x = operands[0];
    result = llvm::StringSwitch<std::optional<double>>(name)
                 .Case("arith.negf", -x)
                 .Case("arith.extf", x)
                 .Case("arith.truncf", x)
                 .Case("arith.sitofp", x)
                 .Case("math.exp", std::exp(x))
                 .Case("math.exp2", std::exp2(x))
                 .Case("math.log", std::log(x))
                 .Case("math.log2", std::log2(x))
                 .Case("math.sqrt", std::sqrt(x))
                 .Case("math.rsqrt", 1.0 / std::sqrt(x))
                 .Case("math.tanh", std::tanh(x))
                 .Case("math.erf", std::erf(x))
                 .Case("math.absf", std::fabs(x))
                 .Default(std::nullopt);
  }
  if (!result)
    return std::nullopt;
  return roundTo(def->getResult(0).getType(), *result);
}
} // namespace

std::optional<double> tiletott::evaluateScalar(Value value) {
  return evaluateScalarAt(value, 0);
}

Value tiletott::getRuntimeScalar(Value value) {
  // extf (bf16 or f16 to f32) is exact: the same value, the same f32 bits.
  while (Operation *def = value.getDefiningOp()) {
    // An f32 element read when the kernel runs (tile.load, lowered by
    // tile-lower-data-movement): the bits the compute kernel took from the
    // reader's page.
    auto isBitsToF32 = [](Operation *op) {
      return op && arith::BitcastOp::dynCast(op) &&
             op->getOperand(0).getType().isSignlessInteger(32) &&
             op->getResult(0).getType().isF32();
    };
    if (isBitsToF32(def))
      return value;
    // A bf16 element read that way: the f32 it was truncated from is
    // exact (its low half is zero).
    if (arith::TruncFOp::dynCast(def) &&
        isBitsToF32(def->getOperand(0).getDefiningOp()))
      return def->getOperand(0);
    if (def->getName().getStringRef() != "arith.extf")
      return Value();
    value = def->getOperand(0);
  }
  auto argument = value.dyn_cast<BlockArgument>();
  if (!argument || !tile::isKernelScalarType(value.getType()))
    return Value();
  Operation *owner = argument.getOwner()->getParentOp();
  return owner && tile::KernelOp::dynCast(owner) ? value : Value();
}

//===----------------------------------------------------------------------===//
// Copies and fills
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerFill(Operation *fill) {
  Value buffer = fill->getOperand(0);
  Type element = getBufferElementType(buffer);
  bool integer = element.isInteger(32);
  if (!element.isa<FloatType>() && !integer)
    return error(fill, "only float and i32 buffers can be filled on "
                       "Tenstorrent's SFPU (fill_tile, fill_tile_int)");
  double value = 0.0;
  Value runtime;
  if (integer && tile::FillOp::dynCast(fill)) {
    auto constant =
        getConstantValue(fill->getOperand(1)).dyn_cast_or_null<IntegerAttr>();
    if (!constant)
      return error(fill, "an i32 fill value must be a constant");
    value = double(int32_t(constant.getValue().getSExtValue()));
  } else if (tile::FillOp::dynCast(fill)) {
    Value scalar = fill->getOperand(1);
    if (std::optional<double> constant = evaluateScalar(scalar)) {
      // The buffer holds the value in its type (a bf16 buffer filled with
      // 0.3 holds bf16's 0.30078125).
      value = roundTo(getBufferElementType(buffer), *constant);
    } else if (!(runtime = getRuntimeScalar(scalar))) {
      InFlightDiagnostic diag =
          fill->emitError()
          << "the fill value must be a constant or a scalar argument of the "
             "kernel: a value computed from a runtime scalar has no device "
             "form yet (compute it on the host and pass it as a scalar "
             "argument)";
      if (Operation *def = scalar.getDefiningOp())
        diag.attachNote(def->getLoc()) << "the fill value is computed here";
      failedAlready = true;
      return failure();
    }
  }
  // Nothing is emitted: the constant is written where a reader needs it
  // (DST for most, L1 for ops that unpack from CBs).
  release(buffer, fill->getLoc());
  BufferLocation &location = buffers[buffer].location;
  location.kind = BufferLocation::Constant;
  location.value = value;
  location.runtime = runtime;
  return success();
}

LogicalResult KernelLowering::lowerCopy(tile::CopyOp copy) {
  Operation *op = copy.getOperation();
  Value source = copy.getSource(), dest = copy.getDest();
  if (!buffers.count(source) || !buffers.count(dest))
    return error(op, "copies to and from global tensors are lowered by "
                     "tile-lower-data-movement (run it first)");
  BufferState &from = buffers[source];
  BufferState &to = buffers[dest];
  bool slice = !copy.getOffsets().empty();
  if (source == dest && !slice)
    return success();
  // A slice of a constant is the constant (the switch below).
  if (slice && from.location.kind != BufferLocation::Constant)
    return lowerSliceCopy(copy);
  switch (from.location.kind) {
  case BufferLocation::Sunk:
    // findSink chose this copy as a step to DRAM.
    to.location = from.location;
    from.location = BufferLocation();
    return success();
  case BufferLocation::Constant:
    release(dest, op->getLoc());
    to.location = from.location;
    return success();
  case BufferLocation::HomeCB:
    // The version changes owner when the source is done with it (and
    // keeps its home: a buffer carried around a loop returns to its home
    // at the end of the trip).
    if (!slice && getBufferElementType(source) == getBufferElementType(dest) &&
        !isLiveAfter(source, op) && !carriedHomes.count(source)) {
      release(dest, op->getLoc());
      to.location = from.location;
      if (!to.home)
        to.home = from.location.cb;
      if (from.home == from.location.cb)
        from.home = Value();
      from.location = BufferLocation();
      return success();
    }
    break;
  default:
    break;
  }
  FailureOr<TileSource> input = read(op, source);
  if (failed(input))
    return failure();
  Location loc = op->getLoc();
  FailureOr<WriteTarget> target = beginWrite(op, dest);
  if (failed(target))
    return failure();
  int64_t from_ = input->index;
  ensureStartup(loc, from_, from_, target->index);
  int64_t tiles = getTileCount(dest.getType().cast<tile::BufType>());
  emitCopyTiles(loc, tiles, from_, target->index);
  endWrite(op, dest, *target);
  return success();
}

LogicalResult KernelLowering::lowerSliceCopy(tile::CopyOp copy) {
  Operation *op = copy.getOperation();
  Value source = copy.getSource(), dest = copy.getDest();
  llvm::ArrayRef<int64_t> sourceShape =
      source.getType().cast<tile::BufType>().getShape();
  llvm::ArrayRef<int64_t> destShape =
      dest.getType().cast<tile::BufType>().getShape();
  // Whole tiles of the source: each dimension starts at a multiple of 32
  // and takes whole tiles, or is the source's whole extent.
  for (size_t d = 0; d < destShape.size(); ++d) {
    Value offset = copy.getOffsets()[d];
    std::optional<int64_t> constant = getConstantInt(offset);
    bool whole = destShape[d] == sourceShape[d] && constant && *constant == 0;
    if (!whole && (destShape[d] % tile::kTileSize != 0 ||
                   tile::getKnownMultiple(offset) % tile::kTileSize != 0))
      return error(op, "a slice of an on-core buffer is copied in whole "
                       "32x32 tiles: its offsets must be provably multiples "
                       "of 32 and its extents multiples of 32 (dimension " +
                           llvm::Twine(d) + ")");
  }
  if (source == dest)
    return error(op, "a slice of a buffer is copied into another buffer");
  FailureOr<TileSource> input = read(op, source);
  if (failed(input))
    return failure();
  Location loc = op->getLoc();
  int64_t sourceColumns = getTileGrid(sourceShape).second;
  auto [rows, columns] = getTileGrid(destShape);
  // The source's tile index of the slice's first tile: row tile * the
  // source's columns + column tile (a 1-d buffer is one row of tiles).
  auto tileOf = [&](Value offset) {
    return createBinary<arith::DivUIOp>(
        builder, loc, offset, createIndex(builder, loc, tile::kTileSize));
  };
  Value first = tileOf(copy.getOffsets().back());
  if (destShape.size() == 2)
    first = createBinary<arith::AddIOp>(
        builder, loc,
        createBinary<arith::MulIOp>(builder, loc,
                                    tileOf(copy.getOffsets().front()),
                                    createIndex(builder, loc, sourceColumns)),
        first);
  first = toI32(builder, loc, first);
  // Tiles in a row of the source stand in its CB: read there by the ops
  // that use them when that is safe, else copied into the slice's home
  // now (moveToHome reads a slice at its offset).
  if (rows == 1 || columns == sourceColumns) {
    release(dest, loc);
    BufferLocation &location = buffers[dest].location;
    location.kind = BufferLocation::Slice;
    location.cb = input->cb;
    location.offset = first;
    return canReadSliceInPlace(copy) ? success() : moveToHome(op, dest);
  }
  // Row by row: the slice's rows are sourceColumns tiles apart.
  FailureOr<WriteTarget> target = beginWrite(op, dest);
  if (failed(target))
    return failure();
  int64_t from = input->index;
  ensureStartup(loc, from, from, target->index);
  auto loop = builder.create<scf::ForOp>(loc, createIndex(builder, loc, 0),
                                         createIndex(builder, loc, rows),
                                         createIndex(builder, loc, 1));
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value row = createBinary<arith::AddIOp>(
        builder, loc, first,
        createBinary<arith::MulIOp>(builder, loc,
                                    toI32(builder, loc, loop.getInductionVar()),
                                    createI32(builder, loc, sourceColumns)));
    emitCopyTiles(loc, columns, from, target->index, row);
  }
  endWrite(op, dest, *target);
  return success();
}

bool KernelLowering::canReadSliceInPlace(tile::CopyOp copy) {
  Operation *op = copy.getOperation();
  Value source = copy.getSource(), dest = copy.getDest();
  Operation *last = op;
  bool overwritten = false;
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    Access access = getAccess(next, dest);
    if (access == Access::None) {
      if (getAccess(next, source) == Access::Write)
        return false;
      continue;
    }
    if (access == Access::Write) {
      overwritten = true;
      break;
    }
    // A reader that cannot index the source's CB copies the slice first,
    // where it reads it: a tile op of this block (not a loop around one).
    bool tileOp = tile::ParallelOp::dynCast(next) ||
                  tile::ReduceOp::dynCast(next) ||
                  tile::GemmOp::dynCast(next) || tile::CopyOp::dynCast(next);
    if (!tileOp || writes(next, source))
      return false;
    last = next;
    if (writes(next, dest)) {
      overwritten = true;
      break;
    }
  }
  if (!overwritten && isLiveAfter(dest, last))
    return false;
  return last == op || isLiveAfter(source, last);
}

LogicalResult KernelLowering::lowerCopyOut(tile::CopyOp copy) {
  Operation *op = copy.getOperation();
  Value buffer = copy.getSource();
  BufferLocation &location = buffers[buffer].location;
  if (location.kind == BufferLocation::Sunk) {
    location = BufferLocation();
    return success();
  }
  FailureOr<TileSource> input = read(op, buffer);
  if (failed(input))
    return failure();
  Value out = getBoundCB(copy.getDest());
  int64_t indexOut = getCBIndex(out);
  int64_t tiles = getTileCount(buffer.getType().cast<tile::BufType>());
  Location loc = op->getLoc();
  int64_t from = input->constant ? indexOut : input->index;
  ensureStartup(loc, from, from, indexOut);
  auto convert = [&](Value first, int64_t count) {
    emitCB<cb::ReserveBackOp>(builder, loc, out, count);
    emitTileLoop(loc, count, indexOut, [&](Value tile) {
      if (input->constant) {
        emitFill(loc, input->value, 0, input->runtime,
                 getBufferElementType(buffer).isInteger(32));
        return int64_t(0);
      }
      Value index =
          first ? createBinary<arith::AddIOp>(builder, loc, first, tile) : tile;
      emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", from}});
      emit<tt::CopyTileOp>(builder, loc, {index}, {{"in", from}, {"dst", 0}});
      return int64_t(0);
    });
    emitCB<cb::PushBackOp>(builder, loc, out, count);
  };
  // An output CB smaller than the block is drained by rows
  // (tile-lower-data-movement's converted blocks): a row of tiles is
  // reserved, converted and pushed at a time.
  int64_t columns =
      getTileGrid(buffer.getType().cast<tile::BufType>().getShape()).second;
  if (out.getType().cast<cb::CBType>().getPages() >= tiles ||
      tiles <= columns) {
    convert(Value(), tiles);
    return success();
  }
  auto rows = builder.create<scf::ForOp>(
      loc, createIndex(builder, loc, 0),
      createIndex(builder, loc, tiles / columns), createIndex(builder, loc, 1));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(rows.getBody());
  convert(createBinary<arith::MulIOp>(
              builder, loc, toI32(builder, loc, rows.getInductionVar()),
              createI32(builder, loc, columns)),
          columns);
  return success();
}
