//===- debug/dprint.h - tt-metal's DPRINT, emulated --------------*- C++
//-*-===//
//
// `DPRINT << "x = " << x << ENDL();` as tt-metal's tt_metal/hw/inc/debug/
// dprint.h: each line a kernel prints is written to the host's standard
// output with the prefix tt-metal's DPRINT server gives it,
// "<device>:(x=<column>,y=<row>):<RISC>: " (BR and NC for the two data
// movement RISCs, TR0/TR1/TR2 for the compute kernel's unpack, math and
// pack TRISCs). A line is printed when it ends (ENDL() or '\n').
//
// A compute kernel runs on three TRISCs, each of which runs a bare DPRINT:
// the emulator prints such a line three times, TR0, TR1 and TR2, as the
// card does. DPRINT_UNPACK(...), DPRINT_MATH(...) and DPRINT_PACK(...)
// print once, from that TRISC; DPRINT_DATA0(...) and DPRINT_DATA1(...) run
// only on BR and NC. Format state (SETPRECISION, FIXED, HEX, ...) lasts
// until changed, SETW for the next value, as on tt-metal's host side.
// Not emulated: TileSlice and the typed tile printers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "tilt_emu/kernel_api.h"
#include <cstring>
#include <iomanip>
#include <sstream>
#include <string>
#include <type_traits>

namespace tilt_emu {
/// Writes one printed line (no newline in it) of the running kernel.
void debugPrintLine(const char *text, size_t size);
/// While alive, the running compute kernel's lines come from one TRISC
/// (0 unpack, 1 math, 2 pack) instead of all three.
struct TriscScope {
  explicit TriscScope(int trisc);
  ~TriscScope();
  TriscScope(const TriscScope &) = delete;
  TriscScope &operator=(const TriscScope &) = delete;
  int previous;
};
/// The running data movement kernel's RISC: 0 BRISC, 1 NCRISC (-1 in a
/// compute kernel).
int getDataMovementRisc();

/// The kernel thread's text since its last printed line, with its format.
inline std::ostringstream &debugStream() {
  thread_local std::ostringstream stream;
  return stream;
}
/// Prints every complete line of the stream and keeps the rest.
inline void flushDebugLines() {
  std::ostringstream &stream = debugStream();
  std::string text = stream.str();
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1)
    debugPrintLine(text.data() + start, end - start);
  if (start) {
    stream.str(text.substr(start));
    stream.seekp(0, std::ios_base::end);
  }
}
} // namespace tilt_emu

struct DebugPrinter {};
struct ENDL {};
struct FIXED {};
struct DEFAULTFLOAT {};
struct HEX {};
struct DEC {};
struct OCT {};
struct SETW {
  explicit SETW(int width) : width(width) {}
  int width;
};
struct SETPRECISION {
  explicit SETPRECISION(int precision) : precision(precision) {}
  int precision;
};
/// A bfloat16 given by its bits, printed as its value.
struct BF16 {
  explicit BF16(uint16_t bits) : bits(bits) {}
  uint16_t bits;
};

template <typename T>
inline DebugPrinter operator<<(DebugPrinter printer, const T &value) {
  std::ostringstream &stream = tilt_emu::debugStream();
  if constexpr (std::is_same_v<T, ENDL>) {
    stream << '\n';
  } else if constexpr (std::is_same_v<T, FIXED>) {
    stream << std::fixed;
  } else if constexpr (std::is_same_v<T, DEFAULTFLOAT>) {
    stream << std::defaultfloat;
  } else if constexpr (std::is_same_v<T, HEX>) {
    stream << std::hex;
  } else if constexpr (std::is_same_v<T, DEC>) {
    stream << std::dec;
  } else if constexpr (std::is_same_v<T, OCT>) {
    stream << std::oct;
  } else if constexpr (std::is_same_v<T, SETW>) {
    stream << std::setw(value.width);
  } else if constexpr (std::is_same_v<T, SETPRECISION>) {
    stream << std::setprecision(value.precision);
  } else if constexpr (std::is_same_v<T, BF16>) {
    uint32_t bits = uint32_t(value.bits) << 16;
    float number;
    std::memcpy(&number, &bits, 4);
    stream << number;
  } else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, bool>) {
    stream << value;
  } else if constexpr (std::is_integral_v<T> && sizeof(T) == 1) {
    // int8_t and uint8_t are numbers, not characters.
    stream << int(value);
  } else if constexpr (std::is_arithmetic_v<T> || std::is_pointer_v<T> ||
                       std::is_array_v<T>) {
    stream << value;
  } else {
    static_assert(std::is_arithmetic_v<T>,
                  "DPRINT prints numbers, characters, strings and the "
                  "format manipulators (TileSlice is not emulated)");
  }
  tilt_emu::flushDebugLines();
  return printer;
}

#define DPRINT (DebugPrinter())
/// Runs `x` with its prints from TRISC `trisc` only.
#define TILT_DPRINT_ON_TRISC(trisc, x)                                         \
  do {                                                                         \
    ::tilt_emu::TriscScope tiltTrisc(trisc);                                   \
    x;                                                                         \
  } while (0)
#define DPRINT_UNPACK(x) TILT_DPRINT_ON_TRISC(0, x)
#define DPRINT_MATH(x) TILT_DPRINT_ON_TRISC(1, x)
#define DPRINT_PACK(x) TILT_DPRINT_ON_TRISC(2, x)
/// Runs `x` on data movement RISC `risc` only (0 BRISC, 1 NCRISC).
#define TILT_DPRINT_ON_RISC(risc, x)                                           \
  do {                                                                         \
    if (::tilt_emu::getDataMovementRisc() == risc) {                           \
      x;                                                                       \
    }                                                                          \
  } while (0)
#define DPRINT_DATA0(x) TILT_DPRINT_ON_RISC(0, x)
#define DPRINT_DATA1(x) TILT_DPRINT_ON_RISC(1, x)
