//===- CppFormat.cpp - Laying out generated C++ with clang-format ---------===//
//
// Generated kernels and host programs are formatted by clang's own Format
// library (the code behind the clang-format tool) in LLVM style, so that
// `clang-format --style=LLVM` leaves every generated file unchanged. The
// emitters write one statement per line with the right indentation; line
// breaking of long statements is left to the library, which chooses them the
// way clang-format does rather than by rules of our own that would only
// approximate it.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

using namespace tilt;
using namespace tilt::metalium;

LogicalResult metalium::formatCpp(Operation *anchor, GeneratedFile &file) {
  clang::format::FormatStyle style = clang::format::getLLVMStyle();
  std::vector<clang::tooling::Range> ranges{
      clang::tooling::Range(0, file.text.size())};
  clang::tooling::Replacements replacements =
      clang::format::reformat(style, file.text, ranges, file.name);
  llvm::Expected<std::string> formatted =
      clang::tooling::applyAllReplacements(file.text, replacements);
  if (!formatted) {
    // Replacements computed on the same text always apply; reaching this is
    // a bug in the emitter or the library, reported rather than hidden.
    anchor->emitError() << "internal error: formatting " << file.name
                        << " failed: " << llvm::toString(formatted.takeError());
    return failure();
  }
  file.text = std::move(*formatted);
  return success();
}
