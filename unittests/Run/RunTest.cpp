//===- RunTest.cpp - Compiling and running through the TiltRun API --------===//
//
// How an embedding caller (the Python bindings, a test) uses tilt/Run/Run.h:
// compile a parsed tile program, run it on the emulator with inputs held
// in memory, read the outputs and the verdict, and get located diagnostics
// for a bad option, a bad program or a bad input.
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/Run.h"
#include "../IR/TestUtils.h"
#include "tilt/Run/Npy.h"
#include "llvm/Support/FileSystem.h"

using namespace tilt;

namespace {

/// C = A + B on 64x64 f32 tensors in 32x32 blocks.
constexpr llvm::StringLiteral kAdd = R"(
func.func @add(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>,
               %C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [2, 2] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xf32>, %b = %B : !tile.tensor<64x64xf32>,
           %c = %C : !tile.tensor<64x64xf32>) {
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%row, %col], %a_s : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%row, %col], %b_s : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>)
                  outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %sum = arith.addf %x, %y : f32
      tile.yield %sum : f32
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}
)";

/// Two kernels in one function: C = A + B, then D = C + A from the C the
/// first kernel wrote, on grids of their own.
constexpr llvm::StringLiteral kAddTwice = R"(
func.func @add_twice(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>,
                     %C: !tile.tensor<64x64xf32>, %D: !tile.tensor<64x64xf32>) {
  tile.kernel grid [2, 2] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xf32>, %b = %B : !tile.tensor<64x64xf32>,
           %c = %C : !tile.tensor<64x64xf32>) {
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %b_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%row, %col], %a_s : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%row, %col], %b_s : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>)
                  outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %sum = arith.addf %x, %y : f32
      tile.yield %sum : f32
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32>
  }
  tile.kernel grid [1, 2] blocks(%bx, %by)
      args(%c = %C : !tile.tensor<64x64xf32>, %a = %A : !tile.tensor<64x64xf32>,
           %d = %D : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %c_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %a_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %d_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %c[%row, %c0], %c_s : !tile.tensor<64x64xf32>, !tile.buf<32x64xf32, shared>
    tile.copy %a[%row, %c0], %a_s : !tile.tensor<64x64xf32>, !tile.buf<32x64xf32, shared>
    tile.parallel ins(%c_s, %a_s : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, shared>)
                  outs(%d_l : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%x: f32, %y: f32):
      %sum = arith.addf %x, %y : f32
      tile.yield %sum : f32
    }
    tile.copy %d_l, %d[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}
)";

/// A hand-written tt program that copies arg0 to arg1 through circular
/// buffer 0 (lit-tests/Run/Inputs/copy.mlir); the writer's `@POP@` is
/// `cb.pop_front`, or nothing for a program the emulator stops.
constexpr llvm::StringLiteral kCopy = R"(
tt.program @copy grid [2, 1] arch wormhole_b0 {
  tt.buffer @arg0 size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @arg1 size 16384 page_size 4096 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
    tt.kernel @reader reader cores [0, 0] to [0, 0] processor riscv_1 noc 1 rt_args ["arg0_addr"] ct_args [2, 4096] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %a = tt.tensor_accessor %addr, %page ct_offset(0)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_read_tile %id, %a, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@arg0]
  tt.kernel @writer writer cores [0, 0] to [0, 0] processor riscv_0 noc 0 rt_args ["arg1_addr"] ct_args [2, 4096] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %page = arith.constant 4096 : i32
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %c = tt.tensor_accessor %addr, %page ct_offset(0)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_read_ptr %cb : !cb.cb<f32, page_size = 4096, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_write_tile %id, %c, %l1
      tt.noc_async_write_barrier
      @POP@
    }
  }
  tt.runtime_args @writer core [0, 0] [@arg1]
}
)";

/// A diagnostic as an embedding caller sees it: the message and the
/// line of its location (0 when it has none).
struct SeenDiagnostic {
  std::string message;
  unsigned line = 0;
};

class RunTest : public ::testing::Test {
protected:
  RunTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
    context.disableMultithreading();
    handler.emplace(&context, [this](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return success();
      SeenDiagnostic seen{diag.str(), 0};
      if (std::optional<Location> loc = diag.getLocation().findFileLineCol())
        seen.line = loc->getLine();
      diagnostics.push_back(seen);
      return success();
    });
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    run::registerRunDialects(registry);
    return registry;
  }

  /// `text` parsed as tilt-run parses a file: arguments named after their
  /// SSA names (%A gives the buffer A).
  OwningOpRef parse(llvm::StringRef text) {
    auto module = ModuleOp::create(Location(), &context);
    ParserConfig config;
    config.retainSSANames = true;
    if (failed(parseSourceString(text, module.getBody(), &context, "run.tilt",
                                 config))) {
      ADD_FAILURE() << "does not parse:\n" << text.str();
      module.getOperation()->erase();
      return OwningOpRef();
    }
    return OwningOpRef(module.getOperation());
  }
  OwningOpRef parseAdd() { return parse(kAdd); }

  Context context;
  std::vector<SeenDiagnostic> diagnostics;
  std::optional<ScopedDiagnosticHandler> handler;
};

/// Values that f32 adds exactly: multiples of 1/4 below 2^10.
std::vector<float> makeValues(float scale) {
  std::vector<float> values(64 * 64);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = float(int(i % 997) - 498) * 0.25f * scale;
  return values;
}

TEST_F(RunTest, CompilesAndRunsWithGivenInputs) {
  OwningOpRef module = parseAdd();
  ASSERT_TRUE(module);
  run::CompileOptions compileOptions;
  compileOptions.target.grid = "2x1";
  run::CompiledProgram program;
  ASSERT_TRUE(
      succeeded(run::compileProgram(module.get(), compileOptions, program)));
  EXPECT_TRUE(program.hasReference());
  EXPECT_EQ(program.pipeline, "tile-to-tt{grid=2x1 math-fidelity=HiFi4}");
  ASSERT_EQ(program.arguments.size(), 3u);
  const char *names[] = {"A", "B", "C"};
  for (size_t i = 0; i < 3; ++i) {
    const run::ProgramArgument &argument = program.arguments[i];
    EXPECT_EQ(argument.name, names[i]);
    EXPECT_EQ(argument.shape, (std::vector<int64_t>{64, 64}));
    EXPECT_EQ(argument.argNumber, int64_t(i));
    EXPECT_FALSE(argument.scalar);
    // At the function argument: line 2 or 3 of kAdd.
    std::optional<Location> loc = argument.loc.findFileLineCol();
    ASSERT_TRUE(loc);
    EXPECT_EQ(loc->getLine(), i < 2 ? 2u : 3u);
  }
  std::vector<std::string> files;
  for (const metalium::GeneratedFile &file : program.files)
    files.push_back(file.name);
  EXPECT_NE(llvm::find(files, "main.cpp"), files.end());
  EXPECT_NE(llvm::find(files, "plan.json"), files.end());

  // A and B given, C random: the run writes only C.
  run::RunInputs inputs;
  inputs.arrays.push_back({"A", {64, 64}, makeValues(1)});
  inputs.arrays.push_back({"B", {64, 64}, makeValues(-0.5f)});
  run::RunOptions runOptions;
  run::RunResult result;
  ASSERT_TRUE(succeeded(run::runProgram(program, inputs, runOptions, result)))
      << (diagnostics.empty() ? "" : diagnostics.front().message);
  EXPECT_EQ(result.verdict, run::Verdict::Ok) << result.log;
  EXPECT_EQ(run::getExitStatus(result.verdict), 0);
  EXPECT_TRUE(result.workDir.empty());
  ASSERT_EQ(result.inputs.size(), 3u);
  EXPECT_EQ(result.inputs[0].data, makeValues(1));
  ASSERT_EQ(result.buffers.size(), 3u);
  EXPECT_FALSE(result.buffers[0].written);
  EXPECT_FALSE(result.buffers[1].written);
  const run::BufferResult &c = result.buffers[2];
  EXPECT_EQ(c.device.name, "C");
  EXPECT_TRUE(c.written);
  ASSERT_TRUE(c.comparison);
  EXPECT_TRUE(c.comparison->ok);
  EXPECT_EQ(c.comparison->exact, 64 * 64);
  std::vector<float> a = makeValues(1), b = makeValues(-0.5f);
  ASSERT_EQ(c.device.data.size(), a.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(c.device.data[i], a[i] + b[i]) << "element " << i;
  EXPECT_EQ(c.reference.data, c.device.data);
  EXPECT_FALSE(result.counters.empty());
  EXPECT_TRUE(diagnostics.empty());

  // The report is tilt-run's.
  std::string report;
  llvm::raw_string_ostream os(report);
  run::printReport(os, program, result);
  EXPECT_NE(os.str().find("PASS C (64x64 f32): 4096 of 4096 exact"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("OK: the device results match the reference\n"),
            std::string::npos);
}

TEST_F(RunTest, KernelsOfOneFunctionRunInOrder) {
  OwningOpRef module = parse(kAddTwice);
  ASSERT_TRUE(module);
  run::CompileOptions compileOptions;
  compileOptions.target.grid = "2x1";
  run::CompiledProgram program;
  ASSERT_TRUE(
      succeeded(run::compileProgram(module.get(), compileOptions, program)));
  // One step per kernel, each in a directory named after its tt.program.
  ASSERT_EQ(program.steps.size(), 2u);
  EXPECT_EQ(program.steps[0].directory, "add_twice");
  EXPECT_EQ(program.steps[1].directory, "add_twice_1");
  EXPECT_EQ(program.steps[0].program, program.program);
  // The arguments of both, each once: C belongs to both steps.
  ASSERT_EQ(program.arguments.size(), 4u);
  const char *names[] = {"A", "B", "C", "D"};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(program.arguments[i].name, names[i]);
    EXPECT_EQ(program.arguments[i].argNumber, int64_t(i));
  }

  // D = C + A reads the C of the first kernel, A + B, not C's input.
  run::RunInputs inputs;
  inputs.arrays.push_back({"A", {64, 64}, makeValues(1)});
  inputs.arrays.push_back({"B", {64, 64}, makeValues(-0.5f)});
  inputs.arrays.push_back({"C", {64, 64}, std::vector<float>(64 * 64, 7)});
  run::RunResult result;
  ASSERT_TRUE(succeeded(run::runProgram(program, inputs, {}, result)))
      << (diagnostics.empty() ? "" : diagnostics.front().message);
  EXPECT_EQ(result.verdict, run::Verdict::Ok) << result.log;
  ASSERT_EQ(result.buffers.size(), 4u);
  std::vector<float> a = makeValues(1), b = makeValues(-0.5f);
  const run::BufferResult &c = result.buffers[2], &d = result.buffers[3];
  ASSERT_TRUE(c.comparison && d.comparison);
  EXPECT_TRUE(c.comparison->ok);
  EXPECT_TRUE(d.comparison->ok);
  ASSERT_EQ(d.device.data.size(), a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(c.device.data[i], a[i] + b[i]) << "element " << i;
    ASSERT_EQ(d.device.data[i], a[i] + b[i] + a[i]) << "element " << i;
  }
  EXPECT_TRUE(diagnostics.empty());
}

TEST_F(RunTest, BadOptionIsADiagnostic) {
  OwningOpRef module = parseAdd();
  ASSERT_TRUE(module);
  run::CompileOptions options;
  options.target.grid = "9x9";
  run::CompiledProgram program;
  EXPECT_TRUE(failed(run::compileProgram(module.get(), options, program)));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message,
            "a 9x9 grid does not fit the 8x8 compute grid of board n150 "
            "(wormhole_b0)");
  EXPECT_EQ(diagnostics[0].line, 0u);

  diagnostics.clear();
  options.target.grid.clear();
  options.function = "nope";
  EXPECT_TRUE(failed(run::compileProgram(module.get(), options, program)));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message, "no function @nope");

  // Two functions: one must be named.
  diagnostics.clear();
  std::string two = kAdd.str() + kAdd.str();
  two.replace(two.rfind("@add"), 4, "@add2");
  OwningOpRef twoFunctions = parse(two);
  ASSERT_TRUE(twoFunctions);
  options.function.clear();
  EXPECT_TRUE(
      failed(run::compileProgram(twoFunctions.get(), options, program)));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message, "the input has 2 functions (@add, "
                                    "@add2); choose one by name (tilt-run "
                                    "--func)");
  options.function = "add2";
  EXPECT_TRUE(
      succeeded(run::compileProgram(twoFunctions.get(), options, program)));
}

TEST_F(RunTest, BadInputIsLocatedAtItsArgument) {
  OwningOpRef module = parseAdd();
  ASSERT_TRUE(module);
  run::CompileOptions compileOptions;
  compileOptions.target.grid = "1x1";
  run::CompiledProgram program;
  ASSERT_TRUE(
      succeeded(run::compileProgram(module.get(), compileOptions, program)));
  run::RunInputs inputs;
  inputs.arrays.push_back({"B", {32, 64}, std::vector<float>(32 * 64)});
  run::RunResult result;
  EXPECT_TRUE(failed(run::runProgram(program, inputs, {}, result)));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message,
            "the input 'B' has shape 32x64, not the buffer's 64x64");
  EXPECT_EQ(diagnostics[0].line, 2u);

  // Inputs that name no buffer, or do not fill it; scalars that name no
  // scalar; an empty input range.
  auto runWith = [&](const run::RunInputs &inputs,
                     const run::RunOptions &options) {
    diagnostics.clear();
    EXPECT_TRUE(failed(run::runProgram(program, inputs, options, result)));
    return diagnostics.size() == 1 ? diagnostics[0].message : "";
  };
  inputs.arrays = {{"D", {64, 64}, std::vector<float>(64 * 64)}};
  EXPECT_EQ(runWith(inputs, {}),
            "the input 'D' names no buffer of the program (its buffers: A B "
            "C)");
  inputs.arrays = {{"A", {64, 64}, std::vector<float>(64 * 64)},
                   {"A", {64, 64}, std::vector<float>(64 * 64)}};
  EXPECT_EQ(runWith(inputs, {}), "the input 'A' is given twice");
  inputs.arrays = {{"A", {64, 64}, std::vector<float>(5)}};
  EXPECT_EQ(runWith(inputs, {}),
            "the input 'A' has 5 values, not the 4096 of its shape 64x64");
  inputs.arrays.clear();
  inputs.scalars["s"] = 1;
  EXPECT_EQ(runWith(inputs, {}), "the scalar value 's' names no scalar of "
                                 "the program (its scalars: none)");
  run::RunOptions emptyRange;
  emptyRange.inputLow = 1;
  emptyRange.inputHigh = 1;
  EXPECT_EQ(runWith({}, emptyRange),
            "the input range must have its low end below its high end, got "
            "[1, 1)");
  run::RunOptions longTimeout;
  longTimeout.timeoutSeconds = run::kMaxTimeoutSeconds + 1;
  EXPECT_EQ(runWith({}, longTimeout),
            "the timeout must be at most 604800 seconds, got 604801");

  // A bad timing file is an error at its line, before anything runs.
  diagnostics.clear();
  llvm::SmallString<128> timing;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("timing", "txt", timing));
  {
    std::error_code error;
    llvm::raw_fd_ostream os(timing, error);
    os << "# a comment\nnoSuchCost = 3\n";
  }
  run::RunOptions options;
  options.timingPath = timing.str().str();
  EXPECT_TRUE(failed(run::runProgram(program, {}, options, result)));
  llvm::sys::fs::remove(timing);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].line, 2u);
}

TEST_F(RunTest, TTProgramRunsWithoutReference) {
  std::string text = kCopy.str();
  text.replace(
      text.find("@POP@"), 5,
      "cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>");
  OwningOpRef module = parse(text);
  ASSERT_TRUE(module);
  run::CompiledProgram program;
  ASSERT_TRUE(succeeded(run::compileProgram(module.get(), {}, program)));
  EXPECT_FALSE(program.hasReference());
  EXPECT_TRUE(program.pipeline.empty());
  run::RunInputs inputs;
  inputs.arrays.push_back({"arg0", {64, 64}, makeValues(1)});
  run::RunResult result;
  ASSERT_TRUE(succeeded(run::runProgram(program, inputs, {}, result)));
  EXPECT_EQ(result.verdict, run::Verdict::RanWithoutReference) << result.log;
  ASSERT_EQ(result.buffers.size(), 2u);
  EXPECT_FALSE(result.buffers[0].written);
  EXPECT_TRUE(result.buffers[1].written);
  EXPECT_FALSE(result.buffers[1].comparison);
  EXPECT_EQ(result.buffers[1].device.data, makeValues(1));
}

TEST_F(RunTest, EmulatorErrorIsAFailedVerdict) {
  std::string text = kCopy.str();
  text.replace(text.find("@POP@"), 5, "");
  OwningOpRef module = parse(text);
  ASSERT_TRUE(module);
  // tt-verify would reject the program; the emulator is to see it.
  run::CompileOptions options;
  options.skipVerify = true;
  run::CompiledProgram program;
  ASSERT_TRUE(succeeded(run::compileProgram(module.get(), options, program)));
  run::RunResult result;
  ASSERT_TRUE(succeeded(run::runProgram(program, {}, {}, result)));
  EXPECT_EQ(result.verdict, run::Verdict::Failed);
  EXPECT_NE(result.exitStatus, 0);
  EXPECT_FALSE(result.timedOut);
  EXPECT_TRUE(result.buffers.empty());
  EXPECT_NE(result.log.find("waited for and not popped"), std::string::npos)
      << result.log;
  EXPECT_EQ(run::getExitStatus(result.verdict), 1);
  EXPECT_TRUE(diagnostics.empty());
}

TEST_F(RunTest, NpyRoundTrip) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("array", "npy", path));
  std::vector<float> values = {1, -2.5f, 3, 4.25f, 5, 6};
  std::string error;
  ASSERT_TRUE(succeeded(run::writeNpy(path, {2, 3}, values, error)));
  std::vector<float> read;
  ASSERT_TRUE(succeeded(run::readNpy(path, {2, 3}, read, error))) << error;
  EXPECT_EQ(read, values);
  EXPECT_TRUE(failed(run::readNpy(path, {3, 2}, read, error)));
  EXPECT_NE(error.find("expected a C-order float32 array of shape (3, 2)"),
            std::string::npos)
      << error;
  llvm::sys::fs::remove(path);
}

} // namespace
