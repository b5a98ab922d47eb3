// The emulator's api/compute/eltwise_unary/comp.h: the whole emulated compute
// API.
#pragma once
#include "tilt_emu/compute_api.h"
