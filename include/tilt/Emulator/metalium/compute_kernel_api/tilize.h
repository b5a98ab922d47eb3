// tt-metal's classic include path compute_kernel_api/tilize.h: the
// emulator's api/compute/tilize.h.
#pragma once
#include "api/compute/tilize.h"
