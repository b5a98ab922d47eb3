//===- TestDialect.h - Ops and passes for testing the drivers ---*- C++ -*-===//
//
// The `test` dialect exists only in the test build (TILT_BUILD_TESTS): ops
// with generic syntax and no constraints, and test-* passes whose patterns
// exercise the rewrite drivers and the pass manager from lit tests.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_TEST_TESTDIALECT_H
#define TILT_TEST_TESTDIALECT_H

#include "tilt/IR/Dialect.h"

namespace tilt {
namespace test {

class TestDialect : public Dialect {
public:
  explicit TestDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "test"; }
};

/// Registers the test-* passes.
void registerTestPasses();

} // namespace test
} // namespace tilt

#endif // TILT_TEST_TESTDIALECT_H
