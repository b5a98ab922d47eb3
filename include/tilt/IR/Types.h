//===- Types.h - Type handles and the builtin types -------------*- C++ -*-===//
//
// A Type is a pointer-sized handle to uniqued, immutable storage in a
// Context. Concrete kinds (IntegerType, FunctionType, ...) are handle classes
// derived through TypeBase, which gives them `classof` by TypeID so that
// `type.isa<IntegerType>()` and `type.dyn_cast<FunctionType>()` work.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_TYPES_H
#define TILT_IR_TYPES_H

#include "tilt/IR/StorageUniquer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/PointerLikeTypeTraits.h"
#include <cassert>
#include <cstdint>

namespace llvm {
class raw_ostream;
struct fltSemantics;
} // namespace llvm

namespace tilt {
class Context;
class Dialect;
class Attribute;

using TypeStorage = BaseStorage;

/// A handle to a uniqued type.
class Type {
public:
  using ImplType = TypeStorage;

  Type() = default;
  Type(const TypeStorage *impl) : impl(const_cast<TypeStorage *>(impl)) {}

  bool operator==(Type other) const { return impl == other.impl; }
  bool operator!=(Type other) const { return impl != other.impl; }
  explicit operator bool() const { return impl != nullptr; }
  bool operator!() const { return impl == nullptr; }

  template <typename U> bool isa() const {
    assert(impl && "isa<> on a null type");
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
    assert(isa<U>() && "cast<> to an incompatible type");
    return U(impl);
  }

  TypeID getTypeID() const { return impl->typeID; }
  Context *getContext() const { return impl->context; }
  /// The dialect that defines this type, or null for a builtin type.
  Dialect *getDialect() const { return impl->dialect; }

  // Convenience predicates on builtin kinds.
  bool isIndex() const;
  bool isBF16() const;
  bool isF16() const;
  bool isF32() const;
  bool isF64() const;
  bool isInteger() const;
  bool isInteger(unsigned width) const;
  bool isSignlessInteger() const;
  bool isSignlessInteger(unsigned width) const;
  bool isUnsignedInteger() const;
  bool isUnsignedInteger(unsigned width) const;
  bool isSignlessIntOrIndex() const;
  bool isIntOrIndex() const;
  bool isIntOrFloat() const;
  bool isIntOrIndexOrFloat() const;
  bool isFloat() const;
  /// The bit width of an integer or float type.
  unsigned getIntOrFloatBitWidth() const;

  void print(llvm::raw_ostream &os) const;
  void dump() const;

  TypeStorage *getImpl() const { return impl; }
  const void *getAsOpaquePointer() const { return impl; }
  static Type getFromOpaquePointer(const void *ptr) {
    return Type(static_cast<const TypeStorage *>(ptr));
  }

  /// The base of concrete type handles: provides classof and get().
  template <typename ConcreteT, typename BaseT, typename StorageT>
  class TypeBase : public BaseT {
  public:
    using BaseT::BaseT;
    using ImplType = StorageT;
    using Base = TypeBase<ConcreteT, BaseT, StorageT>;

    static TypeID getTypeID() { return TypeID::get<ConcreteT>(); }
    static bool classof(Type type) {
      return type.getTypeID() == TypeID::get<ConcreteT>();
    }

  protected:
    StorageT *getImpl() const {
      return static_cast<StorageT *>(Type::getImpl());
    }
  };

protected:
  TypeStorage *impl = nullptr;
};

/// Prints `type` as the text format writes it.
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Type type) {
  type.print(os);
  return os;
}
/// Types hash by identity (they are uniqued).
inline llvm::hash_code hash_value(Type type) {
  return llvm::hash_value(type.getImpl());
}

//===----------------------------------------------------------------------===//
// Builtin types
//===----------------------------------------------------------------------===//

namespace detail {
struct IntegerTypeStorage;
struct FunctionTypeStorage;
struct RankedTensorTypeStorage;
struct OpaqueTypeStorage;
struct SingletonTypeStorage;
} // namespace detail

/// An arbitrary-precision integer type: signless `iN`, signed `siN` or
/// unsigned `uiN`. Tilt's dialects use signless integers.
class IntegerType
    : public Type::TypeBase<IntegerType, Type, detail::IntegerTypeStorage> {
public:
  using Base::Base;
  enum Signedness : unsigned { Signless, Signed, Unsigned };
  /// The largest width MLIR accepts.
  static constexpr unsigned kMaxWidth = 16777215;

  static IntegerType get(Context *context, unsigned width,
                         Signedness signedness = Signless);
  unsigned getWidth() const;
  Signedness getSignedness() const;
  bool isSignless() const { return getSignedness() == Signless; }
};

/// The floating-point types f16, bf16, f32 and f64.
class FloatType
    : public Type::TypeBase<FloatType, Type, detail::SingletonTypeStorage> {
public:
  using Base::Base;
  enum Kind : unsigned { F16, BF16, F32, F64 };
  static FloatType getF16(Context *context);
  static FloatType getBF16(Context *context);
  static FloatType getF32(Context *context);
  static FloatType getF64(Context *context);
  static FloatType get(Context *context, Kind kind);
  Kind getKind() const;
  unsigned getWidth() const;
  /// The LLVM float semantics of this type (for APFloat).
  const llvm::fltSemantics &getFloatSemantics() const;
};

/// The target-dependent integer type `index`.
class IndexType
    : public Type::TypeBase<IndexType, Type, detail::SingletonTypeStorage> {
public:
  using Base::Base;
  /// Index values are folded with this width, as in MLIR.
  static constexpr unsigned kInternalStorageBitWidth = 64;
  static IndexType get(Context *context);
};

/// The unit type `none`.
class NoneType
    : public Type::TypeBase<NoneType, Type, detail::SingletonTypeStorage> {
public:
  using Base::Base;
  static NoneType get(Context *context);
};

/// `(inputs) -> results`.
class FunctionType
    : public Type::TypeBase<FunctionType, Type, detail::FunctionTypeStorage> {
public:
  using Base::Base;
  static FunctionType get(Context *context, llvm::ArrayRef<Type> inputs,
                          llvm::ArrayRef<Type> results);
  llvm::ArrayRef<Type> getInputs() const;
  llvm::ArrayRef<Type> getResults() const;
  unsigned getNumInputs() const { return getInputs().size(); }
  unsigned getNumResults() const { return getResults().size(); }
  Type getInput(unsigned i) const { return getInputs()[i]; }
  Type getResult(unsigned i) const { return getResults()[i]; }
};

/// A ranked tensor `tensor<4x?xf32>` with an optional encoding attribute.
class RankedTensorType
    : public Type::TypeBase<RankedTensorType, Type,
                            detail::RankedTensorTypeStorage> {
public:
  using Base::Base;
  /// The value of a dynamic (`?`) dimension.
  static constexpr int64_t kDynamic = INT64_MIN;

  static RankedTensorType get(llvm::ArrayRef<int64_t> shape, Type elementType,
                              Attribute encoding);
  static RankedTensorType get(llvm::ArrayRef<int64_t> shape, Type elementType);
  llvm::ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  Attribute getEncoding() const;
  unsigned getRank() const { return getShape().size(); }
  bool hasStaticShape() const;
  /// The number of elements of a static shape.
  int64_t getNumElements() const;
};

/// A type of a dialect that is not loaded, kept as written:
/// `!dialect.name<body>` or `!dialect<body>`.
class OpaqueType
    : public Type::TypeBase<OpaqueType, Type, detail::OpaqueTypeStorage> {
public:
  using Base::Base;
  /// `dialectNamespace` is the part before the first `.` or `<`; `data` is the
  /// rest as written, without the leading `.`.
  static OpaqueType get(Context *context, llvm::StringRef dialectNamespace,
                        llvm::StringRef data);
  llvm::StringRef getDialectNamespace() const;
  llvm::StringRef getTypeData() const;
};

/// A list of types viewed as an ArrayRef.
using TypeRange = llvm::ArrayRef<Type>;

/// The element type of a ranked tensor, or `type` itself.
Type getElementTypeOrSelf(Type type);

/// `elementType` in the shape of `shaped` (a ranked tensor), or
/// `elementType` itself when `shaped` is not a tensor.
Type getTypeWithSameShape(Type shaped, Type elementType);

} // namespace tilt

namespace llvm {
template <> struct DenseMapInfo<tilt::Type> {
  static tilt::Type getEmptyKey() {
    return tilt::Type::getFromOpaquePointer(
        DenseMapInfo<void *>::getEmptyKey());
  }
  static tilt::Type getTombstoneKey() {
    return tilt::Type::getFromOpaquePointer(
        DenseMapInfo<void *>::getTombstoneKey());
  }
  static unsigned getHashValue(tilt::Type type) {
    return DenseMapInfo<const void *>::getHashValue(type.getAsOpaquePointer());
  }
  static bool isEqual(tilt::Type a, tilt::Type b) { return a == b; }
};
template <> struct PointerLikeTypeTraits<tilt::Type> {
  static void *getAsVoidPointer(tilt::Type t) {
    return const_cast<void *>(t.getAsOpaquePointer());
  }
  static tilt::Type getFromVoidPointer(void *p) {
    return tilt::Type::getFromOpaquePointer(p);
  }
  static constexpr int NumLowBitsAvailable = 3;
};
} // namespace llvm

#endif // TILT_IR_TYPES_H
