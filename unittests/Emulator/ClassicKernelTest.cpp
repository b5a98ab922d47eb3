//===- ClassicKernelTest.cpp - tt-metal's kernel conventions, emulated ----===//
//
// What tt-metal's own kernels include and call besides the API proper:
// the classic include paths (dataflow_api.h, compute_kernel_api/...),
// hostdevcommon's VALID/INVALID, DPRINT (the prefix of tt-metal's DPRINT
// server, one line per TRISC in a compute kernel), the watcher's ASSERT,
// mod_div_lib.h's constant divisions as the device computes them, and the
// profiler's zone macros, and the older matmul API ttnn's kernels call
// (mm_block_init and its short forms, spilling partials with
// matmul_pack_tile and copy_block_matmul_partials).
//
//===----------------------------------------------------------------------===//

#include "ComputeRun.h"
#include "compute_kernel_api.h"
#include "compute_kernel_api/eltwise_unary/fill.h"
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/pack_untilize.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "dataflow_api.h"
#include "debug/assert.h"
#include "debug/dprint.h"
#include "hostdevcommon/common_values.hpp"
#include "mod_div_lib.h"
#include "tilt/Emulator/Emulator.h"
#include "tools/profiler/kernel_profiler.hpp"

#include "gtest/gtest.h"

using namespace tilt::emu;

namespace {

KernelInstance kernel(const std::string &role, uint32_t column, uint32_t row,
                      std::function<void()> entry, uint8_t processor = 0) {
  KernelInstance instance;
  instance.name = role;
  instance.role = role;
  instance.column = column;
  instance.row = row;
  instance.processor = processor;
  instance.entry = std::move(entry);
  return instance;
}

RunReport runAlone(KernelInstance instance) {
  Device device(*getBoardInfo("n150"));
  std::vector<KernelInstance> kernels;
  kernels.push_back(std::move(instance));
  return device.run(std::move(kernels));
}

/// What `instance` prints on the host's standard output, run alone (it
/// must run to its end).
std::string printedBy(KernelInstance instance) {
  testing::internal::CaptureStdout();
  RunReport report = runAlone(std::move(instance));
  std::string out = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(report.ok) << report.error;
  return out;
}

} // namespace

TEST(ClassicKernelTest, DprintLinesCarryTheDprintServerPrefix) {
  std::string out = printedBy(kernel(
      "writer", 1, 2,
      [] {
        DeviceZoneScopedN("WRITER");
        int8_t small = -3;
        DPRINT << "x = " << 5 << ", small " << small << ", flag " << VALID
               << ENDL();
        DPRINT << SETPRECISION(3) << FIXED() << 1.5f << ' ' << HEX() << 255u
               << DEC() << ' ' << BF16(0x3fc0) << ENDL();
        DPRINT << "partial ";
        DPRINT << "line" << ENDL();
        DPRINT_DATA0(DPRINT << "never on NCRISC" << ENDL());
        DPRINT_DATA1(DPRINT << "on NCRISC" << ENDL());
      },
      /*processor=*/1));
  EXPECT_EQ(out, "0:(x=1,y=2):NC: x = 5, small -3, flag 1\n"
                 "0:(x=1,y=2):NC: 1.500 ff 1.500\n"
                 "0:(x=1,y=2):NC: partial line\n"
                 "0:(x=1,y=2):NC: on NCRISC\n");
}

TEST(ClassicKernelTest, AComputeKernelPrintsFromEachTrisc) {
  std::string out = printedBy(kernel("compute", 0, 0, [] {
    DPRINT << "all" << ENDL();
    DPRINT_MATH(DPRINT << "math" << ENDL());
    DPRINT_PACK(DPRINT << "pack" << ENDL());
  }));
  EXPECT_EQ(out, "0:(x=0,y=0):TR0: all\n0:(x=0,y=0):TR1: all\n"
                 "0:(x=0,y=0):TR2: all\n0:(x=0,y=0):TR1: math\n"
                 "0:(x=0,y=0):TR2: pack\n");
}

TEST(ClassicKernelTest, AFalseAssertStopsTheRunAtItsLine) {
  RunReport report = runAlone(kernel("reader", 0, 0, [] {
    uint32_t tiles = 3;
    ASSERT(tiles == 3);
    ASSERT(tiles % 2 == 0, "tiles must be even");
  }));
  ASSERT_FALSE(report.ok);
  EXPECT_NE(report.error.find("ASSERT(tiles % 2 == 0) failed on line"),
            std::string::npos)
      << report.error;
  EXPECT_NE(report.error.find("core (0, 0)"), std::string::npos)
      << report.error;
}

TEST(ClassicKernelTest, ConstantDivisionsAreTheDevices) {
  // Exact where tt-metal's constants are.
  EXPECT_EQ(udivsi3_const_divisor<12>(4294967295u), 4294967295u / 12);
  EXPECT_EQ(udivsi3_const_divisor<94>(4000000000u), 4000000000u / 94);
  EXPECT_EQ(udivsi3_const_divisor<7>(100), 14u);
  EXPECT_EQ(umodsi3_const_divisor<7>(100), 2u);
  EXPECT_EQ(udivsi3_const_divisor<0>(100), 0u);
  // Not exact where the device is not: 56 from 1431655791 on, 124 divides
  // by 62, 126 from 72796121 on.
  EXPECT_EQ(udivsi3_const_divisor<56>(1431655790u), 1431655790u / 56);
  EXPECT_EQ(udivsi3_const_divisor<56>(1431655791u), 1431655791u / 56 + 1);
  EXPECT_EQ(udivsi3_const_divisor<124>(620), 10u);
  EXPECT_EQ(umodsi3_const_divisor<124>(620), 620u - 10u * 124u);
  EXPECT_EQ(udivsi3_const_divisor<126>(72796120u), 72796120u / 126);
  EXPECT_NE(udivsi3_const_divisor<126>(72796121u), 72796121u / 126);
}

/// A 1x2-tile block of ones times twos and threes, spilled to a Float32
/// partials CB and reloaded, then accumulated again, as ttnn's bmm kernel
/// does across K blocks; with `withDataFormat` the matmul init after the
/// reload is mm_block_init_short_with_dt, else mm_block_init_short.
std::string runSpilledMatmul(bool withDataFormat, std::vector<float> &out) {
  ComputeRun run({{0, kBF16}, {1, kBF16}, {24, kF32}}, /*pages=*/2);
  run.instance.fp32DestAcc = true;
  return run.run([withDataFormat, &out] {
    mm_block_init(0, 1, 24, 0, 2, 1, 1);
    pushFilledTile(0, 1.0f);
    std::vector<float> twoTiles(2048, 2.0f);
    std::fill(twoTiles.begin() + 1024, twoTiles.end(), 3.0f);
    pushData(1, twoTiles);
    cb_wait_front(1, 2);
    // DST += the block's product, spilled to the partials CB.
    auto multiplyAndSpill = [] {
      matmul_block(0, 1, 0, 0, 0, false, 2, 1, 1);
      tile_regs_commit();
      tile_regs_wait();
      cb_reserve_back(24, 2);
      matmul_pack_tile(0, 24, 2);
      tile_regs_release();
      cb_push_back(24, 2);
    };
    tile_regs_acquire();
    multiplyAndSpill();
    // The next K block: reload the partials, then multiply again.
    cb_wait_front(24, 2);
    copy_tile_to_dst_init_short_with_dt(1, 24);
    tile_regs_acquire();
    copy_block_matmul_partials(24, 0, 0, 2);
    cb_pop_front(24, 2);
    if (withDataFormat)
      mm_block_init_short_with_dt(0, 1, 24, 0, 2, 1, 1);
    else
      mm_block_init_short(0, 1, 0, 2, 1, 1);
    multiplyAndSpill();
    cb_wait_front(24, 2);
    std::vector<float> data = readData(24, 2048);
    out = {data[0], data[1024]};
    cb_pop_front(24, 2);
    cb_pop_front(0, 1);
    cb_pop_front(1, 2);
  });
}

TEST(ClassicKernelTest, TheOlderMatmulInitsConfigureAndSpillPartials) {
  std::vector<float> out;
  EXPECT_EQ(runSpilledMatmul(true, out), "");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], 2 * 32 * 2.0f);
  EXPECT_EQ(out[1], 2 * 32 * 3.0f);
  // The short init keeps SrcA as the reload left it (Float32).
  std::string error = runSpilledMatmul(false, out);
  EXPECT_NE(error.find("through SrcA, but SrcA is configured for Float32"),
            std::string::npos)
      << error;
}

TEST(ClassicKernelTest, TheOlderPackUntilizeNamesPackRows) {
  std::vector<float> row;
  EXPECT_EQ(runPackUntilizeDest([] { pack_untilize_dst_init_short<2>(24); },
                                [] { pack_untilize_dst<2>(24); }, row),
            "");
  std::vector<float> expected(32, 1.0f);
  expected.resize(64, 2.0f);
  EXPECT_EQ(row, expected);
}

TEST(ClassicKernelTest, RuntimeArgumentsAreInL1) {
  // tt-metal kernels read their arguments through get_arg_addr's pointer.
  Device device(*getBoardInfo("n150"));
  std::vector<KernelInstance> kernels;
  uint32_t read[3] = {0, 0, 0};
  for (uint32_t k = 0; k < 2; ++k) {
    KernelInstance instance = kernel(k ? "writer" : "reader", 0, 0, [&read, k] {
      auto *args = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(
          uintptr_t(get_arg_addr(0)));
      if (k == 0) {
        read[0] = args[0];
        read[1] = args[1];
      } else {
        read[2] = args[0];
      }
      EXPECT_EQ(get_tile_hw(0), 1024u);
    });
    instance.runtimeArgs =
        k ? std::vector<uint32_t>{30} : std::vector<uint32_t>{10, 20};
    kernels.push_back(std::move(instance));
  }
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(read[0], 10u);
  EXPECT_EQ(read[1], 20u);
  EXPECT_EQ(read[2], 30u);

  RunReport beyond = runAlone(kernel("reader", 0, 0, [] { get_arg_addr(2); }));
  EXPECT_NE(beyond.error.find("get_arg_addr(2): the host set 0 runtime "
                              "arguments on this core"),
            std::string::npos)
      << beyond.error;
}
