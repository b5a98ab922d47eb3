//===- EmulatorTest.cpp - The emulator without generated code -------------===//
//
// Kernels here are lambdas that call the emulated Metalium API directly, so
// each test pins one behaviour: CB semantics (cumulative waits, the wrap
// rule, push without reserve, pop of more than is there, deadlock),
// interleaved addressing, the tile layout, bf16 rounding and the SFPU ops.
//
//===----------------------------------------------------------------------===//

#include "tilt/Emulator/Emulator.h"
#include "api/compute/common.h"
#include "api/dataflow/dataflow_api.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

using namespace tilt::emu;

namespace {

Device makeDevice() { return Device(*getArchInfo("wormhole_b0")); }

KernelInstance kernel(const std::string &name, std::function<void()> entry,
                      std::vector<uint32_t> args = {}) {
  KernelInstance instance;
  instance.name = name;
  instance.role = name;
  instance.entry = std::move(entry);
  instance.runtimeArgs = std::move(args);
  return instance;
}

void configure(Device &device, uint32_t index, uint32_t pages,
               tilt::emu::DataFormat format = tilt::emu::DataFormat::Float32) {
  std::string error;
  ASSERT_TRUE(device.configureCB(0, 0, {index, format, getTileBytes(format), pages},
                                 error))
      << error;
}

TEST(EmulatorTest, BF16RoundsToNearestEven) {
  EXPECT_EQ(floatToBF16(1.0f), 0x3f80);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties go to the even 1.0.
  EXPECT_EQ(floatToBF16(1.00390625f), 0x3f80);
  // 1 + 3 * 2^-8 is halfway between 1 + 2^-7 and 1 + 2^-6: even is up.
  EXPECT_EQ(floatToBF16(1.01171875f), 0x3f82);
  EXPECT_EQ(floatToBF16(1.0f + 0x1p-8f + 0x1p-12f), 0x3f81);
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBF16(NAN))));
  EXPECT_EQ(bf16ToFloat(floatToBF16(-2.5f)), -2.5f);
}

TEST(EmulatorTest, TilizeRoundTripAndFaceLayout) {
  std::vector<float> matrix(64 * 96);
  for (size_t i = 0; i < matrix.size(); ++i)
    matrix[i] = float(i);
  std::vector<float> tiles = tilize(matrix, 64, 96);
  // Element (17, 3) of tile (0, 0) is in face 2, row 1, column 3.
  EXPECT_EQ(tiles[2 * 256 + 16 + 3], matrix[17 * 96 + 3]);
  // Tile (1, 2) starts with element (32, 64).
  EXPECT_EQ(tiles[(1 * 3 + 2) * 1024], matrix[32 * 96 + 64]);
  EXPECT_EQ(untilize(tiles, 64, 96), matrix);
}

TEST(EmulatorTest, InterleavedPagesGoRoundTheBanks) {
  Device device = makeDevice();
  uint32_t banks = device.getArch().dramBanks;
  uint32_t pages = banks + 3;
  uint32_t address = device.allocateDram(pages * 64, 64);
  std::vector<uint8_t> data(pages * 64);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint8_t(i / 64);
  device.writeDram(address, 64, data.data(), data.size());
  // A kernel reads page banks + 1 through an accessor: bank 1, second row.
  configure(device, 0, 2);
  uint8_t seen = 0xff;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", [&] {
    InterleavedAddrGen<true> pagesOf{get_arg_val<uint32_t>(0), 64};
    uint64_t noc = pagesOf.get_noc_addr(banks + 1);
    EXPECT_EQ((noc >> 32) & 0xffff, 1u);
    cb_reserve_back(0, 1);
    uint32_t l1 = get_write_ptr(0);
    noc_async_read(noc, l1, 64);
    noc_async_read_barrier();
    seen = *reinterpret_cast<volatile uint8_t *>(uintptr_t(l1));
    cb_push_back(0, 1);
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
  }, {address}));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(seen, banks + 1);
  EXPECT_EQ(report.total().dramBytesRead, 64u);
}

// A CB's pages hold what L1 held before until a kernel writes them: all
// ones, NaN as any float format (never zeros that a check could accept).
TEST(EmulatorTest, UnwrittenCBPagesAreNaN) {
  Device device = makeDevice();
  configure(device, 0, 2);
  uint32_t word = 0;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", [&] {
    cb_reserve_back(0, 1);
    word = *reinterpret_cast<volatile uint32_t *>(uintptr_t(get_write_ptr(0)));
    cb_push_back(0, 1);
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(word, 0xffffffffu);
  float value;
  std::memcpy(&value, &word, 4);
  EXPECT_TRUE(std::isnan(value));
}

// The indices of one CircularBufferConfig share its memory (tt-metal
// tt_metal/impl/buffers/circular_buffer.cpp: one allocation per config):
// CB 5 starts where CB 4 does and takes no L1 of its own; a CB after them
// starts after CB 4. Sharing a CB that is not there, or is smaller, is an
// error.
TEST(EmulatorTest, CBsOfOneConfigShareTheirMemory) {
  Device device = makeDevice();
  configure(device, 4, 4, tilt::emu::DataFormat::Float16_b);
  std::string error;
  ASSERT_TRUE(device.configureCB(
      0, 0, {5, tilt::emu::DataFormat::Float16_b, 2048, 4, /*shares=*/4},
      error))
      << error;
  configure(device, 6, 1, tilt::emu::DataFormat::Float16_b);
  uint32_t cb4 = 0, cb5 = 0, cb6 = 0;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", [&] {
    cb4 = get_write_ptr(4);
    cb5 = get_write_ptr(5);
    cb6 = get_write_ptr(6);
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(cb4, cb5);
  EXPECT_EQ(cb6, cb4 + 4 * 2048);
  EXPECT_FALSE(device.configureCB(
      0, 0, {7, tilt::emu::DataFormat::Float16_b, 2048, 8, /*shares=*/4},
      error));
  EXPECT_FALSE(device.configureCB(
      0, 0, {8, tilt::emu::DataFormat::Float16_b, 2048, 1, /*shares=*/9},
      error));
}

TEST(EmulatorTest, CumulativeWaitsAndTheWrapRule) {
  Device device = makeDevice();
  configure(device, 0, 4);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("producer", [] {
    for (int i = 0; i < 8; ++i) {
      cb_reserve_back(0, 1);
      cb_push_back(0, 1);
    }
  }));
  kernels.push_back(kernel("consumer", [] {
    for (int block = 0; block < 2; ++block) {
      // Waits of 1, 2, 3, 4 without a pop are cumulative, then one pop of
      // 4: a whole cycle of the CB.
      for (int pages = 1; pages <= 4; ++pages)
        cb_wait_front(0, pages);
      cb_pop_front(0, 4);
    }
  }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_TRUE(report.ok) << report.error;

  // Blocks of 3 on a CB of 4 cross its end.
  configure(device, 0, 4);
  kernels.clear();
  kernels.push_back(kernel("producer", [] {
    for (int i = 0; i < 2; ++i) {
      cb_reserve_back(0, 3);
      cb_push_back(0, 3);
    }
  }));
  kernels.push_back(kernel("consumer", [] {
    for (int i = 0; i < 2; ++i) {
      cb_wait_front(0, 3);
      cb_pop_front(0, 3);
    }
  }));
  report = device.run(std::move(kernels));
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.error.find("crosses its end"), std::string::npos)
      << report.error;
}

TEST(EmulatorTest, ProtocolErrorsStopTheRun) {
  Device device = makeDevice();
  configure(device, 0, 2);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("producer", [] { cb_push_back(0, 1); }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_NE(report.error.find("push without reserve"), std::string::npos)
      << report.error;

  configure(device, 0, 2);
  kernels.clear();
  kernels.push_back(kernel("consumer", [] { cb_pop_front(0, 1); }));
  report = device.run(std::move(kernels));
  EXPECT_NE(report.error.find("pop of more than is there"), std::string::npos)
      << report.error;

  // Pages pushed before their NoC read completed.
  configure(device, 0, 2);
  uint32_t address = device.allocateDram(4096, 4096);
  kernels.clear();
  kernels.push_back(kernel("reader", [address] {
    InterleavedAddrGen<true> pages{address, 4096};
    cb_reserve_back(0, 1);
    noc_async_read(pages.get_noc_addr(0), get_write_ptr(0), 4096);
    cb_push_back(0, 1);
  }));
  report = device.run(std::move(kernels));
  EXPECT_NE(report.error.find("no noc_async_read_barrier"), std::string::npos)
      << report.error;
}

TEST(EmulatorTest, DeadlockIsReportedWithTheBlockedKernels) {
  Device device = makeDevice();
  configure(device, 0, 2);
  configure(device, 1, 2);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("a", [] { cb_wait_front(0, 1); }));
  kernels.push_back(kernel("b", [] { cb_wait_front(1, 1); }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_FALSE(report.ok);
  EXPECT_NE(report.error.find("deadlock"), std::string::npos);
  EXPECT_NE(report.error.find("a is blocked in cb_wait_front(cb 0, 1)"),
            std::string::npos)
      << report.error;
  EXPECT_NE(report.error.find("b is blocked in cb_wait_front(cb 1, 1)"),
            std::string::npos)
      << report.error;
}

/// Runs `op` on one f32 tile of `inputs` through copy_tile and pack_tile.
std::vector<float> runUnary(Device &device, const std::vector<float> &input,
                            const std::function<void()> &op,
                            std::string *error = nullptr) {
  configure(device, 0, 1);
  configure(device, 16, 1);
  std::vector<float> output(1024);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("compute", [&] {
    compute_kernel_hw_startup(0, 0, 16);
    cb_reserve_back(0, 1);
    float *tile = reinterpret_cast<float *>(uintptr_t(get_write_ptr(0)));
    for (uint32_t i = 0; i < 1024; ++i)
      tile[i] = input[i];
    cb_push_back(0, 1);
    cb_wait_front(0, 1);
    cb_reserve_back(16, 1);
    tile_regs_acquire();
    copy_tile(0, 0, 0);
    op();
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, 16);
    tile_regs_release();
    cb_push_back(16, 1);
    cb_pop_front(0, 1);
    cb_wait_front(16, 1);
    float *out = reinterpret_cast<float *>(uintptr_t(get_read_ptr(16)));
    for (uint32_t i = 0; i < 1024; ++i)
      output[i] = out[i];
    cb_pop_front(16, 1);
  }));
  // fp32 in and out at full precision: a 32-bit DST, the input unpacked
  // straight into it.
  kernels.back().fp32DestAcc = true;
  kernels.back().unpackToDestFp32 = 1;
  RunReport report = device.run(std::move(kernels));
  if (error)
    *error = report.error;
  return output;
}

TEST(EmulatorTest, SfpuOpsMatchTheMathLibrary) {
  Device device = makeDevice();
  std::vector<float> input(1024);
  for (uint32_t i = 0; i < 1024; ++i)
    input[i] = 0.01f + float(i) / 256.0f;
  struct Case {
    std::function<void()> op;
    std::function<float(float)> reference;
  } cases[] = {
      {[] { exp_tile(0); }, [](float x) { return std::exp(x); }},
      {[] { log_tile(0); }, [](float x) { return std::log(x); }},
      {[] { sqrt_tile(0); }, [](float x) { return std::sqrt(x); }},
      {[] { rsqrt_tile(0); }, [](float x) { return 1.0f / std::sqrt(x); }},
      {[] { recip_tile(0); }, [](float x) { return 1.0f / x; }},
      {[] { tanh_tile(0); }, [](float x) { return std::tanh(x); }},
      {[] { negative_tile(0); }, [](float x) { return -x; }},
      {[] { square_tile(0); }, [](float x) { return x * x; }},
      {[] { relu_tile(0); }, [](float x) { return x > 0 ? x : 0.0f; }},
      {[] { abs_tile(0); }, [](float x) { return std::fabs(x); }},
  };
  for (const Case &c : cases) {
    std::vector<float> output = runUnary(device, input, c.op);
    for (uint32_t i = 0; i < 1024; ++i)
      ASSERT_EQ(output[i], c.reference(input[i])) << "element " << i;
  }
}

TEST(EmulatorTest, DstIndexOutOfRangeIsAnError) {
  Device device = makeDevice();
  std::string error;
  runUnary(device, std::vector<float>(1024, 1.0f), [] { exp_tile(4); },
           &error);
  EXPECT_NE(error.find("DST index 4 is out of range"), std::string::npos)
      << error;
}

} // namespace

namespace {

/// Reads 32 bytes from byte `source` of a DRAM page into byte `dest` of a
/// CB page on `arch`; the run's error ("" when it ran).
std::string readAt(const std::string &arch, uint32_t source, uint32_t dest) {
  Device device(*getArchInfo(arch));
  configure(device, 0, 1);
  uint32_t address = device.allocateDram(4096, 4096);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", [address, source, dest] {
    InterleavedAddrGen<true> pages{address, 4096};
    cb_reserve_back(0, 1);
    noc_async_read(pages.get_noc_addr(0, source), get_write_ptr(0) + dest, 32);
    noc_async_read_barrier();
    cb_push_back(0, 1);
  }));
  RunReport report = device.run(std::move(kernels));
  return report.ok ? "" : report.error;
}

} // namespace

TEST(EmulatorTest, NocReadsKeepTheirAlignment) {
  // Source and destination must agree modulo the DRAM read alignment: 32
  // bytes on Wormhole, 64 on Blackhole (tt-metal PR #41849); otherwise the
  // data lands shifted on the device.
  EXPECT_EQ(readAt("wormhole_b0", 32, 0), "");
  EXPECT_EQ(readAt("blackhole", 64, 0), "");
  EXPECT_EQ(readAt("blackhole", 32, 32), "");
  std::string error = readAt("blackhole", 32, 0);
  EXPECT_NE(error.find("noc_async_read: the source (DRAM address"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("differ modulo 64 (32 and 0)"), std::string::npos)
      << error;
  error = readAt("wormhole_b0", 16, 0);
  EXPECT_NE(error.find("differ modulo 32 (16 and 0)"), std::string::npos)
      << error;
}

TEST(EmulatorTest, L1BuffersComeFromTheTopAndReuseFreedGaps) {
  Device device = makeDevice();
  const ArchInfo &arch = device.getArch();
  uint32_t alignment = std::max<uint32_t>(32, arch.dramAlignment);
  // Top down, aligned; a size is rounded up to the alignment.
  uint32_t first = device.allocateL1(1000);
  EXPECT_EQ(first, (arch.l1Bytes - 1024) / alignment * alignment);
  uint32_t second = device.allocateL1(4096);
  EXPECT_EQ(second, first - 4096);
  // A freed gap takes a buffer that fits in it, the highest gap first.
  device.freeL1(first);
  EXPECT_EQ(device.allocateL1(512), arch.l1Bytes - 512);
  // What does not fit above the reserved bottom is an error.
  EXPECT_THROW(device.allocateL1(arch.l1Bytes), std::runtime_error);
  // One L1 bank per core, each core once, shuffled (bank 0 is not core 0).
  std::set<std::pair<uint32_t, uint32_t>> cores;
  for (uint32_t bank = 0; bank < device.getL1Banks(); ++bank) {
    uint32_t column, row;
    device.getL1BankCore(bank, column, row);
    cores.insert({column, row});
  }
  EXPECT_EQ(cores.size(), size_t(arch.gridColumns) * arch.gridRows);
  EXPECT_EQ(device.getL1Banks(), cores.size());
  uint32_t column, row;
  device.getL1BankCore(0, column, row);
  EXPECT_NE(std::make_pair(column, row), std::make_pair(0u, 0u));
}
