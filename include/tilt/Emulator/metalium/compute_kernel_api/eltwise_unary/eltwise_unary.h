// tt-metal's classic include path
// compute_kernel_api/eltwise_unary/eltwise_unary.h: the emulator's
// api/compute/eltwise_unary/eltwise_unary.h.
#pragma once
#include "api/compute/eltwise_unary/eltwise_unary.h"
