//===- KernelAPI.cpp - The Metalium device API on the emulator ------------===//
//
// Definitions of the data-movement functions declared by the emulator's
// api/ headers: runtime arguments, the CB protocol and NoC transfers (the
// compute API is in ComputeAPI.cpp). Each call acts on the calling kernel's
// context; a violation stops the run with a message naming the core, the
// kernel and the CB.
//
//===----------------------------------------------------------------------===//

#include "Noc.h"
#include "Runtime.h"
#include "debug/assert.h"
#include "debug/dprint.h"
#include "tilt_emu/kernel_api.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <sstream>

using namespace tilt;
using namespace tilt::emu;

namespace {

[[noreturn]] void fail(KernelContext &context, const std::string &message) {
  context.device->fail(context, message);
}

bool overlaps(const std::vector<KernelContext::PendingRead> &reads,
              uint32_t begin, uint32_t end) {
  for (const KernelContext::PendingRead &read : reads)
    if (read.begin < end && begin < read.end)
      return true;
  return false;
}

/// Whether the caller has a write from [begin, end) that no barrier or
/// flush covers and that it does not know to have arrived.
bool hasUnflushedWrite(const KernelContext &context, uint32_t begin,
                       uint32_t end) {
  for (const PendingWrite &write : context.pendingWrites)
    if (write.begin < end && begin < write.end &&
        !hasLeftSource(context, write))
      return true;
  return false;
}

} // namespace

//===----------------------------------------------------------------------===//
// Arguments and addresses
//===----------------------------------------------------------------------===//

/// The running kernel, after checking that runtime argument `index` is
/// one the host set (`function` names the call in the error).
static KernelContext &enterWithArg(int index, const char *function) {
  KernelContext &context = enterKernel();
  size_t count = context.instance->runtimeArgs.size();
  if (index < 0 || size_t(index) >= count)
    fail(context, std::string(function) + "(" + std::to_string(index) +
                      "): the host set " + std::to_string(count) +
                      " runtime arguments on this core");
  return context;
}

uint32_t tilt_emu::getRuntimeArg(int index) {
  KernelContext &context = enterWithArg(index, "get_arg_val");
  return context.instance->runtimeArgs[size_t(index)];
}

uint32_t get_arg_addr(int arg_idx) {
  KernelContext &context = enterWithArg(arg_idx, "get_arg_addr");
  if (context.argsOffset == ~0u)
    fail(context, "get_arg_addr: the emulator keeps the runtime arguments "
                  "of up to " +
                      std::to_string(kRuntimeArgSlots) +
                      " kernels per core, of up to " +
                      std::to_string(kMaxRuntimeArgs) + " words each, in L1");
  return context.device->l1Address(*context.core,
                                   context.argsOffset + uint32_t(arg_idx) * 4);
}

void tilt_emu::at(Here here) { currentKernel().line = here.line; }

uint8_t tilt_emu::getNocIndex() { return currentKernel().noc; }

uint32_t tilt_emu::beginProfileZone(const char *name, Here here) {
  KernelContext &context = currentKernel();
  context.line = here.line;
  std::vector<std::string> &names = context.zoneNames;
  uint32_t zone =
      uint32_t(std::find(names.begin(), names.end(), name) - names.begin());
  if (zone == names.size())
    names.push_back(name);
  recordZone(context, true, zone);
  return zone;
}

void tilt_emu::endProfileZone(uint32_t zone) {
  recordZone(currentKernel(), false, zone);
}

//===----------------------------------------------------------------------===//
// DPRINT and ASSERT (metalium/debug/)
//===----------------------------------------------------------------------===//

namespace {
/// The TRISC a DPRINT_UNPACK / _MATH / _PACK runs its prints on (-1: all).
thread_local int printingTrisc = -1;
std::mutex printMutex;
} // namespace

tilt_emu::TriscScope::TriscScope(int trisc) : previous(printingTrisc) {
  printingTrisc = trisc;
}
tilt_emu::TriscScope::~TriscScope() { printingTrisc = previous; }

int tilt_emu::getDataMovementRisc() {
  KernelContext &context = currentKernel();
  return context.isCompute ? -1 : context.instance->processor;
}

void tilt_emu::debugPrintLine(const char *text, size_t size) {
  KernelContext &context = currentKernel();
  // tt-metal's DPRINT server: "<device>:(x=<x>,y=<y>):<RISC>: <line>".
  std::string prefix = "0:(x=" + std::to_string(context.core->column) +
                       ",y=" + std::to_string(context.core->row) + "):";
  std::vector<std::string> riscs;
  if (!context.isCompute)
    riscs.push_back(context.instance->processor ? "NC" : "BR");
  else if (printingTrisc >= 0)
    riscs.push_back("TR" + std::to_string(printingTrisc));
  else
    riscs = {"TR0", "TR1", "TR2"};
  std::lock_guard<std::mutex> lock(printMutex);
  for (const std::string &risc : riscs) {
    std::string line = prefix + risc + ": " + std::string(text, size) + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  std::fflush(stdout);
}

void tilt_emu::assertFailed(const char *condition, Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  fail(context, std::string("ASSERT(") + condition + ") failed on line " +
                    std::to_string(here.line) +
                    " (tt-metal's watcher stops the kernel there)");
}

uint64_t tilt_emu::interleavedNocAddress(uint32_t base, uint32_t pageSize,
                                         uint32_t id, uint32_t offset,
                                         bool dram) {
  KernelContext &context = enterKernel();
  const ArchInfo &arch = context.device->arch;
  if (!dram) {
    // An interleaved L1 buffer: page `id` in L1 bank `id % banks`, at the
    // buffer's offset in every core plus its row of aligned pages.
    DeviceImpl &device = *context.device;
    uint64_t alignment = std::max<uint32_t>(32, arch.dramAlignment);
    uint64_t stride = (pageSize + alignment - 1) / alignment * alignment;
    uint32_t banks = uint32_t(device.l1BankCores.size());
    uint64_t address = base + uint64_t(id / banks) * stride + offset;
    if (address > 0xffffffffull)
      fail(context, "page " + std::to_string(id) +
                        " of an interleaved L1 buffer lies beyond 4 GiB");
    const Core &core = *device.cores[device.l1BankCores[id % banks]];
    uint32_t x, y;
    getWorkerNocCoord(arch, core.column, core.row, x, y);
    return kCoreFlag | (uint64_t(x & 0xff) << 48) | (uint64_t(y & 0xff) << 40) |
           address;
  }
  uint64_t alignment = arch.dramAlignment;
  uint64_t stride = (pageSize + alignment - 1) / alignment * alignment;
  uint64_t bank = id % arch.dramBanks;
  uint64_t address = base + uint64_t(id / arch.dramBanks) * stride + offset;
  if (address > 0xffffffffull)
    fail(context, "page " + std::to_string(id) +
                      " of an interleaved buffer lies beyond 4 GiB");
  return kDramFlag | (bank << 32) | address;
}

uint64_t tilt_emu::bankNocAddress(bool dram, uint32_t bank, uint32_t addr,
                                  Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  if (!dram)
    fail(context, "get_noc_addr_from_bank_id<false>: L1 banks are not "
                  "emulated (L1-interleaved buffers are not)");
  if (bank >= context.device->arch.dramBanks)
    fail(context, "get_noc_addr_from_bank_id<true>(" + std::to_string(bank) +
                      ", ...): the device has " +
                      std::to_string(context.device->arch.dramBanks) +
                      " DRAM banks (0 to " +
                      std::to_string(context.device->arch.dramBanks - 1) + ")");
  return kDramFlag | (uint64_t(bank) << 32) | addr;
}

uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
                      uint8_t) {
  enterKernel();
  return kCoreFlag | (uint64_t(noc_x & 0xff) << 48) |
         (uint64_t(noc_y & 0xff) << 40) | addr;
}

uint64_t get_noc_addr(uint32_t addr, uint8_t noc) {
  KernelContext &context = enterKernel();
  uint32_t x, y;
  getWorkerNocCoord(context.device->arch, context.core->column,
                    context.core->row, x, y);
  return get_noc_addr(x, y, addr, noc);
}

namespace {

/// The bytes a NoC address points at, checked to lie in DRAM or in the L1
/// of a core (then `core` and `offset` say where).
uint8_t *resolve(KernelContext &context, uint64_t address, uint32_t size,
                 const char *function, bool &isDram, uint32_t &target,
                 Core *&core, uint32_t &offset) {
  DeviceImpl &device = *context.device;
  uint32_t low = uint32_t(address);
  if (address & kDramFlag) {
    isDram = true;
    uint32_t bank = uint32_t(address >> 32) & 0xffff;
    if (bank >= device.dramBanks.size() ||
        uint64_t(low) + size > device.dramBanks[bank].size() || low < 0x100000)
      fail(context, std::string(function) + ": DRAM bank " +
                        std::to_string(bank) + " address " +
                        std::to_string(low) + " (+" + std::to_string(size) +
                        " bytes) is not in an allocated buffer");
    target = encodeDramTarget(bank);
    core = nullptr;
    return device.dramBanks[bank].data() + low;
  }
  if (address & kMulticastFlag)
    fail(context, std::string(function) +
                      ": a multicast address (get_noc_multicast_addr) takes "
                      "noc_async_write_multicast or noc_semaphore_set_"
                      "multicast");
  if (address & kCoreFlag) {
    isDram = false;
    uint32_t x = uint32_t(address >> 48) & 0xff, y = uint32_t(address >> 40) & 0xff;
    core = &getNocCore(context, x, y, function);
    offset = getRemoteOffset(context, *core, low, size, function);
    target = encodeCoreTarget(core->column, core->row);
    return core->l1 + offset;
  }
  if (address & kL1BankFlag)
    fail(context, std::string(function) +
                      ": L1-interleaved buffers are not emulated");
  fail(context, std::string(function) + ": 0x" + std::to_string(address) +
                    " is not a NoC address (get_noc_addr or an accessor "
                    "makes one)");
}

/// A NoC transfer moves data in aligned units: the source and the
/// destination must have the same address modulo the alignment of the
/// transfer's memory (tt-metal PR #22061: "(src addr % alignment) == (dst
/// addr % alignment) is required"; an unaligned read "results in
/// incorrect data, not an error"). DRAM reads: 32 bytes on Wormhole and
/// Grayskull, 64 on Blackhole (ttsim's check, tt-metal PRs #41849 and
/// #41408: `(src_addr & 63) == (dst_addr & 63)` on Blackhole, `& 31` on
/// Wormhole); DRAM writes: 16 bytes on Blackhole (tt-metal issue #8706),
/// 32 elsewhere; L1 to L1: 16 bytes (L1_ALIGNMENT).
void checkNocAlignment(KernelContext &context, const char *function, bool dram,
                       bool read, uint32_t remote, uint32_t local) {
  const ArchInfo &arch = context.device->arch;
  uint32_t alignment = 16;
  if (dram)
    alignment = read ? arch.dramAlignment
                     : (arch.name == "blackhole" ? 16 : arch.dramAlignment);
  if (remote % alignment == local % alignment)
    return;
  std::ostringstream os;
  os << function << ": the " << (read ? "source" : "destination") << " ("
     << (dram ? "DRAM" : "L1") << " address 0x" << std::hex << remote
     << ") and the " << (read ? "destination" : "source") << " (L1 address 0x"
     << local << std::dec << ") differ modulo " << alignment << " ("
     << remote % alignment << " and " << local % alignment << "): " << arch.name
     << "'s NoC moves " << (dram ? "DRAM " : "L1 ")
     << (read ? "reads" : "writes") << " in " << alignment
     << "-byte aligned units, so the data would land shifted";
  fail(context, os.str());
}

} // namespace

void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                    uint32_t size, uint8_t noc, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  noc &= 1;
  bool isDram = false;
  uint32_t target = 0, sourceOffset = 0;
  Core *remote = nullptr;
  uint8_t *source = resolve(context, src_noc_addr, size, "noc_async_read",
                            isDram, target, remote, sourceOffset);
  uint32_t offset = context.device->toL1Offset(context, dst_local_l1_addr,
                                               size, "noc_async_read");
  checkNocAlignment(context, "noc_async_read", isDram, true,
                    isDram ? uint32_t(src_noc_addr) : sourceOffset, offset);
  {
    // The destination must not be the source of a write in flight.
    std::lock_guard<std::mutex> lock(context.device->mutex);
    checkSourceFree(context, offset, offset + size, "noc_async_read");
    if (isDram)
      checkDramRead(context, uint32_t(src_noc_addr >> 32) & 0xffff,
                    uint32_t(src_noc_addr), size, noc, "noc_async_read");
  }
  std::memcpy(context.core->l1 + offset, source, size);
  context.pendingReads.push_back({offset, offset + size, noc});
  ++context.counters.nocReads;
  if (isDram)
    context.counters.dramBytesRead += size;
  else
    context.counters.nocLinks +=
        countUnicastHops(context.device->arch, {remote->column, remote->row},
                         {context.core->column, context.core->row}, noc);
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             context.device->timing.nocIssueCycles);
  recordNoc(context, EventKind::NocRead, size, target, noc);
}

void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                     uint32_t size, uint8_t noc, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  noc &= 1;
  DeviceImpl &device = *context.device;
  uint32_t offset =
      device.toL1Offset(context, src_local_l1_addr, size, "noc_async_write");
  bool isDram = false;
  uint32_t target = 0, destOffset = 0;
  Core *remote = nullptr;
  uint8_t *dest = resolve(context, dst_noc_addr, size, "noc_async_write",
                          isDram, target, remote, destOffset);
  checkNocAlignment(context, "noc_async_write", isDram, false,
                    isDram ? uint32_t(dst_noc_addr) : destOffset, offset);
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    std::vector<uint32_t> destinations;
    if (remote)
      destinations.push_back(remote->index);
    WriteRecord write =
        issueWrite(context, noc, false, 0, "noc_async_write", offset,
                   offset + size, std::move(destinations), false);
    if (remote)
      landWrite(context, *remote, destOffset, size, write);
    if (isDram)
      recordDramWrite(context, uint32_t(dst_noc_addr >> 32) & 0xffff,
                      uint32_t(dst_noc_addr), size, write);
  }
  std::memmove(dest, context.core->l1 + offset, size);
  ++context.counters.nocWrites;
  if (isDram)
    context.counters.dramBytesWritten += size;
  else
    context.counters.nocLinks +=
        countUnicastHops(device.arch, {context.core->column, context.core->row},
                         {remote->column, remote->row}, noc);
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             device.timing.nocIssueCycles);
  recordNoc(context, EventKind::NocWrite, size, target, noc);
}

// Barriers wait for the transactions of their own NoC only (tt-metal
// dataflow_api.h: `noc_async_read_barrier(uint8_t noc = noc_index)` polls
// that NoC's counters).
void noc_async_read_barrier(uint8_t noc, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  noc &= 1;
  auto &reads = context.pendingReads;
  reads.erase(std::remove_if(reads.begin(), reads.end(),
                             [noc](const KernelContext::PendingRead &read) {
                               return read.noc == noc;
                             }),
              reads.end());
  if (!context.pendingDramReads.empty()) {
    std::lock_guard<std::mutex> lock(context.device->mutex);
    completeDramReads(context, noc);
  }
  recordNoc(context, EventKind::ReadBarrier, 0, 0, noc);
}

void noc_async_write_barrier(uint8_t noc, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  noc &= 1;
  {
    // Every write of this NoC was acknowledged: they all arrived.
    std::lock_guard<std::mutex> lock(context.device->mutex);
    auto &writes = context.pendingWrites;
    writes.erase(std::remove_if(writes.begin(), writes.end(),
                                [noc](const PendingWrite &write) {
                                  return write.noc == noc;
                                }),
                 writes.end());
    context.unflushedWrites[noc] = 0;
    for (bool multicast : {false, true}) {
      uint8_t channel = getChannel(noc, multicast);
      context.clock.learnArrival(context.index, channel, kAllCores,
                                 context.channelSequence[channel]);
    }
  }
  recordNoc(context, EventKind::WriteBarrier, 0, 0, noc);
}

void noc_async_writes_flushed(uint8_t noc, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  noc &= 1;
  {
    // The writes have left their sources; they need not have arrived.
    std::lock_guard<std::mutex> lock(context.device->mutex);
    for (PendingWrite &write : context.pendingWrites)
      write.flushed |= write.noc == noc;
    context.unflushedWrites[noc] = 0;
  }
  recordNoc(context, EventKind::WritesFlushed, 0, 0, noc);
}

//===----------------------------------------------------------------------===//
// Circular buffers
//===----------------------------------------------------------------------===//

namespace {

/// Records a CB call for the timing model: its own work, then the queue
/// operation (in a compute kernel, the unpacker waits and pops, the packer
/// reserves and pushes).
void recordCBCall(KernelContext &context, Stream stream, EventKind kind,
                  int32_t cb, uint32_t pages) {
  recordBusy(context, stream, Work::Api, context.device->timing.cbApiCycles);
  recordQueue(context, stream, kind, uint32_t(cb), pages);
}

/// A CB call of zero pages: on tt-metal it waits for nothing and moves no
/// pointer (tt_metal/hw/inc/dataflow_api.h: cb_reserve_back and
/// cb_wait_front loop while fewer than num_pages are free or there,
/// cb_push_back and cb_pop_front add num_pages to the counters and
/// pointers; the compute side's llk_wait_tiles / llk_push_tiles likewise),
/// so a no-op that costs its instructions. Kernels call it so when a block
/// is empty (a remainder of zero tiles).
bool isZeroPageCall(KernelContext &context, Stream stream, int32_t pages) {
  if (pages != 0)
    return false;
  recordBusy(context, stream, Work::Api, context.device->timing.cbApiCycles);
  return true;
}

void checkBlock(KernelContext &context, CircularBuffer &cb, int32_t pages,
                uint32_t position, const char *function) {
  int32_t index = int32_t(cb.config.index);
  if (pages < 0)
    context.device->fail(
        context, std::string(function) + "(" + getCBText(index) + ", " +
                     std::to_string(pages) + "): a negative page count");
  if (uint32_t(pages) > cb.config.numPages)
    context.device->fail(context, std::string(function) + "(" +
                                      getCBText(index) + ", " +
                                      std::to_string(pages) + ") on a CB of " +
                                      std::to_string(cb.config.numPages) +
                                      " pages can never be satisfied");
  if (position + uint32_t(pages) > cb.config.numPages)
    context.device->fail(
        context, std::string(function) + "(" + getCBText(index) + ", " +
                     std::to_string(pages) + ") at page " +
                     std::to_string(position) + " of a CB of " +
                     std::to_string(cb.config.numPages) +
                     " pages crosses its end: the blocks pushed and popped in "
                     "one cycle of a CB must add up to exactly its size");
}

} // namespace

void cb_reserve_back(int32_t cb_id, int32_t num_pages, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_reserve_back");
  if (isZeroPageCall(context, Stream::Pack, num_pages))
    return;
  checkBlock(context, cb, num_pages, cb.writePage, "cb_reserve_back");
  context.producedCBs |= 1u << cb_id;
  uint32_t pages = uint32_t(num_pages);
  device.waitUntil(context, lock,
                   "cb_reserve_back(" + getCBText(cb_id) + ", " +
                       std::to_string(pages) + ")",
                   context.instance->name + " " + getCBText(cb_id), &cb,
                   [&cb, pages] { return cb.free() >= pages; });
  syncReserve(context, cb, cb.reserved, pages);
  cb.reserved = std::max(cb.reserved, pages);
  recordCBCall(context, Stream::Pack, EventKind::Reserve, cb_id, pages);
}

void cb_push_back(int32_t cb_id, int32_t num_pages, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_push_back");
  if (isZeroPageCall(context, Stream::Pack, num_pages))
    return;
  if (num_pages <= 0 || uint32_t(num_pages) > cb.reserved)
    device.fail(context, "cb_push_back(" + getCBText(cb_id) + ", " +
                             std::to_string(num_pages) + ") after reserving " +
                             std::to_string(cb.reserved) +
                             " pages: push without reserve");
  checkBlock(context, cb, num_pages, cb.writePage, "cb_push_back");
  uint32_t begin = cb.offset + cb.writePage * cb.config.pageSize;
  uint32_t end = begin + uint32_t(num_pages) * cb.config.pageSize;
  if (overlaps(context.pendingReads, begin, end))
    device.fail(context, "cb_push_back(" + getCBText(cb_id) + ", " +
                             std::to_string(num_pages) +
                             ") publishes pages whose NoC reads have not "
                             "completed (no noc_async_read_barrier before "
                             "the push)");
  syncPush(context, cb, uint32_t(num_pages));
  cb.writePage = (cb.writePage + uint32_t(num_pages)) % cb.config.numPages;
  cb.reserved -= uint32_t(num_pages);
  cb.packCursor = 0;
  cb.received += uint32_t(num_pages);
  context.core->changed.notify_all();
  recordCBCall(context, Stream::Pack, EventKind::Push, cb_id,
               uint32_t(num_pages));
}

void cb_wait_front(int32_t cb_id, int32_t num_pages, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_wait_front");
  if (isZeroPageCall(context, Stream::Unpack, num_pages))
    return;
  checkBlock(context, cb, num_pages, cb.readPage, "cb_wait_front");
  context.consumedCBs |= 1u << cb_id;
  uint32_t pages = uint32_t(num_pages);
  device.waitUntil(context, lock,
                   "cb_wait_front(" + getCBText(cb_id) + ", " +
                       std::to_string(pages) + ")",
                   context.instance->name + " " + getCBText(cb_id), &cb,
                   [&cb, pages] { return cb.available() >= pages; });
  syncWait(context, cb, pages);
  cb.waited = std::max(cb.waited, pages);
  recordCBCall(context, Stream::Unpack, EventKind::Wait, cb_id, pages);
}

void cb_pop_front(int32_t cb_id, int32_t num_pages, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_pop_front");
  if (isZeroPageCall(context, Stream::Unpack, num_pages))
    return;
  if (num_pages <= 0 || uint32_t(num_pages) > cb.available())
    device.fail(context, "cb_pop_front(" + getCBText(cb_id) + ", " +
                             std::to_string(num_pages) + ") with " +
                             std::to_string(cb.available()) +
                             " pages available: pop of more than is there");
  checkBlock(context, cb, num_pages, cb.readPage, "cb_pop_front");
  uint32_t begin = cb.offset + cb.readPage * cb.config.pageSize;
  uint32_t end = begin + uint32_t(num_pages) * cb.config.pageSize;
  if (hasUnflushedWrite(context, begin, end))
    device.fail(context, "cb_pop_front(" + getCBText(cb_id) + ", " +
                             std::to_string(num_pages) +
                             ") frees pages whose NoC writes have not been "
                             "flushed (no noc_async_write_barrier before the "
                             "pop)");
  syncPop(context, cb, uint32_t(num_pages));
  cb.readPage = (cb.readPage + uint32_t(num_pages)) % cb.config.numPages;
  cb.acked += uint32_t(num_pages);
  cb.waited = cb.waited > uint32_t(num_pages) ? cb.waited - uint32_t(num_pages)
                                              : 0;
  context.core->changed.notify_all();
  recordCBCall(context, Stream::Unpack, EventKind::Pop, cb_id,
               uint32_t(num_pages));
}

bool cb_pages_reservable_at_back(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enterKernel();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return getCB(context, cb_id, "cb_pages_reservable_at_back").free() >=
         uint32_t(num_pages);
}

bool cb_pages_available_at_front(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enterKernel();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return getCB(context, cb_id, "cb_pages_available_at_front").available() >=
         uint32_t(num_pages);
}

uint32_t get_write_ptr(uint32_t cb_id) {
  KernelContext &context = enterKernel();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  CircularBuffer &cb = getCB(context, int32_t(cb_id), "get_write_ptr");
  return context.device->l1Address(*context.core,
                                   cb.offset +
                                       cb.writePage * cb.config.pageSize);
}

uint32_t get_read_ptr(uint32_t cb_id) {
  KernelContext &context = enterKernel();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  CircularBuffer &cb = getCB(context, int32_t(cb_id), "get_read_ptr");
  return context.device->l1Address(*context.core,
                                   cb.offset + cb.readPage * cb.config.pageSize);
}

int32_t get_tile_size(int32_t cb_id) {
  KernelContext &context = enterKernel();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return int32_t(getCB(context, cb_id, "get_tile_size").config.pageSize);
}

tt::DataFormat get_dataformat(int32_t cb_id) {
  KernelContext &context = enterKernel();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return tt::DataFormat(
      uint8_t(getCB(context, cb_id, "get_dataformat").config.format));
}

void emu::finishKernel(KernelContext &context) {
  DeviceImpl &device = *context.device;
  std::lock_guard<std::mutex> lock(device.mutex);
  for (uint32_t index = 0; index < 32; ++index) {
    CircularBuffer &cb = context.core->cbs[index];
    if ((context.producedCBs >> index & 1u) && cb.reserved)
      device.fail(context, "the kernel ends with " +
                               std::to_string(cb.reserved) + " pages of " +
                               getCBText(int32_t(index)) +
                               " reserved and not pushed");
    if ((context.consumedCBs >> index & 1u) && cb.waited)
      device.fail(context, "the kernel ends with " +
                               std::to_string(cb.waited) + " pages of " +
                               getCBText(int32_t(index)) +
                               " waited for and not popped");
  }
  if (context.unflushedWrites[0] || context.unflushedWrites[1])
    device.fail(context, "the kernel ends with NoC writes not covered by "
                         "noc_async_write_barrier");
  if (context.linkOpen)
    device.fail(context, "the kernel ends with a linked multicast (line " +
                             std::to_string(context.linkLine) +
                             ") that no multicast to the same cores closes");
  if (!context.pendingReads.empty())
    device.fail(context, "the kernel ends with NoC reads not covered by "
                         "noc_async_read_barrier");
  if (context.dst != DstState::Released)
    device.fail(context, "the kernel ends holding DST (no tile_regs_release)");
}
