//===- OpDefinition.h - Typed operation wrappers and traits ------*- C++
//-*-===//
//
// A registered operation kind is a C++ class
//
//   class AddIOp : public Op<AddIOp, OpTrait::NOperands<2>::Impl,
//                            OpTrait::OneResult, OpTrait::Pure> { ... };
//
// a pointer-sized handle around an Operation* with typed accessors, build(),
// verify(), and optionally a custom assembly form (parse/print). Traits are
// CRTP mixins that add verification and are queryable at run time by TypeID.
// OpModel<Op> adapts the static class to the OpInfo hooks of the registry.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_OPDEFINITION_H
#define TILT_IR_OPDEFINITION_H

#include "tilt/IR/Operation.h"
#include "llvm/Support/Casting.h"

namespace tilt {
class Dialect;
class OpAsmParser;
class OpAsmPrinter;
class OpBuilder;
class RewritePatternSet;

/// The base of typed op handles: a wrapper of an Operation*.
class OpState {
public:
  explicit operator bool() const { return state != nullptr; }
  operator Operation *() const { return state; }
  Operation *operator->() const { return state; }
  Operation *getOperation() const { return state; }
  Context *getContext() const { return state->getContext(); }
  Location getLoc() const { return state->getLoc(); }
  bool operator==(const OpState &other) const { return state == other.state; }
  bool operator!=(const OpState &other) const { return state != other.state; }

  InFlightDiagnostic emitError(const llvm::Twine &message = {}) {
    return state->emitError(message);
  }
  InFlightDiagnostic emitOpError(const llvm::Twine &message = {}) {
    return state->emitOpError(message);
  }
  InFlightDiagnostic emitWarning(const llvm::Twine &message = {}) {
    return state->emitWarning(message);
  }
  InFlightDiagnostic emitRemark(const llvm::Twine &message = {}) {
    return state->emitRemark(message);
  }
  void erase() { state->erase(); }
  void print(llvm::raw_ostream &os) { state->print(os); }
  void dump() { state->dump(); }

  // Defaults that concrete ops may shadow.
  LogicalResult verify() { return success(); }
  LogicalResult verifyRegions() { return success(); }
  void getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)>) {}
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() { return {}; }
  static void getDefaultProperties(
      Context *,
      llvm::SmallVectorImpl<std::pair<llvm::StringRef, Attribute>> &) {}
  /// The dialect whose ops may drop their prefix inside this op's regions.
  static llvm::StringRef getDefaultDialect() { return ""; }
  static constexpr bool kHasCustomAssembly = false;
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer) {}

protected:
  explicit OpState(Operation *state) : state(state) {}
  Operation *state;
};

/// Reports property `name` of `op` as MLIR does when a property's attribute
/// has the wrong kind (MLIR finds it while parsing, converting properties):
/// `invalid properties {...} for op NAME: Invalid attribute `name` in
/// property conversion: VALUE`.
InFlightDiagnostic emitInvalidPropertyError(Operation *op,
                                            llvm::StringRef name);

namespace OpTrait {

/// The base of trait mixins: default (successful) verifiers. Traits reach
/// the op through `static_cast<C *>(this)`.
template <typename ConcreteType> class TraitBase {
public:
  static LogicalResult verifyTrait(Operation *) { return success(); }
  static LogicalResult verifyRegionTrait(Operation *) { return success(); }
};

namespace impl {
LogicalResult verifyZeroOperands(Operation *op);
LogicalResult verifyOneOperand(Operation *op);
LogicalResult verifyNOperands(Operation *op, unsigned numOperands);
LogicalResult verifyAtLeastNOperands(Operation *op, unsigned numOperands);
LogicalResult verifyZeroResults(Operation *op);
LogicalResult verifyOneResult(Operation *op);
LogicalResult verifyNResults(Operation *op, unsigned numResults);
LogicalResult verifyZeroRegions(Operation *op);
LogicalResult verifyOneRegion(Operation *op);
LogicalResult verifyNRegions(Operation *op, unsigned numRegions);
LogicalResult verifyZeroSuccessors(Operation *op);
LogicalResult verifyIsTerminator(Operation *op);
LogicalResult verifySameOperandsAndResultType(Operation *op);
LogicalResult verifySameTypeOperands(Operation *op);
LogicalResult verifyIsIsolatedFromAbove(Operation *op);
LogicalResult verifyOneBlockRegions(Operation *op,
                                    bool requireNonEmpty = false);
LogicalResult verifyNoRegionArguments(Operation *op);
LogicalResult verifySymbol(Operation *op);
LogicalResult verifySymbolTable(Operation *op);
LogicalResult verifyHasParent(Operation *op,
                              llvm::ArrayRef<llvm::StringRef> parentNames);
LogicalResult verifySingleBlockImplicitTerminator(Operation *op,
                                                  llvm::StringRef name);
} // namespace impl

/// The op has no operands.
template <typename C> class ZeroOperands : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyZeroOperands(op);
  }
};
/// The op has exactly one operand (getOperand()).
template <typename C> class OneOperand : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyOneOperand(op);
  }
  Value getOperand() {
    return static_cast<C *>(this)->getOperation()->getOperand(0);
  }
};
/// The op has exactly N operands (`NOperands<2>::Impl`).
template <unsigned N> struct NOperands {
  template <typename C> class Impl : public TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      return impl::verifyNOperands(op, N);
    }
  };
};
/// The op has N operands or more.
template <unsigned N> struct AtLeastNOperands {
  template <typename C> class Impl : public TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      return impl::verifyAtLeastNOperands(op, N);
    }
  };
};
template <typename C> class VariadicOperands : public TraitBase<C> {};
template <typename C> class ZeroResults : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyZeroResults(op);
  }
};
/// The op has exactly one result (getResult(), getType(), and it converts
/// to Value).
template <typename C> class OneResult : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyOneResult(op);
  }
  Value getResult() {
    return static_cast<C *>(this)->getOperation()->getResult(0);
  }
  Type getType() { return getResult().getType(); }
  operator Value() { return getResult(); }
};
/// The op has exactly N results (`NResults<2>::Impl`).
template <unsigned N> struct NResults {
  template <typename C> class Impl : public TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      return impl::verifyNResults(op, N);
    }
  };
};
template <typename C> class VariadicResults : public TraitBase<C> {};
template <typename C> class ZeroRegions : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyZeroRegions(op);
  }
};
/// The op has exactly one region.
template <typename C> class OneRegion : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyOneRegion(op);
  }
  Region &getRegion() {
    return static_cast<C *>(this)->getOperation()->getRegion(0);
  }
};
/// The op has exactly N regions.
template <unsigned N> struct NRegions {
  template <typename C> class Impl : public TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      return impl::verifyNRegions(op, N);
    }
  };
};
/// The op has no successor blocks.
template <typename C> class ZeroSuccessors : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyZeroSuccessors(op);
  }
};
/// The op ends its block.
template <typename C> class IsTerminator : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyIsTerminator(op);
  }
};
/// The op's single-block regions need no terminator.
template <typename C> class NoTerminator : public TraitBase<C> {};
/// Each region has at most one block, which is not empty unless the op
/// also has NoTerminator (MLIR's SingleBlock).
template <typename C> class SingleBlock : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyOneBlockRegions(
        op, !C::template hasTrait<OpTrait::NoTerminator>());
  }
};
/// The entry blocks of the op's regions take no arguments (MLIR's
/// NoRegionArguments).
template <typename C> class NoRegionArguments : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyNoRegionArguments(op);
  }
};
/// Single-block regions ending in `TerminatorOp`, which the custom form may
/// leave implicit.
template <typename TerminatorOp> struct SingleBlockImplicitTerminator {
  template <typename C> class Impl : public TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      if (failed(impl::verifyOneBlockRegions(op)))
        return failure();
      return impl::verifySingleBlockImplicitTerminator(
          op, TerminatorOp::getOperationName());
    }
  };
};
/// Regions see no value defined outside the op.
template <typename C> class IsIsolatedFromAbove : public TraitBase<C> {
public:
  static LogicalResult verifyRegionTrait(Operation *op) {
    return impl::verifyIsIsolatedFromAbove(op);
  }
};
/// No memory effects and always speculatable: unused results mean the op can
/// be removed.
template <typename C> class Pure : public TraitBase<C> {};
/// The op's own effects are those of the ops nested in it (scf.for, scf.if):
/// with only pure ops inside and unused results, it can be erased.
template <typename C> class HasRecursiveMemoryEffects : public TraitBase<C> {};
/// A constant: no operands, one result, folds to its value.
template <typename C> class ConstantLike : public TraitBase<C> {};
/// Operand order does not matter.
template <typename C> class IsCommutative : public TraitBase<C> {};
/// Returns control to the parent op (like func.return, scf.yield).
template <typename C> class ReturnLike : public TraitBase<C> {};
template <typename C> class SameOperandsAndResultType : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultType(op);
  }
};
/// All operands have the same type.
template <typename C> class SameTypeOperands : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameTypeOperands(op);
  }
};
/// The op's regions are graph regions: no dominance between ops.
template <typename C> class HasOnlyGraphRegion : public TraitBase<C> {};
/// The op defines a symbol through its `sym_name` attribute.
template <typename C> class Symbol : public TraitBase<C> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySymbol(op);
  }
};
/// The op's region holds symbols with unique names.
template <typename C> class SymbolTable : public TraitBase<C> {
public:
  static LogicalResult verifyRegionTrait(Operation *op) {
    return impl::verifySymbolTable(op);
  }
};
/// The op must be directly inside one of `ParentOps`.
template <typename... ParentOps> struct HasParent {
  template <typename C> class Impl : public TraitBase<C> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      return impl::verifyHasParent(op, {ParentOps::getOperationName()...});
    }
  };
};

} // namespace OpTrait

/// The CRTP base of registered ops.
template <typename ConcreteType, template <typename> class... Traits>
class Op : public OpState, public Traits<ConcreteType>... {
public:
  Op() : OpState(nullptr) {}
  Op(std::nullptr_t) : OpState(nullptr) {}
  explicit Op(Operation *op) : OpState(op) {}

  /// Whether `op` is of this kind.
  static bool classof(const Operation *op) {
    return op->getName().getTypeID() == TypeID::get<ConcreteType>();
  }
  /// `op` as this kind, or null.
  static ConcreteType dynCast(Operation *op) {
    return op && classof(op) ? ConcreteType(op) : ConcreteType();
  }
  static void getTraitIDs(llvm::SmallVectorImpl<TypeID> &ids) {
    (ids.push_back(TypeID::get<Traits>()), ...);
  }
  static LogicalResult verifyTraits(Operation *op) {
    LogicalResult result = success();
    (void)((succeeded(result = Traits<ConcreteType>::verifyTrait(op))) && ...);
    return result;
  }
  static LogicalResult verifyRegionTraits(Operation *op) {
    LogicalResult result = success();
    (void)((succeeded(result = Traits<ConcreteType>::verifyRegionTrait(op))) &&
           ...);
    return result;
  }
  template <template <typename> class Trait> static constexpr bool hasTrait() {
    return (std::is_same<Trait<ConcreteType>, Traits<ConcreteType>>::value ||
            ...);
  }
};

namespace detail {
/// Ops define `OpFoldResult fold(ArrayRef<Attribute> operands)` (one result:
/// null for no fold, the op's own result for an in-place update) or
/// `LogicalResult fold(ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &)`.
template <typename OpT, typename = void>
struct HasSingleResultFold : std::false_type {};
template <typename OpT>
struct HasSingleResultFold<
    OpT, std::enable_if_t<
             std::is_same<decltype(std::declval<OpT &>().fold(
                              std::declval<llvm::ArrayRef<Attribute>>())),
                          OpFoldResult>::value>> : std::true_type {};
template <typename OpT, typename = void>
struct HasMultiResultFold : std::false_type {};
template <typename OpT>
struct HasMultiResultFold<
    OpT, std::void_t<decltype(std::declval<OpT &>().fold(
             std::declval<llvm::ArrayRef<Attribute>>(),
             std::declval<llvm::SmallVectorImpl<OpFoldResult> &>()))>>
    : std::true_type {};

template <typename OpT, typename = void>
struct HasCanonicalizer : std::false_type {};
template <typename OpT>
struct HasCanonicalizer<
    OpT, std::void_t<decltype(OpT::getCanonicalizationPatterns(
             std::declval<RewritePatternSet &>(), std::declval<Context *>()))>>
    : std::true_type {};

/// Ops may define `LogicalResult verifyInvariantsImpl()`: the checks MLIR's
/// ODS generates for properties and operands, run before the traits'.
template <typename OpT, typename = void>
struct HasInvariantsImpl : std::false_type {};
template <typename OpT>
struct HasInvariantsImpl<
    OpT, std::void_t<decltype(std::declval<OpT &>().verifyInvariantsImpl())>>
    : std::true_type {};

/// Branch ops define `std::pair<unsigned, unsigned>
/// getSuccessorOperands(unsigned index)`: the operands forwarded to the
/// arguments of successor `index`, as (first operand, count).
template <typename OpT, typename = void>
struct HasSuccessorOperands : std::false_type {};
template <typename OpT>
struct HasSuccessorOperands<
    OpT, std::void_t<decltype(std::declval<OpT &>().getSuccessorOperands(
             std::declval<unsigned>()))>> : std::true_type {};

template <typename OpT>
LogicalResult foldOp(Operation *op, llvm::ArrayRef<Attribute> operands,
                     llvm::SmallVectorImpl<OpFoldResult> &results) {
  if constexpr (HasSingleResultFold<OpT>::value) {
    OpFoldResult result = OpT(op).fold(operands);
    if (!result)
      return failure();
    // Folding to its own result means the op was updated in place.
    if (result.getValue() && op->getNumResults() == 1 &&
        result.getValue() == Value(op->getResult(0)))
      return success();
    results.push_back(result);
    return success();
  } else if constexpr (HasMultiResultFold<OpT>::value) {
    return OpT(op).fold(operands, results);
  } else {
    return failure();
  }
}
} // namespace detail

/// Adapts a concrete op class to the OpInfo hooks.
template <typename ConcreteOp> class OpModel final : public OpInfo {
public:
  explicit OpModel(Dialect *dialect);

  LogicalResult verifyInvariants(Operation *op) const override {
    if constexpr (detail::HasInvariantsImpl<ConcreteOp>::value)
      if (failed(ConcreteOp(op).verifyInvariantsImpl()))
        return failure();
    if (failed(ConcreteOp::verifyTraits(op)))
      return failure();
    return ConcreteOp(op).verify();
  }
  LogicalResult verifyRegionInvariants(Operation *op) const override {
    if (failed(ConcreteOp::verifyRegionTraits(op)))
      return failure();
    return ConcreteOp(op).verifyRegions();
  }
  LogicalResult parseAssembly(OpAsmParser &parser,
                              OperationState &state) const override {
    return ConcreteOp::parse(parser, state);
  }
  void printAssembly(Operation *op, OpAsmPrinter &printer) const override {
    ConcreteOp(op).print(printer);
  }
  bool hasCustomAssembly() const override {
    return ConcreteOp::kHasCustomAssembly;
  }
  void getAsmResultNames(
      Operation *op,
      llvm::function_ref<void(Value, llvm::StringRef)> setName) const override {
    ConcreteOp(op).getAsmResultNames(setName);
  }
  bool hasSSADominance(Operation *, unsigned) const override {
    return !ConcreteOp::template hasTrait<OpTrait::HasOnlyGraphRegion>();
  }
  llvm::StringRef getDefaultDialect() const override {
    return ConcreteOp::getDefaultDialect();
  }
  LogicalResult
  fold(Operation *op, llvm::ArrayRef<Attribute> operands,
       llvm::SmallVectorImpl<OpFoldResult> &results) const override {
    return detail::foldOp<ConcreteOp>(op, operands, results);
  }
  std::optional<std::pair<unsigned, unsigned>>
  getSuccessorOperands(Operation *op, unsigned index) const override {
    if constexpr (detail::HasSuccessorOperands<ConcreteOp>::value)
      return ConcreteOp(op).getSuccessorOperands(index);
    else
      return std::nullopt;
  }
  void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                   Context *context) const override {
    if constexpr (detail::HasCanonicalizer<ConcreteOp>::value)
      ConcreteOp::getCanonicalizationPatterns(patterns, context);
  }
};

template <typename OpT> OpT Value::getDefiningOp() const {
  return OpT::dynCast(getDefiningOp());
}

} // namespace tilt

// Let llvm::isa/cast/dyn_cast work on Operation* for op classes, which are
// value types (MLIR's approach before LLVM's CastInfo).
namespace llvm {
template <typename T> struct cast_retty_impl<T, ::tilt::Operation *> {
  using ret_type = T;
};
template <typename T> struct cast_retty_impl<T, ::tilt::Operation> {
  using ret_type = T;
};
template <class T>
struct cast_convert_val<T, ::tilt::Operation, ::tilt::Operation> {
  static T doit(::tilt::Operation &val) { return T(&val); }
};
template <class T>
struct cast_convert_val<T, ::tilt::Operation *, ::tilt::Operation *> {
  static T doit(::tilt::Operation *val) { return T(val); }
};
} // namespace llvm

#endif // TILT_IR_OPDEFINITION_H
