//===- BlockFloat.cpp - Bfp8_b and Bfp4_b tiles ---------------------------===//
//
// Block floats: a 32x32 tile is 64 shared exponents (one per 16-datum row of
// a face, faces 0 to 3) and then the datums in face order, sign and
// magnitude, the magnitude with its leading one (Bfp8_b one byte, 7 bits;
// Bfp4_b a nibble, 3 bits, the first datum in the low nibble). Two
// conversions exist:
//
//  - the hardware's (the unpacker and the packer, below), as
//    tt-isa-documentation describes it: WormholeB0 Unpackers/
//    FormatConversion.md and FloatBitPatterns.md (BFP8ToBF16, lossless),
//    Packers/FormatConversion.md (an early conversion from DST, a late one
//    into L1; rounding to nearest with ties away from zero; BFP4 truncated
//    from BFP8). tt-metal issue #17237: "WH and BH both DO NOT support
//    rounding to even". tt-metal PR #14822: with pack_src_format Bfp8_b
//    (ComputeConfig::bfp8_pack_precise false, the default) every datum is
//    rounded twice, to 7 significant bits and then at the shared exponent;
//  - tt-metal's host conversion (tt_metal/impl/data_format/
//    blockfloat_common.cpp, bfloat8.cpp, bfloat4.cpp): mantissas shifted to
//    the row's largest exponent, then rounded to nearest even, saturating.
//
//===----------------------------------------------------------------------===//

#include "BlockFloat.h"
#include "Bits.h"
#include "tt-metalium/bfloat4.hpp"
#include "tt-metalium/bfloat8.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

using namespace tilt;
using namespace tilt::emu;

namespace {

/// Magnitude bits of a datum: 7 for Bfp8_b, 3 for Bfp4_b.
unsigned getMagnitudeBits(DataFormat format) {
  return format == DataFormat::Bfp4_b ? 3 : 7;
}

/// The byte of datum `index` (face order) and its shift in it.
void setDatum(DataFormat format, uint8_t *data, size_t index, uint8_t code) {
  if (format == DataFormat::Bfp4_b)
    data[index / 2] |= uint8_t((code & 0xf) << (index % 2 ? 4 : 0));
  else
    data[index] = code;
}

uint8_t getDatum(DataFormat format, const uint8_t *data, size_t index) {
  if (format == DataFormat::Bfp4_b)
    return uint8_t(data[index / 2] >> (index % 2 ? 4 : 0) & 0xf);
  return data[index];
}

/// A bf16 pattern (as the high half of a float) from the hardware's BFP8
/// datum `byte` with shared exponent `exponent` (FloatBitPatterns.md,
/// BFP8ToBF16): a sign with a zero magnitude is minus infinity (0xff80),
/// and the exponent wraps when the magnitude's leading zeros exceed it.
uint16_t hardwareBfp8ToBF16(uint8_t byte, uint8_t exponent) {
  uint8_t magnitude = uint8_t(byte << 1);
  bool sign = byte & 0x80;
  if (magnitude == 0)
    return sign ? 0xff80 : 0;
  unsigned zeros = 0;
  while (!(magnitude & 0x80)) {
    magnitude = uint8_t(magnitude << 1);
    ++zeros;
  }
  uint8_t shifted = uint8_t(exponent - zeros);
  return uint16_t((sign ? 0x8000 : 0) | shifted << 7 | (magnitude & 0x7e));
}

/// The packer's early conversion of a DST datum (Packers/
/// FormatConversion.md): with pack_src_format Bfp8_b (`round7`), rounded to
/// 7 significant bits, the hidden one included, to nearest with ties away
/// from zero; otherwise as it is. Either way denormals become zero, -0
/// becomes +0 and NaN infinity.
uint32_t convertEarly(float value, bool round7) {
  uint32_t word = bitsOf(value);
  uint32_t sign = word & 0x80000000u, exponent = word >> 23 & 0xff;
  if (exponent == 0)
    return 0;
  if (exponent == 0xff)
    return sign | 0x7f800000u;
  if (!round7)
    return word;
  constexpr unsigned kDropped = 24 - 7;
  uint32_t magnitude = word & 0x7fffffffu;
  magnitude = (magnitude + (1u << (kDropped - 1))) >> kDropped << kDropped;
  // A carry into the exponent is an ordinary float's rounding; past the
  // largest finite value it is infinity.
  return sign | std::min(magnitude, 0x7f800000u);
}

} // namespace

void emu::unpackBfpTile(DataFormat format, const uint8_t *page, float *values) {
  const uint8_t *data = page + 64;
  for (size_t i = 0; i < 1024; ++i) {
    uint8_t code = getDatum(format, data, i);
    if (format == DataFormat::Bfp4_b)
      code = uint8_t((code & 0x8) << 4 | (code & 0x7) << 4);
    values[i] =
        fromBits(uint32_t(hardwareBfp8ToBF16(code, page[i / 16])) << 16);
  }
}

void emu::packBfpTile(DataFormat format, const float *values, bool precise,
                      bool fp32Dest, uint8_t *page) {
  std::memset(page, 0, getBfpTileBytes(format));
  uint8_t *data = page + 64;
  for (size_t row = 0; row < 64; ++row) {
    // The early conversion: with pack_src_format Bfp8_b, each datum rounded
    // to 7 significant bits; with Float16_b (a 16-bit DST) or Float32 (an
    // fp32 DST), as it is. The late conversion takes BF16: an fp32 value
    // is truncated to it.
    uint32_t words[16];
    uint32_t shared = 0;
    for (size_t j = 0; j < 16; ++j) {
      float value = values[row * 16 + j];
      uint32_t word = convertEarly(value, !precise);
      if (precise && fp32Dest)
        word &= 0xffff0000u;
      words[j] = word;
      shared = std::max(shared, word >> 23 & 0xff);
    }
    page[row] = uint8_t(shared);
    for (size_t j = 0; j < 16; ++j) {
      uint32_t word = words[j];
      uint32_t exponent = word >> 23 & 0xff;
      // The 8 significant bits of the BF16 value, shifted to the shared
      // exponent and rounded to 7 bits, ties away from zero.
      uint32_t significand = exponent ? (0x80u | (word >> 16 & 0x7f)) : 0;
      uint32_t shift = shared - exponent + 1;
      uint32_t magnitude =
          shift >= 10 ? 0 : (significand + (1u << (shift - 1))) >> shift;
      magnitude = std::min<uint32_t>(magnitude, 127);
      bool sign = (word & 0x80000000u) && magnitude;
      uint8_t code;
      if (format == DataFormat::Bfp4_b)
        // BFP4 is BFP8 with the magnitude truncated to 3 bits. Whether the
        // packer clears the sign of a magnitude truncated to zero is not
        // documented: it is kept, which the unpacker reads as minus
        // infinity (the pessimistic reading; docs/emulator.md).
        code = uint8_t((sign ? 0x8 : 0) | magnitude >> 4);
      else
        code = uint8_t((sign ? 0x80 : 0) | magnitude);
      setDatum(format, data, row * 16 + j, code);
    }
  }
}

uint32_t emu::getBfpTileBytes(DataFormat format) {
  return format == DataFormat::Bfp4_b ? 576 : 1088;
}

void emu::hostPackBfpTile(DataFormat format, const float *values,
                          uint8_t *page) {
  std::memset(page, 0, getBfpTileBytes(format));
  uint8_t *data = page + 64;
  unsigned width = getMagnitudeBits(format), shift = 24 - width;
  for (size_t row = 0; row < 64; ++row) {
    uint32_t shared = 0;
    for (size_t j = 0; j < 16; ++j)
      shared = std::max(shared, bitsOf(values[row * 16 + j]) >> 23 & 0xff);
    page[row] = uint8_t(shared);
    for (size_t j = 0; j < 16; ++j) {
      uint32_t word = bitsOf(values[row * 16 + j]);
      uint32_t exponent = word >> 23 & 0xff;
      uint32_t mantissa = 0;
      if (exponent != 0) {
        mantissa = 1u << 23 | (word & 0x7fffff);
        uint32_t align = shared - exponent;
        mantissa = align >= 32 ? 0 : mantissa >> align;
        uint32_t round = mantissa & ((1u << shift) - 1);
        mantissa >>= shift;
        uint32_t half = 1u << (shift - 1);
        if (round > half || (round == half && (mantissa & 1)))
          ++mantissa;
        mantissa = std::min(mantissa, (1u << width) - 1);
      }
      bool sign = (word & 0x80000000u) && mantissa;
      setDatum(format, data, row * 16 + j,
               uint8_t((sign ? 1u << width : 0) | mantissa));
    }
  }
}

void emu::hostUnpackBfpTile(DataFormat format, const uint8_t *page,
                            float *values) {
  const uint8_t *data = page + 64;
  unsigned width = getMagnitudeBits(format);
  for (size_t i = 0; i < 1024; ++i) {
    uint8_t code = getDatum(format, data, i);
    uint32_t sign = code >> width & 1, mantissa = code & ((1u << width) - 1);
    int exponent = page[i / 16];
    if (mantissa == 0) {
      values[i] = fromBits(sign << 31);
      continue;
    }
    // Normalise: the leading one to the top bit of the magnitude.
    int shifts = 0;
    while (!(mantissa >> (width - 1) & 1)) {
      mantissa <<= 1;
      ++shifts;
    }
    if (shifts > exponent) {
      values[i] = 0.0f;
      continue;
    }
    mantissa &= (1u << (width - 1)) - 1;
    values[i] = fromBits(sign << 31 | uint32_t(exponent - shifts) << 23 |
                         mantissa << (24 - width));
  }
}

void emu::roundAsBlockFloatTiles(DataFormat format, float *values, size_t count,
                                 size_t columns) {
  if (!columns)
    return;
  // A tile in face order is 64 face rows of 16 values, each with its own
  // exponent: the groups of 16 of the rows, 64 to a tile, round as one
  // tile's face rows do (the padding of a row past its last group is
  // zeros, as in the padded tensor).
  uint32_t tileBytes = getBfpTileBytes(format);
  std::vector<uint8_t> page(tileBytes);
  float tile[1024];
  size_t groupsPerRow = (columns + 15) / 16;
  size_t rows = count / columns;
  size_t groups = rows * groupsPerRow;
  for (size_t first = 0; first < groups; first += 64) {
    auto forEach = [&](auto visit) {
      for (size_t g = first; g < std::min(groups, first + 64); ++g) {
        size_t row = g / groupsPerRow, column = g % groupsPerRow * 16;
        for (size_t i = 0; i < 16; ++i)
          visit((g - first) * 16 + i, column + i < columns
                                          ? &values[row * columns + column + i]
                                          : nullptr);
      }
    };
    std::fill(std::begin(tile), std::end(tile), 0.0f);
    forEach([&](size_t at, float *value) {
      if (value)
        tile[at] = *value;
    });
    hostPackBfpTile(format, tile, page.data());
    hostUnpackBfpTile(format, page.data(), tile);
    forEach([&](size_t at, float *value) {
      if (value)
        *value = tile[at];
    });
  }
}

//===----------------------------------------------------------------------===//
// The host helpers (tt-metalium/bfloat8.hpp, bfloat4.hpp)
//===----------------------------------------------------------------------===//

namespace {

/// Face order of element (row, column) of a 32x32 tile.
size_t faceIndexOf(size_t row, size_t column) {
  return (row / 16 * 2 + column / 16) * 256 + row % 16 * 16 + column % 16;
}

std::vector<uint32_t> packTiles(DataFormat format, const float *data,
                                size_t count, bool rowMajorInput, bool isExpA) {
  if (isExpA)
    throw std::invalid_argument(
        "block floats with a 5-bit exponent (is_exp_a, Bfp8 and Bfp4) are "
        "not emulated: use Bfp8_b and Bfp4_b (is_exp_a = false)");
  if (count % 1024)
    throw std::invalid_argument("the data must be whole 32x32 tiles (" +
                                std::to_string(count) + " values)");
  uint32_t tileBytes = getBfpTileBytes(format);
  std::vector<uint32_t> packed(count / 1024 * tileBytes / 4);
  float tile[1024];
  for (size_t t = 0; t < count / 1024; ++t) {
    const float *in = data + t * 1024;
    for (size_t r = 0; r < 32; ++r)
      for (size_t c = 0; c < 32; ++c)
        tile[rowMajorInput ? faceIndexOf(r, c) : r * 32 + c] = in[r * 32 + c];
    hostPackBfpTile(format, tile,
                    reinterpret_cast<uint8_t *>(packed.data()) + t * tileBytes);
  }
  return packed;
}

std::vector<float> unpackTiles(DataFormat format, const uint32_t *data,
                               size_t words, bool rowMajorOutput, bool isExpA) {
  if (isExpA)
    throw std::invalid_argument("block floats with a 5-bit exponent "
                                "(is_exp_a) are not emulated");
  uint32_t tileBytes = getBfpTileBytes(format);
  if (words * 4 % tileBytes)
    throw std::invalid_argument("the data must be whole tiles of " +
                                std::to_string(tileBytes) + " bytes");
  size_t tiles = words * 4 / tileBytes;
  std::vector<float> out(tiles * 1024);
  float tile[1024];
  for (size_t t = 0; t < tiles; ++t) {
    hostUnpackBfpTile(
        format, reinterpret_cast<const uint8_t *>(data) + t * tileBytes, tile);
    for (size_t r = 0; r < 32; ++r)
      for (size_t c = 0; c < 32; ++c)
        out[t * 1024 + r * 32 + c] =
            tile[rowMajorOutput ? faceIndexOf(r, c) : r * 32 + c];
  }
  return out;
}

} // namespace

std::vector<uint32_t>
tt::tt_metal::tilt_emu_host::packBfp(tt::DataFormat format, const float *data,
                                     size_t count, bool row_major_input,
                                     bool is_exp_a) {
  return packTiles(tilt::emu::DataFormat(uint8_t(format)), data, count,
                   row_major_input, is_exp_a);
}

std::vector<float> tt::tt_metal::tilt_emu_host::unpackBfp(tt::DataFormat format,
                                                          const uint32_t *data,
                                                          size_t words,
                                                          bool row_major_output,
                                                          bool is_exp_a) {
  return unpackTiles(tilt::emu::DataFormat(uint8_t(format)), data, words,
                     row_major_output, is_exp_a);
}
