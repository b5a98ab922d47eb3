//===- NocChecks.cpp - NoC writes between cores, checked ------------------===//
//
// The rules a NoC write into another core must follow to be right on
// silicon, checked independently of how the host scheduled the emulator's
// threads (SyncClock.h has the model):
//
//  - a write into a CB page of another core must come after that core
//    reserved the page (a semaphore from the receiver orders them), and
//    must land in pages reserved and not yet pushed: otherwise the
//    receiver's compute kernel may be reading them;
//  - the receiver's cb_push_back of a page written remotely must come after
//    the write arrived (the writer signals a semaphore after the write on
//    the same NoC and virtual channel, or after a write barrier, and the
//    receiver waits for it): tt-metal's
//    ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
//    reader_bmm_tile_layout_in0_sender_padding.cpp and
//    reader_bmm_tile_layout_in0_receiver.cpp follow this protocol;
//  - a write's source must not change (a NoC read into it, a CB reserve of
//    its pages, a semaphore set of it) before the write left it: after
//    noc_async_writes_flushed or noc_async_write_barrier (tt-metal
//    dataflow_api.h: "waits for all outstanding enqueued noc_async_write
//    calls ... to depart"), or once the kernel knows it arrived somewhere;
//  - a linked multicast (linked = true) must be followed on its NoC by a
//    multicast to the same cores (tt-metal tt_metal/hw/inc/wormhole/noc/
//    noc.h: "all sequences of function calls with linked set to true
//    targeting the same destination will manifest on the NoC as a single
//    multi-command packet").
//
//===----------------------------------------------------------------------===//

#include "Noc.h"
#include "Runtime.h"

#include <algorithm>
#include <sstream>

using namespace tilt;
using namespace tilt::emu;

namespace {

[[noreturn]] void fail(KernelContext &context, const std::string &message) {
  context.device->fail(context, message);
}

std::string coreName(const Core &core) {
  return "core (" + std::to_string(core.column) + ", " +
         std::to_string(core.row) + ")";
}

std::string hex(uint32_t value) {
  std::ostringstream os;
  os << "0x" << std::hex << value;
  return os.str();
}

std::string describeWrite(const DeviceImpl &device, const WriteRecord &write) {
  const KernelContext &writer = *device.contexts[write.writer];
  std::string text = coreName(*writer.core) + " " + writer.instance->name +
                     "'s " + write.function;
  if (write.line)
    text += " (line " + std::to_string(write.line) + ")";
  return text;
}

std::string pageRange(uint32_t first, uint32_t last) {
  return first == last
             ? "page " + std::to_string(first)
             : "pages " + std::to_string(first) + ".." + std::to_string(last);
}

/// Drops the caller's pending writes it knows to have left their sources.
void pruneWrites(KernelContext &context) {
  auto &writes = context.pendingWrites;
  writes.erase(std::remove_if(writes.begin(), writes.end(),
                              [&](const PendingWrite &write) {
                                return hasLeftSource(context, write);
                              }),
               writes.end());
}

void checkLink(KernelContext &context, uint8_t noc, bool multicast,
               uint32_t rectangle, bool linked, const char *function) {
  if (context.linkOpen && noc == context.linkNoc &&
      (!multicast || rectangle != context.linkRectangle))
    fail(context,
         std::string(function) + " on NoC " + std::to_string(noc) +
             " follows a linked multicast (line " +
             std::to_string(context.linkLine) +
             ") that was not closed: after a multicast with linked = true, "
             "the next write on that NoC must be a multicast to the same "
             "cores (tt-metal noc.h: a linked sequence is one packet)");
  if (multicast && linked) {
    context.linkOpen = true;
    context.linkNoc = noc;
    context.linkRectangle = rectangle;
    context.linkLine = context.line;
  } else if (context.linkOpen && noc == context.linkNoc) {
    context.linkOpen = false;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Addresses
//===----------------------------------------------------------------------===//

Core &emu::getNocCore(KernelContext &context, uint32_t x, uint32_t y,
                      const char *function) {
  DeviceImpl &device = *context.device;
  LogicalCore logical;
  if (findWorker(device.arch, x, y, logical))
    return *device.getCore(logical.column, logical.row);
  std::ostringstream os;
  os << function << ": no Tensix core at NoC (" << x << ", " << y << ") ("
     << describeNocCoord(device.arch, x, y)
     << "): kernels address cores by NoC coordinates, which the host gets "
        "with worker_core_from_logical_core";
  uint32_t nocX, nocY;
  if (x < device.arch.gridColumns && y < device.arch.gridRows) {
    getWorkerNocCoord(device.arch, x, y, nocX, nocY);
    os << "; logical core (" << x << ", " << y << ") is at NoC (" << nocX
       << ", " << nocY << ")";
  }
  fail(context, os.str());
}

uint32_t emu::getRemoteOffset(KernelContext &context, Core &target,
                              uint32_t address, uint32_t size,
                              const char *function) {
  DeviceImpl &device = *context.device;
  uint32_t base = device.l1Address(target, 0);
  uint32_t own = device.l1Address(*context.core, 0);
  if ((address < base || address - base >= device.arch.l1Bytes) &&
      address >= own && address - own < device.arch.l1Bytes)
    address = base + (address - own);
  else if ((address < base || address - base >= device.arch.l1Bytes) &&
           device.isInL1Buffer(address, size))
    return address;
  if (address < base || uint64_t(address - base) + size > device.arch.l1Bytes)
    fail(context, std::string(function) +
                      ": the address is outside the L1 of " + coreName(target));
  return address - base;
}

//===----------------------------------------------------------------------===//
// Writes
//===----------------------------------------------------------------------===//

bool emu::hasLeftSource(const KernelContext &observer,
                        const PendingWrite &write) {
  if (write.flushed)
    return true;
  for (uint32_t destination : write.destinations)
    if (observer.clock.knowsArrival(write.record.writer, write.record.channel,
                                    destination, write.record.sequence))
      return true;
  return false;
}

WriteRecord emu::issueWrite(KernelContext &context, uint8_t noc, bool multicast,
                            uint32_t rectangle, const char *function,
                            uint32_t begin, uint32_t end,
                            std::vector<uint32_t> destinations, bool linked) {
  checkLink(context, noc, multicast, rectangle, linked, function);
  WriteRecord record;
  record.writer = context.index;
  record.channel = getChannel(noc, multicast);
  record.sequence = ++context.channelSequence[record.channel];
  record.function = function;
  record.line = context.line;
  // Keep the list short: entries known to have left go (amortised).
  size_t size = context.pendingWrites.size();
  if (size >= 64 && (size & (size - 1)) == 0)
    pruneWrites(context);
  PendingWrite pending;
  pending.begin = begin;
  pending.end = end;
  pending.noc = noc;
  pending.record = record;
  pending.destinations = std::move(destinations);
  context.pendingWrites.push_back(std::move(pending));
  ++context.unflushedWrites[noc & 1];
  return record;
}

uint64_t emu::issueAtomic(KernelContext &context, uint8_t noc,
                          const char *function) {
  checkLink(context, noc, false, 0, false, function);
  return ++context.channelSequence[getChannel(noc, false)];
}

void emu::landWrite(KernelContext &context, Core &target, uint32_t offset,
                    uint32_t size, const WriteRecord &write) {
  DeviceImpl &device = *context.device;
  uint32_t end = offset + size;
  uint32_t semaphores = device.getSemaphoreOffset(0);
  if (offset < semaphores + kNumSemaphores * kSemaphoreStride &&
      semaphores < end)
    fail(context,
         std::string(write.function) + " writes into the semaphores of " +
             coreName(target) +
             ": semaphores take noc_semaphore_set_remote, "
             "noc_semaphore_set_multicast and noc_semaphore_inc (the emulator "
             "follows their writes; a data write there would go unseen by "
             "waits)");
  for (CircularBuffer &cb : target.cbs) {
    if (!cb.configured)
      continue;
    uint32_t pageSize = cb.config.pageSize;
    uint32_t cbEnd = cb.offset + cb.config.numPages * pageSize;
    if (end <= cb.offset || cbEnd <= offset)
      continue;
    uint32_t first = (std::max(offset, cb.offset) - cb.offset) / pageSize;
    uint32_t last = (std::min(end, cbEnd) - 1 - cb.offset) / pageSize;
    std::string where = " lands in " + pageRange(first, last) + " of cb " +
                        std::to_string(cb.config.index) + " on " +
                        coreName(target);
    for (uint32_t page = first; page <= last; ++page) {
      PageSync &sync = cb.pages[page];
      if (sync.reserver == PageSync::kNobody)
        fail(context,
             std::string(write.function) + where + ", but page " +
                 std::to_string(page) + " is not reserved there (" +
                 device.describeCB(target, cb) +
                 "): a write into another core's CB must land in pages that "
                 "core reserved (cb_reserve_back) and has not pushed yet, "
                 "or its compute kernel may be reading them");
      if (sync.reserver == context.index ||
          context.clock.getReserves(sync.reserver) >= sync.reserveCount)
        continue;
      const KernelContext &reserver = *device.contexts[sync.reserver];
      fail(context,
           std::string(write.function) + where + ", reserved there by " +
               reserver.instance->name +
               ", but nothing orders that cb_reserve_back before this write: "
               "the receiver must signal a semaphore after its reserve and "
               "the writer wait for it (tt-metal "
               "reader_bmm_tile_layout_in0_sender_padding.cpp waits for "
               "in0_mcast_num_dests increments before each multicast)");
    }
    for (uint32_t page = first; page <= last; ++page)
      cb.pages[page].writes.push_back(write);
  }
}

void emu::checkSourceFree(KernelContext &context, uint32_t begin, uint32_t end,
                          const std::string &what) {
  for (KernelContext *kernel : context.core->kernels)
    for (const PendingWrite &write : kernel->pendingWrites) {
      if (write.end <= begin || end <= write.begin ||
          hasLeftSource(context, write))
        continue;
      fail(context,
           what + " overwrites L1 " + hex(write.begin) + ".." + hex(write.end) +
               " of " + coreName(*context.core) + " while " +
               describeWrite(*context.device, write.record) +
               " may still be reading it: the source of a NoC write may "
               "change only after noc_async_writes_flushed or "
               "noc_async_write_barrier, or once the kernel knows the write "
               "arrived (a semaphore from a receiver)");
    }
}

SharedClock emu::makeMessageClock(KernelContext &context, uint8_t channel,
                                  uint64_t sequence,
                                  const std::vector<uint32_t> &destinations) {
  countRelease(context);
  auto clock = std::make_shared<SyncClock>(context.clock);
  for (uint32_t destination : destinations)
    clock->learnArrival(context.index, channel, destination, sequence);
  return clock;
}

SharedClock emu::snapshotClock(KernelContext &context) {
  countRelease(context);
  return std::make_shared<SyncClock>(context.clock);
}

void emu::countRelease(KernelContext &context) {
  context.clock.learnArrival(context.index, kReleaseChannel, kAllCores,
                             ++context.releases);
}

uint64_t emu::nextSyncEvent(KernelContext &context) {
  return uint64_t(context.index) << 30 | ++context.syncEventCount;
}

//===----------------------------------------------------------------------===//
// The CB protocol
//===----------------------------------------------------------------------===//

void emu::syncReserve(KernelContext &context, CircularBuffer &cb,
                      uint32_t reservedBefore, uint32_t reserved) {
  if (reserved <= reservedBefore)
    return;
  uint32_t pageSize = cb.config.pageSize;
  uint32_t first = cb.writePage + reservedBefore;
  uint32_t count = reserved - reservedBefore;
  checkSourceFree(context, cb.offset + first * pageSize,
                  cb.offset + (first + count) * pageSize,
                  "cb_reserve_back(" + getCBText(cb.config.index) + ", " +
                      std::to_string(reserved) + ")");
  ++context.reserveCount;
  context.clock.setReserves(context.index, context.reserveCount);
  const SyncClock *last = nullptr;
  for (uint32_t page = first; page < first + count; ++page) {
    PageSync &sync = cb.pages[page];
    if (context.device->trackSync && sync.popped && sync.popped.get() != last)
      context.clock.join(*sync.popped);
    last = sync.popped.get();
    sync.reserver = context.index;
    sync.reserveCount = context.reserveCount;
    sync.writes.clear();
  }
}

void emu::syncPush(KernelContext &context, CircularBuffer &cb, uint32_t pages) {
  DeviceImpl &device = *context.device;
  SharedClock clock = device.trackSync ? snapshotClock(context) : nullptr;
  for (uint32_t page = cb.writePage; page < cb.writePage + pages; ++page) {
    PageSync &sync = cb.pages[page];
    for (const WriteRecord &write : sync.writes) {
      if (context.clock.knowsArrival(write.writer, write.channel,
                                     context.core->index, write.sequence))
        continue;
      fail(context,
           "cb_push_back(" + getCBText(cb.config.index) + ", " +
               std::to_string(pages) + ") publishes page " +
               std::to_string(page) + ", written by " +
               describeWrite(device, write) +
               ", but nothing orders that write's arrival before the push: "
               "the writer must signal a semaphore here after the write, on "
               "the same NoC and virtual channel (or after "
               "noc_async_write_barrier), and this kernel wait for it "
               "(tt-metal reader_bmm_tile_layout_in0_receiver.cpp waits for "
               "VALID before cb_push_back)");
    }
    sync.writes.clear();
    sync.reserver = PageSync::kNobody;
    sync.pushed = clock;
  }
}

void emu::syncWait(KernelContext &context, CircularBuffer &cb, uint32_t pages) {
  if (!context.device->trackSync)
    return;
  // The pages of one push share a clock: join each clock once.
  const SyncClock *last = nullptr;
  for (uint32_t page = cb.readPage; page < cb.readPage + pages; ++page) {
    const SyncClock *pushed = cb.pages[page].pushed.get();
    if (pushed && pushed != last)
      context.clock.join(*pushed);
    last = pushed;
  }
}

void emu::syncPop(KernelContext &context, CircularBuffer &cb, uint32_t pages) {
  if (!context.device->trackSync)
    return;
  SharedClock clock = snapshotClock(context);
  for (uint32_t page = cb.readPage; page < cb.readPage + pages; ++page)
    cb.pages[page].popped = clock;
}

//===----------------------------------------------------------------------===//
// DRAM reads after writes
//===----------------------------------------------------------------------===//

void emu::recordDramWrite(KernelContext &context, uint32_t bank, uint32_t begin,
                          uint32_t size, const WriteRecord &write) {
  DeviceImpl &device = *context.device;
  if (bank >= device.dramWrites.size())
    return;
  uint32_t end = begin + size;
  // Every read of these bytes by another kernel must have happened before:
  // that kernel released after the read, and this one learned it.
  auto &allReads = device.dramReads[bank];
  for (auto it = allReads.lower_bound(
           begin > device.longestDramRead ? begin - device.longestDramRead : 0);
       it != allReads.end() && it->first < end; ++it) {
    uint32_t start = it->first;
    const DeviceImpl::DramReads &reads = it->second;
    if (reads.end <= begin)
      continue;
    for (auto [reader, released] : reads.readers) {
      bool inFlight = released == DeviceImpl::kInFlight;
      if (!inFlight && (reader == context.index ||
                        context.clock.knowsArrival(reader, kReleaseChannel,
                                                   kAllCores, released + 1)))
        continue;
      const KernelContext &other = *device.contexts[reader];
      if (inFlight)
        fail(context,
             std::string(write.function) + " writes DRAM bank " +
                 std::to_string(bank) + " bytes " +
                 hex(std::max(begin, start)) + " to " +
                 hex(std::min(end, reads.end)) + ", which " +
                 (reader == context.index
                      ? std::string("this kernel")
                      : coreName(*other.core) + " " + other.instance->name) +
                 " is still reading (no noc_async_read_barrier has returned "
                 "since the read): the write may land before the read "
                 "returns (tt-metal docs/source/tt-metalium/tt_metal/apis/"
                 "kernel_apis/data_movement/ordering.rst: \"there's really "
                 "no way to control ordering for data reads\")");
      fail(context,
           std::string(write.function) + " writes DRAM bank " +
               std::to_string(bank) + " bytes " + hex(std::max(begin, start)) +
               " to " + hex(std::min(end, reads.end)) + ", which " +
               coreName(*other.core) + " " + other.instance->name +
               " read, but nothing orders the write after that read: it may "
               "land before the read returns (tt-metal "
               "docs/source/tt-metalium/tt_metal/apis/kernel_apis/"
               "data_movement/ordering.rst: \"there's really no way to "
               "control ordering for data reads\"); the reader must finish "
               "its read (noc_async_read_barrier) and then signal this kernel "
               "(a semaphore, or a CB page between the kernels of a core), "
               "which waits for the signal before it writes");
    }
  }
  auto &writes = device.dramWrites[bank];
  // A record that starts before the write and reaches into it keeps its
  // part before (and after, if it reaches past the write).
  auto it = writes.lower_bound(begin);
  if (it != writes.begin()) {
    auto before = std::prev(it);
    if (before->second.end > begin) {
      if (before->second.end > end)
        writes[end] = {before->second.end, before->second.write};
      before->second.end = begin;
    }
  }
  // Records that start inside the write keep their part after it.
  it = writes.lower_bound(begin);
  while (it != writes.end() && it->first < end) {
    if (it->second.end > end) {
      DeviceImpl::DramWrite rest{it->second.end, it->second.write};
      writes.erase(it);
      writes[end] = rest;
      break;
    }
    it = writes.erase(it);
  }
  writes[begin] = {end, write};
}

void emu::completeDramReads(KernelContext &context, uint8_t noc) {
  DeviceImpl &device = *context.device;
  auto &pending = context.pendingDramReads;
  for (const KernelContext::PendingDramRead &read : pending) {
    if (read.noc != noc)
      continue;
    auto found = device.dramReads[read.bank].find(read.begin);
    if (found == device.dramReads[read.bank].end())
      continue;
    for (auto &entry : found->second.readers)
      if (entry.first == context.index)
        entry.second = context.releases;
  }
  pending.erase(
      std::remove_if(pending.begin(), pending.end(),
                     [noc](const KernelContext::PendingDramRead &read) {
                       return read.noc == noc;
                     }),
      pending.end());
}

void emu::checkDramRead(KernelContext &context, uint32_t bank, uint32_t begin,
                        uint32_t size, uint8_t noc, const char *function) {
  DeviceImpl &device = *context.device;
  if (bank >= device.dramWrites.size())
    return;
  auto &writes = device.dramWrites[bank];
  uint32_t end = begin + size;
  // The read, for the writes that come after it: in flight until the
  // kernel's read barrier on its NoC (completeDramReads).
  DeviceImpl::DramReads &reads = device.dramReads[bank][begin];
  reads.end = std::max(reads.end, end);
  device.longestDramRead = std::max(device.longestDramRead, size);
  auto mine = std::find_if(
      reads.readers.begin(), reads.readers.end(),
      [&](const auto &entry) { return entry.first == context.index; });
  if (mine == reads.readers.end())
    reads.readers.emplace_back(context.index, DeviceImpl::kInFlight);
  else
    mine->second = DeviceImpl::kInFlight;
  context.pendingDramReads.push_back({bank, begin, noc});
  auto it = writes.upper_bound(begin);
  if (it != writes.begin())
    --it;
  for (; it != writes.end() && it->first < end; ++it) {
    if (it->second.end <= begin)
      continue;
    const WriteRecord &write = it->second.write;
    // A write barrier (or a synchronisation with a kernel that passed one)
    // is the only knowledge of a DRAM write's arrival.
    if (context.clock.knowsArrival(write.writer, write.channel, kAllCores,
                                   write.sequence))
      continue;
    fail(context,
         std::string(function) + " reads DRAM bank " + std::to_string(bank) +
             " bytes " + hex(std::max(begin, it->first)) + " to " +
             hex(std::min(end, it->second.end)) + ", written by " +
             describeWrite(device, write) +
             ", but nothing orders the read after that write's arrival: NoC "
             "reads are not ordered with writes (tt-metal "
             "docs/source/tt-metalium/tt_metal/apis/kernel_apis/"
             "data_movement/ordering.rst: \"there's really no way to control "
             "ordering for data reads\"); the writer must pass "
             "noc_async_write_barrier and then signal this kernel (a "
             "semaphore, or a CB page between the kernels of a core), which "
             "waits for the signal before it reads");
  }
}

//===----------------------------------------------------------------------===//
// Semaphore waits
//===----------------------------------------------------------------------===//

void emu::observeSemaphore(KernelContext &context, uint32_t offset,
                           const std::function<bool(uint32_t)> &holds) {
  Core &core = *context.core;
  SemaphoreWord &word = core.semaphoreWords[offset];
  auto &[generation, counted] =
      context.observedWords[uint64_t(core.index) << 32 | offset];
  if (generation != word.generation) {
    generation = word.generation;
    counted = 0;
  }
  // The writes up to the first whose value satisfies the wait: those the
  // waiter observed (later increments it need not have seen). If the word
  // was stored to directly, the history does not explain its value, and
  // the waiter is taken to have seen everything.
  uint32_t value;
  std::memcpy(&value, core.l1 + offset, 4);
  size_t until = 0;
  if (!word.writes.empty()) {
    until = word.writes.size();
    if (word.writes.back().valueAfter == value)
      for (size_t i = 0; i < word.writes.size(); ++i)
        if (holds(word.writes[i].valueAfter)) {
          until = i + 1;
          break;
        }
  }
  std::vector<uint64_t> sources;
  for (size_t i = counted; i < until; ++i) {
    const SemaphoreWrite &write = word.writes[i];
    if (write.clock)
      context.clock.join(*write.clock);
    if (write.event)
      sources.push_back(write.event);
  }
  counted = std::max(counted, until);
  recordSemaphoreWait(context, std::move(sources));
}
