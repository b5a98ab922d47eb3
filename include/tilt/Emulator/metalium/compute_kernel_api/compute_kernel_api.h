// tt-metal's classic include path compute_kernel_api/compute_kernel_api.h: the
// emulator's api/compute/compute_kernel_api.h.
#pragma once
#include "api/compute/compute_kernel_api.h"
