//===- AsmPrinterImpl.h - Shared helpers of the printers --------*- C++ -*-===//
#ifndef TILT_LIB_IR_ASMPRINTERIMPL_H
#define TILT_LIB_IR_ASMPRINTERIMPL_H

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

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
/// Prints the body of a location (inside `loc(...)`).
void printLocationBody(Location loc, llvm::raw_ostream &os);

} // namespace detail
} // namespace tilt

#endif // TILT_LIB_IR_ASMPRINTERIMPL_H
