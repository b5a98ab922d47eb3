//===- Compute.cpp - tile-lower-compute: the walk and the buffers ---------===//
//
// The driver of tile-lower-compute (see ComputeLowering.h for the model):
// it walks each partitioned kernel in program order, keeps every on-core
// buffer's location, decides where each new version goes (the buffer's
// home CB, or straight into the output CB of its copy to DRAM) and pops a
// version after its last reader. The op families live in ComputeGemm.cpp,
// ComputeElementwise.cpp, ComputeReduce.cpp and ComputeCopy.cpp.
//
// Loops: a buffer that a loop writes and that is read in a later iteration
// or after the loop must be in its home on every iteration boundary, so it
// is moved there before the loop. A tile.gemm that is the only op of its
// loop touching its accumulator is a K loop and takes the packer's L1
// accumulation path (ComputeGemm.cpp).
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/IR/BuiltinOps.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/bit.h"

#include <functional>

using namespace tilt;
using namespace tilt::tiletott;

int64_t tiletott::getTileCount(tile::BufType type) {
  auto [rows, columns] = getTileGrid(type.getShape());
  return rows * columns;
}

namespace {
bool isTileOp(Operation *op) {
  return tile::GemmOp::dynCast(op) || tile::ParallelOp::dynCast(op) ||
         tile::ReduceOp::dynCast(op) || tile::CopyOp::dynCast(op) ||
         tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op) ||
         tile::PipelinedOp::dynCast(op);
}

/// Whether a tile.reduce combines with its destination's old value
/// (`accumulate`, TileLang's clear=False).
bool isAccumulating(Operation *reduce) {
  return tile::ReduceOp::dynCast(reduce).getAccumulate();
}
} // namespace

KernelLowering::KernelLowering(tile::KernelOp kernel, OpBuilder &builder)
    : kernel(kernel), builder(builder) {
  blockRange = findBlockRange(kernel);
  fp32 = bool(kernel->getAttr("fp32_dest_acc"));
}

LogicalResult KernelLowering::error(Operation *op, const llvm::Twine &message,
                                    Operation *at) {
  if (!at)
    at = op;
  InFlightDiagnostic diag = at->emitError() << message;
  if (at != op)
    diag.attachNote(op->getLoc())
        << "in this '" << op->getName().getStringRef() << "'";
  failedAlready = true;
  return failure();
}

//===----------------------------------------------------------------------===//
// Accesses and liveness
//===----------------------------------------------------------------------===//

bool KernelLowering::reads(Operation *op, Value buffer) {
  if (auto copy = tile::CopyOp::dynCast(op))
    return copy.getSource() == buffer;
  if (tile::GemmOp::dynCast(op))
    return llvm::is_contained(op->getOperands(), buffer);
  if (auto parallel = tile::ParallelOp::dynCast(op))
    return llvm::is_contained(parallel.getInputs(), buffer);
  if (tile::ReduceOp::dynCast(op))
    return op->getOperand(0) == buffer ||
           (isAccumulating(op) && op->getOperand(1) == buffer);
  return false;
}

bool KernelLowering::writes(Operation *op, Value buffer) {
  if (writesBuffer(op, buffer))
    return true;
  // The compute side's wait for a copy from DRAM.
  if (auto wait = cb::WaitFrontOp::dynCast(op))
    return getRole(op) == "compute" &&
           inputBuffers.lookup(op->getOperand(0)) == buffer;
  return false;
}

Access KernelLowering::getAccess(Operation *op, Value buffer, bool liveness) {
  if (isTileOp(op) && !tile::PipelinedOp::dynCast(op)) {
    // An op reads its operands before it writes its results.
    if (reads(op, buffer))
      return Access::Read;
    return writes(op, buffer) ? Access::Write : Access::None;
  }
  if (writes(op, buffer))
    return Access::Write;
  if (scf::IfOp::dynCast(op)) {
    // A read on either path is a read, a write on both a write. A write
    // on one path only: for liveness, the old value flows past the if on
    // the other path and what follows the if decides (None: keep looking);
    // otherwise the if touches the buffer, conservatively a read.
    Access branches[2] = {Access::None, Access::None};
    for (unsigned r = 0; r < 2 && r < op->getNumRegions(); ++r)
      for (Block &block : op->getRegion(r)) {
        for (Operation &nested : block) {
          branches[r] = getAccess(&nested, buffer, liveness);
          if (branches[r] != Access::None)
            break;
        }
      }
    if (branches[0] == Access::Read || branches[1] == Access::Read)
      return Access::Read;
    if (branches[0] == Access::Write && branches[1] == Access::Write)
      return Access::Write;
    if (branches[0] == Access::None && branches[1] == Access::None)
      return Access::None;
    return liveness ? Access::None : Access::Read;
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block) {
        Access access = getAccess(&nested, buffer, liveness);
        if (access != Access::None)
          return access;
      }
  return Access::None;
}

// Loops are taken to run at least once here: a buffer a loop writes before
// reading is not live into it. A loop that may run no trip (its trip count
// read from a tensor) leaves what was there before it: the K-loop chain
// writes a zero start into its pages first (beginGemmChain), and a buffer
// written in the loop and read after it is moved home before the loop.
bool KernelLowering::isLiveAfter(Value buffer, Operation *op) {
  Operation *definition = buffers[buffer].definition;
  for (Operation *current = op; current;) {
    for (Operation *next = current->getNextNode(); next;
         next = next->getNextNode()) {
      Access access = getAccess(next, buffer, /*liveness=*/true);
      if (access == Access::Read)
        return true;
      if (access == Access::Write)
        return false;
    }
    Block *block = current->getBlock();
    if (definition && definition->getBlock() == block)
      return false;
    Operation *parent = current->getParentOp();
    if (!parent || parent == kernel.getOperation())
      return false;
    if (scf::ForOp::dynCast(parent) ||
        (scf::WhileOp::dynCast(parent) &&
         block->getParent() == &parent->getRegion(1))) {
      // The next iteration runs the body again up to `current`; a write
      // there first means the value is not carried (but may still be read
      // after the loop).
      for (Operation &next : *block) {
        Access access = getAccess(&next, buffer, /*liveness=*/true);
        if (access == Access::Read)
          return true;
        if (access == Access::Write || &next == current)
          break;
      }
    }
    current = parent;
  }
  return false;
}

llvm::SmallVector<Value, 4> KernelLowering::getBuffers(Operation *op) {
  llvm::SmallVector<Value, 4> result;
  op->walk([&](Operation *nested) {
    if (isTileOp(nested)) {
      for (Value operand : nested->getOperands())
        if (buffers.count(operand) && !llvm::is_contained(result, operand))
          result.push_back(operand);
      return;
    }
    if (cb::WaitFrontOp::dynCast(nested) && getRole(nested) == "compute")
      if (Value buffer = inputBuffers.lookup(nested->getOperand(0)))
        if (!llvm::is_contained(result, buffer))
          result.push_back(buffer);
  });
  return result;
}

void KernelLowering::release(Value buffer, Location loc) {
  BufferLocation &location = buffers[buffer].location;
  if (location.kind == BufferLocation::HomeCB)
    emitCB<cb::PopFrontOp>(
        builder, loc, location.cb,
        getTileCount(buffer.getType().cast<tile::BufType>()));
  location = BufferLocation();
}

void KernelLowering::releaseDeadAfter(Operation *op) {
  for (Value buffer : getBuffers(op)) {
    BufferLocation::Kind kind = buffers[buffer].location.kind;
    if (kind == BufferLocation::Nowhere || kind == BufferLocation::Sunk)
      continue;
    if (!isLiveAfter(buffer, op))
      release(buffer, op->getLoc());
  }
}

//===----------------------------------------------------------------------===//
// CBs
//===----------------------------------------------------------------------===//

FailureOr<int64_t> KernelLowering::allocateIndex(Operation *op) {
  llvm::SmallSet<int64_t, 32> used;
  for (Operation &child : *kernel.getBody())
    if (auto alloc = cb::AllocOp::dynCast(&child))
      used.insert(alloc.getIndex());
  // Intermediates first (c_24..c_31, tt-metal's convention), then any free
  // index: the hardware treats all 32 alike.
  for (int64_t index = 24; index <= cb::kMaxCBIndex; ++index)
    if (!used.count(index))
      return index;
  for (int64_t index = 23; index >= 0; --index)
    if (!used.count(index))
      return index;
  (void)error(op, "the kernel needs more than 32 circular buffers (every "
                  "on-core buffer the compute kernel writes has its own)");
  return failure();
}

void KernelLowering::ensurePages(Value cb, int64_t pages) {
  auto type = cb.getType().cast<cb::CBType>();
  if (type.getPages() >= pages)
    return;
  cb.setType(cb::CBType::get(cb.getContext(), type.getDataFormat(),
                             type.getPageSize(), pages));
}

FailureOr<Value> KernelLowering::createScratchCB(Operation *op,
                                                 Type elementType,
                                                 int64_t pages) {
  FailureOr<int64_t> index = allocateIndex(op);
  if (failed(index))
    return failure();
  return createCBAtTop(builder, kernel, op->getLoc(), *index, elementType,
                       getTileBytes(elementType), pages);
}

bool KernelLowering::isDeadFrom(Value buffer, Operation *op) {
  Operation *definition = buffers[buffer].definition;
  if (!definition)
    return false;
  Block *block = definition->getBlock();
  Operation *from = op;
  while (from && from->getBlock() != block)
    from = from->getParentOp();
  if (!from)
    return false;
  for (Operation *next = from; next; next = next->getNextNode())
    if (getAccess(next, buffer) != Access::None)
      return false;
  return true;
}

FailureOr<Value> KernelLowering::createFilledScratchCB(
    Operation *op, Type elementType, int64_t tiles, int64_t from,
    llvm::function_ref<int64_t(Value, int64_t)> body) {
  FailureOr<Value> scratch = createScratchCB(op, elementType, tiles);
  if (failed(scratch))
    return failure();
  Location loc = op->getLoc();
  int64_t index = getCBIndex(*scratch);
  ensureStartup(loc, from, from, index);
  emitCB<cb::ReserveBackOp>(builder, loc, *scratch, tiles);
  emitTileLoop(loc, tiles, index,
               [&](Value tile) { return body(tile, index); });
  emitCB<cb::PushBackOp>(builder, loc, *scratch, tiles);
  emitCB<cb::WaitFrontOp>(builder, loc, *scratch, tiles);
  return *scratch;
}

namespace {
/// Whether an op reads `buffer` through the FPU's source registers (a
/// reduction on the FPU, a gemm's A or B), where an f32 tile is cut to
/// TF32: its CB cannot unpack straight into DST (tt-reconfigure-formats
/// sets that mode per CB, for the whole kernel).
bool readsThroughSourceRegisters(Value buffer) {
  for (Operation *user : buffer.getUsers()) {
    if (auto reduce = tile::ReduceOp::dynCast(user))
      if (user->getOperand(0) == buffer && !reduce.runsOnSfpu())
        return true;
    if (tile::GemmOp::dynCast(user) &&
        (user->getOperand(0) == buffer || user->getOperand(1) == buffer))
      return true;
  }
  return false;
}
} // namespace

Value KernelLowering::getHome(Operation *op, Value buffer, int64_t pages) {
  BufferState &state = buffers[buffer];
  if (state.home) {
    ensurePages(state.home, pages);
    return state.home;
  }
  // The home of a buffer of the same block, format and size that is done
  // for the rest of the block: their lifetimes do not overlap, so they
  // share the L1 (each is popped before the other is reserved; equal
  // versions keep every reserve at a multiple of its size, as a CB cycle
  // needs).
  // Two 32-bit buffers share a home only if both or neither are read
  // through the source registers: a CB that copy_tile alone reads
  // unpacks to DST exactly, one the FPU reads too is cut to TF32.
  Type format = getBufferElementType(buffer);
  bool wide32 = format.getIntOrFloatBitWidth() == 32;
  bool throughSource = wide32 && readsThroughSourceRegisters(buffer);
  int64_t tiles = getTileCount(buffer.getType().cast<tile::BufType>());
  Operation *definition = state.definition;
  // In program order, so that the choice does not depend on pointers.
  for (Value other : bufferOrder) {
    BufferState &otherState = buffers[other];
    if (other == buffer || !otherState.home || !definition ||
        !otherState.definition ||
        otherState.definition->getBlock() != definition->getBlock() ||
        otherState.home.getType().cast<cb::CBType>().getDataFormat() !=
            format ||
        otherState.location.kind != BufferLocation::Nowhere ||
        getTileCount(other.getType().cast<tile::BufType>()) != tiles ||
        (wide32 && readsThroughSourceRegisters(other) != throughSource) ||
        !isDeadFrom(other, op))
      continue;
    Value home = otherState.home;
    otherState.home = Value();
    state.home = home;
    ensurePages(home, pages);
    return home;
  }
  FailureOr<Value> created = createScratchCB(op, format, pages);
  if (failed(created))
    return Value();
  state.home = *created;
  return state.home;
}

FailureOr<Value> KernelLowering::getScalerCB(Operation *op) {
  if (scaler)
    return scaler;
  if (!blockRange)
    return FailureOr<Value>(error(op, "the kernel is not partitioned"));
  FailureOr<int64_t> index = allocateIndex(op);
  if (failed(index))
    return failure();
  Location loc = op->getLoc();
  Context *context = op->getContext();
  Type bf16 = FloatType::getBF16(context);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(blockRange);
  scaler = builder
               .create<cb::AllocOp>(
                   loc, *index,
                   cb::CBType::get(context, bf16, getTileBytes(bf16), 1))
               .getOperation()
               ->getResult(0);
  // The reader fills the scaler once (1.0 in bf16, twice: the scale of sum
  // and max, as generate_reduce_scaler writes it); compute holds it for the
  // whole run.
  Value one = createI32(builder, loc, 0x3F803F80);
  tag(builder.create<cb::ReserveBackOp>(loc, scaler, 1).getOperation(),
      "reader");
  Value pointer =
      tag(builder.create<cb::GetWritePtrOp>(loc, scaler).getOperation(),
          "reader")
          ->getResult(0);
  tag(builder.create<tt::FillScalerTileOp>(loc, ValueRange{pointer, one})
          .getOperation(),
      "reader");
  tag(builder.create<cb::PushBackOp>(loc, scaler, 1).getOperation(), "reader");
  emitCB<cb::WaitFrontOp>(builder, loc, scaler, 1);
  builder.setInsertionPointToEnd(kernel.getBody());
  emitCB<cb::PopFrontOp>(builder, loc, scaler, 1);
  return scaler;
}

void KernelLowering::ensureStartup(Location loc, int64_t in0, int64_t in1,
                                   int64_t out, bool reverse) {
  if (startupDone)
    return;
  startupDone = true;
  OpBuilder::InsertionGuard guard(builder);
  if (blockRange)
    builder.setInsertionPoint(blockRange);
  emit<tt::ComputeKernelHwStartupOp>(
      builder, loc, {}, {{"in0", in0}, {"in1", in1}, {"out", out}},
      {{"order", reverse ? "reverse" : "regular"}});
}

//===----------------------------------------------------------------------===//
// Emit helpers
//===----------------------------------------------------------------------===//

void KernelLowering::emitPackAndRelease(Location loc, int64_t out,
                                        llvm::ArrayRef<int64_t> dsts) {
  emit<tt::TileRegsCommitOp>(builder, loc);
  emit<tt::TileRegsWaitOp>(builder, loc);
  for (int64_t dst : dsts)
    emit<tt::PackTileOp>(builder, loc, {}, {{"out", out}, {"dst", dst}});
  emit<tt::TileRegsReleaseOp>(builder, loc);
}

void KernelLowering::emitTileLoop(Location loc, int64_t tiles, int64_t target,
                                  llvm::function_ref<int64_t(Value)> body) {
  auto loop = builder.create<scf::ForOp>(loc, createIndex(builder, loc, 0),
                                         createIndex(builder, loc, tiles),
                                         createIndex(builder, loc, 1));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(loop.getBody());
  Value tile = toI32(builder, loc, loop.getInductionVar());
  emit<tt::TileRegsAcquireOp>(builder, loc);
  int64_t dst = body(tile);
  emitPackAndRelease(loc, target, dst);
}

void KernelLowering::emitCopyTiles(Location loc, int64_t tiles, int64_t from,
                                   int64_t target, Value first) {
  emitTileLoop(loc, tiles, target, [&](Value tile) {
    if (first)
      tile = createBinary<arith::AddIOp>(builder, loc, first, tile);
    emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", from}});
    emit<tt::CopyTileOp>(builder, loc, {tile}, {{"in", from}, {"dst", 0}});
    return int64_t(0);
  });
}

void KernelLowering::emitFill(Location loc, double value, int64_t dst,
                              Value runtime, bool integer) {
  if (integer) {
    Value word = runtime ? computeKernelInteger(loc, runtime)
                         : createI32(builder, loc, int32_t(int64_t(value)));
    emit<tt::FillTileInitOp>(builder, loc);
    emit<tt::FillTileIntOp>(builder, loc, {word}, {{"dst", dst}});
    return;
  }
  Value bits = getScalarBits(loc, value, runtime);
  emit<tt::FillTileInitOp>(builder, loc);
  emit<tt::FillTileBitcastOp>(builder, loc, {bits}, {{"dst", dst}});
}

Value KernelLowering::computeKernelInteger(Location loc, Value value) {
  // The arithmetic a tile.parallel body did on the kernel's integers is
  // done again here, outside the body (which goes away).
  std::function<Value(Value)> outside = [&](Value inner) -> Value {
    Operation *def = inner.getDefiningOp();
    if (!def || !def->getParentOp() ||
        !tile::ParallelOp::dynCast(def->getParentOp()))
      return inner;
    Operation *copy = def->clone();
    for (OpOperand &operand : copy->getOpOperands())
      operand.set(outside(operand.get()));
    builder.insert(copy);
    return copy->getResult(0);
  };
  Value result = outside(value);
  return result.getType().isIndex() ? toI32(builder, loc, result) : result;
}

Value KernelLowering::getScalarBits(Location loc, double value, Value runtime) {
  if (!runtime)
    return createI32(builder, loc,
                     int32_t(llvm::bit_cast<uint32_t>(float(value))));
  // An element the compute kernel read (a bitcast of its bits) is used
  // where it is.
  if (Operation *def = runtime.getDefiningOp())
    if (arith::BitcastOp::dynCast(def))
      return def->getOperand(0);
  Value &bits = scalarBits[runtime];
  if (bits)
    return bits;
  // Once per kernel, at the top: the runtime argument is read once, as
  // tt-metal kernels read their scalar parameters before the loops.
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(kernel.getBody());
  bits = builder.create<tile::ScalarBitsOp>(runtime.getLoc(), runtime)
             .getOperation()
             ->getResult(0);
  return bits;
}

//===----------------------------------------------------------------------===//
// Reading and writing buffers
//===----------------------------------------------------------------------===//

FailureOr<TileSource> KernelLowering::read(Operation *op, Value buffer,
                                           bool inPlace) {
  BufferLocation &location = buffers[buffer].location;
  TileSource source;
  if (location.kind == BufferLocation::Slice && !inPlace &&
      failed(moveToHome(op, buffer)))
    return failure();
  switch (location.kind) {
  case BufferLocation::Constant:
    source.constant = true;
    source.value = location.value;
    source.runtime = location.runtime;
    return source;
  case BufferLocation::InputCB:
  case BufferLocation::HomeCB:
  case BufferLocation::Slice:
    source.cb = location.cb;
    source.index = getCBIndex(location.cb);
    source.offset = location.offset;
    return source;
  case BufferLocation::Sunk:
  case BufferLocation::Nowhere:
    break;
  }
  (void)error(op, "this op reads a buffer that nothing has written yet");
  if (Operation *definition = buffers[buffer].definition)
    definition->emitRemark() << "the buffer read before it is written";
  return failure();
}

FailureOr<TileSource> KernelLowering::readFromCB(Operation *op, Value buffer) {
  if (buffers[buffer].location.kind == BufferLocation::Constant)
    if (failed(moveToHome(op, buffer)))
      return failure();
  return read(op, buffer);
}

Operation *KernelLowering::findSink(Value buffer, Operation *writer) {
  for (Operation *next = writer->getNextNode(); next;
       next = next->getNextNode()) {
    Access access = getAccess(next, buffer);
    if (access == Access::None)
      continue;
    auto copy = tile::CopyOp::dynCast(next);
    if (!copy || access != Access::Read || isLiveAfter(buffer, next) ||
        (!copy.getOffsets().empty() && !copy.getTensorSide()))
      return nullptr;
    if (getBoundCB(copy.getDest()))
      return next;
    // An on-core copy on the way: the rounding to its type must be the
    // one the pack does.
    Value dest = copy.getDest();
    if (dest == buffer || !dest.getDefiningOp<tile::AllocOp>() ||
        getBufferElementType(dest) != getBufferElementType(buffer))
      return nullptr;
    return findSink(dest, next);
  }
  return nullptr;
}

FailureOr<WriteTarget> KernelLowering::beginWrite(Operation *op, Value buffer,
                                                  bool sameFormat) {
  BufferState &state = buffers[buffer];
  int64_t tiles = getTileCount(buffer.getType().cast<tile::BufType>());
  Location loc = op->getLoc();
  WriteTarget target;
  Operation *sink = findSink(buffer, op);
  if (sink) {
    auto type = getBoundCB(tile::CopyOp::dynCast(sink).getDest())
                    .getType()
                    .cast<cb::CBType>();
    // An output CB drained by rows cannot take the whole block at once.
    if ((sameFormat && type.getDataFormat() != getBufferElementType(buffer)) ||
        type.getPages() < tiles)
      sink = nullptr;
  }
  if (sink) {
    target.sink = sink;
    target.cb = getBoundCB(tile::CopyOp::dynCast(sink).getDest());
  } else {
    // The new version queues behind the old one when the old one is still
    // at the front of the home (the op reads it: a version is popped after
    // its last reader).
    bool behindOld = state.location.kind == BufferLocation::HomeCB &&
                     state.home && state.location.cb == state.home;
    target.cb = getHome(op, buffer, behindOld ? 2 * tiles : tiles);
    if (!target.cb)
      return failure();
  }
  target.index = getCBIndex(target.cb);
  emitCB<cb::ReserveBackOp>(builder, loc, target.cb, tiles);
  return target;
}

void KernelLowering::endWrite(Operation *op, Value buffer,
                              const WriteTarget &target) {
  BufferState &state = buffers[buffer];
  int64_t tiles = getTileCount(buffer.getType().cast<tile::BufType>());
  Location loc = op->getLoc();
  emitCB<cb::PushBackOp>(builder, loc, target.cb, tiles);
  if (state.location.kind == BufferLocation::HomeCB)
    emitCB<cb::PopFrontOp>(builder, loc, state.location.cb, tiles);
  if (target.sink) {
    state.location.kind = BufferLocation::Sunk;
    state.location.cb = Value();
    return;
  }
  emitCB<cb::WaitFrontOp>(builder, loc, target.cb, tiles);
  state.location.kind = BufferLocation::HomeCB;
  state.location.cb = target.cb;
}

LogicalResult KernelLowering::moveToHome(Operation *op, Value buffer) {
  BufferState &state = buffers[buffer];
  BufferLocation old = state.location;
  if (old.kind == BufferLocation::HomeCB && state.home && old.cb == state.home)
    return success();
  if (old.kind == BufferLocation::Sunk)
    return error(op, "a buffer already packed for its copy to DRAM is "
                     "needed in L1 again");
  auto type = buffer.getType().cast<tile::BufType>();
  int64_t tiles = getTileCount(type);
  Value home = getHome(op, buffer, tiles);
  if (!home)
    return failure();
  Location loc = op->getLoc();
  int64_t index = getCBIndex(home);
  emitCB<cb::ReserveBackOp>(builder, loc, home, tiles);
  if (old.kind == BufferLocation::Constant) {
    ensureStartup(loc, index, index, index);
    emitTileLoop(loc, tiles, index, [&](Value) {
      emitFill(loc, old.value, 0, old.runtime,
               type.getElementType().isInteger(32));
      return int64_t(0);
    });
  } else if (old.kind != BufferLocation::Nowhere) {
    // Nowhere: the pages only keep the loop's CB state uniform; nothing
    // reads them before the loop writes them.
    int64_t from = getCBIndex(old.cb);
    ensureStartup(loc, from, from, index);
    emitCopyTiles(loc, tiles, from, index,
                  old.kind == BufferLocation::Slice ? old.offset : Value());
  }
  emitCB<cb::PushBackOp>(builder, loc, home, tiles);
  if (old.kind == BufferLocation::HomeCB)
    emitCB<cb::PopFrontOp>(builder, loc, old.cb, tiles);
  emitCB<cb::WaitFrontOp>(builder, loc, home, tiles);
  state.location.kind = BufferLocation::HomeCB;
  state.location.cb = home;
  return success();
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

bool KernelLowering::isLoadedIn(Operation *op, Value buffer) {
  bool loaded = false;
  op->walk([&](Operation *nested) {
    loaded |= cb::WaitFrontOp::dynCast(nested) &&
              getRole(nested) == "compute" &&
              inputBuffers.lookup(nested->getOperand(0)) == buffer;
  });
  return loaded;
}

LogicalResult KernelLowering::returnHome(Operation *op, Value buffer,
                                         Value home, Block *block) {
  BufferState &state = buffers[buffer];
  if (state.location.kind == BufferLocation::HomeCB &&
      state.location.cb == home)
    return success();
  state.home = home;
  builder.setInsertionPoint(block->getTerminator());
  return moveToHome(op, buffer);
}

LogicalResult KernelLowering::lowerLoop(Operation *op) {
  // An scf.for's body, or an scf.while's after region (its before region
  // computes the condition from integers only: lowerOp checks).
  auto loop = scf::ForOp::dynCast(op);
  Block *body = loop ? loop.getBody() : &op->getRegion(1).front();
  builder.setInsertionPoint(op);
  // K loops first: they emit around the loop.
  for (Operation &nested : *body)
    if (auto gemm = tile::GemmOp::dynCast(&nested))
      if (loop && isGemmChain(*this, op, gemm)) {
        if (failed(beginGemmChain(*this, op, gemm)))
          return failure();
        builder.setInsertionPoint(op);
      }
  // What the loop writes and reads again on a later trip, or after it,
  // sits in its home at every trip boundary.
  llvm::SmallVector<Value, 4> carried;
  for (Value buffer : getBuffers(op)) {
    Operation *definition = buffers[buffer].definition;
    if (definition && op->isProperAncestor(definition))
      continue;
    // A block read from DRAM in the loop is popped there (after its last
    // use in the trip): the code after the loop would read pages gone.
    if (isLoadedIn(op, buffer) && isLiveAfter(buffer, op))
      return error(op, "a buffer filled from DRAM inside this loop is read "
                       "after it: not supported yet (copy it into another "
                       "buffer inside the loop, or fill it after the loop)");
    bool written = false;
    op->walk([&](Operation *nested) {
      if (!chains.count(nested) && writes(nested, buffer))
        written = true;
    });
    if (!written)
      continue;
    Access first = Access::None;
    for (Operation &nested : *body) {
      if (chains.count(&nested))
        continue;
      first = getAccess(&nested, buffer, /*liveness=*/true);
      if (first != Access::None)
        break;
    }
    if (first == Access::Read || isLiveAfter(buffer, op)) {
      builder.setInsertionPoint(op);
      if (failed(moveToHome(op, buffer)))
        return failure();
      if (!carriedHomes.count(buffer)) {
        carriedHomes[buffer] = buffers[buffer].home;
        carried.push_back(buffer);
      }
    }
  }
  if (failed(lowerBlock(body)))
    return failure();
  // The trip ends with each carried buffer back where the next trip (and
  // the code after the loop) reads it: a fill, a copy that handed it
  // another CB, or a write into a new home moved it.
  for (Value buffer : carried) {
    Value home = carriedHomes[buffer];
    carriedHomes.erase(buffer);
    if (failed(returnHome(op, buffer, home, body)))
      return failure();
  }
  builder.setInsertionPointAfter(op);
  if (loop)
    endGemmChains(*this, op);
  releaseDeadAfter(op);
  return success();
}

/// scf.if around tile ops (TileLang's `if` on block indices, loop
/// variables and scalars): both branches leave every buffer from outside
/// in the same state, so that the code after the if does not depend on
/// the branch taken. A buffer a branch writes that is read after the if
/// is in its home before the if and at the end of both branches (as a loop
/// carries it); a buffer from outside that is dead after the if is
/// released at the end of both branches. The data movement kernels take
/// the same branch: the condition is computed from the same values there.
LogicalResult KernelLowering::lowerIf(Operation *op) {
  // Integer results (scalars the branches compute) are the RISC-Vs'
  // business; buffers have no SSA values to yield.
  for (Value result : op->getResults())
    if (!result.getType().isIndex() && !result.getType().isa<IntegerType>())
      return error(op, "an 'scf.if' with non-integer results around tile "
                       "ops has no lowering");
  builder.setInsertionPoint(op);
  llvm::SmallVector<Value, 4> carried, registered, outer;
  for (Value buffer : getBuffers(op)) {
    Operation *definition = buffers[buffer].definition;
    if (definition && op->isProperAncestor(definition))
      continue;
    outer.push_back(buffer);
    bool written = false;
    op->walk([&](Operation *nested) { written |= writes(nested, buffer); });
    // A block read from DRAM in a branch is popped in the branch (after
    // its last use there): the code after the if would read pages gone.
    if (isLoadedIn(op, buffer) && isLiveAfter(buffer, op))
      return error(op, "a buffer filled from DRAM inside this branch is read "
                       "after it: not supported yet (copy it into another "
                       "buffer inside the branch, or fill it outside)");
    if (!written || !isLiveAfter(buffer, op))
      continue;
    builder.setInsertionPoint(op);
    if (failed(moveToHome(op, buffer)))
      return failure();
    carried.push_back(buffer);
    // An enclosing loop may carry it already, in the same home.
    if (!carriedHomes.count(buffer)) {
      carriedHomes[buffer] = buffers[buffer].home;
      registered.push_back(buffer);
    }
  }
  if (op->getRegion(1).empty()) {
    // An else that only keeps the CB state uniform.
    OpBuilder::InsertionGuard guard(builder);
    Block *block = new Block();
    op->getRegion(1).push_back(block);
    builder.setInsertionPointToEnd(block);
    builder.create<scf::YieldOp>(op->getLoc(), ValueRange{});
  }
  llvm::DenseMap<Value, BufferLocation> before;
  for (auto &[buffer, state] : buffers)
    before[buffer] = state.location;
  for (unsigned r = 0; r < 2; ++r) {
    if (r == 1)
      for (auto &[buffer, state] : buffers) {
        auto it = before.find(buffer);
        state.location = it != before.end() ? it->second : BufferLocation();
      }
    Block &block = op->getRegion(r).front();
    if (failed(lowerBlock(&block)))
      return failure();
    for (Value buffer : outer) {
      BufferState &state = buffers[buffer];
      if (llvm::is_contained(carried, buffer)) {
        if (failed(returnHome(op, buffer, carriedHomes[buffer], &block)))
          return failure();
        continue;
      }
      builder.setInsertionPoint(block.getTerminator());
      if (!isLiveAfter(buffer, op) &&
          state.location.kind != BufferLocation::Nowhere &&
          state.location.kind != BufferLocation::Sunk)
        release(buffer, op->getLoc());
    }
  }
  for (Value buffer : registered)
    carriedHomes.erase(buffer);
  builder.setInsertionPointAfter(op);
  releaseDeadAfter(op);
  return success();
}

LogicalResult KernelLowering::lowerOp(Operation *op) {
  if (scf::ForOp::dynCast(op))
    return lowerLoop(op);
  if (scf::WhileOp::dynCast(op)) {
    bool inCondition = false;
    op->getRegion(0).walk([&](Operation *inner) {
      inCondition |=
          isTileOp(inner) ||
          (cb::WaitFrontOp::dynCast(inner) && getRole(inner) == "compute" &&
           inputBuffers.count(inner->getOperand(0)));
    });
    if (inCondition)
      return error(op, "tile ops in the condition of an 'scf.while' have no "
                       "lowering (move them into its body)");
    return lowerLoop(op);
  }
  if (scf::IfOp::dynCast(op)) {
    // Tile ops, or the compute side of a copy from DRAM (its wait).
    bool nested = false;
    op->walk([&](Operation *inner) {
      nested |= isTileOp(inner) ||
                (cb::WaitFrontOp::dynCast(inner) &&
                 getRole(inner) == "compute" &&
                 inputBuffers.count(inner->getOperand(0)));
    });
    if (nested)
      return lowerIf(op);
  }
  if (auto wait = cb::WaitFrontOp::dynCast(op)) {
    Value buffer = inputBuffers.lookup(op->getOperand(0));
    if (!buffer || getRole(op) != "compute")
      return success();
    builder.setInsertionPoint(op);
    release(buffer, op->getLoc());
    BufferLocation &location = buffers[buffer].location;
    location.kind = BufferLocation::InputCB;
    location.cb = op->getOperand(0);
    builder.setInsertionPointAfter(op);
    releaseDeadAfter(op);
    return success();
  }
  if (!isTileOp(op)) {
    if (op->getNumRegions() == 0)
      return success();
    bool nested = false;
    op->walk([&](Operation *inner) { nested |= isTileOp(inner); });
    if (nested)
      return error(op,
                   "tile ops inside '" + op->getName().getStringRef() +
                       "' have no lowering (only loops, scf.while and scf.if)");
    return success();
  }
  if (!blockRange)
    return error(op, "the kernel is not partitioned (run tile-partition "
                     "first)");
  builder.setInsertionPoint(op);
  LogicalResult result = success();
  if (auto copy = tile::CopyOp::dynCast(op)) {
    if (getBoundCB(copy.getDest()))
      result = lowerCopyOut(copy);
    else
      result = lowerCopy(copy);
  } else if (auto gemm = tile::GemmOp::dynCast(op)) {
    result = lowerGemm(*this, gemm);
  } else if (auto parallel = tile::ParallelOp::dynCast(op)) {
    result = lowerParallel(*this, parallel);
  } else if (auto reduce = tile::ReduceOp::dynCast(op)) {
    result = lowerReduce(*this, reduce);
  } else if (tile::FillOp::dynCast(op) || tile::ClearOp::dynCast(op)) {
    result = lowerFill(op);
  } else {
    result = error(op, "'tile.pipelined' is lowered by "
                       "tile-lower-data-movement (run it first)");
  }
  if (failed(result))
    return failure();
  lowered.insert(op);
  builder.setInsertionPoint(op);
  releaseDeadAfter(op);
  return success();
}

LogicalResult KernelLowering::lowerBlock(Block *block) {
  llvm::SmallVector<Operation *, 32> ops;
  for (Operation &op : *block)
    ops.push_back(&op);
  for (Operation *op : ops)
    if (failed(lowerOp(op)))
      return failure();
  return success();
}

LogicalResult KernelLowering::run() {
  // Every on-core buffer, and the input CBs the data movement bound.
  kernel.getOperation()->walk([&](Operation *op) {
    if (tile::AllocOp::dynCast(op)) {
      buffers[op->getResult(0)].definition = op;
      bufferOrder.push_back(op->getResult(0));
      return;
    }
    if (op->getName().getStringRef() != "builtin.unrealized_conversion_cast" ||
        op->getNumResults() != 1 ||
        !op->getResult(0).getType().isa<tile::BufType>())
      return;
    Value cb = getBoundCB(op->getResult(0));
    if (!cb)
      return;
    // Output CBs are only the destinations of copies out.
    bool output = llvm::all_of(op->getResult(0).getUsers(), [&](Operation *u) {
      auto copy = tile::CopyOp::dynCast(u);
      return copy && copy.getDest() == op->getResult(0);
    });
    if (output)
      return;
    buffers[op->getResult(0)].definition = op;
    bufferOrder.push_back(op->getResult(0));
    inputBuffers[cb] = op->getResult(0);
  });
  if (failed(lowerBlock(kernel.getBody())))
    return failure();
  for (Operation *op : llvm::reverse(lowered))
    op->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
class TileLowerComputePass : public Pass {
public:
  TileLowerComputePass() {
    declareOption("allow-tf32",
                  "Compute f32 add, sub and mul on the FPU, whose source "
                  "registers keep TF32's 10-bit mantissa (PyTorch's "
                  "allow_tf32); by default they run on the SFPU in an fp32 "
                  "DST, exact to f32 (default false)",
                  &allowTF32);
    declareOption("math-fidelity",
                  "The compute kernels' math fidelity (tt-split-kernels "
                  "sets it: give both the same): at HiFi4 an f32 product of "
                  "two bf16 or f16 tiles is exact on the FPU, which then "
                  "computes it; LoFi, HiFi2, HiFi3 or HiFi4 (default HiFi4)",
                  &mathFidelity, isValidFidelity, kFidelityExpected);
  }
  llvm::StringRef getArgument() const override { return "tile-lower-compute"; }
  llvm::StringRef getName() const override { return "TileLowerCompute"; }
  llvm::StringRef getDescription() const override {
    return "Lower each tile op (gemm, parallel, reduce, copy, fill) on "
           "on-core buffers to compute kernel intrinsics (DST protocol, FPU "
           "and SFPU ops, packing), with an L1 home per buffer";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileLowerComputePass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }

  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    return success();
  }

  void runOnOperation() override {
    llvm::SmallVector<tile::KernelOp, 4> kernels;
    getOperation()->walk([&](Operation *op) {
      if (auto kernel = tile::KernelOp::dynCast(op))
        kernels.push_back(kernel);
    });
    OpBuilder builder(getContext());
    bool failed = false;
    for (tile::KernelOp kernel : kernels) {
      // fp32 accumulation (and 4 DST tiles) when a kernel computes in f32.
      bool fp32 = computesF32(kernel.getOperation());
      if (fp32)
        kernel->setAttr("fp32_dest_acc", UnitAttr::get(getContext()));
      KernelLowering lowering(kernel, builder);
      lowering.setAllowTF32(allowTF32);
      lowering.setExactFpuProducts(mathFidelity == "HiFi4");
      if (::tilt::failed(lowering.run()))
        failed = true;
      else
        fitL1(kernel);
    }
    if (failed)
      signalPassFailure();
  }

private:
  bool allowTF32 = false;
  std::string mathFidelity = "HiFi4";
};
} // namespace

std::unique_ptr<Pass> tilt::createTileLowerComputePass() {
  return std::make_unique<TileLowerComputePass>();
}
