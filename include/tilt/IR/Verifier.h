//===- Verifier.h - Checking IR invariants ----------------------*- C++ -*-===//
//
// verify() checks an operation and everything nested in it: structure
// (terminators, successors inside their region, entry blocks without
// predecessors), unregistered ops only where allowed, each op's traits and
// verify() hook, then dominance of uses by definitions in SSA-CFG regions.
// Every failure is a located diagnostic; verification never asserts.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_VERIFIER_H
#define TILT_IR_VERIFIER_H

#include "tilt/Support/LogicalResult.h"

namespace tilt {
class Operation;

/// Verifies `op` and its nested ops. With `verifyRecursively` false, nested
/// ops are not verified (their structure still is).
LogicalResult verify(Operation *op, bool verifyRecursively = true);

} // namespace tilt

#endif // TILT_IR_VERIFIER_H
