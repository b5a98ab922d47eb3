//===- MetaliumAPI.h - The spelling of the pinned Metalium API --*- C++ -*-===//
//
// Everything that changes between TT-Metalium versions lives in the table in
// MetaliumAPI.cpp: include paths, the kernel entry, and how each tt intrinsic
// is called. A newer API version is a change to that table.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_TARGET_METALIUM_METALIUMAPI_H
#define TILT_LIB_TARGET_METALIUM_METALIUMAPI_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace tilt {
namespace metalium {

/// How one tt intrinsic is written in C++.
struct Spelling {
  /// The op name without `tt.`.
  llvm::StringRef op;
  /// The header that declares it (compute kernels include it; data-movement
  /// kernels include the dataflow API, which declares all of theirs).
  llvm::StringRef header;
  /// The call, with placeholders: `$0`, `$1`, ... for operands, and
  /// `$name` for a CB, DST, integer or keyword property of that name;
  /// `${a,b}` for the spelling of a pair of keyword properties (the
  /// keyword "a,b" with the value "x,y"), for calls named per pair.
  llvm::StringRef call;
};

/// The spelling of `op` (without `tt.`), or null if it has none.
const Spelling *lookupSpelling(llvm::StringRef op);

/// The C++ spelling of the keyword property `keyword` = `value` of `op`
/// (e.g. reduce `type(sum)` is `PoolType::SUM`), or "" for an unknown one.
llvm::StringRef spellKeyword(llvm::StringRef op, llvm::StringRef keyword,
                             llvm::StringRef value);

/// Kernel-side conventions of the pinned version.
struct KernelConventions {
  llvm::StringRef dataflowHeader;
  llvm::StringRef computeBaseHeader;
  llvm::StringRef entry;
};
const KernelConventions &getKernelConventions();

/// The C++ of every call and keyword spelling of the table, so that kernels
/// do not name a variable like something they call.
std::vector<llvm::StringRef> getSpellingTexts();

/// The helper functions a kernel needs for intrinsics that are not a single
/// Metalium call (e.g. `fill_scaler_tile`), or "".
llvm::StringRef getHelperDefinition(llvm::StringRef op);

} // namespace metalium
} // namespace tilt

#endif // TILT_LIB_TARGET_METALIUM_METALIUMAPI_H
