// The emulator's api/compute/compute_kernel_hw_startup.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
