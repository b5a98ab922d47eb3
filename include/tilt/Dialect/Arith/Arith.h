//===- Arith.h - The arith dialect subset -----------------------*- C++ -*-===//
//
// An exact subset of MLIR's arith dialect: the same op names, operands,
// properties (overflowFlags, fastmath, predicate) and custom syntax, so that
// mlir-opt reads what Tilt prints and both print the same text.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_ARITH_ARITH_H
#define TILT_DIALECT_ARITH_ARITH_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

namespace tilt {
namespace arith {

/// The arith dialect: MLIR's integer and float arithmetic, constants,
/// comparisons, select and casts (an exact subset).
class ArithDialect : public Dialect {
public:
  explicit ArithDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "arith"; }
  /// `#arith.overflow<...>` and `#arith.fastmath<...>`.
  Attribute parseAttribute(AsmParser &parser, Type type) const override;
  /// Folded constants become arith.constant.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                 Location loc) override;
};

/// The integer overflow flags of addi/subi/muli/shli.
enum OverflowFlags : unsigned {
  OverflowNone = 0,
  OverflowNSW = 1,
  OverflowNUW = 2
};
/// The fast-math flags of float ops (LLVM's bits).
enum FastMathFlags : unsigned {
  FastMathNone = 0,
  FastMathReassoc = 1,
  FastMathNNaN = 2,
  FastMathNInf = 4,
  FastMathNSZ = 8,
  FastMathArcp = 16,
  FastMathContract = 32,
  FastMathAfn = 64,
  FastMathFast = 127
};
/// `#arith.overflow<...>` for `flags`.
Attribute getOverflowAttr(Context *context, unsigned flags);
/// `#arith.fastmath<...>` for `flags`.
Attribute getFastMathAttr(Context *context, unsigned flags);
/// The flags of an overflow/fastmath attribute, if it is one.
std::optional<unsigned> getOverflowFlags(Attribute attr);
/// The fastmath flags of a `#arith.fastmath<...>` attribute, or none if
/// `attr` is not one.
std::optional<unsigned> getFastMathFlags(Attribute attr);

/// Predicates of arith.cmpi, numbered as in MLIR.
enum class CmpIPredicate : uint64_t {
  eq = 0,
  ne = 1,
  slt = 2,
  sle = 3,
  sgt = 4,
  sge = 5,
  ult = 6,
  ule = 7,
  ugt = 8,
  uge = 9
};
/// Predicates of arith.cmpf, numbered as in MLIR.
enum class CmpFPredicate : uint64_t {
  AlwaysFalse = 0,
  OEQ = 1,
  OGT = 2,
  OGE = 3,
  OLT = 4,
  OLE = 5,
  ONE = 6,
  ORD = 7,
  UEQ = 8,
  UGT = 9,
  UGE = 10,
  ULT = 11,
  ULE = 12,
  UNE = 13,
  UNO = 14,
  AlwaysTrue = 15
};
/// The keyword of an integer comparison predicate (`slt`, `eq`, ...).
llvm::StringRef stringifyCmpIPredicate(CmpIPredicate predicate);

/// `a` divided by `b` (not 0) rounded up, what arith.ceildivsi computes
/// (before LLVM 17's divideCeilSigned).
inline int64_t ceilDivSigned(int64_t a, int64_t b) {
  bool up = a % b != 0 && (a < 0) == (b < 0);
  return a / b + (up ? 1 : 0);
}

/// `a` divided by `b` (not 0) rounded down, what arith.floordivsi
/// computes.
inline int64_t floorDivSigned(int64_t a, int64_t b) {
  bool down = a % b != 0 && (a < 0) != (b < 0);
  return a / b - (down ? 1 : 0);
}
/// The keyword of a float comparison predicate (`olt`, `une`, ...).
llvm::StringRef stringifyCmpFPredicate(CmpFPredicate predicate);

namespace detail {
/// The operand kinds and properties of binary ops.
enum class BinaryKind { Int, IntOverflow, Float };
LogicalResult parseBinaryOp(OpAsmParser &parser, OperationState &state,
                            BinaryKind kind);
void printBinaryOp(Operation *op, OpAsmPrinter &printer, BinaryKind kind);
LogicalResult verifyBinaryOp(Operation *op, BinaryKind kind);
/// `op %x (fastmath<...>)? attr-dict : type`: one float operand, one result
/// of its type, a fastmath property (arith.negf, the math ops).
LogicalResult parseUnaryFloatOp(OpAsmParser &parser, OperationState &state);
void printUnaryFloatOp(Operation *op, OpAsmPrinter &printer);
LogicalResult verifyUnaryFloatOp(Operation *op);
/// Parses an optional `fastmath<...>` into the `fastmath` property (none
/// when absent); the math ops share arith's flags.
LogicalResult parseOptionalFastMath(OpAsmParser &parser, OperationState &state);
/// Prints ` fastmath<...>` unless the op's `fastmath` flags are none.
void printOptionalFastMath(Operation *op, OpAsmPrinter &printer);
/// Adds the canonicalization patterns of the binary op named `name`.
void populateBinaryCanonicalizationPatterns(llvm::StringRef name,
                                            RewritePatternSet &patterns,
                                            Context *context);
/// Adds the canonicalization patterns of the cast op named `name`.
void populateCastCanonicalizationPatterns(llvm::StringRef name,
                                          RewritePatternSet &patterns,
                                          Context *context);
/// Folds a binary op named `name` (identities and constant operands).
OpFoldResult foldBinaryOp(Operation *op, llvm::ArrayRef<Attribute> operands);
llvm::ArrayRef<llvm::StringRef> getBinaryAttributeNames(BinaryKind kind);
void getBinaryDefaultProperties(
    Context *context, BinaryKind kind,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props);

/// How a cast relates its operand and result types.
enum class CastKind {
  IndexCast,
  IndexCastUI,
  ExtF,
  TruncF,
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  ExtSI,
  ExtUI,
  TruncI,
  BitCast
};
llvm::ArrayRef<llvm::StringRef> getCastAttributeNames(CastKind kind);
void getCastDefaultProperties(
    Context *context, CastKind kind,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props);
LogicalResult parseCastOp(OpAsmParser &parser, OperationState &state,
                          CastKind kind);
void printCastOp(Operation *op, OpAsmPrinter &printer);
LogicalResult verifyCastOp(Operation *op, CastKind kind);
OpFoldResult foldCastOp(Operation *op, CastKind kind,
                        llvm::ArrayRef<Attribute> operands);
/// Folds truncf(extf(a)) and extf(truncf(a)) as MLIR does.
OpFoldResult foldFloatCastChain(Operation *op, CastKind kind);
/// The rounding of an arith.truncf (its `roundingmode`, to nearest even by
/// default).
llvm::APFloat::roundingMode getRoundingMode(Operation *op);
/// Folds an op that works element by element, as MLIR's constFold helpers
/// do on tensors; arith and math share it. `scalarFold` sees scalar
/// attributes of the element types. On a ranked tensor result, splat (or
/// absent) operands fold once into a splat result; otherwise every operand
/// must be a dense constant and every element must fold, to a constant or
/// to an operand Value (an identity, which takes that operand's element).
/// Scalar results go to `scalarFold` as they are.
OpFoldResult foldElementwise(
    Operation *op, llvm::ArrayRef<Attribute> operands,
    llvm::function_ref<OpFoldResult(llvm::ArrayRef<Attribute>)> scalarFold);
} // namespace detail

/// The base of two-operand ops with one result of the operands' type.
template <typename ConcreteOp, detail::BinaryKind Kind,
          template <typename> class... ExtraTraits>
class BinaryOpBase
    : public Op<ConcreteOp, OpTrait::NOperands<2>::Impl, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::SameOperandsAndResultType, OpTrait::Pure,
                ExtraTraits...> {
  using Base =
      Op<ConcreteOp, OpTrait::NOperands<2>::Impl, OpTrait::OneResult,
         OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
         OpTrait::SameOperandsAndResultType, OpTrait::Pure, ExtraTraits...>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    return detail::getBinaryAttributeNames(Kind);
  }
  static void getDefaultProperties(
      Context *context,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
    detail::getBinaryDefaultProperties(context, Kind, props);
  }
  static void build(OpBuilder &builder, OperationState &state, Value lhs,
                    Value rhs) {
    state.addOperands({lhs, rhs});
    state.addTypes(lhs.getType());
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return detail::parseBinaryOp(parser, state, Kind);
  }
  void print(OpAsmPrinter &printer) {
    detail::printBinaryOp(this->getOperation(), printer, Kind);
  }
  /// The operand and property constraints, checked before the traits' (so
  /// that a wrong operand kind is reported before differing types).
  LogicalResult verifyInvariantsImpl() {
    return detail::verifyBinaryOp(this->getOperation(), Kind);
  }
  LogicalResult verify() { return success(); }
  OpFoldResult fold(llvm::ArrayRef<Attribute> operands) {
    return detail::foldBinaryOp(this->getOperation(), operands);
  }
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context) {
    detail::populateBinaryCanonicalizationPatterns(
        ConcreteOp::getOperationName(), patterns, context);
  }
  Value getLhs() { return this->getOperation()->getOperand(0); }
  Value getRhs() { return this->getOperation()->getOperand(1); }
};

#define TILT_ARITH_BINARY_OP(ClassName, OpName, Kind, ...)                     \
  class ClassName : public BinaryOpBase<ClassName, detail::BinaryKind::Kind,   \
                                        ##__VA_ARGS__> {                       \
  public:                                                                      \
    using BinaryOpBase::BinaryOpBase;                                          \
    static llvm::StringRef getOperationName() { return "arith." OpName; }      \
  };

TILT_ARITH_BINARY_OP(AddIOp, "addi", IntOverflow, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(SubIOp, "subi", IntOverflow)
TILT_ARITH_BINARY_OP(MulIOp, "muli", IntOverflow, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(DivSIOp, "divsi", Int)
TILT_ARITH_BINARY_OP(DivUIOp, "divui", Int)
TILT_ARITH_BINARY_OP(RemSIOp, "remsi", Int)
TILT_ARITH_BINARY_OP(RemUIOp, "remui", Int)
TILT_ARITH_BINARY_OP(CeilDivSIOp, "ceildivsi", Int)
TILT_ARITH_BINARY_OP(FloorDivSIOp, "floordivsi", Int)
TILT_ARITH_BINARY_OP(MinSIOp, "minsi", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(MaxSIOp, "maxsi", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(MinUIOp, "minui", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(MaxUIOp, "maxui", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(AndIOp, "andi", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(OrIOp, "ori", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(XOrIOp, "xori", Int, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(ShLIOp, "shli", IntOverflow)
TILT_ARITH_BINARY_OP(ShRSIOp, "shrsi", Int)
TILT_ARITH_BINARY_OP(ShRUIOp, "shrui", Int)
TILT_ARITH_BINARY_OP(AddFOp, "addf", Float, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(SubFOp, "subf", Float)
TILT_ARITH_BINARY_OP(MulFOp, "mulf", Float, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(DivFOp, "divf", Float)
TILT_ARITH_BINARY_OP(MaximumFOp, "maximumf", Float, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(MinimumFOp, "minimumf", Float, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(MaxNumFOp, "maxnumf", Float, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(MinNumFOp, "minnumf", Float, OpTrait::IsCommutative)
TILT_ARITH_BINARY_OP(RemFOp, "remf", Float)
TILT_ARITH_BINARY_OP(CeilDivUIOp, "ceildivui", Int)
#undef TILT_ARITH_BINARY_OP

/// `arith.negf %x (fastmath<...>)? : f32`.
class NegFOp : public Op<NegFOp, OpTrait::OneOperand, OpTrait::OneResult,
                         OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                         OpTrait::SameOperandsAndResultType, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "arith.negf"; }
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static void getDefaultProperties(
      Context *context,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props);
  static void build(OpBuilder &builder, OperationState &state, Value operand);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  OpFoldResult fold(llvm::ArrayRef<Attribute> operands);
};

/// `arith.constant 1 : i32`: a constant integer, index, float or dense value.
class ConstantOp
    : public Op<ConstantOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::ConstantLike, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "arith.constant"; }
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static void build(OpBuilder &builder, OperationState &state, Attribute value);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  void
  getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)> setName);
  /// A constant folds to its value.
  OpFoldResult fold(llvm::ArrayRef<Attribute>) { return getValue(); }
  Attribute getValue();
  /// Whether `value` can be the value of a constant of `type`.
  static bool isBuildableWith(Attribute value, Type type);
};

/// `arith.cmpi slt, %a, %b : i32`.
class CmpIOp
    : public Op<CmpIOp, OpTrait::NOperands<2>::Impl, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::SameTypeOperands, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "arith.cmpi"; }
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static void build(OpBuilder &builder, OperationState &state,
                    CmpIPredicate predicate, Value lhs, Value rhs);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  OpFoldResult fold(llvm::ArrayRef<Attribute> operands);
  /// The fold of scalar operands (or of one element of tensors).
  OpFoldResult foldScalar(llvm::ArrayRef<Attribute> operands);
  CmpIPredicate getPredicate();
};

/// `arith.cmpf olt, %a, %b : f32`.
class CmpFOp
    : public Op<CmpFOp, OpTrait::NOperands<2>::Impl, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::SameTypeOperands, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "arith.cmpf"; }
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static void getDefaultProperties(
      Context *context,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props);
  static void build(OpBuilder &builder, OperationState &state,
                    CmpFPredicate predicate, Value lhs, Value rhs);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  CmpFPredicate getPredicate();
};

/// `arith.select %cond, %a, %b : i32`.
class SelectOp
    : public Op<SelectOp, OpTrait::NOperands<3>::Impl, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "arith.select"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value condition,
                    Value trueValue, Value falseValue);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  OpFoldResult fold(llvm::ArrayRef<Attribute> operands);
  /// The fold of scalar operands (or of one element of tensors).
  OpFoldResult foldScalar(llvm::ArrayRef<Attribute> operands);
};

/// The base of `%x : T to U` casts.
template <typename ConcreteOp, detail::CastKind Kind>
class CastOpBase
    : public Op<ConcreteOp, OpTrait::OneOperand, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
  using Base = Op<ConcreteOp, OpTrait::OneOperand, OpTrait::OneResult,
                  OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  /// trunci's `overflowFlags`; the other casts have no properties.
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    return detail::getCastAttributeNames(Kind);
  }
  static void getDefaultProperties(
      Context *context,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
    detail::getCastDefaultProperties(context, Kind, props);
  }
  static void build(OpBuilder &builder, OperationState &state, Type resultType,
                    Value operand) {
    state.addOperands(operand);
    state.addTypes(resultType);
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return detail::parseCastOp(parser, state, Kind);
  }
  void print(OpAsmPrinter &printer) {
    detail::printCastOp(this->getOperation(), printer);
  }
  LogicalResult verify() {
    return detail::verifyCastOp(this->getOperation(), Kind);
  }
  OpFoldResult fold(llvm::ArrayRef<Attribute> operands) {
    return detail::foldCastOp(this->getOperation(), Kind, operands);
  }
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context) {
    detail::populateCastCanonicalizationPatterns(ConcreteOp::getOperationName(),
                                                 patterns, context);
  }
};

namespace detail {
/// The two-result integer ops.
enum class ExtendedKind { AddUI, MulSI, MulUI };
LogicalResult parseExtendedOp(OpAsmParser &parser, OperationState &state,
                              ExtendedKind kind);
void printExtendedOp(Operation *op, OpAsmPrinter &printer, ExtendedKind kind);
LogicalResult verifyExtendedOp(Operation *op, ExtendedKind kind);
LogicalResult foldExtendedOp(Operation *op, ExtendedKind kind,
                             llvm::ArrayRef<Attribute> operands,
                             llvm::SmallVectorImpl<OpFoldResult> &results);
void populateExtendedPatterns(ExtendedKind kind, RewritePatternSet &patterns);
void getExtendedResultNames(
    Operation *op, ExtendedKind kind,
    llvm::function_ref<void(Value, llvm::StringRef)> setName);
} // namespace detail

/// `%sum, %overflow = arith.addui_extended %a, %b : i32, i1` and
/// `%low, %high = arith.mulsi_extended %a, %b : i32` (and mului_extended):
/// integer ops with a second result (the carry, or the high half).
template <typename ConcreteOp, detail::ExtendedKind Kind>
class ExtendedOpBase
    : public Op<ConcreteOp, OpTrait::NOperands<2>::Impl,
                OpTrait::NResults<2>::Impl, OpTrait::ZeroRegions,
                OpTrait::ZeroSuccessors, OpTrait::Pure,
                OpTrait::IsCommutative> {
  using Base = Op<ConcreteOp, OpTrait::NOperands<2>::Impl,
                  OpTrait::NResults<2>::Impl, OpTrait::ZeroRegions,
                  OpTrait::ZeroSuccessors, OpTrait::Pure,
                  OpTrait::IsCommutative>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value lhs,
                    Value rhs) {
    state.addOperands({lhs, rhs});
    Type type = lhs.getType();
    state.addTypes(type);
    state.addTypes(Kind == detail::ExtendedKind::AddUI
                       ? getTypeWithSameShape(type, builder.getI1Type())
                       : type);
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return detail::parseExtendedOp(parser, state, Kind);
  }
  void print(OpAsmPrinter &printer) {
    detail::printExtendedOp(this->getOperation(), printer, Kind);
  }
  /// MLIR's operand and result constraints, before the traits'.
  LogicalResult verifyInvariantsImpl() {
    return detail::verifyExtendedOp(this->getOperation(), Kind);
  }
  LogicalResult verify() { return success(); }
  LogicalResult fold(llvm::ArrayRef<Attribute> operands,
                     llvm::SmallVectorImpl<OpFoldResult> &results) {
    return detail::foldExtendedOp(this->getOperation(), Kind, operands,
                                  results);
  }
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *) {
    detail::populateExtendedPatterns(Kind, patterns);
  }
  /// `%sum, %overflow` or `%low, %high`, as MLIR names them.
  void
  getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)> setName) {
    detail::getExtendedResultNames(this->getOperation(), Kind, setName);
  }
};

#define TILT_ARITH_EXTENDED_OP(ClassName, OpName, Kind)                        \
  class ClassName                                                              \
      : public ExtendedOpBase<ClassName, detail::ExtendedKind::Kind> {         \
  public:                                                                      \
    using ExtendedOpBase::ExtendedOpBase;                                      \
    static llvm::StringRef getOperationName() { return "arith." OpName; }      \
  };
TILT_ARITH_EXTENDED_OP(AddUIExtendedOp, "addui_extended", AddUI)
TILT_ARITH_EXTENDED_OP(MulSIExtendedOp, "mulsi_extended", MulSI)
TILT_ARITH_EXTENDED_OP(MulUIExtendedOp, "mului_extended", MulUI)
#undef TILT_ARITH_EXTENDED_OP

#define TILT_ARITH_CAST_OP(ClassName, OpName, Kind)                            \
  class ClassName : public CastOpBase<ClassName, detail::CastKind::Kind> {     \
  public:                                                                      \
    using CastOpBase::CastOpBase;                                              \
    static llvm::StringRef getOperationName() { return "arith." OpName; }      \
  };
TILT_ARITH_CAST_OP(IndexCastOp, "index_cast", IndexCast)
TILT_ARITH_CAST_OP(ExtFOp, "extf", ExtF)
TILT_ARITH_CAST_OP(TruncFOp, "truncf", TruncF)
TILT_ARITH_CAST_OP(SIToFPOp, "sitofp", SIToFP)
TILT_ARITH_CAST_OP(FPToSIOp, "fptosi", FPToSI)
TILT_ARITH_CAST_OP(IndexCastUIOp, "index_castui", IndexCastUI)
TILT_ARITH_CAST_OP(UIToFPOp, "uitofp", UIToFP)
TILT_ARITH_CAST_OP(FPToUIOp, "fptoui", FPToUI)
TILT_ARITH_CAST_OP(ExtSIOp, "extsi", ExtSI)
TILT_ARITH_CAST_OP(ExtUIOp, "extui", ExtUI)
TILT_ARITH_CAST_OP(TruncIOp, "trunci", TruncI)
TILT_ARITH_CAST_OP(BitcastOp, "bitcast", BitCast)
#undef TILT_ARITH_CAST_OP

} // namespace arith
} // namespace tilt

#endif // TILT_DIALECT_ARITH_ARITH_H
