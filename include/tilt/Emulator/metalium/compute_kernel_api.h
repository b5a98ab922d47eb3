// tt-metal's classic include path of the compute API (tt_metal/include/
// compute_kernel_api.h): the emulator's api/compute/compute_kernel_api.h.
#pragma once
#include "api/compute/compute_kernel_api.h"
