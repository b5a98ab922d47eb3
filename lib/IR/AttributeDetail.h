//===- AttributeDetail.h - Storage of the builtin attributes ----*- C++ -*-===//
#ifndef TILT_LIB_IR_ATTRIBUTEDETAIL_H
#define TILT_LIB_IR_ATTRIBUTEDETAIL_H

#include "TypeDetail.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

namespace tilt {
namespace detail {

/// A string and its optional type (`"foo" : i32`; null when untyped).
struct StringAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<llvm::StringRef, Type>;
  static unsigned hashKey(const KeyTy &key) {
    return key.second ? unsigned(llvm::hash_combine(key.first, key.second))
                      : unsigned(llvm::hash_value(key.first));
  }
  bool operator==(const KeyTy &key) const {
    return value == key.first && type == key.second;
  }
  static StringAttrStorage *construct(StorageAllocator &allocator,
                                      const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<StringAttrStorage>()) StringAttrStorage();
    storage->value = allocator.copyInto(key.first);
    storage->type = key.second;
    return storage;
  }
  llvm::StringRef value;
  Type type;
};

struct IntegerAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<Type, llvm::APInt>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(key.first, llvm::hash_value(key.second));
  }
  bool operator==(const KeyTy &key) const {
    return type == key.first &&
           value.getBitWidth() == key.second.getBitWidth() &&
           value == key.second;
  }
  static IntegerAttrStorage *construct(StorageAllocator &allocator,
                                       const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<IntegerAttrStorage>()) IntegerAttrStorage();
    storage->type = key.first;
    storage->value = key.second;
    // Values wider than 64 bits own heap memory: free it with the context.
    if (storage->value.getBitWidth() > 64)
      allocator.addCleanup(
          [](void *object) {
            static_cast<IntegerAttrStorage *>(object)->value.~APInt();
          },
          storage);
    return storage;
  }
  Type type;
  llvm::APInt value;
};

struct FloatAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<Type, llvm::APFloat>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(key.first, llvm::hash_value(key.second));
  }
  bool operator==(const KeyTy &key) const {
    return type == key.first && value.bitwiseIsEqual(key.second);
  }
  static FloatAttrStorage *construct(StorageAllocator &allocator,
                                     const KeyTy &key) {
    return new (allocator.allocate<FloatAttrStorage>())
        FloatAttrStorage(key.first, key.second);
  }
  FloatAttrStorage(Type type, const llvm::APFloat &value)
      : type(type), value(value) {}
  Type type;
  llvm::APFloat value;
};

struct ArrayAttrStorage : public AttributeStorage {
  using KeyTy = llvm::ArrayRef<Attribute>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine_range(key.begin(), key.end());
  }
  bool operator==(const KeyTy &key) const { return key == value; }
  static ArrayAttrStorage *construct(StorageAllocator &allocator,
                                     const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<ArrayAttrStorage>()) ArrayAttrStorage();
    storage->value = allocator.copyInto(key);
    return storage;
  }
  llvm::ArrayRef<Attribute> value;
};

struct DictionaryAttrStorage : public AttributeStorage {
  using KeyTy = llvm::ArrayRef<NamedAttribute>;
  static unsigned hashKey(const KeyTy &key) {
    llvm::hash_code hash = llvm::hash_value(key.size());
    for (const NamedAttribute &attr : key)
      hash = llvm::hash_combine(hash, attr.getName(), attr.getValue());
    return hash;
  }
  bool operator==(const KeyTy &key) const { return key == value; }
  static DictionaryAttrStorage *construct(StorageAllocator &allocator,
                                          const KeyTy &key) {
    auto *storage = new (allocator.allocate<DictionaryAttrStorage>())
        DictionaryAttrStorage();
    storage->value = allocator.copyInto(key);
    return storage;
  }
  llvm::ArrayRef<NamedAttribute> value;
};

struct TypeAttrStorage : public AttributeStorage {
  using KeyTy = Type;
  static unsigned hashKey(const KeyTy &key) { return hash_value(key); }
  bool operator==(const KeyTy &key) const { return key == value; }
  static TypeAttrStorage *construct(StorageAllocator &allocator,
                                    const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<TypeAttrStorage>()) TypeAttrStorage();
    storage->value = key;
    return storage;
  }
  Type value;
};

struct UnitAttrStorage : public AttributeStorage {};

struct SymbolRefAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<StringAttr, llvm::ArrayRef<FlatSymbolRefAttr>>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(
        key.first,
        llvm::hash_combine_range(key.second.begin(), key.second.end()));
  }
  bool operator==(const KeyTy &key) const {
    return root == key.first && nested == key.second;
  }
  static SymbolRefAttrStorage *construct(StorageAllocator &allocator,
                                         const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<SymbolRefAttrStorage>()) SymbolRefAttrStorage();
    storage->root = key.first;
    storage->nested = allocator.copyInto(key.second);
    return storage;
  }
  StringAttr root;
  llvm::ArrayRef<FlatSymbolRefAttr> nested;
};

struct DenseArrayAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<Type, llvm::ArrayRef<int64_t>,
                           llvm::ArrayRef<double>, int64_t>;
  static unsigned hashKey(const KeyTy &key) {
    auto ints = std::get<1>(key);
    auto floats = std::get<2>(key);
    llvm::hash_code hash =
        llvm::hash_combine(std::get<0>(key), std::get<3>(key));
    hash = llvm::hash_combine(
        hash, llvm::hash_combine_range(ints.begin(), ints.end()));
    for (double f : floats) {
      uint64_t bits;
      std::memcpy(&bits, &f, sizeof(bits));
      hash = llvm::hash_combine(hash, bits);
    }
    return hash;
  }
  bool operator==(const KeyTy &key) const {
    if (elementType != std::get<0>(key) || size != std::get<3>(key) ||
        ints != std::get<1>(key))
      return false;
    auto other = std::get<2>(key);
    // Bitwise, so that -0.0 and NaN payloads stay distinct.
    return floats.size() == other.size() &&
           (floats.empty() || std::memcmp(floats.data(), other.data(),
                                          floats.size() * sizeof(double)) == 0);
  }
  static DenseArrayAttrStorage *construct(StorageAllocator &allocator,
                                          const KeyTy &key) {
    auto *storage = new (allocator.allocate<DenseArrayAttrStorage>())
        DenseArrayAttrStorage();
    storage->elementType = std::get<0>(key);
    storage->ints = allocator.copyInto(std::get<1>(key));
    storage->floats = allocator.copyInto(std::get<2>(key));
    storage->size = std::get<3>(key);
    return storage;
  }
  Type elementType;
  llvm::ArrayRef<int64_t> ints;
  llvm::ArrayRef<double> floats;
  int64_t size = 0;
};

struct DenseElementsAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<Type, llvm::ArrayRef<Attribute>>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(
        key.first,
        llvm::hash_combine_range(key.second.begin(), key.second.end()));
  }
  bool operator==(const KeyTy &key) const {
    return type == key.first && elements == key.second;
  }
  static DenseElementsAttrStorage *construct(StorageAllocator &allocator,
                                             const KeyTy &key) {
    auto *storage = new (allocator.allocate<DenseElementsAttrStorage>())
        DenseElementsAttrStorage();
    storage->type = key.first;
    storage->elements = allocator.copyInto(key.second);
    return storage;
  }
  Type type;
  /// One element for a splat, else all of them.
  llvm::ArrayRef<Attribute> elements;
};

struct OpaqueAttrStorage : public OpaqueStorage {
  static OpaqueAttrStorage *construct(StorageAllocator &allocator,
                                      const KeyTy &key) {
    return constructAs<OpaqueAttrStorage>(allocator, key);
  }
};

} // namespace detail
} // namespace tilt

#endif // TILT_LIB_IR_ATTRIBUTEDETAIL_H
