//===- Bits.h - A float's bit pattern ---------------------------*- C++ -*-===//
//
// Private to lib/Emulator: the bits of an fp32 value and back, for the
// conversions that work on them (Numerics.cpp, BlockFloat.cpp, the SFPU).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_BITS_H
#define TILT_LIB_EMULATOR_BITS_H

#include <cstdint>
#include <cstring>

namespace tilt {
namespace emu {

inline uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

inline float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_BITS_H
