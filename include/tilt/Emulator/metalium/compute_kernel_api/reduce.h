// tt-metal's classic include path compute_kernel_api/reduce.h: the
// emulator's api/compute/reduce.h.
#pragma once
#include "api/compute/reduce.h"
