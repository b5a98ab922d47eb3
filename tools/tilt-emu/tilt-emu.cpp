//===- tilt-emu.cpp - Run a tt-metal program on the emulator -------------===//
//
//   tilt-emu main.cpp [more.cpp ...] [-I dir] [--profile] -- [program args]
//
// builds a tt-metal host program its user wrote (the sources, C++20,
// against the emulator's Metalium headers and library) and runs it in the
// working directory: its kernels are found as tt-metal finds them (the
// working directory, TT_METAL_KERNEL_PATH, TT_METAL_HOME), compiled and run
// on the emulated device, with the timing model's profile and trace as for
// the programs tilt-run generates. The exit status is the program's (3 when
// the emulator reports an error); a program that cannot be built is 1
// (docs/emulator.md).
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/HostProgram.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;

namespace {

namespace cl = llvm::cl;

cl::OptionCategory category("tilt-emu options");
cl::list<std::string> sourceFiles(cl::Positional, cl::OneOrMore,
                                  cl::desc("<host program sources>"),
                                  cl::cat(category));
cl::list<std::string> includeDirs("I", cl::Prefix,
                                  cl::desc("Add DIR to the host program's "
                                           "include path"),
                                  cl::value_desc("DIR"), cl::cat(category));
cl::list<std::string> defines("D", cl::Prefix,
                              cl::desc("Define a macro for the host program"),
                              cl::value_desc("NAME[=VALUE]"),
                              cl::cat(category));
cl::opt<std::string> archOption(
    "arch",
    cl::desc("grayskull, wormhole_b0, blackhole (default: the board's, else "
             "wormhole_b0)"),
    cl::cat(category));
cl::opt<std::string> boardOption(
    "board",
    cl::desc("n150, n300, galaxy, p100, p150, p150_unharvested, e150 "
             "(default: the arch's usual board)"),
    cl::cat(category));
cl::opt<bool> profileOption(
    "profile",
    cl::desc("Print the timing model's prediction of the last workload the "
             "program enqueued (docs/timing-model.md)"),
    cl::cat(category));
cl::opt<bool> profileCoresOption(
    "profile-cores",
    cl::desc("With --profile, list every core's kernel threads too"),
    cl::cat(category));
cl::opt<std::string> traceOption(
    "trace",
    cl::desc("Write the predicted timeline to FILE in the Chrome trace event "
             "format (Perfetto, chrome://tracing)"),
    cl::value_desc("FILE"), cl::cat(category));
cl::opt<std::string> timingOption(
    "timing",
    cl::desc("Override the timing model's costs with FILE's `name = value` "
             "lines"),
    cl::value_desc("FILE"), cl::cat(category));
cl::opt<std::string>
    countersOption("counters-json",
                   cl::desc("Write the device counters as JSON to FILE"),
                   cl::value_desc("FILE"), cl::cat(category));
cl::opt<bool> reportOption(
    "report",
    cl::desc("Print the emulator's counters per core after each workload"),
    cl::cat(category));
cl::opt<unsigned> timeoutOption(
    "timeout",
    cl::desc("Report a run with no progress for SECONDS (the emulator's "
             "watchdog) and stop the program 30 seconds later"),
    cl::value_desc("SECONDS"), cl::init(0), cl::cat(category));
cl::opt<std::string> workDirOption(
    "work-dir",
    cl::desc("Keep the built program and the profile in DIR (default: a "
             "temporary directory, removed afterwards)"),
    cl::value_desc("DIR"), cl::cat(category));

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Everything after `--` is the program's own.
  std::vector<const char *> toolArgs;
  std::vector<std::string> programArgs;
  bool afterDashes = false;
  for (int i = 0; i < argc; ++i) {
    if (afterDashes)
      programArgs.push_back(argv[i]);
    else if (i > 0 && llvm::StringRef(argv[i]) == "--")
      afterDashes = true;
    else
      toolArgs.push_back(argv[i]);
  }
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      int(toolArgs.size()), toolArgs.data(),
      "tilt-emu: build a tt-metal host program and run it on Tilt's "
      "emulator\n\n  tilt-emu main.cpp [more.cpp ...] [options] -- "
      "[program args]\n");

  run::HostProgramOptions options;
  options.sources.assign(sourceFiles.begin(), sourceFiles.end());
  for (const std::string &dir : includeDirs)
    options.compileFlags.push_back("-I" + dir);
  for (const std::string &define : defines)
    options.compileFlags.push_back("-D" + define);
  options.args = programArgs;
  options.arch = archOption;
  options.board = boardOption;
  options.profile = profileOption || profileCoresOption;
  options.profileCores = profileCoresOption;
  options.tracePath = traceOption;
  options.timingPath = timingOption;
  options.countersPath = countersOption;
  options.report = reportOption;
  options.timeoutSeconds = timeoutOption;
  options.workDir = workDirOption;
  int exitStatus = 0;
  std::string error;
  if (failed(run::runHostProgram(options, llvm::outs(), exitStatus, error))) {
    llvm::outs().flush();
    llvm::errs() << "tilt-emu: error: " << error << "\n";
    return 1;
  }
  llvm::outs().flush();
  if (exitStatus < 0) {
    llvm::errs() << "tilt-emu: error: the program "
                 << (exitStatus == -2 ? "crashed or was stopped"
                                      : "did not finish")
                 << "\n";
    return 1;
  }
  return exitStatus;
}
