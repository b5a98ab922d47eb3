// tt-metal's api/dataflow/noc.h (Noc, NocOptions): see tilt_emu/noc_objects.h.
#ifndef TILT_EMU_API_DATAFLOW_NOC_H
#define TILT_EMU_API_DATAFLOW_NOC_H

#include "tilt_emu/noc_objects.h"

#endif // TILT_EMU_API_DATAFLOW_NOC_H
