//===- BcastSfpuTest.cpp - Broadcast and the added SFPU ops, emulated -----===//
//
// The numbers of each op of tilt_emu/bcast_sfpu_api.h on known tiles (a
// broadcast along each dimension, every SFPU op), the strict format checks
// the broadcast ops share with add_tiles, TF32 in unary_bcast, and the
// rule that each op needs its own init. Kernels are lambdas calling the
// emulated API.
//
//===----------------------------------------------------------------------===//

#include "ComputeRun.h"
#include "api/compute/bcast.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/common.h"
#include "api/compute/copy_dest_values.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/erf_erfc.h"
#include "api/compute/eltwise_unary/where.h"
#include "tilt/Emulator/Emulator.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <functional>

using namespace tilt::emu;

namespace {

/// Pushes one tile with element (row, column) = value(row, column) into
/// `cb` (the kernel plays the reader) and waits for it.
void pushTile(uint32_t cb, std::function<float(uint32_t, uint32_t)> value) {
  cb_reserve_back(cb, 1);
  uint8_t *page = reinterpret_cast<uint8_t *>(uintptr_t(get_write_ptr(cb)));
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      uint32_t at = faceIndex(r, c);
      if (get_dataformat(cb) == tt::DataFormat::Float32)
        reinterpret_cast<float *>(page)[at] = value(r, c);
      else
        reinterpret_cast<uint16_t *>(page)[at] = floatToBF16(value(r, c));
    }
  cb_push_back(cb, 1);
  cb_wait_front(cb, 1);
}

/// Packs DST[idst] into `cb` and returns the tile, row-major.
std::vector<float> packAndRead(uint32_t cb, uint32_t idst = 0) {
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(cb, 1);
  pack_tile(idst, cb);
  tile_regs_release();
  cb_push_back(cb, 1);
  cb_wait_front(cb, 1);
  const uint8_t *page =
      reinterpret_cast<const uint8_t *>(uintptr_t(get_read_ptr(cb)));
  std::vector<float> tile(1024);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      uint32_t at = faceIndex(r, c);
      tile[r * 32 + c] =
          get_dataformat(cb) == tt::DataFormat::Float32
              ? reinterpret_cast<const float *>(page)[at]
              : bf16ToFloat(reinterpret_cast<const uint16_t *>(page)[at]);
    }
  cb_pop_front(cb, 1);
  return tile;
}

uint32_t toBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

/// in1 of the broadcast tests: row 0 holds its column, column 0 its row,
/// [0, 0] is 3 and the rest 1000, so each dimension reads distinct values.
float broadcastSource(uint32_t row, uint32_t column) {
  if (row == 0 && column == 0)
    return 3.0f;
  if (row == 0)
    return float(column);
  if (column == 0)
    return float(row);
  return 1000.0f;
}

/// What in1 contributes to element (row, column) along `dim`.
float broadcastValue(BroadcastType dim, uint32_t row, uint32_t column) {
  if (dim == BroadcastType::ROW)
    return broadcastSource(0, column);
  if (dim == BroadcastType::COL)
    return broadcastSource(row, 0);
  return broadcastSource(0, 0);
}

//===----------------------------------------------------------------------===//
// Broadcast
//===----------------------------------------------------------------------===//

/// in0 (all 2) op broadcast(in1), through the named call of each pair.
template <BroadcastType dim>
std::vector<float> runBroadcast(EltwiseBinaryType type, std::string &error) {
  ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
  std::vector<float> out;
  error = run.run([&] {
    compute_kernel_hw_startup(0, 1, 16);
    pushTile(0, [](uint32_t, uint32_t) { return 2.0f; });
    pushTile(1, broadcastSource);
    tile_regs_acquire();
    if (type == ELWADD) {
      init_bcast<ELWADD, dim>(0, 1, 16);
      add_tiles_bcast<dim>(0, 1, 0, 0, 0);
    } else if (type == ELWSUB) {
      init_bcast<ELWSUB, dim>(0, 1, 16);
      sub_tiles_bcast<dim>(0, 1, 0, 0, 0);
    } else {
      init_bcast<ELWMUL, dim>(0, 1, 16);
      mul_tiles_bcast<dim>(0, 1, 0, 0, 0);
    }
    out = packAndRead(16);
    cb_pop_front(0, 1);
    cb_pop_front(1, 1);
  });
  return out;
}

template <BroadcastType dim> void expectBroadcast() {
  for (EltwiseBinaryType type : {ELWADD, ELWSUB, ELWMUL}) {
    std::string error;
    std::vector<float> out = runBroadcast<dim>(type, error);
    ASSERT_EQ(error, "");
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) {
        float b = broadcastValue(dim, r, c);
        float expected = type == ELWADD   ? 2.0f + b
                         : type == ELWSUB ? 2.0f - b
                                          : 2.0f * b;
        ASSERT_EQ(out[r * 32 + c], expected)
            << "type " << type << " at " << r << ", " << c;
      }
  }
}

TEST(BcastSfpuTest, RowBroadcastReadsRowZeroOfIn1) {
  expectBroadcast<BroadcastType::ROW>();
}

TEST(BcastSfpuTest, ColBroadcastReadsColumnZeroOfIn1) {
  expectBroadcast<BroadcastType::COL>();
}

TEST(BcastSfpuTest, ScalarBroadcastReadsElementZeroOfIn1) {
  expectBroadcast<BroadcastType::SCALAR>();
}

TEST(BcastSfpuTest, NamedBroadcastCallsMatchTheTemplates) {
  ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
  std::vector<float> out;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 1, 16);
    pushTile(0, [](uint32_t, uint32_t) { return 2.0f; });
    pushTile(1, broadcastSource);
    tile_regs_acquire();
    sub_tiles_bcast_scalar_init_short(0, 1);
    sub_tiles_bcast_scalar(0, 1, 0, 0, 0);
    out = packAndRead(16);
    cb_pop_front(0, 1);
    cb_pop_front(1, 1);
  }),
            "");
  EXPECT_EQ(out[5 * 32 + 7], 2.0f - 3.0f);
}

TEST(BcastSfpuTest, BroadcastChecksTheSrcBFormat) {
  // in1 is Float32 but SrcB was configured from a bf16 CB: as for add_tiles,
  // the unpacker would decode fp32 bytes as bf16.
  auto broadcast = [](std::function<void()> init) {
    ComputeRun run({{0, kBF16}, {1, kF32}, {16, kBF16}});
    return run.run([init] {
      compute_kernel_hw_startup(0, 0, 16);
      pushTile(0, [](uint32_t, uint32_t) { return 2.0f; });
      pushTile(1, broadcastSource);
      tile_regs_acquire();
      init();
      add_tiles_bcast_rows(0, 1, 0, 0, 0);
      packAndRead(16);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
    });
  };
  EXPECT_EQ(broadcast([] { add_bcast_rows_init_short(0, 1); }),
            "core (0, 0) compute: add_tiles_bcast<BroadcastType::ROW> unpacks "
            "in1 cb 1 (Float32) through SrcB, but SrcB is configured for "
            "Float16_b (set by compute_kernel_hw_startup from cb 0); "
            "reconfigure it first");
  // The full init configures SrcA and SrcB from the two CBs.
  EXPECT_EQ(broadcast([] { init_bcast<ELWADD, BroadcastType::ROW>(0, 1, 16); }),
            "");
}

TEST(BcastSfpuTest, BroadcastNeedsItsOwnInitLast) {
  ComputeRun run({{0, kBF16}, {1, kBF16}, {16, kBF16}});
  EXPECT_EQ(run.run([] {
    compute_kernel_hw_startup(0, 1, 16);
    pushTile(0, [](uint32_t, uint32_t) { return 2.0f; });
    pushTile(1, broadcastSource);
    tile_regs_acquire();
    add_bcast_cols_init_short(0, 1);
    copy_tile_init(0);
    add_tiles_bcast_cols(0, 1, 0, 0, 0);
  }),
            "core (0, 0) compute: add_tiles_bcast<BroadcastType::COL> needs "
            "add_bcast_cols_init_short or init_bcast<ELWADD, "
            "BroadcastType::COL> as the last unpack/math init, but the last "
            "one was copy_tile_init");
}

TEST(BcastSfpuTest, UnaryBroadcastCopiesEachDimension) {
  ComputeRun run({{1, kBF16}, {16, kBF16}});
  std::vector<float> rows, cols, scalar;
  EXPECT_EQ(run.run([&] {
    pushTile(1, broadcastSource);
    unary_bcast_init<BroadcastType::ROW>(1, 16);
    tile_regs_acquire();
    unary_bcast<BroadcastType::ROW>(1, 0, 0);
    rows = packAndRead(16);
    unary_bcast_init<BroadcastType::COL>(1, 16);
    tile_regs_acquire();
    unary_bcast<BroadcastType::COL>(1, 0, 0);
    cols = packAndRead(16);
    unary_bcast_init<BroadcastType::SCALAR>(1, 16);
    tile_regs_acquire();
    unary_bcast<BroadcastType::SCALAR>(1, 0, 0);
    scalar = packAndRead(16);
    cb_pop_front(1, 1);
  }),
            "");
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      ASSERT_EQ(rows[r * 32 + c], broadcastValue(BroadcastType::ROW, r, c));
      ASSERT_EQ(cols[r * 32 + c], broadcastValue(BroadcastType::COL, r, c));
      ASSERT_EQ(scalar[r * 32 + c], 3.0f);
    }
}

TEST(BcastSfpuTest, UnaryBroadcastOfFp32IsTf32ThroughSrcB) {
  // 1 + 2^-20 needs 20 mantissa bits; SrcB holds TF32 (10).
  float precise = 1.0f + 0x1p-20f;
  auto broadcast = [precise](bool unpackToDest) {
    ComputeRun run({{1, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    if (unpackToDest)
      run.instance.unpackToDestFp32 = 1u << 1;
    std::vector<float> out;
    std::string error = run.run([&] {
      pushTile(1, [precise](uint32_t, uint32_t) { return precise; });
      unary_bcast_init<BroadcastType::SCALAR>(1, 16);
      tile_regs_acquire();
      unary_bcast<BroadcastType::SCALAR>(1, 0, 0);
      out = packAndRead(16);
      cb_pop_front(1, 1);
    });
    EXPECT_EQ(error, "");
    return out.empty() ? 0.0f : out[33];
  };
  EXPECT_EQ(broadcast(false), 1.0f);
  // UnpackToDestFp32: bcast.h unpacks 32-bit data straight into DST.
  EXPECT_EQ(broadcast(true), precise);
}

//===----------------------------------------------------------------------===//
// SFPU
//===----------------------------------------------------------------------===//

/// Fills DST[0] with `x` (and DST[1] with `y`), runs `op`, returns element
/// [0, 0] of DST[out] from an fp32 DST.
float runSfpu(float x, float y, std::function<void()> op, uint32_t out = 0,
              std::string *error = nullptr) {
  ComputeRun run({{16, kF32}});
  run.instance.fp32DestAcc = true;
  float result = NAN;
  std::string report = run.run([&] {
    init_sfpu(16, 16);
    tile_regs_acquire();
    fill_tile_init();
    fill_tile(0, x);
    fill_tile(1, y);
    op();
    result = packAndRead(16, out)[0];
  });
  if (error)
    *error = report;
  else
    EXPECT_EQ(report, "");
  return result;
}

TEST(BcastSfpuTest, UnarySfpuOpsComputeInF32) {
  EXPECT_EQ(runSfpu(3.0f, 0,
                    [] {
                      exp2_tile_init();
                      exp2_tile(0);
                    }),
            8.0f);
  EXPECT_FLOAT_EQ(runSfpu(1.5f, 0,
                          [] {
                            silu_tile_init();
                            silu_tile(0);
                          }),
                  1.5f / (1.0f + std::exp(-1.5f)));
  // Without INP_FLOAT32, erf is bf16-grade (FidelityRoundingTest).
  EXPECT_EQ(runSfpu(0.5f, 0,
                    [] {
                      erf_tile_init<false>();
                      erf_tile<false>(0);
                    }),
            0.51953125f);
  // base_scale: the bits of 1/ln(2), so log2.
  EXPECT_FLOAT_EQ(runSfpu(8.0f, 0,
                          [] {
                            log_with_base_tile_init();
                            log_with_base_tile(0,
                                               toBits(1.0f / std::log(2.0f)));
                          }),
                  3.0f);
  EXPECT_EQ(runSfpu(1.5f, 0,
                    [] {
                      unary_max_tile_init();
                      unary_max_tile(0, toBits(2.25f));
                    }),
            2.25f);
  EXPECT_EQ(runSfpu(1.5f, 0,
                    [] {
                      unary_min_tile_init();
                      unary_min_tile(0, toBits(2.25f));
                    }),
            1.5f);
}

TEST(BcastSfpuTest, BinopWithScalarSharesOneInit) {
  // The emulated API functions take the calling line as a last parameter
  // (tilt_emu::Here), which a call through a pointer passes itself.
  auto binop = [](void (*op)(uint32_t, uint32_t, tilt_emu::Here),
                  float scalar) {
    return runSfpu(1.5f, 0, [op, scalar] {
      binop_with_scalar_tile_init();
      op(0, toBits(scalar), tilt_emu::Here(__LINE__));
    });
  };
  EXPECT_EQ(binop(add_unary_tile, 2.25f), 3.75f);
  EXPECT_EQ(binop(sub_unary_tile, 2.25f), -0.75f);
  EXPECT_EQ(binop(mul_unary_tile, 2.0f), 3.0f);
  // div multiplies by its operand: the caller passes 1/scalar.
  EXPECT_EQ(binop(div_unary_tile, 0.5f), 0.75f);
  EXPECT_EQ(binop(rsub_unary_tile, 2.25f), 0.75f);
}

TEST(BcastSfpuTest, BinarySfpuOpsReadTwoDstTiles) {
  EXPECT_EQ(runSfpu(
                3.0f, 4.0f,
                [] {
                  div_binary_tile_init();
                  div_binary_tile(0, 1, 2);
                },
                2),
            0.75f);
  EXPECT_EQ(runSfpu(
                3.0f, 4.0f,
                [] {
                  binary_max_tile_init();
                  binary_max_tile(0, 1, 2);
                },
                2),
            4.0f);
  EXPECT_EQ(runSfpu(
                3.0f, 4.0f,
                [] {
                  binary_min_tile_init();
                  binary_min_tile(0, 1, 2);
                },
                2),
            3.0f);
  // copy_dest_values(idst_in, idst_out): source first.
  EXPECT_EQ(runSfpu(3.0f, 4.0f,
                    [] {
                      copy_dest_values_init();
                      copy_dest_values(1, 0);
                    }),
            4.0f);
}

TEST(BcastSfpuTest, ComparisonsGiveOneOrZero) {
  // Of two DST tiles (3 op 4), and of a tile with a scalar (3 op 3).
  auto pair = [](std::function<void()> op) {
    return runSfpu(3.0f, 4.0f, op, 2);
  };
  EXPECT_EQ(pair([] {
              eq_binary_tile_init();
              eq_binary_tile(0, 1, 2);
            }),
            0.0f);
  EXPECT_EQ(pair([] {
              ne_binary_tile_init();
              ne_binary_tile(0, 1, 2);
            }),
            1.0f);
  EXPECT_EQ(pair([] {
              lt_binary_tile_init();
              lt_binary_tile(0, 1, 2);
            }),
            1.0f);
  EXPECT_EQ(pair([] {
              gt_binary_tile_init();
              gt_binary_tile(0, 1, 2);
            }),
            0.0f);
  EXPECT_EQ(pair([] {
              le_binary_tile_init();
              le_binary_tile(0, 1, 2);
            }),
            1.0f);
  EXPECT_EQ(pair([] {
              ge_binary_tile_init();
              ge_binary_tile(0, 1, 2);
            }),
            0.0f);
  uint32_t three = toBits(3.0f);
  auto scalar = [](std::function<void()> op) { return runSfpu(3.0f, 0, op); };
  EXPECT_EQ(scalar([=] {
              unary_eq_tile_init();
              unary_eq_tile(0, three);
            }),
            1.0f);
  EXPECT_EQ(scalar([=] {
              unary_ne_tile_init();
              unary_ne_tile(0, three);
            }),
            0.0f);
  EXPECT_EQ(scalar([=] {
              unary_lt_tile_init();
              unary_lt_tile(0, three);
            }),
            0.0f);
  EXPECT_EQ(scalar([=] {
              unary_gt_tile_init();
              unary_gt_tile(0, three);
            }),
            0.0f);
  EXPECT_EQ(scalar([=] {
              unary_le_tile_init();
              unary_le_tile(0, three);
            }),
            1.0f);
  EXPECT_EQ(scalar([=] {
              unary_ge_tile_init();
              unary_ge_tile(0, three);
            }),
            1.0f);
  // Each needs its own init.
  std::string error;
  runSfpu(
      3.0f, 4.0f,
      [] {
        lt_binary_tile_init();
        gt_binary_tile(0, 1, 2);
      },
      2, &error);
  EXPECT_EQ(error, "core (0, 0) compute: gt_binary_tile needs "
                   "gt_binary_tile_init as the last SFPU init, but the last "
                   "one was lt_binary_tile_init");
}

TEST(BcastSfpuTest, WhereMovesTheChosenWordsOfDstsWidth) {
  // where(cond, 3, 4) with cond 1.0, then 0.0, into the condition's tile.
  auto where32 = [](float condition) {
    return runSfpu(
        3.0f, 4.0f,
        [condition] {
          fill_tile(2, condition);
          where_tile_init();
          where_tile<tt::DataFormat::Float32>(2, 0, 1, 2);
        },
        2);
  };
  EXPECT_EQ(where32(1.0f), 3.0f);
  EXPECT_EQ(where32(0.0f), 4.0f);
  // An NaN chosen in an fp32 DST keeps its payload (the words are moved).
  float payload;
  uint32_t payloadBits = 0x7fc01234u;
  std::memcpy(&payload, &payloadBits, 4);
  EXPECT_EQ(toBits(runSfpu(
                payload, 4.0f,
                [] {
                  fill_tile(2, 1.0f);
                  where_tile_init();
                  where_tile<tt::DataFormat::Float32>(2, 0, 1, 2);
                },
                2)),
            payloadBits);
  // The 32-bit form in a 16-bit DST, and the 16-bit one in an fp32 DST,
  // would move garbage.
  std::string error;
  runSfpu(
      3.0f, 4.0f,
      [] {
        where_tile_init();
        where_tile<tt::DataFormat::Float16_b>(0, 0, 1, 2);
      },
      2, &error);
  EXPECT_EQ(error, "core (0, 0) compute: where_tile<DataFormat::Float16_b> "
                   "with a 32-bit DST: it moves 16-bit words, so the values "
                   "would be garbage (use Float32)");
  ComputeRun run({{16, kBF16}});
  float result = NAN;
  EXPECT_EQ(run.run([&] {
    init_sfpu(16, 16);
    tile_regs_acquire();
    fill_tile_init();
    fill_tile(0, 1.0f);
    fill_tile(1, 3.0f);
    fill_tile(2, 4.0f);
    where_tile_init();
    where_tile<tt::DataFormat::Float16_b>(0, 1, 2, 0);
    result = packAndRead(16)[0];
  }),
            "");
  EXPECT_EQ(result, 3.0f);
  ComputeRun wide({{16, kBF16}});
  EXPECT_EQ(wide.run([&] {
    init_sfpu(16, 16);
    tile_regs_acquire();
    fill_tile_init();
    fill_tile(0, 1.0f);
    where_tile_init();
    where_tile<tt::DataFormat::Float32>(0, 0, 0, 0);
  }),
            "core (0, 0) compute: where_tile<a 32-bit format> with a 16-bit "
            "DST: it moves 32-bit words, so the values would be garbage (set "
            "fp32_dest_acc_en)");
}

TEST(BcastSfpuTest, SfpuOpsInA16BitDstAreTruncatedExceptRsub) {
  // 1/3 into a bf16 DST (the CBs are bf16): truncation gives 0.33203125,
  // rounding to nearest 0.333984375.
  auto run16 = [](std::function<void()> op) {
    ComputeRun run({{16, kBF16}});
    float result = NAN;
    EXPECT_EQ(run.run([&] {
      init_sfpu(16, 16);
      tile_regs_acquire();
      fill_tile_init();
      fill_tile(0, 1.0f);
      op();
      result = packAndRead(16)[0];
    }),
              "");
    return result;
  };
  float third = 1.0f / 3.0f;
  EXPECT_EQ(run16([third] {
              binop_with_scalar_tile_init();
              mul_unary_tile(0, toBits(third));
            }),
            truncateToFormat(third, kBF16));
  EXPECT_EQ(run16([third] {
              binop_with_scalar_tile_init();
              rsub_unary_tile(0, toBits(1.0f + third));
            }),
            roundToFormat((1.0f + third) - 1.0f, kBF16));
  EXPECT_EQ(roundToFormat((1.0f + third) - 1.0f, kBF16), 0.333984375f);
}

TEST(BcastSfpuTest, SfpuOpNeedsItsOwnInitLast) {
  std::string error;
  runSfpu(
      3.0f, 0,
      [] {
        exp2_tile_init();
        silu_tile_init();
        exp2_tile(0);
      },
      0, &error);
  EXPECT_EQ(error, "core (0, 0) compute: exp2_tile needs exp2_tile_init as "
                   "the last SFPU init, but the last one was silu_tile_init");
  runSfpu(
      3.0f, 0, [] { div_binary_tile(0, 1, 2); }, 0, &error);
  EXPECT_EQ(error, "core (0, 0) compute: div_binary_tile needs "
                   "div_binary_tile_init as the last SFPU init, but the last "
                   "one was fill_tile_init");
}

} // namespace
