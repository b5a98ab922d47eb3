//===- AsmPrinterImpl.h - Shared helpers of the printers --------*- C++ -*-===//
#ifndef TILT_LIB_IR_ASMPRINTERIMPL_H
#define TILT_LIB_IR_ASMPRINTERIMPL_H

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace tilt {
namespace detail {

/// Whether `name` can be printed without quotes: [a-zA-Z_][a-zA-Z0-9_$.]*.
bool isBareIdentifier(llvm::StringRef name);
/// Prints `"..."`, escaping `"`, `\` and non-printable characters as `\XX`.
void printQuotedString(llvm::StringRef str, llvm::raw_ostream &os);
/// Prints a float the way MLIR does: `1.000000e+00` when exact, otherwise
/// the shortest exact decimal, otherwise hexadecimal.
void printFloatValue(const llvm::APFloat &value, llvm::raw_ostream &os);
/// Prints `@name` or `@"name"`.
void printSymbolReference(llvm::StringRef name, llvm::raw_ostream &os);
void printType(Type type, llvm::raw_ostream &os);
/// Prints an attribute; with `elideType`, integer and float attributes drop
/// their `: type`.
void printAttribute(Attribute attr, llvm::raw_ostream &os,
                    bool elideType = false);
/// Prints the body of a location (inside `loc(...)`). Nested locations go
/// through `printNested` when given (to print their aliases).
void printLocationBody(
    Location loc, llvm::raw_ostream &os,
    llvm::function_ref<void(Location, llvm::raw_ostream &)> printNested = {});

/// Location aliases as mlir-opt prints them with debug info: every printed
/// location becomes `#loc`, `#loc1`, ..., numbered in the order a dry run
/// of the printer meets them (an op's location before the op, block
/// argument locations where they are printed), like MLIR's AliasInitializer,
/// and stably sorted by nesting depth so that an alias is defined before
/// the aliases that use it. Aliases that block arguments need (and what
/// they contain) are printed before the top-level op, the others after it.
class LocationAliases {
public:
  /// Meets `loc` (and its nested locations); `deferrable` is false for the
  /// location of a block argument.
  void visit(Location loc, bool deferrable);
  /// Sorts and names the aliases once every location is met.
  void finalize();
  /// The alias of `loc` without `#`, or empty.
  llvm::StringRef lookup(Location loc) const;
  /// Prints `#name = loc(...)` lines: the ones block arguments need
  /// (`deferred` false) or the others.
  void printDefinitions(llvm::raw_ostream &os, bool deferred) const;
  /// Prints the body of `loc` with its nested locations as aliases.
  void printBody(Location loc, llvm::raw_ostream &os) const;

private:
  struct Entry {
    Location loc;
    unsigned depth = 0;
    bool deferrable = true;
    llvm::SmallVector<unsigned, 2> children;
    std::string name;
  };
  unsigned visitImpl(Location loc, bool deferrable);
  void markNonDeferrable(unsigned index);
  std::vector<Entry> entries;
  llvm::DenseMap<Location, unsigned> indices;
  /// Entry indices in printing order.
  std::vector<unsigned> order;
};

} // namespace detail
} // namespace tilt

#endif // TILT_LIB_IR_ASMPRINTERIMPL_H
