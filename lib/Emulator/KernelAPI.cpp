//===- KernelAPI.cpp - The Metalium device API on the emulator ------------===//
//
// Definitions of the functions declared by the emulator's api/ headers:
// runtime arguments, the CB protocol, NoC transfers, and the compute API on
// an f32 DST. Each call acts on the calling kernel's context; a violation
// stops the run with a message naming the core, the kernel and the CB.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "tilt_emu/compute_api.h"

#include <algorithm>
#include <cmath>

using namespace tilt;
using namespace tilt::emu;

namespace {

std::string cbText(int32_t index) { return "cb " + std::to_string(index); }

[[noreturn]] void fail(KernelContext &context, const std::string &message) {
  context.device->fail(context, message);
}

/// Stops the calling kernel if the run has failed elsewhere (checked at
/// each API call, so that a kernel computing alone ends promptly).
KernelContext &enter() {
  KernelContext &context = currentKernel();
  if (context.device->failed)
    throw KernelStopped();
  return context;
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
  KernelContext &context = enter();
  const std::vector<uint32_t> &args = context.instance->runtimeArgs;
  if (index < 0 || size_t(index) >= args.size())
    fail(context, "get_arg_val(" + std::to_string(index) +
                      "): the host set " + std::to_string(args.size()) +
                      " runtime arguments on this core");
  return args[size_t(index)];
}

uint64_t tilt_emu::interleavedNocAddress(uint32_t base, uint32_t pageSize,
                                         uint32_t id, uint32_t offset,
                                         bool dram) {
  KernelContext &context = enter();
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
  enter();
  return kCoreFlag | (uint64_t(noc_x & 0xff) << 48) |
         (uint64_t(noc_y & 0xff) << 40) | addr;
}

uint64_t get_noc_addr(uint32_t addr, uint8_t noc) {
  KernelContext &context = enter();
  return get_noc_addr(context.core->column, context.core->row, addr, noc);
}

namespace {

/// The bytes a NoC address points at, checked to lie in DRAM or in the L1
/// of a core.
uint8_t *resolve(KernelContext &context, uint64_t address, uint32_t size,
                 const char *function, bool &isDram) {
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
    if (low < base || uint64_t(low - base) + size > device.arch.l1Bytes)
      fail(context, std::string(function) +
                        ": the address is outside the L1 of core (" +
                        std::to_string(x) + ", " + std::to_string(y) + ")");
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
                    uint32_t size, uint8_t) {
  KernelContext &context = enter();
  bool isDram = false;
  uint8_t *source = resolve(context, src_noc_addr, size, "noc_async_read", isDram);
  uint32_t offset = context.device->toL1Offset(context, dst_local_l1_addr,
                                               size, "noc_async_read");
  std::memcpy(context.core->l1 + offset, source, size);
  context.pendingReads.emplace_back(offset, offset + size);
  ++context.counters.nocReads;
  if (isDram)
    context.counters.dramBytesRead += size;
}

void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                     uint32_t size, uint8_t) {
  KernelContext &context = enter();
  uint32_t offset = context.device->toL1Offset(context, src_local_l1_addr,
                                               size, "noc_async_write");
  bool isDram = false;
  uint8_t *dest = resolve(context, dst_noc_addr, size, "noc_async_write", isDram);
  std::memcpy(dest, context.core->l1 + offset, size);
  context.pendingWrites.emplace_back(offset, offset + size);
  ++context.counters.nocWrites;
  if (isDram)
    context.counters.dramBytesWritten += size;
}

void noc_async_read_barrier(uint8_t) { enter().pendingReads.clear(); }
void noc_async_write_barrier(uint8_t) { enter().pendingWrites.clear(); }
void noc_async_writes_flushed(uint8_t) { enter().pendingWrites.clear(); }

//===----------------------------------------------------------------------===//
// Circular buffers
//===----------------------------------------------------------------------===//

namespace {

void checkBlock(KernelContext &context, CircularBuffer &cb, int32_t pages,
                uint32_t position, const char *function) {
  int32_t index = int32_t(cb.config.index);
  if (pages <= 0)
    context.device->fail(context, std::string(function) + "(" +
                                      cbText(index) + ", " +
                                      std::to_string(pages) +
                                      "): the page count must be positive");
  if (uint32_t(pages) > cb.config.numPages)
    context.device->fail(context, std::string(function) + "(" +
                                      cbText(index) + ", " +
                                      std::to_string(pages) + ") on a CB of " +
                                      std::to_string(cb.config.numPages) +
                                      " pages can never be satisfied");
  if (position + uint32_t(pages) > cb.config.numPages)
    context.device->fail(
        context, std::string(function) + "(" + cbText(index) + ", " +
                     std::to_string(pages) + ") at page " +
                     std::to_string(position) + " of a CB of " +
                     std::to_string(cb.config.numPages) +
                     " pages crosses its end: the blocks pushed and popped in "
                     "one cycle of a CB must add up to exactly its size");
}

} // namespace

void cb_reserve_back(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enter();
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_reserve_back");
  checkBlock(context, cb, num_pages, cb.writePage, "cb_reserve_back");
  context.producedCBs |= 1u << cb_id;
  uint32_t pages = uint32_t(num_pages);
  device.waitUntil(context, lock,
                   "cb_reserve_back(" + cbText(cb_id) + ", " +
                       std::to_string(pages) + ")",
                   context.instance->name + " " + cbText(cb_id), &cb,
                   [&cb, pages] { return cb.free() >= pages; });
  cb.reserved = std::max(cb.reserved, pages);
}

void cb_push_back(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enter();
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_push_back");
  if (num_pages <= 0 || uint32_t(num_pages) > cb.reserved)
    device.fail(context, "cb_push_back(" + cbText(cb_id) + ", " +
                             std::to_string(num_pages) + ") after reserving " +
                             std::to_string(cb.reserved) +
                             " pages: push without reserve");
  checkBlock(context, cb, num_pages, cb.writePage, "cb_push_back");
  uint32_t begin = cb.offset + cb.writePage * cb.config.pageSize;
  uint32_t end = begin + uint32_t(num_pages) * cb.config.pageSize;
  if (overlaps(context.pendingReads, begin, end))
    device.fail(context, "cb_push_back(" + cbText(cb_id) + ", " +
                             std::to_string(num_pages) +
                             ") publishes pages whose NoC reads have not "
                             "completed (no noc_async_read_barrier before "
                             "the push)");
  cb.writePage = (cb.writePage + uint32_t(num_pages)) % cb.config.numPages;
  cb.reserved -= uint32_t(num_pages);
  cb.packCursor = 0;
  cb.received += uint32_t(num_pages);
  context.core->changed.notify_all();
}

void cb_wait_front(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enter();
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_wait_front");
  checkBlock(context, cb, num_pages, cb.readPage, "cb_wait_front");
  context.consumedCBs |= 1u << cb_id;
  uint32_t pages = uint32_t(num_pages);
  device.waitUntil(context, lock,
                   "cb_wait_front(" + cbText(cb_id) + ", " +
                       std::to_string(pages) + ")",
                   context.instance->name + " " + cbText(cb_id), &cb,
                   [&cb, pages] { return cb.available() >= pages; });
  cb.waited = std::max(cb.waited, pages);
}

void cb_pop_front(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enter();
  DeviceImpl &device = *context.device;
  std::unique_lock<std::mutex> lock(device.mutex);
  CircularBuffer &cb = getCB(context, cb_id, "cb_pop_front");
  if (num_pages <= 0 || uint32_t(num_pages) > cb.available())
    device.fail(context, "cb_pop_front(" + cbText(cb_id) + ", " +
                             std::to_string(num_pages) + ") with " +
                             std::to_string(cb.available()) +
                             " pages available: pop of more than is there");
  checkBlock(context, cb, num_pages, cb.readPage, "cb_pop_front");
  uint32_t begin = cb.offset + cb.readPage * cb.config.pageSize;
  uint32_t end = begin + uint32_t(num_pages) * cb.config.pageSize;
  if (overlaps(context.pendingWrites, begin, end))
    device.fail(context, "cb_pop_front(" + cbText(cb_id) + ", " +
                             std::to_string(num_pages) +
                             ") frees pages whose NoC writes have not been "
                             "flushed (no noc_async_write_barrier before the "
                             "pop)");
  cb.readPage = (cb.readPage + uint32_t(num_pages)) % cb.config.numPages;
  cb.acked += uint32_t(num_pages);
  cb.waited = cb.waited > uint32_t(num_pages) ? cb.waited - uint32_t(num_pages)
                                              : 0;
  context.core->changed.notify_all();
}

bool cb_pages_reservable_at_back(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enter();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return getCB(context, cb_id, "cb_pages_reservable_at_back").free() >=
         uint32_t(num_pages);
}

bool cb_pages_available_at_front(int32_t cb_id, int32_t num_pages) {
  KernelContext &context = enter();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return getCB(context, cb_id, "cb_pages_available_at_front").available() >=
         uint32_t(num_pages);
}

uint32_t get_write_ptr(uint32_t cb_id) {
  KernelContext &context = enter();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  CircularBuffer &cb = getCB(context, int32_t(cb_id), "get_write_ptr");
  return context.device->l1Address(*context.core,
                                   cb.offset +
                                       cb.writePage * cb.config.pageSize);
}

uint32_t get_read_ptr(uint32_t cb_id) {
  KernelContext &context = enter();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  CircularBuffer &cb = getCB(context, int32_t(cb_id), "get_read_ptr");
  return context.device->l1Address(*context.core,
                                   cb.offset + cb.readPage * cb.config.pageSize);
}

int32_t get_tile_size(int32_t cb_id) {
  KernelContext &context = enter();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return int32_t(getCB(context, cb_id, "get_tile_size").config.pageSize);
}

tt::DataFormat get_dataformat(int32_t cb_id) {
  KernelContext &context = enter();
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
                               cbText(int32_t(index)) +
                               " reserved and not pushed");
    if ((context.consumedCBs >> index & 1u) && cb.waited)
      device.fail(context, "the kernel ends with " +
                               std::to_string(cb.waited) + " pages of " +
                               cbText(int32_t(index)) +
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

//===----------------------------------------------------------------------===//
// Compute: DST and tiles
//===----------------------------------------------------------------------===//

namespace {

float *dstTile(KernelContext &context, uint32_t index, const char *function,
               DstState required) {
  if (context.dst != required) {
    const char *expected = required == DstState::Acquired
                               ? "between tile_regs_acquire and "
                                 "tile_regs_commit"
                               : "between tile_regs_wait and "
                                 "tile_regs_release";
    fail(context, std::string(function) + " must run " + expected);
  }
  if (index >= context.dstCapacity)
    fail(context, std::string(function) + ": DST index " +
                      std::to_string(index) + " is out of range (DST holds " +
                      std::to_string(context.dstCapacity) + " tiles" +
                      (context.dstCapacity == 8 ? " with fp32_dest_acc" : "") +
                      ")");
  return context.dstTiles.data() + size_t(index) * 1024;
}

/// Tile `itile` of the front of `cb_id`, row-major f32.
void unpack(KernelContext &context, uint32_t cb_id, uint32_t itile,
            float *out, const char *function) {
  CircularBuffer *cb;
  {
    std::lock_guard<std::mutex> lock(context.device->mutex);
    cb = &getCB(context, int32_t(cb_id), function);
  }
  if (itile >= cb->waited)
    fail(context, std::string(function) + " reads tile " +
                      std::to_string(itile) + " of " + cbText(int32_t(cb_id)) +
                      " but the kernel waited for " +
                      std::to_string(cb->waited) + " pages");
  const uint8_t *page = context.core->l1 + cb->offset +
                        (cb->readPage + itile) * cb->config.pageSize;
  switch (cb->config.format) {
  case emu::DataFormat::Float16_b: {
    const uint16_t *values = reinterpret_cast<const uint16_t *>(page);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        out[r * 32 + c] = bf16ToFloat(values[faceIndex(r, c)]);
    return;
  }
  case emu::DataFormat::Float16: {
    const uint16_t *values = reinterpret_cast<const uint16_t *>(page);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        out[r * 32 + c] = halfToFloat(values[faceIndex(r, c)]);
    return;
  }
  case emu::DataFormat::Float32: {
    const float *values = reinterpret_cast<const float *>(page);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        out[r * 32 + c] = values[faceIndex(r, c)];
    return;
  }
  default:
    fail(context, std::string(function) + ": the emulator computes on "
                                          "Float32, Float16 and Float16_b "
                                          "tiles, not " +
                      getFormatName(cb->config.format));
  }
}

void count(KernelContext &context, TileOp op) {
  ++context.counters.tileOps[size_t(op)];
}

} // namespace

void tilt_emu::noInit() { enter(); }

void tilt_emu::hwStartup(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  KernelContext &context = enter();
  std::lock_guard<std::mutex> lock(context.device->mutex);
  getCB(context, int32_t(icb0), "compute_kernel_hw_startup");
  getCB(context, int32_t(icb1), "compute_kernel_hw_startup");
  getCB(context, int32_t(ocb), "compute_kernel_hw_startup");
}

void tile_regs_acquire() {
  KernelContext &context = enter();
  if (context.dst != DstState::Released)
    fail(context, "tile_regs_acquire while DST is held (no tile_regs_release "
                  "since the last acquire)");
  context.dst = DstState::Acquired;
  context.dstTiles.assign(size_t(context.dstCapacity) * 1024, 0.0f);
  context.dstWritten.assign(context.dstCapacity, false);
}

void tile_regs_commit() {
  KernelContext &context = enter();
  if (context.dst != DstState::Acquired)
    fail(context, "tile_regs_commit without tile_regs_acquire");
  context.dst = DstState::Committed;
}

void tile_regs_wait() {
  KernelContext &context = enter();
  if (context.dst != DstState::Committed)
    fail(context, "tile_regs_wait without tile_regs_commit");
  context.dst = DstState::Waited;
}

void tile_regs_release() {
  KernelContext &context = enter();
  if (context.dst != DstState::Waited)
    fail(context, "tile_regs_release without tile_regs_wait");
  context.dst = DstState::Released;
}

void tilt_emu::matmulInit(uint32_t, uint32_t, uint32_t transpose) {
  enter().matmulTranspose = transpose != 0;
}

void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id,
                  uint32_t in0_tile_index, uint32_t in1_tile_index,
                  uint32_t idst) {
  KernelContext &context = enter();
  float *dst = dstTile(context, idst, "matmul_tiles", DstState::Acquired);
  float a[1024], b[1024];
  unpack(context, in0_cb_id, in0_tile_index, a, "matmul_tiles");
  unpack(context, in1_cb_id, in1_tile_index, b, "matmul_tiles");
  if (context.matmulTranspose)
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = r + 1; c < 32; ++c)
        std::swap(b[r * 32 + c], b[c * 32 + r]);
  for (uint32_t i = 0; i < 32; ++i)
    for (uint32_t k = 0; k < 32; ++k) {
      float scale = a[i * 32 + k];
      const float *row = b + k * 32;
      float *out = dst + i * 32;
      for (uint32_t j = 0; j < 32; ++j)
        out[j] += scale * row[j];
    }
  context.dstWritten[idst] = true;
  count(context, TileOp::Matmul);
}

void matmul_block(uint32_t in0_cb_id, uint32_t in1_cb_id,
                  uint32_t in0_tile_index, uint32_t in1_tile_index,
                  uint32_t idst, uint32_t transpose, uint32_t ct_dim,
                  uint32_t rt_dim, uint32_t kt_dim) {
  KernelContext &context = enter();
  context.matmulTranspose = transpose != 0;
  for (uint32_t r = 0; r < rt_dim; ++r)
    for (uint32_t c = 0; c < ct_dim; ++c)
      matmul_tiles(in0_cb_id, in1_cb_id, in0_tile_index + r * kt_dim,
                   in1_tile_index + c, idst + r * ct_dim + c);
}

namespace {
float applyBinary(EltwiseBinaryType type, float a, float b) {
  switch (type) {
  case ELWADD: return a + b;
  case ELWSUB: return a - b;
  case ELWMUL: return a * b;
  case ELWDIV: return a / b;
  default: return b;
  }
}
} // namespace

void tilt_emu::binaryTiles(EltwiseBinaryType type, uint32_t icb0,
                           uint32_t icb1, uint32_t itile0, uint32_t itile1,
                           uint32_t idst) {
  KernelContext &context = enter();
  float *dst = dstTile(context, idst, "an eltwise binary op",
                       DstState::Acquired);
  float a[1024], b[1024];
  unpack(context, icb0, itile0, a, "an eltwise binary op");
  unpack(context, icb1, itile1, b, "an eltwise binary op");
  for (uint32_t i = 0; i < 1024; ++i)
    dst[i] = applyBinary(type, a[i], b[i]);
  context.dstWritten[idst] = true;
  count(context, TileOp::EltwiseBinary);
}

void tilt_emu::destReuse(EltwiseBinaryType type,
                         EltwiseBinaryReuseDestType reuse, uint32_t icb,
                         uint32_t itile, uint32_t idst) {
  KernelContext &context = enter();
  float *dst = dstTile(context, idst, "binary_dest_reuse_tiles",
                       DstState::Acquired);
  float tile[1024];
  unpack(context, icb, itile, tile, "binary_dest_reuse_tiles");
  // DEST_TO_SRCA: DST is operand A (the left one), the CB tile operand B.
  bool destIsA = reuse == EltwiseBinaryReuseDestType::DEST_TO_SRCA;
  for (uint32_t i = 0; i < 1024; ++i)
    dst[i] = destIsA ? applyBinary(type, dst[i], tile[i])
                     : applyBinary(type, tile[i], dst[i]);
  context.dstWritten[idst] = true;
  count(context, TileOp::EltwiseBinary);
}

void tilt_emu::sfpuBinary(EltwiseBinaryType type, uint32_t idst0,
                          uint32_t idst1, uint32_t odst) {
  KernelContext &context = enter();
  const char *function = "an SFPU binary op";
  float *a = dstTile(context, idst0, function, DstState::Acquired);
  float *b = dstTile(context, idst1, function, DstState::Acquired);
  float *out = dstTile(context, odst, function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i)
    out[i] = applyBinary(type, a[i], b[i]);
  context.dstWritten[odst] = true;
  count(context, TileOp::SfpuBinary);
}

void tilt_emu::sfpuUnary(Unary op, uint32_t idst) {
  KernelContext &context = enter();
  float *x = dstTile(context, idst, "an SFPU unary op", DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i) {
    float v = x[i];
    switch (op) {
    case Unary::Exp: v = std::exp(v); break;
    case Unary::Log: v = std::log(v); break;
    case Unary::Sqrt: v = std::sqrt(v); break;
    case Unary::Rsqrt: v = 1.0f / std::sqrt(v); break;
    case Unary::Recip: v = 1.0f / v; break;
    case Unary::Relu: v = v > 0.0f ? v : 0.0f; break;
    case Unary::Gelu:
      v = 0.5f * v * (1.0f + std::erf(v * 0.70710678118654752f));
      break;
    case Unary::Tanh: v = std::tanh(v); break;
    case Unary::Sigmoid: v = 1.0f / (1.0f + std::exp(-v)); break;
    case Unary::Abs: v = std::fabs(v); break;
    case Unary::Negative: v = -v; break;
    case Unary::Square: v = v * v; break;
    }
    x[i] = v;
  }
  count(context, TileOp::SfpuUnary);
}

void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index,
               uint32_t dst_tile_index) {
  KernelContext &context = enter();
  float *dst = dstTile(context, dst_tile_index, "copy_tile",
                       DstState::Acquired);
  unpack(context, in_cb_id, in_tile_index, dst, "copy_tile");
  context.dstWritten[dst_tile_index] = true;
  count(context, TileOp::Copy);
}

void tilt_emu::fill(uint32_t idst, float value) {
  KernelContext &context = enter();
  float *dst = dstTile(context, idst, "fill_tile", DstState::Acquired);
  std::fill(dst, dst + 1024, value);
  context.dstWritten[idst] = true;
  count(context, TileOp::Fill);
}

void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst) {
  KernelContext &context = enter();
  float *dst = dstTile(context, idst, "transpose_wh_tile", DstState::Acquired);
  float tile[1024];
  unpack(context, icb, itile, tile, "transpose_wh_tile");
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      dst[c * 32 + r] = tile[r * 32 + c];
  context.dstWritten[idst] = true;
  count(context, TileOp::Transpose);
}

void tilt_emu::reduce(PoolType type, ReduceDim dim, uint32_t icb,
                      uint32_t scb, uint32_t itile, uint32_t iscaler,
                      uint32_t idst) {
  KernelContext &context = enter();
  float *dst = dstTile(context, idst, "reduce_tile", DstState::Acquired);
  float tile[1024], scaler[1024];
  unpack(context, icb, itile, tile, "reduce_tile");
  unpack(context, scb, iscaler, scaler, "reduce_tile");
  float scale = scaler[0];
  bool first = !context.dstWritten[idst];
  auto combine = [&](float &into, float value) {
    if (type == MAX)
      into = first ? value : std::max(into, value);
    else
      into += value;
  };
  auto fold = [&](uint32_t count, auto element) {
    float result = type == MAX ? -INFINITY : 0.0f;
    for (uint32_t i = 0; i < count; ++i) {
      float value = element(i) * scale;
      result = type == MAX ? std::max(result, value) : result + value;
    }
    return result;
  };
  if (dim == REDUCE_ROW) {
    for (uint32_t r = 0; r < 32; ++r)
      combine(dst[r * 32], fold(32, [&](uint32_t c) { return tile[r * 32 + c]; }));
  } else if (dim == REDUCE_COL) {
    for (uint32_t c = 0; c < 32; ++c)
      combine(dst[c], fold(32, [&](uint32_t r) { return tile[r * 32 + c]; }));
  } else {
    combine(dst[0], fold(1024, [&](uint32_t i) { return tile[i]; }));
  }
  context.dstWritten[idst] = true;
  count(context, TileOp::Reduce);
}

void tilt_emu::pack(uint32_t idst, uint32_t ocb, bool outOfOrder,
                    uint32_t index) {
  KernelContext &context = enter();
  const float *dst = dstTile(context, idst, "pack_tile", DstState::Waited);
  CircularBuffer *cb;
  {
    std::lock_guard<std::mutex> lock(context.device->mutex);
    cb = &getCB(context, int32_t(ocb), "pack_tile");
  }
  uint32_t position = outOfOrder ? index : cb->packCursor++;
  if (position >= cb->reserved)
    fail(context, "pack_tile writes tile " + std::to_string(position) +
                      " of " + cbText(int32_t(ocb)) +
                      " but the kernel reserved " +
                      std::to_string(cb->reserved) + " pages");
  uint8_t *page = context.core->l1 + cb->offset +
                  (cb->writePage + position) * cb->config.pageSize;
  switch (cb->config.format) {
  case emu::DataFormat::Float16_b: {
    uint16_t *values = reinterpret_cast<uint16_t *>(page);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        values[faceIndex(r, c)] = floatToBF16(dst[r * 32 + c]);
    break;
  }
  case emu::DataFormat::Float16: {
    uint16_t *values = reinterpret_cast<uint16_t *>(page);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        values[faceIndex(r, c)] = floatToHalf(dst[r * 32 + c]);
    break;
  }
  case emu::DataFormat::Float32: {
    float *values = reinterpret_cast<float *>(page);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        values[faceIndex(r, c)] = dst[r * 32 + c];
    break;
  }
  default:
    fail(context, std::string("pack_tile: the emulator packs Float32, Float16 "
                              "and Float16_b tiles, not ") +
                      getFormatName(cb->config.format));
  }
  count(context, TileOp::Pack);
}
