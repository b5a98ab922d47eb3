// tt-metal's classic include path compute_kernel_api/reconfig_data_format.h:
// the emulator's api/compute/reconfig_data_format.h.
#pragma once
#include "api/compute/reconfig_data_format.h"
