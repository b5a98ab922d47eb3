//===- bfloat4.hpp - Bfp4_b tiles on the host, emulated ---------*- C++ -*-===//
//
// tt-metal's tt-metalium/bfloat4.hpp (global names, as there): Bfp4_b
// tiles as bfloat8.hpp makes Bfp8_b ones, 3 magnitude bits per datum.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_BFLOAT4_HPP
#define TILT_EMU_BFLOAT4_HPP

#include "tt-metalium/bfloat8.hpp"

template <typename T>
std::vector<uint32_t>
pack_as_bfp4_tiles(tt::stl::Span<const T> data, bool row_major_input,
                   bool is_exp_a,
                   const std::optional<tt::tt_metal::Tile> & = std::nullopt) {
  return tt::tt_metal::tilt_emu_host::packBfpOf(tt::DataFormat::Bfp4_b, data,
                                                row_major_input, is_exp_a);
}
template <typename T>
std::vector<uint32_t> pack_as_bfp4_tiles(
    const std::vector<T> &data, bool row_major_input, bool is_exp_a,
    const std::optional<tt::tt_metal::Tile> &tile = std::nullopt) {
  return pack_as_bfp4_tiles(tt::stl::Span<const T>(data.data(), data.size()),
                            row_major_input, is_exp_a, tile);
}
inline std::vector<uint32_t> pack_fp32_vec_as_bfp4_tiles(
    tt::stl::Span<const float> data, bool row_major_input, bool is_exp_a,
    const std::optional<tt::tt_metal::Tile> & = std::nullopt) {
  return tt::tt_metal::tilt_emu_host::packBfp(tt::DataFormat::Bfp4_b,
                                              data.data(), data.size(),
                                              row_major_input, is_exp_a);
}
inline std::vector<float> unpack_bfp4_tiles_into_float_vec(
    tt::stl::Span<const uint32_t> bfp4_tiles, bool row_major_output,
    bool is_exp_a, const std::optional<tt::tt_metal::Tile> & = std::nullopt) {
  return tt::tt_metal::tilt_emu_host::unpackBfp(
      tt::DataFormat::Bfp4_b, bfp4_tiles.data(), bfp4_tiles.size(),
      row_major_output, is_exp_a);
}
inline std::vector<float> unpack_bfp4_tiles_into_float_vec(
    const std::vector<uint32_t> &bfp4_tiles, bool row_major_output,
    bool is_exp_a,
    const std::optional<tt::tt_metal::Tile> &tile = std::nullopt) {
  return unpack_bfp4_tiles_into_float_vec(
      tt::stl::Span<const uint32_t>(bfp4_tiles.data(), bfp4_tiles.size()),
      row_major_output, is_exp_a, tile);
}

#endif // TILT_EMU_BFLOAT4_HPP
