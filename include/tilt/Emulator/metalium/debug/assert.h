//===- debug/assert.h - tt-metal's device ASSERT, emulated -------*- C++
//-*-===//
//
// tt-metal's tt_metal/hw/inc/debug/assert.h: with the watcher enabled, a
// false `ASSERT(condition)` stops the kernel, and the watcher reports the
// core, the RISC and the line. The emulator always checks, as a watcher
// build: the run fails with the kernel, its core and the line. (Without the
// watcher the card skips the check and runs on.)
//
//===----------------------------------------------------------------------===//
#pragma once

#include "tilt_emu/kernel_api.h"

namespace tilt_emu {
[[noreturn]] void assertFailed(const char *condition, Here here);
} // namespace tilt_emu

#define ASSERT(condition, ...)                                                 \
  ((condition)                                                                 \
       ? (void)0                                                               \
       : ::tilt_emu::assertFailed(#condition, ::tilt_emu::Here(__LINE__)))
