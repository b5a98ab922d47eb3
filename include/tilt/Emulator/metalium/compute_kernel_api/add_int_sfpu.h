// tt-metal's classic include path compute_kernel_api/add_int_sfpu.h: the
// emulator's api/compute/add_int_sfpu.h.
#pragma once
#include "api/compute/add_int_sfpu.h"
