//===- PassManagerTest.cpp - Pipelines, instrumentation and threads -------===//

#include "../IR/TestUtils.h"
#include "tilt/IR/Region.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Transforms/Passes.h"
#include <atomic>
#include <chrono>
#include <thread>

using namespace tilt;
using namespace tilt::test;

namespace {

/// The built-in passes, for textual pipelines (each test may run alone).
const bool passesRegistered = (registerTransformsPasses(), true);

/// Counts the ops it runs on and the arith ops in them; fails on a function
/// named @fail.
class CountingPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "test-counting"; }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<CountingPass>();
  }
  void runOnOperation() override {
    ++numRuns;
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getDialectNamespace() == "arith")
        ++numArith;
    });
    if (auto name = getOperation()->getAttrOfType<StringAttr>("sym_name"))
      if (name.getValue() == "fail") {
        getOperation()->emitError() << "asked to fail";
        signalPassFailure();
      }
  }
  Statistic numRuns{this, "num-runs", "Number of runs"};
  Statistic numArith{this, "num-arith", "Number of arith ops seen"};
};

/// Sets its state up in initialize() (as TargetPass resolves its target)
/// and counts the runs that saw it set up: every run on every thread.
class InitializedPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "test-initialized"; }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<InitializedPass>();
  }
  LogicalResult initialize(Context *) override {
    ready = true;
    return success();
  }
  void runOnOperation() override {
    ++numRuns;
    if (ready)
      ++numReady;
    // Long enough that the other threads take functions too.
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  bool ready = false;
  Statistic numRuns{this, "num-runs", "Number of runs"};
  Statistic numReady{this, "num-ready", "Runs after initialize()"};
};

/// A module with `n` small functions.
std::string makeFunctions(unsigned n, bool withFailure = false) {
  std::string text;
  for (unsigned i = 0; i < n; ++i) {
    std::string name =
        withFailure && i == n / 2 ? "fail" : "f" + std::to_string(i);
    text += "func.func @" + name +
            "(%a: i32) -> i32 {\n"
            "  %c0 = arith.constant 0 : i32\n"
            "  %0 = arith.addi %a, %c0 : i32\n"
            "  %1 = arith.addi %a, %a : i32\n"
            "  %2 = arith.addi %a, %a : i32\n"
            "  %3 = arith.muli %1, %2 : i32\n"
            "  %4 = arith.muli %0, %3 : i32\n"
            "  return %4 : i32\n}\n";
  }
  return text;
}

TEST(PipelineParserTest, ParsesAndPrintsBack) {
  ASSERT_TRUE(passesRegistered);
  OpPassManager pm("builtin.module");
  std::string error;
  ASSERT_TRUE(succeeded(parsePassPipeline(
      "builtin.module(func.func(canonicalize{top-down=true max-iterations=3}, "
      "cse), symbol-dce)",
      pm, error)))
      << error;
  EXPECT_EQ(pm.toString(),
            "builtin.module(func.func(canonicalize{max-iterations=3 "
            "max-num-rewrites=-1 region-simplify=normal "
            "test-convergence=false top-down=true},cse),symbol-dce)");
  // A bare list goes into the manager itself.
  OpPassManager flat("builtin.module");
  ASSERT_TRUE(succeeded(parsePassPipeline("cse,canonicalize", flat, error)));
  EXPECT_EQ(
      flat.toString(),
      "builtin.module(cse,canonicalize{max-iterations=10 "
      "max-num-rewrites=-1 region-simplify=normal test-convergence=false "
      "top-down=true})");
}

TEST(PipelineParserTest, MalformedPipelinesAreClearErrors) {
  struct Case {
    const char *pipeline;
    const char *error;
  } cases[] = {
      {"builtin.module(func.func(canonicalise))",
       "unknown pass or pipeline anchor 'canonicalise' at position 25"},
      {"canonicalize{top-down=maybe}",
       "invalid value 'maybe' for option 'top-down' of pass 'canonicalize'"},
      {"canonicalize{max-iterations=x}",
       "invalid value 'x' for option 'max-iterations'"},
      {"cse{aggressive=1}", "pass 'cse' has no option 'aggressive' (it takes "
                            "none)"},
      {"builtin.module(func.func(cse)", "expected ')' to close the pipeline of "
                                        "'builtin.module'"},
      {"cse)", "unbalanced ')'"},
      {"canonicalize{top-down=true", "expected '}' to close the options of "
                                     "'canonicalize'"},
      {"cse cse", "expected ',' between passes"},
      {"(cse)", "expected a pass or op name at position 0"},
  };
  for (const Case &c : cases) {
    OpPassManager pm("builtin.module");
    std::string error;
    EXPECT_TRUE(failed(parsePassPipeline(c.pipeline, pm, error))) << c.pipeline;
    EXPECT_NE(error.find(c.error), std::string::npos)
        << c.pipeline << " gave: " << error;
  }
}

TEST(PassManagerTest, FailingPassStopsThePipelineAndIsNamed) {
  for (bool threads : {true, false}) {
    auto context = makeContext();
    context->disableMultithreading(!threads);
    OwningOpRef module = parse(*context, makeFunctions(8, /*fail=*/true));
    ASSERT_TRUE(module);
    PassManager pm(context.get());
    auto counting = std::make_unique<CountingPass>();
    CountingPass *original = counting.get();
    OpPassManager &nested = pm.nest("func.func");
    nested.addPass(std::move(counting));
    nested.addPass(createCSEPass());
    DiagnosticCollector diagnostics(*context);
    EXPECT_TRUE(failed(pm.run(module.get())));
    // Sequentially the functions after @fail are not run; on threads they
    // may be, but their diagnostics are not reported.
    ASSERT_EQ(diagnostics.messages.size(), 2u);
    EXPECT_EQ(diagnostics.messages[0], "asked to fail");
    EXPECT_EQ(diagnostics.messages[1],
              "pass 'test-counting' failed on 'func.func'");
    if (!threads) {
      EXPECT_EQ(original->numRuns.getValue(), 5u);
    }
  }
}

TEST(PassManagerTest, ThreadsGiveTheSameResultAndSumStatistics) {
  std::string outputs[2];
  for (bool threads : {true, false}) {
    auto context = makeContext();
    context->disableMultithreading(!threads);
    OwningOpRef module = parse(*context, makeFunctions(64));
    ASSERT_TRUE(module);
    PassManager pm(context.get());
    std::string error;
    auto counting = std::make_unique<CountingPass>();
    CountingPass *original = counting.get();
    OpPassManager &nested = pm.nest("func.func");
    nested.addPass(std::move(counting));
    ASSERT_TRUE(
        succeeded(parsePassPipeline("func.func(canonicalize,cse)", pm, error)))
        << error;
    ASSERT_TRUE(succeeded(pm.run(module.get())));
    // Copies on other threads count into the original's statistics.
    EXPECT_EQ(original->numRuns.getValue(), 64u);
    EXPECT_EQ(original->numArith.getValue(), 64u * 6);
    outputs[threads] = print(module.get());
    std::string statistics;
    llvm::raw_string_ostream os(statistics);
    pm.printStatistics(os);
    EXPECT_NE(os.str().find("(S) 64 num-runs - Number of runs"),
              std::string::npos)
        << os.str();
    EXPECT_NE(os.str().find("(S) 64 num-cse'd"), std::string::npos) << os.str();
  }
  EXPECT_EQ(outputs[0], outputs[1]);
}

TEST(PassManagerTest, PassCopiesOnOtherThreadsAreInitialized) {
  auto context = makeContext();
  context->disableMultithreading(false);
  OwningOpRef module = parse(*context, makeFunctions(64));
  ASSERT_TRUE(module);
  PassManager pm(context.get());
  auto pass = std::make_unique<InitializedPass>();
  InitializedPass *original = pass.get();
  pm.nest("func.func").addPass(std::move(pass));
  ASSERT_TRUE(succeeded(pm.run(module.get())));
  EXPECT_EQ(original->numRuns.getValue(), 64u);
  EXPECT_EQ(original->numReady.getValue(), 64u);
}

TEST(PassManagerTest, InstrumentationSeesEveryPassRun) {
  struct Counter : public PassInstrumentation {
    std::atomic<int> *before, *after;
    Counter(std::atomic<int> *before, std::atomic<int> *after)
        : before(before), after(after) {}
    void runBeforePass(Pass &, Operation *) override { ++*before; }
    void runAfterPass(Pass &, Operation *) override { ++*after; }
  };
  std::atomic<int> before{0}, after{0};
  auto context = makeContext();
  OwningOpRef module = parse(*context, makeFunctions(10));
  ASSERT_TRUE(module);
  PassManager pm(context.get());
  std::string error;
  ASSERT_TRUE(succeeded(
      parsePassPipeline("func.func(canonicalize,cse),symbol-dce", pm, error)));
  pm.addInstrumentation(std::make_unique<Counter>(&before, &after));
  ASSERT_TRUE(succeeded(pm.run(module.get())));
  EXPECT_EQ(before.load(), 21);
  EXPECT_EQ(after.load(), 21);
}

TEST(PassManagerTest, IRPrintingAfterChangeOnly) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func @f(%a: i32) -> i32 {
      %0 = arith.addi %a, %a : i32
      %1 = arith.addi %a, %a : i32
      %2 = arith.muli %0, %1 : i32
      return %2 : i32
    }
    func.func @g(%a: i32) -> i32 {
      return %a : i32
    })");
  ASSERT_TRUE(module);
  PassManager pm(context.get());
  pm.nest("func.func").addPass(createCSEPass());
  IRPrintingConfig config;
  config.printAfter = [](Pass &) { return true; };
  config.printAfterOnlyOnChange = true;
  std::string dumps;
  llvm::raw_string_ostream os(dumps);
  pm.enableIRPrinting(config, os);
  ASSERT_TRUE(succeeded(pm.run(module.get())));
  os.flush();
  EXPECT_EQ(dumps, "// -----// IR Dump After CSE (cse) //----- //\n"
                   "func.func @f(%arg0: i32) -> i32 {\n"
                   "  %0 = arith.addi %arg0, %arg0 : i32\n"
                   "  %1 = arith.muli %0, %0 : i32\n"
                   "  return %1 : i32\n"
                   "}\n\n");
}

TEST(PassManagerTest, WrongAnchorIsAnError) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, makeFunctions(1));
  ASSERT_TRUE(module);
  PassManager pm(context.get(), "func.func");
  pm.addPass(createCSEPass());
  DiagnosticCollector diagnostics(*context);
  EXPECT_TRUE(failed(pm.run(module.get())));
  ASSERT_EQ(diagnostics.messages.size(), 1u);
  EXPECT_EQ(diagnostics.messages[0], "the pipeline is anchored on "
                                     "'func.func' but runs on "
                                     "'builtin.module'");
}

} // namespace
