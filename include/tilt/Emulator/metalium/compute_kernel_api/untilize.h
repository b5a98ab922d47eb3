// tt-metal's classic include path compute_kernel_api/untilize.h: the
// emulator's api/compute/untilize.h.
#pragma once
#include "api/compute/untilize.h"
