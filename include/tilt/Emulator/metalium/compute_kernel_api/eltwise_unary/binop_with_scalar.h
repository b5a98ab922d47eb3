// tt-metal's classic include path
// compute_kernel_api/eltwise_unary/binop_with_scalar.h: the emulator's
// api/compute/eltwise_unary/binop_with_scalar.h.
#pragma once
#include "api/compute/eltwise_unary/binop_with_scalar.h"
