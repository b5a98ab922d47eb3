//===- DialectConversion.h - Legalizing IR for a target ---------*- C++ -*-===//
//
// The conversion driver rewrites the ops nested in a root until every op is
// legal for a ConversionTarget:
//
//   ConversionTarget target(*context);
//   target.addLegalDialect("arith");
//   target.addIllegalOp("tile.fill");
//   RewritePatternSet patterns(context);
//   patterns.add<FillToArith>(typeConverter, context);
//   if (failed(applyPartialConversion(module, target, std::move(patterns))))
//     return signalPassFailure();
//
// Ops are visited parents first (so a function's signature is converted
// before its body). An illegal op (or, in a full conversion, an op of
// unknown legality) is given to the patterns for its name in benefit order;
// the ops a successful pattern creates are legalized in turn. Values whose
// type changes are bridged with materializations (by default
// `builtin.unrealized_conversion_cast`), which cancel out when both sides
// are converted.
//
// On failure every op that could not be legalized gets its own error (with
// the last reason a pattern gave as a note), and the IR is restored to what
// it was before the conversion: nothing half-converted is left behind.
//
// Differences from MLIR, by design: type conversions are 1:1; a pattern
// that succeeds is final (there is no backtracking into another pattern when
// the ops it created cannot be legalized; that is reported as a failure).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_REWRITE_DIALECTCONVERSION_H
#define TILT_REWRITE_DIALECTCONVERSION_H

#include "tilt/Rewrite/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include <functional>

namespace tilt {

//===----------------------------------------------------------------------===//
// TypeConverter
//===----------------------------------------------------------------------===//

/// Converts types 1:1 and builds the casts that bridge old and new types.
class TypeConverter {
public:
  /// A conversion: the converted type; null Type for "cannot be converted";
  /// none for "not mine, ask the next one". Newest conversions are asked
  /// first.
  using ConversionFn = std::function<std::optional<Type>(Type)>;
  /// Builds a value of `type` from `inputs` at the builder's insertion
  /// point; a null Value for "not mine".
  using MaterializationFn =
      std::function<Value(OpBuilder &, Type, ValueRange, Location)>;

  void addConversion(ConversionFn fn) { conversions.push_back(std::move(fn)); }
  /// Adds a conversion for one type class: `fn(IntegerType) -> ...`.
  template <typename T, typename FnT> void addConversion(FnT fn) {
    conversions.push_back([fn](Type type) -> std::optional<Type> {
      if (auto typed = type.dyn_cast<T>())
        return fn(typed);
      return std::nullopt;
    });
  }
  /// How a converted value is turned back into the original type for users
  /// not converted yet (source) and how an original value is turned into
  /// the converted type for a pattern (target). Without one, an
  /// unrealized_conversion_cast is used.
  void addSourceMaterialization(MaterializationFn fn) {
    sourceMaterializations.push_back(std::move(fn));
  }
  void addTargetMaterialization(MaterializationFn fn) {
    targetMaterializations.push_back(std::move(fn));
  }

  /// The converted type, or null if `type` cannot be converted.
  Type convertType(Type type) const;
  LogicalResult convertTypes(TypeRange types,
                             llvm::SmallVectorImpl<Type> &results) const;
  /// Whether `type` converts to itself.
  bool isLegal(Type type) const { return convertType(type) == type; }
  /// Whether every operand and result type of `op` is legal.
  bool isLegal(Operation *op) const;

  Value materializeSourceConversion(OpBuilder &builder, Location loc, Type type,
                                    ValueRange inputs) const;
  Value materializeTargetConversion(OpBuilder &builder, Location loc, Type type,
                                    ValueRange inputs) const;

private:
  std::vector<ConversionFn> conversions;
  std::vector<MaterializationFn> sourceMaterializations;
  std::vector<MaterializationFn> targetMaterializations;
};

//===----------------------------------------------------------------------===//
// ConversionTarget
//===----------------------------------------------------------------------===//

/// Which ops are legal after a conversion. Rules for an op name win over
/// rules for its dialect, which win over the rule for unknown ops.
class ConversionTarget {
public:
  using DynamicLegalityFn = std::function<bool(Operation *)>;
  enum class Action { Legal, Dynamic, Illegal };

  explicit ConversionTarget(Context &context) : context(context) {}

  void addLegalOp(llvm::StringRef name) { setOpAction(name, Action::Legal); }
  void addIllegalOp(llvm::StringRef name) {
    setOpAction(name, Action::Illegal);
  }
  void addDynamicallyLegalOp(llvm::StringRef name, DynamicLegalityFn fn) {
    setOpAction(name, Action::Dynamic, std::move(fn));
  }
  template <typename... OpTs> void addLegalOp() {
    (addLegalOp(OpTs::getOperationName()), ...);
  }
  template <typename... OpTs> void addIllegalOp() {
    (addIllegalOp(OpTs::getOperationName()), ...);
  }
  template <typename OpT>
  void addDynamicallyLegalOp(std::function<bool(OpT)> fn) {
    addDynamicallyLegalOp(OpT::getOperationName(),
                          [fn](Operation *op) { return fn(OpT(op)); });
  }

  void addLegalDialect(llvm::StringRef name) {
    dialectRules[name] = {Action::Legal, nullptr};
  }
  void addIllegalDialect(llvm::StringRef name) {
    dialectRules[name] = {Action::Illegal, nullptr};
  }
  void addDynamicallyLegalDialect(llvm::StringRef name, DynamicLegalityFn fn) {
    dialectRules[name] = {Action::Dynamic, std::move(fn)};
  }
  /// The rule for ops no other rule covers (by default, none: unknown).
  void markUnknownOpDynamicallyLegal(DynamicLegalityFn fn) {
    unknownRule = Rule{Action::Dynamic, std::move(fn)};
  }

  /// Whether `op` is legal: true, false, or none when no rule covers it.
  std::optional<bool> isLegal(Operation *op) const;
  /// Whether a rule marks `op` illegal (explicitly or dynamically).
  bool isIllegal(Operation *op) const {
    std::optional<bool> legal = isLegal(op);
    return legal && !*legal;
  }
  Context &getContext() const { return context; }

private:
  struct Rule {
    Action action;
    DynamicLegalityFn fn;
  };
  void setOpAction(llvm::StringRef name, Action action,
                   DynamicLegalityFn fn = nullptr) {
    opRules[name] = {action, std::move(fn)};
  }
  Context &context;
  llvm::StringMap<Rule> opRules;
  llvm::StringMap<Rule> dialectRules;
  std::optional<Rule> unknownRule;
};

//===----------------------------------------------------------------------===//
// Patterns and the rewriter
//===----------------------------------------------------------------------===//

class ConversionPatternRewriter;

/// A pattern used by the conversion driver: it gets the op's operands
/// already remapped to their converted values.
class ConversionPattern : public RewritePattern {
public:
  virtual LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const = 0;
  const TypeConverter *getTypeConverter() const { return typeConverter; }

  /// Called by drivers that are not the conversion driver: fails.
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const final;

protected:
  ConversionPattern(llvm::StringRef rootName, PatternBenefit benefit,
                    Context *context,
                    const TypeConverter *typeConverter = nullptr)
      : RewritePattern(rootName, benefit, context),
        typeConverter(typeConverter) {
    conversion = true;
  }
  ConversionPattern(MatchAnyOpTypeTag tag, PatternBenefit benefit,
                    Context *context,
                    const TypeConverter *typeConverter = nullptr)
      : RewritePattern(tag, benefit, context), typeConverter(typeConverter) {
    conversion = true;
  }

private:
  const TypeConverter *typeConverter;
};

/// A conversion pattern on ops of type SourceOp.
template <typename SourceOp>
class OpConversionPattern : public ConversionPattern {
public:
  OpConversionPattern(Context *context, PatternBenefit benefit = 1)
      : ConversionPattern(SourceOp::getOperationName(), benefit, context) {}
  OpConversionPattern(const TypeConverter &typeConverter, Context *context,
                      PatternBenefit benefit = 1)
      : ConversionPattern(SourceOp::getOperationName(), benefit, context,
                          &typeConverter) {}
  /// The order `RewritePatternSet::add<P>(typeConverter)` uses.
  OpConversionPattern(Context *context, const TypeConverter &typeConverter,
                      PatternBenefit benefit = 1)
      : ConversionPattern(SourceOp::getOperationName(), benefit, context,
                          &typeConverter) {}
  virtual LogicalResult
  matchAndRewrite(SourceOp op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const = 0;

private:
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const final {
    return matchAndRewrite(SourceOp(op), operands, rewriter);
  }
};

/// The rewriter of the conversion driver. Erased ops are unlinked and
/// destroyed when the conversion ends (so a failed conversion can be undone
/// and no op is freed while the driver still knows it); replacing a value
/// with one of another type inserts a source materialization for the users
/// that are not converted yet.
class ConversionPatternRewriter : public PatternRewriter {
public:
  explicit ConversionPatternRewriter(Context *context);
  ~ConversionPatternRewriter();

  void replaceOp(Operation *op, ValueRange values) override;
  using PatternRewriter::replaceOp;
  void eraseOp(Operation *op) override;

  /// The value `value` stands for after conversion: the input of a
  /// materialization the driver inserted, else `value` itself.
  Value getRemappedValue(Value value) const;
  /// Converts the argument types of the blocks of `region` in place; the
  /// users of a converted argument that are not converted yet see it
  /// through a source materialization. Fails if a type does not convert.
  LogicalResult convertRegionTypes(Region &region,
                                   const TypeConverter &converter);

  /// Internal (driver): the casts inserted so far.
  const llvm::SetVector<Operation *> &getMaterializations() const {
    return materializations;
  }
  Value materialize(Location loc, Type type, Value input,
                    const TypeConverter *converter, bool source);
  /// Internal: the type converter of the pattern being applied (used for
  /// the source materializations of replaced values).
  void setCurrentTypeConverter(const TypeConverter *converter) {
    currentConverter = converter;
  }
  /// Internal: destroys the erased ops.
  void destroyErasedOps();
  bool isErased(Operation *op) const { return erased.count(op); }

private:
  llvm::SetVector<Operation *> materializations;
  const TypeConverter *currentConverter = nullptr;
  std::vector<Operation *> erasedRoots;
  llvm::DenseSet<Operation *> erased;
};

//===----------------------------------------------------------------------===//
// Drivers
//===----------------------------------------------------------------------===//

/// Options of applyPartialConversion and applyFullConversion.
struct ConversionConfig {
  /// Observes the changes (besides the driver).
  RewriterBase::Listener *listener = nullptr;
  /// Restore the IR when the conversion fails (costs a copy of the IR).
  bool rollbackOnFailure = true;
};

/// Legalizes the ops nested in `root` that a pattern applies to; ops of
/// unknown legality may stay. Fails if an illegal op remains.
LogicalResult applyPartialConversion(Operation *root,
                                     const ConversionTarget &target,
                                     const FrozenRewritePatternSet &patterns,
                                     ConversionConfig config = {});
/// Legalizes every op nested in `root`: fails if any op is not legal
/// afterwards (or a materialization is still needed).
LogicalResult applyFullConversion(Operation *root,
                                  const ConversionTarget &target,
                                  const FrozenRewritePatternSet &patterns,
                                  ConversionConfig config = {});

} // namespace tilt

#endif // TILT_REWRITE_DIALECTCONVERSION_H
