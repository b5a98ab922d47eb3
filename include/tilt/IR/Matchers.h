//===- Matchers.h - Recognising constant values -----------------*- C++ -*-===//
//
// What patterns, folds and verifiers ask of a value: is it a constant, and
// which. A constant is the result of a ConstantLike op; its value is what
// the op folds to (so any dialect's constant op works, not only
// arith.constant).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_MATCHERS_H
#define TILT_IR_MATCHERS_H

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Value.h"
#include "llvm/ADT/APInt.h"
#include <optional>

namespace tilt {

/// The value of the constant-like op defining `value`, or null.
Attribute getConstantValue(Value value);

/// The integer (or index) value of the constant defining `value`, if any.
std::optional<llvm::APInt> getConstantIntValue(Value value);

} // namespace tilt

#endif // TILT_IR_MATCHERS_H
