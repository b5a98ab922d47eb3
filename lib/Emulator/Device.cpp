//===- Device.cpp - Cores, DRAM and the run of kernels --------------------===//
//
// The machine state of the emulator and how a run proceeds: one thread per
// kernel instance, one mutex for all protocol state (CB counters are
// touched once per block of tiles, the math runs outside the lock), and a
// condition variable per core. A kernel that cannot proceed records what it
// waits for; when every live kernel is blocked and no condition holds, the
// run is a deadlock and stops with a report of each blocked kernel. The
// watchdog and the fault handlers (Watchdog.cpp) cover the rest: livelocks,
// spinning kernels and crashes.
//
//===----------------------------------------------------------------------===//

#include "Noc.h"
#include "Runtime.h"
#include "tt-metalium/tilize_utils.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/mman.h>
#include <thread>

using namespace tilt;
using namespace tilt::emu;

//===----------------------------------------------------------------------===//
// Architectures and formats
//===----------------------------------------------------------------------===//

const ArchInfo *emu::getArchInfo(const std::string &name) {
  // The worker grids the tt dialect accepts (tt::getArchGrid: the whole
  // worker grid of each die; an n150 Wormhole exposes 8x8 of its 8x10); L1
  // sizes from the ISA documentation (metalium_api.md section 5). The
  // reserved part matches what tt-verify leaves for firmware.
  static const ArchInfo kArchs[] = {
      {"grayskull", "", 12, 9, 1024 * 1024 + 64 * 1024, 64 * 1024, 8, 32},
      {"wormhole_b0", "", 8, 10, 1499136, 1499136 - 1468006 + 2, 12, 32},
      {"blackhole", "", 14, 10, 1536 * 1024 + 64 * 1024, 64 * 1024, 8, 64},
  };
  for (const ArchInfo &arch : kArchs)
    if (arch.name == name)
      return &arch;
  return nullptr;
}

const ArchInfo *emu::getBoardInfo(const std::string &name) {
  // compute_with_storage_grid_size per chip (tt::getBoards has the sources).
  static const std::vector<ArchInfo> kBoards = [] {
    struct Board {
      const char *name, *arch;
      uint32_t columns, rows;
    };
    const Board boards[] = {
        {"n150", "wormhole_b0", 8, 8},  {"n300", "wormhole_b0", 8, 7},
        {"galaxy", "wormhole_b0", 8, 10}, {"p100", "blackhole", 11, 10},
        {"p150", "blackhole", 11, 10},
        {"p150_unharvested", "blackhole", 13, 10},
        {"e150", "grayskull", 12, 9},
    };
    std::vector<ArchInfo> infos;
    for (const Board &board : boards) {
      ArchInfo info = *getArchInfo(board.arch);
      info.board = board.name;
      info.gridColumns = board.columns;
      info.gridRows = board.rows;
      infos.push_back(info);
    }
    return infos;
  }();
  for (const ArchInfo &board : kBoards)
    if (board.board == name)
      return &board;
  return nullptr;
}

std::string emu::getDefaultBoard(const std::string &arch) {
  if (arch == "blackhole")
    return "p150";
  if (arch == "grayskull")
    return "e150";
  return "n150";
}

uint32_t emu::getTileBytes(DataFormat format) {
  switch (format) {
  case DataFormat::Float32:
  case DataFormat::Int32:
    return 4096;
  case DataFormat::Float16:
  case DataFormat::Float16_b:
    return 2048;
  case DataFormat::Bfp8_b:
    return 1088; // 64 shared exponents, a byte per datum
  case DataFormat::Bfp4_b:
    return 576; // 64 shared exponents, a nibble per datum
  default:
    return 0;
  }
}

const char *emu::getFormatName(DataFormat format) {
  switch (format) {
  case DataFormat::Float32: return "Float32";
  case DataFormat::Float16: return "Float16";
  case DataFormat::Float16_b: return "Float16_b";
  case DataFormat::Bfp8_b:
    return "Bfp8_b";
  case DataFormat::Bfp4_b:
    return "Bfp4_b";
  case DataFormat::Int32: return "Int32";
  default: return "Invalid";
  }
}

uint16_t emu::floatToBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it a quiet NaN.
    return uint16_t((bits >> 16) | 0x40);
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return uint16_t((bits + rounding) >> 16);
}

float emu::bf16ToFloat(uint16_t bits) {
  uint32_t wide = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &wide, 4);
  return value;
}

uint16_t emu::floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint32_t sign = (bits >> 16) & 0x8000u;
  uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude > 0x7f800000u)
    return uint16_t(sign | 0x7e00u);
  if (magnitude >= 0x477ff000u) // Rounds to infinity.
    return uint16_t(sign | 0x7c00u);
  if (magnitude < 0x38800000u) { // Subnormal or zero in half.
    float absolute;
    std::memcpy(&absolute, &magnitude, 4);
    // Scale so that the half subnormal step is 1, round to nearest even.
    float scaled = absolute * 16777216.0f; // 2^24
    uint32_t rounded = uint32_t(std::nearbyint(scaled));
    return uint16_t(sign | rounded);
  }
  uint32_t exponent = ((magnitude >> 23) - 112) << 10;
  uint32_t mantissa = magnitude & 0x7fffffu;
  uint32_t half = exponent | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    ++half;
  return uint16_t(sign | half);
}

float emu::halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  float value;
  if (exponent == 0) {
    value = std::ldexp(float(mantissa), -24);
    uint32_t out;
    std::memcpy(&out, &value, 4);
    out |= sign;
    std::memcpy(&value, &out, 4);
    return value;
  }
  uint32_t out = exponent == 31 ? sign | 0x7f800000u | (mantissa << 13)
                                : sign | ((exponent + 112) << 23) |
                                      (mantissa << 13);
  std::memcpy(&value, &out, 4);
  return value;
}

// The host helpers of the emulated Metalium headers are the one copy of the
// layout.
std::vector<float> emu::tilize(const std::vector<float> &matrix, uint32_t rows,
                               uint32_t cols) {
  return tilize_nfaces(matrix, rows, cols);
}

std::vector<float> emu::untilize(const std::vector<float> &tiles,
                                 uint32_t rows, uint32_t cols) {
  return untilize_nfaces(tiles, rows, cols);
}

const char *emu::getTileOpName(TileOp op) {
  static const char *kNames[] = {"matmul",     "eltwise_binary", "sfpu_binary",
                                 "sfpu_unary", "copy",           "pack",
                                 "reduce",     "transpose",      "fill"};
  return kNames[unsigned(op)];
}

//===----------------------------------------------------------------------===//
// DeviceImpl
//===----------------------------------------------------------------------===//

namespace {
thread_local KernelContext *currentContext = nullptr;

/// Maps `bytes` below 4 GiB, so that 32-bit L1 addresses are pointers as
/// they are on the device (kernels cast get_write_ptr() to a pointer).
uint8_t *mapLowMemory(size_t bytes) {
#ifdef MAP_32BIT
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_32BIT, -1, 0);
  if (p != MAP_FAILED)
    return static_cast<uint8_t *>(p);
#endif
  for (uintptr_t hint = 0x10000000; hint + bytes < 0xffffffffull;
       hint += 0x10000000) {
    void *p = mmap(reinterpret_cast<void *>(hint), bytes,
                   PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
      continue;
    if (reinterpret_cast<uintptr_t>(p) + bytes <= 0xffffffffull)
      return static_cast<uint8_t *>(p);
    munmap(p, bytes);
  }
  return nullptr;
}
} // namespace

KernelContext &emu::currentKernel() {
  if (!currentContext) {
    std::fprintf(stderr, "tilt emulator: a device API function was called "
                         "outside a kernel\n");
    std::abort();
  }
  return *currentContext;
}

DeviceImpl::DeviceImpl(const ArchInfo &arch) : arch(arch) {
  if (const TimingParams *params = getDefaultTiming(arch.name))
    timing = *params;
  dramBanks.resize(arch.dramBanks);
  dramNext = 0x100000; // Leave the bottom of DRAM unused, like the allocator.
  size_t numCores = size_t(arch.gridColumns) * arch.gridRows;
  l1RegionBytes = numCores * arch.l1Bytes;
  l1Region = mapLowMemory(l1RegionBytes);
  if (!l1Region)
    throw std::runtime_error("cannot map the emulated L1 below 4 GiB");
  for (uint32_t row = 0; row < arch.gridRows; ++row)
    for (uint32_t column = 0; column < arch.gridColumns; ++column) {
      auto core = std::make_unique<Core>();
      core->column = column;
      core->row = row;
      core->index = uint32_t(cores.size());
      core->l1 = l1Region + (size_t(row) * arch.gridColumns + column) *
                                arch.l1Bytes;
      core->l1Used = arch.l1ReservedBytes;
      cores.push_back(std::move(core));
    }
  // One L1 bank per worker core, the bank ids shuffled over the cores in
  // row-major order with a fixed seed, as tt-metal's L1 banking allocator
  // does (tt_metal/impl/allocator/l1_banking_allocator.cpp), so that an
  // interleaved L1 buffer's page 0 is not on core (0, 0) in general.
  std::vector<uint32_t> ids(cores.size());
  for (uint32_t i = 0; i < ids.size(); ++i)
    ids[i] = i;
  std::shuffle(ids.begin(), ids.end(), std::default_random_engine(0));
  l1BankCores.resize(ids.size());
  for (uint32_t core = 0; core < ids.size(); ++core)
    l1BankCores[ids[core]] = core;
}

DeviceImpl::~DeviceImpl() {
  if (l1Region)
    munmap(l1Region, l1RegionBytes);
}

Core *DeviceImpl::getCore(uint32_t column, uint32_t row) {
  if (column >= arch.gridColumns || row >= arch.gridRows)
    return nullptr;
  return cores[size_t(row) * arch.gridColumns + column].get();
}

uint32_t DeviceImpl::l1Address(Core &core, uint32_t offset) const {
  return uint32_t(reinterpret_cast<uintptr_t>(core.l1) + offset);
}

uint32_t DeviceImpl::getSemaphoreOffset(uint32_t id) const {
  uint32_t base =
      (arch.l1ReservedBytes - kNumSemaphores * kSemaphoreStride) & ~15u;
  return base + id * kSemaphoreStride;
}

int DeviceImpl::getSemaphoreAt(uint32_t offset) const {
  uint32_t base = getSemaphoreOffset(0);
  if (offset < base || offset >= base + kNumSemaphores * kSemaphoreStride ||
      (offset - base) % kSemaphoreStride)
    return -1;
  return int((offset - base) / kSemaphoreStride);
}

uint32_t DeviceImpl::toL1Offset(KernelContext &context, uint32_t address,
                                uint32_t size, const char *what) {
  uint32_t base = l1Address(*context.core, 0);
  if ((address < base || address - base >= arch.l1Bytes) &&
      isInL1Buffer(address, size))
    return address;
  if (address < base || uint64_t(address - base) + size > arch.l1Bytes) {
    std::ostringstream os;
    os << what << ": L1 address 0x" << std::hex << address << std::dec
       << " (+" << size << " bytes) is outside the L1 of core ("
       << context.core->column << ", " << context.core->row << ")";
    fail(context, os.str());
  }
  return address - base;
}

std::string DeviceImpl::where(const KernelContext &context) const {
  std::ostringstream os;
  os << "core (" << context.core->column << ", " << context.core->row << ") "
     << context.instance->name;
  return os.str();
}

std::string DeviceImpl::describeCB(const Core &core,
                                   const CircularBuffer &cb) const {
  std::ostringstream os;
  os << "cb " << cb.config.index << " (" << cb.config.numPages
     << " pages): pushed " << cb.received << ", popped " << cb.acked
     << ", available " << cb.available() << ", free " << cb.free()
     << ", reserved " << cb.reserved << ", waited " << cb.waited;
  return os.str();
}

void DeviceImpl::notifyAll() {
  for (auto &core : cores)
    core->changed.notify_all();
}

void DeviceImpl::recordError(const std::string &message,
                             const KernelContext *context) {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (failed)
    return;
  error = message;
  if (context && context->instance) {
    errorKernel = context->instance->name;
    errorLine = context->line;
  }
  failed = true;
}

void DeviceImpl::fail(KernelContext &context, const std::string &message) {
  recordError(where(context) + ": " + message, &context);
  notifyAll();
  throw KernelStopped();
}

std::string DeviceImpl::describeBlocked() {
  std::ostringstream os;
  for (KernelContext *context : contexts)
    if (context->blocked && !context->finished)
    {
      os << "\n  " << where(*context) << " is blocked in "
         << context->blockedOn;
      if (context->blockedCB)
        os << "; " << describeCB(*context->core, *context->blockedCB);
      if (context->blockedDetail)
        os << "; " << context->blockedDetail();
    }
  return os.str();
}

void DeviceImpl::waitUntil(KernelContext &context,
                           std::unique_lock<std::mutex> &lock,
                           const std::string &what,
                           const std::string &counterKey,
                           const CircularBuffer *cb,
                           const std::function<bool()> &condition,
                           std::function<std::string()> detail) {
  if (failed)
    throw KernelStopped();
  if (condition())
    return;
  auto start = std::chrono::steady_clock::now();
  context.blocked = true;
  context.blockedOn = what;
  context.blockedCB = cb;
  context.blockedDetail = std::move(detail);
  context.canContinue = condition;
  auto unblock = [&] {
    context.blocked = false;
    context.canContinue = nullptr;
    context.blockedDetail = nullptr;
    context.lastProgress.store(getProgressClock(), std::memory_order_relaxed);
    context.counters.blockedSeconds[counterKey] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      start)
            .count();
  };
  while (true) {
    if (failed) {
      unblock();
      throw KernelStopped();
    }
    if (condition())
      break;
    // Deadlock: every live kernel waits and none of the conditions holds
    // (a kernel woken but not yet running would have its condition true).
    bool anyCanRun = false;
    unsigned blocked = 0;
    for (KernelContext *other : contexts) {
      if (other->finished)
        continue;
      if (!other->blocked || (other->canContinue && other->canContinue())) {
        anyCanRun = true;
        break;
      }
      ++blocked;
    }
    if (!anyCanRun && blocked == live) {
      const KernelContext *first = nullptr;
      for (KernelContext *other : contexts)
        if (!first && !other->finished && other->blocked)
          first = other;
      recordError("deadlock: every kernel is blocked" + describeBlocked(),
                  first);
      unblock();
      notifyAll();
      throw KernelStopped();
    }
    // A bounded wait: an error raised elsewhere without this lock still
    // ends the wait promptly.
    context.core->changed.wait_for(lock, std::chrono::milliseconds(50));
  }
  unblock();
}

CircularBuffer &emu::getCB(KernelContext &context, int32_t index,
                           const char *function) {
  if (index < 0 || index >= 32)
    context.device->fail(context, std::string(function) + ": CB index " +
                                      std::to_string(index) +
                                      " is out of range (0..31)");
  CircularBuffer &cb = context.core->cbs[size_t(index)];
  if (!cb.configured)
    context.device->fail(context, std::string(function) + ": CB " +
                                      std::to_string(index) +
                                      " is not configured on this core");
  return cb;
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

Device::Device(const ArchInfo &arch) : impl(new DeviceImpl(arch)) {}

void Device::setWatchdogSeconds(double seconds) {
  impl->watchdogSeconds = seconds;
}

void Device::setTiming(const TimingParams &params) { impl->timing = params; }
const TimingParams &Device::getTiming() const { return impl->timing; }
void Device::setKeepTrace(bool keep) { impl->keepTrace = keep; }
Device::~Device() = default;

const ArchInfo &Device::getArch() const { return impl->arch; }

uint32_t Device::allocateDram(uint64_t size, uint32_t pageSize) {
  uint32_t alignment = impl->arch.dramAlignment;
  uint64_t aligned = (pageSize + alignment - 1) / alignment * alignment;
  uint64_t pages = (size + pageSize - 1) / pageSize;
  uint64_t perBank = (pages + impl->arch.dramBanks - 1) / impl->arch.dramBanks;
  uint32_t address = impl->dramNext;
  uint64_t end = address + perBank * aligned;
  if (end > 0xffffffffull)
    throw std::runtime_error("emulated DRAM is full");
  impl->dramNext = uint32_t((end + 4095) / 4096 * 4096);
  for (auto &bank : impl->dramBanks)
    if (bank.size() < impl->dramNext)
      bank.resize(impl->dramNext);
  return address;
}

/// The `size` bytes at `address` of DRAM bank `bank`; throws outside it.
static uint8_t *getBankBytes(DeviceImpl &impl, uint32_t bank, uint32_t address,
                             uint64_t size) {
  if (bank >= impl.dramBanks.size() ||
      uint64_t(address) + size > impl.dramBanks[bank].size())
    throw std::runtime_error("an access beyond an emulated DRAM buffer");
  return impl.dramBanks[bank].data() + address;
}

void Device::writeDramBank(uint32_t bank, uint32_t address, const void *data,
                           uint64_t size) {
  std::memcpy(getBankBytes(*impl, bank, address, size), data, size);
}

void Device::readDramBank(uint32_t bank, uint32_t address, void *data,
                          uint64_t size) {
  std::memcpy(data, getBankBytes(*impl, bank, address, size), size);
}

uint32_t Device::allocateL1(uint64_t bytesPerBank) {
  const ArchInfo &arch = impl->arch;
  // The allocators' alignment: the larger of L1's and DRAM's (tt-metal PR
  // #9499), as for CBs.
  uint64_t alignment = std::max<uint32_t>(32, arch.dramAlignment);
  uint64_t bytes = (bytesPerBank + alignment - 1) / alignment * alignment;
  // The highest gap that holds it: below each buffer (from the top), then
  // above the reserved bottom.
  uint64_t top = arch.l1Bytes;
  auto &buffers = impl->l1Buffers;
  for (auto it = buffers.rbegin(); it != buffers.rend(); ++it) {
    if (top >= it->second + bytes)
      break;
    top = it->first;
  }
  uint64_t start = top >= bytes ? (top - bytes) / alignment * alignment : 0;
  if (top < bytes || start < arch.l1ReservedBytes)
    throw std::runtime_error(
        "an L1 buffer of " + std::to_string(bytesPerBank) +
        " bytes per bank does not fit: " +
        std::to_string(arch.l1Bytes - arch.l1ReservedBytes) +
        " bytes of L1 per core, " + std::to_string(buffers.size()) +
        " L1 buffers allocated");
  buffers[uint32_t(start)] = uint32_t(start + bytes);
  return uint32_t(start);
}

void Device::freeL1(uint32_t offset) { impl->l1Buffers.erase(offset); }

uint32_t Device::getL1Banks() const {
  return uint32_t(impl->l1BankCores.size());
}

void Device::getL1BankCore(uint32_t bank, uint32_t &column,
                           uint32_t &row) const {
  const Core &core = *impl->cores[impl->l1BankCores[bank]];
  column = core.column;
  row = core.row;
}

/// The `size` bytes at `offset` of core (column, row)'s L1; throws outside.
static uint8_t *getL1Bytes(DeviceImpl &impl, uint32_t column, uint32_t row,
                           uint32_t offset, uint64_t size) {
  Core *core = impl.getCore(column, row);
  if (!core || uint64_t(offset) + size > impl.arch.l1Bytes)
    throw std::runtime_error("an access beyond the L1 of a core");
  return core->l1 + offset;
}

void Device::writeL1(uint32_t column, uint32_t row, uint32_t offset,
                     const void *data, uint64_t size) {
  std::memcpy(getL1Bytes(*impl, column, row, offset, size), data, size);
}

void Device::readL1(uint32_t column, uint32_t row, uint32_t offset, void *data,
                    uint64_t size) {
  std::memcpy(data, getL1Bytes(*impl, column, row, offset, size), size);
}

namespace {
/// Calls `copy(bankBytes, dataOffset, count)` for each page of an
/// interleaved buffer at `address`: page `i` is in bank `i % banks`, row
/// `i / banks` of the buffer's aligned pages.
template <typename Copy>
void forEachPage(DeviceImpl &device, uint32_t address, uint32_t pageSize,
                 uint64_t size, const Copy &copy) {
  const ArchInfo &arch = device.arch;
  uint64_t stride = (uint64_t(pageSize) + arch.dramAlignment - 1) /
                    arch.dramAlignment * arch.dramAlignment;
  for (uint64_t page = 0; page * pageSize < size; ++page) {
    auto &bank = device.dramBanks[page % arch.dramBanks];
    uint64_t offset = address + page / arch.dramBanks * stride;
    uint64_t count = std::min<uint64_t>(pageSize, size - page * pageSize);
    if (offset + count > bank.size())
      throw std::runtime_error("an access beyond an emulated DRAM buffer");
    copy(bank.data() + offset, page * pageSize, count);
  }
}
} // namespace

void Device::writeDram(uint32_t address, uint32_t pageSize, const void *data,
                       uint64_t size) {
  const uint8_t *bytes = static_cast<const uint8_t *>(data);
  forEachPage(*impl, address, pageSize, size,
              [&](uint8_t *bank, uint64_t offset, uint64_t count) {
                std::memcpy(bank, bytes + offset, count);
              });
}

void Device::readDram(uint32_t address, uint32_t pageSize, void *data,
                      uint64_t size) {
  uint8_t *bytes = static_cast<uint8_t *>(data);
  forEachPage(*impl, address, pageSize, size,
              [&](uint8_t *bank, uint64_t offset, uint64_t count) {
                std::memcpy(bytes + offset, bank, count);
              });
}

bool Device::configureCB(uint32_t column, uint32_t row, const CBConfig &config,
                         std::string &error) {
  Core *core = impl->getCore(column, row);
  if (!core) {
    error = "core (" + std::to_string(column) + ", " + std::to_string(row) +
            ") is outside the " + impl->arch.name + " grid";
    return false;
  }
  if (config.index >= 32) {
    error = "CB index " + std::to_string(config.index) + " is out of range";
    return false;
  }
  if (config.pageSize == 0 || config.numPages == 0) {
    error = "CB " + std::to_string(config.index) + " has no pages";
    return false;
  }
  CircularBuffer &cb = core->cbs[config.index];
  if (cb.configured) {
    error = "CB " + std::to_string(config.index) +
            " is configured twice on core (" + std::to_string(column) + ", " +
            std::to_string(row) + ")";
    return false;
  }
  uint64_t bytes = uint64_t(config.pageSize) * config.numPages;
  if (config.globalOffset >= 0) {
    // A CB over an L1 buffer: its memory is the buffer's, which the host
    // wrote (tt-metal's set_globally_allocated_address).
    if (uint64_t(config.globalOffset) + bytes > impl->arch.l1Bytes) {
      error = "CB " + std::to_string(config.index) +
              " over an L1 buffer runs past the end of L1";
      return false;
    }
    cb = CircularBuffer();
    cb.configured = true;
    cb.config = config;
    cb.offset = uint32_t(config.globalOffset);
    cb.pages.resize(config.numPages);
    return true;
  }
  if (config.sharesMemoryOf >= 0) {
    const CircularBuffer *owner = config.sharesMemoryOf < 32
                                      ? &core->cbs[config.sharesMemoryOf]
                                      : nullptr;
    if (!owner || !owner->configured ||
        bytes > uint64_t(owner->config.pageSize) * owner->config.numPages) {
      error = "CB " + std::to_string(config.index) +
              " shares the memory of a CB that is not configured or smaller";
      return false;
    }
    cb = CircularBuffer();
    cb.configured = true;
    cb.config = config;
    cb.offset = owner->offset;
    cb.pages.resize(config.numPages);
    return true;
  }
  // CBs start at the larger of the L1 and DRAM alignments, so that DRAM
  // reads into them can be aligned (tt-metal PR #9499: "Use max of L1 and
  // DRAM alignment for L1/DRAM allocators"): 32 bytes, 64 on Blackhole.
  uint32_t alignment = std::max<uint32_t>(32, impl->arch.dramAlignment);
  uint32_t offset = (core->l1Used + alignment - 1) / alignment * alignment;
  if (offset + bytes > impl->arch.l1Bytes) {
    error = "the CBs of core (" + std::to_string(column) + ", " +
            std::to_string(row) + ") do not fit its L1 (" +
            std::to_string(impl->arch.l1Bytes - impl->arch.l1ReservedBytes) +
            " usable bytes)";
    return false;
  }
  // tt-metal's check (tt_metal/impl/program/program.cpp): statically
  // allocated CBs clash with L1 buffers.
  if (offset + bytes > impl->getL1BuffersBottom()) {
    error = "the CBs of core (" + std::to_string(column) + ", " +
            std::to_string(row) + ") clash with L1 buffers: the lowest is at " +
            std::to_string(impl->getL1BuffersBottom()) +
            " and the CB region ends at " + std::to_string(offset + bytes);
    return false;
  }
  cb = CircularBuffer();
  cb.configured = true;
  cb.config = config;
  cb.offset = offset;
  cb.pages.resize(config.numPages);
  core->l1Used = uint32_t(offset + bytes);
  // A CB's memory holds what the core's L1 held before (tt-metal does not
  // clear it for a program): all ones here, NaN in every float format, so
  // that a kernel that reads pages nothing wrote gets numbers no check
  // accepts instead of zeros that could pass.
  std::memset(core->l1 + offset, 0xff, size_t(bytes));
  return true;
}

bool Device::configureSemaphore(uint32_t column, uint32_t row, uint32_t id,
                                uint32_t initialValue, std::string &error) {
  Core *core = impl->getCore(column, row);
  std::string name =
      "core (" + std::to_string(column) + ", " + std::to_string(row) + ")";
  if (!core) {
    error = name + " is outside the " + impl->arch.name + " grid";
    return false;
  }
  if (id >= kNumSemaphores) {
    error = "semaphore " + std::to_string(id) + " is beyond the " +
            std::to_string(kNumSemaphores) + " of a core";
    return false;
  }
  if (core->semaphores >> id & 1u) {
    error = "semaphore " + std::to_string(id) + " exists on " + name;
    return false;
  }
  core->semaphores |= 1u << id;
  core->semaphoreInitial[id] = initialValue;
  return true;
}

bool Device::hasSemaphore(uint32_t column, uint32_t row, uint32_t id) const {
  Core *core = impl->getCore(column, row);
  return core && id < kNumSemaphores && (core->semaphores >> id & 1u);
}

bool Device::getWorkerNocCoord(uint32_t column, uint32_t row, uint32_t &x,
                               uint32_t &y) const {
  if (!impl->getCore(column, row))
    return false;
  emu::getWorkerNocCoord(impl->arch, column, row, x, y);
  return true;
}

RunReport Device::run(std::vector<KernelInstance> kernels) {
  RunReport report;
  DeviceImpl &device = *impl;
  std::vector<std::unique_ptr<KernelContext>> contexts;
  for (const KernelInstance &instance : kernels) {
    Core *core = device.getCore(instance.column, instance.row);
    if (!core) {
      report.ok = false;
      report.error = "kernel " + instance.name + " is placed on core (" +
                     std::to_string(instance.column) + ", " +
                     std::to_string(instance.row) + "), outside the " +
                     std::to_string(device.arch.gridColumns) + "x" +
                     std::to_string(device.arch.gridRows) + " grid of " +
                     (device.arch.board.empty()
                          ? device.arch.name
                          : "board " + device.arch.board + " (" +
                                device.arch.name + ")");
      return report;
    }
    auto context = std::make_unique<KernelContext>();
    context->device = &device;
    context->core = core;
    context->instance = &instance;
    context->index = uint32_t(contexts.size());
    context->noc = instance.noc & 1u;
    context->isCompute = instance.role == "compute";
    initComputeEngine(*context, instance);
    context->label = device.where(*context);
    context->lastProgress = getProgressClock();
    contexts.push_back(std::move(context));
  }
  {
    std::lock_guard<std::mutex> lock(device.mutex);
    device.contexts.clear();
    for (auto &context : contexts) {
      device.contexts.push_back(context.get());
      // The kernel's runtime arguments, in its slot of L1 (get_arg_addr).
      uint32_t slot = uint32_t(context->core->kernels.size());
      const std::vector<uint32_t> &args = context->instance->runtimeArgs;
      if (slot < kRuntimeArgSlots && args.size() <= kMaxRuntimeArgs) {
        context->argsOffset =
            device.getSemaphoreOffset(0) - (slot + 1) * kRuntimeArgsStride;
        if (!args.empty())
          std::memcpy(context->core->l1 + context->argsOffset, args.data(),
                      args.size() * 4);
      }
      context->core->kernels.push_back(context.get());
    }
    device.live = unsigned(contexts.size());
    device.failed = false;
    // Semaphores start at their initial values (tt-metal writes them with
    // the program's kernel config). The host finished every earlier
    // program and write before this one starts: its DRAM holds no write in
    // flight.
    device.dramWrites.assign(device.dramBanks.size(), {});
    device.dramReads.assign(device.dramBanks.size(), {});
    device.longestDramRead = 0;
    for (auto &core : device.cores) {
      core->semaphoreWords.clear();
      for (uint32_t id = 0; id < kNumSemaphores; ++id)
        if (core->semaphores >> id & 1u) {
          uint32_t value = core->semaphoreInitial[id];
          std::memcpy(core->l1 + device.getSemaphoreOffset(id), &value, 4);
        }
    }
    std::lock_guard<std::mutex> errorLock(device.errorMutex);
    device.error.clear();
    device.errorKernel.clear();
    device.errorLine = 0;
  }
  auto start = std::chrono::steady_clock::now();
  FaultHandlers faultHandlers;
  std::vector<std::thread> threads;
  threads.reserve(contexts.size());
  for (auto &owned : contexts) {
    KernelContext *context = owned.get();
    threads.emplace_back([&device, context] {
      currentContext = context;
      KernelThread kernelThread(*context);
      try {
        context->instance->entry();
        finishKernel(*context);
      } catch (const KernelStopped &) {
      } catch (const std::exception &exception) {
        device.recordError(device.where(*context) +
                               ": the kernel threw: " + exception.what(),
                           context);
      }
      std::lock_guard<std::mutex> lock(device.mutex);
      context->finished = true;
      --device.live;
      device.notifyAll();
      currentContext = nullptr;
    });
  }
  {
    Watchdog watchdog(device);
    for (std::thread &thread : threads)
      thread.join();
  }
  report.ok = !device.failed;
  report.error = device.error;
  report.errorKernel = device.errorKernel;
  report.errorLine = device.errorLine;
  if (report.ok) {
    std::vector<KernelContext *> ran;
    for (auto &context : contexts)
      ran.push_back(context.get());
    report.timing = simulateTimeline(device, ran, device.keepTrace);
  }
  // The emulation's own time includes the timing model's replay.
  report.seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  for (auto &context : contexts)
    context->core->counters.add(context->counters);
  for (auto &core : device.cores) {
    bool used = false;
    for (const KernelInstance &instance : kernels)
      used |= instance.column == core->column && instance.row == core->row;
    if (used)
      report.cores[{core->column, core->row}] = core->counters;
    core->counters = CoreCounters();
    for (CircularBuffer &cb : core->cbs)
      cb = CircularBuffer();
    core->l1Used = device.arch.l1ReservedBytes;
    core->semaphores = 0;
    core->semaphoreWords.clear();
    core->kernels.clear();
  }
  device.contexts.clear();
  return report;
}

//===----------------------------------------------------------------------===//
// Reports
//===----------------------------------------------------------------------===//

void CoreCounters::add(const CoreCounters &other) {
  dramBytesRead += other.dramBytesRead;
  dramBytesWritten += other.dramBytesWritten;
  nocReads += other.nocReads;
  nocWrites += other.nocWrites;
  multicastWrites += other.multicastWrites;
  semaphoreOps += other.semaphoreOps;
  nocLinks += other.nocLinks;
  for (size_t i = 0; i < tileOps.size(); ++i)
    tileOps[i] += other.tileOps[i];
  for (const auto &[key, seconds] : other.blockedSeconds)
    blockedSeconds[key] += seconds;
}

CoreCounters RunReport::total() const {
  CoreCounters sum;
  for (const auto &entry : cores)
    sum.add(entry.second);
  return sum;
}

namespace {
uint64_t sumTileOps(const CoreCounters &counters) {
  uint64_t sum = 0;
  for (uint64_t count : counters.tileOps)
    sum += count;
  return sum;
}
} // namespace

std::string RunReport::formatTable() const {
  std::ostringstream os;
  char line[256];
  std::snprintf(line, sizeof(line), "%-10s %14s %14s %10s %10s %12s\n", "core",
                "dram read B", "dram write B", "noc reads", "noc writes",
                "tile ops");
  os << line;
  auto row = [&](const std::string &name, const CoreCounters &counters) {
    std::snprintf(line, sizeof(line),
                  "%-10s %14" PRIu64 " %14" PRIu64 " %10" PRIu64 " %10" PRIu64
                  " %12" PRIu64 "\n",
                  name.c_str(), counters.dramBytesRead,
                  counters.dramBytesWritten, counters.nocReads,
                  counters.nocWrites, sumTileOps(counters));
    os << line;
  };
  // Every core when there are few, else the total only.
  if (cores.size() <= 16)
    for (const auto &[core, counters] : cores)
      row("(" + std::to_string(core.first) + ", " +
              std::to_string(core.second) + ")",
          counters);
  CoreCounters sum = total();
  row("total", sum);
  if (sum.multicastWrites || sum.semaphoreOps || sum.nocLinks)
    os << "noc: multicast writes " << sum.multicastWrites << ", semaphore ops "
       << sum.semaphoreOps << ", links crossed " << sum.nocLinks << "\n";
  os << "tile ops:";
  for (size_t i = 0; i < sum.tileOps.size(); ++i)
    if (sum.tileOps[i])
      os << " " << getTileOpName(TileOp(i)) << " " << sum.tileOps[i];
  os << "\nblocked (seconds, summed over cores):";
  for (const auto &[key, seconds] : sum.blockedSeconds) {
    std::snprintf(line, sizeof(line), " %s %.3f", key.c_str(), seconds);
    os << line;
  }
  os << "\n";
  return os.str();
}

std::string RunReport::formatJson() const {
  std::ostringstream os;
  auto counters = [&](const CoreCounters &c) {
    os << "{\"dram_bytes_read\": " << c.dramBytesRead
       << ", \"dram_bytes_written\": " << c.dramBytesWritten
       << ", \"noc_reads\": " << c.nocReads
       << ", \"noc_writes\": " << c.nocWrites
       << ", \"noc_multicast_writes\": " << c.multicastWrites
       << ", \"semaphore_ops\": " << c.semaphoreOps
       << ", \"noc_links\": " << c.nocLinks << ", \"tile_ops\": {";
    bool first = true;
    for (size_t i = 0; i < c.tileOps.size(); ++i) {
      os << (first ? "" : ", ") << "\"" << getTileOpName(TileOp(i))
         << "\": " << c.tileOps[i];
      first = false;
    }
    os << "}, \"blocked_seconds\": {";
    first = true;
    for (const auto &[key, seconds] : c.blockedSeconds) {
      os << (first ? "" : ", ") << "\"" << key << "\": " << seconds;
      first = false;
    }
    os << "}}";
  };
  os << "{\"ok\": " << (ok ? "true" : "false") << ", \"seconds\": " << seconds
     << ", \"total\": ";
  counters(total());
  os << ", \"cores\": [";
  bool first = true;
  for (const auto &[core, c] : cores) {
    os << (first ? "" : ", ") << "{\"core\": [" << core.first << ", "
       << core.second << "], \"counters\": ";
    counters(c);
    os << "}";
    first = false;
  }
  os << "]}\n";
  return os.str();
}
