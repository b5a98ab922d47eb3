// tt-metal's api/dataflow/noc_semaphore.h (Semaphore<>): see
// tilt_emu/noc_objects.h.
#ifndef TILT_EMU_API_DATAFLOW_NOC_SEMAPHORE_H
#define TILT_EMU_API_DATAFLOW_NOC_SEMAPHORE_H

#include "tilt_emu/noc_objects.h"

#endif // TILT_EMU_API_DATAFLOW_NOC_SEMAPHORE_H
