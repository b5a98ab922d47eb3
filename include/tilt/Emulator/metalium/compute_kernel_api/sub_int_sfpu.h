// tt-metal's classic include path compute_kernel_api/sub_int_sfpu.h: the
// emulator's api/compute/sub_int_sfpu.h.
#pragma once
#include "api/compute/sub_int_sfpu.h"
