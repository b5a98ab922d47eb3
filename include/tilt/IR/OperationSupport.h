//===- OperationSupport.h - Names, states and ranges of operations -*- C++ -*-//
//
// OperationName identifies the kind of an operation (uniqued per context) and
// carries, for registered kinds, the OpInfo hooks a dialect supplied: verify,
// custom assembly, traits, default properties. OperationState collects what
// is needed to create an operation. OperandRange, ResultRange and ValueRange
// view lists of values without copying.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_OPERATIONSUPPORT_H
#define TILT_IR_OPERATIONSUPPORT_H

#include "tilt/IR/Value.h"
#include "tilt/Support/LogicalResult.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace tilt {
class Dialect;
class OpAsmParser;
class OpAsmPrinter;
class Region;
class RewritePatternSet;
struct OperationState;

//===----------------------------------------------------------------------===//
// Folding
//===----------------------------------------------------------------------===//

/// What one result of an op folds to: a constant attribute or an existing
/// value.
class OpFoldResult {
public:
  OpFoldResult() = default;
  OpFoldResult(Attribute attr) : attr(attr) {}
  OpFoldResult(Value value) : value(value) {}
  explicit operator bool() const { return bool(attr) || bool(value); }
  Attribute getAttribute() const { return attr; }
  Value getValue() const { return value; }

private:
  Attribute attr;
  Value value;
};

//===----------------------------------------------------------------------===//
// OpInfo: the hooks of a registered operation
//===----------------------------------------------------------------------===//

/// What a dialect knows about one of its operations. Registered through
/// Dialect::addOperations<Op...>(), which instantiates OpModel<Op>.
class OpInfo {
public:
  OpInfo(llvm::StringRef name, Dialect *dialect, TypeID typeID)
      : name(name), dialect(dialect), typeID(typeID) {}
  virtual ~OpInfo();

  /// Checks traits and the op's own verify(); regions are checked later.
  virtual LogicalResult verifyInvariants(Operation *op) const = 0;
  /// Checks what needs the nested regions verified first.
  virtual LogicalResult verifyRegionInvariants(Operation *op) const = 0;
  /// Parses the custom assembly form after the op name.
  virtual LogicalResult parseAssembly(OpAsmParser &parser,
                                      OperationState &state) const = 0;
  /// Prints the custom assembly form after the op name.
  virtual void printAssembly(Operation *op, OpAsmPrinter &printer) const = 0;
  /// Whether the op has a custom assembly form.
  virtual bool hasCustomAssembly() const = 0;
  /// Gives result name hints to the printer (`%c0`, `%cst`).
  virtual void getAsmResultNames(
      Operation *op,
      llvm::function_ref<void(Value, llvm::StringRef)> setName) const = 0;
  /// Whether the op's regions hold SSA control flow (dominance applies).
  virtual bool hasSSADominance(Operation *op, unsigned regionIndex) const = 0;
  /// The dialect whose ops may omit their prefix inside this op's regions.
  virtual llvm::StringRef getDefaultDialect() const = 0;
  /// Adds the op's canonicalization patterns to `patterns`.
  virtual void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           Context *context) const = 0;
  /// For branch ops: which operands go to the arguments of successor
  /// `index`, as (first operand, count); none when the op does not say.
  virtual std::optional<std::pair<unsigned, unsigned>>
  getSuccessorOperands(Operation *op, unsigned index) const = 0;
  /// Folds `op` given the constant values of its operands (null where not
  /// constant). Success with empty `results` means `op` was updated in place.
  virtual LogicalResult
  fold(Operation *op, llvm::ArrayRef<Attribute> operands,
       llvm::SmallVectorImpl<OpFoldResult> &results) const = 0;

  /// The names of the op's inherent attributes (properties).
  llvm::ArrayRef<llvm::StringRef> getInherentAttrNames() const {
    return inherentAttrNames;
  }
  bool isInherentAttr(llvm::StringRef attrName) const {
    return llvm::is_contained(inherentAttrNames, attrName);
  }
  /// Default values of inherent attributes a new op gets when not given.
  llvm::ArrayRef<std::pair<llvm::StringRef, Attribute>>
  getDefaultProperties() const {
    return defaultProperties;
  }
  bool hasTrait(TypeID traitID) const {
    return llvm::is_contained(traits, traitID);
  }

  llvm::StringRef name;
  Dialect *dialect;
  TypeID typeID;
  llvm::SmallVector<TypeID, 8> traits;
  llvm::SmallVector<llvm::StringRef, 4> inherentAttrNames;
  llvm::SmallVector<std::pair<llvm::StringRef, Attribute>, 2> defaultProperties;
};

namespace detail {
/// The uniqued record behind an OperationName.
struct OperationNameImpl {
  llvm::StringRef name;
  StringAttr nameAttr;
  /// The dialect loaded for the prefix, or null.
  Dialect *dialect = nullptr;
  /// The registration, or null for an unregistered op.
  const OpInfo *info = nullptr;
};
} // namespace detail

/// The name of an operation kind, e.g. `arith.addi`.
class OperationName {
public:
  OperationName(llvm::StringRef name, Context *context);
  explicit OperationName(detail::OperationNameImpl *impl) : impl(impl) {}

  llvm::StringRef getStringRef() const { return impl->name; }
  StringAttr getIdentifier() const { return impl->nameAttr; }
  /// The part before the first `.`.
  llvm::StringRef getDialectNamespace() const;
  Dialect *getDialect() const { return impl->dialect; }
  bool isRegistered() const { return impl->info != nullptr; }
  const OpInfo *getInfo() const { return impl->info; }
  TypeID getTypeID() const {
    return impl->info ? impl->info->typeID : TypeID::getFromOpaquePointer(impl);
  }
  bool hasTrait(TypeID traitID) const {
    return impl->info && impl->info->hasTrait(traitID);
  }
  template <template <typename> class Trait> bool hasTrait() const {
    return hasTrait(TypeID::get<Trait>());
  }

  bool operator==(OperationName other) const { return impl == other.impl; }
  bool operator!=(OperationName other) const { return impl != other.impl; }
  detail::OperationNameImpl *getImpl() const { return impl; }

private:
  detail::OperationNameImpl *impl;
};

/// Prints an operation name (`dialect.op`).
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     OperationName name) {
  return os << name.getStringRef();
}

//===----------------------------------------------------------------------===//
// Value ranges
//===----------------------------------------------------------------------===//

/// The operands of an operation, as values.
class OperandRange : public llvm::detail::indexed_accessor_range_base<
                         OperandRange, OpOperand *, Value, Value, Value> {
public:
  using RangeBaseT::RangeBaseT;
  OperandRange(llvm::MutableArrayRef<OpOperand> operands)
      : RangeBaseT(operands.data(), operands.size()) {}
  llvm::SmallVector<Type, 4> getTypes() const;

private:
  static OpOperand *offset_base(OpOperand *base, ptrdiff_t index) {
    return base + index;
  }
  static Value dereference_iterator(OpOperand *base, ptrdiff_t index) {
    return base[index].get();
  }
  friend RangeBaseT;
};

/// The results of an operation.
class ResultRange
    : public llvm::indexed_accessor_range<ResultRange, Operation *, OpResult,
                                          OpResult, OpResult> {
public:
  using indexed_accessor_range<ResultRange, Operation *, OpResult, OpResult,
                               OpResult>::indexed_accessor_range;
  llvm::SmallVector<Type, 4> getTypes() const;
  /// Whether no result has a use.
  bool use_empty() const;
  static OpResult dereference(Operation *op, ptrdiff_t index);
};

/// A view of values from an array, an operand list or a result list.
class ValueRange {
public:
  ValueRange() = default;
  ValueRange(llvm::ArrayRef<Value> values)
      : kind(Kind::Array), base(values.data()), offset(0),
        count(values.size()) {}
  ValueRange(const llvm::SmallVectorImpl<Value> &values)
      : ValueRange(llvm::ArrayRef<Value>(values)) {}
  ValueRange(const std::initializer_list<Value> &values)
      : ValueRange(llvm::ArrayRef<Value>(values)) {}
  ValueRange(const Value &value) : ValueRange(llvm::ArrayRef<Value>(value)) {}
  ValueRange(OperandRange operands)
      : kind(Kind::Operands), base(operands.getBase()), offset(0),
        count(operands.size()) {}
  ValueRange(ResultRange results)
      : kind(Kind::Results), base(results.getBase()),
        offset(results.getStartIndex()), count(results.size()) {}

  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  Value operator[](size_t i) const;
  Value front() const { return (*this)[0]; }
  Value back() const { return (*this)[count - 1]; }
  ValueRange drop_front(size_t n = 1) const;
  ValueRange take_front(size_t n) const;
  llvm::SmallVector<Type, 4> getTypes() const;

  class iterator {
  public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using pointer = Value *;
    using reference = Value;
    iterator(const ValueRange *range, size_t index)
        : range(range), index(index) {}
    Value operator*() const { return (*range)[index]; }
    iterator &operator++() {
      ++index;
      return *this;
    }
    iterator operator++(int) {
      auto copy = *this;
      ++index;
      return copy;
    }
    iterator &operator+=(std::ptrdiff_t n) {
      index += n;
      return *this;
    }
    iterator operator+(std::ptrdiff_t n) const {
      return iterator(range, index + n);
    }
    std::ptrdiff_t operator-(const iterator &other) const {
      return std::ptrdiff_t(index) - std::ptrdiff_t(other.index);
    }
    bool operator==(const iterator &other) const {
      return index == other.index;
    }
    bool operator!=(const iterator &other) const {
      return index != other.index;
    }

  private:
    const ValueRange *range;
    size_t index;
  };
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, count); }

private:
  enum class Kind { Array, Operands, Results };
  Kind kind = Kind::Array;
  const void *base = nullptr;
  size_t offset = 0;
  size_t count = 0;
};

//===----------------------------------------------------------------------===//
// OperationState
//===----------------------------------------------------------------------===//

/// A named attribute list under construction (kept in insertion order).
class NamedAttrList {
public:
  NamedAttrList() = default;
  NamedAttrList(DictionaryAttr dict);
  void append(StringAttr name, Attribute value);
  void append(llvm::StringRef name, Attribute value);
  void append(NamedAttribute attr) { attrs.push_back(attr); }
  /// Sets `name`, replacing an existing value.
  void set(llvm::StringRef name, Attribute value);
  void set(StringAttr name, Attribute value);
  Attribute get(llvm::StringRef name) const;
  /// Removes `name`; returns the old value or null.
  Attribute erase(llvm::StringRef name);
  bool empty() const { return attrs.empty(); }
  size_t size() const { return attrs.size(); }
  llvm::ArrayRef<NamedAttribute> getAttrs() const { return attrs; }
  llvm::SmallVectorImpl<NamedAttribute> &getMutable() { return attrs; }
  void clear() { attrs.clear(); }
  /// Builds a (sorted) dictionary.
  DictionaryAttr getDictionary(Context *context) const;
  auto begin() const { return attrs.begin(); }
  auto end() const { return attrs.end(); }

  Context *context = nullptr;

private:
  llvm::SmallVector<NamedAttribute, 4> attrs;
};

/// Everything needed to create an operation.
struct OperationState {
  OperationState(Location location, OperationName name);
  OperationState(Location location, llvm::StringRef name, Context *context);
  ~OperationState();

  Context *getContext() const;
  void addOperands(ValueRange newOperands);
  void addTypes(llvm::ArrayRef<Type> newTypes) {
    types.append(newTypes.begin(), newTypes.end());
  }
  void addAttribute(llvm::StringRef attrName, Attribute value) {
    attributes.set(attrName, value);
  }
  void addSuccessors(Block *successor) { successors.push_back(successor); }
  /// Adds a new empty region and returns it (owned by the state until the op
  /// is created).
  Region *addRegion();
  /// Takes ownership of `region`'s blocks into a new region of the state.
  void addRegion(std::unique_ptr<Region> &&region);

  Location location;
  OperationName name;
  llvm::SmallVector<Value, 4> operands;
  llvm::SmallVector<Type, 4> types;
  /// Discardable attributes, and inherent ones until the op is created:
  /// Operation::create moves inherent names of registered ops to properties.
  NamedAttrList attributes;
  /// Inherent attributes given explicitly (`<{...}>` in generic form).
  NamedAttrList properties;
  llvm::SmallVector<Block *, 1> successors;
  llvm::SmallVector<std::unique_ptr<Region>, 1> regions;
};

} // namespace tilt

#endif // TILT_IR_OPERATIONSUPPORT_H
