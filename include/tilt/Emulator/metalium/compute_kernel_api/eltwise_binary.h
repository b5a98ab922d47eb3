// tt-metal's classic include path compute_kernel_api/eltwise_binary.h: the
// emulator's api/compute/eltwise_binary.h.
#pragma once
#include "api/compute/eltwise_binary.h"
