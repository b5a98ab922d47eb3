// The emulator's api/compute/add_int_sfpu.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
