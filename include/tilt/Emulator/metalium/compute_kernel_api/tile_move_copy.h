// tt-metal's classic include path compute_kernel_api/tile_move_copy.h: the
// emulator's api/compute/tile_move_copy.h.
#pragma once
#include "api/compute/tile_move_copy.h"
