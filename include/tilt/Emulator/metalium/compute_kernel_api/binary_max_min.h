// tt-metal's classic include path compute_kernel_api/binary_max_min.h: the
// emulator's api/compute/binary_max_min.h.
#pragma once
#include "api/compute/binary_max_min.h"
