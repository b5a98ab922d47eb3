//===- StorageUniquer.h - Uniqued storage of types and attributes -*- C++
//-*-===//
//
// Types, attributes and locations are immutable and hash-consed: one storage
// object per distinct value per Context, so equality is pointer equality.
// The uniquer is keyed by the TypeID of the storage's handle class and a
// storage-provided key; creation is thread-safe (a reader-writer lock that is
// skipped while the context has threading disabled, as during parsing).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_STORAGEUNIQUER_H
#define TILT_IR_STORAGEUNIQUER_H

#include "tilt/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include <cstring>
#include <memory>
#include <vector>

namespace tilt {
class Context;
class Dialect;

/// Allocates storage memory that lives as long as the context.
class StorageAllocator {
public:
  using Cleanup = std::pair<void (*)(void *), void *>;
  StorageAllocator(llvm::BumpPtrAllocator &allocator,
                   std::vector<Cleanup> &cleanups)
      : allocator(allocator), cleanups(cleanups) {}

  /// Runs `destroy(object)` when the context goes away, for storage that owns
  /// memory outside the allocator (e.g. wide APInt values).
  void addCleanup(void (*destroy)(void *), void *object) {
    cleanups.emplace_back(destroy, object);
  }

  /// Copies `elements` into memory owned by the context.
  template <typename T> llvm::ArrayRef<T> copyInto(llvm::ArrayRef<T> elements) {
    if (elements.empty())
      return {};
    T *result = allocator.Allocate<T>(elements.size());
    std::uninitialized_copy(elements.begin(), elements.end(), result);
    return llvm::ArrayRef<T>(result, elements.size());
  }
  /// Copies `str` (with a trailing NUL) into memory owned by the context.
  llvm::StringRef copyInto(llvm::StringRef str) {
    if (str.empty())
      return {};
    char *result = allocator.Allocate<char>(str.size() + 1);
    std::memcpy(result, str.data(), str.size());
    result[str.size()] = 0;
    return llvm::StringRef(result, str.size());
  }
  /// Allocates and default-constructs nothing: raw memory for one T.
  template <typename T> T *allocate() { return allocator.Allocate<T>(); }
  void *allocate(size_t size, size_t align) {
    return allocator.Allocate(size, llvm::Align(align));
  }

private:
  llvm::BumpPtrAllocator &allocator;
  std::vector<Cleanup> &cleanups;
};

/// The common header of every uniqued storage object.
struct BaseStorage {
  /// The TypeID of the handle class (e.g. IntegerType) this storage backs.
  TypeID typeID = TypeID::getFromOpaquePointer(nullptr);
  /// The owning context.
  Context *context = nullptr;
  /// The dialect that owns the kind, or null for builtins.
  Dialect *dialect = nullptr;
};

namespace detail {
struct StorageUniquerImpl;
} // namespace detail

/// Hash-conses storage objects. A storage class provides:
///   using KeyTy = ...;
///   static unsigned hashKey(const KeyTy &);
///   bool operator==(const KeyTy &) const;
///   static Storage *construct(StorageAllocator &, const KeyTy &);
class StorageUniquer {
public:
  StorageUniquer();
  ~StorageUniquer();

  /// Returns the unique storage for `key` of kind `id`, creating it on first
  /// request.
  template <typename Storage>
  Storage *get(TypeID id, Context *context, Dialect *dialect,
               const typename Storage::KeyTy &key) {
    unsigned hash = Storage::hashKey(key);
    auto isEqual = [&](const BaseStorage *existing) {
      return static_cast<const Storage &>(*existing) == key;
    };
    auto construct = [&](StorageAllocator &allocator) -> BaseStorage * {
      Storage *storage = Storage::construct(allocator, key);
      storage->typeID = id;
      storage->context = context;
      storage->dialect = dialect;
      return storage;
    };
    return static_cast<Storage *>(getOrCreate(id, hash, isEqual, construct));
  }

  /// Enables or disables locking. Disable only while one thread owns the
  /// context (the parser does this, like mlir-opt).
  void setThreadingEnabled(bool enabled) { threadingEnabled = enabled; }
  bool isThreadingEnabled() const { return threadingEnabled; }

  /// Allocates memory that lives as long as the uniquer (thread-safe).
  StorageAllocator &getAllocatorUnlocked();

private:
  BaseStorage *
  getOrCreate(TypeID id, unsigned hash,
              llvm::function_ref<bool(const BaseStorage *)> isEqual,
              llvm::function_ref<BaseStorage *(StorageAllocator &)> construct);

  std::unique_ptr<detail::StorageUniquerImpl> impl;
  bool threadingEnabled = true;
};

} // namespace tilt

#endif // TILT_IR_STORAGEUNIQUER_H
