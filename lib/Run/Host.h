//===- Host.h - Building and starting host programs -------------*- C++ -*-===//
//
// The parts of a run that deal with the machine rather than the program:
// building a generated `main.cpp` against the emulator (with a cache of
// built host programs) and running a program with a log and a time limit.
// Private to the TiltRun library.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_RUN_HOST_H
#define TILT_LIB_RUN_HOST_H

#include "tilt/Run/Run.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tilt {
namespace run {

/// The text of the file at `path`, or "" when it cannot be read.
std::string readText(llvm::StringRef path);

/// Builds `workDir/main.cpp` against the emulator of `emulator` (resolved),
/// or finds it in the cache; sets `binary` to the built program. The host
/// compiler's warnings go to `progress` when it is not null. Fails with
/// `error` set.
LogicalResult buildHost(llvm::StringRef workDir,
                        const EmulatorOptions &emulator,
                        llvm::raw_ostream *progress, std::string &binary,
                        std::string &error);

/// This process's environment without the variables named `names`, which
/// a host program's run sets itself.
std::vector<std::string>
getEnvironmentWithout(llvm::ArrayRef<llvm::StringRef> names);

/// Runs `program` with `args` in `environment` (the current one when
/// empty), its output and errors going to the file `log` (this process's
/// when `log` is empty); returns the exit
/// code. A positive `secondsToWait` kills the program after that many
/// seconds (the result is then -2, as for a crash).
int executeProgram(llvm::StringRef program, llvm::ArrayRef<std::string> args,
                   llvm::ArrayRef<std::string> environment, llvm::StringRef log,
                   std::string &error, unsigned secondsToWait = 0);

} // namespace run
} // namespace tilt

#endif // TILT_LIB_RUN_HOST_H
