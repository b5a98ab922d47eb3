// tt-metal's tt_metal/tools/profiler/kernel_profiler.hpp: the device
// profiler's zones. tt-metal compiles them to nothing unless the kernel is
// built for the profiler (PROFILE_KERNEL); the emulator compiles them to
// nothing too, so kernels that mark zones build and run. (The emulator's
// own trace, tilt-run --profile, times every API call; the zones are not
// in it yet.)
#pragma once
#define DeviceZoneScopedN(name)
#define DeviceZoneScopedND(name, ...)
#define DeviceZoneScopedMainN(name)
#define DeviceZoneScopedMainChildN(name)
#define DeviceZoneSetCounter(counter)
#define DeviceTimestampedData(name, data)
#define DeviceRecordEvent(event)
