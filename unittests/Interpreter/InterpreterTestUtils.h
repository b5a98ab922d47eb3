//===- InterpreterTestUtils.h - Shared by the interpreter tests -*- C++ -*-===//
//
// What the interpreter's unit tests share: a context with the dialects of
// tile programs, and the function of a parsed module.
//
//===----------------------------------------------------------------------===//

#ifndef TILT_UNITTESTS_INTERPRETER_INTERPRETERTESTUTILS_H
#define TILT_UNITTESTS_INTERPRETER_INTERPRETERTESTUTILS_H

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Context.h"

#include <memory>

namespace tilt {
namespace test {

/// A single-threaded context with the dialects of tile programs loaded.
inline std::unique_ptr<Context> makeTileContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect>();
  auto context = std::make_unique<Context>(registry);
  context->loadAllAvailableDialects();
  context->disableMultithreading();
  return context;
}

/// The only (or last) func.func of `module`.
inline Operation *findFunction(Operation *module) {
  Operation *found = nullptr;
  module->walk([&](Operation *op) {
    if (func::FuncOp::dynCast(op))
      found = op;
  });
  return found;
}

} // namespace test
} // namespace tilt

#endif // TILT_UNITTESTS_INTERPRETER_INTERPRETERTESTUTILS_H
