//===- Value.h - SSA values and their intrusive use-lists -------*- C++ -*-===//
//
// A Value is a handle to either an operation result or a block argument.
// Every value keeps an intrusive, doubly linked list of its uses (OpOperand),
// so replaceAllUsesWith costs O(uses) and setting an operand is O(1). Blocks
// keep a use-list of BlockOperand (successor slots) the same way.
//
// Result storage follows MLIR: results sit in front of their operation, the
// first six (16 bytes each) encode their index in the low bits of the type
// pointer, the rest carry an explicit index.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_VALUE_H
#define TILT_IR_VALUE_H

#include "tilt/IR/Location.h"
#include "tilt/IR/Types.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/iterator_range.h"
#include <iterator>

namespace tilt {
class Block;
class Operation;
class Region;
class Value;

//===----------------------------------------------------------------------===//
// Use-lists
//===----------------------------------------------------------------------===//

/// A use of a value of type `ValueT` by an operation. `DerivedT` is the
/// concrete operand class. The list is headed in the used object.
template <typename DerivedT, typename ValueT> class IROperand {
public:
  IROperand(Operation *owner) : owner(owner) {}
  IROperand(Operation *owner, ValueT *value) : value(value), owner(owner) {
    insertIntoCurrent();
  }
  IROperand(const IROperand &) = delete;
  IROperand &operator=(const IROperand &) = delete;
  ~IROperand() { removeFromCurrent(); }

  ValueT *getImpl() const { return value; }
  /// Points the operand at `newValue` (null drops it).
  void setImpl(ValueT *newValue) {
    removeFromCurrent();
    value = newValue;
    insertIntoCurrent();
  }
  /// Drops the use: the operand then refers to nothing.
  void drop() {
    removeFromCurrent();
    value = nullptr;
    nextUse = nullptr;
    back = nullptr;
  }
  Operation *getOwner() const { return owner; }
  DerivedT *getNextOperandUsingThisValue() {
    return static_cast<DerivedT *>(nextUse);
  }

protected:
  void removeFromCurrent() {
    if (!back)
      return;
    *back = nextUse;
    if (nextUse)
      nextUse->back = back;
    back = nullptr;
  }
  void insertIntoCurrent() {
    if (!value)
      return;
    back = &value->firstUse;
    nextUse = value->firstUse;
    if (nextUse)
      nextUse->back = &nextUse;
    value->firstUse = this;
  }

  ValueT *value = nullptr;
  IROperand *nextUse = nullptr;
  IROperand **back = nullptr;
  Operation *owner;

  template <typename, typename> friend class IROperand;
  template <typename> friend class IRObjectWithUseList;
  friend ValueT;
};

/// The head of a use-list.
template <typename OperandT> class IRObjectWithUseList {
public:
  bool use_empty() const { return firstUse == nullptr; }
  bool hasOneUse() const { return firstUse && !firstUse->nextUse; }
  OperandT *getFirstUse() const { return static_cast<OperandT *>(firstUse); }

  /// Iterates over the uses.
  class use_iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = OperandT;
    using difference_type = std::ptrdiff_t;
    using pointer = OperandT *;
    using reference = OperandT &;
    use_iterator(OperandT *current = nullptr) : current(current) {}
    OperandT &operator*() const { return *current; }
    OperandT *operator->() const { return current; }
    use_iterator &operator++() {
      current = current->getNextOperandUsingThisValue();
      return *this;
    }
    use_iterator operator++(int) {
      auto copy = *this;
      ++*this;
      return copy;
    }
    bool operator==(const use_iterator &other) const {
      return current == other.current;
    }
    bool operator!=(const use_iterator &other) const {
      return current != other.current;
    }

  private:
    OperandT *current;
  };
  use_iterator use_begin() const { return use_iterator(getFirstUse()); }
  use_iterator use_end() const { return use_iterator(); }
  llvm::iterator_range<use_iterator> getUses() const {
    return {use_begin(), use_end()};
  }

  /// Drops every use.
  void dropAllUses() {
    while (firstUse)
      firstUse->drop();
  }

protected:
  typename OperandT::BaseT *firstUse = nullptr;
  template <typename, typename> friend class IROperand;
};

namespace detail {
class ValueImpl;
} // namespace detail

/// A use of a Value as an operand of an operation.
class OpOperand : public IROperand<OpOperand, detail::ValueImpl> {
public:
  using BaseT = IROperand<OpOperand, detail::ValueImpl>;
  using BaseT::BaseT;
  Value get() const;
  void set(Value value);
  /// The index of this operand in its owner's operand list.
  unsigned getOperandNumber() const;
};

/// A use of a Block as a successor of a terminator.
class BlockOperand : public IROperand<BlockOperand, Block> {
public:
  using BaseT = IROperand<BlockOperand, Block>;
  using BaseT::BaseT;
  Block *get() const { return getImpl(); }
  void set(Block *block);
  unsigned getOperandNumber() const;
};

namespace detail {

/// The storage of a value: its use-list head, its type, and its kind.
class ValueImpl : public IRObjectWithUseList<OpOperand> {
public:
  /// Kinds 0..5 are inline results whose value is the result index.
  enum class Kind : unsigned {
    InlineResultMax = 5,
    OutOfLineResult = 6,
    BlockArgument = 7
  };
  static constexpr unsigned kMaxInlineResults = 6;

  Type getType() const { return typeAndKind.getPointer(); }
  void setType(Type type) { typeAndKind.setPointer(type); }
  Kind getKind() const { return static_cast<Kind>(typeAndKind.getInt()); }

protected:
  ValueImpl(Type type, Kind kind) : typeAndKind(type, unsigned(kind)) {}
  llvm::PointerIntPair<Type, 3, unsigned> typeAndKind;
};

/// A block argument's storage: the owning block, index and location.
class BlockArgumentImpl : public ValueImpl {
public:
  BlockArgumentImpl(Type type, Block *owner, unsigned index, Location loc)
      : ValueImpl(type, Kind::BlockArgument), owner(owner), index(index),
        loc(loc) {}
  Block *owner;
  unsigned index;
  Location loc;
};

/// A result stored inline: its index is its kind.
class InlineOpResult : public ValueImpl {
public:
  InlineOpResult(Type type, unsigned index)
      : ValueImpl(type, static_cast<Kind>(index)) {}
  unsigned getResultNumber() const { return unsigned(getKind()); }
  Operation *getOwner() const {
    // Inline results are laid out in reverse order right before the op.
    return reinterpret_cast<Operation *>(
        const_cast<InlineOpResult *>(this + getResultNumber() + 1));
  }
};

/// A result past the inline ones, with an explicit index.
class OutOfLineOpResult : public ValueImpl {
public:
  OutOfLineOpResult(Type type, unsigned outOfLineIndex)
      : ValueImpl(type, Kind::OutOfLineResult), outOfLineIndex(outOfLineIndex) {
  }
  unsigned getResultNumber() const {
    return outOfLineIndex + kMaxInlineResults;
  }
  Operation *getOwner() const {
    // Out-of-line results come before the inline results, in reverse order.
    const char *afterOutOfLine =
        reinterpret_cast<const char *>(this + outOfLineIndex + 1);
    return reinterpret_cast<Operation *>(const_cast<char *>(
        afterOutOfLine + kMaxInlineResults * sizeof(InlineOpResult)));
  }
  unsigned outOfLineIndex;
};

} // namespace detail

//===----------------------------------------------------------------------===//
// Value handles
//===----------------------------------------------------------------------===//

class OpResult;
class BlockArgument;

/// An SSA value: a result of an operation or an argument of a block.
class Value {
public:
  Value(std::nullptr_t = nullptr) {}
  Value(detail::ValueImpl *impl) : impl(impl) {}

  explicit operator bool() const { return impl != nullptr; }
  bool operator==(Value other) const { return impl == other.impl; }
  bool operator!=(Value other) const { return impl != other.impl; }

  template <typename U> bool isa() const { return U::classof(*this); }
  template <typename U> U dyn_cast() const {
    return isa<U>() ? U(impl) : U(nullptr);
  }
  template <typename U> U cast() const {
    assert(isa<U>() && "cast<> to an incompatible value kind");
    return U(impl);
  }

  Type getType() const { return impl->getType(); }
  void setType(Type type) { impl->setType(type); }
  Context *getContext() const { return getType().getContext(); }

  /// The defining operation, or null for a block argument.
  Operation *getDefiningOp() const;
  template <typename OpT> OpT getDefiningOp() const;
  /// The location of the defining op or of the block argument.
  Location getLoc() const;
  /// The block that defines this value.
  Block *getParentBlock() const;
  /// The region that defines this value.
  Region *getParentRegion() const;

  bool use_empty() const { return impl->use_empty(); }
  bool hasOneUse() const { return impl->hasOneUse(); }
  using use_iterator = detail::ValueImpl::use_iterator;
  use_iterator use_begin() const { return impl->use_begin(); }
  use_iterator use_end() const { return impl->use_end(); }
  llvm::iterator_range<use_iterator> getUses() const { return impl->getUses(); }
  /// The users, one entry per use (an op using the value twice appears twice).
  llvm::SmallVector<Operation *, 4> getUsers() const;
  unsigned getNumUses() const;

  /// Makes every use of this value use `newValue` instead.
  void replaceAllUsesWith(Value newValue) const;
  /// Replaces the uses for which `shouldReplace` returns true.
  void replaceUsesWithIf(Value newValue,
                         llvm::function_ref<bool(OpOperand &)> shouldReplace);
  /// Replaces every use except those owned by `exceptedUser`.
  void replaceAllUsesExcept(Value newValue, Operation *exceptedUser);
  void dropAllUses() const { impl->dropAllUses(); }

  void print(llvm::raw_ostream &os) const;
  void dump() const;

  detail::ValueImpl *getImpl() const { return impl; }
  void *getAsOpaquePointer() const { return impl; }
  static Value getFromOpaquePointer(const void *ptr) {
    return Value(static_cast<detail::ValueImpl *>(const_cast<void *>(ptr)));
  }

protected:
  detail::ValueImpl *impl = nullptr;
};

/// Prints the operation or block argument that defines `value`.
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Value value) {
  value.print(os);
  return os;
}
/// Values hash by identity.
inline llvm::hash_code hash_value(Value value) {
  return llvm::hash_value(value.getImpl());
}

/// A result of an operation.
class OpResult : public Value {
public:
  using Value::Value;
  static bool classof(Value value) {
    return value.getImpl()->getKind() != detail::ValueImpl::Kind::BlockArgument;
  }
  Operation *getOwner() const;
  unsigned getResultNumber() const;
};

/// An argument of a block.
class BlockArgument : public Value {
public:
  using Value::Value;
  static bool classof(Value value) {
    return value.getImpl()->getKind() == detail::ValueImpl::Kind::BlockArgument;
  }
  Block *getOwner() const { return getArgImpl()->owner; }
  unsigned getArgNumber() const { return getArgImpl()->index; }
  Location getLoc() const { return getArgImpl()->loc; }
  void setLoc(Location loc) { getArgImpl()->loc = loc; }

private:
  detail::BlockArgumentImpl *getArgImpl() const {
    return static_cast<detail::BlockArgumentImpl *>(impl);
  }
  friend class Block;
};

inline Value OpOperand::get() const { return Value(getImpl()); }
inline void OpOperand::set(Value value) { setImpl(value.getImpl()); }

} // namespace tilt

namespace llvm {
template <> struct DenseMapInfo<tilt::Value> {
  static tilt::Value getEmptyKey() {
    return tilt::Value::getFromOpaquePointer(
        DenseMapInfo<void *>::getEmptyKey());
  }
  static tilt::Value getTombstoneKey() {
    return tilt::Value::getFromOpaquePointer(
        DenseMapInfo<void *>::getTombstoneKey());
  }
  static unsigned getHashValue(tilt::Value value) {
    return DenseMapInfo<void *>::getHashValue(value.getAsOpaquePointer());
  }
  static bool isEqual(tilt::Value a, tilt::Value b) { return a == b; }
};
} // namespace llvm

#endif // TILT_IR_VALUE_H
