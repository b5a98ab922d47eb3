// tt-metal's classic include path compute_kernel_api/eltwise_unary/relu.h:
// the emulator's api/compute/eltwise_unary/relu.h.
#pragma once
#include "api/compute/eltwise_unary/relu.h"
