//===- LocationAliases.cpp - `#loc` aliases of printed locations ----------===//
//
// mlir-opt --mlir-print-debuginfo prints every location through an alias.
// The rules here are those of MLIR's AliasInitializer and OperationPrinter
// (mlir/lib/IR/AsmPrinter.cpp), found by comparing outputs:
//  - a dry run of the printer meets an op's location before the op, and
//    block argument locations where the op's printer prints them;
//  - a location's nested locations are met after it, and aliases are stably
//    sorted by depth (leaves first), then named loc, loc1, loc2, ...;
//  - aliases met through block arguments cannot be deferred: they (and the
//    aliases they contain) are defined before the top-level op, the others
//    after it; block argument locations themselves print inline, with their
//    nested locations as aliases.
//
//===----------------------------------------------------------------------===//

#include "AsmPrinterImpl.h"

using namespace tilt;
using namespace tilt::detail;

void LocationAliases::visit(Location loc, bool deferrable) {
  visitImpl(loc, deferrable);
}

void LocationAliases::finalize() {
  order.resize(entries.size());
  for (unsigned i = 0; i < entries.size(); ++i)
    order[i] = i;
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    return entries[lhs].depth < entries[rhs].depth;
  });
  for (unsigned i = 0; i < order.size(); ++i)
    entries[order[i]].name = i == 0 ? "loc" : "loc" + std::to_string(i);
}

unsigned LocationAliases::visitImpl(Location loc, bool deferrable) {
  auto [it, inserted] = indices.try_emplace(loc, unsigned(entries.size()));
  unsigned index = it->second;
  if (!inserted) {
    if (!deferrable)
      markNonDeferrable(index);
    return entries[index].depth;
  }
  entries.push_back(Entry{loc, 0, deferrable, {}, {}});
  llvm::SmallVector<Location, 4> nested;
  switch (loc.getKind()) {
  case Location::Kind::Name:
    // An unknown child is not printed, so it is not met.
    if (!loc.getNameChild().isUnknown())
      nested.push_back(loc.getNameChild());
    break;
  case Location::Kind::CallSite:
    nested.push_back(loc.getCallee());
    nested.push_back(loc.getCaller());
    break;
  case Location::Kind::Fused:
    nested.append(loc.getFusedLocations().begin(),
                  loc.getFusedLocations().end());
    break;
  default:
    break;
  }
  unsigned depth = 0;
  llvm::SmallVector<unsigned, 2> children;
  for (Location child : nested) {
    depth = std::max(depth, visitImpl(child, deferrable) + 1);
    children.push_back(indices.lookup(child));
  }
  entries[index].depth = depth;
  entries[index].children = std::move(children);
  return depth;
}

void LocationAliases::markNonDeferrable(unsigned index) {
  if (!entries[index].deferrable)
    return;
  entries[index].deferrable = false;
  for (unsigned child : entries[index].children)
    markNonDeferrable(child);
}

llvm::StringRef LocationAliases::lookup(Location loc) const {
  auto it = indices.find(loc);
  return it == indices.end() ? llvm::StringRef()
                             : llvm::StringRef(entries[it->second].name);
}

void LocationAliases::printBody(Location loc, llvm::raw_ostream &os) const {
  printLocationBody(loc, os, [&](Location nested, llvm::raw_ostream &out) {
    llvm::StringRef alias = lookup(nested);
    if (!alias.empty())
      out << '#' << alias;
    else
      printBody(nested, out);
  });
}

void LocationAliases::printDefinitions(llvm::raw_ostream &os,
                                       bool deferred) const {
  for (unsigned index : order) {
    const Entry &entry = entries[index];
    if (entry.deferrable != deferred)
      continue;
    os << '#' << entry.name << " = loc(";
    printBody(entry.loc, os);
    os << ")\n";
  }
}
