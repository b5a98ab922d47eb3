//===- DialectConversion.cpp - Legalizing IR for a target -----------------===//
//
// The driver keeps a worklist of ops in pre-order. Erased ops are unlinked
// (not freed) until the end, so no pointer the driver holds is reused. On
// failure the IR is restored from a copy taken at the start.
//
//===----------------------------------------------------------------------===//

#include "tilt/Rewrite/DialectConversion.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/IRMapping.h"
#include "tilt/IR/Region.h"
#include "tilt/Rewrite/PatternApplicator.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;

//===----------------------------------------------------------------------===//
// TypeConverter
//===----------------------------------------------------------------------===//

Type TypeConverter::convertType(Type type) const {
  for (auto it = conversions.rbegin(), e = conversions.rend(); it != e; ++it)
    if (std::optional<Type> converted = (*it)(type))
      return *converted;
  return Type();
}

LogicalResult
TypeConverter::convertTypes(TypeRange types,
                            llvm::SmallVectorImpl<Type> &results) const {
  for (Type type : types) {
    Type converted = convertType(type);
    if (!converted)
      return failure();
    results.push_back(converted);
  }
  return success();
}

bool TypeConverter::isLegal(Operation *op) const {
  for (Value operand : op->getOperands())
    if (!isLegal(operand.getType()))
      return false;
  for (Value result : op->getResults())
    if (!isLegal(result.getType()))
      return false;
  return true;
}

static Value materializeWith(
    llvm::ArrayRef<TypeConverter::MaterializationFn> materializations,
    OpBuilder &builder, Location loc, Type type, ValueRange inputs) {
  for (auto it = materializations.rbegin(), e = materializations.rend();
       it != e; ++it)
    if (Value value = (*it)(builder, type, inputs, loc))
      return value;
  return Value();
}

Value TypeConverter::materializeSourceConversion(OpBuilder &builder,
                                                 Location loc, Type type,
                                                 ValueRange inputs) const {
  return materializeWith(sourceMaterializations, builder, loc, type, inputs);
}

Value TypeConverter::materializeTargetConversion(OpBuilder &builder,
                                                 Location loc, Type type,
                                                 ValueRange inputs) const {
  return materializeWith(targetMaterializations, builder, loc, type, inputs);
}

//===----------------------------------------------------------------------===//
// ConversionTarget
//===----------------------------------------------------------------------===//

std::optional<bool> ConversionTarget::isLegal(Operation *op) const {
  auto decide = [&](const Rule &rule) -> bool {
    switch (rule.action) {
    case Action::Legal:
      return true;
    case Action::Illegal:
      return false;
    case Action::Dynamic:
      return rule.fn ? rule.fn(op) : false;
    }
    return false;
  };
  auto opRule = opRules.find(op->getName().getStringRef());
  if (opRule != opRules.end())
    return decide(opRule->second);
  auto dialectRule = dialectRules.find(op->getName().getDialectNamespace());
  if (dialectRule != dialectRules.end())
    return decide(dialectRule->second);
  if (unknownRule)
    return decide(*unknownRule);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// ConversionPattern and ConversionPatternRewriter
//===----------------------------------------------------------------------===//

LogicalResult
ConversionPattern::matchAndRewrite(Operation *op,
                                   PatternRewriter &rewriter) const {
  return rewriter.notifyMatchFailure(
      op, "a conversion pattern only applies in the conversion driver");
}

ConversionPatternRewriter::ConversionPatternRewriter(Context *context)
    : PatternRewriter(context) {}

ConversionPatternRewriter::~ConversionPatternRewriter() { destroyErasedOps(); }

Value ConversionPatternRewriter::materialize(Location loc, Type type,
                                             Value input,
                                             const TypeConverter *converter,
                                             bool source) {
  if (converter) {
    Value value =
        source
            ? converter->materializeSourceConversion(*this, loc, type, input)
            : converter->materializeTargetConversion(*this, loc, type, input);
    if (value) {
      // Tracked like the default casts: looked through by later patterns,
      // erased when unused.
      if (Operation *def = value.getDefiningOp())
        if (def->getNumOperands() == 1 && def->getOperand(0) == input)
          materializations.insert(def);
      return value;
    }
  }
  auto cast = create<UnrealizedConversionCastOp>(loc, TypeRange(type),
                                                 ValueRange(input));
  materializations.insert(cast.getOperation());
  return cast->getResult(0);
}

void ConversionPatternRewriter::replaceOp(Operation *op, ValueRange values) {
  llvm::SmallVector<Value, 4> bridged(values.begin(), values.end());
  for (unsigned i = 0, e = op->getNumResults(); i < e && i < bridged.size();
       ++i) {
    Value result = op->getResult(i);
    if (!bridged[i] || bridged[i].getType() == result.getType() ||
        result.use_empty())
      continue;
    // Users not converted yet still expect the old type.
    OpBuilder::InsertionGuard guard(*this);
    setInsertionPoint(op);
    bridged[i] = materialize(op->getLoc(), result.getType(), bridged[i],
                             currentConverter, true);
  }
  PatternRewriter::replaceOp(op, bridged);
}

void ConversionPatternRewriter::eraseOp(Operation *op) {
  op->walk([&](Operation *nested) {
    if (getListener())
      getListener()->notifyOperationErased(nested);
    erased.insert(nested);
  });
  // Unlinked, not freed: the driver may still hold the pointer, and a
  // failed conversion puts the original IR back anyway.
  op->remove();
  // Its operands no longer count as uses (of casts, say).
  op->dropAllReferences();
  erasedRoots.push_back(op);
}

void ConversionPatternRewriter::destroyErasedOps() {
  for (Operation *op : erasedRoots)
    op->dropAllReferences();
  for (Operation *op : erasedRoots)
    op->destroy();
  erasedRoots.clear();
  erased.clear();
}

Value ConversionPatternRewriter::getRemappedValue(Value value) const {
  while (true) {
    Operation *producer = value.getDefiningOp();
    if (!producer || !materializations.count(producer) ||
        producer->getNumOperands() != 1)
      return value;
    value = producer->getOperand(0);
  }
}

LogicalResult
ConversionPatternRewriter::convertRegionTypes(Region &region,
                                              const TypeConverter &converter) {
  for (Block &block : region) {
    for (BlockArgument argument : block.getArguments()) {
      Type original = argument.getType();
      Type converted = converter.convertType(original);
      if (!converted)
        return failure();
      if (converted == original)
        continue;
      argument.setType(converted);
      if (argument.use_empty())
        continue;
      OpBuilder::InsertionGuard guard(*this);
      setInsertionPointToStart(&block);
      Value bridge =
          materialize(argument.getLoc(), original, argument, &converter, true);
      replaceUsesWithIf(argument, bridge, [&](OpOperand &use) {
        return use.getOwner() != bridge.getDefiningOp();
      });
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

namespace {

enum class ConversionMode { Partial, Full };

/// Collects what happened to the ops for the worklist and the report.
class ConversionDriver : public RewriterBase::Listener {
public:
  ConversionDriver(Operation *root, const ConversionTarget &target,
                   const FrozenRewritePatternSet &patterns,
                   ConversionConfig config, ConversionMode mode)
      : root(root), target(target), patterns(patterns), config(config),
        mode(mode), rewriter(root->getContext()) {
    rewriter.setListener(this);
  }

  LogicalResult run();

private:
  void notifyOperationInserted(Operation *op) override {
    inserted.push_back(op);
    if (config.listener)
      config.listener->notifyOperationInserted(op);
  }
  void notifyOperationModified(Operation *op) override {
    if (config.listener)
      config.listener->notifyOperationModified(op);
  }
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (config.listener)
      config.listener->notifyOperationReplaced(op, values);
  }
  void notifyOperationErased(Operation *op) override {
    if (config.listener)
      config.listener->notifyOperationErased(op);
  }
  void notifyMatchFailure(Location loc, const llvm::Twine &reason) override {
    lastFailureReason = reason.str();
    if (config.listener)
      config.listener->notifyMatchFailure(loc, reason);
  }

  /// Tries to legalize `op`; returns failure if it stays illegal.
  LogicalResult legalize(Operation *op);
  /// Removes casts that cancel out or are unused; returns the casts that
  /// are still needed.
  llvm::SmallVector<Operation *, 4> cleanUpMaterializations();

  Operation *root;
  const ConversionTarget &target;
  const FrozenRewritePatternSet &patterns;
  ConversionConfig config;
  ConversionMode mode;
  ConversionPatternRewriter rewriter;
  std::vector<Operation *> inserted;
  std::string lastFailureReason;
  struct Failure {
    Operation *op;
    std::string reason;
  };
  std::vector<Failure> failures;
};

} // namespace

LogicalResult ConversionDriver::legalize(Operation *op) {
  std::optional<bool> legal = target.isLegal(op);
  if (legal && *legal)
    return success();
  lastFailureReason.clear();
  for (const RewritePattern *pattern : patterns.getPatternsFor(op->getName())) {
    if (!pattern->isConversionPattern())
      continue;
    auto *conversion = static_cast<const ConversionPattern *>(pattern);
    // The operands as the pattern should see them: converted values, cast
    // to the converted type when the pattern has a type converter.
    llvm::SmallVector<Value, 4> operands;
    const TypeConverter *converter = conversion->getTypeConverter();
    bool operandsOk = true;
    for (Value operand : op->getOperands()) {
      Value remapped = rewriter.getRemappedValue(operand);
      if (converter) {
        Type wanted = converter->convertType(operand.getType());
        if (!wanted) {
          lastFailureReason = "an operand type does not convert";
          operandsOk = false;
          break;
        }
        if (remapped.getType() != wanted) {
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPoint(op);
          remapped =
              rewriter.materialize(op->getLoc(), wanted, remapped, converter,
                                   /*source=*/false);
        }
      }
      operands.push_back(remapped);
    }
    if (!operandsOk)
      continue;
    rewriter.setInsertionPoint(op);
    rewriter.setCurrentTypeConverter(converter);
    LogicalResult result = conversion->matchAndRewrite(op, operands, rewriter);
    rewriter.setCurrentTypeConverter(nullptr);
    if (succeeded(result))
      return success();
  }
  // Partial conversion keeps ops of unknown legality no pattern converts.
  if (!legal && mode == ConversionMode::Partial)
    return success();
  return failure();
}

llvm::SmallVector<Operation *, 4> ConversionDriver::cleanUpMaterializations() {
  bool changed = true;
  const auto &casts = rewriter.getMaterializations();
  while (changed) {
    changed = false;
    for (Operation *cast : casts) {
      if (rewriter.isErased(cast))
        continue;
      Value result = cast->getResult(0);
      // cast(cast(x : T) : U) : T  ==>  x
      Value input = rewriter.getRemappedValue(cast->getOperand(0));
      if (!result.use_empty() && input.getType() == result.getType()) {
        rewriter.replaceAllUsesWith(result, input);
        changed = true;
      }
      if (result.use_empty()) {
        rewriter.eraseOp(cast);
        changed = true;
      }
    }
  }
  llvm::SmallVector<Operation *, 4> live;
  for (Operation *cast : casts)
    if (!rewriter.isErased(cast))
      live.push_back(cast);
  return live;
}

LogicalResult ConversionDriver::run() {
  Context *context = root->getContext();
  // A copy to restore on failure.
  std::unique_ptr<Operation, void (*)(Operation *)> backup(
      config.rollbackOnFailure ? root->clone() : nullptr, [](Operation *op) {
        if (op)
          op->erase();
      });

  std::vector<Operation *> worklist;
  for (Region &region : root->getRegions())
    region.walk<WalkOrder::PreOrder>(
        [&](Operation *op) { worklist.push_back(op); });
  // Ops created by patterns are legalized right after the pattern, in the
  // order they were created (their nested ops included).
  llvm::DenseSet<Operation *> visited;
  std::function<void(Operation *, unsigned)> process = [&](Operation *op,
                                                           unsigned depth) {
    if (rewriter.isErased(op) || !visited.insert(op).second ||
        rewriter.getMaterializations().count(op))
      return;
    // Patterns that keep creating ops to convert would never end.
    constexpr unsigned kMaxDepth = 64;
    if (depth > kMaxDepth) {
      failures.push_back({op, "patterns kept creating ops to legalize (more "
                              "than 64 levels deep)"});
      return;
    }
    inserted.clear();
    if (failed(legalize(op))) {
      failures.push_back({op, lastFailureReason});
      return;
    }
    std::vector<Operation *> created;
    created.swap(inserted);
    for (Operation *newOp : created) {
      if (rewriter.isErased(newOp))
        continue;
      std::vector<Operation *> nested;
      newOp->walk<WalkOrder::PreOrder>(
          [&](Operation *inner) { nested.push_back(inner); });
      for (Operation *inner : nested)
        process(inner, depth + 1);
    }
  };
  for (Operation *op : worklist)
    process(op, 0);

  llvm::SmallVector<Operation *, 4> liveCasts = cleanUpMaterializations();
  // An op that failed may have been erased since (e.g. with its parent).
  llvm::erase_if(failures, [&](const Failure &failure) {
    return rewriter.isErased(failure.op);
  });
  // Still illegal after all: ops that were legal when visited and were
  // made illegal later are caught here as well.
  llvm::DenseSet<Operation *> reported;
  for (const Failure &failure : failures)
    reported.insert(failure.op);
  for (Region &region : root->getRegions())
    region.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (reported.count(op))
        return;
      std::optional<bool> legal = target.isLegal(op);
      bool illegal =
          (legal && !*legal) || (mode == ConversionMode::Full && !legal &&
                                 !rewriter.getMaterializations().count(op));
      if (illegal) {
        failures.push_back({op, ""});
        reported.insert(op);
      }
    });

  bool unresolved = mode == ConversionMode::Full && !liveCasts.empty();
  if (failures.empty() && !unresolved) {
    rewriter.destroyErasedOps();
    return success();
  }

  // Report, in IR order of the failures' discovery.
  for (const Failure &failure : failures) {
    InFlightDiagnostic diag = failure.op->emitError();
    diag << "failed to legalize operation " << failure.op->getName();
    if (target.isIllegal(failure.op))
      diag << " that was explicitly marked illegal";
    if (!failure.reason.empty())
      diag.attachNote() << "last reason given by a pattern: " << failure.reason;
  }
  if (unresolved)
    for (Operation *cast : liveCasts) {
      InFlightDiagnostic diag = cast->emitError();
      diag << "failed to legalize: a value converted to "
           << cast->getOperand(0).getType() << " is still used as "
           << cast->getResult(0).getType();
      if (!cast->getResult(0).use_empty())
        diag << " by "
             << cast->getResult(0).getUses().begin()->getOwner()->getName();
    }

  if (backup) {
    // Put the original IR back: the root's regions from the copy.
    rewriter.destroyErasedOps();
    for (unsigned i = 0, e = root->getNumRegions(); i < e; ++i) {
      Region &current = root->getRegion(i);
      current.dropAllReferences();
      current.takeBody(backup->getRegion(i));
    }
  }
  (void)context;
  return failure();
}

LogicalResult
tilt::applyPartialConversion(Operation *root, const ConversionTarget &target,
                             const FrozenRewritePatternSet &patterns,
                             ConversionConfig config) {
  ConversionDriver driver(root, target, patterns, config,
                          ConversionMode::Partial);
  return driver.run();
}

LogicalResult tilt::applyFullConversion(Operation *root,
                                        const ConversionTarget &target,
                                        const FrozenRewritePatternSet &patterns,
                                        ConversionConfig config) {
  ConversionDriver driver(root, target, patterns, config, ConversionMode::Full);
  return driver.run();
}
