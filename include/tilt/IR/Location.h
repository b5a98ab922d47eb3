//===- Location.h - Source locations of IR ----------------------*- C++ -*-===//
//
// Every operation and block argument carries a Location. The kinds are MLIR's:
// unknown, file:line:col, name (with an optional child), call site and fused.
//
// A file:line:col location is by far the most common (the parser gives one to
// every operation), so it is encoded inside the 64-bit handle itself when the
// line and column fit in 24 bits and the file in 15: no allocation, no hash
// table, and equality is still a word compare. File names are interned in a
// process-wide table. Other kinds point to uniqued storage in a Context.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_LOCATION_H
#define TILT_IR_LOCATION_H

#include "tilt/IR/Attributes.h"

#include <optional>

namespace tilt {

namespace detail {
struct LocationStorage;
} // namespace detail

/// A pointer-sized source location. The default value is `loc(unknown)`.
class Location {
public:
  enum class Kind { Unknown, FileLineCol, Name, CallSite, Fused };

  Location() = default;

  Kind getKind() const;
  bool isUnknown() const { return bits == 0; }

  // file:line:col
  static Location getFileLineCol(Context *context, llvm::StringRef filename,
                                 unsigned line, unsigned column);
  /// Interns a file name once, for callers that make many locations in the
  /// same file (the parser).
  static unsigned internFilename(llvm::StringRef filename);
  static Location getFileLineCol(Context *context, unsigned fileIndex,
                                 unsigned line, unsigned column);
  llvm::StringRef getFilename() const;
  unsigned getLine() const;
  unsigned getColumn() const;
  /// The first file:line:col location in this one (itself, a name's child,
  /// a call site's callee, a fused location's first that has one).
  std::optional<Location> findFileLineCol() const;

  // "name" or "name"(child)
  static Location getName(Context *context, llvm::StringRef name);
  static Location getName(Context *context, llvm::StringRef name,
                          Location child);
  llvm::StringRef getNameValue() const;
  Location getNameChild() const;

  // callsite(callee at caller)
  static Location getCallSite(Context *context, Location callee,
                              Location caller);
  Location getCallee() const;
  Location getCaller() const;

  // fused<metadata>[a, b]
  static Location getFused(Context *context, llvm::ArrayRef<Location> locs,
                           Attribute metadata = Attribute());
  llvm::ArrayRef<Location> getFusedLocations() const;
  Attribute getFusedMetadata() const;

  bool operator==(Location other) const { return bits == other.bits; }
  bool operator!=(Location other) const { return bits != other.bits; }

  void print(llvm::raw_ostream &os) const;
  void dump() const;

  uintptr_t getAsOpaqueValue() const { return bits; }
  static Location getFromOpaqueValue(uintptr_t value) {
    Location loc;
    loc.bits = value;
    return loc;
  }

private:
  const detail::LocationStorage *getStorage() const;
  static Location fromStorage(const detail::LocationStorage *storage);
  uintptr_t bits = 0;
};

/// Prints `loc` as `loc(...)` writes it.
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Location loc) {
  loc.print(os);
  return os;
}

} // namespace tilt

namespace llvm {
template <> struct DenseMapInfo<tilt::Location> {
  static tilt::Location getEmptyKey() {
    return tilt::Location::getFromOpaqueValue(~uintptr_t(1));
  }
  static tilt::Location getTombstoneKey() {
    return tilt::Location::getFromOpaqueValue(~uintptr_t(3));
  }
  static unsigned getHashValue(tilt::Location loc) {
    return DenseMapInfo<uint64_t>::getHashValue(loc.getAsOpaqueValue());
  }
  static bool isEqual(tilt::Location a, tilt::Location b) { return a == b; }
};
} // namespace llvm

#endif // TILT_IR_LOCATION_H
