// tt-metal's classic include path compute_kernel_api/eltwise_unary/where.h:
// the emulator's api/compute/eltwise_unary/where.h.
#pragma once
#include "api/compute/eltwise_unary/where.h"
