// tt-metal's classic include path compute_kernel_api/matmul.h: the
// emulator's api/compute/matmul.h.
#pragma once
#include "api/compute/matmul.h"
