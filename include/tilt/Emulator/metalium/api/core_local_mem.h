// tt-metal's api/core_local_mem.h (CoreLocalMem): see tilt_emu/noc_objects.h.
#ifndef TILT_EMU_API_CORE_LOCAL_MEM_H
#define TILT_EMU_API_CORE_LOCAL_MEM_H

#include "tilt_emu/noc_objects.h"

#endif // TILT_EMU_API_CORE_LOCAL_MEM_H
