// tt-metal's classic include path compute_kernel_api/eltwise_unary/typecast.h:
// the emulator's api/compute/eltwise_unary/typecast.h.
#pragma once
#include "api/compute/eltwise_unary/typecast.h"
