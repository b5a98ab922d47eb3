//===- BlockFloat.h - Bfp8_b and Bfp4_b tiles -------------------*- C++ -*-===//
//
// Private to lib/Emulator: the hardware's conversions of block-float tiles
// (the unpacker's and the packer's) and tt-metal's host conversion
// (BlockFloat.cpp has the sources). Values are in face order.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_BLOCKFLOAT_H
#define TILT_LIB_EMULATOR_BLOCKFLOAT_H

#include "tilt/Emulator/Emulator.h"

#include <cstdint>

namespace tilt {
namespace emu {

/// Bytes of a 32x32 tile: 1088 (Bfp8_b), 576 (Bfp4_b).
uint32_t getBfpTileBytes(DataFormat format);
/// The unpacker: a tile of `format` into its 1024 values (exact in bf16).
void unpackBfpTile(DataFormat format, const uint8_t *page, float *values);
/// The packer: 1024 DST values into a tile of `format`. `precise` is
/// ComputeConfig::bfp8_pack_precise (pack_src_format Float16_b or Float32,
/// one rounding; else Bfp8_b, two); `fp32Dest` whether DST holds fp32.
void packBfpTile(DataFormat format, const float *values, bool precise,
                 bool fp32Dest, uint8_t *page);
/// tt-metal's host conversions (pack_as_bfp8_tiles, unpack_bfp8_tiles_...).
void hostPackBfpTile(DataFormat format, const float *values, uint8_t *page);
void hostUnpackBfpTile(DataFormat format, const uint8_t *page, float *values);

} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_BLOCKFLOAT_H
