//===- untilize.h - The Metalium untilize API, emulated ---------*- C++ -*-===//
//
// tt-metal's api/compute/untilize.h: untilize_block turns full_ct_dim
// tiles at the front of icb into full_ct_dim pages at the back of ocb that
// hold 32 rows of full_ct_dim x 32 row-major elements, through SrcA (fp32
// as TF32: there is no unpack-to-DST path), DST (block_ct_dim tiles per DST
// section) and the packer, whose write position advances as pack_tile's
// does. It does not wait, pop, reserve or push, and runs outside
// tile_regs_acquire .. tile_regs_release (it takes DST itself).
//
// untilize_init puts the unpacker in untilize mode until untilize_uninit;
// no other op may unpack in between, and after untilize_uninit the next op
// needs its own init. The init configures no data format. The rules and
// their sources are in lib/Emulator/ComputeTilize.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once
#include "tilt_emu/compute_api.h"

inline void untilize_init(uint32_t icb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::untilizeInit(icb);
}
template <uint32_t block_ct_dim = 1>
void untilize_block(uint32_t icb, uint32_t full_ct_dim, uint32_t ocb,
                    TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::untilizeBlock(block_ct_dim, icb, full_ct_dim, ocb);
}
inline void untilize_uninit(uint32_t icb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::untilizeUninit(icb);
}
