//===- PatternTest.cpp - Patterns, rewriter, applicator, walk driver ------===//

#include "../IR/TestUtils.h"
#include "tilt/Rewrite/PatternApplicator.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"

using namespace tilt;
using namespace tilt::test;

namespace {

/// Replaces `x + x` with `x * 2`... here simply with `x` shifted: x << 1 is
/// not in the subset, so it rewrites `addi %x, %x` into `muli %x, %c2`.
struct DoubleToMul : public OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddIOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return rewriter.notifyMatchFailure(op, "operands differ");
    auto two = rewriter.create<arith::ConstantOp>(
        op.getLoc(), IntegerAttr::get(op.getLhs().getType(), 2));
    rewriter.replaceOpWithNewOp<arith::MulIOp>(op, op.getLhs(),
                                               two.getResult());
    return success();
  }
};

/// Records which pattern ran, to check the order.
struct Recording : public RewritePattern {
  Recording(Context *context, std::vector<std::string> *log, std::string name,
            unsigned benefit, bool succeed)
      : RewritePattern(arith::AddIOp::getOperationName(), benefit, context),
        log(log), name(std::move(name)), succeed(succeed) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    log->push_back(name);
    if (!succeed)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op->setAttr("seen", UnitAttr::get(getContext())); });
    return success();
  }
  std::vector<std::string> *log;
  std::string name;
  bool succeed;
};

const char *kInput = R"(
  func.func @f(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    %1 = arith.addi %0, %a : i32
    return %1 : i32
  })";

TEST(PatternTest, BenefitOrderAndFirstSuccessWins) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, kInput);
  ASSERT_TRUE(module);
  std::vector<std::string> log;
  RewritePatternSet patterns(context.get());
  patterns.add<Recording>(&log, "low", 1, true);
  patterns.add<Recording>(&log, "high-fails", 5, false);
  patterns.add<Recording>(&log, "high", 5, true);
  FrozenRewritePatternSet frozen(std::move(patterns));
  ASSERT_EQ(
      frozen.getPatternsFor(OperationName("arith.addi", context.get())).size(),
      3u);
  PatternApplicator applicator(frozen);
  PatternRewriter rewriter(context.get());
  Operation *add = nullptr;
  module->walk([&](arith::AddIOp op) {
    if (!add)
      add = op.getOperation();
  });
  ASSERT_TRUE(succeeded(applicator.matchAndRewrite(add, rewriter)));
  // Equal benefits keep insertion order; the lower benefit is never tried.
  std::vector<std::string> expected = {"high-fails", "high"};
  EXPECT_EQ(log, expected);
  EXPECT_TRUE(add->hasAttr("seen"));
}

TEST(PatternTest, WalkDriverAppliesOncePerOp) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, kInput);
  ASSERT_TRUE(module);
  RewritePatternSet patterns(context.get());
  patterns.add<DoubleToMul>();
  FrozenRewritePatternSet frozen(std::move(patterns));
  EXPECT_EQ(walkAndApplyPatterns(module.get(), frozen), 1u);
  std::string text = print(module.get());
  EXPECT_NE(text.find("%c2_i32 = arith.constant 2 : i32"), std::string::npos);
  EXPECT_NE(text.find("arith.muli %arg0, %c2_i32 : i32"), std::string::npos);
  EXPECT_NE(text.find("arith.addi %0, %arg0 : i32"), std::string::npos);
}

TEST(PatternTest, ListenerSeesEveryChange) {
  struct Recorder : public RewriterBase::Listener {
    void notifyOperationInserted(Operation *op) override {
      events.push_back("insert " + op->getName().getStringRef().str());
    }
    void notifyOperationReplaced(Operation *op, ValueRange) override {
      events.push_back("replace " + op->getName().getStringRef().str());
    }
    void notifyOperationErased(Operation *op) override {
      events.push_back("erase " + op->getName().getStringRef().str());
    }
    void notifyOperationModified(Operation *op) override {
      events.push_back("modify " + op->getName().getStringRef().str());
    }
    void notifyMatchFailure(Location, const llvm::Twine &reason) override {
      events.push_back("failure " + reason.str());
    }
    std::vector<std::string> events;
  } recorder;
  auto context = makeContext();
  OwningOpRef module = parse(*context, kInput);
  ASSERT_TRUE(module);
  RewritePatternSet patterns(context.get());
  patterns.add<DoubleToMul>();
  FrozenRewritePatternSet frozen(std::move(patterns));
  PatternApplicator applicator(frozen);
  PatternRewriter rewriter(context.get(), &recorder);
  std::vector<Operation *> adds;
  module->walk([&](arith::AddIOp op) { adds.push_back(op.getOperation()); });
  EXPECT_TRUE(succeeded(applicator.matchAndRewrite(adds[0], rewriter)));
  EXPECT_TRUE(failed(applicator.matchAndRewrite(adds[1], rewriter)));
  std::vector<std::string> expected = {
      "insert arith.constant", "insert arith.muli", "replace arith.addi",
      "modify arith.addi",     "erase arith.addi",  "failure operands differ"};
  EXPECT_EQ(recorder.events, expected);
}

TEST(PatternTest, DebugLogNamesPatternsAndOutcomes) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, kInput);
  ASSERT_TRUE(module);
  RewritePatternSet patterns(context.get());
  patterns.add<DoubleToMul>();
  FrozenRewritePatternSet frozen(std::move(patterns));
  PatternApplicator applicator(frozen);
  std::string log;
  llvm::raw_string_ostream os(log);
  applicator.setDebugStream(&os);
  PatternRewriter rewriter(context.get());
  std::vector<Operation *> adds;
  module->walk([&](arith::AddIOp op) { adds.push_back(op.getOperation()); });
  (void)applicator.matchAndRewrite(adds[1], rewriter);
  EXPECT_NE(os.str().find("Processing operation : 'arith.addi'"),
            std::string::npos);
  EXPECT_NE(os.str().find("* Pattern "), std::string::npos);
  EXPECT_NE(os.str().find("DoubleToMul"), std::string::npos);
  EXPECT_NE(os.str().find("** Failure : operands differ"), std::string::npos);
  EXPECT_NE(os.str().find("} -> failure"), std::string::npos);
}

TEST(PatternTest, FunctionPatternsAndMergeBlocks) {
  auto context = makeContext();
  context->allowUnregisteredDialects();
  OwningOpRef module = parse(*context, R"(
    "test.holder"() ({
      "test.first"() : () -> ()
      "test.br"()[^next] : () -> ()
    ^next:
      "test.second"() : () -> ()
    }) : () -> ()
  )");
  ASSERT_TRUE(module);
  Operation *holder = &ModuleOp(module.get()).getBody()->front();
  Region &region = holder->getRegion(0);
  PatternRewriter rewriter(context.get());
  Block *entry = &region.front();
  Block *next = &region.back();
  rewriter.eraseOp(&entry->back());
  rewriter.mergeBlocks(next, entry);
  EXPECT_EQ(region.getNumBlocks(), 1u);
  EXPECT_EQ(entry->getOperations().size(), 2u);
  EXPECT_EQ(entry->back().getName().getStringRef(), "test.second");
}

} // namespace
