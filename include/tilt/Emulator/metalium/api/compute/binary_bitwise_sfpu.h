// The emulator's api/compute/binary_bitwise_sfpu.h: the whole emulated compute
// API.
#pragma once
#include "tilt_emu/compute_api.h"
