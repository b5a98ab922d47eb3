// tt-metal's api/dataflow/circular_buffer.h (CircularBuffer): see
// tilt_emu/circular_buffer.h.
#ifndef TILT_EMU_API_DATAFLOW_CIRCULAR_BUFFER_H
#define TILT_EMU_API_DATAFLOW_CIRCULAR_BUFFER_H

#include "tilt_emu/circular_buffer.h"

#endif // TILT_EMU_API_DATAFLOW_CIRCULAR_BUFFER_H
