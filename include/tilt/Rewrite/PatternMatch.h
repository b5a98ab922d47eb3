//===- PatternMatch.h - Rewrite patterns and the rewriter -------*- C++ -*-===//
//
// A RewritePattern matches a root operation (of one name, or any) and
// rewrites it through a PatternRewriter. Every change goes through the
// rewriter, which tells its listener (the driver) what happened, so drivers
// can keep worklists, debug logs and consistency checks up to date.
//
// Contract: a pattern that returns success has changed the IR; a pattern
// that returns failure has not (and says why with notifyMatchFailure).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_REWRITE_PATTERNMATCH_H
#define TILT_REWRITE_PATTERNMATCH_H

#include "tilt/IR/Builders.h"
#include "llvm/Support/TypeName.h"
#include <memory>
#include <optional>

namespace tilt {

class PatternRewriter;

/// How much a pattern gains; higher is tried first. Fixed when the pattern
/// is built.
class PatternBenefit {
public:
  PatternBenefit(unsigned benefit = 1) : benefit(benefit) {}
  static PatternBenefit impossibleToMatch() { return PatternBenefit(~0u); }
  bool isImpossibleToMatch() const { return benefit == ~0u; }
  unsigned getBenefit() const { return benefit; }
  bool operator<(PatternBenefit other) const { return benefit < other.benefit; }
  bool operator==(PatternBenefit other) const {
    return benefit == other.benefit;
  }

private:
  unsigned benefit;
};

/// A rewrite pattern: a root, a benefit, a name for debugging, and the
/// names of the ops it may create.
class RewritePattern {
public:
  virtual ~RewritePattern();

  /// Matches `op` and rewrites it; see the contract above.
  virtual LogicalResult matchAndRewrite(Operation *op,
                                        PatternRewriter &rewriter) const = 0;

  /// The root op name, or none for a pattern that matches any op.
  std::optional<OperationName> getRootKind() const { return rootKind; }
  PatternBenefit getBenefit() const { return benefit; }
  /// The name used in debug output (the class name unless set).
  llvm::StringRef getDebugName() const { return debugName; }
  void setDebugName(llvm::StringRef name) { debugName = name.str(); }
  llvm::ArrayRef<OperationName> getGeneratedOps() const { return generatedOps; }
  /// Declares that applying the pattern to its own output terminates.
  void setHasBoundedRewriteRecursion(bool bounded = true) {
    boundedRecursion = bounded;
  }
  bool hasBoundedRewriteRecursion() const { return boundedRecursion; }
  /// Whether this is a ConversionPattern (for the conversion driver).
  bool isConversionPattern() const { return conversion; }
  Context *getContext() const { return context; }

protected:
  /// A pattern rooted at ops named `rootName`.
  RewritePattern(llvm::StringRef rootName, PatternBenefit benefit,
                 Context *context,
                 llvm::ArrayRef<llvm::StringRef> generatedNames = {});
  /// A pattern that may match any op.
  struct MatchAnyOpTypeTag {};
  RewritePattern(MatchAnyOpTypeTag, PatternBenefit benefit, Context *context,
                 llvm::ArrayRef<llvm::StringRef> generatedNames = {});

private:
  std::optional<OperationName> rootKind;
  PatternBenefit benefit;
  Context *context;
  std::string debugName;
  llvm::SmallVector<OperationName, 2> generatedOps;
  bool boundedRecursion = false;

protected:
  bool conversion = false;
};

/// A pattern on ops of type SourceOp, with a typed matchAndRewrite.
template <typename SourceOp> class OpRewritePattern : public RewritePattern {
public:
  OpRewritePattern(Context *context, PatternBenefit benefit = 1,
                   llvm::ArrayRef<llvm::StringRef> generatedNames = {})
      : RewritePattern(SourceOp::getOperationName(), benefit, context,
                       generatedNames) {}
  virtual LogicalResult matchAndRewrite(SourceOp op,
                                        PatternRewriter &rewriter) const = 0;

private:
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const final {
    return matchAndRewrite(SourceOp(op), rewriter);
  }
};

//===----------------------------------------------------------------------===//
// Rewriters
//===----------------------------------------------------------------------===//

/// An OpBuilder that reports every change to its listener.
class RewriterBase : public OpBuilder {
public:
  /// What a driver learns about the changes a pattern makes.
  struct Listener : public OpBuilder::Listener {
    virtual void notifyOperationModified(Operation *op) {}
    /// `op` is about to be replaced by `values`.
    virtual void notifyOperationReplaced(Operation *op, ValueRange values) {}
    /// `op` is about to be erased.
    virtual void notifyOperationErased(Operation *op) {}
    virtual void notifyBlockErased(Block *block) {}
    /// A pattern gave up on `loc` for `reason`.
    virtual void notifyMatchFailure(Location loc, const llvm::Twine &reason) {}
  };

  explicit RewriterBase(Context *context, Listener *listener = nullptr)
      : OpBuilder(context, listener), rewriteListener(listener) {}
  void setListener(Listener *listener) {
    rewriteListener = listener;
    OpBuilder::setListener(listener);
  }
  Listener *getListener() const { return rewriteListener; }

  virtual ~RewriterBase() = default;

  /// Replaces the results of `op` with `values` and erases `op`.
  virtual void replaceOp(Operation *op, ValueRange values);
  void replaceOp(Operation *op, Operation *newOp) {
    replaceOp(op, ValueRange(newOp->getResults()));
  }
  /// Creates OpT at `op` and replaces `op` with it.
  template <typename OpT, typename... Args>
  OpT replaceOpWithNewOp(Operation *op, Args &&...args) {
    setInsertionPoint(op);
    OpT newOp = create<OpT>(op->getLoc(), std::forward<Args>(args)...);
    replaceOp(op, newOp.getOperation());
    return newOp;
  }
  /// Erases `op`, whose results must be unused, and everything in it.
  virtual void eraseOp(Operation *op);
  /// Erases `block` and the ops in it.
  void eraseBlock(Block *block);

  /// Changes `op` in place through `callback` (operands, attributes).
  template <typename CallableT>
  void modifyOpInPlace(Operation *op, CallableT &&callback) {
    startOpModification(op);
    callback();
    finalizeOpModification(op);
  }
  void startOpModification(Operation *op) {}
  void finalizeOpModification(Operation *op);
  void cancelOpModification(Operation *op) {}

  /// Replaces every use of `from` with `to`, telling the listener about
  /// each modified user.
  void replaceAllUsesWith(Value from, Value to);
  void replaceUsesWithIf(Value from, Value to,
                         llvm::function_ref<bool(OpOperand &)> shouldReplace);

  /// Moves the blocks of `region` before `before` in `parent`.
  void inlineRegionBefore(Region &region, Region &parent,
                          Region::iterator before);
  /// Moves the ops of `source` before `before` (in another block),
  /// replacing the arguments of `source` with `argValues`; erases `source`.
  void inlineBlockBefore(Block *source, Block *dest, Block::iterator before,
                         ValueRange argValues = {});
  /// Appends the ops of `source` to `dest` (see inlineBlockBefore).
  void mergeBlocks(Block *source, Block *dest, ValueRange argValues = {});
  /// Splits `block` before `before`; returns the new block.
  Block *splitBlock(Block *block, Block::iterator before);

  /// Reports why a pattern did not apply; always returns failure.
  LogicalResult notifyMatchFailure(Location loc, const llvm::Twine &reason);
  LogicalResult notifyMatchFailure(Operation *op, const llvm::Twine &reason) {
    return notifyMatchFailure(op->getLoc(), reason);
  }

private:
  Listener *rewriteListener;
};

/// The rewriter handed to patterns.
class PatternRewriter : public RewriterBase {
public:
  using RewriterBase::RewriterBase;
};

//===----------------------------------------------------------------------===//
// Pattern sets
//===----------------------------------------------------------------------===//

/// A list of patterns being assembled (e.g. by populate*Patterns).
class RewritePatternSet {
public:
  explicit RewritePatternSet(Context *context) : context(context) {}
  RewritePatternSet(RewritePatternSet &&) = default;

  /// Adds patterns constructed as `Ts(context, args...)`. At least one
  /// type is required, so that `add(fn)` below is never mistaken for an
  /// empty list of pattern types.
  template <typename T, typename... Ts, typename... Args>
  RewritePatternSet &add(Args &&...args) {
    addNamedPattern(std::make_unique<T>(context, args...),
                    llvm::getTypeName<T>());
    (addNamedPattern(std::make_unique<Ts>(context, args...),
                     llvm::getTypeName<Ts>()),
     ...);
    return *this;
  }
  /// Adds a pattern written as a function of a typed op.
  template <typename OpT>
  RewritePatternSet &add(LogicalResult (*fn)(OpT, PatternRewriter &),
                         PatternBenefit benefit = 1,
                         llvm::StringRef debugName = "") {
    struct FnPattern : public OpRewritePattern<OpT> {
      FnPattern(Context *context, LogicalResult (*fn)(OpT, PatternRewriter &),
                PatternBenefit benefit)
          : OpRewritePattern<OpT>(context, benefit), fn(fn) {}
      LogicalResult matchAndRewrite(OpT op,
                                    PatternRewriter &rewriter) const override {
        return fn(op, rewriter);
      }
      LogicalResult (*fn)(OpT, PatternRewriter &);
    };
    auto pattern = std::make_unique<FnPattern>(context, fn, benefit);
    if (!debugName.empty())
      pattern->setDebugName(debugName);
    return addPattern(std::move(pattern));
  }
  RewritePatternSet &addPattern(std::unique_ptr<RewritePattern> pattern) {
    patterns.push_back(std::move(pattern));
    return *this;
  }
  /// Adds `pattern`, naming it `typeName` unless it named itself.
  RewritePatternSet &addNamedPattern(std::unique_ptr<RewritePattern> pattern,
                                     llvm::StringRef typeName) {
    if (pattern->getDebugName().empty())
      pattern->setDebugName(typeName);
    return addPattern(std::move(pattern));
  }
  Context *getContext() const { return context; }
  std::vector<std::unique_ptr<RewritePattern>> &getPatterns() {
    return patterns;
  }

private:
  Context *context;
  std::vector<std::unique_ptr<RewritePattern>> patterns;
};

/// An immutable pattern set, indexed by root name and sorted by benefit
/// (stable: equal benefits keep their insertion order). Shared cheaply.
class FrozenRewritePatternSet {
public:
  FrozenRewritePatternSet();
  explicit FrozenRewritePatternSet(RewritePatternSet &&patterns);

  /// The patterns to try on an op named `name`, best first: the patterns
  /// rooted at `name` merged with the any-op patterns.
  llvm::ArrayRef<const RewritePattern *>
  getPatternsFor(OperationName name) const;
  size_t size() const;

private:
  struct Impl;
  std::shared_ptr<Impl> impl;
};

} // namespace tilt

#endif // TILT_REWRITE_PATTERNMATCH_H
