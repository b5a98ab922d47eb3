//===- Pipeline.cpp - The tile-to-tt pipeline and pass registration -------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Transforms/Passes.h"

using namespace tilt;

void tilt::buildTileToTTPipeline(OpPassManager &pm,
                                 const TileToTTOptions &options) {
  std::string error;
  auto add = [&](std::unique_ptr<Pass> pass,
                 std::initializer_list<std::pair<const char *, std::string>>
                     settings) {
    for (const auto &[name, value] : settings) {
      LogicalResult set = pass->setOption(name, value, error);
      (void)set; // The option names are this file's; the values are checked
                 // by the passes when they run.
    }
    pm.addPass(std::move(pass));
  };
  add(tile::createTileLegalizePass(), {});
  add(createTilePartitionPass(),
      {{"grid", options.grid}, {"arch", options.arch}});
  add(createTileLowerDataMovementPass(), {});
  add(createTileLowerComputePass(), {});
  add(createTTSplitKernelsPass(), {{"math-fidelity", options.mathFidelity}});
  // Folds the one-trip loops and repeated index arithmetic of the slices.
  OpPassManager &kernels = pm.nest("tt.program").nest("tt.kernel");
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  add(tt::createTTVerifyPass(), {});
}

namespace {
/// `tile-to-tt{grid=8x8 arch=wormhole_b0 math-fidelity=HiFi4}`.
class TileToTTPipeline : public PassPipeline {
public:
  TileToTTPipeline() {
    declareOption("grid", "The target core grid, <columns>x<rows>",
                  &options.grid, tiletott::isValidGrid,
                  tiletott::kGridExpected);
    declareOption("arch", "wormhole_b0, grayskull or blackhole",
                  &options.arch, tiletott::isValidArch,
                  tiletott::kArchExpected);
    declareOption("math-fidelity", "LoFi, HiFi2, HiFi3 or HiFi4",
                  &options.mathFidelity, tiletott::isValidFidelity,
                  tiletott::kFidelityExpected);
  }
  llvm::StringRef getArgument() const override { return "tile-to-tt"; }
  llvm::StringRef getDescription() const override {
    return "The whole lowering from tile programs to tt programs: "
           "tile-legalize, tile-partition, tile-lower-data-movement, "
           "tile-lower-compute, tt-split-kernels, tt-verify";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileToTTPipeline>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }
  void buildPipeline(OpPassManager &pm) const override {
    buildTileToTTPipeline(pm, options);
  }

private:
  TileToTTOptions options;
};
} // namespace

void tilt::registerTileToTTPasses() {
  tile::registerTilePasses();
  tt::registerTTPasses();
  registerPass([] { return createTilePartitionPass(); });
  registerPass([] { return createTileLowerDataMovementPass(); });
  registerPass([] { return createTileLowerComputePass(); });
  registerPass([] { return createTTSplitKernelsPass(); });
  registerPass([] { return std::make_unique<TileToTTPipeline>(); });
}
