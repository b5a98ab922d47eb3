// tt-metal's classic include path compute_kernel_api/binary_comp.h: the
// emulator's api/compute/binary_comp.h.
#pragma once
#include "api/compute/binary_comp.h"
