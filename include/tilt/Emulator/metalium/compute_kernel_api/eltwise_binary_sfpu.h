// tt-metal's classic include path compute_kernel_api/eltwise_binary_sfpu.h: the
// emulator's api/compute/eltwise_binary_sfpu.h.
#pragma once
#include "api/compute/eltwise_binary_sfpu.h"
