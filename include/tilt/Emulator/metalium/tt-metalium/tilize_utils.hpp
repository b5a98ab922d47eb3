//===- tilize_utils.hpp - Host tile layout, emulated ------------*- C++ -*-===//
#ifndef TILT_EMU_TILIZE_UTILS_HPP
#define TILT_EMU_TILIZE_UTILS_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

/// Where element (r, c) of a row-major matrix with `tileCols` tiles per row
/// lies in its tiled layout: tiles row-major, each tile four 16x16 faces
/// (top-left, top-right, bottom-left, bottom-right), each face row-major.
inline size_t nfacesIndex(uint32_t r, uint32_t c, uint32_t tileCols) {
  size_t tile = size_t(r / 32) * tileCols + c / 32;
  uint32_t face = ((r % 32) >= 16) * 2 + ((c % 32) >= 16);
  return tile * 1024 + face * 256 + (r % 16) * 16 + c % 16;
}

/// Row-major m x n (multiples of 32) to 32x32 tiles of four 16x16 faces,
/// tiles in row-major order.
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T> &in, uint32_t m, uint32_t n) {
  std::vector<T> out(in.size());
  uint32_t tileCols = n / 32;
  for (uint32_t r = 0; r < m; ++r)
    for (uint32_t c = 0; c < n; ++c)
      out[nfacesIndex(r, c, tileCols)] = in[size_t(r) * n + c];
  return out;
}

/// The inverse of tilize_nfaces.
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T> &in, uint32_t m,
                               uint32_t n) {
  std::vector<T> out(in.size());
  uint32_t tileCols = n / 32;
  for (uint32_t r = 0; r < m; ++r)
    for (uint32_t c = 0; c < n; ++c)
      out[size_t(r) * n + c] = in[nfacesIndex(r, c, tileCols)];
  return out;
}

#endif // TILT_EMU_TILIZE_UTILS_HPP
