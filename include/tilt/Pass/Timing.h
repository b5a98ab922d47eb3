//===- Timing.h - A tree of named timers ------------------------*- C++ -*-===//
//
// The timing report of --mlir-timing: a tree of named nodes, each adding up
// the time spent in it. Build the tree on one thread; add time from any.
// Under a threaded pipeline the times of its passes are summed over the
// threads, so they may add up to more than the pipeline's wall time.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PASS_TIMING_H
#define TILT_PASS_TIMING_H

#include "llvm/ADT/StringRef.h"
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace tilt {

/// One line of the --mlir-timing report: a name, the time spent, and the
/// nested lines.
class TimingNode {
public:
  explicit TimingNode(llvm::StringRef name) : name(name.str()) {}

  /// The child named `name`, created if needed (not thread-safe).
  TimingNode &getOrAddChild(llvm::StringRef childName);
  void add(std::chrono::steady_clock::duration duration) {
    nanoseconds.fetch_add(
        std::chrono::duration_cast<std::chrono::nanoseconds>(duration).count(),
        std::memory_order_relaxed);
  }
  double getSeconds() const { return nanoseconds.load() * 1e-9; }
  llvm::StringRef getName() const { return name; }

  /// Writes MLIR's execution time report: the children of this node, a
  /// `Rest` line for the time `totalSeconds` has beyond them, and `Total`.
  void printReport(llvm::raw_ostream &os, double totalSeconds) const;

private:
  void printTree(llvm::raw_ostream &os, double totalSeconds,
                 unsigned indent) const;
  std::string name;
  std::atomic<int64_t> nanoseconds{0};
  std::vector<std::unique_ptr<TimingNode>> children;
};

/// Adds the time of its lifetime to a node (none when the node is null).
class TimingScope {
public:
  explicit TimingScope(TimingNode *node)
      : node(node), start(node ? std::chrono::steady_clock::now()
                               : std::chrono::steady_clock::time_point()) {}
  ~TimingScope() {
    if (node)
      node->add(std::chrono::steady_clock::now() - start);
  }
  TimingScope(const TimingScope &) = delete;
  TimingScope &operator=(const TimingScope &) = delete;

private:
  TimingNode *node;
  std::chrono::steady_clock::time_point start;
};

} // namespace tilt

#endif // TILT_PASS_TIMING_H
