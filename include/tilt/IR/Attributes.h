//===- Attributes.h - Attribute handles and the builtin attributes -*- C++
//-*-=//
//
// Attributes are compile-time constant data attached to operations: uniqued,
// immutable, compared by pointer. The builtin kinds cover MLIR's literal
// syntax for integers, floats, strings, arrays, dictionaries, types, unit,
// symbol references, dense arrays, dense elements and opaque dialect data.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_ATTRIBUTES_H
#define TILT_IR_ATTRIBUTES_H

#include "tilt/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include <optional>

namespace tilt {

using AttributeStorage = BaseStorage;

/// A handle to a uniqued attribute.
class Attribute {
public:
  using ImplType = AttributeStorage;

  Attribute() = default;
  Attribute(const AttributeStorage *impl)
      : impl(const_cast<AttributeStorage *>(impl)) {}

  bool operator==(Attribute other) const { return impl == other.impl; }
  bool operator!=(Attribute other) const { return impl != other.impl; }
  explicit operator bool() const { return impl != nullptr; }
  bool operator!() const { return impl == nullptr; }

  template <typename U> bool isa() const {
    assert(impl && "isa<> on a null attribute");
    return U::classof(*this);
  }
  template <typename First, typename Second, typename... Rest>
  bool isa() const {
    return isa<First>() || isa<Second, Rest...>();
  }
  template <typename U> U dyn_cast() const { return isa<U>() ? U(impl) : U(); }
  template <typename U> U dyn_cast_or_null() const {
    return (impl && isa<U>()) ? U(impl) : U();
  }
  template <typename U> U cast() const {
    assert(isa<U>() && "cast<> to an incompatible attribute");
    return U(impl);
  }

  TypeID getTypeID() const { return impl->typeID; }
  Context *getContext() const { return impl->context; }
  Dialect *getDialect() const { return impl->dialect; }
  /// The type of a typed attribute (integer, float, dense), else null.
  Type getType() const;

  void print(llvm::raw_ostream &os) const;
  void dump() const;

  AttributeStorage *getImpl() const { return impl; }
  const void *getAsOpaquePointer() const { return impl; }
  static Attribute getFromOpaquePointer(const void *ptr) {
    return Attribute(static_cast<const AttributeStorage *>(ptr));
  }

  /// The base of concrete attribute handles: provides classof.
  template <typename ConcreteT, typename BaseT, typename StorageT>
  class AttrBase : public BaseT {
  public:
    using BaseT::BaseT;
    using ImplType = StorageT;
    using Base = AttrBase<ConcreteT, BaseT, StorageT>;

    static TypeID getTypeID() { return TypeID::get<ConcreteT>(); }
    static bool classof(Attribute attr) {
      return attr.getTypeID() == TypeID::get<ConcreteT>();
    }

  protected:
    StorageT *getImpl() const {
      return static_cast<StorageT *>(Attribute::getImpl());
    }
  };

protected:
  AttributeStorage *impl = nullptr;
};

/// Prints `attr` as the text format writes it.
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Attribute attr) {
  attr.print(os);
  return os;
}
/// Attributes hash by identity (they are uniqued).
inline llvm::hash_code hash_value(Attribute attr) {
  return llvm::hash_value(attr.getImpl());
}

namespace detail {
struct IntegerAttrStorage;
struct FloatAttrStorage;
struct StringAttrStorage;
struct ArrayAttrStorage;
struct DictionaryAttrStorage;
struct TypeAttrStorage;
struct SymbolRefAttrStorage;
struct DenseArrayAttrStorage;
struct DenseElementsAttrStorage;
struct OpaqueAttrStorage;
struct UnitAttrStorage;
} // namespace detail

/// A string, also used for names of attributes and symbols.
class StringAttr : public Attribute::AttrBase<StringAttr, Attribute,
                                              detail::StringAttrStorage> {
public:
  using Base::Base;
  static StringAttr get(Context *context, llvm::StringRef value);
  /// A typed string, `"foo" : i32` (untyped for a none type); `type` must
  /// not be null.
  static StringAttr get(llvm::StringRef value, Type type);
  llvm::StringRef getValue() const;
  /// The string's type, or null for an untyped string (the usual case).
  Type getType() const;
  llvm::StringRef strref() const { return getValue(); }
  size_t size() const { return getValue().size(); }
  bool empty() const { return getValue().empty(); }
};

/// A (name, value) pair of a dictionary.
class NamedAttribute {
public:
  NamedAttribute(StringAttr name, Attribute value) : name(name), value(value) {}
  StringAttr getName() const { return name; }
  Attribute getValue() const { return value; }
  void setValue(Attribute newValue) { value = newValue; }
  bool operator==(const NamedAttribute &other) const {
    return name == other.name && value == other.value;
  }
  bool operator!=(const NamedAttribute &other) const {
    return !(*this == other);
  }
  /// Orders by name, as dictionaries are sorted.
  bool operator<(const NamedAttribute &other) const;

private:
  StringAttr name;
  Attribute value;
};

/// An integer of an integer or index type; `true`/`false` are i1 integers.
class IntegerAttr : public Attribute::AttrBase<IntegerAttr, Attribute,
                                               detail::IntegerAttrStorage> {
public:
  using Base::Base;
  static IntegerAttr get(Type type, const llvm::APInt &value);
  /// `value` is truncated (or sign-extended) to the width of `type`.
  static IntegerAttr get(Type type, int64_t value);
  Type getType() const;
  const llvm::APInt &getValue() const;
  int64_t getInt() const;
  int64_t getSInt() const { return getValue().getSExtValue(); }
  uint64_t getUInt() const { return getValue().getZExtValue(); }
};

/// An i1 IntegerAttr viewed as a boolean.
class BoolAttr : public IntegerAttr {
public:
  using IntegerAttr::IntegerAttr;
  BoolAttr(IntegerAttr attr) : IntegerAttr(attr.Attribute::getImpl()) {}
  static BoolAttr get(Context *context, bool value);
  bool getValue() const { return !IntegerAttr::getValue().isZero(); }
  static bool classof(Attribute attr);
};

/// A floating-point value of a float type.
class FloatAttr : public Attribute::AttrBase<FloatAttr, Attribute,
                                             detail::FloatAttrStorage> {
public:
  using Base::Base;
  static FloatAttr get(Type type, const llvm::APFloat &value);
  /// `value` is rounded to the semantics of `type`.
  static FloatAttr get(Type type, double value);
  Type getType() const;
  const llvm::APFloat &getValue() const;
  double getValueAsDouble() const;
};

/// `[a, b, c]`.
class ArrayAttr : public Attribute::AttrBase<ArrayAttr, Attribute,
                                             detail::ArrayAttrStorage> {
public:
  using Base::Base;
  static ArrayAttr get(Context *context, llvm::ArrayRef<Attribute> elements);
  llvm::ArrayRef<Attribute> getValue() const;
  size_t size() const { return getValue().size(); }
  bool empty() const { return getValue().empty(); }
  Attribute operator[](size_t i) const { return getValue()[i]; }
  auto begin() const { return getValue().begin(); }
  auto end() const { return getValue().end(); }
};

/// `{a = 1, b}`: named attributes sorted by name, names unique.
class DictionaryAttr
    : public Attribute::AttrBase<DictionaryAttr, Attribute,
                                 detail::DictionaryAttrStorage> {
public:
  using Base::Base;
  /// Sorts `values` by name. Duplicate names must have been rejected before.
  static DictionaryAttr get(Context *context,
                            llvm::ArrayRef<NamedAttribute> values = {});
  /// As get(), for values already sorted by name with no duplicates.
  static DictionaryAttr getWithSorted(Context *context,
                                      llvm::ArrayRef<NamedAttribute> values);
  llvm::ArrayRef<NamedAttribute> getValue() const;
  /// The value of `name`, or null.
  Attribute get(llvm::StringRef name) const;
  bool contains(llvm::StringRef name) const { return bool(get(name)); }
  size_t size() const { return getValue().size(); }
  bool empty() const { return getValue().empty(); }
  auto begin() const { return getValue().begin(); }
  auto end() const { return getValue().end(); }
  /// Returns the first duplicate name in `values`, if any.
  static std::optional<NamedAttribute>
  findDuplicate(llvm::SmallVectorImpl<NamedAttribute> &values, bool isSorted);
};

/// A type used as an attribute value.
class TypeAttr
    : public Attribute::AttrBase<TypeAttr, Attribute, detail::TypeAttrStorage> {
public:
  using Base::Base;
  static TypeAttr get(Type type);
  Type getValue() const;
};

/// `unit`: an attribute whose presence is the information.
class UnitAttr
    : public Attribute::AttrBase<UnitAttr, Attribute, detail::UnitAttrStorage> {
public:
  using Base::Base;
  static UnitAttr get(Context *context);
};

class FlatSymbolRefAttr;

/// `@root::@nested::@leaf`.
class SymbolRefAttr : public Attribute::AttrBase<SymbolRefAttr, Attribute,
                                                 detail::SymbolRefAttrStorage> {
public:
  using Base::Base;
  static SymbolRefAttr get(StringAttr root,
                           llvm::ArrayRef<FlatSymbolRefAttr> nested = {});
  static SymbolRefAttr get(Context *context, llvm::StringRef root,
                           llvm::ArrayRef<FlatSymbolRefAttr> nested = {});
  StringAttr getRootReference() const;
  llvm::ArrayRef<FlatSymbolRefAttr> getNestedReferences() const;
  /// The last reference of the path.
  StringAttr getLeafReference() const;
};

/// `@name`: a SymbolRefAttr without nested references.
class FlatSymbolRefAttr : public SymbolRefAttr {
public:
  using SymbolRefAttr::SymbolRefAttr;
  FlatSymbolRefAttr(SymbolRefAttr attr)
      : SymbolRefAttr(attr.Attribute::getImpl()) {}
  static FlatSymbolRefAttr get(StringAttr value);
  static FlatSymbolRefAttr get(Context *context, llvm::StringRef value);
  StringAttr getAttr() const { return getRootReference(); }
  llvm::StringRef getValue() const { return getRootReference().getValue(); }
  static bool classof(Attribute attr);
};

/// `array<i64: 1, 2>`: a dense array of i1, i8, i16, i32, i64, f32 or f64.
class DenseArrayAttr
    : public Attribute::AttrBase<DenseArrayAttr, Attribute,
                                 detail::DenseArrayAttrStorage> {
public:
  using Base::Base;
  static DenseArrayAttr getInts(Type elementType,
                                llvm::ArrayRef<int64_t> values);
  static DenseArrayAttr getFloats(Type elementType,
                                  llvm::ArrayRef<double> values);
  static DenseArrayAttr getI64(Context *context,
                               llvm::ArrayRef<int64_t> values);
  Type getElementType() const;
  int64_t size() const;
  bool empty() const { return size() == 0; }
  /// The values of an integer array, sign-extended.
  llvm::ArrayRef<int64_t> getIntValues() const;
  /// The values of a float array.
  llvm::ArrayRef<double> getFloatValues() const;
};

/// `dense<...> : tensor<...>`: a constant tensor, splat or element list.
class DenseElementsAttr
    : public Attribute::AttrBase<DenseElementsAttr, Attribute,
                                 detail::DenseElementsAttrStorage> {
public:
  using Base::Base;
  /// `elements` are IntegerAttr or FloatAttr of the element type; one
  /// element (or all elements equal) makes a splat.
  static DenseElementsAttr get(RankedTensorType type,
                               llvm::ArrayRef<Attribute> elements);
  RankedTensorType getType() const;
  bool isSplat() const;
  /// The stored elements: one for a splat, else getNumElements().
  llvm::ArrayRef<Attribute> getStoredElements() const;
  Attribute getSplatValue() const { return getStoredElements()[0]; }
  int64_t getNumElements() const;
  /// Element `i` in row-major order.
  Attribute getElement(int64_t i) const;
};

/// An attribute of a dialect that is not loaded, kept as written:
/// `#dialect.name<body>` or `#dialect<body>`.
class OpaqueAttr : public Attribute::AttrBase<OpaqueAttr, Attribute,
                                              detail::OpaqueAttrStorage> {
public:
  using Base::Base;
  static OpaqueAttr get(Context *context, llvm::StringRef dialectNamespace,
                        llvm::StringRef data);
  llvm::StringRef getDialectNamespace() const;
  llvm::StringRef getAttrData() const;
};

} // namespace tilt

namespace llvm {
template <> struct DenseMapInfo<tilt::Attribute> {
  static tilt::Attribute getEmptyKey() {
    return tilt::Attribute::getFromOpaquePointer(
        DenseMapInfo<void *>::getEmptyKey());
  }
  static tilt::Attribute getTombstoneKey() {
    return tilt::Attribute::getFromOpaquePointer(
        DenseMapInfo<void *>::getTombstoneKey());
  }
  static unsigned getHashValue(tilt::Attribute attr) {
    return DenseMapInfo<const void *>::getHashValue(attr.getAsOpaquePointer());
  }
  static bool isEqual(tilt::Attribute a, tilt::Attribute b) { return a == b; }
};
template <>
struct DenseMapInfo<tilt::StringAttr> : DenseMapInfo<tilt::Attribute> {
  static tilt::StringAttr getEmptyKey() {
    return tilt::StringAttr(static_cast<const tilt::AttributeStorage *>(
        DenseMapInfo<void *>::getEmptyKey()));
  }
  static tilt::StringAttr getTombstoneKey() {
    return tilt::StringAttr(static_cast<const tilt::AttributeStorage *>(
        DenseMapInfo<void *>::getTombstoneKey()));
  }
};
} // namespace llvm

#endif // TILT_IR_ATTRIBUTES_H
