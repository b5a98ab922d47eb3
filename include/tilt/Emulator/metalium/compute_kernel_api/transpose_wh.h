// tt-metal's classic include path compute_kernel_api/transpose_wh.h: the
// emulator's api/compute/transpose_wh.h.
#pragma once
#include "api/compute/transpose_wh.h"
