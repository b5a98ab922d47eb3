// tt-metal's classic include path compute_kernel_api/pack.h: the
// emulator's api/compute/pack.h.
#pragma once
#include "api/compute/pack.h"
