//===- IRMapping.h - A map from original to cloned values and blocks -*- C++
//-*-//
//
// clone() records, for every value and block it copies, the copy; callers
// seed the map to redirect operands (e.g. inlining a region with new
// arguments).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_IRMAPPING_H
#define TILT_IR_IRMAPPING_H

#include "tilt/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace tilt {

/// A map from values, blocks and operations to their copies, filled while
/// cloning.
class IRMapping {
public:
  void map(Value from, Value to) { values[from] = to; }
  void map(Block *from, Block *to) { blocks[from] = to; }
  void map(Operation *from, Operation *to) { operations[from] = to; }
  /// The mapped value, or `from` itself when unmapped.
  Value lookupOrDefault(Value from) const {
    auto it = values.find(from);
    return it == values.end() ? from : it->second;
  }
  Block *lookupOrDefault(Block *from) const {
    auto it = blocks.find(from);
    return it == blocks.end() ? from : it->second;
  }
  /// The mapped value, or null.
  Value lookupOrNull(Value from) const { return values.lookup(from); }
  Block *lookupOrNull(Block *from) const { return blocks.lookup(from); }
  Operation *lookupOrNull(Operation *from) const {
    return operations.lookup(from);
  }
  bool contains(Value from) const { return values.count(from); }
  bool contains(Block *from) const { return blocks.count(from); }
  void clear() {
    values.clear();
    blocks.clear();
    operations.clear();
  }

private:
  llvm::DenseMap<Value, Value> values;
  llvm::DenseMap<Block *, Block *> blocks;
  llvm::DenseMap<Operation *, Operation *> operations;
};

} // namespace tilt

#endif // TILT_IR_IRMAPPING_H
