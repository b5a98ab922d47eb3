// The emulator's api/compute/reconfig_data_format.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
