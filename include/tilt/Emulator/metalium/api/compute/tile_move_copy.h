// The emulator's api/compute/tile_move_copy.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
