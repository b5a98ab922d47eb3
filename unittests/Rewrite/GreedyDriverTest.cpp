//===- GreedyDriverTest.cpp - The greedy pattern rewrite driver -----------===//

#include "../IR/TestUtils.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"

using namespace tilt;
using namespace tilt::test;

namespace {

/// `subi %x, %x` -> `constant 0`.
struct SubSelf : public OpRewritePattern<arith::SubIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SubIOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return rewriter.notifyMatchFailure(op, "operands differ");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, IntegerAttr::get(op.getLhs().getType(), 0));
    return success();
  }
};

/// `addi %x, %c0` -> `%x`, with %c0 a constant zero.
struct AddZero : public OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddIOp op,
                                PatternRewriter &rewriter) const override {
    auto constant = op.getRhs().getDefiningOp<arith::ConstantOp>();
    auto value =
        constant ? constant.getValue().dyn_cast<IntegerAttr>() : IntegerAttr();
    if (!value || !value.getValue().isZero())
      return rewriter.notifyMatchFailure(op, "rhs is not zero");
    rewriter.replaceOp(op, ValueRange(op.getLhs()));
    return success();
  }
};

/// Swaps the operands of muli forever: never converges.
struct SwapMul : public OpRewritePattern<arith::MulIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::MulIOp op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op.getLhs(), rhs = op.getRhs();
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperand(0, rhs);
      op->setOperand(1, lhs);
    });
    return success();
  }
};

TEST(GreedyDriverTest, ChainsRewritesAndRemovesDeadOps) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32, %b: i32) -> i32 {
      %dead = arith.muli %a, %b : i32
      %0 = arith.subi %b, %b : i32
      %1 = arith.addi %a, %0 : i32
      return %1 : i32
    })");
  ASSERT_TRUE(module);
  RewritePatternSet patterns(context.get());
  patterns.add<SubSelf, AddZero>();
  FrozenRewritePatternSet frozen(std::move(patterns));
  // Folding would do the same work: turn it off to test the patterns.
  GreedyRewriteConfig config;
  config.enableFolding = false;
  GreedyRewriteResult result =
      applyPatternsGreedily(module.get(), frozen, config);
  EXPECT_TRUE(result.converged);
  EXPECT_EQ(result.numRewrites, 2u);
  // The unused muli and the zero constant are gone.
  EXPECT_EQ(result.numErasedDeadOps, 2u);
  Operation *function = &ModuleOp(module.get()).getBody()->front();
  EXPECT_EQ(print(function), "func.func @f(%arg0: i32, %arg1: i32) -> i32 {\n"
                             "  return %arg0 : i32\n"
                             "}\n");
}

TEST(GreedyDriverTest, ReportsNonConvergence) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32, %b: i32) -> i32 {
      %0 = arith.muli %a, %b : i32
      return %0 : i32
    })");
  ASSERT_TRUE(module);
  RewritePatternSet patterns(context.get());
  patterns.add<SwapMul>();
  FrozenRewritePatternSet frozen(std::move(patterns));
  GreedyRewriteConfig config;
  config.maxIterations = 4;
  GreedyRewriteResult result =
      applyPatternsGreedily(module.get(), frozen, config);
  // The swap requeues its own op: the first iteration runs out of budget.
  EXPECT_FALSE(result.converged);
  EXPECT_EQ(result.iterations, 1u);
  EXPECT_GT(result.numRewrites, 1000u);

  config.maxIterations = -1;
  config.maxNumRewrites = 7;
  result = applyPatternsGreedily(module.get(), frozen, config);
  EXPECT_FALSE(result.converged);
  EXPECT_EQ(result.numRewrites, 7u);
}

TEST(GreedyDriverTest, StrictnessLimitsWhatIsRewritten) {
  auto context = makeContext();
  const char *input = R"(
    func.func @f(%a: i32, %b: i32) -> i32 {
      %0 = arith.subi %b, %b : i32
      %1 = arith.addi %a, %0 : i32
      return %1 : i32
    })";
  for (auto strictness :
       {GreedyRewriteStrictness::ExistingOps, GreedyRewriteStrictness::AnyOp}) {
    OwningOpRef module = parse(*context, input);
    ASSERT_TRUE(module);
    RewritePatternSet patterns(context.get());
    patterns.add<SubSelf, AddZero>();
    FrozenRewritePatternSet frozen(std::move(patterns));
    GreedyRewriteConfig config;
    config.enableFolding = false;
    config.strictness = strictness;
    config.useTopDownTraversal = true;
    GreedyRewriteResult result =
        applyPatternsGreedily(module.get(), frozen, config);
    EXPECT_TRUE(result.converged);
    // Both rewrites apply either way: the addi existed from the start.
    EXPECT_EQ(result.numRewrites, 2u);
  }
}

TEST(GreedyDriverTest, DeadCodeRemovalCanBeTurnedOff) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32) {
      %dead = arith.addi %a, %a : i32
      return
    })");
  ASSERT_TRUE(module);
  FrozenRewritePatternSet empty;
  GreedyRewriteConfig config;
  config.removeDeadOps = false;
  GreedyRewriteResult result =
      applyPatternsGreedily(module.get(), empty, config);
  EXPECT_FALSE(result.changed());
  EXPECT_NE(print(module.get()).find("arith.addi"), std::string::npos);
  result = applyPatternsGreedily(module.get(), empty);
  EXPECT_EQ(result.numErasedDeadOps, 1u);
  EXPECT_EQ(print(module.get()).find("arith.addi"), std::string::npos);
}

} // namespace

namespace {

TEST(GreedyDriverTest, FoldsConstantsAndIdentities) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32) -> (i32, i32, i8) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %0 = arith.addi %a, %c0 : i32
      %1 = arith.muli %0, %c1 : i32
      %2 = arith.addi %c2, %c3 : i32
      %3 = arith.subi %1, %1 : i32
      %4 = arith.addi %2, %3 : i32
      %big = arith.constant 127 : i8
      %one = arith.constant 1 : i8
      %wrap = arith.addi %big, %one : i8
      return %1, %4, %wrap : i32, i32, i8
    })");
  ASSERT_TRUE(module);
  FrozenRewritePatternSet noPatterns;
  GreedyRewriteResult result = applyPatternsGreedily(module.get(), noPatterns);
  EXPECT_TRUE(result.converged);
  EXPECT_GT(result.numFolds, 0u);
  Operation *function = &ModuleOp(module.get()).getBody()->front();
  // x+0, x*1 fold away; 2+3 is 5; x-x is 0 and 5+0 is 5; 127+1 wraps to
  // -128 in i8.
  std::string text = print(function);
  EXPECT_NE(text.find("arith.constant 5 : i32"), std::string::npos) << text;
  EXPECT_NE(text.find("arith.constant -128 : i8"), std::string::npos) << text;
  EXPECT_NE(text.find("return %arg0, %c5_i32, %c-128_i8 : i32, i32, i8"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("arith.addi"), std::string::npos) << text;
  EXPECT_EQ(text.find("arith.muli"), std::string::npos) << text;
}

} // namespace

namespace {

TEST(GreedyDriverTest, ConstantsAreDeduplicatedAndHoisted) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32, %n: index) -> i32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
        %k = arith.constant 7 : i32
        %s = arith.addi %acc, %k : i32
        scf.yield %s : i32
      }
      %k2 = arith.constant 7 : i32
      %x = arith.constant 3 : i32
      %y = arith.constant 4 : i32
      %z = arith.addi %x, %y : i32
      %t = arith.addi %r, %k2 : i32
      %u = arith.addi %t, %z : i32
      return %u : i32
    })");
  ASSERT_TRUE(module);
  FrozenRewritePatternSet none;
  GreedyRewriteResult result = applyPatternsGreedily(module.get(), none);
  EXPECT_TRUE(result.converged);
  Operation *function = &ModuleOp(module.get()).getBody()->front();
  // Folding alone (no patterns), as MLIR's driver does it: the loop's 7
  // is hoisted to the front of the function and the 7 that 3+4 folds to
  // merges into it; 3 and 4 die.
  EXPECT_EQ(print(function),
            "func.func @f(%arg0: i32, %arg1: index) -> i32 {\n"
            "  %c7_i32 = arith.constant 7 : i32\n"
            "  %c0 = arith.constant 0 : index\n"
            "  %c1 = arith.constant 1 : index\n"
            "  %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = "
            "%arg0) -> (i32) {\n"
            "    %3 = arith.addi %arg3, %c7_i32 : i32\n"
            "    scf.yield %3 : i32\n"
            "  }\n"
            "  %1 = arith.addi %0, %c7_i32 : i32\n"
            "  %2 = arith.addi %1, %c7_i32 : i32\n"
            "  return %2 : i32\n"
            "}\n");
}

} // namespace
