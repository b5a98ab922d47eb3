//===- HostProgram.cpp - A user's tt-metal program on the emulator --------===//
//
// Builds a user's own host program against the emulator and runs it with
// the emulator's settings in its environment (tilt-emu): the program's
// output is the user's, the profile is read back and printed as tilt-run
// prints a generated program's.
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/HostProgram.h"
#include "Host.h"
#include "Profile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"

using namespace tilt;
using namespace tilt::run;

/// This process's environment with the emulator's settings of `options` in
/// place of any it had.
static std::vector<std::string>
getEnvironment(const HostProgramOptions &options,
               const EmulatorOptions &emulator, llvm::StringRef profilePath) {
  std::vector<std::string> environment = getEnvironmentWithout(
      {"TILT_EMU_ARCH", "TILT_EMU_BOARD", "TILT_EMU_COUNTERS",
       "TILT_EMU_INCLUDE", "TILT_EMU_TIMEOUT", "TILT_EMU_PROFILE",
       "TILT_EMU_TRACE", "TILT_EMU_TIMING", "TILT_EMU_REPORT", "TILT_CACHE_DIR",
       "TILT_EMU_CXX"});
  auto set = [&](llvm::StringRef name, llvm::StringRef value) {
    if (!value.empty())
      environment.push_back((name + "=" + value).str());
  };
  set("TILT_EMU_INCLUDE", emulator.includeDir);
  set("TILT_EMU_CXX", emulator.compiler);
  set("TILT_CACHE_DIR", emulator.cacheDir);
  set("TILT_EMU_ARCH", options.arch);
  set("TILT_EMU_BOARD", options.board);
  set("TILT_EMU_TIMING", options.timingPath);
  set("TILT_EMU_TRACE", options.tracePath);
  set("TILT_EMU_COUNTERS", options.countersPath);
  set("TILT_EMU_PROFILE", profilePath);
  if (options.report)
    set("TILT_EMU_REPORT", "1");
  if (options.timeoutSeconds)
    set("TILT_EMU_TIMEOUT", std::to_string(options.timeoutSeconds));
  return environment;
}

LogicalResult run::runHostProgram(const HostProgramOptions &options,
                                  llvm::raw_ostream &os, int &exitStatus,
                                  std::string &error) {
  exitStatus = -1;
  if (options.sources.empty()) {
    error = "no host program source was given";
    return failure();
  }
  for (const std::string &source : options.sources)
    if (!llvm::sys::fs::is_regular_file(source)) {
      error = "cannot read the host program source '" + source + "'";
      return failure();
    }
  EmulatorOptions emulator = resolveEmulator(options.emulator);
  // The work directory: the user's, kept, or a temporary one.
  llvm::SmallString<128> workDir(options.workDir);
  bool temporary = workDir.empty();
  if (temporary) {
    if (std::error_code code =
            llvm::sys::fs::createUniqueDirectory("tilt-emu", workDir)) {
      error = "cannot create a work directory: " + code.message();
      return failure();
    }
  } else if (std::error_code code =
                 llvm::sys::fs::create_directories(workDir)) {
    error = "cannot create the work directory '" + options.workDir +
            "': " + code.message();
    return failure();
  }
  auto cleanUp = llvm::make_scope_exit([&] {
    if (temporary)
      llvm::sys::fs::remove_directories(workDir);
  });

  std::string binary = (workDir + "/host").str();
  std::string output;
  if (failed(buildHostProgram(options.sources, options.compileFlags, emulator,
                              binary, output, error)))
    return failure();
  if (!output.empty())
    llvm::errs() << output;

  // Run it with inherited output, in the working directory (kernel paths
  // are relative to it, as on tt-metal).
  std::string profilePath;
  if (options.profile || options.profileCores)
    profilePath = (workDir + "/profile.json").str();
  llvm::sys::fs::remove(profilePath);
  std::vector<std::string> environment =
      getEnvironment(options, emulator, profilePath);
  std::string execError;
  // The watchdog reports a stalled run; the program gets 30 more seconds
  // to print it before it is stopped.
  unsigned wallSeconds =
      options.timeoutSeconds ? options.timeoutSeconds + 30 : 0;
  exitStatus = executeProgram(binary, options.args, environment, "", execError,
                              wallSeconds);
  if (exitStatus == -1) {
    error = "cannot start the host program: " + execError;
    return failure();
  }
  if (exitStatus != 0 || profilePath.empty())
    return success();
  if (!llvm::sys::fs::exists(profilePath)) {
    os << "profile: the program enqueued no workload\n";
    return success();
  }
  ProfileOptions profileOptions;
  profileOptions.workDir = workDir.str().str();
  profileOptions.perCore = options.profileCores;
  return reportProfile(os, profilePath, workDir, {}, profileOptions, error);
}
