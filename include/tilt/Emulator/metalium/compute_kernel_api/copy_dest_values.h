// tt-metal's classic include path compute_kernel_api/copy_dest_values.h: the
// emulator's api/compute/copy_dest_values.h.
#pragma once
#include "api/compute/copy_dest_values.h"
