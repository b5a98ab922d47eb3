//===- Report.cpp - Printing a comparison as tilt-run does ----------------===//

#include "tilt/Interpreter/Report.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace tilt;
using namespace tilt::interp;

std::string interp::formatIndex(llvm::ArrayRef<int64_t> shape, int64_t index) {
  llvm::SmallVector<int64_t, 3> indices(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    indices[d] = index % shape[d];
    index /= shape[d];
  }
  std::string text = "[";
  for (size_t d = 0; d < indices.size(); ++d)
    text += (d ? ", " : "") + std::to_string(indices[d]);
  return text + "]";
}

std::string interp::describeElementPlace(llvm::ArrayRef<int64_t> shape,
                                         int64_t index, int64_t block,
                                         llvm::ArrayRef<CoreBlocks> cores) {
  int64_t tileRow = 0, tileColumn = 0;
  if (shape.size() == 1) {
    tileColumn = index / 32;
  } else if (shape.size() >= 2) {
    int64_t columns = shape.back(), rows = shape[shape.size() - 2];
    tileColumn = (index % columns) / 32;
    tileRow = ((index / columns) % rows) / 32;
  }
  std::string text = "tile (" + std::to_string(tileRow) + ", " +
                     std::to_string(tileColumn) + ")";
  if (block < 0)
    return text + ", written by no block";
  text += ", block " + std::to_string(block);
  for (const CoreBlocks &core : cores)
    if (core.start <= block && block < core.start + core.count)
      return text + " on core (" + std::to_string(core.column) + ", " +
             std::to_string(core.row) + ")";
  return text + " (no core found for it)";
}

/// The values of one element and its budget.
static void printElement(llvm::raw_ostream &os,
                         const ElementComparison &element) {
  os << "device " << llvm::format("%.9g", element.device) << ", reference "
     << llvm::format("%.9g", element.reference) << ", error "
     << llvm::format("%.3g", element.error) << ", budget "
     << llvm::format("%.3g", element.budget);
}

void interp::printComparison(llvm::raw_ostream &os, const Comparison &result,
                             llvm::StringRef name,
                             llvm::ArrayRef<int64_t> shape, Type type,
                             llvm::ArrayRef<CoreBlocks> cores) {
  os << (result.ok ? "PASS " : "FAIL ") << name << " (";
  for (size_t d = 0; d < shape.size(); ++d)
    os << (d ? "x" : "") << shape[d];
  os << " " << type << "): " << result.exact << " of " << result.count
     << " exact, "
     << llvm::format("%.4f", 100.0 * double(result.withinBudget) /
                                 double(std::max<int64_t>(result.count, 1)))
     << "% within budget, max error ";
  if (type.isIntOrIndex())
    os << llvm::format("%.6g", result.maxShareOfBudget) << " (must be exact)";
  else
    os << llvm::format("%.3g", result.maxShareOfBudget) << " of budget";
  os << ", correlation " << llvm::format("%.6f", result.correlation);
  // Say what the correlation rule asked for when it decided the verdict.
  if (result.correlationApplies &&
      result.correlation < result.requiredCorrelation)
    os << " (below the " << llvm::format("%.6f", result.requiredCorrelation)
       << " required)";
  if (result.unbounded)
    os << "; " << result.unbounded << " elements with an unbounded budget";
  os << "\n";
  if (result.firstBeyondBudget) {
    const ElementComparison &first = *result.firstBeyondBudget;
    os << "  first beyond budget: " << name << formatIndex(shape, first.index)
       << " in " << describeElementPlace(shape, first.index, first.block, cores)
       << ": ";
    printElement(os, first);
    os << "\n";
  }
  if (result.ok)
    return;
  for (const ElementComparison &element : result.worst) {
    os << "  " << name << formatIndex(shape, element.index) << ": ";
    printElement(os, element);
    os << " (" << llvm::format("%.3g", element.getShareOfBudget())
       << " of budget)\n";
  }
}
