// tt-metal's tt_metal/hw/inc/mod_div_lib.h: division and remainder by a
// compile-time divisor, as a kernel computes them on the device. For the
// divisors 12, 56, 94, 124 and 126 the header multiplies by a fixed
// constant and shifts (the constants and shifts below are the header's);
// the emulator computes the same, exactness or not: over every 32-bit n,
// 12 and 94 are exact, 56 is off from n = 1431655791, 124 divides by 62
// and 126 is off from n = 72796121 (checked exhaustively, see
// docs/emulator.md). Other divisors divide exactly (0 for a zero divisor,
// as the header's generic loop returns).
#pragma once
#include <cstdint>

inline uint32_t mulsi3(uint32_t a, uint32_t b) { return a * b; }

namespace tilt_emu {
constexpr uint32_t multiplyShift(uint32_t n, uint64_t magic, uint32_t shift) {
  return uint32_t(((uint64_t(n) * magic) >> 32) >> shift);
}
} // namespace tilt_emu

inline uint32_t fast_udiv_12(uint32_t n) {
  return tilt_emu::multiplyShift(n, 0xAAAAAAABull, 3);
}
inline uint32_t fast_udiv_56(uint32_t n) {
  return tilt_emu::multiplyShift(n, 0x24924925ull, 3);
}
inline uint32_t fast_udiv_94(uint32_t n) {
  return tilt_emu::multiplyShift(n, 0xAE4C415Dull, 6);
}
inline uint32_t fast_udiv_124(uint32_t n) {
  return tilt_emu::multiplyShift(n, 0x08421085ull, 1);
}
inline uint32_t fast_udiv_126(uint32_t n) {
  return tilt_emu::multiplyShift(n, 0x04104105ull, 1);
}

template <uint32_t d> inline uint32_t udivsi3_const_divisor(uint32_t n) {
  if constexpr (d == 12)
    return fast_udiv_12(n);
  else if constexpr (d == 56)
    return fast_udiv_56(n);
  else if constexpr (d == 94)
    return fast_udiv_94(n);
  else if constexpr (d == 124)
    return fast_udiv_124(n);
  else if constexpr (d == 126)
    return fast_udiv_126(n);
  else if constexpr (d == 0)
    return 0;
  else
    return n / d;
}

template <uint32_t d> inline uint32_t umodsi3_const_divisor(uint32_t a) {
  return a - udivsi3_const_divisor<d>(a) * d;
}
