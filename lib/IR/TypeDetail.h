//===- TypeDetail.h - Storage of the builtin types --------------*- C++ -*-===//
#ifndef TILT_LIB_IR_TYPEDETAIL_H
#define TILT_LIB_IR_TYPEDETAIL_H

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Types.h"
#include "llvm/ADT/Hashing.h"
#include <tuple>

namespace tilt {
namespace detail {

/// Types identified by a small kind number (floats, index, none).
struct SingletonTypeStorage : public TypeStorage {
  unsigned kind = 0;
};

struct IntegerTypeStorage : public TypeStorage {
  using KeyTy = std::pair<unsigned, unsigned>;
  IntegerTypeStorage(unsigned width, unsigned signedness)
      : width(width), signedness(signedness) {}
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(key.first, key.second);
  }
  bool operator==(const KeyTy &key) const {
    return key == KeyTy(width, signedness);
  }
  static IntegerTypeStorage *construct(StorageAllocator &allocator,
                                       const KeyTy &key) {
    return new (allocator.allocate<IntegerTypeStorage>())
        IntegerTypeStorage(key.first, key.second);
  }
  unsigned width;
  unsigned signedness;
};

struct FunctionTypeStorage : public TypeStorage {
  using KeyTy = std::pair<llvm::ArrayRef<Type>, llvm::ArrayRef<Type>>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(
        llvm::hash_combine_range(key.first.begin(), key.first.end()),
        llvm::hash_combine_range(key.second.begin(), key.second.end()));
  }
  bool operator==(const KeyTy &key) const {
    return inputs == key.first && results == key.second;
  }
  static FunctionTypeStorage *construct(StorageAllocator &allocator,
                                        const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<FunctionTypeStorage>()) FunctionTypeStorage();
    storage->inputs = allocator.copyInto(key.first);
    storage->results = allocator.copyInto(key.second);
    return storage;
  }
  llvm::ArrayRef<Type> inputs;
  llvm::ArrayRef<Type> results;
};

struct RankedTensorTypeStorage : public TypeStorage {
  using KeyTy = std::tuple<llvm::ArrayRef<int64_t>, Type, Attribute>;
  static unsigned hashKey(const KeyTy &key) {
    auto shape = std::get<0>(key);
    return llvm::hash_combine(
        llvm::hash_combine_range(shape.begin(), shape.end()), std::get<1>(key),
        std::get<2>(key));
  }
  bool operator==(const KeyTy &key) const {
    return shape == std::get<0>(key) && elementType == std::get<1>(key) &&
           encoding == std::get<2>(key);
  }
  static RankedTensorTypeStorage *construct(StorageAllocator &allocator,
                                            const KeyTy &key) {
    auto *storage = new (allocator.allocate<RankedTensorTypeStorage>())
        RankedTensorTypeStorage();
    storage->shape = allocator.copyInto(std::get<0>(key));
    storage->elementType = std::get<1>(key);
    storage->encoding = std::get<2>(key);
    return storage;
  }
  llvm::ArrayRef<int64_t> shape;
  Type elementType;
  Attribute encoding;
};

/// Opaque types and attributes: a dialect namespace and a body as written.
struct OpaqueStorage : public BaseStorage {
  using KeyTy = std::pair<llvm::StringRef, llvm::StringRef>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(key.first, key.second);
  }
  bool operator==(const KeyTy &key) const {
    return key.first == dialectNamespace && key.second == data;
  }
  template <typename StorageT>
  static StorageT *constructAs(StorageAllocator &allocator, const KeyTy &key) {
    auto *storage = new (allocator.allocate<StorageT>()) StorageT();
    storage->dialectNamespace = allocator.copyInto(key.first);
    storage->data = allocator.copyInto(key.second);
    return storage;
  }
  llvm::StringRef dialectNamespace;
  llvm::StringRef data;
};

struct OpaqueTypeStorage : public OpaqueStorage {
  static OpaqueTypeStorage *construct(StorageAllocator &allocator,
                                      const KeyTy &key) {
    return constructAs<OpaqueTypeStorage>(allocator, key);
  }
};

} // namespace detail
} // namespace tilt

#endif // TILT_LIB_IR_TYPEDETAIL_H
