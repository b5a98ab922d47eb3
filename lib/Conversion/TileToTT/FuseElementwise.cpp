//===- FuseElementwise.cpp - tile-fuse-elementwise ------------------------===//
//
// The fusion step of the tile-to-tt pipeline, separate from the lowering:
// any chain of tile ops lowers without it (each op through its buffers' L1
// homes); with it, a tile.parallel whose only reader is a later
// tile.parallel over the same iteration space is folded into that reader,
// so the intermediate value stays in DST and never makes the round trip
// through L1:
//
//   parallel(ins A -> outs T) { f }; parallel(ins T, B -> outs C) { g }
//   becomes parallel(ins A, B -> outs C) { g(f(a), b) }
//
// It applies when T is a tile.alloc that only the two ops use, the producer
// writes only T and does not read it, the consumer reads T element for
// element (identity indexing), no op between them writes an input of the
// producer, and the fused body surely fits DST (a program that lowers
// unfused must lower fused). The general form of the tutorial's plugin pattern
// (docs/tutorial/2-first-pattern.md), which stays there as the example of
// writing one.
//
// Then a tile.parallel that only widens floats to f32 for a row sum
// (`T = extf(A); reduce sum T`) is folded into the sum, which reads A
// (foldCastIntoSum).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include <limits>

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// Whether `op` (or an op it nests) may write `buffer`.
bool mayWrite(Operation *op, Value buffer) {
  bool written = false;
  op->walk([&](Operation *nested) { written |= writesBuffer(nested, buffer); });
  return written;
}

/// The producer a consumer's input `position` can be fused with, or null.
tile::ParallelOp getFusibleProducer(tile::ParallelOp consumer,
                                    unsigned position) {
  Value buffer = consumer.getInputs()[position];
  Operation *alloc = buffer.getDefiningOp();
  if (!alloc || !tile::AllocOp::dynCast(alloc))
    return tile::ParallelOp(nullptr);
  if (!consumer.isIdentityInput(position) ||
      llvm::count(consumer.getInputs(), buffer) != 1 ||
      llvm::is_contained(consumer.getOutputs(), buffer))
    return tile::ParallelOp(nullptr);
  tile::ParallelOp producer(nullptr);
  for (Operation *user : buffer.getUsers()) {
    if (user == consumer.getOperation())
      continue;
    auto parallel = tile::ParallelOp::dynCast(user);
    if (!parallel || producer)
      return tile::ParallelOp(nullptr);
    producer = parallel;
  }
  if (!producer || producer.getOutputs().size() != 1 ||
      producer.getOutputs()[0] != buffer ||
      llvm::is_contained(producer.getInputs(), buffer))
    return tile::ParallelOp(nullptr);
  Operation *from = producer.getOperation(), *to = consumer.getOperation();
  if (from->getBlock() != to->getBlock() || !from->isBeforeInBlock(to))
    return tile::ParallelOp(nullptr);
  for (Operation *between = from->getNextNode(); between != to;
       between = between->getNextNode())
    for (Value input : producer.getInputs())
      if (mayWrite(between, input))
        return tile::ParallelOp(nullptr);
  return producer;
}

/// An upper bound of the DST tiles tile-lower-compute needs for `value`
/// of `body`: the Sethi-Ullman number of its expression as a tree (values
/// used twice are recomputed; every leaf takes a tile). The lowering's FPU
/// and scalar forms only ever need fewer.
int64_t getDstBound(Value value, Block *body, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != body || def->getNumOperands() == 0)
    return 1;
  if (depth > 64)
    return std::numeric_limits<int64_t>::max() / 2;
  if (def->getNumOperands() == 1)
    return getDstBound(def->getOperand(0), body, depth + 1);
  int64_t lhs = getDstBound(def->getOperand(0), body, depth + 1);
  int64_t rhs = getDstBound(def->getOperand(1), body, depth + 1);
  return std::max(lhs, rhs + 1);
}

/// The DST tiles of one acquisition in `kernel` (tile-lower-compute's
/// rule): 4 when the kernel writes f32 data, else 8.
int64_t getDstCapacity(Operation *kernel) {
  return computesF32(kernel) ? 4 : 8;
}

/// Folds `producer` into `consumer` through the consumer's input
/// `position`; returns the fused op, or null (and changes nothing) when
/// the fused body may not fit the kernel's `capacity` DST tiles.
Operation *fuse(tile::ParallelOp producer, tile::ParallelOp consumer,
                unsigned position, OpBuilder &builder, int64_t capacity) {
  Value buffer = consumer.getInputs()[position];
  // The fused op reads the producer's inputs, then the consumer's others.
  llvm::SmallVector<Value, 4> inputs;
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4> dims;
  for (unsigned i = 0; i < producer.getInputs().size(); ++i) {
    inputs.push_back(producer.getInputs()[i]);
    dims.push_back(producer.getInputDims(i));
  }
  for (unsigned i = 0; i < consumer.getInputs().size(); ++i)
    if (i != position) {
      inputs.push_back(consumer.getInputs()[i]);
      dims.push_back(consumer.getInputDims(i));
    }
  llvm::SmallVector<Value, 2> outputs(consumer.getOutputs().begin(),
                                      consumer.getOutputs().end());
  builder.setInsertionPoint(consumer.getOperation());
  auto fused = builder.create<tile::ParallelOp>(
      consumer->getLoc(), ValueRange(inputs), ValueRange(outputs));
  fused.setInputDims(dims);
  Block *body = fused.getBody();

  // The producer's body computes the intermediate element...
  IRMapping mapping;
  unsigned next = 0;
  for (BlockArgument argument : producer.getBody()->getArguments())
    mapping.map(argument, body->getArgument(next++));
  builder.setInsertionPointToEnd(body);
  Operation *yield = producer.getBody()->getTerminator();
  for (Operation &op : *producer.getBody())
    if (&op != yield)
      builder.clone(op, mapping);
  Value element = mapping.lookupOrDefault(yield->getOperand(0));

  // ...which the consumer's body uses in place of its buffer argument.
  Block *consumerBody = consumer.getBody();
  for (unsigned i = 0; i < consumerBody->getNumArguments(); ++i)
    mapping.map(consumerBody->getArgument(i),
                i == position ? element : body->getArgument(next++));
  for (Operation &op : *consumerBody)
    builder.clone(op, mapping);

  // Fusion must never turn a program that lowers into one that does not:
  // a body that may need more DST tiles than the kernel has stays split.
  for (Value result : body->getTerminator()->getOperands())
    if (getDstBound(result, body) > capacity) {
      fused.getOperation()->erase();
      return nullptr;
    }
  Operation *alloc = buffer.getDefiningOp();
  consumer.getOperation()->erase();
  producer.getOperation()->erase();
  alloc->erase();
  return fused.getOperation();
}

/// Folds a tile.parallel that only widens its input's floats (bf16 or
/// f16 to f32, `T = extf(A)`) into the row sum that is the only reader of
/// its output: the sum reads A instead (layer norm's `T.reduce_sum` of
/// its input cast to f32). The values are the same, and so is the sum:
/// the reduction unpacks either through SrcA, where a bf16 or f16 value
/// is exact and an f32 one is cut to TF32 (which holds every bf16 and f16
/// value), and accumulates in DST as before.
void foldCastIntoSum(tile::ParallelOp producer) {
  if (producer.getInputs().size() != 1 || producer.getOutputs().size() != 1 ||
      !producer.isIdentityInput(0))
    return;
  Value input = producer.getInputs()[0], buffer = producer.getOutputs()[0];
  Block *body = producer.getBody();
  Operation *yield = body->getTerminator();
  Operation *cast = yield->getOperand(0).getDefiningOp();
  if (!cast || cast->getName().getStringRef() != "arith.extf" ||
      cast->getOperand(0) != body->getArgument(0) || &body->front() != cast ||
      cast->getNextNode() != yield || !cast->getResult(0).getType().isF32() ||
      input == buffer)
    return;
  Operation *alloc = buffer.getDefiningOp();
  if (!alloc || !tile::AllocOp::dynCast(alloc))
    return;
  tile::ReduceOp sum(nullptr);
  for (Operation *user : buffer.getUsers()) {
    if (user == producer.getOperation())
      continue;
    auto reduce = tile::ReduceOp::dynCast(user);
    if (!reduce || sum || reduce.getKind() != "sum" ||
        user->getOperand(0) != buffer || user->getOperand(1) == buffer)
      return;
    sum = reduce;
  }
  if (!sum)
    return;
  Operation *from = producer.getOperation(), *to = sum.getOperation();
  if (from->getBlock() != to->getBlock() || !from->isBeforeInBlock(to))
    return;
  for (Operation *between = from->getNextNode(); between != to;
       between = between->getNextNode())
    if (mayWrite(between, input))
      return;
  to->setOperand(0, input);
  from->erase();
  alloc->erase();
}

class TileFuseElementwisePass : public Pass {
public:
  llvm::StringRef getArgument() const override {
    return "tile-fuse-elementwise";
  }
  llvm::StringRef getName() const override { return "TileFuseElementwise"; }
  llvm::StringRef getDescription() const override {
    return "Fold a tile.parallel into the tile.parallel that is the only "
           "reader of its output, so the intermediate stays in DST";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TileFuseElementwisePass>();
  }

  void runOnOperation() override {
    OpBuilder builder(getContext());
    // Pairs found too large for DST are not tried again.
    llvm::DenseSet<std::pair<Operation *, unsigned>> tooLarge;
    // Each fusion removes an op, so this ends.
    for (bool changed = true; changed;) {
      changed = false;
      llvm::SmallVector<tile::ParallelOp, 8> consumers;
      getOperation()->walk([&](Operation *op) {
        if (auto parallel = tile::ParallelOp::dynCast(op))
          consumers.push_back(parallel);
      });
      for (tile::ParallelOp consumer : consumers) {
        Operation *kernel = getEnclosingTileKernel(consumer.getOperation());
        int64_t capacity = kernel ? getDstCapacity(kernel) : 4;
        for (unsigned i = 0; i < consumer.getInputs().size(); ++i) {
          if (tooLarge.count({consumer.getOperation(), i}))
            continue;
          tile::ParallelOp producer = getFusibleProducer(consumer, i);
          if (!producer)
            continue;
          if (!fuse(producer, consumer, i, builder, capacity)) {
            tooLarge.insert({consumer.getOperation(), i});
            continue;
          }
          // An erased op's address may come back for a new one.
          tooLarge.clear();
          changed = true;
          break;
        }
        if (changed)
          break;
      }
    }
    llvm::SmallVector<tile::ParallelOp, 8> casts;
    getOperation()->walk([&](Operation *op) {
      if (auto parallel = tile::ParallelOp::dynCast(op))
        casts.push_back(parallel);
    });
    for (tile::ParallelOp cast : casts)
      foldCastIntoSum(cast);
  }
};

} // namespace

std::unique_ptr<Pass> tilt::createTileFuseElementwisePass() {
  return std::make_unique<TileFuseElementwisePass>();
}
