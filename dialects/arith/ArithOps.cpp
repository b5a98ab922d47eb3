//===- ArithOps.cpp - Verifiers and custom syntax of arith ops ------------===//
//
// Messages follow MLIR's ODS-generated ones ("operand #0 must be
// signless-integer-like, but got 'f32'") so that diagnostics read the same
// in both tools.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"

using namespace tilt;
using namespace tilt::arith;

namespace tilt {
namespace arith {
namespace detail {
std::optional<unsigned> parseOptionalFlags(OpAsmParser &parser,
                                           llvm::StringRef keyword,
                                           bool *present = nullptr);
std::optional<uint64_t> lookupPredicate(llvm::StringRef keyword, bool isFloat);
} // namespace detail
} // namespace arith
} // namespace tilt

using namespace tilt::arith::detail;

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// "-like" admits the type itself or a ranked tensor of it, as MLIR's
// constraints do (MLIR also admits vectors, which Tilt has not).
static bool isSignlessIntegerLike(Type type) {
  return getElementTypeOrSelf(type).isSignlessIntOrIndex();
}
static bool isFloatLike(Type type) {
  return getElementTypeOrSelf(type).isa<FloatType>();
}
static bool isBoolLike(Type type) {
  return getElementTypeOrSelf(type).isSignlessInteger(1);
}
static bool isFixedIntegerLike(Type type) {
  return getElementTypeOrSelf(type).isSignlessInteger();
}

/// `'op' op operand #i must be <what>, but got '<type>'`.
static LogicalResult checkOperand(Operation *op, unsigned index,
                                  bool (*predicate)(Type),
                                  llvm::StringRef what) {
  Type type = op->getOperand(index).getType();
  if (predicate(type))
    return success();
  return op->emitOpError() << "operand #" << index << " must be " << what
                           << ", but got " << type;
}
static LogicalResult checkResult(Operation *op, unsigned index,
                                 bool (*predicate)(Type),
                                 llvm::StringRef what) {
  Type type = op->getResult(index).getType();
  if (predicate(type))
    return success();
  return op->emitOpError() << "result #" << index << " must be " << what
                           << ", but got " << type;
}

/// Checks that a flag property holds a flag attribute of the right kind.
static LogicalResult checkFlagProperty(Operation *op, llvm::StringRef name,
                                       bool isFastMath) {
  Attribute attr = op->getInherentAttr(name);
  if (!attr)
    return op->emitOpError() << "requires attribute '" << name << "'";
  std::optional<unsigned> flags =
      isFastMath ? getFastMathFlags(attr) : getOverflowFlags(attr);
  if (!flags)
    return emitInvalidPropertyError(op, name);
  return success();
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

static llvm::StringRef getFlagName(BinaryKind kind) {
  return kind == BinaryKind::Float ? "fastmath" : "overflowFlags";
}
static llvm::StringRef getFlagKeyword(BinaryKind kind) {
  return kind == BinaryKind::Float ? "fastmath" : "overflow";
}

llvm::ArrayRef<llvm::StringRef>
arith::detail::getBinaryAttributeNames(BinaryKind kind) {
  static llvm::StringRef overflow[] = {"overflowFlags"};
  static llvm::StringRef fastmath[] = {"fastmath"};
  switch (kind) {
  case BinaryKind::Int:
    return {};
  case BinaryKind::IntOverflow:
    return overflow;
  case BinaryKind::Float:
    return fastmath;
  }
  return {};
}

void arith::detail::getBinaryDefaultProperties(
    Context *context, BinaryKind kind,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
  if (kind == BinaryKind::IntOverflow)
    props.push_back({"overflowFlags", getOverflowAttr(context, OverflowNone)});
  if (kind == BinaryKind::Float)
    props.push_back({"fastmath", getFastMathAttr(context, FastMathNone)});
}

/// Prints ` overflow<...>` / ` fastmath<...>` unless the flags are none.
static void printFlags(Operation *op, OpAsmPrinter &printer,
                       llvm::StringRef name, llvm::StringRef keyword) {
  Attribute attr = op->getInherentAttr(name);
  std::optional<unsigned> flags =
      keyword == "fastmath" ? getFastMathFlags(attr) : getOverflowFlags(attr);
  if (!flags || *flags == 0)
    return;
  auto opaque = attr.cast<OpaqueAttr>();
  printer << ' ' << opaque.getAttrData();
}

/// Parses the flags of `keyword` into property `name`.
static LogicalResult parseFlagsInto(OpAsmParser &parser, OperationState &state,
                                    llvm::StringRef name,
                                    llvm::StringRef keyword) {
  std::optional<unsigned> flags = parseOptionalFlags(parser, keyword);
  if (!flags)
    return failure();
  Context *context = parser.getContext();
  state.properties.set(name, keyword == "fastmath"
                                 ? getFastMathAttr(context, *flags)
                                 : getOverflowAttr(context, *flags));
  return success();
}

LogicalResult arith::detail::parseBinaryOp(OpAsmParser &parser,
                                           OperationState &state,
                                           BinaryKind kind) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type type;
  if (failed(parser.parseOperand(lhs)) || failed(parser.parseComma()) ||
      failed(parser.parseOperand(rhs)))
    return failure();
  if (kind != BinaryKind::Int &&
      failed(parseFlagsInto(parser, state, getFlagName(kind),
                            getFlagKeyword(kind))))
    return failure();
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(lhs, type, state.operands)) ||
      failed(parser.resolveOperand(rhs, type, state.operands)))
    return failure();
  state.addTypes(type);
  return success();
}

void arith::detail::printBinaryOp(Operation *op, OpAsmPrinter &printer,
                                  BinaryKind kind) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer << ", ";
  printer.printOperand(op->getOperand(1));
  if (kind != BinaryKind::Int)
    printFlags(op, printer, getFlagName(kind), getFlagKeyword(kind));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getResult(0).getType());
}

LogicalResult arith::detail::verifyBinaryOp(Operation *op, BinaryKind kind) {
  // Counts are the traits' to report.
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return success();
  bool (*predicate)(Type) =
      kind == BinaryKind::Float ? isFloatLike : isSignlessIntegerLike;
  llvm::StringRef what = kind == BinaryKind::Float ? "floating-point-like"
                                                   : "signless-integer-like";
  for (unsigned i = 0; i < 2; ++i)
    if (failed(checkOperand(op, i, predicate, what)))
      return failure();
  if (failed(checkResult(op, 0, predicate, what)))
    return failure();
  if (kind != BinaryKind::Int &&
      failed(
          checkFlagProperty(op, getFlagName(kind), kind == BinaryKind::Float)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// NegFOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> NegFOp::getAttributeNames() {
  return getBinaryAttributeNames(BinaryKind::Float);
}
void NegFOp::getDefaultProperties(
    Context *context,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
  getBinaryDefaultProperties(context, BinaryKind::Float, props);
}
void NegFOp::build(OpBuilder &builder, OperationState &state, Value operand) {
  state.addOperands(operand);
  state.addTypes(operand.getType());
}
LogicalResult NegFOp::parse(OpAsmParser &parser, OperationState &state) {
  return parseUnaryFloatOp(parser, state);
}
void NegFOp::print(OpAsmPrinter &printer) {
  printUnaryFloatOp(getOperation(), printer);
}
LogicalResult NegFOp::verify() { return verifyUnaryFloatOp(getOperation()); }

LogicalResult arith::detail::parseUnaryFloatOp(OpAsmParser &parser,
                                               OperationState &state) {
  OpAsmParser::UnresolvedOperand operand;
  Type type;
  if (failed(parser.parseOperand(operand)) ||
      failed(parseFlagsInto(parser, state, "fastmath", "fastmath")) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(operand, type, state.operands)))
    return failure();
  state.addTypes(type);
  return success();
}
void arith::detail::printUnaryFloatOp(Operation *op, OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printFlags(op, printer, "fastmath", "fastmath");
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getResult(0).getType());
}
LogicalResult arith::detail::parseOptionalFastMath(OpAsmParser &parser,
                                                   OperationState &state) {
  return parseFlagsInto(parser, state, "fastmath", "fastmath");
}
void arith::detail::printOptionalFastMath(Operation *op,
                                          OpAsmPrinter &printer) {
  printFlags(op, printer, "fastmath", "fastmath");
}
LogicalResult arith::detail::verifyUnaryFloatOp(Operation *op) {
  if (failed(checkOperand(op, 0, isFloatLike, "floating-point-like")) ||
      failed(checkResult(op, 0, isFloatLike, "floating-point-like")))
    return failure();
  return checkFlagProperty(op, "fastmath", true);
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ConstantOp::getAttributeNames() {
  static llvm::StringRef names[] = {"value"};
  return names;
}

void ConstantOp::build(OpBuilder &builder, OperationState &state,
                       Attribute value) {
  state.addAttribute("value", value);
  state.addTypes(value.getType());
}

Attribute ConstantOp::getValue() {
  return getOperation()->getInherentAttr("value");
}

bool ConstantOp::isBuildableWith(Attribute value, Type type) {
  if (!value || value.getType() != type)
    return false;
  if (value.isa<IntegerAttr>())
    return type.isSignlessIntOrIndex();
  if (value.isa<FloatAttr>())
    return type.isa<FloatType>();
  return value.isa<DenseElementsAttr>();
}

LogicalResult ConstantOp::parse(OpAsmParser &parser, OperationState &state) {
  Attribute value;
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  llvm::SMLoc valueLoc = parser.getCurrentLocation();
  if (failed(parser.parseAttribute(value)))
    return failure();
  // As MLIR: any typed attribute parses (a string has type none); the
  // verifier then says which values a constant may have.
  Type type = value.getType();
  if (!type && value.isa<StringAttr>())
    type = NoneType::get(parser.getContext());
  if (!type)
    return parser.emitError(valueLoc) << "invalid kind of attribute specified";
  state.addAttribute("value", value);
  state.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printAttribute(getValue());
}

LogicalResult ConstantOp::verify() {
  Operation *op = getOperation();
  Attribute value = getValue();
  if (!value)
    return emitOpError() << "requires attribute 'value'";
  Type type = op->getResult(0).getType();
  // An untyped string has type none, as in MLIR.
  Type valueType = value.getType();
  if (!valueType && value.isa<StringAttr>())
    valueType = NoneType::get(getContext());
  if (valueType != type)
    return emitOpError()
           << "failed to verify that all of {value, result} have same type";
  // MLIR's order: signedness of an integer result, then the value's kind.
  if (auto intType = type.dyn_cast<IntegerType>())
    if (!intType.isSignless())
      return emitOpError() << "integer return type must be signless";
  if (!isBuildableWith(value, type))
    return emitOpError()
           << "value must be an integer, float, or elements attribute";
  return success();
}

void ConstantOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  Value result = getOperation()->getResult(0);
  Type type = result.getType();
  if (auto intAttr = getValue().dyn_cast_or_null<IntegerAttr>()) {
    auto intType = type.dyn_cast<IntegerType>();
    if (intType && intType.getWidth() == 1) {
      setName(result, intAttr.getValue().isZero() ? "false" : "true");
      return;
    }
    std::string name;
    llvm::raw_string_ostream os(name);
    os << 'c';
    intAttr.getValue().print(os, /*isSigned=*/true);
    if (intType)
      os << '_' << type;
    setName(result, os.str());
    return;
  }
  setName(result, "cst");
}

//===----------------------------------------------------------------------===//
// CmpIOp, CmpFOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> CmpIOp::getAttributeNames() {
  static llvm::StringRef names[] = {"predicate"};
  return names;
}
llvm::ArrayRef<llvm::StringRef> CmpFOp::getAttributeNames() {
  static llvm::StringRef names[] = {"fastmath", "predicate"};
  return names;
}
void CmpFOp::getDefaultProperties(
    Context *context,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
  getBinaryDefaultProperties(context, BinaryKind::Float, props);
}

static void buildCompare(OpBuilder &builder, OperationState &state,
                         uint64_t predicate, Value lhs, Value rhs) {
  state.addOperands({lhs, rhs});
  state.addAttribute("predicate", builder.getI64IntegerAttr(predicate));
  state.addTypes(getTypeWithSameShape(lhs.getType(), builder.getI1Type()));
}
void CmpIOp::build(OpBuilder &builder, OperationState &state,
                   CmpIPredicate predicate, Value lhs, Value rhs) {
  buildCompare(builder, state, uint64_t(predicate), lhs, rhs);
}
void CmpFOp::build(OpBuilder &builder, OperationState &state,
                   CmpFPredicate predicate, Value lhs, Value rhs) {
  buildCompare(builder, state, uint64_t(predicate), lhs, rhs);
}

static LogicalResult parseCompare(OpAsmParser &parser, OperationState &state,
                                  bool isFloat) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  std::string quoted;
  if (succeeded(parser.parseOptionalString(&quoted)))
    keyword = quoted;
  else if (failed(parser.parseOptionalKeyword(&keyword)))
    keyword = "";
  std::optional<uint64_t> predicate = lookupPredicate(keyword, isFloat);
  if (!predicate) {
    InFlightDiagnostic diag = parser.emitError(loc);
    diag << "expected string or keyword containing one of the following enum "
            "values for attribute 'predicate' [";
    if (isFloat)
      diag << "false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, "
              "ule, une, uno, true]";
    else
      diag << "eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]";
    return failure();
  }
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type type;
  if (failed(parser.parseComma()) || failed(parser.parseOperand(lhs)) ||
      failed(parser.parseComma()) || failed(parser.parseOperand(rhs)))
    return failure();
  if (isFloat && failed(parseFlagsInto(parser, state, "fastmath", "fastmath")))
    return failure();
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(lhs, type, state.operands)) ||
      failed(parser.resolveOperand(rhs, type, state.operands)))
    return failure();
  Context *context = parser.getContext();
  state.properties.set(
      "predicate",
      IntegerAttr::get(IntegerType::get(context, 64), int64_t(*predicate)));
  state.addTypes(getTypeWithSameShape(type, IntegerType::get(context, 1)));
  return success();
}

static void printCompare(Operation *op, OpAsmPrinter &printer, bool isFloat) {
  auto predicate =
      op->getInherentAttr("predicate").dyn_cast_or_null<IntegerAttr>();
  uint64_t value = predicate ? predicate.getUInt() : 0;
  printer << ' '
          << (isFloat ? stringifyCmpFPredicate(CmpFPredicate(value))
                      : stringifyCmpIPredicate(CmpIPredicate(value)))
          << ", ";
  printer.printOperand(op->getOperand(0));
  printer << ", ";
  printer.printOperand(op->getOperand(1));
  if (isFloat)
    printFlags(op, printer, "fastmath", "fastmath");
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getOperand(0).getType());
}

static LogicalResult verifyCompare(Operation *op, bool isFloat) {
  Attribute attr = op->getInherentAttr("predicate");
  if (!attr)
    return op->emitOpError() << "requires attribute 'predicate'";
  auto predicate = attr.dyn_cast<IntegerAttr>();
  uint64_t limit = isFloat ? 15 : 9;
  if (!predicate || !predicate.getType().isSignlessInteger(64) ||
      predicate.getUInt() > limit)
    return emitInvalidPropertyError(op, "predicate");
  bool (*operandPredicate)(Type) =
      isFloat ? isFloatLike : isSignlessIntegerLike;
  llvm::StringRef what =
      isFloat ? "floating-point-like" : "signless-integer-like";
  for (unsigned i = 0; i < 2; ++i)
    if (failed(checkOperand(op, i, operandPredicate, what)))
      return failure();
  if (failed(checkResult(op, 0, isBoolLike, "bool-like")))
    return failure();
  if (op->getOperand(0).getType() != op->getOperand(1).getType())
    return op->emitOpError() << "failed to verify that all of {lhs, rhs} "
                                "have same type";
  Context *context = op->getContext();
  if (op->getResult(0).getType() !=
      getTypeWithSameShape(op->getOperand(0).getType(),
                           IntegerType::get(context, 1)))
    return op->emitOpError() << "failed to verify that result type has i1 "
                                "element type and same shape as operands";
  if (isFloat && failed(checkFlagProperty(op, "fastmath", true)))
    return failure();
  return success();
}

LogicalResult CmpIOp::parse(OpAsmParser &parser, OperationState &state) {
  return parseCompare(parser, state, false);
}
void CmpIOp::print(OpAsmPrinter &printer) {
  printCompare(getOperation(), printer, false);
}
LogicalResult CmpIOp::verify() { return verifyCompare(getOperation(), false); }
/// The predicate number of a verified compare op.
static uint64_t getPredicateValue(Operation *op) {
  return op->getInherentAttr("predicate").cast<IntegerAttr>().getUInt();
}
CmpIPredicate CmpIOp::getPredicate() {
  return CmpIPredicate(getPredicateValue(getOperation()));
}
LogicalResult CmpFOp::parse(OpAsmParser &parser, OperationState &state) {
  return parseCompare(parser, state, true);
}
void CmpFOp::print(OpAsmPrinter &printer) {
  printCompare(getOperation(), printer, true);
}
LogicalResult CmpFOp::verify() { return verifyCompare(getOperation(), true); }
CmpFPredicate CmpFOp::getPredicate() {
  return CmpFPredicate(getPredicateValue(getOperation()));
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

void SelectOp::build(OpBuilder &builder, OperationState &state, Value condition,
                     Value trueValue, Value falseValue) {
  state.addOperands({condition, trueValue, falseValue});
  state.addTypes(trueValue.getType());
}

LogicalResult SelectOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 3> operands;
  llvm::SmallVector<Type, 2> types;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOperandList(operands)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonTypeList(types)))
    return failure();
  if (operands.size() != 3)
    return parser.emitError(loc) << "expected 3 operands";
  if (types.size() > 2)
    return parser.emitError(loc) << "expected one or two types";
  Type conditionType =
      types.size() == 2 ? types[0] : IntegerType::get(parser.getContext(), 1);
  Type resultType = types.back();
  if (failed(
          parser.resolveOperand(operands[0], conditionType, state.operands)) ||
      failed(parser.resolveOperand(operands[1], resultType, state.operands)) ||
      failed(parser.resolveOperand(operands[2], resultType, state.operands)))
    return failure();
  state.addTypes(resultType);
  return success();
}

void SelectOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printOperands(op->getOperands());
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  Type conditionType = op->getOperand(0).getType();
  if (!conditionType.isSignlessInteger(1)) {
    printer.printType(conditionType);
    printer << ", ";
  }
  printer.printType(op->getResult(0).getType());
}

LogicalResult SelectOp::verify() {
  Operation *op = getOperation();
  if (failed(checkOperand(op, 0, isBoolLike, "bool-like")))
    return failure();
  Type resultType = op->getResult(0).getType();
  if (op->getOperand(1).getType() != resultType ||
      op->getOperand(2).getType() != resultType)
    return emitOpError() << "failed to verify that all of {true_value, "
                            "false_value, result} have same type";
  // A tensor condition selects element by element (MLIR lets a tensor
  // condition pick between two scalars too).
  auto conditionTensor = op->getOperand(0).getType().dyn_cast<RankedTensorType>();
  auto resultTensor = resultType.dyn_cast<RankedTensorType>();
  if (conditionTensor && resultTensor &&
      conditionTensor.getShape() != resultTensor.getShape())
    return emitOpError() << "failed to verify that condition is signless i1 "
                            "or has matching shape";
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef>
arith::detail::getCastAttributeNames(CastKind kind) {
  static llvm::StringRef extf[] = {"fastmath"};
  static llvm::StringRef truncf[] = {"fastmath", "roundingmode"};
  switch (kind) {
  case CastKind::TruncI:
    return getBinaryAttributeNames(BinaryKind::IntOverflow);
  case CastKind::ExtF:
    return extf;
  case CastKind::TruncF:
    return truncf;
  default:
    return {};
  }
}

/// truncf's rounding modes, by their value in MLIR's RoundingMode enum.
static const char *const kRoundingModes[] = {
    "to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"};
constexpr unsigned kNumRoundingModes = 5;

/// The rounding mode of a truncf (to_nearest_even when absent or invalid).
static llvm::APFloat::roundingMode getTruncFRounding(Operation *op) {
  auto mode = op->getInherentAttr("roundingmode").dyn_cast_or_null<IntegerAttr>();
  switch (mode ? mode.getValue().getZExtValue() : 0) {
  case 1:
    return llvm::APFloat::rmTowardNegative;
  case 2:
    return llvm::APFloat::rmTowardPositive;
  case 3:
    return llvm::APFloat::rmTowardZero;
  case 4:
    return llvm::APFloat::rmNearestTiesToAway;
  default:
    return llvm::APFloat::rmNearestTiesToEven;
  }
}

llvm::APFloat::roundingMode arith::detail::getRoundingMode(Operation *op) {
  return getTruncFRounding(op);
}

void arith::detail::getCastDefaultProperties(
    Context *context, CastKind kind,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
  if (kind == CastKind::TruncI)
    getBinaryDefaultProperties(context, BinaryKind::IntOverflow, props);
}

LogicalResult arith::detail::parseCastOp(OpAsmParser &parser,
                                         OperationState &state, CastKind kind) {
  OpAsmParser::UnresolvedOperand operand;
  Type sourceType, resultType;
  if (failed(parser.parseOperand(operand)))
    return failure();
  // trunci's flags come after the operand: `arith.trunci %x overflow<nsw>`.
  if (kind == CastKind::TruncI &&
      failed(parseFlagsInto(parser, state, "overflowFlags", "overflow")))
    return failure();
  // truncf: `%x upward fastmath<fast>`; extf: `%x fastmath<fast>`. Both
  // properties are optional (absent, not `none`, when not written).
  Context *context = parser.getContext();
  if (kind == CastKind::TruncF) {
    for (unsigned mode = 0; mode < kNumRoundingModes; ++mode)
      if (parser.parseOptionalKeyword(kRoundingModes[mode])) {
        state.properties.set(
            "roundingmode",
            IntegerAttr::get(IntegerType::get(context, 32), int64_t(mode)));
        break;
      }
  }
  if (kind == CastKind::TruncF || kind == CastKind::ExtF) {
    bool present = false;
    std::optional<unsigned> flags =
        parseOptionalFlags(parser, "fastmath", &present);
    if (!flags)
      return failure();
    if (present)
      state.properties.set("fastmath", getFastMathAttr(context, *flags));
  }
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(sourceType)) ||
      failed(parser.parseKeyword("to")) ||
      failed(parser.parseType(resultType)) ||
      failed(parser.resolveOperand(operand, sourceType, state.operands)))
    return failure();
  state.addTypes(resultType);
  return success();
}

void arith::detail::printCastOp(Operation *op, OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  llvm::StringRef name = op->getName().getStringRef();
  if (name == TruncIOp::getOperationName())
    printFlags(op, printer, "overflowFlags", "overflow");
  if (auto mode =
          op->getInherentAttr("roundingmode").dyn_cast_or_null<IntegerAttr>())
    if (mode.getValue().getZExtValue() < kNumRoundingModes)
      printer << ' ' << kRoundingModes[mode.getValue().getZExtValue()];
  if (auto flags = op->getInherentAttr("fastmath").dyn_cast_or_null<OpaqueAttr>())
    printer << ' ' << flags.getAttrData();
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getOperand(0).getType());
  printer << " to ";
  printer.printType(op->getResult(0).getType());
}

LogicalResult arith::detail::verifyCastOp(Operation *op, CastKind kind) {
  Type inType = op->getOperand(0).getType();
  Type outType = op->getResult(0).getType();
  // Elementwise on tensors: the shapes must agree, the elements convert.
  auto inTensor = inType.dyn_cast<RankedTensorType>();
  auto outTensor = outType.dyn_cast<RankedTensorType>();
  if (bool(inTensor) != bool(outTensor) ||
      (inTensor && inTensor.getShape() != outTensor.getShape()))
    return op->emitOpError() << "failed to verify that input and output have "
                                "the same tensor dimensions";
  Type in = getElementTypeOrSelf(inType);
  Type out = getElementTypeOrSelf(outType);
  bool compatible = false;
  auto isFixedInteger = isFixedIntegerLike;
  constexpr llvm::StringLiteral fixedInteger =
      "signless-fixed-width-integer-like";
  switch (kind) {
  case CastKind::IndexCast:
  case CastKind::IndexCastUI:
    compatible = (in.isIndex() && out.isSignlessInteger()) ||
                 (in.isSignlessInteger() && out.isIndex());
    break;
  case CastKind::ExtSI:
  case CastKind::ExtUI:
  case CastKind::TruncI:
    if (failed(checkOperand(op, 0, isFixedInteger, fixedInteger)) ||
        failed(checkResult(op, 0, isFixedInteger, fixedInteger)))
      return failure();
    if (kind == CastKind::TruncI &&
        failed(checkFlagProperty(op, "overflowFlags", /*isFastMath=*/false)))
      return failure();
    compatible = kind == CastKind::TruncI
                     ? in.getIntOrFloatBitWidth() > out.getIntOrFloatBitWidth()
                     : in.getIntOrFloatBitWidth() < out.getIntOrFloatBitWidth();
    break;
  case CastKind::BitCast: {
    auto isScalar = [](Type t) {
      return isFixedIntegerLike(t) || isFloatLike(t);
    };
    // MLIR's constraint also admits memrefs, which Tilt has not.
    constexpr llvm::StringLiteral what =
        "signless-integer-or-float-like or memref of signless-integer or "
        "float";
    if (failed(checkOperand(op, 0, isScalar, what)) ||
        failed(checkResult(op, 0, isScalar, what)))
      return failure();
    compatible = in.getIntOrFloatBitWidth() == out.getIntOrFloatBitWidth();
    break;
  }
  case CastKind::ExtF:
    if (op->getInherentAttr("fastmath") &&
        failed(checkFlagProperty(op, "fastmath", /*isFastMath=*/true)))
      return failure();
    compatible = in.isa<FloatType>() && out.isa<FloatType>() &&
                 in.getIntOrFloatBitWidth() < out.getIntOrFloatBitWidth();
    break;
  case CastKind::TruncF: {
    if (op->getInherentAttr("fastmath") &&
        failed(checkFlagProperty(op, "fastmath", /*isFastMath=*/true)))
      return failure();
    Attribute mode = op->getInherentAttr("roundingmode");
    auto modeInt = mode.dyn_cast_or_null<IntegerAttr>();
    if (mode && (!modeInt || !modeInt.getType().isSignlessInteger(32) ||
                 modeInt.getValue().getZExtValue() >= kNumRoundingModes))
      return emitInvalidPropertyError(op, "roundingmode");
    compatible = in.isa<FloatType>() && out.isa<FloatType>() &&
                 in.getIntOrFloatBitWidth() > out.getIntOrFloatBitWidth();
    break;
  }
  case CastKind::SIToFP:
  case CastKind::UIToFP:
    if (!in.isSignlessInteger())
      return checkOperand(op, 0, isFixedIntegerLike,
                          "signless-fixed-width-integer-like");
    compatible = out.isa<FloatType>();
    break;
  case CastKind::FPToSI:
  case CastKind::FPToUI:
    if (!in.isa<FloatType>())
      return checkOperand(op, 0, isFloatLike, "floating-point-like");
    compatible = out.isSignlessInteger();
    break;
  }
  if (compatible)
    return success();
  return op->emitOpError() << "operand type " << inType << " and result type "
                           << outType << " are cast incompatible";
}
