//===- Location.cpp - Source locations ------------------------------------===//
//
// file:line:col locations that fit are encoded in the handle itself:
//   bit 0 = 1, bits 1..15 file index, bits 16..39 line, bits 40..63 column.
// Everything else points to uniqued LocationStorage in a context.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Location.h"
#include "ContextImpl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

using namespace tilt;

namespace {
constexpr unsigned kFileBits = 15, kLineBits = 24, kColumnBits = 24;
constexpr unsigned kFileShift = 1, kLineShift = 16, kColumnShift = 40;

/// File names seen in locations, interned for the life of the process (they
/// are few: one per input file).
struct FileTable {
  std::mutex mutex;
  llvm::StringMap<unsigned> indices;
  std::vector<llvm::StringRef> names;

  unsigned getIndex(llvm::StringRef name) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = indices.try_emplace(name, names.size());
    if (it.second)
      names.push_back(it.first->getKey());
    return it.first->second;
  }
  llvm::StringRef getName(unsigned index) {
    std::lock_guard<std::mutex> lock(mutex);
    return names[index];
  }
};
FileTable &getFileTable() {
  static FileTable *table = new FileTable();
  return *table;
}
} // namespace

namespace tilt {
namespace detail {
struct LocationStorage : public BaseStorage {
  using KeyTy = std::tuple<unsigned, llvm::StringRef, unsigned, unsigned,
                           llvm::ArrayRef<Location>, Attribute>;
  static unsigned hashKey(const KeyTy &key) {
    auto locs = std::get<4>(key);
    llvm::hash_code hash =
        llvm::hash_combine(std::get<0>(key), std::get<1>(key), std::get<2>(key),
                           std::get<3>(key), std::get<5>(key));
    for (Location loc : locs)
      hash = llvm::hash_combine(hash, loc.getAsOpaqueValue());
    return hash;
  }
  bool operator==(const KeyTy &key) const {
    return kind == std::get<0>(key) && text == std::get<1>(key) &&
           a == std::get<2>(key) && b == std::get<3>(key) &&
           locations == std::get<4>(key) && metadata == std::get<5>(key);
  }
  static LocationStorage *construct(StorageAllocator &allocator,
                                    const KeyTy &key) {
    auto *storage =
        new (allocator.allocate<LocationStorage>()) LocationStorage();
    storage->kind = std::get<0>(key);
    storage->text = allocator.copyInto(std::get<1>(key));
    storage->a = std::get<2>(key);
    storage->b = std::get<3>(key);
    storage->locations = allocator.copyInto(std::get<4>(key));
    storage->metadata = std::get<5>(key);
    return storage;
  }
  /// A Location::Kind.
  unsigned kind;
  /// The file name or the name of a name location.
  llvm::StringRef text;
  /// Line and column of a file location.
  unsigned a, b;
  /// Child of a name location; callee and caller of a call site; the fused
  /// locations.
  llvm::ArrayRef<Location> locations;
  Attribute metadata;
};
} // namespace detail
} // namespace tilt

using detail::LocationStorage;

static Location getStorageLoc(Context *context, Location::Kind kind,
                              llvm::StringRef text, unsigned a, unsigned b,
                              llvm::ArrayRef<Location> locs,
                              Attribute metadata) {
  auto *storage = context->getImpl().uniquer.get<LocationStorage>(
      TypeID::get<Location>(), context, nullptr,
      LocationStorage::KeyTy(unsigned(kind), text, a, b, locs, metadata));
  return Location::getFromOpaqueValue(reinterpret_cast<uintptr_t>(storage));
}

const LocationStorage *Location::getStorage() const {
  if (bits == 0 || (bits & 1))
    return nullptr;
  return reinterpret_cast<const LocationStorage *>(bits);
}

Location::Kind Location::getKind() const {
  if (bits == 0)
    return Kind::Unknown;
  if (bits & 1)
    return Kind::FileLineCol;
  return Kind(getStorage()->kind);
}

unsigned Location::internFilename(llvm::StringRef filename) {
  return getFileTable().getIndex(filename);
}

Location Location::getFileLineCol(Context *context, llvm::StringRef filename,
                                  unsigned line, unsigned column) {
  return getFileLineCol(context, internFilename(filename), line, column);
}

Location Location::getFileLineCol(Context *context, unsigned fileIndex,
                                  unsigned line, unsigned column) {
  if (fileIndex < (1u << kFileBits) && line < (1u << kLineBits) &&
      column < (1u << kColumnBits)) {
    uintptr_t bits = 1 | (uintptr_t(fileIndex) << kFileShift) |
                     (uintptr_t(line) << kLineShift) |
                     (uintptr_t(column) << kColumnShift);
    return getFromOpaqueValue(bits);
  }
  return getStorageLoc(context, Kind::FileLineCol,
                       getFileTable().getName(fileIndex), line, column, {},
                       Attribute());
}
llvm::StringRef Location::getFilename() const {
  if (bits & 1)
    return getFileTable().getName((bits >> kFileShift) &
                                  ((1u << kFileBits) - 1));
  return getStorage()->text;
}
unsigned Location::getLine() const {
  if (bits & 1)
    return (bits >> kLineShift) & ((1u << kLineBits) - 1);
  return getStorage()->a;
}
unsigned Location::getColumn() const {
  if (bits & 1)
    return (bits >> kColumnShift) & ((1u << kColumnBits) - 1);
  return getStorage()->b;
}

Location Location::getName(Context *context, llvm::StringRef name,
                           Location child) {
  return getStorageLoc(context, Kind::Name, name, 0, 0, {child}, Attribute());
}
llvm::StringRef Location::getNameValue() const { return getStorage()->text; }
Location Location::getNameChild() const { return getStorage()->locations[0]; }

Location Location::getCallSite(Context *context, Location callee,
                               Location caller) {
  Location locs[] = {callee, caller};
  return getStorageLoc(context, Kind::CallSite, "", 0, 0, locs, Attribute());
}
Location Location::getCallee() const { return getStorage()->locations[0]; }
Location Location::getCaller() const { return getStorage()->locations[1]; }

Location Location::getFused(Context *context, llvm::ArrayRef<Location> locs,
                            Attribute metadata) {
  return getStorageLoc(context, Kind::Fused, "", 0, 0, locs, metadata);
}
llvm::ArrayRef<Location> Location::getFusedLocations() const {
  return getStorage()->locations;
}
Attribute Location::getFusedMetadata() const { return getStorage()->metadata; }

void Location::dump() const {
  print(llvm::errs());
  llvm::errs() << "\n";
}

Location Location::getName(Context *context, llvm::StringRef name) {
  return getName(context, name, Location());
}

std::optional<Location> Location::findFileLineCol() const {
  switch (getKind()) {
  case Kind::FileLineCol:
    return *this;
  case Kind::Name:
    return getNameChild().findFileLineCol();
  case Kind::CallSite:
    return getCallee().findFileLineCol();
  case Kind::Fused:
    for (Location nested : getFusedLocations())
      if (auto found = nested.findFileLineCol())
        return found;
    return std::nullopt;
  case Kind::Unknown:
    return std::nullopt;
  }
  return std::nullopt;
}
