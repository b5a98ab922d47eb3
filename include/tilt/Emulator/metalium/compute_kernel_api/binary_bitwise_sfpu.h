// tt-metal's classic include path compute_kernel_api/binary_bitwise_sfpu.h: the
// emulator's api/compute/binary_bitwise_sfpu.h.
#pragma once
#include "api/compute/binary_bitwise_sfpu.h"
