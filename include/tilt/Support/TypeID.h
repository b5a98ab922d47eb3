//===- TypeID.h - A unique identifier per C++ type ---------------*- C++
//-*-===//
//
// A TypeID names a C++ type (or a trait template) without RTTI. Types,
// attributes, operations and traits are keyed by it. The identity is the
// address of a function-local static, unique per instantiation.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_SUPPORT_TYPEID_H
#define TILT_SUPPORT_TYPEID_H

#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/Hashing.h"

namespace tilt {

/// An opaque, pointer-sized identifier of a C++ type.
class TypeID {
public:
  /// Returns the identifier of T.
  template <typename T> static TypeID get() {
    static const char anchor = 0;
    return TypeID(&anchor);
  }
  /// Returns the identifier of a trait template such as IsTerminator.
  template <template <typename> class Trait> static TypeID get() {
    static const char anchor = 0;
    return TypeID(&anchor);
  }
  /// Returns an identifier that no C++ type has.
  static TypeID getFromOpaquePointer(const void *ptr) { return TypeID(ptr); }

  bool operator==(TypeID other) const { return storage == other.storage; }
  bool operator!=(TypeID other) const { return storage != other.storage; }
  const void *getAsOpaquePointer() const { return storage; }

private:
  explicit TypeID(const void *storage) : storage(storage) {}
  const void *storage;
};

/// TypeIDs hash by identity.
inline llvm::hash_code hash_value(TypeID id) {
  return llvm::hash_value(id.getAsOpaquePointer());
}

} // namespace tilt

namespace llvm {
template <> struct DenseMapInfo<tilt::TypeID> {
  static tilt::TypeID getEmptyKey() {
    return tilt::TypeID::getFromOpaquePointer(
        DenseMapInfo<const void *>::getEmptyKey());
  }
  static tilt::TypeID getTombstoneKey() {
    return tilt::TypeID::getFromOpaquePointer(
        DenseMapInfo<const void *>::getTombstoneKey());
  }
  static unsigned getHashValue(tilt::TypeID id) {
    return DenseMapInfo<const void *>::getHashValue(id.getAsOpaquePointer());
  }
  static bool isEqual(tilt::TypeID a, tilt::TypeID b) { return a == b; }
};
} // namespace llvm

#endif // TILT_SUPPORT_TYPEID_H
