// The emulator's api/compute/transpose_wh.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
