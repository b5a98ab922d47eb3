// tt-metal's classic include path compute_kernel_api/bcast.h: the
// emulator's api/compute/bcast.h.
#pragma once
#include "api/compute/bcast.h"
