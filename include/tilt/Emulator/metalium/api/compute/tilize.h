//===- tilize.h - The Metalium tilize API, emulated -------------*- C++ -*-===//
//
// tt-metal's api/compute/tilize.h: tilize_block turns `block` pages at the
// front of icb, which hold 32 rows of block x 32 row-major elements, into
// `block` tiles at the back of ocb, each through SrcA (or straight into DST
// for a Float32 CB in UnpackToDestFp32 mode), DST and the packer. It does
// not wait, pop, reserve or push: the kernel waits for `block` pages of icb
// and reserves `block` of ocb around it, outside tile_regs_acquire ..
// tile_regs_release (the call takes DST itself).
//
// tilize_init puts the unpacker in tilize mode until tilize_uninit; no
// other op may unpack in between, and after tilize_uninit the next op needs
// its own init. The inits configure no data format: SrcA and the packer
// must already be configured for icb and ocb (compute_kernel_hw_startup).
// The rules and their sources are in lib/Emulator/ComputeTilize.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once
#include "tilt_emu/compute_api.h"

inline void tilize_init(uint32_t icb, uint32_t block, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::tilizeInit("tilize_init", icb, block, ocb);
}
// Reconfigures SrcA from old_icb's format to new_icb's when they differ,
// then initializes tilize for new_icb.
inline void tilize_init_short_with_dt(uint32_t old_icb, uint32_t new_icb,
                                      uint32_t block, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("tilize_init_short_with_dt", 'A', old_icb,
                                   new_icb);
  tilt_emu::tilizeInit("tilize_init_short_with_dt", new_icb, block, ocb);
}
// Tile t of the call reads tile column input_tile_index % block + t of row
// block input_tile_index / block, and writes page output_tile_index + t of
// the reserved pages of ocb.
inline void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb,
                         uint32_t input_tile_index = 0,
                         uint32_t output_tile_index = 0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::tilizeBlock(icb, block, ocb, input_tile_index, output_tile_index);
}
inline void tilize_uninit(uint32_t icb, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::tilizeUninit("tilize_uninit", icb, ocb);
}
// Leaves tilize mode, then reconfigures SrcA from old_icb's format to
// new_icb's when they differ.
inline void tilize_uninit_with_dt(uint32_t old_icb, uint32_t new_icb,
                                  uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::tilizeUninit("tilize_uninit_with_dt", old_icb, ocb);
  tilt_emu::reconfigureIfDifferent("tilize_uninit_with_dt", 'A', old_icb,
                                   new_icb);
}
