//===- OperationTest.cpp - Use-lists, RAUW, erase, move, walk, clone ------===//

#include "TestUtils.h"
#include "tilt/IR/IRMapping.h"
#include <thread>

using namespace tilt;
using namespace tilt::test;

namespace {

/// A function `@f(%a: i32, %b: i32)` with `%0 = addi %a, %b; %1 = muli %0,
/// %0; return %1`.
struct FunctionFixture : public ::testing::Test {
  void SetUp() override {
    context = makeContext();
    module = parse(*context, R"(
      func.func @f(%a: i32, %b: i32) -> i32 {
        %0 = arith.addi %a, %b : i32
        %1 = arith.muli %0, %0 : i32
        return %1 : i32
      })");
    ASSERT_TRUE(module);
    function =
        func::FuncOp::dynCast(&ModuleOp(module.get()).getBody()->front());
    ASSERT_TRUE(function);
    Block *entry = function.getEntryBlock();
    auto it = entry->begin();
    add = &*it++;
    mul = &*it++;
    ret = &*it;
  }
  std::unique_ptr<Context> context;
  OwningOpRef module;
  func::FuncOp function;
  Operation *add = nullptr, *mul = nullptr, *ret = nullptr;
};

TEST_F(FunctionFixture, UseListsTrackOperands) {
  Value sum = add->getResult(0);
  EXPECT_EQ(sum.getNumUses(), 2u);
  EXPECT_FALSE(sum.hasOneUse());
  for (OpOperand &use : sum.getUses())
    EXPECT_EQ(use.getOwner(), mul);
  Value product = mul->getResult(0);
  EXPECT_TRUE(product.hasOneUse());
  EXPECT_EQ(product.getUses().begin()->getOperandNumber(), 0u);
  BlockArgument a = function.getEntryBlock()->getArgument(0);
  EXPECT_EQ(a.getNumUses(), 1u);
  EXPECT_EQ(a.getArgNumber(), 0u);
  EXPECT_EQ(sum.getDefiningOp(), add);
  EXPECT_EQ(a.getDefiningOp(), nullptr);
}

TEST_F(FunctionFixture, ReplaceAllUsesWithMovesEveryUse) {
  BlockArgument a = function.getEntryBlock()->getArgument(0);
  Value sum = add->getResult(0);
  sum.replaceAllUsesWith(a);
  EXPECT_TRUE(sum.use_empty());
  EXPECT_EQ(a.getNumUses(), 3u);
  EXPECT_EQ(mul->getOperand(0), Value(a));
  EXPECT_EQ(mul->getOperand(1), Value(a));
}

TEST_F(FunctionFixture, ReplaceUsesWithIfIsSelective) {
  BlockArgument b = function.getEntryBlock()->getArgument(1);
  Value sum = add->getResult(0);
  sum.replaceUsesWithIf(
      b, [](OpOperand &use) { return use.getOperandNumber() == 1; });
  EXPECT_EQ(mul->getOperand(0), sum);
  EXPECT_EQ(mul->getOperand(1), Value(b));
  EXPECT_TRUE(sum.hasOneUse());
}

TEST_F(FunctionFixture, SetOperandUpdatesBothUseLists) {
  BlockArgument a = function.getEntryBlock()->getArgument(0);
  Value sum = add->getResult(0);
  mul->setOperand(1, a);
  EXPECT_TRUE(sum.hasOneUse());
  EXPECT_EQ(a.getNumUses(), 2u);
  mul->setOperands({a, a, a});
  EXPECT_EQ(mul->getNumOperands(), 3u);
  EXPECT_TRUE(sum.use_empty());
  EXPECT_EQ(a.getNumUses(), 4u);
  mul->eraseOperand(2);
  EXPECT_EQ(a.getNumUses(), 3u);
  mul->insertOperands(0, {sum});
  EXPECT_EQ(mul->getOperand(0), sum);
  EXPECT_EQ(mul->getNumOperands(), 3u);
}

TEST_F(FunctionFixture, EraseAndDropUses) {
  Value sum = add->getResult(0);
  BlockArgument a = function.getEntryBlock()->getArgument(0);
  // The add cannot go while it is used: redirect its uses first.
  sum.replaceAllUsesWith(a);
  EXPECT_EQ(a.getNumUses(), 3u);
  add->erase();
  // The add's own use of %a went with it.
  EXPECT_EQ(a.getNumUses(), 2u);
  EXPECT_EQ(&function.getEntryBlock()->front(), mul);
  mul->dropAllUses();
  EXPECT_EQ(ret->getOperand(0), Value());
}

TEST_F(FunctionFixture, MoveKeepsUsesAndOrder) {
  Block *entry = function.getEntryBlock();
  EXPECT_TRUE(add->isBeforeInBlock(mul));
  mul->moveBefore(add);
  EXPECT_EQ(&entry->front(), mul);
  EXPECT_TRUE(mul->isBeforeInBlock(add));
  add->moveAfter(ret);
  EXPECT_EQ(&entry->back(), add);
  EXPECT_EQ(add->getBlock(), entry);
  EXPECT_EQ(mul->getOperand(0), add->getResult(0));
}

TEST_F(FunctionFixture, WalkOrdersAndInterrupts) {
  std::vector<std::string> post, pre;
  module->walk([&](Operation *op) {
    post.push_back(op->getName().getStringRef().str());
  });
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    pre.push_back(op->getName().getStringRef().str());
  });
  std::vector<std::string> expectedPost = {
      "arith.addi", "arith.muli", "func.return", "func.func", "builtin.module"};
  std::vector<std::string> expectedPre = {
      "builtin.module", "func.func", "arith.addi", "arith.muli", "func.return"};
  EXPECT_EQ(post, expectedPost);
  EXPECT_EQ(pre, expectedPre);

  unsigned visited = 0;
  WalkResult result = module->walk([&](Operation *op) {
    ++visited;
    return op == mul ? WalkResult::interrupt() : WalkResult::advance();
  });
  EXPECT_TRUE(result.wasInterrupted());
  EXPECT_EQ(visited, 2u);

  // Skipping the function's regions in pre-order visits only two ops.
  visited = 0;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    ++visited;
    return func::FuncOp::classof(op) ? WalkResult::skip()
                                     : WalkResult::advance();
  });
  EXPECT_EQ(visited, 2u);

  // Typed callbacks see only their kind.
  unsigned adds = 0;
  module->walk([&](arith::AddIOp) { ++adds; });
  EXPECT_EQ(adds, 1u);
}

TEST_F(FunctionFixture, CloneMapsValuesAndKeepsOriginal) {
  IRMapping mapper;
  Operation *copy = function.getOperation()->clone(mapper);
  auto copiedFunction = func::FuncOp::dynCast(copy);
  ASSERT_TRUE(copiedFunction);
  EXPECT_EQ(print(copy), print(function.getOperation()));
  // The copy's values are new and used only inside the copy.
  Value originalSum = add->getResult(0);
  Value copiedSum = mapper.lookupOrNull(originalSum);
  ASSERT_TRUE(copiedSum);
  EXPECT_NE(copiedSum, originalSum);
  EXPECT_EQ(copiedSum.getNumUses(), 2u);
  EXPECT_EQ(originalSum.getNumUses(), 2u);
  copy->destroy();
}

TEST_F(FunctionFixture, CloneWithSeededMappingRedirectsOperands) {
  IRMapping mapper;
  BlockArgument b = function.getEntryBlock()->getArgument(1);
  mapper.map(add->getResult(0), Value(b));
  Operation *mulCopy = mul->clone(mapper);
  EXPECT_EQ(mulCopy->getOperand(0), Value(b));
  EXPECT_EQ(mulCopy->getOperand(1), Value(b));
  mulCopy->destroy();
}

TEST(OperationTest, ManyResultsAndOperandsRoundTrip) {
  auto context = makeContext();
  context->allowUnregisteredDialects();
  // More than six results uses the out-of-line result storage.
  OperationState state(Location(), "test.many", context.get());
  Builder builder(context.get());
  for (int i = 0; i < 9; ++i)
    state.types.push_back(builder.getIntegerType(i + 1));
  Operation *producer = Operation::create(state);
  EXPECT_EQ(producer->getNumResults(), 9u);
  for (unsigned i = 0; i < 9; ++i) {
    OpResult result = producer->getResult(i);
    EXPECT_EQ(result.getOwner(), producer);
    EXPECT_EQ(result.getResultNumber(), i);
    EXPECT_TRUE(result.getType().isInteger(i + 1));
  }
  OperationState userState(Location(), "test.user", context.get());
  for (unsigned i = 0; i < 9; ++i)
    userState.operands.push_back(producer->getResult(8 - i));
  Operation *user = Operation::create(userState);
  EXPECT_EQ(user->getOperand(0), Value(producer->getResult(8)));
  EXPECT_TRUE(producer->getResult(3).hasOneUse());
  // Growing past the inline operand storage keeps every use.
  llvm::SmallVector<Value, 32> more;
  for (unsigned i = 0; i < 30; ++i)
    more.push_back(producer->getResult(i % 9));
  user->setOperands(more);
  EXPECT_EQ(user->getNumOperands(), 30u);
  EXPECT_EQ(producer->getResult(0).getNumUses(), 4u);
  user->destroy();
  EXPECT_TRUE(producer->use_empty());
  producer->destroy();
}

TEST(OperationTest, AttributesAndPropertiesAreSeparate) {
  auto context = makeContext();
  Builder builder(context.get());
  OperationState state(Location(), "arith.constant", context.get());
  state.addAttribute("value", builder.getI32IntegerAttr(7));
  state.addAttribute("tag", builder.getUnitAttr());
  state.addTypes(builder.getI32Type());
  Operation *op = Operation::create(state);
  // `value` is inherent to arith.constant: it lives in the properties.
  EXPECT_TRUE(op->getPropertiesDict().contains("value"));
  EXPECT_FALSE(op->getAttrDictionary().contains("value"));
  EXPECT_TRUE(op->getAttrDictionary().contains("tag"));
  EXPECT_EQ(op->getAttr("value"), builder.getI32IntegerAttr(7));
  op->setAttr("value", builder.getI32IntegerAttr(9));
  EXPECT_EQ(op->getInherentAttr("value"), builder.getI32IntegerAttr(9));
  EXPECT_TRUE(op->removeAttr("tag"));
  EXPECT_FALSE(op->hasAttr("tag"));
  op->destroy();
}

} // namespace

namespace {

TEST(CloneTest, RegionsWithBlocksAndSuccessors) {
  auto context = makeContext();
  context->allowUnregisteredDialects();
  OwningOpRef module = parse(*context, R"(
    "test.cfg"() ({
    ^entry(%x: i32):
      "test.br"(%x)[^exit] : (i32) -> ()
    ^exit:
      %y = "test.use"(%x) : (i32) -> i32
      "test.return"(%y) : (i32) -> ()
    }) : () -> ()
  )");
  ASSERT_TRUE(module);
  Operation *original = &ModuleOp(module.get()).getBody()->front();
  Operation *copy = original->clone();
  EXPECT_EQ(print(copy, /*generic=*/true), print(original, /*generic=*/true));
  // The copy's branch targets the copy's block, not the original's.
  Region &copyRegion = copy->getRegion(0);
  Operation &branch = copyRegion.front().back();
  EXPECT_EQ(branch.getSuccessor(0), &copyRegion.back());
  EXPECT_EQ(copyRegion.back().getPredecessors().size(), 1u);
  copy->destroy();
  EXPECT_EQ(original->getRegion(0).back().getPredecessors().size(), 1u);
}

TEST(WalkTest, PostOrderCallbackMayEraseTheOp) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32) {
      %0 = arith.addi %a, %a : i32
      %1 = arith.addi %a, %a : i32
      return
    })");
  ASSERT_TRUE(module);
  unsigned erased = 0;
  module->walk([&](arith::AddIOp op) {
    op.erase();
    ++erased;
  });
  EXPECT_EQ(erased, 2u);
  EXPECT_EQ(print(module.get()).find("arith.addi"), std::string::npos);
}

TEST(BlockTest, ArgumentsAndSplit) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32) {
      %0 = arith.addi %a, %a : i32
      %1 = arith.muli %0, %0 : i32
      return
    })");
  ASSERT_TRUE(module);
  auto function =
      func::FuncOp::dynCast(&ModuleOp(module.get()).getBody()->front());
  Block *entry = function.getEntryBlock();
  Builder b(context.get());
  BlockArgument extra = entry->insertArgument(0, b.getF32Type(), Location());
  EXPECT_EQ(extra.getArgNumber(), 0u);
  EXPECT_EQ(entry->getArgument(1).getArgNumber(), 1u);
  entry->eraseArgument(0);
  EXPECT_EQ(entry->getNumArguments(), 1u);
  Operation *mul = &*std::next(entry->begin());
  Block *tail = entry->splitBlock(mul);
  EXPECT_EQ(tail->getParent(), entry->getParent());
  EXPECT_EQ(&tail->front(), mul);
  EXPECT_EQ(mul->getBlock(), tail);
  EXPECT_EQ(entry->getOperations().size(), 1u);
}

// A nested op prints its operands with the names they have in the function
// around it (MLIR numbers from the isolated-from-above ancestor); in local
// scope they are unknown, and an isolated op numbers from itself.
TEST_F(FunctionFixture, NestedOpPrintsTheNamesOfItsFunction) {
  EXPECT_EQ(print(mul), "%1 = arith.muli %0, %0 : i32\n");
  std::string local;
  llvm::raw_string_ostream os(local);
  mul->print(os, OpPrintingFlags().useLocalScope());
  EXPECT_EQ(os.str(),
            "%0 = arith.muli <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>> : "
            "i32");
  EXPECT_EQ(print(ret), "func.return %1 : i32\n");
  EXPECT_EQ(print(function.getOperation()).rfind("func.func @f(%arg0: i32", 0),
            0u);
}

// Printing only reads the IR: threads may print sibling functions (as the
// IR printing of a threaded pipeline does), and the blocks' op-order caches
// survive printing. Printing used to clear the order cache of the printed
// op's parent block, a data race between the threads.
TEST(OperationTest, PrintingSiblingsFromThreadsIsReadOnly) {
  auto context = makeContext();
  std::string text;
  for (int f = 0; f < 8; ++f)
    text += "func.func @f" + std::to_string(f) +
            "(%arg0: index) -> index {\n"
            "  %c1 = arith.constant 1 : index\n"
            "  %0 = arith.addi %arg0, %c1 : index\n"
            "  %1:2 = scf.for %i = %c1 to %0 step %c1 iter_args(%a = %0, "
            "%b = %c1) -> (index, index) {\n"
            "    %2 = arith.muli %a, %b : index\n"
            "    scf.yield %2, %a : index, index\n"
            "  }\n"
            "  return %1#1 : index\n"
            "}\n";
  OwningOpRef module = parse(*context, text);
  ASSERT_TRUE(module);
  Block *body = ModuleOp(module.get()).getBody();
  std::vector<Operation *> functions;
  std::vector<std::string> expected;
  for (Operation &function : *body) {
    functions.push_back(&function);
    expected.push_back(print(&function));
  }
  ASSERT_EQ(functions.size(), 8u);
  EXPECT_NE(expected[0].find("%1:2 = scf.for"), std::string::npos);
  EXPECT_NE(expected[0].find("return %1#1 : index"), std::string::npos);

  body->recomputeOpOrder();
  std::vector<std::string> printed(functions.size() * 4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int repeat = 0; repeat < 50; ++repeat)
        for (size_t f = 0; f < functions.size(); ++f)
          printed[t * functions.size() + f] = print(functions[f]);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (size_t i = 0; i < printed.size(); ++i)
    EXPECT_EQ(printed[i], expected[i % functions.size()]);
  EXPECT_TRUE(body->isOpOrderValid());
  EXPECT_TRUE(functions[0]->isBeforeInBlock(functions[1]));
}

} // namespace
