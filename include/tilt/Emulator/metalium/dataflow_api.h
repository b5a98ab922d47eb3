// tt-metal's classic include path of the data movement API (tt_metal/hw/inc/
// dataflow_api.h, `#include "dataflow_api.h"`): the emulator's
// api/dataflow/dataflow_api.h.
#pragma once
#include "api/dataflow/dataflow_api.h"
