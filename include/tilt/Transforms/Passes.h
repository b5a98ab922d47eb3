//===- Passes.h - Built-in transformation passes ----------------*- C++ -*-===//
//
// canonicalize: the greedy driver with folding (and, as they are written,
// the ops' canonicalization patterns) over everything nested in the op.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_TRANSFORMS_PASSES_H
#define TILT_TRANSFORMS_PASSES_H

#include "tilt/Pass/Pass.h"

namespace tilt {

/// canonicalize: folds and applies every loaded op's canonicalization
/// patterns until nothing changes.
std::unique_ptr<Pass> createCanonicalizerPass();
/// cse: removes side-effect-free ops equivalent to a dominating one.
std::unique_ptr<Pass> createCSEPass();

/// symbol-dce: erases private symbols that nothing live references.
std::unique_ptr<Pass> createSymbolDCEPass();

/// Registers the built-in passes with the pass registry.
void registerTransformsPasses();

} // namespace tilt

#endif // TILT_TRANSFORMS_PASSES_H
