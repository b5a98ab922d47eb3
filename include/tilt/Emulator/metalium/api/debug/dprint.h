// tt-metal's current include path of DPRINT (api/debug/dprint.h).
#pragma once
#include "debug/dprint.h"
