//===- AttrTypePrinter.cpp - Printing types, attributes, locations --------===//
//
// The textual forms are MLIR's, byte for byte where Tilt models the kind.
// Dialect types and attributes are printed by their dialect's hooks.
//
//===----------------------------------------------------------------------===//

#include "AsmPrinterImpl.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/DialectSymbolBody.h"
#include "tilt/IR/OpAsm.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

using namespace tilt;
using namespace tilt::detail;

bool detail::isBareIdentifier(llvm::StringRef name) {
  if (name.empty() || (!llvm::isAlpha(name[0]) && name[0] != '_'))
    return false;
  return llvm::all_of(name.drop_front(), [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  });
}

void detail::printQuotedString(llvm::StringRef str, llvm::raw_ostream &os) {
  os << '"';
  // llvm::printEscapedString's rules, which MLIR uses: `\\` for a backslash,
  // `\XX` for quotes and non-printable bytes.
  for (unsigned char c : str) {
    if (c == '\\') {
      os << "\\\\";
      continue;
    }
    if (c == '"' || !llvm::isPrint(c)) {
      os << '\\' << llvm::hexdigit(c >> 4) << llvm::hexdigit(c & 0xF);
      continue;
    }
    os << c;
  }
  os << '"';
}

void detail::printSymbolReference(llvm::StringRef name, llvm::raw_ostream &os) {
  os << '@';
  if (isBareIdentifier(name))
    os << name;
  else
    printQuotedString(name, os);
}

void detail::printFloatValue(const llvm::APFloat &value,
                             llvm::raw_ostream &os) {
  if (value.isFinite()) {
    llvm::SmallString<128> str;
    value.toString(str, /*FormatPrecision=*/6, /*FormatMaxPadding=*/0,
                   /*TruncateZero=*/false);
    // Use the scientific form only if it reads back to the same value.
    llvm::APFloat parsed(value.getSemantics());
    auto status =
        parsed.convertFromString(str, llvm::APFloat::rmNearestTiesToEven);
    bool exact = false;
    if (status)
      exact = parsed.bitwiseIsEqual(value);
    else
      llvm::consumeError(status.takeError());
    if (exact) {
      os << str;
      return;
    }
    str.clear();
    value.toString(str);
    if (llvm::StringRef(str).contains('.')) {
      os << str;
      return;
    }
  }
  // Infinities, NaNs and values without an exact short decimal: hex bits.
  llvm::APInt bits = value.bitcastToAPInt();
  llvm::SmallString<32> hex;
  bits.toString(hex, 16, /*Signed=*/false, /*formatAsCLiteral=*/true);
  // MLIR prints the hex digits in upper case after the 0x.
  os << "0x" << llvm::StringRef(hex).drop_front(2).upper();
}

namespace {
/// An AsmPrinter over a plain stream, for dialect type/attribute hooks.
class StreamAsmPrinter : public AsmPrinter {
public:
  explicit StreamAsmPrinter(llvm::raw_ostream &os) : os(os) {}
  llvm::raw_ostream &getStream() const override { return os; }
  void printType(Type type) override { detail::printType(type, os); }
  void printAttribute(Attribute attr) override {
    detail::printAttribute(attr, os);
  }
  void printAttributeWithoutType(Attribute attr) override {
    detail::printAttribute(attr, os, /*elideType=*/true);
  }
  void printKeywordOrString(llvm::StringRef keyword) override {
    if (isBareIdentifier(keyword))
      os << keyword;
    else
      printQuotedString(keyword, os);
  }
  void printSymbolName(llvm::StringRef name) override {
    printSymbolReference(name, os);
  }
  void printString(llvm::StringRef value) override {
    printQuotedString(value, os);
  }

private:
  llvm::raw_ostream &os;
};
} // namespace

/// MLIR's rule: `ns.body` when the body is an identifier optionally
/// followed by one balanced `<...>`, otherwise `ns<body>`. Unlike MLIR, the
/// identifier may hold every character the lexer accepts in one (`$`, `-`):
/// MLIR prints `#foo.a-` as `#foo<a->`, which does not parse back.
static bool isSimpleEnoughForPrettyForm(llvm::StringRef body) {
  if (body.empty() || !llvm::isAlpha(body.front()))
    return false;
  // As MLIR's isDialectSymbolSimpleEnoughForPrettyForm: letters, digits,
  // '.' and '_' (a '$' or '-' there would not parse back as a pretty name).
  body = body.drop_while(
      [](char c) { return llvm::isAlnum(c) || c == '.' || c == '_'; });
  if (body.empty())
    return true;
  // MLIR checks only that the rest starts with '<' and ends with '>', and
  // prints `#foo<a<x> y <z>>` as `#foo.a<x> y <z>`, which its parser
  // reads as `#foo.a<x>` followed by garbage. Here the '<' must close at
  // the body's last character, as the parser scans it, and not by a `->`
  // (whether that closes depends on what the printer writes after it).
  if (body.front() != '<' || body.back() != '>')
    return false;
  DialectBodyScan scan = scanDialectSymbolBody(body);
  return scan.kind == DialectBodyScan::Closed && scan.end == body.size() &&
         !body.drop_back().endswith("-");
}

static void printDialectPrefixed(char sigil, llvm::StringRef dialect,
                                 llvm::StringRef data, llvm::raw_ostream &os) {
  os << sigil << dialect;
  if (isSimpleEnoughForPrettyForm(data))
    os << '.' << data;
  else
    os << '<' << data << '>';
}

void detail::printType(Type type, llvm::raw_ostream &os) {
  if (!type) {
    os << "<<NULL TYPE>>";
    return;
  }
  if (Dialect *dialect = type.getDialect()) {
    os << '!' << dialect->getNamespace() << '.';
    StreamAsmPrinter printer(os);
    dialect->printType(type, printer);
    return;
  }
  if (auto intType = type.dyn_cast<IntegerType>()) {
    if (intType.getSignedness() == IntegerType::Signed)
      os << 's';
    else if (intType.getSignedness() == IntegerType::Unsigned)
      os << 'u';
    os << 'i' << intType.getWidth();
    return;
  }
  if (auto floatType = type.dyn_cast<FloatType>()) {
    static const char *names[] = {"f16", "bf16", "f32", "f64"};
    os << names[floatType.getKind()];
    return;
  }
  if (type.isa<IndexType>()) {
    os << "index";
    return;
  }
  if (type.isa<NoneType>()) {
    os << "none";
    return;
  }
  if (auto funcType = type.dyn_cast<FunctionType>()) {
    StreamAsmPrinter printer(os);
    printer.printFunctionalType(funcType.getInputs(), funcType.getResults());
    return;
  }
  if (auto tensorType = type.dyn_cast<RankedTensorType>()) {
    os << "tensor<";
    for (int64_t dim : tensorType.getShape()) {
      if (dim == RankedTensorType::kDynamic)
        os << '?';
      else
        os << dim;
      os << 'x';
    }
    printType(tensorType.getElementType(), os);
    if (Attribute encoding = tensorType.getEncoding()) {
      os << ", ";
      printAttribute(encoding, os);
    }
    os << '>';
    return;
  }
  if (auto opaque = type.dyn_cast<OpaqueType>()) {
    printDialectPrefixed('!', opaque.getDialectNamespace(),
                         opaque.getTypeData(), os);
    return;
  }
  os << "<<UNKNOWN TYPE>>";
}

/// Prints an integer element of a dense attribute or array.
static void printIntegerValue(const llvm::APInt &value, Type type,
                              llvm::raw_ostream &os) {
  if (type.isSignlessInteger(1)) {
    os << (value.isZero() ? "false" : "true");
    return;
  }
  auto intType = type.dyn_cast<IntegerType>();
  bool isUnsigned = intType && intType.getSignedness() == IntegerType::Unsigned;
  value.print(os, !isUnsigned);
}

static void printDenseElements(DenseElementsAttr attr, llvm::raw_ostream &os) {
  auto printElement = [&](Attribute element) {
    if (auto intAttr = element.dyn_cast<IntegerAttr>())
      printIntegerValue(intAttr.getValue(), intAttr.getType(), os);
    else if (auto floatAttr = element.dyn_cast<FloatAttr>())
      printFloatValue(floatAttr.getValue(), os);
    else
      printAttribute(element, os);
  };
  if (attr.isSplat()) {
    printElement(attr.getSplatValue());
    return;
  }
  llvm::ArrayRef<int64_t> shape = attr.getType().getShape();
  if (shape.empty()) {
    printElement(attr.getElement(0));
    return;
  }
  // Nested brackets, row-major, as MLIR prints them.
  int64_t numElements = attr.getNumElements();
  unsigned rank = shape.size();
  llvm::SmallVector<int64_t, 4> counter(rank, 0);
  for (unsigned i = 0; i < rank; ++i)
    os << '[';
  for (int64_t index = 0; index < numElements; ++index) {
    if (index != 0) {
      // Close and reopen the dimensions that wrapped.
      unsigned wrapped = 0;
      for (int d = int(rank) - 1; d >= 0; --d) {
        if (++counter[d] < shape[d])
          break;
        counter[d] = 0;
        ++wrapped;
      }
      for (unsigned i = 0; i < wrapped; ++i)
        os << ']';
      os << ", ";
      for (unsigned i = 0; i < wrapped; ++i)
        os << '[';
    }
    printElement(attr.getElement(index));
  }
  for (unsigned i = 0; i < rank; ++i)
    os << ']';
}

void detail::printAttribute(Attribute attr, llvm::raw_ostream &os,
                            bool elideType) {
  if (!attr) {
    os << "<<NULL ATTRIBUTE>>";
    return;
  }
  if (Dialect *dialect = attr.getDialect()) {
    os << '#' << dialect->getNamespace() << '.';
    StreamAsmPrinter printer(os);
    dialect->printAttribute(attr, printer);
    return;
  }
  if (auto intAttr = attr.dyn_cast<IntegerAttr>()) {
    Type type = intAttr.getType();
    if (type.isSignlessInteger(1)) {
      os << (intAttr.getValue().isZero() ? "false" : "true");
      return;
    }
    printIntegerValue(intAttr.getValue(), type, os);
    // MLIR prints the type even for i64 (the literal's default).
    if (!elideType) {
      os << " : ";
      printType(type, os);
    }
    return;
  }
  if (auto floatAttr = attr.dyn_cast<FloatAttr>()) {
    printFloatValue(floatAttr.getValue(), os);
    if (!elideType) {
      os << " : ";
      printType(floatAttr.getType(), os);
    }
    return;
  }
  if (auto strAttr = attr.dyn_cast<StringAttr>()) {
    printQuotedString(strAttr.getValue(), os);
    if (Type type = strAttr.getType(); type && !elideType) {
      os << " : ";
      printType(type, os);
    }
    return;
  }
  if (auto arrayAttr = attr.dyn_cast<ArrayAttr>()) {
    // Like MLIR, array elements drop the default literal types i64 and f64.
    os << '[';
    llvm::interleaveComma(arrayAttr.getValue(), os, [&](Attribute element) {
      Type type = element.getType();
      bool isDefaultType =
          (element.isa<IntegerAttr>() && type.isSignlessInteger(64)) ||
          (element.isa<FloatAttr>() && type.isF64());
      printAttribute(element, os, /*elideType=*/isDefaultType);
    });
    os << ']';
    return;
  }
  if (auto dict = attr.dyn_cast<DictionaryAttr>()) {
    os << '{';
    llvm::interleaveComma(dict.getValue(), os,
                          [&](const NamedAttribute &entry) {
                            llvm::StringRef name = entry.getName().getValue();
                            if (isBareIdentifier(name))
                              os << name;
                            else
                              printQuotedString(name, os);
                            if (!entry.getValue().isa<UnitAttr>()) {
                              os << " = ";
                              printAttribute(entry.getValue(), os);
                            }
                          });
    os << '}';
    return;
  }
  if (auto typeAttr = attr.dyn_cast<TypeAttr>()) {
    printType(typeAttr.getValue(), os);
    return;
  }
  if (attr.isa<UnitAttr>()) {
    os << "unit";
    return;
  }
  if (auto symbol = attr.dyn_cast<SymbolRefAttr>()) {
    printSymbolReference(symbol.getRootReference().getValue(), os);
    for (FlatSymbolRefAttr nested : symbol.getNestedReferences()) {
      os << "::";
      printSymbolReference(nested.getValue(), os);
    }
    return;
  }
  if (auto array = attr.dyn_cast<DenseArrayAttr>()) {
    os << "array<";
    printType(array.getElementType(), os);
    if (!array.empty()) {
      os << ": ";
      Type elementType = array.getElementType();
      if (elementType.isa<FloatType>()) {
        const llvm::fltSemantics &semantics =
            elementType.cast<FloatType>().getFloatSemantics();
        llvm::interleaveComma(array.getFloatValues(), os, [&](double value) {
          llvm::APFloat apValue(value);
          bool losesInfo;
          apValue.convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                          &losesInfo);
          printFloatValue(apValue, os);
        });
      } else {
        unsigned width = elementType.getIntOrFloatBitWidth();
        llvm::interleaveComma(array.getIntValues(), os, [&](int64_t value) {
          printIntegerValue(llvm::APInt(width, uint64_t(value), true),
                            elementType, os);
        });
      }
    }
    os << '>';
    return;
  }
  if (auto dense = attr.dyn_cast<DenseElementsAttr>()) {
    os << "dense<";
    printDenseElements(dense, os);
    os << '>';
    if (!elideType) {
      os << " : ";
      printType(dense.getType(), os);
    }
    return;
  }
  if (auto opaque = attr.dyn_cast<OpaqueAttr>()) {
    printDialectPrefixed('#', opaque.getDialectNamespace(),
                         opaque.getAttrData(), os);
    return;
  }
  os << "<<UNKNOWN ATTRIBUTE>>";
}

void detail::printLocationBody(
    Location loc, llvm::raw_ostream &os,
    llvm::function_ref<void(Location, llvm::raw_ostream &)> printNested) {
  auto printChild = [&](Location child) {
    if (printNested)
      printNested(child, os);
    else
      printLocationBody(child, os);
  };
  switch (loc.getKind()) {
  case Location::Kind::Unknown:
    os << "unknown";
    return;
  case Location::Kind::FileLineCol:
    printQuotedString(loc.getFilename(), os);
    os << ':' << loc.getLine() << ':' << loc.getColumn();
    return;
  case Location::Kind::Name: {
    printQuotedString(loc.getNameValue(), os);
    Location child = loc.getNameChild();
    if (!child.isUnknown()) {
      os << '(';
      printChild(child);
      os << ')';
    }
    return;
  }
  case Location::Kind::CallSite:
    os << "callsite(";
    printChild(loc.getCallee());
    os << " at ";
    printChild(loc.getCaller());
    os << ')';
    return;
  case Location::Kind::Fused:
    os << "fused";
    if (Attribute metadata = loc.getFusedMetadata()) {
      os << '<';
      printAttribute(metadata, os);
      os << '>';
    }
    os << '[';
    llvm::interleaveComma(loc.getFusedLocations(), os, [&](Location nested) {
      printChild(nested);
    });
    os << ']';
    return;
  }
}

void Type::print(llvm::raw_ostream &os) const { detail::printType(*this, os); }
void Type::dump() const {
  print(llvm::errs());
  llvm::errs() << "\n";
}
void Attribute::print(llvm::raw_ostream &os) const {
  detail::printAttribute(*this, os);
}
void Attribute::dump() const {
  print(llvm::errs());
  llvm::errs() << "\n";
}
void Location::print(llvm::raw_ostream &os) const {
  os << "loc(";
  detail::printLocationBody(*this, os);
  os << ')';
}

//===----------------------------------------------------------------------===//
// AsmPrinter helpers
//===----------------------------------------------------------------------===//

AsmPrinter::~AsmPrinter() = default;

void AsmPrinter::printArrowTypeList(llvm::ArrayRef<Type> types) {
  llvm::raw_ostream &os = getStream();
  os << " -> ";
  bool wrapped = types.size() != 1 || types[0].isa<FunctionType>();
  if (wrapped)
    os << '(';
  llvm::interleaveComma(types, os, [&](Type type) { printType(type); });
  if (wrapped)
    os << ')';
}

void AsmPrinter::printFunctionalType(llvm::ArrayRef<Type> inputs,
                                     llvm::ArrayRef<Type> results) {
  llvm::raw_ostream &os = getStream();
  os << '(';
  llvm::interleaveComma(inputs, os, [&](Type type) { printType(type); });
  os << ')';
  printArrowTypeList(results);
}

void AsmPrinter::printDimensionList(llvm::ArrayRef<int64_t> dims) {
  llvm::interleave(
      dims, getStream(),
      [&](int64_t dim) {
        if (dim == RankedTensorType::kDynamic)
          getStream() << '?';
        else
          getStream() << dim;
      },
      "x");
}
