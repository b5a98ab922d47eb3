//===- EmbedTilt.cpp - Using Tilt as a library ----------------------------===//
//
// What another compiler does to use Tilt: load the dialects it needs,
// parse (or build) IR, run a pass pipeline, and print or inspect the
// result, with diagnostics going where it wants them. See docs/embedding.md.
//
//   tilt-embed-example <file.tilt>
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: tilt-embed-example <file.tilt>\n";
    return 1;
  }
  // 1. A context with the dialects the input uses, and the passes to run.
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect>();
  Context context(registry);
  registerTransformsPasses();
  tile::registerTilePasses();

  // 2. Parse, with diagnostics printed as `file:line:col: error: ...`.
  auto file = llvm::MemoryBuffer::getFile(argv[1]);
  if (!file) {
    llvm::errs() << "cannot open " << argv[1] << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context, llvm::errs());
  OwningOpRef module = parseSourceFileForTool(sourceMgr, &context,
                                              /*insertImplicitModule=*/true);
  if (!module)
    return 1;

  // 3. Inspect it through the typed op classes.
  module.get()->walk([&](Operation *op) {
    if (auto kernel = tile::KernelOp::dynCast(op)) {
      llvm::ArrayRef<int64_t> grid = kernel.getGrid();
      llvm::outs() << "kernel with a " << grid[0] << "x"
                   << (grid.size() > 1 ? grid[1] : 1) << " grid\n";
    }
  });

  // 4. Run a pipeline (the textual form, or pm.addPass/nest in C++).
  PassManager pm(&context);
  std::string error;
  if (failed(parsePassPipeline(
          "builtin.module(func.func(tile-legalize,canonicalize,cse))", pm,
          error))) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (failed(pm.run(module.get())))
    return 1;

  // 5. Read what the pass recorded, and print the result.
  module.get()->walk([&](Operation *op) {
    auto function = func::FuncOp::dynCast(op);
    if (!function)
      return;
    for (Type input : function.getFunctionType().getInputs())
      if (auto tensor = input.dyn_cast<tile::TensorType>())
        if (auto layout = tile::TileLayout::get(tensor))
          llvm::outs() << "tensor padded to " << layout->paddedShape[0] << "x"
                       << layout->paddedShape.back() << ", pages of "
                       << layout->pageSize << " bytes\n";
  });
  module.get()->print(llvm::outs());
  return 0;
}
