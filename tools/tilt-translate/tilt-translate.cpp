//===- tilt-translate.cpp - From tt IR to other formats -------------------===//
//
//   tilt-translate --tt-to-metalium -o DIR in.tilt
//
// writes the kernels, main.cpp and plan.json of every tt.program in the
// input (docs/metalium.md).
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Target/Metalium/Metalium.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::OptionCategory category("tilt-translate options");
  llvm::cl::opt<std::string> input(llvm::cl::Positional,
                                   llvm::cl::desc("<input file>"),
                                   llvm::cl::init("-"),
                                   llvm::cl::cat(category));
  llvm::cl::opt<std::string> output(
      "o", llvm::cl::desc("Output directory"), llvm::cl::value_desc("dir"),
      llvm::cl::cat(category));
  llvm::cl::opt<bool> toMetalium(
      "tt-to-metalium",
      llvm::cl::desc("Write the TT-Metalium kernels, host program and plan "
                     "of each tt.program"),
      llvm::cl::cat(category));
  llvm::cl::opt<std::string> source(
      "source-name",
      llvm::cl::desc("The source file named in the generated comments "
                     "(default: the input)"),
      llvm::cl::cat(category));
  llvm::cl::opt<std::string> pipeline(
      "pipeline-name",
      llvm::cl::desc("The pipeline named in the generated comments"),
      llvm::cl::cat(category));
  llvm::cl::opt<bool> verifyDiagnostics(
      "verify-diagnostics",
      llvm::cl::desc("Check the diagnostics against expected-* comments in "
                     "the input"),
      llvm::cl::cat(category));
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(argc, argv, "Tilt translator\n");

  if (!toMetalium) {
    llvm::errs() << "error: choose a translation (--tt-to-metalium)\n";
    return 1;
  }
  if (output.empty()) {
    llvm::errs() << "error: --tt-to-metalium needs an output directory (-o)\n";
    return 1;
  }

  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect, cb::CBDialect,
                  tt::TTDialect>();
  Context context(registry);
  std::string errorMessage;
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(input);
  if (!file) {
    llvm::errs() << "error: cannot open '" << input
                 << "': " << file.getError().message() << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  auto translate = [&]() -> LogicalResult {
    OwningOpRef module = parseSourceFileForTool(sourceMgr, &context,
                                                /*insertImplicitModule=*/true);
    if (!module || failed(verify(module.get())))
      return failure();
    metalium::EmitOptions options;
    options.source = source.empty() ? std::string(input) : std::string(source);
    options.pipeline = pipeline;
    return metalium::writeProgramFiles(module.get(), output, options);
  };
  if (!verifyDiagnostics) {
    SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context, llvm::errs());
    return failed(translate()) ? 1 : 0;
  }
  SourceMgrDiagnosticVerifierHandler diagnostics(sourceMgr, &context,
                                                 llvm::errs());
  (void)translate();
  return failed(diagnostics.verify()) ? 1 : 0;
}
