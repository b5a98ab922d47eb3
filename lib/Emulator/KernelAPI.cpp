//===- KernelAPI.cpp - The Metalium device API on the emulator ------------===//
//
// Definitions of the data-movement functions declared by the emulator's
// api/ headers: runtime arguments, the CB protocol and NoC transfers (the
// compute API is in ComputeAPI.cpp). Each call acts on the calling kernel's
// context; a violation stops the run with a message naming the core, the
// kernel and the CB.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "tilt_emu/kernel_api.h"

#include <algorithm>
#include <cmath>

using namespace tilt;
using namespace tilt::emu;

namespace {

[[noreturn]] void fail(KernelContext &context, const std::string &message) {
  context.device->fail(context, message);
}

bool overlaps(const std::vector<std::pair<uint32_t, uint32_t>> &ranges,
              uint32_t begin, uint32_t end) {
  for (const auto &[first, last] : ranges)
    if (first < end && begin < last)
      return true;
  return false;
}

constexpr uint64_t kDramFlag = 1ull << 63;
constexpr uint64_t kCoreFlag = 1ull << 62;
constexpr uint64_t kL1BankFlag = 1ull << 61;

} // namespace

//===----------------------------------------------------------------------===//
// Arguments and addresses
//===----------------------------------------------------------------------===//

uint32_t tilt_emu::getRuntimeArg(int index) {
  KernelContext &context = enterKernel();
  const std::vector<uint32_t> &args = context.instance->runtimeArgs;
  if (index < 0 || size_t(index) >= args.size())
    fail(context, "get_arg_val(" + std::to_string(index) +
                      "): the host set " + std::to_string(args.size()) +
                      " runtime arguments on this core");
  return args[size_t(index)];
}

void tilt_emu::at(Here here) { currentKernel().line = here.line; }

uint64_t tilt_emu::interleavedNocAddress(uint32_t base, uint32_t pageSize,
                                         uint32_t id, uint32_t offset,
                                         bool dram) {
  KernelContext &context = enterKernel();
  const ArchInfo &arch = context.device->arch;
  if (!dram)
    return kL1BankFlag;
  uint64_t alignment = arch.dramAlignment;
  uint64_t stride = (pageSize + alignment - 1) / alignment * alignment;
  uint64_t bank = id % arch.dramBanks;
  uint64_t address = base + uint64_t(id / arch.dramBanks) * stride + offset;
  if (address > 0xffffffffull)
    fail(context, "page " + std::to_string(id) +
                      " of an interleaved buffer lies beyond 4 GiB");
  return kDramFlag | (bank << 32) | address;
}

uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
                      uint8_t) {
  enterKernel();
  return kCoreFlag | (uint64_t(noc_x & 0xff) << 48) |
         (uint64_t(noc_y & 0xff) << 40) | addr;
}

uint64_t get_noc_addr(uint32_t addr, uint8_t noc) {
  KernelContext &context = enterKernel();
  return get_noc_addr(context.core->column, context.core->row, addr, noc);
}

namespace {

/// The bytes a NoC address points at, checked to lie in DRAM or in the L1
/// of a core.
uint8_t *resolve(KernelContext &context, uint64_t address, uint32_t size,
                 const char *function, bool &isDram, uint32_t &target) {
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
    return device.dramBanks[bank].data() + low;
  }
  if (address & kCoreFlag) {
    isDram = false;
    uint32_t x = uint32_t(address >> 48) & 0xff, y = uint32_t(address >> 40) & 0xff;
    Core *core = device.getCore(x, y);
    if (!core)
      fail(context, std::string(function) + ": core (" + std::to_string(x) +
                        ", " + std::to_string(y) + ") is outside the grid");
    uint32_t base = device.l1Address(*core, 0);
    // Every core has the same L1 layout, so a kernel names another core's
    // buffer by its own address of it (get_noc_addr(x, y, get_write_ptr(cb)));
    // the emulator's L1 addresses differ per core, so that one is moved.
    uint32_t own = device.l1Address(*context.core, 0);
    if ((low < base || low - base >= device.arch.l1Bytes) && low >= own &&
        low - own < device.arch.l1Bytes)
      low = base + (low - own);
    if (low < base || uint64_t(low - base) + size > device.arch.l1Bytes)
      fail(context, std::string(function) +
                        ": the address is outside the L1 of core (" +
                        std::to_string(x) + ", " + std::to_string(y) + ")");
    target = encodeCoreTarget(x, y);
    return core->l1 + (low - base);
  }
  if (address & kL1BankFlag)
    fail(context, std::string(function) +
                      ": L1-interleaved buffers are not emulated");
  fail(context, std::string(function) + ": 0x" + std::to_string(address) +
                    " is not a NoC address (get_noc_addr or an accessor "
                    "makes one)");
}

} // namespace

void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                    uint32_t size, uint8_t, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  bool isDram = false;
  uint32_t target = 0;
  uint8_t *source =
      resolve(context, src_noc_addr, size, "noc_async_read", isDram, target);
  uint32_t offset = context.device->toL1Offset(context, dst_local_l1_addr,
                                               size, "noc_async_read");
  std::memcpy(context.core->l1 + offset, source, size);
  context.pendingReads.emplace_back(offset, offset + size);
  ++context.counters.nocReads;
  if (isDram)
    context.counters.dramBytesRead += size;
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             context.device->timing.nocIssueCycles);
  recordNoc(context, EventKind::NocRead, size, target);
}

void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                     uint32_t size, uint8_t, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  uint32_t offset = context.device->toL1Offset(context, src_local_l1_addr,
                                               size, "noc_async_write");
  bool isDram = false;
  uint32_t target = 0;
  uint8_t *dest =
      resolve(context, dst_noc_addr, size, "noc_async_write", isDram, target);
  std::memcpy(dest, context.core->l1 + offset, size);
  context.pendingWrites.emplace_back(offset, offset + size);
  ++context.counters.nocWrites;
  if (isDram)
    context.counters.dramBytesWritten += size;
  recordBusy(context, Stream::Unpack, Work::NocIssue,
             context.device->timing.nocIssueCycles);
  recordNoc(context, EventKind::NocWrite, size, target);
}

void noc_async_read_barrier(uint8_t, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  context.pendingReads.clear();
  recordNoc(context, EventKind::ReadBarrier, 0, 0);
}

void noc_async_write_barrier(uint8_t, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  context.pendingWrites.clear();
  recordNoc(context, EventKind::WriteBarrier, 0, 0);
}

void noc_async_writes_flushed(uint8_t, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  context.pendingWrites.clear();
  recordNoc(context, EventKind::WritesFlushed, 0, 0);
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

void checkBlock(KernelContext &context, CircularBuffer &cb, int32_t pages,
                uint32_t position, const char *function) {
  int32_t index = int32_t(cb.config.index);
  if (pages <= 0)
    context.device->fail(context, std::string(function) + "(" +
                                      getCBText(index) + ", " +
                                      std::to_string(pages) +
                                      "): the page count must be positive");
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
  checkBlock(context, cb, num_pages, cb.writePage, "cb_reserve_back");
  context.producedCBs |= 1u << cb_id;
  uint32_t pages = uint32_t(num_pages);
  device.waitUntil(context, lock,
                   "cb_reserve_back(" + getCBText(cb_id) + ", " +
                       std::to_string(pages) + ")",
                   context.instance->name + " " + getCBText(cb_id), &cb,
                   [&cb, pages] { return cb.free() >= pages; });
  cb.reserved = std::max(cb.reserved, pages);
  recordCBCall(context, Stream::Pack, EventKind::Reserve, cb_id, pages);
}

void cb_push_back(int32_t cb_id, int32_t num_pages, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_push_back");
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
  checkBlock(context, cb, num_pages, cb.readPage, "cb_wait_front");
  context.consumedCBs |= 1u << cb_id;
  uint32_t pages = uint32_t(num_pages);
  device.waitUntil(context, lock,
                   "cb_wait_front(" + getCBText(cb_id) + ", " +
                       std::to_string(pages) + ")",
                   context.instance->name + " " + getCBText(cb_id), &cb,
                   [&cb, pages] { return cb.available() >= pages; });
  cb.waited = std::max(cb.waited, pages);
  recordCBCall(context, Stream::Unpack, EventKind::Wait, cb_id, pages);
}

void cb_pop_front(int32_t cb_id, int32_t num_pages, tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_pop_front");
  if (num_pages <= 0 || uint32_t(num_pages) > cb.available())
    device.fail(context, "cb_pop_front(" + getCBText(cb_id) + ", " +
                             std::to_string(num_pages) + ") with " +
                             std::to_string(cb.available()) +
                             " pages available: pop of more than is there");
  checkBlock(context, cb, num_pages, cb.readPage, "cb_pop_front");
  uint32_t begin = cb.offset + cb.readPage * cb.config.pageSize;
  uint32_t end = begin + uint32_t(num_pages) * cb.config.pageSize;
  if (overlaps(context.pendingWrites, begin, end))
    device.fail(context, "cb_pop_front(" + getCBText(cb_id) + ", " +
                             std::to_string(num_pages) +
                             ") frees pages whose NoC writes have not been "
                             "flushed (no noc_async_write_barrier before the "
                             "pop)");
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
  if (!context.pendingWrites.empty())
    device.fail(context, "the kernel ends with NoC writes not covered by "
                         "noc_async_write_barrier");
  if (!context.pendingReads.empty())
    device.fail(context, "the kernel ends with NoC reads not covered by "
                         "noc_async_read_barrier");
  if (context.dst != DstState::Released)
    device.fail(context, "the kernel ends holding DST (no tile_regs_release)");
}
