// tt-metal's classic include path compute_kernel_api/eltwise_unary/rsqrt.h:
// the emulator's api/compute/eltwise_unary/rsqrt.h.
#pragma once
#include "api/compute/eltwise_unary/rsqrt.h"
