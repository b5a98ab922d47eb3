//===- Timeline.h - The log the timing model replays ------------*- C++ -*-===//
//
// Private to lib/Emulator. While a kernel runs, each API call appends what it
// costs and what it waits for to the kernel's log; after the run,
// simulateTimeline replays the logs of all kernels in simulated time
// (Timeline.cpp). A compute kernel's log has three streams, the unpacker,
// the math engine and the packer, each doing its part of every call as the
// three TRISCs of a Tensix core do: the unpacker waits on and pops input
// CBs, the packer reserves and pushes output CBs, the math engine holds
// DST. Two internal queues connect them: source-register slots (unpack to
// math, two deep) and DST sections (math to pack, two halves, or one with
// dst_full_sync_en).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_TIMELINE_H
#define TILT_LIB_EMULATOR_TIMELINE_H

#include "tilt/Emulator/Emulator.h"
#include "tilt/Emulator/Timing.h"

#include <cstdint>
#include <vector>

namespace tilt {
namespace emu {

struct KernelContext;
class DeviceImpl;

/// A compute kernel's streams; a data-movement kernel has only stream 0.
enum class Stream : uint8_t { Unpack = 0, Math = 1, Pack = 2 };

/// The kinds of busy work, for the profile.
enum class Work : uint8_t {
  Matmul,
  Eltwise,
  Sfpu,
  Copy,
  Reduce,
  Transpose,
  Unpack,
  Pack,
  Init,
  Reconfigure,
  Api,
  NocIssue,
  Count
};
const char *getWorkName(Work work);

enum class EventKind : uint8_t {
  Busy,          ///< a: cycles x 16 (fixed point), work: what
  Reserve,       ///< a: queue, b: pages
  Push,          ///< a: queue, b: pages
  Wait,          ///< a: queue, b: pages
  Pop,           ///< a: queue, b: pages
  NocRead,       ///< a: bytes, b: target (see encodeTarget)
  NocWrite,      ///< a: bytes, b: target
  ReadBarrier,   ///< all reads done
  WriteBarrier,  ///< all writes acknowledged
  WritesFlushed, ///< all writes have left L1
  SemaphoreSet,  ///< a: SyncEvent index (a local noc_semaphore_set)
  SyncWrite,     ///< a: SyncEvent index (a semaphore write or a multicast)
  SemaphoreWait, ///< a: index into KernelContext::waitSources
  AtomicBarrier, ///< all noc_semaphore_inc acknowledged
  ZoneBegin,     ///< a: index into KernelContext::zoneNames
  ZoneEnd,       ///< a: the same index
};

/// A semaphore write, a local set or a multicast, as the replay needs it:
/// where it goes and how far, so that each destination's arrival time is
/// known to the waits that name `event`.
struct SyncEvent {
  uint64_t event = 0; ///< nextSyncEvent id (0: no wait names it)
  uint32_t bytes = 0;
  uint8_t channel = 0; ///< getChannel: a NoC's writes in order
  bool atomic = false; ///< noc_semaphore_inc (noc_async_atomic_barrier)
  std::vector<uint32_t> destinations; ///< core indexes
  std::vector<uint32_t> hops;         ///< links to each destination
};

/// Queues of a core beyond its 32 CBs: a compute kernel's source-register
/// slots and DST sections.
constexpr uint32_t kSourceQueue = 32, kDstQueue = 33, kNumQueues = 34;

struct TimedEvent {
  EventKind kind;
  uint8_t stream;
  Work work;
  uint8_t reserved = 0;
  uint32_t line; ///< the calling line of the kernel's source (0: unknown)
  uint32_t a, b;
};

/// A NoC target: DRAM bank `bank`, or the L1 of core (column, row).
inline uint32_t encodeDramTarget(uint32_t bank) { return 0x80000000u | bank; }
inline uint32_t encodeCoreTarget(uint32_t column, uint32_t row) {
  return column << 16 | row;
}

/// Records that the calling kernel's `stream` is busy for `cycles` doing
/// `work` (for a data-movement kernel the stream is ignored).
void recordBusy(KernelContext &context, Stream stream, Work work,
                double cycles);
/// Records a queue operation (Reserve, Push, Wait, Pop) on `stream`.
void recordQueue(KernelContext &context, Stream stream, EventKind kind,
                 uint32_t queue, uint32_t pages);
/// Records a NoC transfer or barrier of a data-movement kernel on `noc`.
void recordNoc(KernelContext &context, EventKind kind, uint32_t bytes,
               uint32_t target, uint8_t noc = 0);
/// Records a semaphore set, semaphore write or multicast (SemaphoreSet or
/// SyncWrite).
void recordSync(KernelContext &context, EventKind kind, SyncEvent event);
/// Records a satisfied semaphore wait that synchronised with the writes
/// `sources` (nextSyncEvent ids).
void recordSemaphoreWait(KernelContext &context, std::vector<uint64_t> sources);
/// Records the start (`begin`) or the end of profiler zone `zone`
/// (DeviceZoneScopedN) on every stream of the kernel: a compute kernel's
/// zone is in each TRISC's timeline, as tt-metal builds it once per TRISC.
void recordZone(KernelContext &context, bool begin, uint32_t zone);
/// The cost of packing one tile of `format`.
double getPackCycles(const TimingParams &params, DataFormat format);

/// What the unpacker spends per tile of tilize_block and untilize_block on
/// one architecture (Timing.cpp; measured by tt-llk, docs/timing-model.md).
/// Not TimingParams: no override reaches them yet.
struct LayoutCosts {
  /// Tilize of a bf16 tile; other formats in proportion to their bytes.
  double tilizeUnpackCycles;
  /// Untilize of a tile (bound by the unpacker's per-row loop).
  double untilizeUnpackCycles;
  /// pack_untilize's packer per bf16 tile; other formats in proportion.
  double packUntilizeCycles;
};
const LayoutCosts &getLayoutCosts(const std::string &arch);

/// Replays the logs of `contexts` (all the kernels of a finished run) and
/// returns the predicted timeline; `trace` keeps the slices and transfers.
TimingReport simulateTimeline(DeviceImpl &device,
                              const std::vector<KernelContext *> &contexts,
                              bool trace);

} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_TIMELINE_H
