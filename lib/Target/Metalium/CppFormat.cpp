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

#include <algorithm>

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

using namespace tilt;
using namespace tilt::metalium;

LogicalResult metalium::formatCpp(Operation *anchor, GeneratedFile &file,
                                  const SourceMarks &marks) {
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
  // Formatting changes only white space, so each mark's offset moves to
  // the same code in the formatted text. Several ops can start on one
  // line (an op that writes nothing marks where the next one starts): the
  // last one, which wrote the line's code, names it.
  std::vector<std::pair<size_t, Location>> shifted;
  for (const auto &[offset, loc] : marks)
    shifted.emplace_back(replacements.getShiftedCodePosition(unsigned(offset)),
                         loc);
  std::stable_sort(shifted.begin(), shifted.end(),
                   [](const auto &x, const auto &y) { return x.first < y.first; });
  file.sourceLines.clear();
  unsigned line = 1;
  size_t scanned = 0;
  for (const auto &[offset, loc] : shifted) {
    // Skip the white space before the code: the mark's line is the code's.
    size_t at = offset;
    while (at < formatted->size() && ((*formatted)[at] == ' ' ||
                                      (*formatted)[at] == '\n'))
      ++at;
    for (; scanned < at && scanned < formatted->size(); ++scanned)
      line += (*formatted)[scanned] == '\n';
    if (!file.sourceLines.empty() && file.sourceLines.back().first == line)
      file.sourceLines.back().second = loc;
    else
      file.sourceLines.emplace_back(line, loc);
  }
  file.text = std::move(*formatted);
  return success();
}
