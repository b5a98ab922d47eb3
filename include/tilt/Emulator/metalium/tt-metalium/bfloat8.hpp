//===- bfloat8.hpp - Bfp8_b tiles on the host, emulated ---------*- C++ -*-===//
//
// tt-metal's tt-metalium/bfloat8.hpp: packs values into Bfp8_b tiles and
// unpacks them, as tt-metal's host does (tt_metal/impl/data_format/
// blockfloat_common.cpp: per 16-datum row of a face one shared exponent,
// the largest; mantissas shifted to it, rounded to nearest even,
// saturating). The data is whole 32x32 tiles one after the other, each
// row-major (`row_major_input`) or in face order. Only the _b formats
// (`is_exp_a = false`); a Tile other than 32x32 is not emulated.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_BFLOAT8_HPP
#define TILT_EMU_BFLOAT8_HPP

#include "tilt_emu/common.h"
#include "tt-metalium/bfloat16.hpp"
#include "tt_stl/span.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace tt {
namespace tt_metal {

/// A tile shape (tt-metal's Tile); the emulator has 32x32 tiles only.
struct Tile {
  std::array<uint32_t, 2> tile_shape = {32, 32};
};

namespace tilt_emu_host {
std::vector<uint32_t> packBfp(tt::DataFormat format, const float *data,
                              size_t count, bool row_major_input,
                              bool is_exp_a);
std::vector<float> unpackBfp(tt::DataFormat format, const uint32_t *data,
                             size_t words, bool row_major_output,
                             bool is_exp_a);
template <typename T>
std::vector<uint32_t> packBfpOf(tt::DataFormat format, stl::Span<const T> data,
                                bool row_major_input, bool is_exp_a) {
  if constexpr (std::is_same_v<T, float>) {
    return packBfp(format, data.data(), data.size(), row_major_input, is_exp_a);
  } else {
    std::vector<float> values(data.begin(), data.end());
    return packBfp(format, values.data(), values.size(), row_major_input,
                   is_exp_a);
  }
}
} // namespace tilt_emu_host

template <typename T>
std::vector<uint32_t>
pack_as_bfp8_tiles(stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                   const std::optional<Tile> & = std::nullopt) {
  return tilt_emu_host::packBfpOf(tt::DataFormat::Bfp8_b, data, row_major_input,
                                  is_exp_a);
}
template <typename T>
std::vector<uint32_t>
pack_as_bfp8_tiles(const std::vector<T> &data, bool row_major_input,
                   bool is_exp_a,
                   const std::optional<Tile> &tile = std::nullopt) {
  return pack_as_bfp8_tiles(stl::Span<const T>(data.data(), data.size()),
                            row_major_input, is_exp_a, tile);
}
inline std::vector<float>
unpack_bfp8_tiles_into_float_vec(stl::Span<const uint32_t> bfp8_tiles,
                                 bool row_major_output, bool is_exp_a,
                                 const std::optional<Tile> & = std::nullopt) {
  return tilt_emu_host::unpackBfp(tt::DataFormat::Bfp8_b, bfp8_tiles.data(),
                                  bfp8_tiles.size(), row_major_output,
                                  is_exp_a);
}
inline std::vector<float> unpack_bfp8_tiles_into_float_vec(
    const std::vector<uint32_t> &bfp8_tiles, bool row_major_output,
    bool is_exp_a, const std::optional<Tile> &tile = std::nullopt) {
  return unpack_bfp8_tiles_into_float_vec(
      stl::Span<const uint32_t>(bfp8_tiles.data(), bfp8_tiles.size()),
      row_major_output, is_exp_a, tile);
}

} // namespace tt_metal
} // namespace tt

/// The older, deprecated name (global, as in tt-metal).
inline std::vector<uint32_t> pack_fp32_vec_as_bfp8_tiles(
    tt::stl::Span<const float> data, bool row_major_input, bool is_exp_a,
    const std::optional<tt::tt_metal::Tile> & = std::nullopt) {
  return tt::tt_metal::tilt_emu_host::packBfp(tt::DataFormat::Bfp8_b,
                                              data.data(), data.size(),
                                              row_major_input, is_exp_a);
}

#endif // TILT_EMU_BFLOAT8_HPP
