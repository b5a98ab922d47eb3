//===- ComputeEngineTest.cpp - The emulator's hardware rules --------------===//
//
// One test per rule of the compute engine that decides the numbers
// (docs/emulator.md, "What the emulator models"): the configured formats of
// SrcA, SrcB and the packer, matmul's source order, TF32 in the source
// registers, UnpackToDestFp32, a 16-bit DST that rounds every result, the
// half-sync DST capacity, the packer's reduce edge mask, packer rounding
// and L1 accumulation, tilize and untilize. Kernels are lambdas calling the
// emulated API.
//
//===----------------------------------------------------------------------===//

#include "ComputeRun.h"
#include "tilt/Emulator/Emulator.h"
// reduce.h has no default for these, like the real header.
#define REDUCE_OP PoolType::SUM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#include "api/compute/common.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/reduce.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"
#include "tt-metalium/tilize_utils.hpp"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace tilt::emu;

namespace {

//===----------------------------------------------------------------------===//
// Format state
//===----------------------------------------------------------------------===//

TEST(ComputeEngineTest, UnpackingWithAnotherConfiguredFormatIsAnError) {
  // The GEMM bug: a bf16 startup, then fp32 partials reloaded with
  // copy_tile_init + copy_tile (tile_move_copy.h: copy_tile_init does not
  // reconfigure the unpacker).
  auto reload = [](std::function<void()> init) {
    ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kF32}, {24, kF32}});
    return run.run([init] {
      compute_kernel_hw_startup<SrcOrder::Reverse>(0, 1, 16);
      pushFilledTile(24, 1.5f);
      tile_regs_acquire();
      init();
      copy_tile(24, 0, 0);
      packElement(16);
      cb_pop_front(24, 1);
    });
  };
  EXPECT_EQ(reload([] { copy_tile_init(24); }),
            "core (0, 0) compute: copy_tile unpacks cb 24 (Float32) through "
            "SrcA, but SrcA is configured for Float16_b (set by "
            "compute_kernel_hw_startup<SrcOrder::Reverse> from cb 1); "
            "reconfigure it first");
  EXPECT_EQ(reload([] {
              reconfig_data_format_srca(24);
              copy_tile_init(24);
            }),
            "");
  EXPECT_EQ(reload([] { copy_tile_to_dst_init_short_with_dt(1, 24); }), "");
  // The (old, new) form compares the two CBs' formats, not the register:
  // old = 16 is Float32 like 24, so nothing is reconfigured.
  EXPECT_NE(reload([] { reconfig_data_format_srca(16, 24); }), "");
}

TEST(ComputeEngineTest, PackingWithAnotherConfiguredFormatIsAnError) {
  ComputeRun run({{0, kBF16}, {16, kBF16}, {24, kF32}});
  EXPECT_EQ(run.run([] {
    compute_kernel_hw_startup(0, 0, 16);
    tile_regs_acquire();
    fill_tile(0, 1.0f);
    packElement(24);
  }),
            "core (0, 0) compute: pack_tile packs into cb 24 (Float32), but "
            "the packer is configured for Float16_b (set by "
            "compute_kernel_hw_startup from cb 16); reconfigure it first");
  ComputeRun fixed({{0, kBF16}, {16, kBF16}, {24, kF32}});
  EXPECT_EQ(fixed.run([] {
    compute_kernel_hw_startup(0, 0, 16);
    pack_reconfig_data_format(24);
    tile_regs_acquire();
    fill_tile(0, 1.0f);
    packElement(24);
  }),
            "");
}

TEST(ComputeEngineTest, NothingUnpacksBeforeTheStartup) {
  ComputeRun run({{0, kBF16}, {16, kBF16}});
  EXPECT_EQ(run.run([] {
    pushFilledTile(0, 1.0f);
    tile_regs_acquire();
    copy_tile(0, 0, 0);
  }),
            "core (0, 0) compute: copy_tile unpacks cb 0 (Float16_b) through "
            "SrcA, but no call has configured SrcA (compute_kernel_hw_startup "
            "comes first)");
}

TEST(ComputeEngineTest, MatmulUnpacksIn0ToSrcBAndIn1ToSrcA) {
  // Operands of two formats: only the reverse order configures them right.
  auto matmul = [](SrcOrder order) {
    ComputeRun run({{0, kBF16}, {1, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    return run.run([order] {
      if (order == SrcOrder::Reverse)
        compute_kernel_hw_startup<SrcOrder::Reverse>(0, 1, 16);
      else
        compute_kernel_hw_startup<SrcOrder::Regular>(0, 1, 16);
      pushFilledTile(0, 1.0f);
      pushFilledTile(1, 1.0f);
      tile_regs_acquire();
      matmul_init(0, 1);
      matmul_tiles(0, 1, 0, 0, 0);
      EXPECT_EQ(packElement(16), 32.0f);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
    });
  };
  EXPECT_EQ(matmul(SrcOrder::Reverse), "");
  EXPECT_EQ(matmul(SrcOrder::Regular),
            "core (0, 0) compute: matmul_tiles unpacks in0 cb 0 (Float16_b) "
            "through SrcB, but SrcB is configured for Float32 (set by "
            "compute_kernel_hw_startup from cb 1); reconfigure it first "
            "(matmul unpacks in0 to SrcB and in1 to SrcA: "
            "compute_kernel_hw_startup<SrcOrder::Reverse>(in0, in1, out) "
            "configures them so)");
}

//===----------------------------------------------------------------------===//
// Precision
//===----------------------------------------------------------------------===//

TEST(ComputeEngineTest, Fp32ThroughSourceRegistersIsTf32) {
  // 1 + 2^-20 needs 20 mantissa bits; TF32 keeps 10 (truncated).
  float precise = 1.0f + 0x1p-20f;
  EXPECT_EQ(roundToTF32(precise), 1.0f);
  EXPECT_EQ(roundToTF32(1.0f + 0x1p-10f + 0x1p-11f), 1.0f + 0x1p-10f);
  ComputeRun run({{0, kF32}, {1, kF32}, {16, kF32}});
  run.instance.fp32DestAcc = true;
  float sum = 0;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 1, 16);
    pushFilledTile(0, precise);
    pushFilledTile(1, 0.0f);
    tile_regs_acquire();
    add_tiles_init(0, 1);
    add_tiles(0, 1, 0, 0, 0);
    sum = packElement(16);
    cb_pop_front(0, 1);
    cb_pop_front(1, 1);
  }),
            "");
  EXPECT_EQ(sum, 1.0f);
}

TEST(ComputeEngineTest, UnpackToDestFp32KeepsFp32Exact) {
  float precise = 1.0f + 0x1p-20f;
  auto copy = [precise](bool toDest, float &out) {
    ComputeRun run({{0, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    run.instance.unpackToDestFp32 = toDest ? 1u : 0u;
    return run.run([&out, precise] {
      compute_kernel_hw_startup(0, 0, 16);
      pushFilledTile(0, precise);
      tile_regs_acquire();
      copy_tile_init(0);
      copy_tile(0, 0, 0);
      out = packElement(16);
      cb_pop_front(0, 1);
    });
  };
  float exact = 0, truncated = 0;
  EXPECT_EQ(copy(true, exact), "");
  EXPECT_EQ(copy(false, truncated), "");
  EXPECT_EQ(exact, precise);
  EXPECT_EQ(truncated, 1.0f);

  // Such a CB cannot go through SrcA or SrcB.
  ComputeRun run({{0, kF32}, {16, kF32}});
  run.instance.fp32DestAcc = true;
  run.instance.unpackToDestFp32 = 1;
  EXPECT_EQ(run.run([] {
    compute_kernel_hw_startup(0, 0, 16);
    pushFilledTile(0, 1.0f);
    tile_regs_acquire();
    add_tiles(0, 0, 0, 0, 0);
  }),
            "core (0, 0) compute: add_tiles unpacks cb 0 through SrcA, but "
            "the CB is in UnpackToDestFp32 mode "
            "(ComputeConfig::unpack_to_dest_mode), in which the unpacker "
            "writes it to DST: only copy_tile may read it");
}

TEST(ComputeEngineTest, SixteenBitDstRoundsEveryResult) {
  // 1 + 2^-8 is halfway between two bf16 numbers. A 16-bit DST rounds the
  // sum of the first add to even (1.0), and again after the second; an
  // fp32 DST keeps 1 + 2^-7, which bf16 holds.
  auto twoAdds = [](bool fp32Dest, float &out) {
    ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
    run.instance.fp32DestAcc = fp32Dest;
    return run.run([&out] {
      compute_kernel_hw_startup(0, 1, 16);
      pushFilledTile(0, 1.0f);
      pushFilledTile(1, 0x1p-8f);
      tile_regs_acquire();
      add_tiles(0, 1, 0, 0, 0);
      binary_dest_reuse_tiles<ELWADD, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(
          1, 0, 0);
      out = packElement(16);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
    });
  };
  float sixteen = 0, thirtyTwo = 0;
  EXPECT_EQ(twoAdds(false, sixteen), "");
  EXPECT_EQ(twoAdds(true, thirtyTwo), "");
  EXPECT_EQ(sixteen, 1.0f);
  EXPECT_EQ(thirtyTwo, 1.0f + 0x1p-7f);
}

TEST(ComputeEngineTest, TheFpuKeepsAnInfinityOnlyBesideSmallValues) {
  // The FPU defines Inf + Inf and -Inf - Inf only; an infinity beside a
  // finite value is an ordinary number (exponent 255), which a value below
  // 2^103 cannot move and a larger one can: NaN, undefined, in the
  // emulator (tt-metal tech_reports/Handling_Special_Value).
  auto add = [](float a, float b, float &out) {
    ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
    return run.run([&] {
      compute_kernel_hw_startup(0, 1, 16);
      pushFilledTile(0, a);
      pushFilledTile(1, b);
      tile_regs_acquire();
      add_tiles(0, 1, 0, 0, 0);
      out = packElement(16);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
    });
  };
  float small = 0, large = 0, both = 0, opposite = 0;
  EXPECT_EQ(add(-INFINITY, 1e30f, small), "");
  EXPECT_EQ(add(-INFINITY, 0x1p110f, large), "");
  EXPECT_EQ(add(-INFINITY, -INFINITY, both), "");
  EXPECT_EQ(add(INFINITY, -INFINITY, opposite), "");
  EXPECT_EQ(small, -INFINITY);
  EXPECT_TRUE(std::isnan(large));
  EXPECT_EQ(both, -INFINITY);
  EXPECT_TRUE(std::isnan(opposite));
}

TEST(ComputeEngineTest, MatmulIntoAnInfiniteDstKeepsTheFpuRules) {
  // An infinity preloaded into an fp32 DST (FlashAttention's -inf mask) is
  // an ordinary number to the FPU: products of 2^115 move it (NaN, where
  // IEEE would keep it), small ones keep it; the finite elements of the
  // same tile add as usual.
  auto run = [](float scale, float &masked, float &open) {
    ComputeRun run({{0, kBF16}, {1, kBF16}, {2, kBF16}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    return run.run([&] {
      compute_kernel_hw_startup<SrcOrder::Reverse>(0, 1, 16);
      pushFilledTile(0, scale);
      pushFilledTile(1, scale);
      cb_reserve_back(2, 1);
      // bf16 -inf at [0, 0], 0.5 elsewhere.
      uint16_t *mask =
          reinterpret_cast<uint16_t *>(uintptr_t(get_write_ptr(2)));
      for (uint32_t i = 0; i < 1024; ++i)
        mask[i] = i == 0 ? 0xff80 : 0x3f00;
      cb_push_back(2, 1);
      for (uint32_t cb : {0, 1, 2})
        cb_wait_front(cb, 1);
      tile_regs_acquire();
      copy_tile_init(2);
      copy_tile(2, 0, 0);
      matmul_init(0, 1);
      matmul_tiles(0, 1, 0, 0, 0);
      tile_regs_commit();
      tile_regs_wait();
      cb_reserve_back(16, 1);
      pack_tile(0, 16);
      tile_regs_release();
      cb_push_back(16, 1);
      cb_wait_front(16, 1);
      masked = readElement(16, 0, 0);
      open = readElement(16, 0, 1);
      cb_pop_front(16, 1);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
      cb_pop_front(2, 1);
    });
  };
  float small = 0, smallOpen = 0, large = 0, largeOpen = 0;
  EXPECT_EQ(run(1.0f, small, smallOpen), "");
  EXPECT_EQ(run(0x1p55f, large, largeOpen), "");
  EXPECT_EQ(small, -INFINITY);
  EXPECT_EQ(smallOpen, 32.5f);
  EXPECT_TRUE(std::isnan(large));
  EXPECT_EQ(largeOpen, 0x1p115f);
}

TEST(ComputeEngineTest, SfpuResultsAreTruncatedInA16BitDst) {
  // 1 + 2^-8 + 2^-9 (an f32 scalar added to 1.0): bf16 neighbours 1.0 and
  // 1.0078125; add_unary_tile does not round (ckernel_sfpu_binop_with_
  // scalar.h), so SFPSTORE's truncation gives the lower although the upper
  // is nearer.
  ComputeRun run({{0, kBF16}, {16, kBF16}});
  float out = 0;
  float scalar = 0x1p-8f + 0x1p-9f;
  uint32_t bits;
  std::memcpy(&bits, &scalar, 4);
  EXPECT_EQ(run.run([&out, bits] {
    compute_kernel_hw_startup(0, 0, 16);
    pushFilledTile(0, 1.0f);
    tile_regs_acquire();
    copy_tile(0, 0, 0);
    binop_with_scalar_tile_init();
    add_unary_tile(0, bits);
    out = packElement(16);
    cb_pop_front(0, 1);
  }),
            "");
  EXPECT_EQ(out, 1.0f);
}

TEST(ComputeEngineTest, PackerRoundsTiesAwayFromZero) {
  EXPECT_EQ(packRound(1.0f + 0x1p-8f, kBF16), 1.0f + 0x1p-7f);
  EXPECT_EQ(packRound(-(1.0f + 0x1p-8f), kBF16), -(1.0f + 0x1p-7f));
  EXPECT_EQ(roundToBF16(1.0 + 0x1p-8), 1.0f); // to even, for comparison
  EXPECT_EQ(packRound(1.0f + 0x1p-9f, kBF16), 1.0f);
}

TEST(ComputeEngineTest, HalfSyncDstHoldsEightOrFourTiles) {
  auto touch = [](bool fp32Dest, bool fullSync, uint32_t index) {
    ComputeRun run({{0, kBF16}, {16, kBF16}});
    run.instance.fp32DestAcc = fp32Dest;
    run.instance.dstFullSync = fullSync;
    return run.run([index] {
      compute_kernel_hw_startup(0, 0, 16);
      tile_regs_acquire();
      fill_tile(index, 1.0f);
      tile_regs_commit();
      tile_regs_wait();
      tile_regs_release();
    });
  };
  EXPECT_EQ(touch(false, false, 7), "");
  EXPECT_EQ(touch(false, false, 8),
            "core (0, 0) compute: fill_tile: DST index 8 is out of range (DST "
            "holds 8 tiles per acquire with 16-bit data in half-sync mode)");
  EXPECT_EQ(touch(true, false, 3), "");
  EXPECT_EQ(touch(true, false, 4),
            "core (0, 0) compute: fill_tile: DST index 4 is out of range (DST "
            "holds 4 tiles per acquire with fp32 data in half-sync mode)");
  EXPECT_EQ(touch(false, true, 15), "");
  EXPECT_EQ(touch(true, true, 8),
            "core (0, 0) compute: fill_tile: DST index 8 is out of range (DST "
            "holds 8 tiles per acquire with fp32 data in full-sync mode)");
}

//===----------------------------------------------------------------------===//
// Reduce and the packer's edge mask
//===----------------------------------------------------------------------===//

TEST(ComputeEngineTest, TheFpuReduceHasNoMinimum) {
  // _llk_math_reduce_ pools by max (GMPOOL) or else sums (GAPOOL): a MIN
  // would be a sum on the device.
  ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
  EXPECT_EQ(run.run([] {
    compute_kernel_hw_startup(0, 1, 16);
    pushFilledTile(0, 1.0f);
    pushFilledTile(1, 1.0f);
    tile_regs_acquire();
    reduce_init<PoolType::MIN, ReduceDim::REDUCE_ROW>(0, 1, 16);
    reduce_tile<PoolType::MIN, ReduceDim::REDUCE_ROW>(0, 1, 0, 0, 0);
  }),
            "core (0, 0) compute: reduce_tile<PoolType::MIN>: the FPU's reduce "
            "pools by SUM, AVG or MAX (sfpu_reduce has MIN)");
}

TEST(ComputeEngineTest, TheReduceMaskHoldsOnlyUntilReduceUninit) {
  // A row sum of a tile of ones: 32 in column 0. Packed before
  // reduce_uninit, the mask keeps the first datum of every face row
  // (columns 0 and 16) and zeroes the rest; packed after it, the garbage
  // reduce_tile leaves in columns 1..15 comes out (NaN here).
  auto rowSum = [](bool uninitFirst, std::vector<float> &row) {
    ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
    return run.run([&row, uninitFirst] {
      compute_kernel_hw_startup(0, 1, 16);
      pushFilledTile(0, 1.0f);
      pushFilledTile(1, 1.0f);
      tile_regs_acquire();
      reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 1, 16);
      reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 1, 0, 0, 0);
      if (uninitFirst)
        reduce_uninit();
      tile_regs_commit();
      tile_regs_wait();
      cb_reserve_back(16, 1);
      pack_tile(0, 16);
      if (!uninitFirst)
        reduce_uninit();
      tile_regs_release();
      cb_push_back(16, 1);
      cb_wait_front(16, 1);
      for (uint32_t c = 0; c < 32; ++c)
        row.push_back(readElement(16, 5, c));
      cb_pop_front(16, 1);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
    });
  };
  std::vector<float> masked, unmasked;
  EXPECT_EQ(rowSum(false, masked), "");
  EXPECT_EQ(rowSum(true, unmasked), "");
  ASSERT_EQ(masked.size(), 32u);
  EXPECT_EQ(masked[0], 32.0f);
  for (uint32_t c = 1; c < 32; ++c)
    EXPECT_EQ(masked[c], 0.0f) << "column " << c;
  EXPECT_EQ(unmasked[0], 32.0f);
  for (uint32_t c = 1; c < 16; ++c)
    EXPECT_TRUE(std::isnan(unmasked[c])) << "column " << c;
}

TEST(ComputeEngineTest, L1AccumulationAddsToTheTileInL1) {
  // The API's call and the LLK call ttnn's kernels make.
  for (bool llk : {false, true}) {
    auto pack_reconfig_l1_acc = [llk](uint32_t enable) {
      if (llk)
        PACK((llk_pack_reconfig_l1_acc(enable)));
      else
        ::pack_reconfig_l1_acc(enable);
    };
    ComputeRun run({{0, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    run.instance.unpackToDestFp32 = 1;
    float out = 0;
    EXPECT_EQ(run.run([&out, pack_reconfig_l1_acc] {
      compute_kernel_hw_startup(0, 0, 16);
      cb_reserve_back(16, 1);
      for (uint32_t block = 0; block < 3; ++block) {
        tile_regs_acquire();
        fill_tile(0, 1.25f);
        tile_regs_commit();
        tile_regs_wait();
        pack_reconfig_l1_acc(block == 0 ? 0 : 1);
        pack_tile<true>(0, 16, 0);
        tile_regs_release();
      }
      pack_reconfig_l1_acc(0);
      cb_push_back(16, 1);
      cb_wait_front(16, 1);
      out = readElement(16, 0, 0);
      cb_pop_front(16, 1);
    }),
              "");
    EXPECT_EQ(out, 3.75f) << "llk " << llk;
  }
}

//===----------------------------------------------------------------------===//
// Tilize and untilize
//===----------------------------------------------------------------------===//

/// 32 rows of `columns` row-major values that bf16 holds exactly, no two
/// neighbours alike.
std::vector<float> makeRows(uint32_t columns) {
  std::vector<float> rows(32 * columns);
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i] = float(int(i % 251) - 125);
  return rows;
}

/// tilize.h's protocol: `block` pages of cb 0 become `block` tiles of cb
/// 16.
void tilizeRows(uint32_t block) {
  tilize_init(0, block, 16);
  cb_wait_front(0, block);
  cb_reserve_back(16, block);
  tilize_block(0, block, 16);
  cb_push_back(16, block);
  cb_pop_front(0, block);
  tilize_uninit(0, 16);
}

TEST(ComputeEngineTest, TilizeBlockLaysOutRowsAsTheHostTilizes) {
  for (uint32_t block : {1u, 3u}) {
    ComputeRun run({{0, kBF16}, {16, kBF16}}, block);
    std::vector<float> rows = makeRows(block * 32), tiles;
    EXPECT_EQ(run.run([&] {
      compute_kernel_hw_startup(0, 16);
      pushData(0, rows);
      tilizeRows(block);
      cb_wait_front(16, block);
      tiles = readData(16, block * 1024);
      cb_pop_front(16, block);
    }),
              "");
    EXPECT_EQ(tiles, tilize_nfaces(rows, 32, block * 32)) << "block " << block;
  }
}

TEST(ComputeEngineTest, UntilizeBlockInvertsTilize) {
  // untilize_block<block_ct_dim> copies block_ct_dim tiles per DST section;
  // the rows come out the same for any block that divides the width.
  auto roundTrip = [](std::function<void()> untilize) {
    ComputeRun run({{0, kBF16}, {16, kBF16}, {24, kBF16}}, 4);
    std::vector<float> rows = makeRows(4 * 32), back;
    EXPECT_EQ(run.run([&] {
      compute_kernel_hw_startup(0, 16);
      pushData(0, rows);
      tilizeRows(4);
      untilize_init(16);
      cb_wait_front(16, 4);
      cb_reserve_back(24, 4);
      untilize();
      cb_push_back(24, 4);
      cb_pop_front(16, 4);
      untilize_uninit(16);
      cb_wait_front(24, 4);
      back = readData(24, 4 * 1024);
      cb_pop_front(24, 4);
    }),
              "");
    return back == rows;
  };
  EXPECT_TRUE(roundTrip([] { untilize_block(16, 4, 24); }));
  EXPECT_TRUE(roundTrip([] { untilize_block<2>(16, 4, 24); }));
}

TEST(ComputeEngineTest, TilizeKeepsFp32OnlyWhenUnpackedToDest) {
  // tt-llk _llk_unpack_tilize_ writes DST directly for a CB in
  // UnpackToDestFp32 mode; otherwise fp32 goes through SrcA as TF32, or
  // without fp32_dest_acc_en as Float16 (every CB is Float32), which
  // flushes 1e-5 to zero (tt-metal issue #21023).
  auto tilize = [](bool fp32Dest, bool toDest, float value) {
    ComputeRun run({{0, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = fp32Dest;
    run.instance.unpackToDestFp32 = toDest ? 1u : 0u;
    float out = -1;
    EXPECT_EQ(run.run([&] {
      compute_kernel_hw_startup(0, 16);
      pushData(0, std::vector<float>(1024, value));
      tilizeRows(1);
      cb_wait_front(16, 1);
      out = readElement(16, 31, 31);
      cb_pop_front(16, 1);
    }),
              "");
    return out;
  };
  float precise = 1.0f + 0x1p-20f;
  EXPECT_EQ(tilize(true, true, precise), precise);
  EXPECT_EQ(tilize(true, false, precise), 1.0f);
  EXPECT_EQ(tilize(false, false, 1e-5f), 0.0f);
  // bf16 rows into an f32 CB: exact.
  ComputeRun run({{0, kBF16}, {16, kF32}});
  run.instance.fp32DestAcc = true;
  std::vector<float> rows = makeRows(32), tiles;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 16);
    pushData(0, rows);
    tilizeRows(1);
    cb_wait_front(16, 1);
    tiles = readData(16, 1024);
    cb_pop_front(16, 1);
  }),
            "");
  EXPECT_EQ(tiles, tilize_nfaces(rows, 32, 32));
}

TEST(ComputeEngineTest, UntilizeOfFp32IsTf32) {
  // tt-llk llk_unpack_untilize.h has no unpack-to-DST path (tt-metal issue
  // #35864: untilize_block loses fp32 precision).
  auto untilize = [](bool toDest, float &out) {
    ComputeRun run({{0, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    run.instance.unpackToDestFp32 = toDest ? 1u : 0u;
    return run.run([&out] {
      compute_kernel_hw_startup(0, 16);
      pushFilledTile(0, 1.0f + 0x1p-20f);
      untilize_init(0);
      cb_reserve_back(16, 1);
      untilize_block(0, 1, 16);
      cb_push_back(16, 1);
      cb_pop_front(0, 1);
      untilize_uninit(0);
      cb_wait_front(16, 1);
      out = readData(16, 1)[0];
      cb_pop_front(16, 1);
    });
  };
  float out = 0;
  EXPECT_EQ(untilize(false, out), "");
  EXPECT_EQ(out, 1.0f);
  EXPECT_EQ(untilize(true, out),
            "core (0, 0) compute: untilize_block unpacks cb 0 through SrcA, "
            "but the CB is in UnpackToDestFp32 mode "
            "(ComputeConfig::unpack_to_dest_mode), which the untilize "
            "unpacker cannot read (it has no unpack-to-DST path)");
}

/// Runs `kernel` after the startup (SrcA from cb 0, the packer from cb 16)
/// and a push of two pages to cb 0, with bf16 CBs 0, 16 and 24 of two pages
/// each on `arch`; the report's error.
std::string runAfterTwoPages(std::function<void()> kernel,
                             const std::string &arch = "wormhole_b0") {
  ComputeRun run({{0, kBF16}, {16, kBF16}, {24, kBF16}}, 2, arch);
  return run.run([&] {
    compute_kernel_hw_startup(0, 16);
    pushData(0, makeRows(64));
    kernel();
  });
}

TEST(ComputeEngineTest, TilizeNeedsItsInitAndUninit) {
  EXPECT_EQ(runAfterTwoPages([] {
              cb_wait_front(0, 1);
              cb_reserve_back(16, 1);
              tilize_block(0, 1, 16);
            }),
            "core (0, 0) compute: tilize_block without tilize_init (the "
            "unpacker is not in tilize mode)");
  // Another op unpacks before tilize_uninit.
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 1, 16);
              cb_wait_front(0, 1);
              tile_regs_acquire();
              copy_tile_init(0);
              copy_tile(0, 0, 0);
            }),
            "core (0, 0) compute: copy_tile unpacks a tile while the "
            "unpacker is in tilize mode (set by tilize_init from cb 0); "
            "tilize_uninit comes first");
  // After tilize_uninit the next op needs its own init.
  auto copyAfterTilize = [](bool init) {
    return runAfterTwoPages([init] {
      tilizeRows(1);
      cb_wait_front(0, 1);
      tile_regs_acquire();
      if (init)
        copy_tile_init(0);
      copy_tile(0, 0, 0);
      packElement(24);
      cb_pop_front(0, 1);
    });
  };
  EXPECT_EQ(copyAfterTilize(true), "");
  EXPECT_EQ(copyAfterTilize(false),
            "core (0, 0) compute: copy_tile needs its own init after "
            "tilize_uninit: the uninit restores the unpacker's "
            "configuration, not the unpack and math programs tilize_init "
            "set");
  // An init between tilize_init and tilize_block replaces tilize's.
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 1, 16);
              copy_tile_init(0);
              cb_wait_front(0, 1);
              cb_reserve_back(16, 1);
              tilize_block(0, 1, 16);
            }),
            "core (0, 0) compute: tilize_block needs tilize_init as the last "
            "unpack/math init, but the last one was copy_tile_init");
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 1, 16);
              untilize_init(16);
            }),
            "core (0, 0) compute: untilize_init while the unpacker is in "
            "tilize mode (set by tilize_init from cb 0); tilize_uninit comes "
            "first");
  EXPECT_EQ(runAfterTwoPages([] {
              untilize_init(0);
              cb_wait_front(0, 1);
              cb_reserve_back(16, 1);
              tilize_block(0, 1, 16);
            }),
            "core (0, 0) compute: tilize_block while the unpacker is in "
            "untilize mode (set by untilize_init from cb 0); untilize_uninit "
            "and tilize_init come first");
}

TEST(ComputeEngineTest, TilizeChecksDstAndItsPages) {
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 1, 16);
              cb_wait_front(0, 1);
              cb_reserve_back(16, 1);
              tile_regs_acquire();
              tilize_block(0, 1, 16);
            }),
            "core (0, 0) compute: tilize_block while the kernel holds DST "
            "(between tile_regs_acquire and tile_regs_release): it takes DST "
            "sections itself");
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 2, 16);
              cb_wait_front(0, 1);
              cb_reserve_back(16, 2);
              tilize_block(0, 2, 16);
            }),
            "core (0, 0) compute: tilize_block reads 2 pages of cb 0 but the "
            "kernel waited for 1 pages");
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 2, 16);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 1);
              tilize_block(0, 2, 16);
            }),
            "core (0, 0) compute: tilize_block writes tile 1 of cb 16 but "
            "the kernel reserved 1 pages");
  EXPECT_EQ(runAfterTwoPages([] {
              tilize_init(0, 2, 16);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 2);
              tilize_block(0, 1, 16);
            }),
            "core (0, 0) compute: tilize_block of 1 tiles after tilize_init "
            "of 2: the unpacker reads rows of the init's width");
}

TEST(ComputeEngineTest, UntilizeChecksItsInitDstAndPages) {
  EXPECT_EQ(runAfterTwoPages([] {
              cb_wait_front(0, 1);
              cb_reserve_back(16, 1);
              untilize_block(0, 1, 16);
            }),
            "core (0, 0) compute: untilize_block without untilize_init (the "
            "unpacker is not in untilize mode)");
  EXPECT_EQ(runAfterTwoPages([] {
              untilize_init(0);
              cb_wait_front(0, 1);
              tile_regs_acquire();
              copy_tile_init(0);
              copy_tile(0, 0, 0);
            }),
            "core (0, 0) compute: copy_tile unpacks a tile while the "
            "unpacker is in untilize mode (set by untilize_init from cb 0); "
            "untilize_uninit comes first");
  EXPECT_EQ(runAfterTwoPages([] {
              untilize_init(0);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 2);
              tile_regs_acquire();
              untilize_block(0, 2, 16);
            }),
            "core (0, 0) compute: untilize_block while the kernel holds DST "
            "(between tile_regs_acquire and tile_regs_release): it takes DST "
            "sections itself");
  EXPECT_EQ(runAfterTwoPages([] {
              untilize_init(0);
              cb_wait_front(0, 1);
              cb_reserve_back(16, 2);
              untilize_block(0, 2, 16);
            }),
            "core (0, 0) compute: untilize_block reads 2 tiles of cb 0 but "
            "the kernel waited for 1 pages");
  EXPECT_EQ(runAfterTwoPages([] {
              untilize_init(0);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 1);
              untilize_block(0, 2, 16);
            }),
            "core (0, 0) compute: untilize_block writes tile 1 of cb 16 but "
            "the kernel reserved 1 pages");
  EXPECT_EQ(runAfterTwoPages([] {
              untilize_init(0);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 2);
              untilize_block<2>(0, 1, 16);
            }),
            "core (0, 0) compute: untilize_block<2> of 1 tiles: full_ct_dim "
            "must be a positive multiple of block_ct_dim");
}

TEST(ComputeEngineTest, BlackholeTilizeHoldsThePackerUntilUninit) {
  // tilize.h: on Blackhole tilize_init puts the packer in tilize mode too.
  auto packDuringTilize = [](const std::string &arch) {
    return runAfterTwoPages(
        [] {
          tilize_init(0, 1, 16);
          tile_regs_acquire();
          fill_tile(0, 1.0f);
          packElement(24);
        },
        arch);
  };
  EXPECT_EQ(packDuringTilize("wormhole_b0"), "");
  EXPECT_EQ(packDuringTilize("blackhole"),
            "core (0, 0) compute: pack_tile while the packer is in tilize "
            "mode (set by tilize_init from cb 0 on Blackhole); tilize_uninit "
            "comes first");
}

TEST(ComputeEngineTest, PackUntilizeWritesTilesAsRows) {
  // pack_untilize_block<2, 4> twice (block_c_index 0 and 1) into one row
  // of four tiles gives back the rows tilize took.
  ComputeRun run({{0, kBF16}, {16, kBF16}, {24, kBF16}}, 4);
  std::vector<float> rows = makeRows(4 * 32), back;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 16);
    pushData(0, rows);
    tilizeRows(4);
    pack_untilize_init<2, 4>(16, 24);
    cb_reserve_back(24, 4);
    for (uint32_t block = 0; block < 2; ++block) {
      cb_wait_front(16, 2);
      pack_untilize_block<2, 4>(16, 1, 24, block);
      cb_pop_front(16, 2);
    }
    cb_push_back(24, 4);
    pack_untilize_uninit(24);
    cb_wait_front(24, 4);
    back = readData(24, 4 * 1024);
    cb_pop_front(24, 4);
  }),
            "");
  EXPECT_EQ(back, rows);

  // pack_untilize_dest packs tiles the kernel computed in DST.
  std::vector<float> row;
  EXPECT_EQ(runPackUntilizeDest([] { pack_untilize_dest_init<2>(24); },
                                [] { pack_untilize_dest<2>(24); }, row),
            "");
  std::vector<float> expected(32, 1.0f);
  expected.resize(64, 2.0f);
  EXPECT_EQ(row, expected);
}

TEST(ComputeEngineTest, PackUntilizeKeepsFp32UnpackedToDest) {
  // tt-metal PR #33904: pack untilize with UnpackToDestFp32 is lossless.
  auto untilize = [](bool toDest) {
    ComputeRun run({{0, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    run.instance.unpackToDestFp32 = toDest ? 1u : 0u;
    float out = 0;
    EXPECT_EQ(run.run([&out] {
      compute_kernel_hw_startup(0, 16);
      pushFilledTile(0, 1.0f + 0x1p-20f);
      pack_untilize_init<1>(0, 16);
      cb_reserve_back(16, 1);
      pack_untilize_block<1>(0, 1, 16);
      cb_push_back(16, 1);
      cb_pop_front(0, 1);
      pack_untilize_uninit(16);
      cb_wait_front(16, 1);
      out = readData(16, 1)[0];
      cb_pop_front(16, 1);
    }),
              "");
    return out;
  };
  EXPECT_EQ(untilize(true), 1.0f + 0x1p-20f);
  EXPECT_EQ(untilize(false), 1.0f);
}

TEST(ComputeEngineTest, PackUntilizeHoldsThePackerUntilUninit) {
  EXPECT_EQ(runAfterTwoPages([] {
              pack_untilize_init<1>(0, 16);
              tile_regs_acquire();
              fill_tile(0, 1.0f);
              packElement(16);
            }),
            "core (0, 0) compute: pack_tile packs a tile while the packer is "
            "in untilize mode (set by pack_untilize_init from cb 16); "
            "pack_untilize_uninit comes first");
  EXPECT_EQ(runAfterTwoPages([] {
              pack_untilize_init<1>(0, 16);
              pack_untilize_uninit(16);
              tile_regs_acquire();
              fill_tile(0, 1.0f);
              packElement(16);
            }),
            "");
  EXPECT_EQ(runAfterTwoPages([] {
              pack_untilize_init<1, 2>(0, 16);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 2);
              pack_untilize_block<2>(0, 1, 16);
            }),
            "core (0, 0) compute: pack_untilize_block<2, 2> after "
            "pack_untilize_init<1, 2>: the widths must be the init's");
  EXPECT_EQ(runAfterTwoPages([] {
              pack_untilize_init<2>(0, 16);
              cb_wait_front(0, 2);
              cb_reserve_back(16, 1);
              pack_untilize_block<2>(0, 1, 16);
            }),
            "core (0, 0) compute: pack_untilize_block writes 2 pages of cb 16 "
            "but the kernel reserved 1 pages");
}

} // namespace

// cb_get_tile points 16 bytes before the page (tt-metal's compute kernels
// read the page's first word at [4]), into waited pages only.
TEST(ComputeEngineTest, CbGetTilePointsSixteenBytesBeforeThePage) {
  uint16_t first = 0, second = 0;
  EXPECT_EQ(runAfterTwoPages([&] {
              cb_wait_front(0, 1);
              volatile uint16_t *tile = nullptr;
              cb_get_tile(0, 0, &tile);
              first = tile[8];
              second = tile[9];
              cb_release_tile(0);
              cb_pop_front(0, 1);
            }),
            "");
  // makeRows: -125, -124, ... as bf16.
  EXPECT_EQ(first, 0xC2FA);
  EXPECT_EQ(second, 0xC2F8);
  EXPECT_EQ(runAfterTwoPages([] {
              volatile uint32_t *tile = nullptr;
              cb_get_tile(0, 0, &tile);
            }),
            "core (0, 0) compute: cb_get_tile reads tile 0 of cb 0 but the "
            "kernel waited for 0 pages");
  EXPECT_EQ(runAfterTwoPages([] { cb_release_tile(0); }),
            "core (0, 0) compute: cb_release_tile of cb 0 without "
            "cb_get_tile");
}
