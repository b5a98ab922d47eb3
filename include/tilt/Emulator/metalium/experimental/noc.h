// tt-metal's experimental/noc.h (January to May 2026; since then
// api/dataflow/noc.h, out of namespace experimental): the same objects under
// both names.
#ifndef TILT_EMU_EXPERIMENTAL_NOC_H
#define TILT_EMU_EXPERIMENTAL_NOC_H

#include "api/dataflow/noc.h"

namespace experimental {
using ::Noc;
using ::noc_traits_t;
using ::NocOptions;
using ::NocOptVals;
} // namespace experimental

#endif // TILT_EMU_EXPERIMENTAL_NOC_H
