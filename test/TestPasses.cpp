//===- TestPasses.cpp - Passes that exercise the drivers ------------------===//
//
//   test-greedy-patterns  the greedy driver on the test.* patterns below
//                         (options: strictness, top-down, max-iterations,
//                         region-simplify)
//   test-walk-patterns    the same patterns with the walk driver
//   test-pass-failure     fails on the first test.fail_here, with an error
//   test-legalize         the conversion driver (option: full)
//
//===----------------------------------------------------------------------===//

#include "test/TestDialect.h"
#include "tilt/IR/Builders.h"
#include "tilt/IR/Region.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Rewrite/DialectConversion.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"
#include "tilt/Rewrite/WalkPatternRewriteDriver.h"

using namespace tilt;

namespace {

/// Replaces `op` by an op named `name` with the same operands, result
/// types and attributes.
Operation *replaceWithNamed(PatternRewriter &rewriter, Operation *op,
                            llvm::StringRef name,
                            DictionaryAttr attrs = DictionaryAttr()) {
  OperationState state(op->getLoc(), name, op->getContext());
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  for (const NamedAttribute &attr :
       (attrs ? attrs : op->getAttrDictionary()).getValue())
    state.addAttribute(attr.getName().getValue(), attr.getValue());
  Operation *newOp = rewriter.create(state);
  rewriter.replaceOp(op, newOp);
  return newOp;
}

/// A pattern from `from` to `to` with the given benefit.
struct RenamePattern : public RewritePattern {
  RenamePattern(Context *context, llvm::StringRef from, llvm::StringRef to,
                unsigned benefit)
      : RewritePattern(from, benefit, context, {to}), to(to.str()) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    replaceWithNamed(rewriter, op, to);
    return success();
  }
  std::string to;
};

/// test.chain {n = k}: replaced by test.chain {n = k - 1}, and by test.done
/// at 0. How far a chain gets shows which new ops the driver revisits.
struct ChainPattern : public RewritePattern {
  ChainPattern(Context *context)
      : RewritePattern("test.chain", 1, context, {"test.chain", "test.done"}) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto n = op->getAttrOfType<IntegerAttr>("n");
    if (!n)
      return rewriter.notifyMatchFailure(op, "no integer attribute 'n'");
    if (n.getInt() <= 0) {
      replaceWithNamed(rewriter, op, "test.done");
      return success();
    }
    NamedAttrList attrs(op->getAttrDictionary());
    attrs.set("n", IntegerAttr::get(n.getType(), n.getInt() - 1));
    replaceWithNamed(rewriter, op, "test.chain",
                     attrs.getDictionary(op->getContext()));
    return success();
  }
};

/// Returns success without changing anything: breaks the contract.
struct LieSuccessPattern : public RewritePattern {
  LieSuccessPattern(Context *context)
      : RewritePattern("test.lie_success", 1, context) {}
  LogicalResult matchAndRewrite(Operation *, PatternRewriter &) const override {
    return success();
  }
};

/// Changes the op and returns failure: breaks the contract.
struct LieFailurePattern : public RewritePattern {
  LieFailurePattern(Context *context)
      : RewritePattern("test.lie_failure", 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->hasAttr("touched"))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op->setAttr("touched", rewriter.getUnitAttr()); });
    return failure();
  }
};

void populateTestPatterns(RewritePatternSet &patterns, Context *context) {
  // Benefit: the benefit-2 pattern wins although it was added last.
  patterns.add<RenamePattern>("test.benefit", "test.low", 1);
  patterns.add<RenamePattern>("test.benefit", "test.high", 2);
  patterns.add<ChainPattern>();
  // A cycle: the driver cannot converge.
  patterns.add<RenamePattern>("test.ping", "test.pong", 1);
  patterns.add<RenamePattern>("test.pong", "test.ping", 1);
  patterns.add<LieSuccessPattern, LieFailurePattern>();
}

class TestGreedyPatternsPass : public Pass {
public:
  TestGreedyPatternsPass() {
    declareOption("strictness", "any, existing-and-new or existing",
                  &strictness);
    declareOption("top-down", "Seed the worklist in pre-order", &topDown);
    declareOption("max-iterations", "Iterations before giving up",
                  &maxIterations);
    declareOption("region-simplify", "Simplify regions", &regionSimplify);
  }
  llvm::StringRef getArgument() const override {
    return "test-greedy-patterns";
  }
  llvm::StringRef getDescription() const override {
    return "Test: applies the test.* patterns with the greedy driver";
  }
  std::unique_ptr<Pass> clone() const override {
    auto copy = std::make_unique<TestGreedyPatternsPass>();
    copy->copyOptionValuesFrom(*this);
    return copy;
  }
  void runOnOperation() override {
    GreedyRewriteConfig config;
    if (strictness == "any")
      config.strictness = GreedyRewriteStrictness::AnyOp;
    else if (strictness == "existing-and-new")
      config.strictness = GreedyRewriteStrictness::ExistingAndNewOps;
    else if (strictness == "existing")
      config.strictness = GreedyRewriteStrictness::ExistingOps;
    else {
      getOperation()->emitError()
          << "unknown strictness '" << strictness
          << "' (expected any, existing-and-new or existing)";
      return signalPassFailure();
    }
    config.useTopDownTraversal = topDown;
    config.maxIterations = maxIterations;
    config.enableRegionSimplification = regionSimplify;
    RewritePatternSet patterns(getContext());
    populateTestPatterns(patterns, getContext());
    GreedyRewriteResult result = applyPatternsGreedily(
        getOperation(), FrozenRewritePatternSet(std::move(patterns)), config);
    if (result.failedExpensiveChecks)
      return signalPassFailure();
    InFlightDiagnostic diag = getOperation()->emitRemark();
    diag << "converged: " << (result.converged ? "yes" : "no")
         << ", iterations: " << result.iterations
         << ", rewrites: " << result.numRewrites
         << ", erased blocks: " << result.numErasedBlocks
         << ", erased arguments: " << result.numErasedArguments;
  }

private:
  std::string strictness = "any";
  bool topDown = false;
  int64_t maxIterations = 10;
  bool regionSimplify = true;
};

class TestWalkPatternsPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "test-walk-patterns"; }
  llvm::StringRef getDescription() const override {
    return "Test: applies the test.* patterns in one walk";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TestWalkPatternsPass>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(getContext());
    populateTestPatterns(patterns, getContext());
    unsigned rewrites = walkAndApplyPatterns(
        getOperation(), FrozenRewritePatternSet(std::move(patterns)));
    getOperation()->emitRemark() << "rewrites: " << rewrites;
  }
};

class TestPassFailurePass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "test-pass-failure"; }
  llvm::StringRef getName() const override { return "TestPassFailure"; }
  llvm::StringRef getDescription() const override {
    return "Test: fails at the first test.fail_here op";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TestPassFailurePass>();
  }
  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() != "test.fail_here")
        return WalkResult::advance();
      op->emitError() << "test.fail_here reached";
      signalPassFailure();
      return WalkResult::interrupt();
    });
  }
};

//===----------------------------------------------------------------------===//
// test-legalize
//===----------------------------------------------------------------------===//

/// Renames an op, keeping its (remapped) operands and result types:
/// test.illegal -> test.legal, and test.recursive -> test.recursive, which
/// never ends (the driver stops it).
struct RenameConversion : public ConversionPattern {
  RenameConversion(Context *context, llvm::StringRef from, llvm::StringRef to)
      : ConversionPattern(from, 1, context), to(to.str()) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    OperationState state(op->getLoc(), to, op->getContext());
    state.addOperands(operands);
    state.addTypes(op->getResultTypes());
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
  std::string to;
};

/// test.source : i64 -> test.source32 : i32 (a result type change).
struct SourceTo32 : public ConversionPattern {
  SourceTo32(Context *context, const TypeConverter &converter)
      : ConversionPattern("test.source", 1, context, &converter) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<Type, 2> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "a result type does not convert");
    OperationState state(op->getLoc(), "test.source32", op->getContext());
    state.addOperands(operands);
    state.addTypes(types);
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
};

/// test.consume(%x : i64) -> test.consume32(%y : i32), using the converted
/// operand.
struct UseTo32 : public ConversionPattern {
  UseTo32(Context *context, const TypeConverter &converter)
      : ConversionPattern("test.consume", 1, context, &converter) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    OperationState state(op->getLoc(), "test.consume32", op->getContext());
    state.addOperands(operands);
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
};

/// test.dynamic without `ok` is illegal; the pattern refuses, with a reason.
struct RefuseDynamic : public ConversionPattern {
  RefuseDynamic(Context *context)
      : ConversionPattern("test.dynamic", 1, context) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value>,
                  ConversionPatternRewriter &rewriter) const override {
    return rewriter.notifyMatchFailure(op, "test.dynamic is never rewritten");
  }
};

class TestLegalizePass : public Pass {
public:
  TestLegalizePass() {
    declareOption("full", "Full conversion (else partial)", &full);
  }
  llvm::StringRef getArgument() const override { return "test-legalize"; }
  llvm::StringRef getDescription() const override {
    return "Test: the conversion driver on test.* ops";
  }
  std::unique_ptr<Pass> clone() const override {
    auto copy = std::make_unique<TestLegalizePass>();
    copy->copyOptionValuesFrom(*this);
    return copy;
  }
  void runOnOperation() override {
    Context *context = getContext();
    // i64 becomes i32; every other type stays.
    TypeConverter converter;
    converter.addConversion(
        [](Type type) -> std::optional<Type> { return type; });
    converter.addConversion<IntegerType>(
        [context](IntegerType type) -> std::optional<Type> {
          if (type.getWidth() == 64)
            return Type(IntegerType::get(context, 32));
          return std::nullopt;
        });

    ConversionTarget target(*context);
    target.addLegalDialect("builtin");
    target.addLegalDialect("func");
    target.addLegalDialect("arith");
    target.addLegalOp("test.legal");
    target.addLegalOp("test.source32");
    target.addLegalOp("test.consume32");
    target.addLegalOp("test.terminator");
    target.addIllegalOp("test.illegal");
    target.addIllegalOp("test.no_pattern");
    target.addIllegalOp("test.source");
    target.addIllegalOp("test.consume");
    target.addIllegalOp("test.recursive");
    target.addDynamicallyLegalOp(
        "test.dynamic", [](Operation *op) { return op->hasAttr("ok"); });

    RewritePatternSet patterns(context);
    patterns.add<RenameConversion>("test.illegal", "test.legal");
    patterns.add<RenameConversion>("test.recursive", "test.recursive");
    patterns.add<RefuseDynamic>();
    patterns.add<SourceTo32, UseTo32>(converter);
    FrozenRewritePatternSet frozen(std::move(patterns));
    LogicalResult result =
        full ? applyFullConversion(getOperation(), target, frozen)
             : applyPartialConversion(getOperation(), target, frozen);
    if (failed(result))
      signalPassFailure();
  }

private:
  bool full = false;
};

} // namespace

void tilt::test::registerTestPasses() {
  registerPass([] { return std::make_unique<TestGreedyPatternsPass>(); });
  registerPass([] { return std::make_unique<TestWalkPatternsPass>(); });
  registerPass([] { return std::make_unique<TestPassFailurePass>(); });
  registerPass([] { return std::make_unique<TestLegalizePass>(); });
}
