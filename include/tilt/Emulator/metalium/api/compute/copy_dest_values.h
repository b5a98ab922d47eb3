// The emulator's api/compute/copy_dest_values.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"
