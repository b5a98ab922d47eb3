//===- pack_untilize.h - The Metalium pack untilize API, emulated -*- C++ -*-=//
//
// tt-metal's api/compute/pack_untilize.h: the packer writes DST tiles as
// rows. pack_untilize_block unpacks block_ct_dim tiles at the front of icb
// as copy_tile does (straight into DST for a Float32 CB in
// UnpackToDestFp32 mode: tt-metal's lossless fp32 untilize), and packs
// them as columns block_c_index x block_ct_dim x 32 .. of 32 rows of
// full_ct_dim x 32 elements at ocb's write pointer; it takes DST itself.
// pack_untilize_dest packs tiles the kernel computed into DST, between
// tile_regs_wait and tile_regs_release, block_rt_dim rows of tiles.
//
// The inits configure the packer's format from ocb and put the packer in
// untilize mode until pack_untilize_uninit (which configures it from ocb
// again); pack_tile in between is an error, and the blocks must have the
// init's widths. The rules and their sources are in
// lib/Emulator/ComputeTilize.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once
#include "tilt_emu/compute_api.h"

// The template parameters the emulator models: a whole row of 32 datums
// per tile (row_num_datums = TILE_C_DIM), no narrow rows, no diagonal or
// dense packing.
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim,
          bool narrow_row = false, uint32_t row_num_datums = 32,
          bool dense = false>
void pack_untilize_dest_init(uint32_t ocb, uint32_t face_r_dim = 16,
                             uint32_t num_faces = 4, TILT_HERE) {
  // tt-llk llk_pack_untilize.h: "full_ct_dim must be divisible by
  // block_ct_dim".
  static_assert(block_ct_dim > 0 && full_ct_dim % block_ct_dim == 0,
                "full_ct_dim must be divisible by block_ct_dim");
  static_assert(!narrow_row && row_num_datums == 32 && !dense,
                "the emulator packs whole rows of 32x32 tiles");
  ::tilt_emu::at(here);
  tilt_emu::packUntilizeInit("pack_untilize_dest_init", block_ct_dim,
                             full_ct_dim, -1, ocb, face_r_dim, num_faces);
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
void pack_untilize_init(uint32_t icb, uint32_t ocb, TILT_HERE) {
  static_assert(block_ct_dim > 0 && full_ct_dim % block_ct_dim == 0,
                "full_ct_dim must be divisible by block_ct_dim");
  ::tilt_emu::at(here);
  tilt_emu::packUntilizeInit("pack_untilize_init", block_ct_dim, full_ct_dim,
                             int32_t(icb), ocb, 16, 4);
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb,
                         uint32_t block_c_index = 0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::packUntilizeBlock(block_ct_dim, full_ct_dim, icb, block_rt_dim, ocb,
                              block_c_index);
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false,
          uint32_t row_num_datums = 32, uint32_t tile_dst_ct_offset = 0,
          bool dense = false>
void pack_untilize_dest(uint32_t ocb, uint32_t block_rt_dim = 1,
                        uint32_t block_c_index = 0, uint32_t face_r_dim = 16,
                        uint32_t num_faces = 4, uint32_t tile_dst_rt_offset = 0,
                        TILT_HERE) {
  static_assert(!diagonal && !narrow_row && row_num_datums == 32 && !dense,
                "the emulator packs whole rows of 32x32 tiles");
  ::tilt_emu::at(here);
  tilt_emu::packUntilizeDest(block_ct_dim, full_ct_dim, tile_dst_ct_offset, ocb,
                             block_rt_dim, block_c_index, face_r_dim, num_faces,
                             tile_dst_rt_offset);
}
// The names of tt-metal's pack_untilize.h in 2024-25:
// pack_untilize_dst_init_short (the packer's untilize configuration for
// ocb, then the init, as pack_untilize_dest_init) and pack_untilize_dst.
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false,
          uint32_t row_num_datums = 32>
void pack_untilize_dst_init_short(uint32_t ocb, uint32_t face_r_dim = 16,
                                  uint32_t num_faces = 4, TILT_HERE) {
  static_assert(block_ct_dim > 0 && full_ct_dim % block_ct_dim == 0,
                "full_ct_dim must be divisible by block_ct_dim");
  static_assert(!diagonal && !narrow_row && row_num_datums == 32,
                "the emulator packs whole rows of 32x32 tiles");
  ::tilt_emu::at(here);
  tilt_emu::packUntilizeInit("pack_untilize_dst_init_short", block_ct_dim,
                             full_ct_dim, -1, ocb, face_r_dim, num_faces);
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false,
          uint32_t row_num_datums = 32>
void pack_untilize_dst(uint32_t ocb, uint32_t block_rt_dim = 1,
                       uint32_t block_c_index = 0, uint32_t face_r_dim = 16,
                       uint32_t num_faces = 4, TILT_HERE) {
  pack_untilize_dest<block_ct_dim, full_ct_dim, diagonal, narrow_row,
                     row_num_datums>(ocb, block_rt_dim, block_c_index,
                                     face_r_dim, num_faces, 0, here);
}
inline void pack_untilize_uninit(uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::packUntilizeUninit(ocb);
}
