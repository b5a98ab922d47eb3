//===- SemaphoreAPI.cpp - Semaphores and multicast on the emulator --------===//
//
// Definitions of the Metalium calls that synchronise kernels across cores:
// semaphores (get_semaphore, noc_semaphore_set / wait / wait_min / inc /
// set_remote / set_multicast) and multicast writes
// (get_noc_multicast_addr, noc_async_write_multicast), with the rules of
// tt-metal's tt_metal/hw/inc/api/dataflow/dataflow_api.h that decide
// whether a program works on silicon (docs/emulator.md lists them). The
// checks that tie writes to CB pages are in NocChecks.cpp.
//
//===----------------------------------------------------------------------===//

#include "Noc.h"
#include "Runtime.h"
#include "api/dataflow/dataflow_api.h"

#include <algorithm>
#include <sstream>

using namespace tilt;
using namespace tilt::emu;

namespace {

[[noreturn]] void fail(KernelContext &context, const std::string &message) {
  context.device->fail(context, message);
}

std::string hex(uint32_t value) {
  std::ostringstream os;
  os << "0x" << std::hex << value;
  return os.str();
}

std::string coreName(const Core &core) {
  return "core (" + std::to_string(core.column) + ", " +
         std::to_string(core.row) + ")";
}

/// "semaphore 2 (L1 0x7880)", or "L1 word 0x1000" for another word.
std::string describeWord(const DeviceImpl &device, uint32_t offset) {
  int id = device.getSemaphoreAt(offset);
  if (id < 0)
    return "L1 word " + hex(offset);
  return "semaphore " + std::to_string(id) + " (L1 " + hex(offset) + ")";
}

/// Checks that L1 `offset` of `core` may be used as a semaphore word: 4-byte
/// aligned (NoC atomics and the 4-byte semaphore writes need it), and in
/// the semaphore region only a semaphore the host created there.
void checkWord(KernelContext &context, const Core &core, uint32_t offset,
               const char *function) {
  DeviceImpl &device = *context.device;
  if (offset % 4)
    fail(context, std::string(function) + ": L1 " + hex(offset) + " of " +
                      coreName(core) + " is not 4-byte aligned");
  uint32_t base = device.getSemaphoreOffset(0);
  if (offset < base || offset >= base + kNumSemaphores * kSemaphoreStride)
    return;
  int id = device.getSemaphoreAt(offset);
  if (id < 0)
    fail(context, std::string(function) + ": L1 " + hex(offset) +
                      " lies between semaphores (get_semaphore gives their "
                      "addresses)");
  if (!(core.semaphores >> id & 1u))
    fail(context, std::string(function) + ": semaphore " + std::to_string(id) +
                      " does not exist on " + coreName(core) +
                      " (CreateSemaphore makes it on the cores of its range)");
}

/// The caller's L1 offset of a semaphore pointer.
uint32_t getLocalWord(KernelContext &context, const volatile uint32_t *pointer,
                      const char *function) {
  uintptr_t address = reinterpret_cast<uintptr_t>(pointer);
  if (address > 0xffffffffu)
    fail(context, std::string(function) +
                      ": the pointer is not an L1 address (get_semaphore "
                      "gives one)");
  uint32_t offset =
      context.device->toL1Offset(context, uint32_t(address), 4, function);
  checkWord(context, *context.core, offset, function);
  return offset;
}

uint32_t readWord(const Core &core, uint32_t offset) {
  uint32_t value;
  std::memcpy(&value, core.l1 + offset, 4);
  return value;
}

void writeWord(Core &core, uint32_t offset, uint32_t value) {
  std::memcpy(core.l1 + offset, &value, 4);
}

/// Sets the word at `offset` of `core` to `value` as one write of a new
/// generation that waits synchronise with.
void setWord(Core &core, uint32_t offset, uint32_t value, SharedClock clock,
             uint64_t event) {
  writeWord(core, offset, value);
  SemaphoreWord &word = core.semaphoreWords[offset];
  ++word.generation;
  word.writes.clear();
  word.writes.push_back({std::move(clock), event, value});
  core.changed.notify_all();
}

LogicalCore logicalOf(const Core &core) { return {core.column, core.row}; }

/// A multicast's rectangle, checked against the rules of dataflow_api.h.
struct Multicast {
  std::vector<Core *> cores;
  std::vector<uint32_t> destinations; ///< core indexes
  uint32_t rectangle = 0;             ///< the address's corner bits
  MulticastRoute route;
};

Multicast decodeMulticast(KernelContext &context, uint64_t address, uint8_t noc,
                          uint32_t numDests, bool loopback,
                          const char *function) {
  DeviceImpl &device = *context.device;
  if (!(address & kMulticastFlag))
    fail(context, std::string(function) +
                      " takes a multicast address (get_noc_multicast_addr)");
  uint32_t xs = uint32_t(address >> 50) & 63, ys = uint32_t(address >> 44) & 63;
  uint32_t xe = uint32_t(address >> 38) & 63, ye = uint32_t(address >> 32) & 63;
  std::string rectangle = "the rectangle from NoC (" + std::to_string(xs) +
                          ", " + std::to_string(ys) + ") to (" +
                          std::to_string(xe) + ", " + std::to_string(ye) + ")";
  // tt-isa-documentation RoutingPaths.md: NoC 0 flows rightwards and
  // downwards, NoC 1 leftwards and upwards; a multicast's start is where
  // its packet enters the rectangle. tt-metal's
  // matmul_op_multi_core_reuse_mcast_2d_program_factory.cpp ("Assuming in0
  // is NOC0 ... if (in0_noc == NOC::NOC_1) std::swap(in0_mcast_start,
  // in0_mcast_end)") swaps the corners for NoC 1.
  bool forward = noc == 0 ? xs <= xe && ys <= ye : xs >= xe && ys >= ye;
  if (!forward)
    fail(context,
         std::string(function) + " on NoC " + std::to_string(noc) + ": " +
             rectangle +
             " runs against the NoC's direction: on NoC 0 the "
             "start is the top-left corner (x_start <= x_end, y_start <= "
             "y_end), on NoC 1 the bottom-right one (x_start >= x_end, "
             "y_start >= y_end), as tt-metal's mcast matmul swaps start and "
             "end for NoC 1; the other order wraps around the NoC torus "
             "over non-worker tiles");
  Multicast multicast;
  multicast.rectangle = uint32_t(address >> 32) & 0xffffff;
  bool hasSender = false;
  for (uint32_t y = std::min(ys, ye); y <= std::max(ys, ye); ++y)
    for (uint32_t x = std::min(xs, xe); x <= std::max(xs, xe); ++x) {
      if (isSkippedByMulticast(device.arch, x, y))
        continue;
      LogicalCore logical;
      if (!findWorker(device.arch, x, y, logical))
        fail(context, std::string(function) + ": " + rectangle +
                          " includes NoC (" + std::to_string(x) + ", " +
                          std::to_string(y) + "), " +
                          describeNocCoord(device.arch, x, y) +
                          ": a multicast may only cover Tensix workers of "
                          "the board's grid (kernels take NoC coordinates "
                          "from worker_core_from_logical_core)");
      Core *core = device.getCore(logical.column, logical.row);
      if (core == context.core) {
        hasSender = true;
        // A multicast reaches its sender only when it sets
        // NOC_CMD_BRCST_SRC_INCLUDE, which only the _loopback_src variants
        // do (tt-metal tt_metal/hw/inc/wormhole/noc_nonblocking_api.h,
        // ncrisc_noc_fast_write: `loopback ? NOC_CMD_BRCST_SRC_INCLUDE :
        // 0`). Otherwise the rectangle may hold the sender, which gets
        // nothing and is not counted: tt-metal's mcast matmul readers
        // multicast to their whole row or column, themselves included
        // ("num_dests must not include source", tt_metal/
        // programming_examples/matmul_common/kernels/dataflow/
        // reader_bmm_tile_layout_in0_sender_in1_sender.cpp).
        if (!loopback)
          continue;
      }
      multicast.cores.push_back(core);
      multicast.destinations.push_back(core->index);
    }
  if (!hasSender && loopback)
    fail(context, std::string(function) + ": " + rectangle +
                      " does not include the sender " +
                      coreName(*context.core) +
                      ", which the loopback variant writes to");
  // The sender counts num_dests acknowledgements: a wrong count hangs its
  // write barrier or ends it before every destination has the data.
  if (numDests != multicast.cores.size())
    fail(context, std::string(function) + ": num_dests is " +
                      std::to_string(numDests) + ", but " + rectangle +
                      " holds " + std::to_string(multicast.cores.size()) +
                      " cores" +
                      (loopback    ? " (the sender included)"
                       : hasSender ? " besides the sender"
                                   : "") +
                      ": the sender waits for one acknowledgement per "
                      "destination, so a wrong count hangs its write barrier "
                      "or passes it before the data arrived");
  LogicalCore start, end;
  findWorker(device.arch, xs, ys, start);
  findWorker(device.arch, xe, ye, end);
  std::vector<LogicalCore> logical;
  for (Core *core : multicast.cores)
    logical.push_back(logicalOf(*core));
  multicast.route = routeMulticast(device.arch, logicalOf(*context.core), start,
                                   end, logical, noc);
  return multicast;
}

/// The core a unicast semaphore address names, and the word's offset.
Core &getRemoteWord(KernelContext &context, uint64_t address, uint32_t &offset,
                    const char *function) {
  if (address & kMulticastFlag)
    fail(context, std::string(function) +
                      ": a multicast address takes noc_semaphore_set_"
                      "multicast");
  if (!(address & kCoreFlag))
    fail(context, std::string(function) +
                      ": semaphores are in the L1 of a core; the address "
                      "is not a core's (get_noc_addr(x, y, addr) makes one)");
  uint32_t x = uint32_t(address >> 48) & 0xff,
           y = uint32_t(address >> 40) & 0xff;
  Core &core = getNocCore(context, x, y, function);
  offset = getRemoteOffset(context, core, uint32_t(address), 4, function);
  checkWord(context, core, offset, function);
  return core;
}

/// Counts and times a semaphore word written on one other core (an
/// increment when `atomic`, else a set): the links of its path, the issue
/// cost, and the write's arrival for the replay.
void recordRemoteWord(KernelContext &context, const Core &target, uint8_t noc,
                      uint64_t event, uint8_t channel, bool atomic) {
  std::vector<uint32_t> hops = {
      countUnicastHops(context.device->arch, logicalOf(*context.core),
                       logicalOf(target), noc)};
  ++context.counters.semaphoreOps;
  context.counters.nocLinks += hops[0];
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             context.device->timing.nocIssueCycles);
  recordSync(context, EventKind::SyncWrite,
             {event, 4, channel, atomic, {target.index}, hops});
}

void semaphoreWait(KernelContext &context, const volatile uint32_t *pointer,
                   uint32_t value, bool atLeast, const char *function) {
  DeviceImpl &device = *context.device;
  uint32_t offset = getLocalWord(context, pointer, function);
  Core &core = *context.core;
  auto holds = [value, atLeast](uint32_t current) {
    return atLeast ? current >= value : current == value;
  };
  std::string word = describeWord(device, offset);
  int id = device.getSemaphoreAt(offset);
  std::unique_lock<std::mutex> lock(device.mutex);
  device.waitUntil(
      context, lock,
      std::string(function) + "(" + word + ", " + std::to_string(value) + ")",
      context.instance->name +
          (id < 0 ? " semaphore word" : " semaphore " + std::to_string(id)),
      nullptr, [&core, offset, holds] { return holds(readWord(core, offset)); },
      [&core, offset, word, value, atLeast] {
        return word + " of " + coreName(core) + " holds " +
               std::to_string(readWord(core, offset)) + ", the wait needs " +
               (atLeast ? ">= " : "") + std::to_string(value);
      });
  observeSemaphore(context, offset, holds);
  ++context.counters.semaphoreOps;
  recordBusy(context, Stream::Unpack, Work::Api, device.timing.semaphoreCycles);
}

void setMulticast(KernelContext &context, uint32_t source, uint64_t target,
                  uint32_t numDests, bool linked, uint8_t noc, bool loopback,
                  const char *function) {
  DeviceImpl &device = *context.device;
  noc &= 1;
  uint32_t sourceOffset = device.toL1Offset(context, source, 4, function);
  Multicast multicast =
      decodeMulticast(context, target, noc, numDests, loopback, function);
  uint8_t channel = getChannel(noc, true);
  uint64_t event;
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    uint32_t value = readWord(*context.core, sourceOffset);
    WriteRecord write = issueWrite(context, noc, true, multicast.rectangle,
                                   function, sourceOffset, sourceOffset + 4,
                                   multicast.destinations, linked);
    event = nextSyncEvent(context);
    SharedClock clock = makeMessageClock(context, channel, write.sequence,
                                         multicast.destinations);
    for (Core *core : multicast.cores) {
      uint32_t offset =
          getRemoteOffset(context, *core, uint32_t(target), 4, function);
      checkWord(context, *core, offset, function);
      setWord(*core, offset, value, clock, event);
    }
  }
  ++context.counters.semaphoreOps;
  context.counters.nocLinks += multicast.route.links;
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             device.timing.nocIssueCycles);
  recordSync(
      context, EventKind::SyncWrite,
      {event, 4, channel, false, multicast.destinations, multicast.route.hops});
}

void writeMulticast(KernelContext &context, uint32_t source, uint64_t target,
                    uint32_t size, uint32_t numDests, bool linked, uint8_t noc,
                    bool loopback, const char *function) {
  DeviceImpl &device = *context.device;
  noc &= 1;
  uint32_t sourceOffset = device.toL1Offset(context, source, size, function);
  Multicast multicast =
      decodeMulticast(context, target, noc, numDests, loopback, function);
  std::vector<uint32_t> offsets;
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    WriteRecord write = issueWrite(context, noc, true, multicast.rectangle,
                                   function, sourceOffset, sourceOffset + size,
                                   multicast.destinations, linked);
    for (Core *core : multicast.cores) {
      uint32_t offset =
          getRemoteOffset(context, *core, uint32_t(target), size, function);
      offsets.push_back(offset);
      // A loopback write of the source onto itself changes nothing.
      if (core == context.core && offset == sourceOffset)
        continue;
      landWrite(context, *core, offset, size, write);
    }
  }
  for (size_t i = 0; i < multicast.cores.size(); ++i)
    std::memmove(multicast.cores[i]->l1 + offsets[i],
                 context.core->l1 + sourceOffset, size);
  ++context.counters.multicastWrites;
  context.counters.nocLinks += multicast.route.links;
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             device.timing.nocIssueCycles);
  recordSync(context, EventKind::SyncWrite,
             {0, size, getChannel(noc, true), false, multicast.destinations,
              multicast.route.hops});
}

} // namespace

//===----------------------------------------------------------------------===//
// Semaphores
//===----------------------------------------------------------------------===//

uint32_t get_semaphore(uint32_t semaphore_id) {
  KernelContext &context = enterKernel();
  DeviceImpl &device = *context.device;
  if (semaphore_id >= kNumSemaphores ||
      !(context.core->semaphores >> semaphore_id & 1u))
    fail(context, "get_semaphore(" + std::to_string(semaphore_id) +
                      "): the host created no semaphore " +
                      std::to_string(semaphore_id) +
                      " on this core (CreateSemaphore gives the ids of the "
                      "cores of its range)");
  return device.l1Address(*context.core,
                          device.getSemaphoreOffset(semaphore_id));
}

void noc_semaphore_set(volatile uint32_t *sem_addr, uint32_t val,
                       tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  uint32_t offset = getLocalWord(context, sem_addr, "noc_semaphore_set");
  uint64_t event;
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    checkSourceFree(context, offset, offset + 4,
                    "noc_semaphore_set(" + describeWord(device, offset) + ")");
    event = nextSyncEvent(context);
    setWord(*context.core, offset, val, snapshotClock(context), event);
  }
  ++context.counters.semaphoreOps;
  recordBusy(context, Stream::Unpack, Work::Api, device.timing.semaphoreCycles);
  recordSync(context, EventKind::SemaphoreSet,
             {event, 4, 0, false, {context.core->index}, {0}});
}

void noc_semaphore_wait(volatile uint32_t *sem_addr, uint32_t val,
                        tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  semaphoreWait(context, sem_addr, val, false, "noc_semaphore_wait");
}

void noc_semaphore_wait_min(volatile uint32_t *sem_addr, uint32_t val,
                            tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  semaphoreWait(context, sem_addr, val, true, "noc_semaphore_wait_min");
}

void tilt_emu::semaphoreAddLocal(volatile uint32_t *sem_addr, uint32_t value,
                                 bool subtract, const char *function,
                                 Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  uint32_t offset = getLocalWord(context, sem_addr, function);
  uint64_t event;
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    checkSourceFree(context, offset, offset + 4,
                    std::string(function) + "(" + describeWord(device, offset) +
                        ")");
    uint32_t current = readWord(*context.core, offset);
    event = nextSyncEvent(context);
    setWord(*context.core, offset, subtract ? current - value : current + value,
            snapshotClock(context), event);
  }
  ++context.counters.semaphoreOps;
  recordBusy(context, Stream::Unpack, Work::Api, device.timing.semaphoreCycles);
  recordSync(context, EventKind::SemaphoreSet,
             {event, 4, 0, false, {context.core->index}, {0}});
}

void tilt_emu::semaphoreDown(volatile uint32_t *sem_addr, uint32_t value,
                             Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  semaphoreWait(context, sem_addr, value, true, "Semaphore::down");
  semaphoreAddLocal(sem_addr, value, true, "Semaphore::down", here);
}

void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc_id,
                       tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  uint8_t noc = noc_id & 1;
  uint32_t offset;
  Core &target = getRemoteWord(context, addr, offset, "noc_semaphore_inc");
  // dataflow_api.h: NOC_UNICAST_WRITE_VC, with the unicast writes.
  uint8_t channel = getChannel(noc, false);
  uint64_t event;
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    uint64_t sequence = issueAtomic(context, noc, "noc_semaphore_inc");
    event = nextSyncEvent(context);
    SharedClock clock =
        makeMessageClock(context, channel, sequence, {target.index});
    uint32_t value = readWord(target, offset) + incr; // 32-bit wrap
    writeWord(target, offset, value);
    target.semaphoreWords[offset].writes.push_back({clock, event, value});
    target.changed.notify_all();
    context.pendingAtomics.push_back({noc, target.index, sequence});
  }
  recordRemoteWord(context, target, noc, event, channel, /*atomic=*/true);
}

void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                              uint8_t noc, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  noc &= 1;
  const char *function = "noc_semaphore_set_remote";
  uint32_t source = device.toL1Offset(context, src_local_l1_addr, 4, function);
  uint32_t offset;
  Core &target = getRemoteWord(context, dst_noc_addr, offset, function);
  uint8_t channel = getChannel(noc, false);
  uint64_t event;
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    uint32_t value = readWord(*context.core, source);
    WriteRecord write = issueWrite(context, noc, false, 0, function, source,
                                   source + 4, {target.index}, false);
    event = nextSyncEvent(context);
    setWord(target, offset, value,
            makeMessageClock(context, channel, write.sequence, {target.index}),
            event);
  }
  recordRemoteWord(context, target, noc, event, channel, /*atomic=*/false);
}

void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
                                 uint64_t dst_noc_addr_multicast,
                                 uint32_t num_dests, bool linked, uint8_t noc,
                                 tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  setMulticast(context, src_local_l1_addr, dst_noc_addr_multicast, num_dests,
               linked, noc, false, "noc_semaphore_set_multicast");
}

void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr,
                                              uint64_t dst_noc_addr_multicast,
                                              uint32_t num_dests, bool linked,
                                              uint8_t noc,
                                              tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  setMulticast(context, src_local_l1_addr, dst_noc_addr_multicast, num_dests,
               linked, noc, true, "noc_semaphore_set_multicast_loopback_src");
}

void noc_async_atomic_barrier(uint8_t noc_idx, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  uint8_t noc = noc_idx & 1;
  {
    // The increments arrived, and with them the earlier writes of their
    // channel to their cores.
    std::lock_guard<std::mutex> lock(context.device->mutex);
    auto &atomics = context.pendingAtomics;
    for (const PendingAtomic &atomic : atomics)
      if (atomic.noc == noc)
        context.clock.learnArrival(context.index, getChannel(noc, false),
                                   atomic.destination, atomic.sequence);
    atomics.erase(std::remove_if(atomics.begin(), atomics.end(),
                                 [noc](const PendingAtomic &atomic) {
                                   return atomic.noc == noc;
                                 }),
                  atomics.end());
  }
  recordNoc(context, EventKind::AtomicBarrier, 0, 0, noc);
}

//===----------------------------------------------------------------------===//
// Multicast
//===----------------------------------------------------------------------===//

uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start,
                                uint32_t noc_x_end, uint32_t noc_y_end,
                                uint32_t addr, uint8_t) {
  KernelContext &context = enterKernel();
  for (uint32_t coordinate : {noc_x_start, noc_y_start, noc_x_end, noc_y_end})
    if (coordinate >= 64)
      fail(context, "get_noc_multicast_addr: NoC coordinate " +
                        std::to_string(coordinate) +
                        " is beyond the NoC (6 bits)");
  return kMulticastFlag | uint64_t(noc_x_start) << 50 |
         uint64_t(noc_y_start) << 44 | uint64_t(noc_x_end) << 38 |
         uint64_t(noc_y_end) << 32 | addr;
}

void noc_async_write_multicast(uint32_t src_local_l1_addr,
                               uint64_t dst_noc_addr_multicast, uint32_t size,
                               uint32_t num_dests, bool linked, uint8_t noc,
                               tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  writeMulticast(context, src_local_l1_addr, dst_noc_addr_multicast, size,
                 num_dests, linked, noc, false, "noc_async_write_multicast");
}

void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr,
                                            uint64_t dst_noc_addr_multicast,
                                            uint32_t size, uint32_t num_dests,
                                            bool linked, uint8_t noc,
                                            tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  writeMulticast(context, src_local_l1_addr, dst_noc_addr_multicast, size,
                 num_dests, linked, noc, true,
                 "noc_async_write_multicast_loopback_src");
}
