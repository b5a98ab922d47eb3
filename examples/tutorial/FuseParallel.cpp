//===- FuseParallel.cpp - The tutorial's first rewrite pattern ------------===//
//
// tile-fuse-parallel: a tile.parallel whose output buffer is read by one
// other tile.parallel and nothing else becomes part of that one, so that the
// intermediate value stays a scalar of the loop body instead of a buffer.
// Built as a pass plugin (docs/tutorial/2-first-pattern.md):
//
//   tilt-opt --load-pass-plugin=tutorial-fusion.so --tile-fuse-parallel in.tilt
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/IRMapping.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"
#include "tilt/Rewrite/PatternMatch.h"
#include "tilt/Tools/Plugin.h"

#include <optional>
#include <string>

using namespace tilt;

namespace {

/// Why `producer` cannot be fused into `consumer` through `buffer`, or
/// nothing if it can.
std::optional<std::string> whyNotFusible(tile::ParallelOp producer,
                                         tile::ParallelOp consumer,
                                         Value buffer) {
  if (producer.getOutputs().size() != 1)
    return std::string("the producer writes more than one buffer");
  Operation *alloc = buffer.getDefiningOp();
  if (!alloc || !tile::AllocOp::dynCast(alloc))
    return std::string("the intermediate buffer is not a tile.alloc");
  for (Operation *user : buffer.getUsers())
    if (user != producer.getOperation() && user != consumer.getOperation())
      return "the intermediate buffer is also used by '" +
             user->getName().getStringRef().str() + "'";
  if (llvm::count(consumer.getInputs(), buffer) != 1)
    return std::string("the consumer reads the buffer more than once");
  if (producer->getBlock() != consumer->getBlock() ||
      !producer->isBeforeInBlock(consumer.getOperation()))
    return std::string("the producer does not come first in the same block");
  // The producer's inputs must hold the same values when the consumer runs.
  for (Operation *op = producer->getNextNode(); op != consumer.getOperation();
       op = op->getNextNode())
    for (Value input : producer.getInputs())
      if (llvm::is_contained(op->getOperands(), input))
        return "'" + op->getName().getStringRef().str() +
               "' uses an input of the producer in between";
  return std::nullopt;
}

/// The tile.parallel that writes `buffer` as its output, if any.
tile::ParallelOp getProducer(Value buffer) {
  for (Operation *user : buffer.getUsers())
    if (auto parallel = tile::ParallelOp::dynCast(user))
      if (llvm::is_contained(parallel.getOutputs(), buffer))
        return parallel;
  return tile::ParallelOp(nullptr);
}

/// parallel(ins A -> outs T) { f }; parallel(ins T, B -> outs C) { g }
/// becomes parallel(ins A, B -> outs C) { g(f(a), b) }.
struct FuseParallelChain : public OpRewritePattern<tile::ParallelOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tile::ParallelOp consumer,
                                PatternRewriter &rewriter) const override {
    OperandRange consumerInputs = consumer.getInputs();
    for (unsigned position = 0; position < consumerInputs.size(); ++position) {
      Value buffer = consumerInputs[position];
      tile::ParallelOp producer = getProducer(buffer);
      if (!producer || whyNotFusible(producer, consumer, buffer))
        continue;
      fuse(producer, consumer, position, rewriter);
      return success();
    }
    return rewriter.notifyMatchFailure(consumer.getOperation(),
                                       "no input is a fusible producer's");
  }

  static void fuse(tile::ParallelOp producer, tile::ParallelOp consumer,
                   unsigned position, PatternRewriter &rewriter) {
    Value buffer = consumer.getInputs()[position];
    // The fused op reads the producer's inputs, then the consumer's others.
    llvm::SmallVector<Value, 4> inputs(producer.getInputs().begin(),
                                       producer.getInputs().end());
    for (unsigned i = 0; i < consumer.getInputs().size(); ++i)
      if (i != position)
        inputs.push_back(consumer.getInputs()[i]);
    llvm::SmallVector<Value, 2> outputs(consumer.getOutputs().begin(),
                                        consumer.getOutputs().end());
    rewriter.setInsertionPoint(consumer.getOperation());
    auto fused = rewriter.create<tile::ParallelOp>(consumer->getLoc(),
                                                   ValueRange(inputs),
                                                   ValueRange(outputs));
    Block *body = fused.getBody();

    // The producer's body computes the intermediate element...
    IRMapping mapping;
    unsigned next = 0;
    for (BlockArgument argument : producer.getBody()->getArguments())
      mapping.map(argument, body->getArgument(next++));
    rewriter.setInsertionPointToEnd(body);
    Operation *yield = &producer.getBody()->back();
    for (Operation &op : *producer.getBody())
      if (&op != yield)
        rewriter.clone(op, mapping);
    Value element = mapping.lookupOrDefault(yield->getOperand(0));

    // ...which the consumer's body uses in place of its buffer argument.
    Block *consumerBody = consumer.getBody();
    for (unsigned i = 0; i < consumerBody->getNumArguments(); ++i)
      mapping.map(consumerBody->getArgument(i),
                  i == position ? element : body->getArgument(next++));
    for (Operation &op : *consumer.getBody())
      rewriter.clone(op, mapping);

    Operation *alloc = buffer.getDefiningOp();
    rewriter.eraseOp(consumer.getOperation());
    rewriter.eraseOp(producer.getOperation());
    rewriter.eraseOp(alloc);
  }
};

class FuseParallelPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tile-fuse-parallel"; }
  llvm::StringRef getDescription() const override {
    return "Fuse a tile.parallel into the tile.parallel that reads its output";
  }
  LogicalResult initialize(Context *context) override {
    RewritePatternSet set(context);
    set.add<FuseParallelChain>();
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }
  void runOnOperation() override {
    applyPatternsGreedily(getOperation(), patterns);
    // Say why the chains that are left were not fused.
    getOperation()->walk([&](Operation *op) {
      auto consumer = tile::ParallelOp::dynCast(op);
      if (!consumer)
        return;
      for (Value buffer : consumer.getInputs())
        if (tile::ParallelOp producer = getProducer(buffer))
          if (auto reason = whyNotFusible(producer, consumer, buffer))
            op->emitRemark() << "not fused with the tile.parallel that "
                                "writes its input: "
                             << *reason;
    });
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<FuseParallelPass>();
    pass->patterns = patterns;
    return pass;
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace

/// The entry point tilt-opt looks for (tilt/Tools/Plugin.h).
extern "C" PassPluginInfo tiltGetPassPluginInfo() {
  return {TILT_PLUGIN_API_VERSION, "tutorial-fusion", "1.0", [] {
            registerPass([] { return std::make_unique<FuseParallelPass>(); });
          }};
}
