// tt-metal's classic include path
// compute_kernel_api/compute_kernel_hw_startup.h: the emulator's
// api/compute/compute_kernel_hw_startup.h.
#pragma once
#include "api/compute/compute_kernel_hw_startup.h"
