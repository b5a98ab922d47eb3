// tt-metal's api/tensor/noc_traits.h (TensorAccessor as a Noc source or
// destination): see tilt_emu/noc_objects.h.
#ifndef TILT_EMU_API_TENSOR_NOC_TRAITS_H
#define TILT_EMU_API_TENSOR_NOC_TRAITS_H

#include "tilt_emu/noc_objects.h"

#endif // TILT_EMU_API_TENSOR_NOC_TRAITS_H
