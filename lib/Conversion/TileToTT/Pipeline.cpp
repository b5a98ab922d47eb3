//===- Pipeline.cpp - The tile-to-tt pipeline and pass registration -------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Transforms/Passes.h"

using namespace tilt;

LogicalResult tilt::checkTileToTTTarget(const TileToTTOptions &options,
                                        std::string &error) {
  return success(tiletott::resolveTarget(options.grid, options.arch,
                                         options.board, error)
                     .has_value());
}

LogicalResult tilt::buildTileToTTPipeline(OpPassManager &pm,
                                          const TileToTTOptions &options,
                                          std::string *error) {
  // Check every option before adding anything: a bad value must not be
  // replaced by a default.
  std::string message;
  auto foldAtomics = createTileFoldAtomicsPass();
  auto coarsen = createTileCoarsenPass();
  auto stream = createTileStreamRowsPass();
  auto partition = createTilePartitionPass();
  auto split = createTTSplitKernelsPass();
  auto dataMovement = createTileLowerDataMovementPass();
  auto compute = createTileLowerComputePass();
  if (failed(foldAtomics->setOption(
          "spread", options.spreadSplits ? "true" : "false", message)) ||
      failed(coarsen->setOption("grid", options.grid, message)) ||
      failed(coarsen->setOption("arch", options.arch, message)) ||
      failed(coarsen->setOption("board", options.board, message)) ||
      failed(
          coarsen->setOption("math-fidelity", options.mathFidelity, message)) ||
      failed(partition->setOption("grid", options.grid, message)) ||
      failed(partition->setOption("arch", options.arch, message)) ||
      failed(partition->setOption("board", options.board, message)) ||
      failed(dataMovement->setOption(
          "multicast", options.multicast ? "true" : "false", message)) ||
      failed(compute->setOption(
          "allow-tf32", options.allowTF32 ? "true" : "false", message)) ||
      failed(
          compute->setOption("math-fidelity", options.mathFidelity, message)) ||
      failed(
          split->setOption("math-fidelity", options.mathFidelity, message))) {
    if (error)
      *error = message;
    return failure();
  }
  // tile-stream-rows needs the arch only and tile-fold-atomics the
  // grid; a bad grid or board is tile-coarsen's error, named after it.
  std::string unused;
  if (std::optional<tiletott::Target> target = tiletott::resolveTarget(
          options.grid, options.arch, options.board, unused)) {
    (void)stream->setOption("arch", target->arch, message);
    // tile-fold-atomics counts the target's cores.
    (void)foldAtomics->setOption("grid",
                                 std::to_string(target->columns) + "x" +
                                     std::to_string(target->rows),
                                 message);
    (void)foldAtomics->setOption("arch", target->arch, message);
    (void)foldAtomics->setOption("board", target->board, message);
  }
  auto add = [&](std::unique_ptr<Pass> pass) {
    std::string argument = pass->getArgument().str();
    pm.addPass(std::move(pass));
    if (options.extend)
      options.extend(argument, pm);
  };
  add(std::move(foldAtomics));
  add(createTileWidenBlocksPass());
  add(tile::createTileLegalizePass());
  if (options.stream)
    add(std::move(stream));
  if (options.fuse)
    add(createTileFuseElementwisePass());
  if (options.coarsen)
    add(std::move(coarsen));
  add(std::move(partition));
  add(std::move(dataMovement));
  add(std::move(compute));
  add(std::move(split));
  // Folds the one-trip loops and repeated index arithmetic of the slices.
  OpPassManager &kernels = pm.nest("tt.program").nest("tt.kernel");
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  add(createTTHoistInitsPass());
  add(tt::createTTReconfigureFormatsPass());
  add(tt::createTTVerifyPass());
  return success();
}

namespace {
/// `tile-to-tt{grid=8x8 arch=wormhole_b0 math-fidelity=HiFi4}`.
class TileToTTPipeline : public PassPipeline {
public:
  TileToTTPipeline() {
    declareOption("grid",
                  "The target core grid, <columns>x<rows> (default: the "
                  "board's compute grid)",
                  &options.grid, tiletott::isValidGrid,
                  tiletott::kGridExpected);
    declareOption("arch",
                  "wormhole_b0, grayskull or blackhole (default: the board's)",
                  &options.arch, tiletott::isValidArch,
                  tiletott::kArchExpected);
    declareOption("board",
                  "n150, n300, galaxy, p100, p150, p150_unharvested or e150 (default: the "
                  "arch's usual board, n150)",
                  &options.board, tiletott::isValidBoard,
                  tiletott::kBoardExpected);
    declareOption("fuse",
                  "Fold elementwise chains so their intermediates stay in "
                  "DST (tile-fuse-elementwise; default true)",
                  &options.fuse);
    declareOption("multicast",
                  "Multicast the blocks that rows or columns of cores share "
                  "(default true)",
                  &options.multicast);
    declareOption("coarsen",
                  "Merge the blocks a core runs side by side into one "
                  "larger block (tile-coarsen; default true)",
                  &options.coarsen);
    declareOption("stream",
                  "Compute rows too wide for L1 in chunks of columns "
                  "(tile-stream-rows; default true)",
                  &options.stream);
    declareOption("spread",
                  "Spread a split's blocks (split-K) over idle cores, "
                  "combining their partials through a DRAM workspace "
                  "(tile-fold-atomics; default true)",
                  &options.spreadSplits);
    declareOption("math-fidelity", "LoFi, HiFi2, HiFi3 or HiFi4",
                  &options.mathFidelity, tiletott::isValidFidelity,
                  tiletott::kFidelityExpected);
    declareOption("allow-tf32",
                  "Compute f32 add, sub and mul on the FPU with TF32 "
                  "operands instead of exactly on the SFPU (default false)",
                  &options.allowTF32);
  }
  llvm::StringRef getArgument() const override { return "tile-to-tt"; }
  llvm::StringRef getDescription() const override {
    return "The whole lowering from tile programs to tt programs: "
           "tile-legalize, tile-stream-rows, tile-fuse-elementwise, tile-coarsen, tile-partition, "
           "tile-lower-data-movement, "
           "tile-lower-compute, tt-split-kernels, tt-hoist-inits, "
           "tt-reconfigure-formats, "
           "tt-verify";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileToTTPipeline>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }
  void buildPipeline(OpPassManager &pm) const override {
    // The options were checked when they were set.
    (void)buildTileToTTPipeline(pm, options);
  }

private:
  TileToTTOptions options;
};
} // namespace

void tilt::registerTileToTTPasses() {
  tile::registerTilePasses();
  tt::registerTTPasses();
  registerPass([] { return createTileFuseElementwisePass(); });
  registerPass([] { return createTileCoarsenPass(); });
  registerPass([] { return createTileFoldAtomicsPass(); });
  registerPass([] { return createTileWidenBlocksPass(); });
  registerPass([] { return createTileStreamRowsPass(); });
  registerPass([] { return createTilePartitionPass(); });
  registerPass([] { return createTileLowerDataMovementPass(); });
  registerPass([] { return createTileLowerComputePass(); });
  registerPass([] { return createTTSplitKernelsPass(); });
  registerPass([] { return createTTHoistInitsPass(); });
  registerPass([] { return std::make_unique<TileToTTPipeline>(); });
}
