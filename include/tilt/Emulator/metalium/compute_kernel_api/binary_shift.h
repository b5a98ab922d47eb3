// tt-metal's classic include path compute_kernel_api/binary_shift.h: the
// emulator's api/compute/binary_shift.h.
#pragma once
#include "api/compute/binary_shift.h"
