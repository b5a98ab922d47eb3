//===- TimingTest.cpp - The timing model, calibrated ----------------------===//
//
// Micro-programs whose predicted figures must land in bands taken from
// public measurements (docs/timing-model.md has each band's source): a DRAM
// streaming read over the whole grid, a compute-only matmul loop per
// fidelity, tilize and untilize loops, a NoC read of one tile from a
// neighbour and from DRAM. Then the
// model's behaviour: the same program gives the same timeline every run,
// a blocked consumer starts when its producer pushed, overrides parse.
//
//===----------------------------------------------------------------------===//

#include "api/compute/matmul.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"
#include "api/dataflow/dataflow_api.h"
#include "tilt/Emulator/Emulator.h"

#include "gtest/gtest.h"

using namespace tilt::emu;

namespace {

constexpr uint32_t kTile = 2048; // a bf16 tile

KernelInstance kernel(const std::string &name, uint32_t column, uint32_t row,
                      std::function<void()> entry,
                      std::vector<uint32_t> args = {}) {
  KernelInstance instance;
  instance.name = name;
  instance.role = name == "compute" ? "compute" : "data_movement";
  instance.column = column;
  instance.row = row;
  instance.entry = std::move(entry);
  instance.runtimeArgs = std::move(args);
  return instance;
}

void configure(Device &device, uint32_t column, uint32_t row, uint32_t index,
               uint32_t pages) {
  std::string error;
  ASSERT_TRUE(device.configureCB(
      column, row, {index, tilt::emu::DataFormat::Float16_b, kTile, pages},
      error))
      << error;
}

/// `columns` x `rows` cores of an n150 (default all) stream `tilesPerCore`
/// bf16 tiles each from an interleaved DRAM buffer, `batch` reads per
/// barrier.
RunReport streamFromDram(uint32_t tilesPerCore, uint32_t batch,
                         uint32_t columns = 8, uint32_t rows = 8) {
  Device device(*getBoardInfo("n150"));
  uint32_t cores = columns * rows;
  uint32_t address =
      device.allocateDram(uint64_t(cores) * tilesPerCore * kTile, kTile);
  std::vector<KernelInstance> kernels;
  for (uint32_t row = 0; row < rows; ++row)
    for (uint32_t column = 0; column < columns; ++column) {
      configure(device, column, row, 0, batch);
      uint32_t first = (row * columns + column) * tilesPerCore;
      kernels.push_back(kernel(
          "reader", column, row,
          [=] {
            InterleavedAddrGen<true> tiles{get_arg_val<uint32_t>(0), kTile};
            uint32_t base = get_write_ptr(0);
            for (uint32_t i = 0; i < tilesPerCore; i += batch) {
              for (uint32_t j = 0; j < batch; ++j)
                noc_async_read(tiles.get_noc_addr(first + i + j),
                               base + j * kTile, kTile);
              noc_async_read_barrier();
            }
          },
          {address}));
    }
  return device.run(std::move(kernels));
}

/// One compute kernel multiplies the same two bf16 tiles `count` times into
/// DST at `phases` fidelity phases, packing once.
RunReport matmulLoop(uint32_t phases, uint32_t count) {
  Device device(*getBoardInfo("n150"));
  configure(device, 0, 0, 0, 1);
  configure(device, 0, 0, 1, 1);
  configure(device, 0, 0, 16, 1);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", 0, 0, [] {
    cb_reserve_back(0, 1);
    cb_push_back(0, 1);
    cb_reserve_back(1, 1);
    cb_push_back(1, 1);
  }));
  kernels.push_back(kernel("writer", 0, 0, [] {
    cb_wait_front(16, 1);
    cb_pop_front(16, 1);
  }));
  KernelInstance compute = kernel("compute", 0, 0, [count] {
    compute_kernel_hw_startup<SrcOrder::Reverse>(0, 1, 16);
    matmul_init(0, 1);
    cb_wait_front(0, 1);
    cb_wait_front(1, 1);
    tile_regs_acquire();
    for (uint32_t i = 0; i < count; ++i)
      matmul_tiles(0, 1, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, 1);
    pack_tile(0, 16);
    cb_push_back(16, 1);
    tile_regs_release();
    cb_pop_front(0, 1);
    cb_pop_front(1, 1);
  });
  compute.fidelityPhases = phases;
  kernels.push_back(std::move(compute));
  return device.run(std::move(kernels));
}

/// `calls` matmul_blocks of rt_dim 2 and ct_dim 4 (8 products each) at
/// `phases` fidelity phases: in0's two tiles and in1's four are pushed
/// once, the products accumulate in DST 0-7.
RunReport matmulBlockLoop(uint32_t phases, uint32_t calls) {
  Device device(*getBoardInfo("n150"));
  configure(device, 0, 0, 0, 2);
  configure(device, 0, 0, 1, 4);
  configure(device, 0, 0, 16, 8);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", 0, 0, [] {
    cb_reserve_back(0, 2);
    cb_push_back(0, 2);
    cb_reserve_back(1, 4);
    cb_push_back(1, 4);
  }));
  kernels.push_back(kernel("writer", 0, 0, [] {
    cb_wait_front(16, 8);
    cb_pop_front(16, 8);
  }));
  KernelInstance compute = kernel("compute", 0, 0, [calls] {
    compute_kernel_hw_startup<SrcOrder::Reverse>(0, 1, 16);
    mm_block_init(0, 1, 16, false, 4, 2, 1);
    cb_wait_front(0, 2);
    cb_wait_front(1, 4);
    tile_regs_acquire();
    for (uint32_t i = 0; i < calls; ++i)
      matmul_block(0, 1, 0, 0, 0, false, 4, 2, 1);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, 8);
    for (uint32_t t = 0; t < 8; ++t)
      pack_tile(t, 16);
    cb_push_back(16, 8);
    tile_regs_release();
    cb_pop_front(0, 2);
    cb_pop_front(1, 4);
  });
  compute.fidelityPhases = phases;
  kernels.push_back(std::move(compute));
  return device.run(std::move(kernels));
}

/// One compute kernel tilizes (or untilizes) 16 blocks of 8 bf16 tiles
/// that a reader pushes and a writer pops, through double-buffered CBs.
RunReport layoutLoop(bool tilize) {
  Device device(*getBoardInfo("n150"));
  configure(device, 0, 0, 0, 16);
  configure(device, 0, 0, 16, 16);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", 0, 0, [] {
    for (uint32_t block = 0; block < 16; ++block) {
      cb_reserve_back(0, 8);
      cb_push_back(0, 8);
    }
  }));
  kernels.push_back(kernel("writer", 0, 0, [] {
    for (uint32_t block = 0; block < 16; ++block) {
      cb_wait_front(16, 8);
      cb_pop_front(16, 8);
    }
  }));
  kernels.push_back(kernel("compute", 0, 0, [tilize] {
    compute_kernel_hw_startup(0, 16);
    if (tilize)
      tilize_init(0, 8, 16);
    else
      untilize_init(0);
    for (uint32_t block = 0; block < 16; ++block) {
      cb_wait_front(0, 8);
      cb_reserve_back(16, 8);
      if (tilize)
        tilize_block(0, 8, 16);
      else
        untilize_block<8>(0, 8, 16);
      cb_push_back(16, 8);
      cb_pop_front(0, 8);
    }
    if (tilize)
      tilize_uninit(0, 16);
    else
      untilize_uninit(0);
  }));
  return device.run(std::move(kernels));
}

/// Core (0, 0) reads one bf16 tile from `source` (a NoC address made in
/// the kernel) and waits for it; returns the reader's predicted cycles.
double readOneTile(bool fromDram) {
  Device device(*getBoardInfo("n150"));
  uint32_t address = device.allocateDram(kTile, kTile);
  configure(device, 0, 0, 0, 1);
  configure(device, 1, 0, 0, 1);
  // Kernels name core (1, 0) by its NoC coordinates.
  uint32_t x = 0, y = 0;
  device.getWorkerNocCoord(1, 0, x, y);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel(
      "reader", 0, 0,
      [fromDram, x, y] {
        uint32_t target = get_write_ptr(0);
        uint64_t source =
            fromDram ? InterleavedAddrGen<true>{get_arg_val<uint32_t>(0), kTile}
                           .get_noc_addr(0)
                     : get_noc_addr(x, y, get_write_ptr(0));
        noc_async_read(source, target, kTile);
        noc_async_read_barrier();
      },
      {address}));
  // A reader on NoC 1 (ReaderDataMovementConfig), whose data flows
  // leftwards: one link from the right-hand neighbour.
  kernels.back().noc = 1;
  RunReport report = device.run(std::move(kernels));
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_TRUE(report.timing.valid);
  return report.timing.cycles;
}

/// tt-metal's one-to-all multicast test (tests/tt_metal/tt_metal/
/// data_movement/one_to_all): core (0, 0) multicasts `count` writes of
/// `bytes` to the `side` x `side` cores from (1, 1), then waits on its
/// write barrier. Returns the predicted cycles.
double multicastLoop(const char *board, uint32_t side, uint32_t bytes,
                     uint32_t count) {
  Device device(*getBoardInfo(board));
  for (uint32_t row = 0; row <= side; ++row)
    for (uint32_t column = 0; column <= side; ++column)
      configure(device, column, row, 0, 1);
  uint32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  device.getWorkerNocCoord(1, 1, x0, y0);
  device.getWorkerNocCoord(side, side, x1, y1);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("sender", 0, 0, [=] {
    // A scratch area past the CBs, the same on every core.
    uint32_t scratch = get_write_ptr(0) + 64 * 1024;
    uint64_t rectangle = get_noc_multicast_addr(x0, y0, x1, y1, 0);
    for (uint32_t i = 0; i < count; ++i)
      noc_async_write_multicast(scratch, rectangle | scratch, bytes,
                                side * side);
    noc_async_write_barrier();
  }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_TRUE(report.timing.valid);
  return report.timing.cycles;
}

/// tt-metal's DRAM packet-size and one-from-one tests: core (0, 0) reads
/// `count` transfers of `bytes` (interleaved DRAM pages of that size, or
/// the L1 of core (1, 0)), then waits on its read barrier. Returns the
/// predicted cycles.
double readLoop(const char *board, bool fromDram, uint32_t bytes,
                uint32_t count) {
  Device device(*getBoardInfo(board));
  uint32_t address = fromDram ? device.allocateDram(bytes * count, bytes) : 0;
  configure(device, 0, 0, 0, 1);
  configure(device, 1, 0, 0, 1);
  uint32_t x = 0, y = 0;
  device.getWorkerNocCoord(1, 0, x, y);
  std::vector<KernelInstance> kernels;
  kernels.push_back(
      kernel("reader", 0, 0,
             [=] {
               uint32_t scratch = get_write_ptr(0) + 64 * 1024;
               InterleavedAddrGen<true> pages{get_arg_val<uint32_t>(0), bytes};
               for (uint32_t i = 0; i < count; ++i)
                 noc_async_read(fromDram ? pages.get_noc_addr(i)
                                         : get_noc_addr(x, y, scratch),
                                scratch, bytes);
               noc_async_read_barrier();
             },
             {address}));
  kernels.back().noc = 1;
  RunReport report = device.run(std::move(kernels));
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_TRUE(report.timing.valid);
  return report.timing.cycles;
}

} // namespace

// tt-metal's unicast read measurements (perf_plots/{wormhole_b0,blackhole}/
// "DRAM Interleaved Packet Sizes.md", the receiver's rows, and "One from
// One Packet Sizes.md"): 256 reads and their barrier. Within +-15 %.
// Left out: Blackhole's DRAM reads of 2 to 16 KiB, which tt-metal measures
// at 21-24 B/cycle against 35 for 64 KiB (the model predicts 0.67-0.71 of
// their time; docs/timing-model.md, "What the model leaves out").
TEST(TimingTest, ReadStreamsLandInTheirBands) {
  struct Row {
    const char *board;
    bool fromDram;
    uint32_t bytes;
    double measured;
  };
  const Row rows[] = {
      {"n150", true, 64, 5515},     {"n150", true, 2048, 23929},
      {"n150", true, 8192, 94156},  {"n150", true, 65536, 762381},
      {"n150", false, 64, 5145},    {"n150", false, 2048, 18722},
      {"n150", false, 8192, 73001}, {"n150", false, 65536, 583636},
      {"p150", true, 64, 9363},     {"p150", true, 65536, 480262},
      {"p150", false, 64, 9279},    {"p150", false, 2048, 9311},
      {"p150", false, 8192, 34303}, {"p150", false, 65536, 271566},
  };
  for (const Row &row : rows) {
    double predicted = readLoop(row.board, row.fromDram, row.bytes, 256);
    EXPECT_GE(predicted, 0.85 * row.measured)
        << row.board << (row.fromDram ? " DRAM " : " core ") << row.bytes;
    EXPECT_LE(predicted, 1.15 * row.measured)
        << row.board << (row.fromDram ? " DRAM " : " core ") << row.bytes;
  }
}

// tt-metal's one-to-all multicast measurements (tests/tt_metal/tt_metal/
// data_movement/documentation/perf_plots/{wormhole_b0,blackhole}/"One to
// All Multicast {2x2,5x5} Packet Sizes without Loopback.md"): 256
// multicasts of 64 B to 64 KiB and their barrier, to a 2x2 and a 5x5 grid.
// The model (per packet, a cost growing with the square root of the
// destinations, fitted to these tables) must land within +-15 % of each.
TEST(TimingTest, MulticastsLandInTheirBands) {
  struct Row {
    const char *board;
    uint32_t side, bytes;
    double measured;
  };
  const Row rows[] = {
      {"n150", 2, 64, 14119},    {"n150", 2, 2048, 30537},
      {"n150", 2, 8192, 81009},  {"n150", 2, 65536, 647698},
      {"n150", 5, 64, 46895},    {"n150", 5, 2048, 63692},
      {"n150", 5, 8192, 115183}, {"n150", 5, 65536, 918861},
      {"p150", 2, 64, 10307},    {"p150", 2, 2048, 18377},
      {"p150", 2, 8192, 43596},  {"p150", 2, 65536, 306853},
      {"p150", 5, 64, 34921},    {"p150", 5, 2048, 46478},
      {"p150", 5, 8192, 72422},  {"p150", 5, 65536, 422795},
  };
  for (const Row &row : rows) {
    double predicted = multicastLoop(row.board, row.side, row.bytes, 256);
    EXPECT_GE(predicted, 0.85 * row.measured)
        << row.board << " " << row.side << "x" << row.side << " " << row.bytes;
    EXPECT_LE(predicted, 1.15 * row.measured)
        << row.board << " " << row.side << "x" << row.side << " " << row.bytes;
  }
}

// tt-metal tech_reports/Saturating_DRAM_bandwidth: a Wormhole reads at 267
// GB/s of its 288 peak (92.7 %); the band: at most 288 GB/s, at
// least 80 % of it.
TEST(TimingTest, DramStreamingOverTheGridLandsInItsBand) {
  RunReport report = streamFromDram(256, 8);
  ASSERT_TRUE(report.ok) << report.error;
  ASSERT_TRUE(report.timing.valid);
  double bytes = double(report.timing.dramBytesRead);
  EXPECT_EQ(bytes, 64.0 * 256 * kTile);
  double gbPerSecond = bytes / report.timing.seconds() / 1e9;
  EXPECT_LE(gbPerSecond, 288.0);
  EXPECT_GE(gbPerSecond, 0.8 * 288.0);
  // The roofline's memory bound is the bytes at the peak.
  EXPECT_NEAR(report.timing.memoryBoundCycles, bytes / 288.0, 1.0);
}

// One core alone streams at its own DRAM rate (22 B/cycle, tt-metal's
// data_movement ideal_performance.md) with 32 reads in flight; with one
// barrier per tile it has one tile in flight and is latency-bound: a 2 KB
// read per 483 cycles.
TEST(TimingTest, ABarrierPerTileIsLatencyBound) {
  RunReport batched = streamFromDram(128, 32, 1, 1);
  ASSERT_TRUE(batched.ok) << batched.error;
  double batchedRate =
      double(batched.timing.dramBytesRead) / batched.timing.cycles;
  EXPECT_GT(batchedRate, 0.8 * 22);
  EXPECT_LE(batchedRate, 22);
  RunReport report = streamFromDram(128, 1, 1, 1);
  ASSERT_TRUE(report.ok) << report.error;
  double rate = double(report.timing.dramBytesRead) / report.timing.cycles;
  EXPECT_LT(rate, 0.25 * batchedRate);
  // And the readers wait on their barriers most of the time.
  double waited = 0, total = 0;
  for (const ThreadTiming &thread : report.timing.threads) {
    total += report.timing.cycles;
    auto found = thread.blockedCycles.find("noc_async_read_barrier");
    if (found != thread.blockedCycles.end())
      waited += found->second;
  }
  EXPECT_GT(waited / total, 0.7);
}

// tt-metal tech_reports/GEMM_FLOPS: a 32x32x32 tile takes 16 cycles per
// fidelity phase (LoFi 1, HiFi2 2, HiFi4 4). The math engine's work is
// exactly that; the loop's time per tile is the math engine's where it is
// the slowest stage (HiFi2, HiFi4), the unpacker's two bf16 tiles (4 KiB
// at 80 B/cycle, 51 + 8 cycles) at LoFi, plus the handshakes the two-deep
// source registers do not hide: at most 15 % more, as tt-metal issue
// #55760 measures (34.5-36.9 cycles per HiFi2 tile against the ideal 32).
TEST(TimingTest, MatmulCyclesFollowTheFidelity) {
  const uint32_t count = 1000;
  for (uint32_t phases : {1u, 2u, 4u}) {
    RunReport report = matmulLoop(phases, count);
    ASSERT_TRUE(report.ok) << report.error;
    ASSERT_TRUE(report.timing.valid);
    double matmul = 0;
    for (const ThreadTiming &thread : report.timing.threads)
      if (thread.thread == "compute.math")
        matmul = thread.workCycles.at("matmul");
    EXPECT_DOUBLE_EQ(matmul, 16.0 * phases * count) << phases;
    double perTile = report.timing.cycles / count;
    double expected = std::max(16.0 * phases, 8 + 4096 / 80.0);
    EXPECT_GE(perTile, expected) << phases;
    EXPECT_LE(perTile, expected * 1.15) << phases;
  }
}

// matmul_block holds in0's tile across a row of the block when ct_dim >=
// rt_dim (tt-llk llk_unpack_AB_matmul.h): of a row's four products, the
// first unpacks both bf16 tiles (8 + 4096 / 80 cycles), the other three
// in1's alone (8 + 2048 / 64). The math work is matmul_tiles'; the time per
// product is the slower of the math and that mean unpack, plus at most
// 15 %.
TEST(TimingTest, MatmulBlockUnpacksTheHeldOperandOncePerRow) {
  const uint32_t calls = 250;
  for (uint32_t phases : {1u, 2u, 4u}) {
    RunReport report = matmulBlockLoop(phases, calls);
    ASSERT_TRUE(report.ok) << report.error;
    ASSERT_TRUE(report.timing.valid);
    double matmul = 0, unpack = 0;
    for (const ThreadTiming &thread : report.timing.threads) {
      if (thread.thread == "compute.math")
        matmul = thread.workCycles.at("matmul");
      if (thread.thread == "compute.unpack")
        unpack = thread.workCycles.at("unpack");
    }
    const double products = 8.0 * calls;
    EXPECT_DOUBLE_EQ(matmul, 16.0 * phases * products) << phases;
    double unpackPerProduct = ((8 + 4096 / 80.0) + 3 * (8 + 2048 / 64.0)) / 4;
    // (The log keeps cycles in fixed point: 59.2 is 59.1875.)
    EXPECT_NEAR(unpack / products, unpackPerProduct, 0.01) << phases;
    double perProduct = report.timing.cycles / products;
    double expected = std::max(16.0 * phases, unpackPerProduct);
    EXPECT_GE(perProduct, expected) << phases;
    EXPECT_LE(perProduct, expected * 1.15) << phases;
  }
}

// tt-llk issues #130 and #131 (Wormhole, bf16): tilize's unpacker takes
// ~52 cycles per tile and its packer ~45; unpack untilize's unpacker ~393
// and its packer ~47. Both are unpack-bound: a loop of them takes the
// unpacker's time per tile, plus at most 15 % for the handshakes and the
// inits.
TEST(TimingTest, TilizeAndUntilizeAreUnpackBound) {
  for (bool tilize : {true, false}) {
    RunReport report = layoutLoop(tilize);
    ASSERT_TRUE(report.ok) << report.error;
    ASSERT_TRUE(report.timing.valid);
    double perTile = report.timing.cycles / 128;
    double expected = tilize ? 52 : 393;
    EXPECT_GE(perTile, expected) << tilize;
    EXPECT_LE(perTile, expected * 1.15) << tilize;
  }
}

// tt-metal tests/tt_metal/tt_metal/data_movement perf_plots ("One from One
// Packet Sizes", "DRAM Interleaved Packet Sizes", Wormhole): a 2 KB read
// with its barrier takes 364 cycles from a neighbouring core and 463 from
// DRAM; the bands are +-20 %.
TEST(TimingTest, OneTileNocPingLandsInItsBand) {
  double fromCore = readOneTile(false);
  EXPECT_GE(fromCore, 0.8 * 364);
  EXPECT_LE(fromCore, 1.2 * 364);
  double fromDram = readOneTile(true);
  EXPECT_GE(fromDram, 0.8 * 463);
  EXPECT_LE(fromDram, 1.2 * 463);
}

TEST(TimingTest, TheTimelineIsTheSameEveryRun) {
  std::string first = streamFromDram(32, 4).timing.formatJson();
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(streamFromDram(32, 4).timing.formatJson(), first);
}

// A consumer blocked on a CB resumes when the producer's push happened in
// the producer's clock, plus the handshake.
TEST(TimingTest, AWaitEndsAtThePush) {
  Device device(*getBoardInfo("n150"));
  uint32_t address = device.allocateDram(kTile, kTile);
  configure(device, 0, 0, 0, 1);
  std::vector<KernelInstance> kernels;
  kernels.push_back(
      kernel("reader", 0, 0,
             [] {
               cb_reserve_back(0, 1);
               InterleavedAddrGen<true> tiles{get_arg_val<uint32_t>(0), kTile};
               noc_async_read(tiles.get_noc_addr(0), get_write_ptr(0), kTile);
               noc_async_read_barrier();
               cb_push_back(0, 1);
             },
             {address}));
  kernels.push_back(kernel("writer", 0, 0, [] {
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  const TimingParams &params = *getDefaultTiming("wormhole_b0");
  const ThreadTiming &reader = report.timing.threads[0];
  const ThreadTiming &writer = report.timing.threads[1];
  double waited = writer.blockedCycles.at("cb_wait_front(cb 0)");
  // The writer waited from its first call's end to the push's arrival.
  EXPECT_DOUBLE_EQ(params.cbApiCycles + waited,
                   reader.endCycles + params.cbHandshakeCycles);
  EXPECT_DOUBLE_EQ(writer.endCycles, reader.endCycles +
                                         params.cbHandshakeCycles +
                                         params.cbApiCycles);
}

TEST(TimingTest, OverridesNameTheirLine) {
  TimingParams params = *getDefaultTiming("wormhole_b0");
  unsigned line = 0;
  std::string error;
  EXPECT_TRUE(applyTimingOverrides("# calibrated on my card\n"
                                   "dramLatencyCycles = 500\n\n"
                                   "clockGHz=1.1 # AICLK\n",
                                   params, line, error))
      << error;
  EXPECT_EQ(params.dramLatencyCycles, 500);
  EXPECT_EQ(params.clockGHz, 1.1);
  EXPECT_FALSE(applyTimingOverrides("clockGHz = 1\nwarpSpeed = 9\n", params,
                                    line, error));
  EXPECT_EQ(line, 2u);
  EXPECT_EQ(error, "no timing parameter is named `warpSpeed`");
  EXPECT_FALSE(
      applyTimingOverrides("nocBytesPerCycle = 0\n", params, line, error));
  EXPECT_EQ(line, 1u);
  EXPECT_FALSE(
      applyTimingOverrides("dramEfficiency = 1.5\n", params, line, error));
  EXPECT_FALSE(
      applyTimingOverrides("maxReadsInFlight 4\n", params, line, error));
  EXPECT_NE(error.find("name = value"), std::string::npos);
  // Every parameter can be overridden by the name listTimingParams gives.
  for (const auto &[name, value] : listTimingParams(params))
    EXPECT_TRUE(applyTimingOverrides(name + " = " + std::to_string(value),
                                     params, line, error))
        << name << ": " << error;
}
