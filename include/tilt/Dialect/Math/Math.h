//===- Math.h - The math dialect --------------------------------*- C++ -*-===//
//
// MLIR 22's math dialect: the same op names, operands, `fastmath`
// property, custom syntax, verifier messages and folds, so that mlir-opt
// reads what Tilt prints and both print the same text. Like Tilt's arith,
// the ops take scalars and ranked tensors of them (MLIR also takes vectors
// and unranked tensors, which Tilt has not).
//
// The ops come in the families of MLIR's ODS base classes (float unary,
// integer unary, float classification, float and integer binary, float
// ternary) plus clampf, fpowi and sincos with forms of their own; a family
// fixes the operands, results, properties and custom form of its ops.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_MATH_MATH_H
#define TILT_DIALECT_MATH_MATH_H

#include "tilt/Dialect/Arith/Arith.h"

namespace tilt {
namespace math {

/// The math dialect: MLIR's elementary functions, rounding, bit counting
/// and float classification, on scalars and ranked tensors.
class MathDialect : public Dialect {
public:
  explicit MathDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "math"; }
  /// Folded values become arith.constant, as in MLIR.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                 Location loc) override;
};

namespace detail {
/// The families of math ops, one per base class of MLIR's MathOps.td.
enum class OpKind {
  /// `math.sin %x (fastmath<...>)? : f32`: one float to a float of its type.
  FloatUnary,
  /// `math.ctlz %x : i32`: one signless integer or index to its type.
  IntegerUnary,
  /// `math.isnan %x : f32`: one float to i1 (a tensor to i1 in its
  /// shape); `fastmath` sits in the attribute dictionary of the custom form.
  FloatClassification,
  /// `math.powf %x, %y (fastmath<...>)? : f32`.
  FloatBinary,
  /// `math.ipowi %a, %b : i32`.
  IntegerBinary,
  /// `math.fma %a, %b, %c (fastmath<...>)? : f32`.
  FloatTernary,
  /// `math.clampf %x to [%lo, %hi] (fastmath<...>)? : f32`.
  ClampF,
  /// `math.fpowi %x, %n (fastmath<...>)? : f32, i32`.
  FPowI,
  /// `%sin, %cos = math.sincos %x (fastmath<...>)? : f32`.
  SinCos
};
/// Whether ops of `kind` carry the `fastmath` property.
bool hasFastMath(OpKind kind);
/// The names of the properties of ops of `kind`.
llvm::ArrayRef<llvm::StringRef> getAttributeNames(OpKind kind);
/// The default properties of ops of `kind` (`#arith.fastmath<none>`).
void getDefaultProperties(
    Context *context, OpKind kind,
    llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props);
/// The result types of an op of `kind` on `operands` (what the custom form
/// and the builders infer).
void inferResultTypes(Context *context, OpKind kind,
                      llvm::ArrayRef<Value> operands,
                      llvm::SmallVectorImpl<Type> &types);
/// Parses the custom form of an op of `kind`.
LogicalResult parseOp(OpAsmParser &parser, OperationState &state, OpKind kind);
/// Prints the custom form of an op of `kind`.
void printOp(Operation *op, OpAsmPrinter &printer, OpKind kind);
/// The checks of MLIR's ODS-generated verifier, in its order: the
/// `fastmath` property, the operand and result type constraints, then the
/// type-matching predicates (classifications, fpowi, sincos); last, for
/// fpowi, the shape check of MLIR's SameOperandsAndResultShape trait. The
/// same-type trait comes after.
LogicalResult verifyInvariants(Operation *op, OpKind kind);
/// Folds a math op as MLIR 22 does: constant operands only, tensors
/// element by element.
OpFoldResult foldOp(Operation *op, llvm::ArrayRef<Attribute> operands);

/// A trait running verifyInvariants for `Kind`, placed where MLIR's
/// OpInvariants trait is: after the operand and result counts, before
/// SameOperandsAndResultType.
template <OpKind Kind> struct OpInvariants {
  template <typename C> class Impl : public OpTrait::TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      return verifyInvariants(op, Kind);
    }
  };
};
} // namespace detail

/// The base of the math ops: `Operands` and `Results` are the count traits,
/// `TypeTraits` the type traits MLIR verifies after the ODS checks.
template <typename ConcreteOp, detail::OpKind Kind,
          template <typename> class Operands, template <typename> class Results,
          template <typename> class... TypeTraits>
class MathOp : public Op<ConcreteOp, Operands, Results, OpTrait::ZeroRegions,
                         OpTrait::ZeroSuccessors,
                         detail::OpInvariants<Kind>::template Impl,
                         TypeTraits..., OpTrait::Pure> {
  using Base =
      Op<ConcreteOp, Operands, Results, OpTrait::ZeroRegions,
         OpTrait::ZeroSuccessors, detail::OpInvariants<Kind>::template Impl,
         TypeTraits..., OpTrait::Pure>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    return detail::getAttributeNames(Kind);
  }
  static void getDefaultProperties(
      Context *context,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &props) {
    detail::getDefaultProperties(context, Kind, props);
  }
  /// An op on `operands`, its result types inferred as MLIR does.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::ArrayRef<Value> operands) {
    llvm::SmallVector<Type, 2> types;
    detail::inferResultTypes(builder.getContext(), Kind, operands, types);
    state.addOperands(operands);
    state.addTypes(types);
  }
  static void build(OpBuilder &builder, OperationState &state, Value operand) {
    build(builder, state, llvm::ArrayRef<Value>(operand));
  }
  static void build(OpBuilder &builder, OperationState &state, Value lhs,
                    Value rhs) {
    build(builder, state, llvm::ArrayRef<Value>({lhs, rhs}));
  }
  static void build(OpBuilder &builder, OperationState &state, Value a, Value b,
                    Value c) {
    build(builder, state, llvm::ArrayRef<Value>({a, b, c}));
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return detail::parseOp(parser, state, Kind);
  }
  void print(OpAsmPrinter &printer) {
    detail::printOp(this->getOperation(), printer, Kind);
  }
  OpFoldResult fold(llvm::ArrayRef<Attribute> operands) {
    return detail::foldOp(this->getOperation(), operands);
  }
  /// The fast-math flags (arith::FastMathFlags bits); 0 for the integer
  /// ops, which have none.
  unsigned getFastMathFlags() {
    Attribute attr = this->getOperation()->getInherentAttr("fastmath");
    return arith::getFastMathFlags(attr).value_or(0);
  }
};

#define TILT_MATH_OP(ClassName, Mnemonic, Kind, Operands, Results, ...)        \
  class ClassName : public MathOp<ClassName, detail::OpKind::Kind, Operands,   \
                                  Results, ##__VA_ARGS__> {                    \
  public:                                                                      \
    using MathOp::MathOp;                                                      \
    static llvm::StringRef getOperationName() { return "math." Mnemonic; }     \
  };
#define TILT_MATH_FLOAT_UNARY_OP(ClassName, Mnemonic)                          \
  TILT_MATH_OP(ClassName, Mnemonic, FloatUnary, OpTrait::OneOperand,           \
               OpTrait::OneResult, OpTrait::SameOperandsAndResultType)

TILT_MATH_FLOAT_UNARY_OP(AbsFOp, "absf")
TILT_MATH_FLOAT_UNARY_OP(AcosOp, "acos")
TILT_MATH_FLOAT_UNARY_OP(AcoshOp, "acosh")
TILT_MATH_FLOAT_UNARY_OP(AsinOp, "asin")
TILT_MATH_FLOAT_UNARY_OP(AsinhOp, "asinh")
TILT_MATH_FLOAT_UNARY_OP(AtanOp, "atan")
TILT_MATH_FLOAT_UNARY_OP(AtanhOp, "atanh")
TILT_MATH_FLOAT_UNARY_OP(CbrtOp, "cbrt")
TILT_MATH_FLOAT_UNARY_OP(CeilOp, "ceil")
TILT_MATH_FLOAT_UNARY_OP(CosOp, "cos")
TILT_MATH_FLOAT_UNARY_OP(CoshOp, "cosh")
TILT_MATH_FLOAT_UNARY_OP(ErfOp, "erf")
TILT_MATH_FLOAT_UNARY_OP(ErfcOp, "erfc")
TILT_MATH_FLOAT_UNARY_OP(ExpOp, "exp")
TILT_MATH_FLOAT_UNARY_OP(Exp2Op, "exp2")
TILT_MATH_FLOAT_UNARY_OP(ExpM1Op, "expm1")
TILT_MATH_FLOAT_UNARY_OP(FloorOp, "floor")
TILT_MATH_FLOAT_UNARY_OP(LogOp, "log")
TILT_MATH_FLOAT_UNARY_OP(Log10Op, "log10")
TILT_MATH_FLOAT_UNARY_OP(Log1pOp, "log1p")
TILT_MATH_FLOAT_UNARY_OP(Log2Op, "log2")
TILT_MATH_FLOAT_UNARY_OP(RoundOp, "round")
TILT_MATH_FLOAT_UNARY_OP(RoundEvenOp, "roundeven")
TILT_MATH_FLOAT_UNARY_OP(RsqrtOp, "rsqrt")
TILT_MATH_FLOAT_UNARY_OP(SinOp, "sin")
TILT_MATH_FLOAT_UNARY_OP(SinhOp, "sinh")
TILT_MATH_FLOAT_UNARY_OP(SqrtOp, "sqrt")
TILT_MATH_FLOAT_UNARY_OP(TanOp, "tan")
TILT_MATH_FLOAT_UNARY_OP(TanhOp, "tanh")
TILT_MATH_FLOAT_UNARY_OP(TruncOp, "trunc")
#undef TILT_MATH_FLOAT_UNARY_OP

#define TILT_MATH_INTEGER_UNARY_OP(ClassName, Mnemonic)                        \
  TILT_MATH_OP(ClassName, Mnemonic, IntegerUnary, OpTrait::OneOperand,         \
               OpTrait::OneResult, OpTrait::SameOperandsAndResultType)
TILT_MATH_INTEGER_UNARY_OP(AbsIOp, "absi")
TILT_MATH_INTEGER_UNARY_OP(CountLeadingZerosOp, "ctlz")
TILT_MATH_INTEGER_UNARY_OP(CountTrailingZerosOp, "cttz")
TILT_MATH_INTEGER_UNARY_OP(CtPopOp, "ctpop")
#undef TILT_MATH_INTEGER_UNARY_OP

#define TILT_MATH_CLASSIFICATION_OP(ClassName, Mnemonic)                       \
  TILT_MATH_OP(ClassName, Mnemonic, FloatClassification, OpTrait::OneOperand,  \
               OpTrait::OneResult)
TILT_MATH_CLASSIFICATION_OP(IsFiniteOp, "isfinite")
TILT_MATH_CLASSIFICATION_OP(IsInfOp, "isinf")
TILT_MATH_CLASSIFICATION_OP(IsNaNOp, "isnan")
TILT_MATH_CLASSIFICATION_OP(IsNormalOp, "isnormal")
#undef TILT_MATH_CLASSIFICATION_OP

// Doxygen does not expand macros: the call sites name no template.
#define TILT_MATH_BINARY_OP(ClassName, Mnemonic, Kind)                         \
  TILT_MATH_OP(ClassName, Mnemonic, Kind, OpTrait::NOperands<2>::Impl,         \
               OpTrait::OneResult, OpTrait::SameOperandsAndResultType)
TILT_MATH_BINARY_OP(Atan2Op, "atan2", FloatBinary)
TILT_MATH_BINARY_OP(CopySignOp, "copysign", FloatBinary)
TILT_MATH_BINARY_OP(PowFOp, "powf", FloatBinary)
TILT_MATH_BINARY_OP(IPowIOp, "ipowi", IntegerBinary)
#undef TILT_MATH_BINARY_OP

#define TILT_MATH_TERNARY_OP(ClassName, Mnemonic, Kind)                        \
  TILT_MATH_OP(ClassName, Mnemonic, Kind, OpTrait::NOperands<3>::Impl,         \
               OpTrait::OneResult, OpTrait::SameOperandsAndResultType)
TILT_MATH_TERNARY_OP(FmaOp, "fma", FloatTernary)
TILT_MATH_TERNARY_OP(ClampFOp, "clampf", ClampF)
#undef TILT_MATH_TERNARY_OP
#undef TILT_MATH_OP

/// `math.fpowi %x, %n : f32, i32`: a float to a signless integer power; the
/// types differ, so it has no SameOperandsAndResultType, but their shapes
/// must be compatible (MLIR's SameOperandsAndResultShape).
class FPowIOp : public MathOp<FPowIOp, detail::OpKind::FPowI,
                              OpTrait::NOperands<2>::Impl, OpTrait::OneResult> {
public:
  using MathOp::MathOp;
  static llvm::StringRef getOperationName() { return "math.fpowi"; }
};

/// `%sin, %cos = math.sincos %x : f32`: both functions of one operand.
class SincosOp
    : public MathOp<SincosOp, detail::OpKind::SinCos, OpTrait::OneOperand,
                    OpTrait::NResults<2>::Impl> {
public:
  using MathOp::MathOp;
  static llvm::StringRef getOperationName() { return "math.sincos"; }
  /// The results print as `%sin` and `%cos`, as in MLIR.
  void
  getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)> setName);
};

} // namespace math
} // namespace tilt

#endif // TILT_DIALECT_MATH_MATH_H
