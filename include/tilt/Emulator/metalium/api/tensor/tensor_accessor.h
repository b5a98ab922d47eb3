// The emulator's api/tensor/tensor_accessor.h (part of the dataflow API).
#pragma once
#include "api/dataflow/dataflow_api.h"
