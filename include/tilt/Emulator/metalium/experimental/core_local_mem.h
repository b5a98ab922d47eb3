// tt-metal's experimental/core_local_mem.h (January to May 2026; since then
// api/core_local_mem.h, out of namespace experimental): the same objects under
// both names.
#ifndef TILT_EMU_EXPERIMENTAL_CORE_LOCAL_MEM_H
#define TILT_EMU_EXPERIMENTAL_CORE_LOCAL_MEM_H

#include "api/core_local_mem.h"

namespace experimental {
using ::CoreLocalMem;
} // namespace experimental

#endif // TILT_EMU_EXPERIMENTAL_CORE_LOCAL_MEM_H
