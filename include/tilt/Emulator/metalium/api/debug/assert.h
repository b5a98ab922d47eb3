// tt-metal's current include path of the device ASSERT (api/debug/assert.h).
#pragma once
#include "debug/assert.h"
