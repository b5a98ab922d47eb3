// tt-metal's classic include path compute_kernel_api/common.h: the
// emulator's api/compute/common.h.
#pragma once
#include "api/compute/common.h"
