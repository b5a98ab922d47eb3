// tt-metal's experimental/circular_buffer.h (January to May 2026; since then
// api/dataflow/circular_buffer.h, out of namespace experimental): the same
// objects under both names.
#ifndef TILT_EMU_EXPERIMENTAL_CIRCULAR_BUFFER_H
#define TILT_EMU_EXPERIMENTAL_CIRCULAR_BUFFER_H

#include "api/dataflow/circular_buffer.h"

namespace experimental {
using ::CircularBuffer;
using ::CircularBufferView;
using ::use;
} // namespace experimental

#endif // TILT_EMU_EXPERIMENTAL_CIRCULAR_BUFFER_H
