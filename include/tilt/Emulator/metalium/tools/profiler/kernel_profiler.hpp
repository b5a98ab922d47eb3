// tt-metal's tt_metal/tools/profiler/kernel_profiler.hpp: the device
// profiler's zones. On the card they exist only in a kernel built for the
// profiler (PROFILE_KERNEL), which writes a start and an end marker into a
// buffer of L1 per RISC; the emulator always records them, at no cost, in
// the timing model's timeline: each zone is a slice named `zone NAME` of
// the kernel's thread in the trace (tilt-run and tilt-emu --trace; a
// compute kernel's zone in each of its three engines, as tt-metal builds
// the kernel once per TRISC) and its cycles are in the profile JSON's
// `zones`. As in tt-metal, DeviceZoneScopedN declares a variable, so one
// scope holds one zone. The other markers are accepted and record nothing.
#pragma once
#include "tilt_emu/kernel_api.h"

#define DeviceZoneScopedN(name)                                                \
  ::tilt_emu::ProfileZone tilt_emu_profile_zone(                               \
      name, ::tilt_emu::Here(__builtin_LINE()))
#define DeviceZoneScopedND(name, ...) DeviceZoneScopedN(name)
#define DeviceZoneScopedMainN(name) DeviceZoneScopedN(name)
#define DeviceZoneScopedMainChildN(name) DeviceZoneScopedN(name)
#define DeviceZoneSetCounter(counter)
#define DeviceTimestampedData(name, data)
#define DeviceRecordEvent(event)
