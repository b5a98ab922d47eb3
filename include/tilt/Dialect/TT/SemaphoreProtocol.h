//===- SemaphoreProtocol.h - tt-verify's view of semaphores ----*- C++ -*-===//
//
// Cores synchronise through semaphores in their L1 (CreateSemaphore): a
// core waits for its semaphore to reach a value, and the value is written
// locally by another kernel of the core, or from other cores over the NoC
// (noc_semaphore_inc, noc_semaphore_set_remote, noc_semaphore_set_multicast).
// Blocks of data travel the same way (noc_async_write_multicast into a CB
// the receiving cores have reserved). tt-verify runs each core's kernels on
// their own (TTVerify.cpp); this is the part that follows NoC addresses and
// semaphores through a run and, once every core has run, checks the whole
// program: every wait has a writer, the increments a core waits for are the
// increments it gets, and every multicast reaches cores that expect it.
//
// Addresses are abstract: tt-verify gives noc_x(C), noc_y(R), get_semaphore
// and the CB pointers values that no integer a kernel computes otherwise
// comes near, and maps them back to cores, semaphores and CB pages
// (getNocCoordinateValue, decodeAddress). Kernels only pass these values on
// (to get_noc_addr, get_noc_multicast_addr, the NoC calls), so any
// injective encoding serves.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_TT_SEMAPHOREPROTOCOL_H
#define TILT_DIALECT_TT_SEMAPHOREPROTOCOL_H

#include "tilt/Dialect/TT/TT.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tilt {
namespace tt {

//===----------------------------------------------------------------------===//
// Abstract values
//===----------------------------------------------------------------------===//

/// The value tt-verify gives the runtime argument `noc_x(C)` / `noc_y(R)`.
int64_t getNocCoordinateValue(NocCoordinate coordinate);
/// The value of `get_semaphore id(N)` (tt-metal: the semaphores' base plus
/// N * L1_ALIGNMENT).
int64_t getSemaphoreAddress(int64_t id);
/// The value of an L1 address `offset` bytes into circular buffer `index`
/// (cb.get_write_ptr, cb.get_read_ptr). A CB lies at the same address on
/// every core it is configured on (tt-metal allocates one address per
/// CircularBufferConfig across its core range), so a sender's CB address is
/// the receivers' too.
int64_t getCBAddress(int64_t index, int64_t offset);

/// What an abstract value stands for.
struct DecodedValue {
  enum class Kind { Unknown, NocX, NocY, Semaphore, CB };
  Kind kind = Kind::Unknown;
  /// The column, row, semaphore id or CB index.
  int64_t index = 0;
  /// Bytes into the CB.
  int64_t offset = 0;
};
/// What `value` stands for: a NoC coordinate (also one a kernel moved off
/// the grid, to be reported), a semaphore, a CB page, or Unknown for any
/// other integer.
DecodedValue decodeValue(int64_t value);

//===----------------------------------------------------------------------===//
// The program's semaphores and multicasts
//===----------------------------------------------------------------------===//

/// A rectangle of cores: first column, first row, last column, last row.
using CoreRect = std::array<int64_t, 4>;

/// What the kernels of one program did with semaphores and multicasts, on
/// every core; checked once every core has run.
class SemaphoreLedger {
public:
  explicit SemaphoreLedger(ProgramOp program);

  int64_t getColumns() const { return columns; }
  int64_t getRows() const { return rows; }
  /// The initial value of semaphore `id` on a core, or none if the core
  /// does not declare it.
  std::optional<int64_t> getInitialValue(int64_t column, int64_t row,
                                         int64_t id) const;
  /// The bytes of circular buffer `index`, or none if none is configured.
  std::optional<int64_t> getCBBytes(int64_t index) const;

  /// A wait of `kernel` for semaphore `id` of its core to be `value` (or at
  /// least `value`); `known` is the value the kernel's own sets leave there
  /// (the initial value before any), if it knows it.
  void recordWait(int64_t column, int64_t row, KernelOp kernel, Operation *op,
                  int64_t id, std::optional<int64_t> value, bool atLeast,
                  std::optional<int64_t> known);
  /// A noc_semaphore_set of `kernel` on its own core.
  void recordLocalSet(int64_t column, int64_t row, KernelOp kernel, int64_t id);
  /// A noc_semaphore_inc of semaphore `id` of a core by `amount`.
  void recordIncrement(int64_t column, int64_t row, int64_t id, Operation *op,
                       std::optional<int64_t> amount);
  /// A value written into semaphore `id` of a core from the NoC.
  void recordRemoteSet(int64_t column, int64_t row, int64_t id,
                       std::optional<int64_t> value);
  /// A multicast of `kernel` on core [column, row] to `cores` (the sender
  /// left out when it is inside): of semaphore `id`, or (with `cb` >= 0)
  /// into circular buffer `cb`.
  void recordMulticast(int64_t column, int64_t row, KernelOp kernel,
                       Operation *op, CoreRect cores, int64_t id, int64_t cb);
  /// A kernel on the core pushes circular buffer `index`.
  void recordPush(int64_t column, int64_t row, int64_t index);

  /// The checks that need every core's run; errors at the ops.
  LogicalResult check();

private:
  using CoreKey = std::pair<int64_t, int64_t>;
  using SemaphoreKey = std::tuple<int64_t, int64_t, int64_t>;

  /// The waits of one kernel on one semaphore of its core that its own
  /// sets do not satisfy: another kernel or core must write it.
  struct PendingWaits {
    Operation *first = nullptr;
    int64_t count = 0;
    /// The values waited for; none for a value tt-verify cannot evaluate.
    std::set<std::optional<int64_t>> values;
    bool atLeast = false;
    /// The increments the waits need (each value minus what the kernel
    /// left there); none where that is not known.
    std::optional<int64_t> increments = 0;
  };

  /// What reaches one semaphore of one core.
  struct SemaphoreWrites {
    bool waited = false;
    llvm::SmallVector<Operation *, 2> localSetters;
    int64_t increments = 0;
    bool incrementsKnown = true;
    Operation *firstIncrement = nullptr;
    int64_t remoteSets = 0;
    std::set<int64_t> setValues;
    bool setValueUnknown = false;
  };

  struct Multicast {
    Operation *op;
    KernelOp kernel;
    int64_t column, row;
    CoreRect cores;
    int64_t id, cb;
  };

  LogicalResult checkWaits();
  LogicalResult checkMulticasts();
  bool runsKernel(int64_t column, int64_t row) const;

  int64_t columns = 0, rows = 0;
  llvm::SmallVector<SemaphoreOp, 4> semaphores;
  llvm::SmallVector<KernelOp, 4> kernels;
  /// Each CB's core range and bytes.
  std::map<int64_t, CoreRect> cbRanges;
  std::map<int64_t, int64_t> cbBytes;
  /// Keyed by core, semaphore and the waiting kernel's position in the
  /// program (so that errors come in the same order on every run).
  std::map<std::tuple<int64_t, int64_t, int64_t, size_t>, PendingWaits> pending;
  std::map<SemaphoreKey, SemaphoreWrites> writes;
  /// Each multicast of an op from a core to a rectangle, once, in the order
  /// the cores ran.
  std::vector<Multicast> multicasts;
  std::set<
      std::tuple<Operation *, int64_t, int64_t, CoreRect, int64_t, int64_t>>
      multicastsSeen;
  std::set<SemaphoreKey> pushes;
};

/// One kernel's run on one core: the NoC addresses it makes and what it
/// knows of its own semaphores. TTVerify's interpreter hands it the
/// semaphore, NoC-address and multicast ops.
class KernelNocState {
public:
  KernelNocState(SemaphoreLedger &ledger, KernelOp kernel, int64_t column,
                 int64_t row);

  /// Whether `run` handles ops of this name.
  static bool handles(llvm::StringRef name);

  /// Runs `op`: `get` evaluates an operand, `set` binds a result. False,
  /// with `message` set, on a violation.
  bool run(Operation *op, llvm::function_ref<std::optional<int64_t>(Value)> get,
           llvm::function_ref<void(Value, int64_t)> set, std::string &message);

private:
  /// Where a !tt.noc_addr value points: a core, or a rectangle of cores
  /// (ordered first to last), and the L1 address there.
  struct NocTarget {
    CoreRect cores;
    bool multicast;
    std::optional<int64_t> address;
  };

  bool runGetNocAddr(Operation *op,
                     llvm::function_ref<std::optional<int64_t>(Value)> get,
                     std::string &message);
  bool runMulticast(Operation *op,
                    llvm::function_ref<std::optional<int64_t>(Value)> get,
                    std::string &message);
  /// The semaphore at a local L1 address, or none.
  std::optional<int64_t> getLocalSemaphore(std::optional<int64_t> address);
  /// What the kernel knows semaphore `id` of its core holds: its initial
  /// value until the kernel sets or waits on it.
  std::optional<int64_t> getKnownValue(int64_t id);

  SemaphoreLedger &ledger;
  KernelOp kernel;
  int64_t column, row;
  int64_t noc;
  llvm::DenseMap<Value, NocTarget> targets;
  /// What the kernel's own sets and waits leave in each semaphore.
  std::map<int64_t, std::optional<int64_t>> known;
};

} // namespace tt
} // namespace tilt

#endif // TILT_DIALECT_TT_SEMAPHOREPROTOCOL_H
