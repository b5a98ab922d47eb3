//===- TestUtils.h - Helpers shared by the unit tests -----------*- C++ -*-===//
#ifndef TILT_UNITTESTS_TESTUTILS_H
#define TILT_UNITTESTS_TESTUTILS_H

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

namespace tilt {
namespace test {

/// A context with func, arith and scf loaded.
inline std::unique_ptr<Context> makeContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect>();
  auto context = std::make_unique<Context>(registry);
  context->loadAllAvailableDialects();
  return context;
}

/// Parses `text` into a module; fails the test on error.
inline OwningOpRef parse(Context &context, llvm::StringRef text) {
  auto module = ModuleOp::create(Location(), &context);
  if (failed(parseSourceString(text, module.getBody(), &context))) {
    ADD_FAILURE() << "failed to parse:\n" << text.str();
    module.getOperation()->erase();
    return OwningOpRef();
  }
  return OwningOpRef(module.getOperation());
}

/// Prints `op` in custom form.
inline std::string print(Operation *op, bool generic = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  op->print(os, flags);
  return os.str();
}

/// Collects diagnostics emitted while alive.
struct DiagnosticCollector {
  explicit DiagnosticCollector(Context &context)
      : handler(&context, [this](Diagnostic &diag) {
          messages.push_back(diag.str());
          for (const auto &note : diag.getNotes())
            notes.push_back(note->str());
          return success();
        }) {}
  std::vector<std::string> messages;
  std::vector<std::string> notes;
  ScopedDiagnosticHandler handler;
};

} // namespace test
} // namespace tilt

#endif // TILT_UNITTESTS_TESTUTILS_H
