//===- Nesting.cpp - Nesting limits of what the bindings build ------------===//

#include "Nesting.h"

#include "tilt/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <pybind11/pybind11.h>
#include <string>

namespace py = pybind11;
using namespace tilt;

namespace {
// Attributes and locations are uniqued and live as long as their context:
// their depths are cached by address (the bindings hold the GIL). Inputs
// are at most the limit deep (a parse, or a constructor that checked), so
// the recursion here is bounded too.
llvm::DenseMap<const void *, unsigned> attributeDepths;
llvm::DenseMap<uintptr_t, unsigned> locationDepths;
} // namespace

unsigned tilt::python::getNestingDepth(Attribute attr) {
  if (!attr)
    return 0;
  auto found = attributeDepths.find(attr.getAsOpaquePointer());
  if (found != attributeDepths.end())
    return found->second;
  unsigned inner = 0;
  if (auto array = attr.dyn_cast<ArrayAttr>())
    for (Attribute element : array)
      inner = std::max(inner, getNestingDepth(element));
  else if (auto dictionary = attr.dyn_cast<DictionaryAttr>())
    for (const NamedAttribute &named : dictionary)
      inner = std::max(inner, getNestingDepth(named.getValue()));
  unsigned depth = inner + 1;
  attributeDepths[attr.getAsOpaquePointer()] = depth;
  return depth;
}

unsigned tilt::python::getNestingDepth(Location loc) {
  auto found = locationDepths.find(loc.getAsOpaqueValue());
  if (found != locationDepths.end())
    return found->second;
  unsigned inner = 0;
  switch (loc.getKind()) {
  case Location::Kind::Name:
    inner = getNestingDepth(loc.getNameChild());
    break;
  case Location::Kind::CallSite:
    inner = std::max(getNestingDepth(loc.getCallee()),
                     getNestingDepth(loc.getCaller()));
    break;
  case Location::Kind::Fused:
    for (Location part : loc.getFusedLocations())
      inner = std::max(inner, getNestingDepth(part));
    inner = std::max(inner, getNestingDepth(loc.getFusedMetadata()));
    break;
  default:
    break;
  }
  unsigned depth = inner + 1;
  locationDepths[loc.getAsOpaqueValue()] = depth;
  return depth;
}

void tilt::python::checkNestingDepth(unsigned depth, const char *what) {
  unsigned limit = ParserConfig().maxNestingDepth;
  if (depth > limit)
    throw py::value_error(std::string(what) + " would nest " +
                          std::to_string(depth) + " levels deep: more than " +
                          std::to_string(limit) +
                          ", the limit of the text parser (printing or "
                          "walking it would overflow the stack)");
}

void tilt::python::forgetNestingDepths() {
  attributeDepths.clear();
  locationDepths.clear();
}
