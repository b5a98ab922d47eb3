//===- ParserFuzzer.cpp - libFuzzer target for the text format ------------===//
//
// Feeds arbitrary bytes to the parser (with the func/arith/scf dialects and
// unregistered dialects allowed). Whatever parses and verifies is printed in
// generic and custom form and parsed again: both must succeed. Any crash,
// sanitizer report, or failed re-parse is a bug.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace tilt;

static DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *result = new DialectRegistry();
    result->insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                   math::MathDialect, tile::TileDialect, cb::CBDialect,
                   tt::TTDialect>();
    return result;
  }();
  return *registry;
}

/// Parses `text`; returns the generic and custom prints if it verified.
static bool parseAndPrint(llvm::StringRef text, std::string &generic,
                          std::string &custom) {
  Context context(getRegistry());
  context.allowUnregisteredDialects();
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz"), llvm::SMLoc());
  OwningOpRef op = parseSourceFileForTool(sourceMgr, &context, true);
  if (!op)
    return false;
  llvm::raw_string_ostream genericStream(generic), customStream(custom);
  op->print(genericStream,
            OpPrintingFlags().printGenericOpForm().assumeVerified());
  op->print(customStream, OpPrintingFlags().assumeVerified());
  return true;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  std::string generic, custom;
  if (!parseAndPrint(text, generic, custom))
    return 0;
  // Valid IR must print to text that parses again.
  for (const std::string &printed : {generic, custom}) {
    std::string again, againCustom;
    if (!parseAndPrint(printed, again, againCustom)) {
      llvm::errs() << "printed IR does not parse back:\n" << printed << "\n";
      std::abort();
    }
  }
  return 0;
}
