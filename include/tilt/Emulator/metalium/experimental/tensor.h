// tt-metal's experimental/tensor.h (January to May 2026; since then
// api/tensor/noc_traits.h, out of namespace experimental): the same objects
// under both names.
#ifndef TILT_EMU_EXPERIMENTAL_TENSOR_H
#define TILT_EMU_EXPERIMENTAL_TENSOR_H

#include "api/tensor/noc_traits.h"

#endif // TILT_EMU_EXPERIMENTAL_TENSOR_H
