//===- Nesting.h - Nesting limits of what the bindings build -----*- C++
//-*-===//
//
// Attributes and locations built from Python (`ArrayAttr.get([...])` in a
// loop, `Location.name` and `callsite` chains) can nest as deep as a loop
// runs; printing them, or walking them for `.line`, recurses once per
// level and would overflow the stack. The text parser refuses more than
// ParserConfig::maxNestingDepth levels; the constructors refuse the same,
// so that nothing the bindings hold is deeper than what a parse gives.
//
//===----------------------------------------------------------------------===//

#ifndef TILT_PYTHON_NESTING_H
#define TILT_PYTHON_NESTING_H

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Location.h"

namespace tilt {
namespace python {

/// The nesting depth of `attr` (1 for an attribute without attributes in
/// it; arrays, dictionaries and fused locations' metadata count a level).
unsigned getNestingDepth(Attribute attr);
/// The nesting depth of `loc` (1 for a file or unknown location; names,
/// call sites and fused locations count a level).
unsigned getNestingDepth(Location loc);
/// Raises ValueError naming `what` when `depth` is beyond the parser's
/// limit.
void checkNestingDepth(unsigned depth, const char *what);
/// Forgets the cached depths (a context is going away: its attributes'
/// addresses may be reused).
void forgetNestingDepths();

} // namespace python
} // namespace tilt

#endif // TILT_PYTHON_NESTING_H
