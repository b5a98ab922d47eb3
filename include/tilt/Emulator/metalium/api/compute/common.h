// The emulator's api/compute/common.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
