// tt-metal's experimental/endpoints.h (January to May 2026; since then
// api/dataflow/endpoints.h, out of namespace experimental): the same objects
// under both names.
#ifndef TILT_EMU_EXPERIMENTAL_ENDPOINTS_H
#define TILT_EMU_EXPERIMENTAL_ENDPOINTS_H

#include "api/dataflow/endpoints.h"

namespace experimental {
using ::AllocatorBank;
using ::AllocatorBankType;
using ::MulticastEndpoint;
using ::UnicastEndpoint;
} // namespace experimental

#endif // TILT_EMU_EXPERIMENTAL_ENDPOINTS_H
