//===- BlockFloatTest.cpp - Bfp8_b and Bfp4_b tiles
//------------------------===//
//
// Block-float tiles against hand-computed results: tt-metal's host
// conversion (pack_as_bfp8_tiles: ties to even, saturating), the unpacker
// (exact; a sign with a zero magnitude is minus infinity; the exponent
// wraps), and the packer (ties away from zero; two roundings without
// bfp8_pack_precise, one with it; Bfp4_b truncated from Bfp8_b). Sources in
// lib/Emulator/BlockFloat.cpp and docs/emulator.md.
//
//===----------------------------------------------------------------------===//

#include "ComputeRun.h"
#include "api/compute/tile_move_copy.h"
#include "tt-metalium/bfloat4.hpp"
#include "tt-metalium/bfloat8.hpp"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace tilt::emu;
using tt::tt_metal::pack_as_bfp8_tiles;
using tt::tt_metal::unpack_bfp8_tiles_into_float_vec;

namespace {

constexpr tilt::emu::DataFormat kBfp8 = tilt::emu::DataFormat::Bfp8_b;
constexpr tilt::emu::DataFormat kBfp4 = tilt::emu::DataFormat::Bfp4_b;

/// A row-major tile whose row 0 starts with `first` and is zero elsewhere.
std::vector<float> tileWithRow0(std::initializer_list<float> first) {
  std::vector<float> tile(1024, 0.0f);
  size_t i = 0;
  for (float value : first)
    tile[i++] = value;
  return tile;
}

TEST(BlockFloatTest, HostConversionRoundsToNearestEvenAndSaturates) {
  // Row 0 of face 0: the largest exponent is 1.0's; 1 + 2^-7 is halfway
  // between 64/64 and 65/64 and goes to the even 64; 1.75 is exact.
  std::vector<uint32_t> packed = pack_as_bfp8_tiles(
      tileWithRow0({1.0f, 1.0f + 0x1p-7f, 1.75f, -0.5f}), true, false);
  ASSERT_EQ(packed.size(), 1088u / 4);
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(packed.data());
  EXPECT_EQ(bytes[0], 127);  // row 0's shared exponent
  EXPECT_EQ(bytes[64], 64);  // 1.0
  EXPECT_EQ(bytes[65], 64);  // the tie, to even
  EXPECT_EQ(bytes[66], 112); // 1.75
  EXPECT_EQ(bytes[67], 0x80 | 32);
  std::vector<float> back =
      unpack_bfp8_tiles_into_float_vec(packed, true, false);
  EXPECT_EQ(back[1], 1.0f);
  EXPECT_EQ(back[3], -0.5f);
  // The largest datum rounds up past 127: it saturates, the exponent stays.
  back = unpack_bfp8_tiles_into_float_vec(
      pack_as_bfp8_tiles(tileWithRow0({2.0f - 0x1p-10f}), true, false), true,
      false);
  EXPECT_EQ(back[0], 127.0f / 64);
  // Bfp4_b keeps 3 magnitude bits: 1.75 is 7/4; 1.3 rounds to 5/4.
  back = unpack_bfp4_tiles_into_float_vec(
      pack_as_bfp4_tiles(tileWithRow0({1.75f, 1.3f}), true, false), true,
      false);
  EXPECT_EQ(back[0], 1.75f);
  EXPECT_EQ(back[1], 1.25f);
}

/// Packs a tile (row 0: `row`) from a bf16 CB through DST into `format`
/// (`precise`: bfp8_pack_precise) and returns row 0 as tt-metal's host
/// unpacks the result.
std::vector<float> packThroughDst(tilt::emu::DataFormat format, bool precise,
                                  std::initializer_list<float> row) {
  ComputeRun run({{1, kBF16}, {16, format}});
  run.instance.bfp8PackPrecise = precise;
  std::vector<float> result;
  std::string error = run.run([&] {
    compute_kernel_hw_startup(1, 16);
    pushData(1, tileWithRow0(row));
    cb_wait_front(1, 1);
    copy_tile_init(1);
    tile_regs_acquire();
    copy_tile(1, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, 1);
    pack_tile(0, 16);
    tile_regs_release();
    cb_push_back(16, 1);
    cb_wait_front(16, 1);
    const uint32_t *page =
        reinterpret_cast<const uint32_t *>(uintptr_t(get_read_ptr(16)));
    uint32_t words = getTileBytes(format) / 4;
    std::vector<uint32_t> data(page, page + words);
    result = format == kBfp8
                 ? unpack_bfp8_tiles_into_float_vec(data, true, false)
                 : unpack_bfp4_tiles_into_float_vec(data, true, false);
    result.resize(16);
    cb_pop_front(16, 1);
    cb_pop_front(1, 1);
  });
  EXPECT_EQ(error, "");
  return result;
}

TEST(BlockFloatTest, PackerRoundsTiesAwayFromZero) {
  // 1 + 2^-7 is halfway at the shared exponent: the packer rounds it away
  // from zero (to 65/64), where the host rounds to even.
  std::vector<float> row = packThroughDst(kBfp8, true, {1.0f, 1.0f + 0x1p-7f});
  EXPECT_EQ(row[0], 1.0f);
  EXPECT_EQ(row[1], 65.0f / 64);
}

TEST(BlockFloatTest, PackerRoundsTwiceUnlessPrecise) {
  // 1 + 2^-7 one exponent below the row's largest (2.0): one rounding at
  // the shared exponent gives 1.0 (32/32); rounding first to 7 significant
  // bits (1 + 2^-6) and then again gives 33/32.
  EXPECT_EQ(packThroughDst(kBfp8, true, {2.0f, 1.0f + 0x1p-7f})[1], 1.0f);
  EXPECT_EQ(packThroughDst(kBfp8, false, {2.0f, 1.0f + 0x1p-7f})[1],
            33.0f / 32);
}

TEST(BlockFloatTest, PackerTruncatesBfp4FromBfp8) {
  // 1.875 is 120/64 in BFP8, truncated to 3 bits: 7/4 (the host rounds it
  // to 2 and saturates at 7/4 too); 1.4375 = 92/64 -> 5/4 (the host: 6/4).
  std::vector<float> row = packThroughDst(kBfp4, true, {1.875f, 1.4375f});
  EXPECT_EQ(row[0], 1.75f);
  EXPECT_EQ(row[1], 1.25f);
  std::vector<float> host = unpack_bfp4_tiles_into_float_vec(
      pack_as_bfp4_tiles(tileWithRow0({1.875f, 1.4375f}), true, false), true,
      false);
  EXPECT_EQ(host[1], 1.5f);
}

/// Element (0, 0) of a Bfp8_b tile written by hand, as copy_tile unpacks
/// it: row 0's shared exponent `exponent`, datum 0 `code`.
float unpackDatum(uint8_t exponent, uint8_t code) {
  ComputeRun run({{0, kBfp8}, {16, kF32}});
  float value = 0;
  std::string error = run.run([&] {
    compute_kernel_hw_startup(0, 16);
    cb_reserve_back(0, 1);
    uint8_t *page = reinterpret_cast<uint8_t *>(uintptr_t(get_write_ptr(0)));
    std::memset(page, 0, 1088);
    page[0] = exponent;
    page[64] = code;
    cb_push_back(0, 1);
    cb_wait_front(0, 1);
    copy_tile_init(0);
    tile_regs_acquire();
    copy_tile(0, 0, 0);
    cb_pop_front(0, 1);
    value = packElement(16);
  });
  EXPECT_EQ(error, "");
  return value;
}

TEST(BlockFloatTest, UnpackerReadsASignAloneAsMinusInfinity) {
  // 0x80, a sign with no magnitude (FloatBitPatterns.md BFP8ToBF16: 0xff80).
  EXPECT_EQ(unpackDatum(127, 0x80), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(unpackDatum(127, 0x40), 1.0f);
}

TEST(BlockFloatTest, UnpackerWrapsATinyExponent) {
  // Shared exponent 2, magnitude 1: six leading zeros wrap the exponent to
  // 252 (BFP8ToBF16 has no check).
  EXPECT_EQ(unpackDatum(2, 0x01), std::ldexp(1.0f, 252 - 127));
}

TEST(BlockFloatTest, BlockFloatsAreNotAccumulatedInL1) {
  ComputeRun run({{1, kBF16}, {16, kBfp8}});
  std::string error = run.run([&] {
    compute_kernel_hw_startup(1, 16);
    pack_reconfig_l1_acc(1);
    tile_regs_acquire();
    fill_tile(0, 1.0f);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, 1);
    pack_tile(0, 16);
  });
  EXPECT_NE(error.find("with L1 accumulation, which adds FP32, BF16 and FP16 "
                       "data only"),
            std::string::npos)
      << error;
}

} // namespace

// What a program reading a block-float tensor sees (tilt-run rounds its
// inputs so): a row-major matrix of any width, rounded as tt-metal's host
// packs its padded, tilized form and unpacks it again. 40 columns: the
// third group of 16 of each row is cut short by the padding.
TEST(BlockFloatTest, RowMajorRoundingMatchesTheHostConversion) {
  for (tilt::emu::DataFormat format : {kBfp8, kBfp4}) {
    constexpr size_t rows = 40, columns = 40;
    std::vector<float> values(rows * columns);
    for (size_t i = 0; i < values.size(); ++i)
      values[i] = float((i * 37 % 101)) * (i % 7 == 0 ? 64.0f : 0.37f) -
                  (i % 3 == 0 ? 20.0f : 0.0f);
    // The host's way: pad to 64x64, tilize (32x32 tiles, rows of tiles),
    // pack, unpack, untilize.
    std::vector<float> padded(64 * 64, 0.0f);
    for (size_t r = 0; r < rows; ++r)
      for (size_t c = 0; c < columns; ++c)
        padded[r * 64 + c] = values[r * columns + c];
    std::vector<float> tiles;
    for (size_t tr = 0; tr < 2; ++tr)
      for (size_t tc = 0; tc < 2; ++tc)
        for (size_t r = 0; r < 32; ++r)
          for (size_t c = 0; c < 32; ++c)
            tiles.push_back(padded[(tr * 32 + r) * 64 + tc * 32 + c]);
    std::vector<float> back =
        format == kBfp8
            ? unpack_bfp8_tiles_into_float_vec(
                  pack_as_bfp8_tiles(tiles, /*row_major_input=*/true,
                                     /*is_exp_a=*/false),
                  /*row_major_output=*/true, /*is_exp_a=*/false)
            : ::unpack_bfp4_tiles_into_float_vec(
                  ::pack_as_bfp4_tiles(tiles, true, false), true, false);
    std::vector<float> rounded = values;
    roundAsBlockFloatTiles(format, rounded.data(), rounded.size(), columns);
    size_t changed = 0;
    for (size_t r = 0; r < rows; ++r)
      for (size_t c = 0; c < columns; ++c) {
        size_t tile = (r / 32) * 2 + c / 32;
        float expected = back[tile * 1024 + (r % 32) * 32 + c % 32];
        EXPECT_EQ(rounded[r * columns + c], expected)
            << "row " << r << " column " << c;
        changed += rounded[r * columns + c] != values[r * columns + c];
      }
    // The rounding did something: shared exponents cost the small values
    // bits.
    EXPECT_GT(changed, rows * columns / 4);
  }
}
