// tt-metal's classic include path compute_kernel_api/reg_api.h: the
// emulator's api/compute/reg_api.h.
#pragma once
#include "api/compute/reg_api.h"
