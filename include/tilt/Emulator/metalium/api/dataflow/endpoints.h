// tt-metal's api/dataflow/endpoints.h (UnicastEndpoint, MulticastEndpoint,
// AllocatorBank): see tilt_emu/noc_objects.h.
#ifndef TILT_EMU_API_DATAFLOW_ENDPOINTS_H
#define TILT_EMU_API_DATAFLOW_ENDPOINTS_H

#include "tilt_emu/noc_objects.h"

#endif // TILT_EMU_API_DATAFLOW_ENDPOINTS_H
