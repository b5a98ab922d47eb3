//===- ArithDialect.cpp - The arith dialect and its attributes ------------===//
//
// The dialect registers the ops of the subset and parses `#arith.overflow<>`
// and `#arith.fastmath<>`, which are kept as normalized opaque attributes
// (flags in MLIR's order) so that they print exactly as MLIR prints them.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "llvm/ADT/StringSwitch.h"

using namespace tilt;
using namespace tilt::arith;

ArithDialect::ArithDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<ArithDialect>()) {
  addOperations<AddIOp, SubIOp, MulIOp, DivSIOp, DivUIOp, RemSIOp, RemUIOp,
                CeilDivSIOp, FloorDivSIOp, MinSIOp, MaxSIOp, MinUIOp, MaxUIOp,
                AndIOp, OrIOp, XOrIOp, ShLIOp, ShRSIOp, ShRUIOp, AddFOp, SubFOp,
                MulFOp, DivFOp, MaximumFOp, MinimumFOp, NegFOp, ConstantOp,
                CmpIOp, CmpFOp, SelectOp, IndexCastOp, ExtFOp, TruncFOp,
                SIToFPOp, FPToSIOp, IndexCastUIOp, UIToFPOp, FPToUIOp, ExtSIOp,
                ExtUIOp, TruncIOp, BitcastOp, MaxNumFOp, MinNumFOp, RemFOp,
                CeilDivUIOp, AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp>();
}

//===----------------------------------------------------------------------===//
// Flag attributes
//===----------------------------------------------------------------------===//

namespace {
struct FlagName {
  llvm::StringRef name;
  unsigned bits;
};
const FlagName overflowNames[] = {{"nsw", OverflowNSW}, {"nuw", OverflowNUW}};
const FlagName fastMathNames[] = {
    {"reassoc", FastMathReassoc}, {"nnan", FastMathNNaN},
    {"ninf", FastMathNInf},       {"nsz", FastMathNSZ},
    {"arcp", FastMathArcp},       {"contract", FastMathContract},
    {"afn", FastMathAfn}};
} // namespace

/// Formats flags as MLIR does: `none`, `fast` (fastmath with every bit) or
/// the set names in declaration order, separated by `, ` for overflow flags
/// and by `,` for fast-math flags (MLIR's two enum printers differ).
static std::string formatFlags(unsigned flags, llvm::ArrayRef<FlagName> names,
                               bool hasFast) {
  const char *separator = hasFast ? "," : ", ";
  if (flags == 0)
    return "none";
  if (hasFast && flags == FastMathFast)
    return "fast";
  std::string result;
  for (const FlagName &flag : names) {
    if (!(flags & flag.bits))
      continue;
    if (!result.empty())
      result += separator;
    result += flag.name.str();
  }
  return result;
}

Attribute arith::getOverflowAttr(Context *context, unsigned flags) {
  return OpaqueAttr::get(context, "arith",
                         "overflow<" +
                             formatFlags(flags, overflowNames, false) + ">");
}

Attribute arith::getFastMathAttr(Context *context, unsigned flags) {
  return OpaqueAttr::get(context, "arith",
                         "fastmath<" + formatFlags(flags, fastMathNames, true) +
                             ">");
}

/// Reads the flags back from a normalized attribute.
static std::optional<unsigned> readFlags(Attribute attr, llvm::StringRef kind,
                                         llvm::ArrayRef<FlagName> names) {
  auto opaque = attr.dyn_cast_or_null<OpaqueAttr>();
  if (!opaque || opaque.getDialectNamespace() != "arith")
    return std::nullopt;
  llvm::StringRef data = opaque.getAttrData();
  if (!data.consume_front(kind) || !data.consume_front("<") ||
      !data.consume_back(">"))
    return std::nullopt;
  if (data == "none")
    return 0u;
  if (data == "fast" && kind == "fastmath")
    return unsigned(FastMathFast);
  unsigned flags = 0;
  llvm::SmallVector<llvm::StringRef, 4> parts;
  data.split(parts, ',');
  for (llvm::StringRef part : parts) {
    part = part.trim();
    auto it = llvm::find_if(
        names, [&](const FlagName &flag) { return flag.name == part; });
    if (it == names.end())
      return std::nullopt;
    flags |= it->bits;
  }
  return flags;
}

std::optional<unsigned> arith::getOverflowFlags(Attribute attr) {
  return readFlags(attr, "overflow", overflowNames);
}
std::optional<unsigned> arith::getFastMathFlags(Attribute attr) {
  return readFlags(attr, "fastmath", fastMathNames);
}

/// Parses `<flag, flag>` after the `overflow`/`fastmath` keyword.
static std::optional<unsigned> parseFlagList(AsmParser &parser,
                                             llvm::ArrayRef<FlagName> names,
                                             bool hasFast,
                                             llvm::StringRef enumName) {
  unsigned flags = 0;
  auto parseFlag = [&]() -> LogicalResult {
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::StringRef keyword;
    if (failed(parser.parseOptionalKeyword(&keyword)))
      keyword = "";
    if (keyword == "none")
      return success();
    if (hasFast && keyword == "fast") {
      flags |= FastMathFast;
      return success();
    }
    for (const FlagName &flag : names)
      if (flag.name == keyword) {
        flags |= flag.bits;
        return success();
      }
    // MLIR's enum parser names the C++ enum. (MLIR then adds a second
    // error, "failed to parse Arith_FastMathAttr parameter ..."; Tilt's
    // parser reports only the first error of a parse.)
    std::string expected = "none";
    for (const FlagName &flag : names)
      expected += ", " + flag.name.str();
    if (hasFast)
      expected += ", fast";
    return parser.emitError(loc)
           << "expected "
           << (hasFast ? "::mlir::arith::FastMathFlags"
                       : "::mlir::arith::IntegerOverflowFlags")
           << " to be one of: " << expected;
  };
  if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                            parseFlag)))
    return std::nullopt;
  return flags;
}

Attribute ArithDialect::parseAttribute(AsmParser &parser, Type type) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef kind;
  if (failed(parser.parseOptionalKeyword(&kind)) ||
      (kind != "overflow" && kind != "fastmath")) {
    parser.emitError(loc) << "unknown attribute `" << kind
                          << "` in dialect `arith`";
    return Attribute();
  }
  bool isFastMath = kind == "fastmath";
  std::optional<unsigned> flags =
      isFastMath
          ? parseFlagList(parser, fastMathNames, true, "fastmath flags")
          : parseFlagList(parser, overflowNames, false, "overflow flags");
  if (!flags)
    return Attribute();
  return isFastMath ? getFastMathAttr(getContext(), *flags)
                    : getOverflowAttr(getContext(), *flags);
}

//===----------------------------------------------------------------------===//
// Predicates
//===----------------------------------------------------------------------===//

static const char *const cmpINames[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                        "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpFNames[] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

llvm::StringRef arith::stringifyCmpIPredicate(CmpIPredicate predicate) {
  return cmpINames[uint64_t(predicate)];
}
llvm::StringRef arith::stringifyCmpFPredicate(CmpFPredicate predicate) {
  return cmpFNames[uint64_t(predicate)];
}

namespace tilt {
namespace arith {
namespace detail {
/// Parses the flags of a custom form, e.g. `overflow<nsw>`.
std::optional<unsigned> parseOptionalFlags(OpAsmParser &parser,
                                           llvm::StringRef keyword,
                                           bool *present) {
  bool found = parser.parseOptionalKeyword(keyword);
  if (present)
    *present = found;
  if (!found)
    return 0u;
  if (keyword == "fastmath")
    return parseFlagList(parser, fastMathNames, true, "fastmath flags");
  return parseFlagList(parser, overflowNames, false, "overflow flags");
}
/// The predicate index of `keyword`, if it names one.
std::optional<uint64_t> lookupPredicate(llvm::StringRef keyword, bool isFloat) {
  if (isFloat) {
    for (uint64_t i = 0; i < 16; ++i)
      if (keyword == cmpFNames[i])
        return i;
    return std::nullopt;
  }
  for (uint64_t i = 0; i < 10; ++i)
    if (keyword == cmpINames[i])
      return i;
  return std::nullopt;
}
} // namespace detail
} // namespace arith
} // namespace tilt
