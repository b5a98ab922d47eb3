//===- Pass.h - Passes and pass managers -------------------------*- C++
//-*-===//
//
// A Pass transforms or analyses the op it runs on, anchored on an op name
// (e.g. func.func) or on any op. A PassManager runs a pipeline on a root op:
// its passes in order, and nested pass managers on the ops of their anchor
// name found directly inside (which must be isolated from above), in
// parallel over those ops when the context allows threads. The IR is
// verified after each pass unless that is turned off.
//
// Status (issue 3, in progress): passes, options, nesting, the textual
// pipeline syntax, the registry and verification after each pass exist;
// statistics, timing and IR printing instrumentation do not yet.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PASS_PASS_H
#define TILT_PASS_PASS_H

#include "tilt/IR/Operation.h"
#include "llvm/ADT/StringMap.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilt {

/// The base of passes.
class Pass {
public:
  virtual ~Pass();

  /// The name used on the command line and in pipelines.
  virtual llvm::StringRef getArgument() const = 0;
  virtual llvm::StringRef getDescription() const { return ""; }
  /// The op name the pass runs on, or none for any op.
  virtual std::optional<llvm::StringRef> getOpName() const {
    return std::nullopt;
  }
  /// Runs on getOperation(); report failure with signalPassFailure().
  virtual void runOnOperation() = 0;
  /// A fresh copy with the same options (each thread gets its own).
  virtual std::unique_ptr<Pass> clone() const = 0;

  /// Sets an option from its textual value; fails with a message on a bad
  /// name or value.
  LogicalResult setOption(llvm::StringRef name, llvm::StringRef value,
                          std::string &error);
  /// The options as `{name=value ...}` (empty when there are none).
  std::string getOptionsString() const;

  Operation *getOperation() const { return operation; }
  Context *getContext() const { return operation->getContext(); }
  void signalPassFailure() { failed = true; }

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
  /// Copies the option values of `other` (a pass of the same class).
  void copyOptionValuesFrom(const Pass &other);

private:
  struct OptionInfo {
    std::string name, description;
    std::function<LogicalResult(llvm::StringRef)> set;
    std::function<std::string()> get;
  };
  std::vector<OptionInfo> options;
  Operation *operation = nullptr;
  bool failed = false;
};

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
  LogicalResult run(Operation *op, bool verifyEach);

private:
  struct Element {
    std::unique_ptr<Pass> pass;
    std::unique_ptr<OpPassManager> nested;
  };
  LogicalResult runNested(OpPassManager &nested, Operation *op,
                          bool verifyEach);
  std::string anchor;
  std::vector<Element> elements;
};

/// Runs a pipeline on a root op.
class PassManager : public OpPassManager {
public:
  explicit PassManager(Context *context,
                       llvm::StringRef anchor = "builtin.module")
      : OpPassManager(anchor), context(context) {}
  void enableVerifier(bool enabled = true) { verifyEach = enabled; }
  /// Runs the pipeline on `op`; the failure is reported as a diagnostic.
  LogicalResult run(Operation *op);

private:
  Context *context;
  bool verifyEach = true;
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
