//===- Runtime.h - The emulator's machine state -----------------*- C++ -*-===//
//
// Private to lib/Emulator: the state behind Device (cores, CBs, DRAM) and the
// per-thread context of the running kernel, which the Metalium API
// functions (KernelAPI.cpp) act on.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_RUNTIME_H
#define TILT_LIB_EMULATOR_RUNTIME_H

#include "SyncClock.h"
#include "Timeline.h"
#include "tilt/Emulator/Emulator.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <map>
#include <thread>
#include <unordered_map>
#include <vector>

namespace tilt {
namespace emu {

/// Thrown inside a kernel thread to stop it once the run has failed; caught
/// where the thread starts. (Kernels are user C++ with no error channel of
/// their own, so unwinding is the one way to stop them from inside an API
/// call.)
struct KernelStopped {};

/// A circular buffer on one core: the configuration, where it sits in L1
/// and the page counters of the protocol.
struct CircularBuffer {
  bool configured = false;
  CBConfig config;
  uint32_t offset = 0; ///< from the start of the core's L1
  // Pages pushed and popped in total (the hardware keeps 16-bit wrapping
  // copies; the differences are the same).
  uint64_t received = 0, acked = 0;
  // Page positions of the write and read pointers in the ring.
  uint32_t writePage = 0, readPage = 0;
  // Producer: pages reserved and not pushed; pages packed since the
  // reserve (the sequential pack_tile cursor).
  uint32_t reserved = 0, packCursor = 0;
  // Consumer: the largest wait since the last pop.
  uint32_t waited = 0;
  /// Per page: who reserved it, the NoC writes that landed in it since,
  /// the clocks of its last push and pop (SyncClock.h).
  std::vector<PageSync> pages;

  uint32_t available() const { return uint32_t(received - acked); }
  uint32_t free() const { return config.numPages - available(); }
};

/// Semaphores per core (tt-metal tt_metal/impl/buffers/semaphore.hpp:
/// NUM_SEMAPHORES = 16), one per L1 alignment unit (semaphore.cpp
/// Semaphore::offset(): the L1 alignment times the id; dataflow_api.h
/// get_semaphore: sem_l1_base + semaphore_id * L1_ALIGNMENT).
constexpr uint32_t kNumSemaphores = 16, kSemaphoreStride = 16;
/// Runtime arguments in L1 (get_arg_addr): tt-metal's limit per kernel
/// (max_runtime_args, 341 words), one slot per kernel of a core below the
/// semaphores, as tt-metal keeps them in the kernel config region.
constexpr uint32_t kMaxRuntimeArgs = 341, kRuntimeArgsStride = 1376,
                   kRuntimeArgSlots = 5;

struct KernelContext;

struct Core {
  uint32_t column = 0, row = 0;
  uint32_t index = 0; ///< row-major, DeviceImpl::cores
  uint8_t *l1 = nullptr;
  uint32_t l1Used = 0; ///< next free byte for CBs
  std::array<CircularBuffer, 32> cbs;
  /// Semaphores the host created here (bit i: id i) and their values at
  /// the start of a run.
  uint32_t semaphores = 0;
  std::array<uint32_t, kNumSemaphores> semaphoreInitial{};
  /// The history of every L1 word semaphore calls touched, by L1 offset.
  std::unordered_map<uint32_t, SemaphoreWord> semaphoreWords;
  /// The kernels running here (during a run).
  std::vector<KernelContext *> kernels;
  CoreCounters counters;
  std::condition_variable changed;
};

/// A NoC write of a kernel whose source in its L1 may still be read: until
/// a barrier (or noc_async_writes_flushed) or until the kernel knows that
/// the write arrived somewhere (SyncClock), the source must not change.
struct PendingWrite {
  uint32_t begin = 0, end = 0; ///< L1 offsets of the source
  uint8_t noc = 0;
  bool flushed = false;
  WriteRecord record;
  std::vector<uint32_t> destinations; ///< core indexes
};

/// A noc_semaphore_inc not yet covered by noc_async_atomic_barrier.
struct PendingAtomic {
  uint8_t noc = 0;
  uint32_t destination = 0;
  uint64_t sequence = 0;
};

enum class DstState { Released, Acquired, Committed, Waited };

/// One of the compute engine's format registers (SrcA, SrcB, the packer):
/// the format it is configured for and what configured it, for reports.
struct FormatRegister {
  bool configured = false;
  DataFormat format = DataFormat::Invalid;
  /// e.g. "compute_kernel_hw_startup from cb 0".
  std::string setBy;
};

/// The packer's edge mask: which part of a tile reduce_init keeps.
enum class PackMask { None, Column0, Row0, Element0 };

/// What unpacker A reads from L1: tiles of faces, or the row-major data of
/// tilize_init / the tile rows of untilize_init, until their uninit
/// (ComputeTilize.cpp).
enum class UnpackLayout { Tiles, Tilize, Untilize };

/// The configuration state of a compute kernel's unpacker, math engine and
/// packer, which the hardware keeps between calls (docs/emulator.md).
struct ComputeEngine {
  FormatRegister srcA, srcB, pack;
  bool fp32Dest = false;
  /// ComputeConfig::bfp8_pack_precise (KernelInstance::bfp8PackPrecise).
  bool bfp8PackPrecise = false;
  /// The 16-bit format of DST without fp32_dest_acc_en, and what a Float32
  /// CB becomes in SrcA/SrcB: Float32 stands for TF32, else that 16-bit
  /// format (genfiles.cpp compute_data_formats, data_format.cpp
  /// get_unpack_dst_formats: from the formats of all the core's CBs).
  DataFormat dst16 = DataFormat::Float16_b;
  DataFormat fp32Source = DataFormat::Float32;
  uint32_t unpackToDestFp32 = 0;
  /// The CBs (bit i: c_i) a cb_get_tile has given a pointer into, until
  /// their cb_release_tile.
  uint32_t gotTile = 0;
  bool l1Accumulate = false;
  /// The multiplier's fidelity phases (ComputeConfig::math_fidelity).
  unsigned fidelityPhases = 4;
  /// Testing only: the rules computed laxer than the hardware does
  /// (LaxRule bits, from TILT_EMU_TESTING_LAX).
  unsigned lax = 0;
  PackMask mask = PackMask::None;
  bool matmulTranspose = false;
  /// The last init of the unpacker and FPU, and of the SFPU (tilt_emu::
  /// recordInit): the name of the call, or for the broadcast inits
  /// "bcast <op> <dim>", which the short and the full init share.
  std::string fpuInit, sfpuInit;
  /// The unpacker's layout mode, the init that set it and its CB (for
  /// reports), and tilize_init's block width in tiles, which fixes the
  /// unpacker's row pitch.
  UnpackLayout unpackLayout = UnpackLayout::Tiles;
  std::string layoutInit;
  uint32_t layoutCB = 0, tilizeBlock = 0;
  /// Blackhole's tilize_init puts the packer in tilize mode as well.
  bool packerTilize = false;
  /// While the packer is in pack_untilize's mode: the init's block and
  /// full widths in tiles (block 0: it is not), the init and its CB.
  uint32_t packUntilizeBlock = 0, packUntilizeFull = 0, packUntilizeCB = 0;
  std::string packUntilizeInit;
};

/// The context of the kernel running on this thread.
struct KernelContext {
  DeviceImpl *device = nullptr;
  Core *core = nullptr;
  const KernelInstance *instance = nullptr;
  bool finished = false;
  // Blocked on: a description and the condition that would unblock it.
  bool blocked = false;
  std::string blockedOn;
  const CircularBuffer *blockedCB = nullptr;
  /// More about the wait for reports (a semaphore's value), or null.
  std::function<std::string()> blockedDetail;
  std::function<bool()> canContinue;
  /// This kernel's position in DeviceImpl::contexts, and its NoC
  /// (DataMovementConfig::noc).
  uint32_t index = 0;
  uint8_t noc = 0;
  /// The L1 offset of this kernel's runtime arguments (get_arg_addr), or
  /// ~0u when the core runs more kernels than there are slots.
  uint32_t argsOffset = ~0u;
  /// NoC reads issued and not yet covered by a barrier: [begin, end) of
  /// L1 byte offsets, and the NoC.
  struct PendingRead {
    uint32_t begin, end;
    uint8_t noc;
  };
  std::vector<PendingRead> pendingReads;
  /// Its DRAM reads not yet covered by a read barrier: (bank, start
  /// address, NoC), in DeviceImpl::dramReads as still in flight.
  struct PendingDramRead {
    uint32_t bank, begin;
    uint8_t noc;
  };
  std::vector<PendingDramRead> pendingDramReads;
  /// NoC writes whose source may still be read.
  std::vector<PendingWrite> pendingWrites;
  /// Writes per NoC not covered by a write barrier or a flush.
  std::array<uint32_t, 2> unflushedWrites{};
  std::vector<PendingAtomic> pendingAtomics;
  /// What this kernel knows to have happened before (SyncClock.h), its
  /// CB reserves so far, and its writes so far per channel.
  SyncClock clock;
  uint32_t reserveCount = 0;
  std::array<uint64_t, kNumChannels> channelSequence{};
  /// The clocks this kernel published (SyncClock.h, kReleaseChannel).
  uint64_t releases = 0;
  /// A linked multicast (linked = true) waits for the next multicast to
  /// the same cores on its NoC: the NoC and the rectangle.
  bool linkOpen = false;
  uint8_t linkNoc = 0;
  uint32_t linkRectangle = 0, linkLine = 0;
  /// Per semaphore word (core index << 32 | L1 offset): the generation and
  /// the count of its writes this kernel has synchronised with.
  std::unordered_map<uint64_t, std::pair<uint64_t, size_t>> observedWords;
  // Compute state.
  DstState dst = DstState::Released;
  uint32_t dstCapacity = 8;
  /// dstCapacity x 1024, row-major per tile; every value is representable
  /// in the DST format (fp32, or the 16-bit format without fp32_dest_acc).
  std::vector<float> dstTiles;
  ComputeEngine engine;
  /// Per DST tile: written since the acquire (reduce max starts from the
  /// first value written rather than from the cleared DST).
  std::vector<bool> dstWritten;
  /// This kernel's counters, merged into its core's after the run.
  CoreCounters counters;
  /// The CBs this kernel produced into and consumed from.
  uint32_t producedCBs = 0, consumedCBs = 0;
  /// When the kernel last made progress (an API call, or a wait that
  /// ended), in steady-clock nanoseconds; read by the watchdog.
  std::atomic<int64_t> lastProgress{0};
  /// "core (x, y) name", for reports written from a signal handler.
  std::string label;
  /// The timing model's log (Timeline.h): one stream for a data-movement
  /// kernel, the unpacker's, math engine's and packer's for a compute one.
  bool isCompute = false;
  std::array<std::vector<TimedEvent>, 3> timeLog;
  /// The semaphore writes and multicasts of the log (SyncEvent), the
  /// writes each semaphore wait synchronised with, and the count of this
  /// kernel's events that waits may name.
  std::vector<SyncEvent> syncEvents;
  std::vector<std::vector<uint64_t>> waitSources;
  uint32_t syncEventCount = 0;
  /// The names of the profiler zones the log's ZoneBegin events name.
  std::vector<std::string> zoneNames;
  /// The line of the kernel's source making the current API call (0 when
  /// the call does not say).
  uint32_t line = 0;
};

/// Now, in the steady-clock nanoseconds of KernelContext::lastProgress.
inline int64_t getProgressClock() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Sets up the compute engine of a kernel about to run (DST capacity, the
/// formats the JIT build would derive from the core's CBs).
void initComputeEngine(KernelContext &context, const KernelInstance &instance);

/// Checks what a kernel must have finished when it returns (pages reserved
/// or waited, NoC transfers without a barrier, DST held).
void finishKernel(KernelContext &context);

/// The context of the calling kernel thread; stops the thread if there is
/// none (an API call outside a kernel) or the run has failed.
KernelContext &currentKernel();

class DeviceImpl {
public:
  explicit DeviceImpl(const ArchInfo &arch);
  ~DeviceImpl();

  ArchInfo arch;
  std::vector<std::vector<uint8_t>> dramBanks;
  uint32_t dramNext = 0;
  /// L1 buffers: [start, end) L1 offsets, the same on every core (tt-metal's
  /// banked L1 allocator gives a buffer one address in every bank), taken
  /// from the top of L1 down; and the core index of each L1 bank.
  std::map<uint32_t, uint32_t> l1Buffers;
  std::vector<uint32_t> l1BankCores;
  /// The lowest L1 buffer's offset (l1Bytes without any): CBs end below it.
  uint32_t getL1BuffersBottom() const {
    return l1Buffers.empty() ? arch.l1Bytes : l1Buffers.begin()->first;
  }
  /// Whether [address, address + size) lies in one L1 buffer: kernels get
  /// an L1 buffer's address from the host as its offset in every core's L1
  /// (the emulator's own L1 addresses, get_write_ptr's, differ per core).
  bool isInL1Buffer(uint32_t address, uint32_t size) const {
    auto it = l1Buffers.upper_bound(address);
    if (it == l1Buffers.begin())
      return false;
    --it;
    return uint64_t(address) + size <= it->second;
  }
  /// The running program's NoC writes into DRAM, per bank: the start
  /// address of the bytes each last wrote -> (their end, the write), so that
  /// a read of them can be checked to come after the write arrived.
  struct DramWrite {
    uint32_t end = 0;
    WriteRecord write;
  };
  std::vector<std::map<uint32_t, DramWrite>> dramWrites;
  /// The running program's NoC reads of DRAM, per bank: the start address
  /// of the bytes read -> their end and, per reading kernel, its releases
  /// when its last such read returned (its read barrier; kInFlight before),
  /// so that a write of them can be checked to come after the read.
  struct DramReads {
    uint32_t end = 0;
    std::vector<std::pair<uint32_t, uint64_t>> readers;
  };
  std::vector<std::map<uint32_t, DramReads>> dramReads;
  static constexpr uint64_t kInFlight = ~uint64_t(0);
  /// The longest of those reads, in bytes: where a write looks back from.
  uint32_t longestDramRead = 0;
  std::vector<std::unique_ptr<Core>> cores; ///< row-major
  uint8_t *l1Region = nullptr;
  size_t l1RegionBytes = 0;

  // Run state, guarded by `mutex`.
  std::mutex mutex;
  std::vector<KernelContext *> contexts;
  unsigned live = 0;
  /// Set once by the first error; read without the lock by kernels that
  /// compute, so that they stop at their next API call.
  std::atomic<bool> failed{false};
  std::mutex errorMutex; ///< guards `error`, `errorKernel`, `errorLine`
  std::string error;
  /// The kernel, and the line of its source calling the API, where the
  /// first error happened (a failed call, or the first blocked kernel of a
  /// deadlock); empty and 0 when no kernel's call is to blame.
  std::string errorKernel;
  uint32_t errorLine = 0;
  /// Seconds without progress before the watchdog reports.
  double watchdogSeconds = 120;
  /// Whether CB pushes and pops carry SyncClocks (always, since a read of
  /// DRAM another kernel of the core wrote may be ordered by a CB page).
  bool trackSync = true;
  /// The timing model's costs, and whether a run keeps its trace.
  TimingParams timing;
  bool keepTrace = false;

  /// Records `message` if it is the first error, and `context`'s kernel
  /// and calling line as where it happened.
  void recordError(const std::string &message,
                   const KernelContext *context = nullptr);

  Core *getCore(uint32_t column, uint32_t row);
  /// The L1 offset of a kernel-visible address of `core`, checking that
  /// [address, address + size) lies in its L1.
  uint32_t toL1Offset(KernelContext &context, uint32_t address, uint32_t size,
                      const char *what);
  uint32_t l1Address(Core &core, uint32_t offset) const;
  /// The L1 offset of semaphore `id` (the same on every core): the top of
  /// the reserved bottom of L1, below the CBs, as tt-metal keeps its
  /// semaphores in the kernel config region below the unreserved L1.
  uint32_t getSemaphoreOffset(uint32_t id) const;
  /// The semaphore whose word is at L1 `offset`, or -1.
  int getSemaphoreAt(uint32_t offset) const;

  /// Records the first error, stops every kernel and throws in the caller.
  [[noreturn]] void fail(KernelContext &context, const std::string &message);
  /// Blocks the caller until `condition` holds (under `lock`); detects a
  /// deadlock when every live kernel is blocked with nothing to unblock it.
  /// Reports name `what`, the CB `cb` and what `detail` says.
  void waitUntil(KernelContext &context, std::unique_lock<std::mutex> &lock,
                 const std::string &what, const std::string &counterKey,
                 const CircularBuffer *cb,
                 const std::function<bool()> &condition,
                 std::function<std::string()> detail = nullptr);
  void notifyAll();
  std::string describeBlocked();
  std::string describeCB(const Core &core, const CircularBuffer &cb) const;
  std::string where(const KernelContext &context) const;
};

/// The calling kernel at the start of an API call: stopped (by throwing
/// KernelStopped) if the run has failed elsewhere, so that a kernel
/// computing alone ends promptly.
inline KernelContext &enterKernel() {
  KernelContext &context = currentKernel();
  if (context.device->failed)
    throw KernelStopped();
  context.lastProgress.store(getProgressClock(), std::memory_order_relaxed);
  return context;
}

/// "cb N", as reports name a CB.
inline std::string getCBText(int64_t index) {
  return "cb " + std::to_string(index);
}

/// While alive (the span of a run), fatal signals in a kernel thread are
/// reported with the kernel and core, and the process exits with status 3
/// (Watchdog.cpp); not in sanitizer builds, whose own reports are better.
class FaultHandlers {
public:
  FaultHandlers();
  ~FaultHandlers();
  FaultHandlers(const FaultHandlers &) = delete;
  FaultHandlers &operator=(const FaultHandlers &) = delete;

private:
  std::vector<struct sigaction> previous;
};

/// Set up in each kernel thread for its lifetime: the label the fault
/// handler reports and an alternate signal stack.
class KernelThread {
public:
  explicit KernelThread(KernelContext &context);
  ~KernelThread();
  KernelThread(const KernelThread &) = delete;
  KernelThread &operator=(const KernelThread &) = delete;

private:
  std::vector<char> alternateStack;
};

/// A thread that watches a run: a live kernel without progress for the
/// device's watchdogSeconds stops the run with a report of every kernel; a
/// kernel still running two seconds after the run failed ends the process
/// (exit status 3) with the report.
class Watchdog {
public:
  explicit Watchdog(DeviceImpl &device);
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

private:
  void watch();
  std::string describeKernels(int64_t now);

  DeviceImpl &device;
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::thread thread;
};

/// The CB `index` of the calling kernel's core, checked to be configured.
CircularBuffer &getCB(KernelContext &context, int32_t index,
                      const char *function);

//===----------------------------------------------------------------------===//
// NoC writes between cores (NocChecks.cpp), all under DeviceImpl::mutex
//===----------------------------------------------------------------------===//

/// NoC addresses: a DRAM bank, a core, an L1-interleaved buffer or a
/// multicast rectangle in the high bits, the L1 or bank address in the low
/// 32 (so that `get_noc_multicast_addr(..., 0) | addr` works as on the
/// device).
constexpr uint64_t kDramFlag = 1ull << 63;
constexpr uint64_t kCoreFlag = 1ull << 62;
constexpr uint64_t kL1BankFlag = 1ull << 61;
constexpr uint64_t kMulticastFlag = 1ull << 60;

/// The worker at NoC coordinate (x, y); stops the run when there is none
/// there, with what is there and the NoC coordinate of logical (x, y).
Core &getNocCore(KernelContext &context, uint32_t x, uint32_t y,
                 const char *function);

/// The offset in `target`'s L1 of the kernel-visible [address, address +
/// size). Every core has the same L1 layout, so a kernel names another
/// core's buffer by its own address of it (get_noc_addr(x, y,
/// get_write_ptr(cb))); the emulator's L1 addresses differ per core, so
/// such an address is moved to `target`.
uint32_t getRemoteOffset(KernelContext &context, Core &target, uint32_t address,
                         uint32_t size, const char *function);

/// Starts a write of `context` from [begin, end) of its L1 on `noc` to the
/// `destinations` (core indexes; none for DRAM): numbers it on its
/// channel, remembers its source until flushed and checks a linked
/// multicast's successor. `rectangle` is a multicast's corners (0 for a
/// unicast write).
WriteRecord issueWrite(KernelContext &context, uint8_t noc, bool multicast,
                       uint32_t rectangle, const char *function, uint32_t begin,
                       uint32_t end, std::vector<uint32_t> destinations,
                       bool linked);

/// Numbers a noc_semaphore_inc of `context` on `noc` on its channel (an
/// atomic has no source to keep) and checks a linked multicast's
/// successor.
uint64_t issueAtomic(KernelContext &context, uint8_t noc, const char *function);

/// Checks and records `write` landing in [offset, offset + size) of
/// `target`'s L1: CB pages it touches must be reserved by their producer,
/// whose reserve must have happened before the write (SyncClock); the
/// pages remember it until their push. Semaphore words may only be
/// written by the semaphore calls.
void landWrite(KernelContext &context, Core &target, uint32_t offset,
               uint32_t size, const WriteRecord &write);

/// Stops the run if [begin, end) of the caller's core's L1 is the source of
/// a NoC write (of any kernel of the core) not flushed and not known to the
/// caller to have arrived; `what` names the overwriting call.
void checkSourceFree(KernelContext &context, uint32_t begin, uint32_t end,
                     const std::string &what);

/// Records a NoC write of `context` into [begin, begin + size) of DRAM bank
/// `bank` as the last write of those bytes, after checking that every read
/// of them by another kernel happened before it: a NoC write may land
/// before a read issued earlier by another core returns.
void recordDramWrite(KernelContext &context, uint32_t bank, uint32_t begin,
                     uint32_t size, const WriteRecord &write);

/// Stops the run if [begin, begin + size) of DRAM bank `bank`, which
/// `function` of `context` reads, holds bytes a NoC write of this program
/// wrote that `context` does not know to have arrived: NoC reads are not
/// ordered with writes.
void checkDramRead(KernelContext &context, uint32_t bank, uint32_t begin,
                   uint32_t size, uint8_t noc, const char *function);

/// Marks the DRAM reads of `context` on `noc` as returned, at its current
/// releases (noc_async_read_barrier).
void completeDramReads(KernelContext &context, uint8_t noc);

/// Publishes one more release of `context` in its clock (kReleaseChannel),
/// before a snapshot of it is given to another kernel.
void countRelease(KernelContext &context);

/// Whether `observer` may treat the source of `write` as free: flushed, or
/// known to `observer` to have arrived at one of its destinations (a
/// packet that arrived somewhere has left its source).
bool hasLeftSource(const KernelContext &observer, const PendingWrite &write);

/// The clock a semaphore write of `context` on `channel` (its `sequence`)
/// carries to `destinations`: the writer's, plus the arrival of its
/// earlier writes on the channel there (the NoC keeps their order).
SharedClock makeMessageClock(KernelContext &context, uint8_t channel,
                             uint64_t sequence,
                             const std::vector<uint32_t> &destinations);

/// The caller's clock, shared (for a CB push or pop, a local set).
SharedClock snapshotClock(KernelContext &context);

/// The next id of a semaphore write or set of `context` that waits may
/// name in the timing model's log.
uint64_t nextSyncEvent(KernelContext &context);

/// The CB protocol's part in the synchronisation (NocChecks.cpp), called
/// by cb_reserve_back, cb_push_back, cb_wait_front and cb_pop_front once
/// the call can proceed, before the CB's counters move.
void syncReserve(KernelContext &context, CircularBuffer &cb,
                 uint32_t reservedBefore, uint32_t reserved);
void syncPush(KernelContext &context, CircularBuffer &cb, uint32_t pages);
void syncWait(KernelContext &context, CircularBuffer &cb, uint32_t pages);
void syncPop(KernelContext &context, CircularBuffer &cb, uint32_t pages);

/// Joins the writes a satisfied semaphore wait on the word at L1 `offset`
/// of the caller's core observed (`holds` tells which values satisfy it)
/// into the caller's clock, and records the wait for the timing model.
void observeSemaphore(KernelContext &context, uint32_t offset,
                      const std::function<bool(uint32_t)> &holds);

} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_RUNTIME_H
