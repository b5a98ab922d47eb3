//===- Embedding.cpp - A compiler that embeds Tilt ------------------------===//
//
// What another compiler does with the installed Tilt package (see
// docs/embedding.md): a context with only the dialects it needs, a tile
// program built through the C++ API (no text), the tile-to-tt pipeline with
// its own options and one pass of its own in the middle, and the Metalium
// files written out. The program is a GEMM, C = A x B, of SIZE x SIZE bf16
// matrices in 64x64 blocks; it also writes the tile program it built as
// text (gemm.tilt), so that tilt-run can check the numbers.
//
//   tilt-embedding <output-dir> [--grid CxR] [--size N]
//
//===----------------------------------------------------------------------===//

#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Attributes.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Target/Metalium/Metalium.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace tilt;

namespace {

constexpr int64_t kBlock = 64;
constexpr int64_t kKStep = 32;

/// This compiler's own pass, run right after tile-partition: it reports as
/// a remark how the blocks were spread over the cores, and fails when a
/// core would get none (its policy: the grid is sized to the problem).
class CheckPartitionPass : public Pass {
public:
  llvm::StringRef getArgument() const override {
    return "embedding-check-partition";
  }
  std::optional<llvm::StringRef> getOpName() const override {
    return llvm::StringRef("builtin.module");
  }
  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (!tile::KernelOp::dynCast(op))
        return;
      auto partition = op->getAttr(tile::kPartitionAttrName)
                           .dyn_cast_or_null<DictionaryAttr>();
      auto ranges = partition ? partition.get("ranges")
                                    .dyn_cast_or_null<DenseArrayAttr>()
                              : DenseArrayAttr();
      if (!ranges) {
        op->emitError() << "the kernel is not partitioned";
        signalPassFailure();
        return;
      }
      // (start, count) per core.
      llvm::ArrayRef<int64_t> values = ranges.getIntValues();
      int64_t cores = values.size() / 2, blocks = 0, most = 0, idle = 0;
      for (int64_t core = 0; core < cores; ++core) {
        int64_t count = values[2 * core + 1];
        blocks += count;
        most = std::max(most, count);
        idle += count == 0;
      }
      op->emitRemark() << blocks << " blocks on " << cores
                       << " cores, at most " << most << " per core";
      if (idle) {
        op->emitError() << idle << " of " << cores
                        << " cores would have no block: choose a smaller grid";
        signalPassFailure();
      }
    });
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<CheckPartitionPass>();
  }
};

/// `func.func @gemm(%A, %B, %C)` with one tile.kernel: each block of C is
/// cleared, accumulates A x B over K in steps of kKStep with loads two
/// stages ahead, and is copied out.
ModuleOp buildGemm(Context &context, int64_t size) {
  Location loc = Location::getName(&context, "gemm");
  ModuleOp module = ModuleOp::create(loc, &context);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Type bf16 = builder.getBF16Type(), f32 = builder.getF32Type();
  auto inputType = tile::TensorType::get(&context, {size, size}, bf16);
  auto outputType = tile::TensorType::get(&context, {size, size}, f32);
  auto function = builder.create<func::FuncOp>(
      loc, "gemm",
      FunctionType::get(&context, {inputType, inputType, outputType}, {}));
  Block *entry = function.getEntryBlock();
  // Named arguments: the buffers of the generated program are named after
  // them (A_addr, --in A=...), as they would be from a source file.
  const char *names[] = {"A", "B", "C"};
  for (unsigned i = 0; i < 3; ++i)
    entry->getArgument(i).setLoc(Location::getName(&context, names[i]));

  builder.setInsertionPointToEnd(entry);
  auto kernel = builder.create<tile::KernelOp>(
      loc, llvm::ArrayRef<int64_t>{size / kBlock, size / kBlock},
      ValueRange{entry->getArgument(0), entry->getArgument(1),
                 entry->getArgument(2)});
  builder.setInsertionPointToEnd(kernel.getBody());
  auto index = [&](int64_t value) -> Value {
    return builder.create<arith::ConstantOp>(loc, builder.getIndexAttr(value));
  };
  auto multiply = [&](Value lhs, Value rhs) -> Value {
    return builder.create<arith::MulIOp>(loc, lhs, rhs);
  };
  Value row = multiply(kernel.getBlockIndex(1), index(kBlock));
  Value column = multiply(kernel.getBlockIndex(0), index(kBlock));
  Value a = builder.create<tile::AllocOp>(
      loc, tile::BufType::get(&context, {kBlock, kKStep}, bf16,
                              tile::MemorySpace::Shared));
  Value b = builder.create<tile::AllocOp>(
      loc, tile::BufType::get(&context, {kKStep, kBlock}, bf16,
                              tile::MemorySpace::Shared));
  Value c = builder.create<tile::AllocOp>(
      loc, tile::BufType::get(&context, {kBlock, kBlock}, f32,
                              tile::MemorySpace::Fragment));
  builder.create<tile::ClearOp>(loc, c);
  auto loop = builder.create<tile::PipelinedOp>(
      loc, index(0), index(size / kKStep), index(1), /*stages=*/2);
  builder.setInsertionPointToEnd(loop.getBody());
  Value k = multiply(loop.getInductionVar(), index(kKStep));
  builder.create<tile::CopyOp>(loc, kernel.getArgument(0), a,
                               ValueRange{row, k});
  builder.create<tile::CopyOp>(loc, kernel.getArgument(1), b,
                               ValueRange{k, column});
  builder.create<tile::GemmOp>(loc, a, b, c);
  builder.setInsertionPointAfter(loop.getOperation());
  builder.create<tile::CopyOp>(loc, c, kernel.getArgument(2),
                               ValueRange{row, column});
  builder.setInsertionPointToEnd(entry);
  builder.create<func::ReturnOp>(loc);
  return module;
}

} // namespace

int main(int argc, char **argv) {
  std::string outputDir, grid = "2x2";
  int64_t size = 256;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--grid" && i + 1 < argc) {
      grid = argv[++i];
    } else if (arg == "--size" && i + 1 < argc) {
      if (llvm::StringRef(argv[++i]).getAsInteger(10, size) || size <= 0 ||
          size % kBlock) {
        llvm::errs() << "error: --size must be a positive multiple of "
                     << kBlock << "\n";
        return 1;
      }
    } else if (outputDir.empty() && !arg.startswith("-")) {
      outputDir = arg.str();
    } else {
      llvm::errs() << "usage: tilt-embedding <output-dir> [--grid CxR] "
                      "[--size N]\n";
      return 1;
    }
  }
  if (outputDir.empty()) {
    llvm::errs() << "usage: tilt-embedding <output-dir> [--grid CxR] "
                    "[--size N]\n";
    return 1;
  }

  // 1. Only the dialects this compiler's programs and the lowering use.
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  tile::TileDialect, cb::CBDialect, tt::TTDialect>();
  Context context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics (the remark of the pass above, errors) go to stderr.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context, llvm::errs());

  // 2. The program, built in C++ and verified.
  OwningOpRef module(buildGemm(context, size).getOperation());
  if (failed(verify(module.get())))
    return 1;
  if (std::error_code error = llvm::sys::fs::create_directories(outputDir)) {
    llvm::errs() << "error: cannot create " << outputDir << ": "
                 << error.message() << "\n";
    return 1;
  }
  {
    std::error_code error;
    llvm::raw_fd_ostream source(outputDir + "/gemm.tilt", error);
    if (error) {
      llvm::errs() << "error: cannot write gemm.tilt: " << error.message()
                   << "\n";
      return 1;
    }
    // With locations, so that the argument names (loc("A")) stay.
    OpPrintingFlags flags;
    flags.enableDebugInfo();
    module->print(source, flags);
  }

  // 3. The pipeline with this compiler's options, and its pass after
  //    tile-partition.
  TileToTTOptions options;
  options.grid = grid;
  options.mathFidelity = "HiFi2";
  options.extend = [](llvm::StringRef after, OpPassManager &pm) {
    if (after == "tile-partition")
      pm.addPass(std::make_unique<CheckPartitionPass>());
  };
  PassManager pm(&context);
  std::string error;
  if (failed(buildTileToTTPipeline(pm, options, &error))) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  if (failed(pm.run(module.get())))
    return 1;

  // 4. The Metalium files.
  metalium::EmitOptions emitOptions;
  emitOptions.source = "tilt-embedding (built through the C++ API)";
  emitOptions.pipeline = "tile-to-tt{grid=" + grid +
                         " math-fidelity=HiFi2}, embedding-check-partition";
  if (failed(metalium::writeProgramFiles(module.get(), outputDir,
                                         emitOptions)))
    return 1;
  llvm::outs() << "wrote " << outputDir
               << ": reader.cpp, compute.cpp, writer.cpp, main.cpp, "
                  "host_io.hpp, host_io.cpp, plan.json, gemm.tilt\n";
  return 0;
}
