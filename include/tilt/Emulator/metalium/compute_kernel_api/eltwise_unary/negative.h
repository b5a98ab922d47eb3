// tt-metal's classic include path compute_kernel_api/eltwise_unary/negative.h:
// the emulator's api/compute/eltwise_unary/negative.h.
#pragma once
#include "api/compute/eltwise_unary/negative.h"
