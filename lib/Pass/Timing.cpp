//===- Timing.cpp - A tree of named timers --------------------------------===//

#include "tilt/Pass/Timing.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;

TimingNode &TimingNode::getOrAddChild(llvm::StringRef childName) {
  for (auto &child : children)
    if (child->name == childName)
      return *child;
  children.push_back(std::make_unique<TimingNode>(childName));
  return *children.back();
}

static void printLine(llvm::raw_ostream &os, double seconds, double total,
                      unsigned indent, llvm::StringRef name) {
  double percent = total > 0 ? 100.0 * seconds / total : 0.0;
  os << llvm::format("  %8.4f (%5.1f%%)  ", seconds, percent);
  os.indent(indent) << name << "\n";
}

void TimingNode::printTree(llvm::raw_ostream &os, double totalSeconds,
                           unsigned indent) const {
  for (const auto &child : children) {
    printLine(os, child->getSeconds(), totalSeconds, indent, child->name);
    child->printTree(os, totalSeconds, indent + 2);
  }
}

void TimingNode::printReport(llvm::raw_ostream &os, double totalSeconds) const {
  const char *rule = "===-------------------------------------------------"
                     "------------------------===\n";
  os << rule << "                         ... Execution time report ...\n"
     << rule;
  os << llvm::format("  Total Execution Time: %.4f seconds\n\n", totalSeconds);
  os << "  ----Wall Time----  ----Name----\n";
  printTree(os, totalSeconds, 0);
  double measured = 0;
  for (const auto &child : children)
    measured += child->getSeconds();
  double rest = totalSeconds > measured ? totalSeconds - measured : 0.0;
  printLine(os, rest, totalSeconds, 0, "Rest");
  printLine(os, totalSeconds, totalSeconds, 0, "Total");
  os.flush();
}
