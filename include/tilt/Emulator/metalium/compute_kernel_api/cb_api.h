// tt-metal's classic include path compute_kernel_api/cb_api.h: the
// emulator's api/compute/cb_api.h.
#pragma once
#include "api/compute/cb_api.h"
