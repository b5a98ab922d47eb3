//===- BuilderTest.cpp - OpBuilder, insertion points, guards --------------===//

#include "TestUtils.h"
#include "tilt/IR/Verifier.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(BuilderTest, BuildsAFunctionThroughTheAPI) {
  auto context = makeContext();
  ModuleOp module = ModuleOp::create(Location(), context.get());
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Type i32 = builder.getI32Type();
  auto function = builder.create<func::FuncOp>(
      Location(), "add", builder.getFunctionType({i32, i32}, {i32}));
  Block *entry = function.getEntryBlock();
  builder.setInsertionPointToEnd(entry);
  auto sum = builder.create<arith::AddIOp>(Location(), entry->getArgument(0),
                                           entry->getArgument(1));
  builder.create<func::ReturnOp>(Location(), ValueRange(sum.getResult()));
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  EXPECT_EQ(print(module.getOperation()),
            "module {\n"
            "  func.func @add(%arg0: i32, %arg1: i32) -> i32 {\n"
            "    %0 = arith.addi %arg0, %arg1 : i32\n"
            "    return %0 : i32\n"
            "  }\n"
            "}\n");
  module.getOperation()->destroy();
}

TEST(BuilderTest, InsertionPointsAndGuard) {
  auto context = makeContext();
  ModuleOp module = ModuleOp::create(Location(), context.get());
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  context->allowUnregisteredDialects();
  auto make = [&](llvm::StringRef name) {
    OperationState state(Location(), name, context.get());
    return builder.create(state);
  };
  Operation *first = make("test.first");
  Operation *third = make("test.third");
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(third);
    make("test.second");
    builder.setInsertionPointToStart(module.getBody());
    make("test.zeroth");
  }
  // The guard restored the end of the block.
  make("test.fourth");
  std::vector<std::string> names;
  for (Operation &op : *module.getBody())
    names.push_back(op.getName().getStringRef().str());
  std::vector<std::string> expected = {
      "test.zeroth", "test.first", "test.second", "test.third", "test.fourth"};
  EXPECT_EQ(names, expected);
  builder.setInsertionPointAfter(first);
  EXPECT_EQ(&*builder.getInsertionPoint(), first->getNextNode());
  module.getOperation()->destroy();
}

TEST(BuilderTest, ListenerSeesInsertions) {
  struct Recorder : OpBuilder::Listener {
    void notifyOperationInserted(Operation *op) override { ops.push_back(op); }
    void notifyBlockInserted(Block *block) override { blocks.push_back(block); }
    std::vector<Operation *> ops;
    std::vector<Block *> blocks;
  } recorder;
  auto context = makeContext();
  ModuleOp module = ModuleOp::create(Location(), context.get());
  OpBuilder builder(context.get(), &recorder);
  builder.setInsertionPointToEnd(module.getBody());
  auto constant =
      builder.create<arith::ConstantOp>(Location(), builder.getIndexAttr(4));
  EXPECT_EQ(recorder.ops.size(), 1u);
  EXPECT_EQ(recorder.ops[0], constant.getOperation());
  module.getOperation()->destroy();
}

TEST(BuilderTest, ScfForBuildsBodyAndYield) {
  auto context = makeContext();
  ModuleOp module = ModuleOp::create(Location(), context.get());
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto function = builder.create<func::FuncOp>(
      Location(), "loop",
      builder.getFunctionType({builder.getIndexType()}, {}));
  builder.setInsertionPointToEnd(function.getEntryBlock());
  Value n = function.getEntryBlock()->getArgument(0);
  auto zero =
      builder.create<arith::ConstantOp>(Location(), builder.getIndexAttr(0));
  auto loop = builder.create<scf::ForOp>(Location(), zero.getResult(), n, n,
                                         ValueRange(zero.getResult()));
  builder.create<func::ReturnOp>(Location());
  EXPECT_EQ(loop->getNumResults(), 1u);
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  module.getOperation()->destroy();
}

} // namespace
