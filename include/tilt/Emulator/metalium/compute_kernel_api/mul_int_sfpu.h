// tt-metal's classic include path compute_kernel_api/mul_int_sfpu.h: the
// emulator's api/compute/mul_int_sfpu.h.
#pragma once
#include "api/compute/mul_int_sfpu.h"
