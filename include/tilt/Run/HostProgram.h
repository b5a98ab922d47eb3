//===- HostProgram.h - A user's tt-metal program on the emulator -*- C++
//-*-===//
//
// What `tilt-emu` does, for tools that embed it: builds a tt-metal host
// program a user wrote (its sources, against the emulator's Metalium
// headers and library) and runs it on the emulator, its kernels found as
// tt-metal finds them, with the same counters, timing profile and trace as
// the programs Tilt generates (docs/emulator.md, "Your own tt-metal
// program").
//
//===----------------------------------------------------------------------===//
#ifndef TILT_RUN_HOSTPROGRAM_H
#define TILT_RUN_HOSTPROGRAM_H

#include "tilt/Run/Run.h"

#include <string>
#include <vector>

namespace tilt {
namespace run {

/// Builds the host program of `sources` (C++ files, with the compiler flags
/// `extraFlags`, e.g. `-I`, `-D`) against the emulator of `emulator`
/// (resolved) into the executable `binary`. The compiler's output (its
/// warnings) is put in `output`. Fails with `error` set, the compiler's
/// messages in it, when the program does not compile or link.
LogicalResult buildHostProgram(llvm::ArrayRef<std::string> sources,
                               llvm::ArrayRef<std::string> extraFlags,
                               const EmulatorOptions &emulator,
                               llvm::StringRef binary, std::string &output,
                               std::string &error);

/// How runHostProgram builds and runs a program.
struct HostProgramOptions {
  EmulatorOptions emulator;
  /// The host program's C++ sources and extra compiler flags.
  std::vector<std::string> sources;
  std::vector<std::string> compileFlags;
  /// The program's own command-line arguments.
  std::vector<std::string> args;
  /// The emulated device (empty: wormhole_b0 on its usual board, n150).
  std::string arch, board;
  /// `name = value` overrides of the timing model's costs.
  std::string timingPath;
  /// Where the Chrome trace and the counters JSON go (empty: not written).
  std::string tracePath, countersPath;
  /// Print the timing model's report after the run (every core's threads
  /// too with `profileCores`), and the emulator's counters table.
  bool profile = false, profileCores = false, report = false;
  /// The emulator's watchdog, in seconds without progress (0: its default).
  unsigned timeoutSeconds = 0;
  /// Where the built program and the profile go (empty: a temporary
  /// directory, removed afterwards).
  std::string workDir;
};

/// Builds the program of `options` and runs it in the working directory,
/// its output going to this process's; prints the profile to `os` when
/// asked. `exitStatus` is the program's (3 when the emulator reported an
/// error, -2 when it crashed). Fails with `error` set when the program
/// could not be built or started, or its profile not read.
LogicalResult runHostProgram(const HostProgramOptions &options,
                             llvm::raw_ostream &os, int &exitStatus,
                             std::string &error);

} // namespace run
} // namespace tilt

#endif // TILT_RUN_HOSTPROGRAM_H
