// The emulator's api/compute/common.h: the whole emulated compute API.
#pragma once
#include "tilt_emu/compute_api.h"

// tt-metal's older compute kernels are `namespace NAMESPACE { void MAIN {
// ... } }`, names its JIT build defines once per TRISC (the unpack, math
// and pack builds of one source). The emulator builds a compute kernel
// once and loads `tilt_compute::kernel_main_of_namespace()` when the
// kernel has no `void kernel_main()`.
#ifndef NAMESPACE
#define NAMESPACE tilt_compute
#endif
#ifndef MAIN
#define MAIN kernel_main_of_namespace()
#endif
