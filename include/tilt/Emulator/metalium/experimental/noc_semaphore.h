// tt-metal's experimental/noc_semaphore.h (January to May 2026; since then
// api/dataflow/noc_semaphore.h, out of namespace experimental): the same
// objects under both names.
#ifndef TILT_EMU_EXPERIMENTAL_NOC_SEMAPHORE_H
#define TILT_EMU_EXPERIMENTAL_NOC_SEMAPHORE_H

#include "api/dataflow/noc_semaphore.h"

namespace experimental {
using ::Semaphore;
} // namespace experimental

#endif // TILT_EMU_EXPERIMENTAL_NOC_SEMAPHORE_H
