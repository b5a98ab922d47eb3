// A header of the program's own, included by the writer: a changed header
// must rebuild the kernels that include it.
#pragma once
#include <cstdint>

constexpr uint32_t kTileToPrint = 0;
