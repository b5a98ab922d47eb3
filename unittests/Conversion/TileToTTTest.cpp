//===- TileToTTTest.cpp - The lowering through the C++ API ----------------===//
//
// How an embedding compiler drives the tile-to-tt pipeline: build the pass
// manager in C++ with TileToTTOptions, run it, read the tt.program it
// produced through the typed op classes, and get the diagnostics of a
// program that cannot be lowered.
//
//===----------------------------------------------------------------------===//

#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "../IR/TestUtils.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Target/Metalium/Metalium.h"

using namespace tilt;
using namespace tilt::test;

namespace {

std::unique_ptr<Context> makeLoweringContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect, cb::CBDialect,
                  tt::TTDialect>();
  auto context = std::make_unique<Context>(registry);
  context->loadAllAvailableDialects();
  // Single-threaded runs keep the diagnostics of the tests in order.
  context->disableMultithreading();
  return context;
}

/// examples/gemm_small.tilt: a 64x64x64 GEMM in 32x32 blocks, two K steps.
constexpr llvm::StringLiteral kGemm = R"(
func.func @gemm_small(%A: !tile.tensor<64x64xbf16>, %B: !tile.tensor<64x64xbf16>,
                      %C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [2, 2] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xbf16>, %b = %B : !tile.tensor<64x64xbf16>,
           %c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %c_l : !tile.buf<32x32xf32, fragment>
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
      tile.copy %b[%kk, %col], %b_s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}
)";

/// The single tt.program of `module`.
tt::ProgramOp findProgram(Operation *module) {
  tt::ProgramOp found(nullptr);
  module->walk([&](Operation *op) {
    if (auto program = tt::ProgramOp::dynCast(op))
      found = program;
  });
  return found;
}

/// kGemm lowered with the default options on `grid` (without tile-coarsen
/// when `coarsen` is false); null (and a test failure) if parsing or
/// lowering fails.
OwningOpRef lowerGemm(Context &context, llvm::StringRef grid,
                      bool coarsen = true) {
  OwningOpRef module = parse(context, kGemm);
  PassManager pm(&context);
  TileToTTOptions options;
  options.grid = grid.str();
  options.coarsen = coarsen;
  if (!module || failed(buildTileToTTPipeline(pm, options)) ||
      failed(pm.run(module.get()))) {
    ADD_FAILURE() << "kGemm does not lower on " << grid.str();
    return OwningOpRef();
  }
  return module;
}

TEST(TileToTTTest, LowersAGemmThroughTheCppApi) {
  auto context = makeLoweringContext();
  OwningOpRef module = parse(*context, kGemm);
  ASSERT_TRUE(module);

  PassManager pm(context.get());
  TileToTTOptions options;
  options.grid = "2x2";
  options.mathFidelity = "HiFi2";
  ASSERT_TRUE(succeeded(buildTileToTTPipeline(pm, options)));
  ASSERT_TRUE(succeeded(pm.run(module.get())));

  tt::ProgramOp program = findProgram(module.get());
  ASSERT_TRUE(program);
  EXPECT_EQ(program.getGrid(), llvm::ArrayRef<int64_t>({2, 2}));
  EXPECT_EQ(program.getArch(), "wormhole_b0");
  EXPECT_EQ(program.getBoard(), "n150");

  llvm::SmallVector<int64_t, 4> cbs;
  std::vector<std::string> roles;
  unsigned buffers = 0, runtimeArgs = 0;
  // Where each kernel's "count" runtime argument is.
  llvm::StringMap<size_t> countIndex;
  for (Operation &op : *program.getBody()) {
    if (auto buffer = tt::BufferOp::dynCast(&op)) {
      ++buffers;
      EXPECT_EQ(buffer.getPageSize(), buffers < 3 ? 2048 : 4096);
    } else if (auto config = tt::CBConfigOp::dynCast(&op)) {
      cbs.push_back(config.getIndex());
    } else if (auto kernel = tt::KernelOp::dynCast(&op)) {
      roles.push_back(kernel.getRole().str());
      if (auto names =
              op.getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>())
        for (size_t i = 0; i < names.size(); ++i)
          if (names.getValue()[i].cast<StringAttr>().getValue() == "count")
            countIndex[op.getInherentAttr("sym_name").cast<StringAttr>().getValue()] = i;
      if (kernel.isCompute()) {
        // f32 accumulation: 4 DST tiles, the fidelity asked for.
        EXPECT_EQ(kernel.getDstCapacity(), 4);
        EXPECT_EQ(kernel->getInherentAttr("math_fidelity")
                      .cast<StringAttr>()
                      .getValue(),
                  "HiFi2");
      }
    } else if (auto args = tt::RuntimeArgsOp::dynCast(&op)) {
      ++runtimeArgs;
      // One block per core.
      auto found = countIndex.find(args.getKernel());
      ASSERT_NE(found, countIndex.end());
      EXPECT_EQ(args.getValues()[found->second].cast<IntegerAttr>().getInt(),
                1);
    }
  }
  EXPECT_EQ(buffers, 3u);
  // Inputs from c_0, the output at c_16; the f32 output accumulates the K
  // blocks itself (packer L1 accumulation), so no intermediate CB.
  EXPECT_EQ(cbs, (llvm::SmallVector<int64_t, 4>{0, 1, 16}));
  EXPECT_EQ(roles, (std::vector<std::string>{"reader", "compute", "writer"}));
  EXPECT_EQ(runtimeArgs, 3u * 4u);
  // No tile op is left.
  bool tileLeft = false;
  module.get()->walk([&](Operation *op) {
    tileLeft |= op->getName().getDialectNamespace() == "tile";
  });
  EXPECT_FALSE(tileLeft);
}

TEST(TileToTTTest, EmitsMetaliumFilesThroughTheCppApi) {
  auto context = makeLoweringContext();
  OwningOpRef module = lowerGemm(*context, "2x2");
  ASSERT_TRUE(module);
  tt::ProgramOp program = findProgram(module.get());
  ASSERT_TRUE(program);

  metalium::EmitOptions emitOptions;
  emitOptions.source = "gemm_small.tilt";
  emitOptions.pipeline = "tile-to-tt{grid=2x2}";
  std::vector<metalium::GeneratedFile> files;
  ASSERT_TRUE(succeeded(metalium::emitProgram(program, emitOptions, files)));
  std::vector<std::string> names;
  for (const metalium::GeneratedFile &file : files)
    names.push_back(file.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"reader.cpp", "compute.cpp", "writer.cpp",
                                      "main.cpp", "host_io.hpp", "host_io.cpp",
                                      "plan.json", "CMakeLists.txt"}));
  for (const metalium::GeneratedFile &file : files) {
    if (file.name == "plan.json")
      continue;
    // The origin is in the header (host_io is the same for every program:
    // it says what wrote it only; CMakeLists.txt in `#` comments);
    // clang-format's LLVM style keeps every line within 80 columns (the
    // names here are all short).
    std::string comment = file.name == "CMakeLists.txt" ? "# " : "// ";
    EXPECT_NE(file.text.find(comment + "Generated by Tilt for "),
              std::string::npos)
        << file.name;
    if (!llvm::StringRef(file.name).startswith("host_io.")) {
      EXPECT_NE(file.text.find(comment + "Source: gemm_small.tilt, lowered "
                                         "with tile-to-tt{grid=2x2}."),
                std::string::npos)
          << file.name;
    }
    llvm::SmallVector<llvm::StringRef, 64> lines;
    llvm::StringRef(file.text).split(lines, '\n');
    for (llvm::StringRef line : lines)
      EXPECT_LE(line.size(), 80u) << file.name << ": " << line.str();
  }
  EXPECT_NE(files[1].text.find("matmul_tiles(cb_in0, cb_in1, 0, 0, 0);"),
            std::string::npos);

  // The same program gives the same files.
  std::vector<metalium::GeneratedFile> again;
  ASSERT_TRUE(succeeded(metalium::emitProgram(program, emitOptions, again)));
  ASSERT_EQ(again.size(), files.size());
  for (size_t i = 0; i < files.size(); ++i)
    EXPECT_EQ(again[i].text, files[i].text) << files[i].name;
}

/// The block count of every tt.runtime_args of `module` (start 0).
void expectOneCoreRuns(OwningOpRef &module, int64_t blocks) {
  tt::ProgramOp program = findProgram(module.get());
  ASSERT_TRUE(program);
  for (Operation &op : *program.getBody())
    if (auto args = tt::RuntimeArgsOp::dynCast(&op)) {
      llvm::ArrayRef<Attribute> values = args.getValues();
      ASSERT_GE(values.size(), 2u);
      EXPECT_EQ(values[values.size() - 2].cast<IntegerAttr>().getInt(), 0);
      EXPECT_EQ(values.back().cast<IntegerAttr>().getInt(), blocks);
    }
}

TEST(TileToTTTest, OneCoreRunsEveryBlock) {
  auto context = makeLoweringContext();
  OwningOpRef module = lowerGemm(*context, "1x1", /*coarsen=*/false);
  ASSERT_TRUE(module);
  expectOneCoreRuns(module, 4);
}

TEST(TileToTTTest, CoarseningMergesTheBlocksOfACore) {
  // kGemm's 2x2 blocks fit one core's L1 as one block.
  auto context = makeLoweringContext();
  OwningOpRef module = lowerGemm(*context, "1x1");
  ASSERT_TRUE(module);
  expectOneCoreRuns(module, 1);
}

TEST(TileToTTTest, RejectsBadOptions) {
  auto context = makeLoweringContext();
  PassManager pm(context.get());
  TileToTTOptions options;
  options.arch = "wormhole";
  std::string error;
  EXPECT_TRUE(failed(buildTileToTTPipeline(pm, options, &error)));
  EXPECT_NE(error.find("invalid value 'wormhole' for option 'arch'"),
            std::string::npos)
      << error;
  EXPECT_TRUE(pm.empty());
}

TEST(TileToTTTest, PassesRunOneByOne) {
  // The same steps as separate passes, with options set as in a pipeline
  // string.
  auto context = makeLoweringContext();
  OwningOpRef module = parse(*context, kGemm);
  ASSERT_TRUE(module);
  PassManager pm(context.get());
  std::string error;
  auto partition = createTilePartitionPass();
  ASSERT_TRUE(succeeded(partition->setOption("grid", "2x1", error))) << error;
  EXPECT_TRUE(failed(partition->setOption("grid", "2by1", error)));
  EXPECT_NE(error.find("expected <columns>x<rows>"), std::string::npos);
  pm.addPass(tile::createTileLegalizePass());
  pm.addPass(std::move(partition));
  pm.addPass(createTileLowerDataMovementPass());
  pm.addPass(createTileLowerComputePass());
  pm.addPass(createTTSplitKernelsPass());
  pm.addPass(tt::createTTVerifyPass());
  ASSERT_TRUE(succeeded(pm.run(module.get())));
  tt::ProgramOp program = findProgram(module.get());
  ASSERT_TRUE(program);
  EXPECT_EQ(program.getGrid(), llvm::ArrayRef<int64_t>({2, 1}));
}

TEST(TileToTTTest, ReportsWhatCannotBeLowered) {
  auto context = makeLoweringContext();
  OwningOpRef module = parse(*context, R"(
func.func @f(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.gemm %a_s, %a_s, %c_l transpose_a : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
)");
  ASSERT_TRUE(module);
  DiagnosticCollector diagnostics(*context);
  PassManager pm(context.get());
  ASSERT_TRUE(succeeded(buildTileToTTPipeline(pm, TileToTTOptions())));
  EXPECT_TRUE(failed(pm.run(module.get())));
  ASSERT_FALSE(diagnostics.messages.empty());
  // The accumulator was never cleared or filled.
  EXPECT_NE(diagnostics.messages.front().find(
                "reads a buffer that nothing has written yet"),
            std::string::npos);
  EXPECT_EQ(findProgram(module.get()).getOperation(), nullptr);
}

} // namespace
