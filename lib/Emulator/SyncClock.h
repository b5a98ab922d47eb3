//===- SyncClock.h - Happens-before between kernels -------------*- C++ -*-===//
//
// Private to lib/Emulator. Whether a NoC write into another core's CB is
// safe must not depend on how the host scheduled the emulator's threads:
// on silicon the write races with the receiver unless a chain of
// synchronisations orders them. Each kernel therefore carries a SyncClock,
// what it knows to have happened before its current point:
//
//  - for every kernel, how many CB reserves it made (a vector clock over
//    reserves), so that a write into a page can be checked to come after
//    the receiver's reserve of that page;
//  - which NoC writes have arrived where, so that a receiver's push of a
//    page written remotely can be checked to come after the write landed,
//    and a writer's reuse of a write's source after the write left it.
//
// Knowledge travels with semaphores (a semaphore write carries its
// writer's clock; a satisfied wait joins the clocks of the writes it
// observed) and, when a program uses semaphores, with CB pushes and pops
// between the kernels of a core. Arrival knowledge is created by a write
// barrier (all of the kernel's writes on that NoC were acknowledged) and by
// the NoC's ordering: tt-metal docs/source/tt-metalium/tt_metal/apis/
// kernel_apis/data_movement/ordering.rst, "If writes are on the same NoC
// and same VC, they will be ordered based on program order": a semaphore
// write that arrives at a core proves that the same kernel's earlier writes
// to that core on the same NoC and virtual channel (unicast writes and
// noc_semaphore_inc share NOC_UNICAST_WRITE_VC, multicasts
// NOC_MULTICAST_WRITE_VC) arrived before it.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_SYNCCLOCK_H
#define TILT_LIB_EMULATOR_SYNCCLOCK_H

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace tilt {
namespace emu {

/// A NoC and virtual-channel class: writes of one kernel on one channel
/// arrive at each destination in program order.
inline uint8_t getChannel(uint8_t noc, bool multicast) {
  return uint8_t((noc & 1) * 2 + (multicast ? 1 : 0));
}
constexpr uint8_t kNumChannels = 4;
/// Not a NoC channel: the arrival facts on it count a kernel's releases
/// (the clocks it published with a CB push or pop or a semaphore write),
/// so that "kernel k released n times" travels as any fact does. An event
/// of k before its n-th release happened before whatever learned n.
constexpr uint8_t kReleaseChannel = 0xff;
/// A destination standing for every core (a write barrier's knowledge).
constexpr uint32_t kAllCores = 0xffff;

/// What a kernel knows to have happened before its current point.
class SyncClock {
public:
  /// Joins `other` into this clock (elementwise maximum).
  void join(const SyncClock &other);

  /// Reserves of kernel `kernel` known: the count of its CB reserves.
  uint32_t getReserves(uint32_t kernel) const {
    return kernel < reserves.size() ? reserves[kernel] : 0;
  }
  void setReserves(uint32_t kernel, uint32_t count);

  /// Learns that the writes of `writer` on `channel` up to sequence number
  /// `sequence` that target core `core` (or any core, kAllCores) arrived.
  void learnArrival(uint32_t writer, uint8_t channel, uint32_t core,
                    uint64_t sequence);
  /// Whether write `sequence` of `writer` on `channel` is known to have
  /// arrived at core `core`.
  bool knowsArrival(uint32_t writer, uint8_t channel, uint32_t core,
                    uint64_t sequence) const;

private:
  static uint64_t key(uint32_t writer, uint8_t channel, uint32_t core) {
    return uint64_t(writer) << 24 | uint64_t(channel) << 16 | core;
  }
  std::vector<uint32_t> reserves;
  /// (writer, channel, core) -> sequence, sorted by key.
  std::vector<std::pair<uint64_t, uint64_t>> arrivals;
};

using SharedClock = std::shared_ptr<const SyncClock>;

/// A NoC write, as the pages it lands in and the sources it reads from
/// remember it.
struct WriteRecord {
  uint32_t writer = 0;       ///< the writing kernel (KernelContext::index)
  uint8_t channel = 0;       ///< getChannel of its NoC and virtual channel
  uint64_t sequence = 0;     ///< its number among the writer's on the channel
  const char *function = ""; ///< e.g. "noc_async_write_multicast"
  uint32_t line = 0;         ///< the calling line of the writer's source
};

/// A write into a semaphore word since its last set, which a wait that
/// observes the value synchronises with.
struct SemaphoreWrite {
  SharedClock clock;
  uint64_t event = 0;      ///< the timing model's id of the write
  uint32_t valueAfter = 0; ///< the word's value once it landed
};

/// The history of one semaphore word (any 4-byte L1 word that semaphore
/// calls touch) since its last set: a set starts a new generation, an
/// increment adds to it.
struct SemaphoreWord {
  uint64_t generation = 0;
  std::vector<SemaphoreWrite> writes;
};

/// A CB page's synchronisation state: who reserved it (and at which of
/// its reserves), the NoC writes that landed in it since, and, when the
/// program uses semaphores, the clocks of its last push and pop.
struct PageSync {
  static constexpr uint32_t kNobody = ~0u;
  uint32_t reserver = kNobody;
  uint32_t reserveCount = 0;
  std::vector<WriteRecord> writes;
  SharedClock pushed, popped;
};

} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_SYNCCLOCK_H
