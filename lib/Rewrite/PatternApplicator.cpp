//===- PatternApplicator.cpp - Trying patterns on one operation -----------===//

#include "tilt/Rewrite/PatternApplicator.h"
#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/FingerPrint.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>

using namespace tilt;

static std::atomic<bool> rewriteDebugLogging{false};

bool tilt::isRewriteDebugLoggingEnabled() { return rewriteDebugLogging; }
void tilt::setRewriteDebugLogging(bool enabled) {
  rewriteDebugLogging = enabled;
}

static std::atomic<bool> rewriteExpensiveChecks{false};

bool tilt::areRewriteExpensiveChecksEnabled() { return rewriteExpensiveChecks; }
void tilt::setRewriteExpensiveChecks(bool enabled) {
  rewriteExpensiveChecks = enabled;
}

namespace {
/// Forwards to the driver's listener and records match failures for the
/// debug log.
struct LoggingListener : public RewriterBase::Listener {
  LoggingListener(RewriterBase::Listener *next, llvm::raw_ostream &os)
      : next(next), os(os) {}
  void notifyOperationInserted(Operation *op) override {
    os << "    ** Insert : '" << op->getName() << "'\n";
    if (next)
      next->notifyOperationInserted(op);
  }
  void notifyBlockInserted(Block *block) override {
    if (next)
      next->notifyBlockInserted(block);
  }
  void notifyOperationModified(Operation *op) override {
    os << "    ** Modified: '" << op->getName() << "'\n";
    if (next)
      next->notifyOperationModified(op);
  }
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    os << "    ** Replace : '" << op->getName() << "'\n";
    if (next)
      next->notifyOperationReplaced(op, values);
  }
  void notifyOperationErased(Operation *op) override {
    os << "    ** Erase   : '" << op->getName() << "'\n";
    if (next)
      next->notifyOperationErased(op);
  }
  void notifyBlockErased(Block *block) override {
    if (next)
      next->notifyBlockErased(block);
  }
  void notifyMatchFailure(Location loc, const llvm::Twine &reason) override {
    os << "    ** Failure : " << reason << "\n";
    if (next)
      next->notifyMatchFailure(loc, reason);
  }
  RewriterBase::Listener *next;
  llvm::raw_ostream &os;
};
} // namespace

LogicalResult PatternApplicator::matchAndRewrite(
    Operation *op, PatternRewriter &rewriter,
    llvm::function_ref<bool(const RewritePattern &)> canApply) {
  llvm::ArrayRef<const RewritePattern *> candidates =
      patterns.getPatternsFor(op->getName());
  if (candidates.empty())
    return failure();
  llvm::raw_ostream *log = debugStream;
  if (!log && isRewriteDebugLoggingEnabled())
    log = &llvm::errs();
  if (log)
    *log << "Processing operation : '" << op->getName() << "' at "
         << op->getLoc() << " {\n";
  for (const RewritePattern *pattern : candidates) {
    if (canApply && !canApply(*pattern))
      continue;
    rewriter.setInsertionPoint(op);
    LogicalResult result = failure();
    std::optional<OperationFingerPrint> before;
    Location loc = op->getLoc();
    if (checksRoot)
      before.emplace(checksRoot);
    if (log) {
      *log << "  * Pattern " << pattern->getDebugName() << " : '"
           << op->getName() << " -> (";
      llvm::interleaveComma(pattern->getGeneratedOps(), *log);
      *log << ")' {\n";
      RewriterBase::Listener *driverListener = rewriter.getListener();
      LoggingListener logging(driverListener, *log);
      rewriter.setListener(&logging);
      result = pattern->matchAndRewrite(op, rewriter);
      rewriter.setListener(driverListener);
      *log << "  } -> " << (succeeded(result) ? "success" : "failure") << "\n";
    } else {
      result = pattern->matchAndRewrite(op, rewriter);
    }
    if (before) {
      bool changed = *before != OperationFingerPrint(checksRoot);
      if (changed != succeeded(result)) {
        contractViolated = true;
        emitError(rewriter.getContext(), loc)
            << "pattern '" << pattern->getDebugName() << "' "
            << (changed ? "changed the IR but returned failure"
                        : "returned success but did not change the IR");
        return failure();
      }
    }
    if (succeeded(result)) {
      if (log)
        *log << "} -> success\n";
      return success();
    }
  }
  if (log)
    *log << "} -> failure\n";
  return failure();
}
