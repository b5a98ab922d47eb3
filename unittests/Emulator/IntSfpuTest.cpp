//===- IntSfpuTest.cpp - Integer SFPU ops and typecast, emulated ----------===//
//
// int32 words through the compute engine: an Int32 CB unpacked straight
// into DST and packed back unchanged, the integer SFPU ops on words that
// do not fit a float (wrapping, signs), typecast's rounding and
// saturation, sfpu_reduce along rows, unary_bcast of a column of words,
// and the rules that make an int32 garbage on the device: a 16-bit DST,
// SrcA, a float op's init.
//
//===----------------------------------------------------------------------===//

#include "ComputeRun.h"
#include "api/compute/add_int_sfpu.h"
#include "api/compute/bcast.h"
#include "api/compute/binary_bitwise_sfpu.h"
#include "api/compute/binary_comp.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/binary_shift.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/eltwise_unary/where.h"
#include "api/compute/mul_int_sfpu.h"
#include "api/compute/sub_int_sfpu.h"
#include "api/compute/tile_move_copy.h"

#include "gtest/gtest.h"

#include <climits>
#include <cmath>
#include <cstring>
#include <functional>

using namespace tilt::emu;

namespace {

constexpr tilt::emu::DataFormat kI32 = tilt::emu::DataFormat::Int32;
constexpr uint32_t kInt32 = uint32_t(tt::DataFormat::Int32);
constexpr uint32_t kFloat32 = uint32_t(tt::DataFormat::Float32);

/// Pushes a tile of int32 words, element (r, c) = word(r * 32 + c).
void pushWords(uint32_t cb, std::function<int32_t(uint32_t)> word) {
  cb_reserve_back(cb, 1);
  auto *page = reinterpret_cast<int32_t *>(uintptr_t(get_write_ptr(cb)));
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      page[faceIndex(r, c)] = word(r * 32 + c);
  cb_push_back(cb, 1);
  cb_wait_front(cb, 1);
}

/// Packs DST[idst] into `cb` and returns its words, row-major.
std::vector<int32_t> packWords(uint32_t cb, uint32_t idst = 0) {
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(cb, 1);
  pack_tile(idst, cb);
  tile_regs_release();
  cb_push_back(cb, 1);
  cb_wait_front(cb, 1);
  const auto *page =
      reinterpret_cast<const int32_t *>(uintptr_t(get_read_ptr(cb)));
  std::vector<int32_t> words(1024);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      words[r * 32 + c] = page[faceIndex(r, c)];
  cb_pop_front(cb, 1);
  return words;
}

/// Element 0 of DST[out] after `op` on DST[0] = a and DST[1] = b (filled
/// with fill_tile_int), in a 32-bit DST; `error` gets the report.
int32_t runInt(int32_t a, int32_t b, std::function<void()> op, uint32_t out = 0,
               std::string *error = nullptr) {
  ComputeRun run({{16, kI32}});
  run.instance.fp32DestAcc = true;
  int32_t result = 0;
  std::string report = run.run([&] {
    init_sfpu(16, 16);
    tile_regs_acquire();
    fill_tile_init();
    fill_tile_int<tt::DataFormat::Int32>(0, uint32_t(a));
    fill_tile_int<tt::DataFormat::Int32>(1, uint32_t(b));
    op();
    result = packWords(16, out)[0];
  });
  if (error)
    *error = report;
  else
    EXPECT_EQ(report, "");
  return result;
}

TEST(IntSfpuTest, Int32TilesPassThroughDstUnchanged) {
  // Words that are NaNs, denormals and infinities as floats.
  auto word = [](uint32_t i) { return int32_t(0x7f800001u + i * 0x01010101u); };
  ComputeRun run({{0, kI32}, {16, kI32}});
  run.instance.fp32DestAcc = true;
  run.instance.unpackToDestFp32 = 1u;
  std::vector<int32_t> out;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 16);
    pushWords(0, word);
    tile_regs_acquire();
    copy_tile_init(0);
    copy_tile(0, 0, 0);
    out = packWords(16);
    cb_pop_front(0, 1);
  }),
            "");
  for (uint32_t i = 0; i < 1024; ++i)
    ASSERT_EQ(out[i], word(i)) << "element " << i;
}

TEST(IntSfpuTest, ArithmeticWrapsAsTwosComplement) {
  EXPECT_EQ(runInt(INT32_MAX, 1,
                   [] {
                     add_int_tile_init();
                     add_int_tile<tt::DataFormat::Int32>(0, 1, 0);
                   }),
            INT32_MIN);
  EXPECT_EQ(runInt(-5, 100000007,
                   [] {
                     sub_int_tile_init();
                     sub_int_tile<tt::DataFormat::Int32>(0, 1, 0);
                   }),
            -100000012);
  EXPECT_EQ(runInt(65536, 65537,
                   [] {
                     mul_int_tile_init<tt::DataFormat::Int32>();
                     mul_int_tile<tt::DataFormat::Int32>(0, 1, 0);
                   }),
            65536);
  EXPECT_EQ(runInt(-3, 2,
                   [] {
                     binary_max_int32_tile_init();
                     binary_max_int32_tile(0, 1, 0);
                   }),
            2);
  EXPECT_EQ(runInt(-3, 2,
                   [] {
                     binary_min_int32_tile_init();
                     binary_min_int32_tile(0, 1, 0);
                   }),
            -3);
}

TEST(IntSfpuTest, BitwiseOpsAndShiftsWorkOnWords) {
  EXPECT_EQ(runInt(0x0ff0, 0x00ff, [] {
              binary_bitwise_tile_init();
              bitwise_xor_binary_tile<tt::DataFormat::Int32>(0, 1, 0);
            }),
            0x0f0f);
  // Right is arithmetic, logical right fills zeros.
  EXPECT_EQ(runInt(-16, 2, [] {
              binary_shift_tile_init();
              binary_right_shift_tile<tt::DataFormat::Int32>(0, 1, 0);
            }),
            -4);
  EXPECT_EQ(runInt(-16, 28, [] {
              binary_shift_tile_init();
              binary_logical_right_shift_tile<tt::DataFormat::Int32>(0, 1, 0);
            }),
            15);
  EXPECT_EQ(runInt(1, 31, [] {
              binary_shift_tile_init();
              binary_left_shift_tile<tt::DataFormat::Int32>(0, 1, 0);
            }),
            INT32_MIN);
  // An amount past 31 shifts every bit out (the emulator's choice).
  EXPECT_EQ(runInt(-5, 40, [] {
              binary_shift_tile_init();
              binary_right_shift_tile<tt::DataFormat::Int32>(0, 1, 0);
            }),
            -1);
}

TEST(IntSfpuTest, ComparisonsAreSignedAndGiveOneOrZero) {
  auto compare = [](int32_t a, int32_t b, std::function<void()> op) {
    return runInt(a, b, op);
  };
  auto lt = [] {
    lt_int_tile_init<tt::DataFormat::Int32>();
    lt_int_tile<tt::DataFormat::Int32>(0, 1, 0);
  };
  EXPECT_EQ(compare(-1, 1, lt), 1);
  EXPECT_EQ(compare(1, -1, lt), 0);
  // 16777217 and 16777216 are one float; as words they differ.
  EXPECT_EQ(compare(16777216, 16777217, lt), 1);
  EXPECT_EQ(compare(2, 2,
                    [] {
                      ge_int_tile_init<tt::DataFormat::Int32>();
                      ge_int_tile<tt::DataFormat::Int32>(0, 1, 0);
                    }),
            1);
  EXPECT_EQ(compare(0, 0,
                    [] {
                      nez_tile_init();
                      nez_tile_int32(0);
                    }),
            0);
  EXPECT_EQ(compare(INT32_MIN, 0,
                    [] {
                      ltz_tile_init();
                      ltz_tile_int32(0);
                    }),
            1);
}

TEST(IntSfpuTest, WhereMovesInt32Words) {
  EXPECT_EQ(runInt(
                16777217, -7,
                [] {
                  fill_tile_int<tt::DataFormat::Int32>(2, 1);
                  where_tile_init();
                  where_tile<tt::DataFormat::Int32>(2, 0, 1, 2);
                },
                2),
            16777217);
}

TEST(IntSfpuTest, TypecastRoundsAndSaturatesAsTheSfpu) {
  auto toInt = [](float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return runInt(0, 0, [bits] {
      fill_tile_int<tt::DataFormat::Int32>(0, bits);
      typecast_tile_init<kFloat32, kInt32>();
      typecast_tile<kFloat32, kInt32>(0);
    });
  };
  // Toward zero; INT_MIN from 2^31 up, NaN and infinities included.
  EXPECT_EQ(toInt(2.75f), 2);
  EXPECT_EQ(toInt(-2.75f), -2);
  EXPECT_EQ(toInt(0.5f), 0);
  EXPECT_EQ(toInt(3e9f), INT32_MIN);
  EXPECT_EQ(toInt(-3e9f), INT32_MIN);
  EXPECT_EQ(toInt(NAN), INT32_MIN);
  // To the nearest float: 16777217 has none, ties go to even.
  int32_t bits = runInt(16777217, 0, [] {
    typecast_tile_init<kInt32, kFloat32>();
    typecast_tile<kInt32, kFloat32>(0);
  });
  float value;
  std::memcpy(&value, &bits, 4);
  EXPECT_EQ(value, 16777216.0f);
}

TEST(IntSfpuTest, Int32IsGarbageWhereTheDeviceWouldMakeItSo) {
  // A 16-bit DST holds no int32 word.
  {
    ComputeRun run({{16, kI32}});
    EXPECT_EQ(run.run([] {
      init_sfpu(16, 16);
      tile_regs_acquire();
      fill_tile_init();
      fill_tile_int<tt::DataFormat::Int32>(0, 7);
    }),
              "core (0, 0) compute: fill_tile_int in a 16-bit DST: int32 "
              "words need a 32-bit DST (fp32_dest_acc_en)");
  }
  // Through SrcA (copy_tile without UnpackToDestFp32).
  {
    ComputeRun run({{0, kI32}, {16, kI32}});
    run.instance.fp32DestAcc = true;
    EXPECT_EQ(run.run([] {
      compute_kernel_hw_startup(0, 16);
      pushWords(0, [](uint32_t i) { return int32_t(i); });
      tile_regs_acquire();
      copy_tile_init(0);
      copy_tile(0, 0, 0);
    }),
              "core (0, 0) compute: copy_tile unpacks cb 0 (Int32) through "
              "SrcA, which holds 19 bits: int32 words must be unpacked "
              "straight into DST (UnpackToDestFp32) by copy_tile");
  }
  // Each op needs its own init.
  std::string error;
  runInt(
      1, 2,
      [] {
        sub_int_tile_init();
        add_int_tile<tt::DataFormat::Int32>(0, 1, 0);
      },
      0, &error);
  EXPECT_EQ(error, "core (0, 0) compute: add_int_tile needs add_int_tile_init "
                   "as the last SFPU init, but the last one was "
                   "sub_int_tile_init");
}

/// Column 0 of DST[0] after `op` on a tile of `word` copied in from an
/// UnpackToDestFp32 CB of `format`; `error` gets the report.
std::vector<int32_t> runReduce(tilt::emu::DataFormat format,
                               std::function<int32_t(uint32_t)> word,
                               std::function<void()> op,
                               std::string *error = nullptr) {
  ComputeRun run({{0, format}, {16, format}});
  run.instance.fp32DestAcc = true;
  run.instance.unpackToDestFp32 = 1u;
  std::vector<int32_t> column(32);
  std::string report = run.run([&] {
    compute_kernel_hw_startup(0, 16);
    pushWords(0, word);
    tile_regs_acquire();
    copy_tile_init(0);
    copy_tile(0, 0, 0);
    op();
    std::vector<int32_t> words = packWords(16);
    for (uint32_t r = 0; r < 32; ++r)
      column[r] = words[r * 32];
    cb_pop_front(0, 1);
  });
  if (error)
    *error = report;
  else
    EXPECT_EQ(report, "");
  return column;
}

TEST(IntSfpuTest, SfpuReduceTakesEachRowIntoColumnZero) {
  // Row r holds r * 1000 + c - 16 at column c, and one large word.
  auto word = [](uint32_t i) {
    uint32_t r = i / 32, c = i % 32;
    return c == r ? int32_t(0x7ff00000) - int32_t(r)
                  : int32_t(r * 1000 + c) - 16;
  };
  std::vector<int32_t> high = runReduce(kI32, word, [] {
    sfpu_reduce_init<PoolType::MAX, tt::DataFormat::Int32>();
    sfpu_reduce<PoolType::MAX, tt::DataFormat::Int32, ReduceDim::REDUCE_ROW>(0);
  });
  std::vector<int32_t> low = runReduce(kI32, word, [] {
    sfpu_reduce_init<PoolType::MIN, tt::DataFormat::Int32>();
    sfpu_reduce<PoolType::MIN, tt::DataFormat::Int32, ReduceDim::REDUCE_ROW>(0);
  });
  std::vector<int32_t> total = runReduce(kI32, word, [] {
    sfpu_reduce_init<PoolType::SUM, tt::DataFormat::Int32>();
    sfpu_reduce<PoolType::SUM, tt::DataFormat::Int32, ReduceDim::REDUCE_ROW>(0);
  });
  for (uint32_t r = 0; r < 32; ++r) {
    int64_t sum = 0;
    int32_t lowest = INT32_MAX;
    for (uint32_t c = 0; c < 32; ++c) {
      sum += word(r * 32 + c);
      lowest = std::min(lowest, word(r * 32 + c));
    }
    EXPECT_EQ(high[r], int32_t(0x7ff00000) - int32_t(r)) << "row " << r;
    EXPECT_EQ(low[r], lowest) << "row " << r;
    // The sum wraps as two's complement.
    EXPECT_EQ(total[r], int32_t(uint32_t(uint64_t(sum)))) << "row " << r;
  }
  // An f32 maximum is the element itself, every mantissa bit kept.
  auto bits = [](uint32_t i) {
    float value = 1.0f + float(i % 32) * 1.1920929e-07f * 3 + float(i / 32);
    int32_t word;
    std::memcpy(&word, &value, 4);
    return word;
  };
  std::vector<int32_t> fmax =
      runReduce(tilt::emu::DataFormat::Float32, bits, [] {
        sfpu_reduce_init<PoolType::MAX, tt::DataFormat::Float32>();
        sfpu_reduce<PoolType::MAX, tt::DataFormat::Float32,
                    ReduceDim::REDUCE_ROW>(0);
      });
  for (uint32_t r = 0; r < 32; ++r)
    EXPECT_EQ(fmax[r], bits(r * 32 + 31)) << "row " << r;
}

TEST(IntSfpuTest, SfpuReduceChecksItsInitFormatAndDst) {
  auto word = [](uint32_t i) { return int32_t(i); };
  std::string error;
  runReduce(
      kI32, word,
      [] {
        sfpu_reduce_init<PoolType::SUM, tt::DataFormat::Int32>();
        sfpu_reduce<PoolType::MAX, tt::DataFormat::Int32,
                    ReduceDim::REDUCE_ROW>(0);
      },
      &error);
  EXPECT_EQ(error,
            "core (0, 0) compute: sfpu_reduce needs sfpu_reduce_init<"
            "PoolType::MAX, DataFormat::Int32> as the last SFPU init, but the "
            "last one was sfpu_reduce_init<PoolType::SUM, DataFormat::Int32>");
  runReduce(
      kI32, word,
      [] {
        sfpu_reduce_init<PoolType::MAX, tt::DataFormat::Int32>();
        sfpu_reduce<PoolType::MAX, tt::DataFormat::Int32,
                    ReduceDim::REDUCE_ROW>(0, 2, 1);
      },
      &error);
  EXPECT_EQ(error, "core (0, 0) compute: sfpu_reduce: the emulator models one "
                   "tile (ct_dim = rt_dim = 1)");
  runReduce(
      kI32, word,
      [] {
        sfpu_reduce_init<PoolType::AVG, tt::DataFormat::Int32>();
        sfpu_reduce<PoolType::AVG, tt::DataFormat::Int32,
                    ReduceDim::REDUCE_ROW>(0);
      },
      &error);
  EXPECT_EQ(error, "core (0, 0) compute: sfpu_reduce: the SFPU reduces "
                   "columns by SUM, AVG, MAX or MIN and rows by SUM, MAX or "
                   "MIN");
  // A 16-bit DST has no room for the words.
  ComputeRun run({{16, tilt::emu::DataFormat::Float16_b}});
  EXPECT_EQ(run.run([] {
    init_sfpu(16, 16);
    tile_regs_acquire();
    sfpu_reduce_init<PoolType::MAX, tt::DataFormat::Float32>();
    sfpu_reduce<PoolType::MAX, tt::DataFormat::Float32, ReduceDim::REDUCE_ROW>(
        0);
  }),
            "core (0, 0) compute: sfpu_reduce in a 16-bit DST: Float32 and "
            "Int32 words need a 32-bit DST (fp32_dest_acc_en)");
}

TEST(IntSfpuTest, UnaryBcastSpreadsAColumnOfWords) {
  // Column 0 holds words that are NaNs as floats.
  auto word = [](uint32_t i) { return int32_t(0x7f800001u + i); };
  ComputeRun run({{0, kI32}, {16, kI32}});
  run.instance.fp32DestAcc = true;
  run.instance.unpackToDestFp32 = 1u;
  std::vector<int32_t> out;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 16);
    pushWords(0, word);
    tile_regs_acquire();
    unary_bcast_init<BroadcastType::COL>(0, 16);
    unary_bcast<BroadcastType::COL>(0, 0, 0);
    out = packWords(16);
    cb_pop_front(0, 1);
  }),
            "");
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      ASSERT_EQ(out[r * 32 + c], word(r * 32)) << r << ", " << c;
}

} // namespace
