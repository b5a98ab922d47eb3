//===- tilt-opt.cpp - Tilt's opt driver -----------------------------------===//
//
// Parses, verifies and prints Tilt IR. The dialects it knows are registered
// here; everything else lives in the TiltTools library.
//
//===----------------------------------------------------------------------===//

#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Tools/OptMain.h"
#include "tilt/Transforms/Passes.h"
#ifdef TILT_WITH_TEST_DIALECT
#include "test/TestDialect.h"
#endif

int main(int argc, char **argv) {
  tilt::registerTransformsPasses();
  tilt::registerTileToTTPasses();
  tilt::DialectRegistry registry;
  registry.insert<tilt::func::FuncDialect, tilt::arith::ArithDialect,
                  tilt::scf::SCFDialect, tilt::math::MathDialect,
                  tilt::tile::TileDialect, tilt::cb::CBDialect,
                  tilt::tt::TTDialect>();
#ifdef TILT_WITH_TEST_DIALECT
  // Only in the test build: the ops and passes the lit tests of the drivers
  // and the pass manager use.
  registry.insert<tilt::test::TestDialect>();
  tilt::test::registerTestPasses();
#endif
  return tilt::tiltOptMain(argc, argv, "Tilt modular optimizer driver\n",
                           registry);
}
