//===- FingerPrint.h - A hash of an operation and its contents --*- C++ -*-===//
//
// A hash of everything about an op and what is nested in it: names,
// properties, attributes, locations, operands, result types, successors,
// blocks and their arguments. Two fingerprints of the same op differ when
// the IR changed in between (up to hash collisions). Used to print the IR
// only when a pass changed it and by the rewrite drivers' expensive checks.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_FINGERPRINT_H
#define TILT_IR_FINGERPRINT_H

#include <cstdint>

namespace tilt {
class Operation;

/// A hash of an operation and everything nested in it, to tell whether
/// the IR changed (the expensive checks of the rewrite drivers use it).
class OperationFingerPrint {
public:
  explicit OperationFingerPrint(Operation *top);
  bool operator==(const OperationFingerPrint &other) const {
    return hash == other.hash;
  }
  bool operator!=(const OperationFingerPrint &other) const {
    return hash != other.hash;
  }

private:
  uint64_t hash;
};

} // namespace tilt

#endif // TILT_IR_FINGERPRINT_H
