//===- WalkPatternRewriteDriver.h - One sweep of patterns -------*- C++ -*-===//
//
// The cheap driver: one post-order walk over the ops nested in a root,
// trying the patterns on each op once. No worklist, no folding, no removal
// of dead ops, no revisiting of what a pattern creates. Patterns may erase
// the op they match (and ops nested in it) but nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_REWRITE_WALKPATTERNREWRITEDRIVER_H
#define TILT_REWRITE_WALKPATTERNREWRITEDRIVER_H

#include "tilt/Rewrite/PatternMatch.h"

namespace tilt {

/// Applies `patterns` once to every op nested in `root` (not `root` itself).
/// Returns how many rewrites applied.
unsigned walkAndApplyPatterns(Operation *root,
                              const FrozenRewritePatternSet &patterns);

} // namespace tilt

#endif // TILT_REWRITE_WALKPATTERNREWRITEDRIVER_H
