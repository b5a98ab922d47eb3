// tt-metal's classic include path compute_kernel_api/eltwise_unary/sqrt.h:
// the emulator's api/compute/eltwise_unary/sqrt.h.
#pragma once
#include "api/compute/eltwise_unary/sqrt.h"
