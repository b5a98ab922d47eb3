//===- StorageUniquer.cpp - Hash-consing of storage objects ---------------===//
//
// One hash set per storage kind, keyed by the storage's hash and compared
// with the storage's key equality. A reader-writer lock guards lookups and
// insertions while threading is enabled.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/StorageUniquer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <mutex>
#include <shared_mutex>

using namespace tilt;

namespace {
/// A stored object with its hash, so rehashing needs no key.
struct HashedStorage {
  unsigned hash;
  BaseStorage *storage;
};

/// What a lookup compares against.
struct LookupKey {
  unsigned hash;
  llvm::function_ref<bool(const BaseStorage *)> isEqual;
};

struct StorageKeyInfo {
  static HashedStorage getEmptyKey() {
    return {0, llvm::DenseMapInfo<BaseStorage *>::getEmptyKey()};
  }
  static HashedStorage getTombstoneKey() {
    return {0, llvm::DenseMapInfo<BaseStorage *>::getTombstoneKey()};
  }
  static unsigned getHashValue(const HashedStorage &key) { return key.hash; }
  static unsigned getHashValue(const LookupKey &key) { return key.hash; }
  static bool isEqual(const HashedStorage &lhs, const HashedStorage &rhs) {
    return lhs.storage == rhs.storage;
  }
  static bool isEqual(const LookupKey &lhs, const HashedStorage &rhs) {
    if (rhs.storage == getEmptyKey().storage ||
        rhs.storage == getTombstoneKey().storage)
      return false;
    return lhs.hash == rhs.hash && lhs.isEqual(rhs.storage);
  }
};

using StorageSet = llvm::DenseSet<HashedStorage, StorageKeyInfo>;
} // namespace

namespace tilt {
namespace detail {
struct StorageUniquerImpl {
  ~StorageUniquerImpl() {
    for (auto &[destroy, object] : cleanups)
      destroy(object);
  }
  llvm::BumpPtrAllocator allocator;
  std::vector<StorageAllocator::Cleanup> cleanups;
  StorageAllocator storageAllocator{allocator, cleanups};
  llvm::DenseMap<TypeID, std::unique_ptr<StorageSet>> sets;
  std::shared_mutex mutex;
};
} // namespace detail
} // namespace tilt

StorageUniquer::StorageUniquer()
    : impl(std::make_unique<detail::StorageUniquerImpl>()) {}
StorageUniquer::~StorageUniquer() = default;

StorageAllocator &StorageUniquer::getAllocatorUnlocked() {
  return impl->storageAllocator;
}

BaseStorage *StorageUniquer::getOrCreate(
    TypeID id, unsigned hash,
    llvm::function_ref<bool(const BaseStorage *)> isEqual,
    llvm::function_ref<BaseStorage *(StorageAllocator &)> construct) {
  LookupKey key{hash, isEqual};
  auto lookupOrInsert = [&]() -> BaseStorage * {
    std::unique_ptr<StorageSet> &set = impl->sets[id];
    if (!set)
      set = std::make_unique<StorageSet>();
    auto it = set->find_as(key);
    if (it != set->end())
      return it->storage;
    BaseStorage *storage = construct(impl->storageAllocator);
    set->insert_as(HashedStorage{hash, storage}, key);
    return storage;
  };
  if (!threadingEnabled)
    return lookupOrInsert();

  {
    std::shared_lock<std::shared_mutex> lock(impl->mutex);
    auto setIt = impl->sets.find(id);
    if (setIt != impl->sets.end()) {
      auto it = setIt->second->find_as(key);
      if (it != setIt->second->end())
        return it->storage;
    }
  }
  std::unique_lock<std::shared_mutex> lock(impl->mutex);
  return lookupOrInsert();
}
