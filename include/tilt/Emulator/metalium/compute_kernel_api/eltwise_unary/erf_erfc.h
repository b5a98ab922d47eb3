// tt-metal's classic include path compute_kernel_api/eltwise_unary/erf_erfc.h:
// the emulator's api/compute/eltwise_unary/erf_erfc.h.
#pragma once
#include "api/compute/eltwise_unary/erf_erfc.h"
