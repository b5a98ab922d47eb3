//===- Pass.h - Passes and pass managers ------------------------*- C++ -*-===//
//
// A Pass transforms or analyses the op it runs on, anchored on an op name
// (e.g. func.func) or on any op. A PassManager runs a pipeline on a root op:
// its passes in order, and nested pass managers on the ops of their anchor
// name found directly inside (which must be isolated from above). When the
// context allows threads, a nested pipeline runs on LLVM's thread pool
// across those ops; its diagnostics and IR dumps are replayed in op order,
// so the output is the same as a single-threaded run.
//
// Instrumentation: IR printing before/after passes, a timing tree,
// statistics, verification after each pass (on by default), and a hook
// class for embedders.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PASS_PASS_H
#define TILT_PASS_PASS_H

#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Operation.h"
#include "llvm/ADT/StringMap.h"
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace tilt {
class TimingNode;
class OpPassManager;

/// The base of passes.
class Pass {
public:
  virtual ~Pass();

  /// The name used on the command line and in pipelines (`canonicalize`).
  virtual llvm::StringRef getArgument() const = 0;
  /// The name shown in reports and IR dumps (`Canonicalizer`); by default
  /// the argument.
  virtual llvm::StringRef getName() const { return getArgument(); }
  virtual llvm::StringRef getDescription() const { return ""; }
  /// The op name the pass runs on, or none for any op.
  virtual std::optional<llvm::StringRef> getOpName() const {
    return std::nullopt;
  }
  /// Called once before a run with the final options: build what does not
  /// depend on the IR (pattern sets). Copies made by clone() for threads are
  /// made after it and must carry that state over.
  virtual LogicalResult initialize(Context *context) { return success(); }
  /// Runs on getOperation(); report failure with signalPassFailure().
  virtual void runOnOperation() = 0;
  /// A fresh copy with the same options (each thread gets its own).
  virtual std::unique_ptr<Pass> clone() const = 0;

  /// Sets an option from its textual value; fails with a message on a bad
  /// name or value.
  LogicalResult setOption(llvm::StringRef name, llvm::StringRef value,
                          std::string &error);
  /// This pass as a pipeline, if it is one.
  virtual class PassPipeline *asPipeline() { return nullptr; }
  /// The options as `{name=value ...}` (empty when there are none).
  std::string getOptionsString() const;

  /// A counter reported by --mlir-pass-statistics. Declare it as a member:
  /// `Statistic numErased{this, "num-erased", "Number of ops erased"};`.
  /// The copies of a pass on other threads add to the original's counter.
  class Statistic {
  public:
    Statistic(Pass *owner, const char *name, const char *description);
    Statistic(const Statistic &) = delete;
    Statistic &operator=(const Statistic &) = delete;
    Statistic &operator++() {
      target->fetch_add(1, std::memory_order_relaxed);
      return *this;
    }
    Statistic &operator+=(uint64_t amount) {
      target->fetch_add(amount, std::memory_order_relaxed);
      return *this;
    }
    uint64_t getValue() const {
      return target->load(std::memory_order_relaxed);
    }
    const char *getName() const { return name; }
    const char *getDescription() const { return description; }

  private:
    friend class Pass;
    const char *name;
    const char *description;
    std::atomic<uint64_t> value{0};
    std::atomic<uint64_t> *target = &value;
  };
  llvm::ArrayRef<Statistic *> getStatistics() const { return statistics; }
  /// Makes this pass's statistics count into `other`'s (same class).
  void shareStatisticsWith(Pass &other);

  Operation *getOperation() const { return operation; }
  Context *getContext() const { return operation->getContext(); }
  void signalPassFailure() { passFailed = true; }

  /// Internal: runs the pass on `op`.
  LogicalResult run(Operation *op);

protected:
  /// Declares an option backed by `storage`.
  void declareOption(llvm::StringRef name, llvm::StringRef description,
                     bool *storage);
  void declareOption(llvm::StringRef name, llvm::StringRef description,
                     int64_t *storage);
  void declareOption(llvm::StringRef name, llvm::StringRef description,
                     std::string *storage);
  /// A string option whose values `isValid` accepts; `expected` describes
  /// them in errors (e.g. "one of LoFi, HiFi2, HiFi3, HiFi4").
  void declareOption(llvm::StringRef name, llvm::StringRef description,
                     std::string *storage,
                     std::function<bool(llvm::StringRef)> isValid,
                     llvm::StringRef expected);
  /// A list option: `name=a,b` or `name={a,b}`; printed as `{a,b}`, and
  /// left out of the pass's options string when empty (as MLIR prints it).
  void declareOption(llvm::StringRef name, llvm::StringRef description,
                     std::vector<std::string> *storage);
  /// Copies the option values of `other` (a pass of the same class).
  void copyOptionValuesFrom(const Pass &other);

private:
  struct OptionInfo {
    std::string name, description;
    std::function<LogicalResult(llvm::StringRef)> set;
    std::function<std::string()> get;
    /// What a valid value looks like, for the error message.
    std::string expected;
    /// A list, left out of the options string when empty.
    bool isList = false;
  };
  std::vector<OptionInfo> options;
  std::vector<Statistic *> statistics;
  Operation *operation = nullptr;
  bool passFailed = false;
};

/// A named pipeline (`tile-to-tt{grid=8x8}`), registered with registerPass
/// like a pass and with options declared the same way. In a textual
/// pipeline or as a tilt-opt flag it stands for the passes buildPipeline
/// adds, so IR printing and timing see each of them.
class PassPipeline : public Pass {
public:
  /// Adds the pipeline's passes to `pm`.
  virtual void buildPipeline(OpPassManager &pm) const = 0;
  PassPipeline *asPipeline() override { return this; }
  /// Added as a pass (addPass): runs the pipeline on the op.
  void runOnOperation() final;
};

/// Hooks around each pass run, for embedders (e.g. to collect timings of
/// their own). With threading, hooks are called concurrently from several
/// threads for different ops and must be thread-safe.
class PassInstrumentation {
public:
  virtual ~PassInstrumentation();
  virtual void runBeforePass(Pass &pass, Operation *op) {}
  virtual void runAfterPass(Pass &pass, Operation *op) {}
  virtual void runAfterPassFailed(Pass &pass, Operation *op) {}
};

/// When to print the IR around passes (--mlir-print-ir-*).
struct IRPrintingConfig {
  /// Print before a pass when this returns true (null: never).
  std::function<bool(Pass &)> printBefore;
  /// Print after a pass when this returns true (null: never).
  std::function<bool(Pass &)> printAfter;
  /// Print after only when the pass changed the IR.
  bool printAfterOnlyOnChange = false;
  /// Print after only when the pass failed; any failing pass is printed.
  bool printAfterOnlyOnFailure = false;
  OpPrintingFlags flags;
};

struct PassRunState;

/// A pipeline of passes anchored on an op name ("any" for any op).
class OpPassManager {
public:
  explicit OpPassManager(llvm::StringRef anchor = "any") : anchor(anchor) {}
  OpPassManager(const OpPassManager &other);
  OpPassManager &operator=(const OpPassManager &other);
  ~OpPassManager();

  llvm::StringRef getAnchor() const { return anchor; }
  void addPass(std::unique_ptr<Pass> pass);
  /// A nested pipeline on the ops named `anchor` inside this one's op.
  OpPassManager &nest(llvm::StringRef anchor);
  bool empty() const { return elements.empty(); }
  /// Moves the pipeline of `other` into this one: if `other` holds only a
  /// nested pipeline on this manager's anchor, its contents; else all of it.
  void appendFrom(OpPassManager &&other);
  /// The pipeline in textual form, e.g. `builtin.module(func.func(cse))`.
  std::string toString() const;

  /// Internal: runs the pipeline on `op`.
  LogicalResult run(Operation *op, PassRunState &state);

protected:
  struct Element {
    std::unique_ptr<Pass> pass;
    std::unique_ptr<OpPassManager> nested;
    /// Where the time of this element is added (with timing enabled).
    TimingNode *timer = nullptr;
    TimingNode *verifierTimer = nullptr;
  };
  LogicalResult initialize(Context *context);
  void attachTimers(TimingNode &parent, bool verifyEach);
  void printStatistics(llvm::raw_ostream &os, unsigned indent) const;
  /// A copy for another thread: cloned passes whose statistics and timers
  /// are the original's, initialized as the originals were (MLIR's clones
  /// are copies that keep what initialize() set up; a Tilt clone copies
  /// the options only, so it is initialized again).
  std::unique_ptr<OpPassManager> cloneForThread(Context *context) const;

private:
  LogicalResult runPass(Element &element, Operation *op, PassRunState &state);
  LogicalResult runNested(Element &element, Operation *op, PassRunState &state);
  std::string anchor;
  std::vector<Element> elements;
};

/// Runs a pipeline on a root op.
class PassManager : public OpPassManager {
public:
  explicit PassManager(Context *context,
                       llvm::StringRef anchor = "builtin.module");
  ~PassManager();

  /// Verify the IR after each pass (on by default).
  void enableVerifier(bool enabled = true) { verifyEach = enabled; }
  /// Print IR around passes to `os` (IR dumps of a threaded pipeline are
  /// written in op order when its run ends).
  void enableIRPrinting(IRPrintingConfig config, llvm::raw_ostream &os);
  /// Adds the time of each pass (and of verification) under `parent`;
  /// `parent` must outlive the runs.
  void enableTiming(TimingNode &parent);
  /// Adds hooks called around each pass.
  void addInstrumentation(std::unique_ptr<PassInstrumentation> instrumentation);
  /// Writes the statistics of the passes (after a run).
  void printStatistics(llvm::raw_ostream &os) const;

  /// Runs the pipeline on `op`; the failure is reported as a diagnostic
  /// that names the pass.
  LogicalResult run(Operation *op);

private:
  Context *context;
  bool verifyEach = true;
  std::optional<IRPrintingConfig> irPrinting;
  llvm::raw_ostream *irPrintingStream = nullptr;
  TimingNode *timingRoot = nullptr;
  std::vector<std::unique_ptr<PassInstrumentation>> instrumentations;
};

//===----------------------------------------------------------------------===//
// Registry and textual pipelines
//===----------------------------------------------------------------------===//

/// A registered pass: its name, description and factory.
struct PassInfo {
  std::string argument;
  std::string description;
  std::function<std::unique_ptr<Pass>()> factory;
};

/// Registers a pass for tilt-opt and textual pipelines.
void registerPass(std::function<std::unique_ptr<Pass>()> factory);
/// The registered pass named `argument`, or null.
const PassInfo *lookupPassInfo(llvm::StringRef argument);
/// All registered passes, sorted by name.
std::vector<const PassInfo *> getRegisteredPasses();

/// Parses `pipeline` (e.g. `builtin.module(func.func(canonicalize),cse)`,
/// or a bare list `canonicalize,cse` added to `pm` itself) into `pm`.
/// Errors name the problem and its position in the text.
LogicalResult parsePassPipeline(llvm::StringRef pipeline, OpPassManager &pm,
                                std::string &error);

} // namespace tilt

#endif // TILT_PASS_PASS_H
