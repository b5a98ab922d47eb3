// tt-metal's classic include path compute_kernel_api/pack_untilize.h: the
// emulator's api/compute/pack_untilize.h.
#pragma once
#include "api/compute/pack_untilize.h"
