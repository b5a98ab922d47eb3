//===- tilt-run.cpp - Compile, run and check a tile program ---------------===//
//
//   tilt-run examples/gemm.tilt --grid 8x8
//
// lowers the program with tile-to-tt, writes the Metalium files, builds the
// host program against the emulator, runs it on seeded random (or given)
// inputs, interprets the tile program as the reference, compares, and
// prints the verdict and the device counters. Exit status 0 when every
// output matches, 1 otherwise (docs/tilt-run.md). The flow is the TiltRun
// library's (tilt/Run/Run.h); this file turns the command line into its
// options and inputs and prints its report.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Context.h"
#include "tilt/IR/Diagnostics.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Run/Npy.h"
#include "tilt/Run/Run.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;

namespace {

namespace cl = llvm::cl;

cl::OptionCategory category("tilt-run options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input file>"),
                               cl::Required, cl::cat(category));
cl::opt<std::string>
    gridOption("grid",
               cl::desc("Core grid, CxR (default: the board's compute grid)"),
               cl::cat(category));
cl::opt<std::string>
    archOption("arch",
               cl::desc("grayskull, wormhole_b0, blackhole (default: the "
                        "board's)"),
               cl::cat(category));
cl::opt<std::string> boardOption(
    "board",
    cl::desc(
        "n150, n300, galaxy, p100, p150, p150_unharvested, e150 (default: the "
        "arch's usual board, n150)"),
    cl::cat(category));
cl::opt<std::string> fidelityOption("math-fidelity",
                                    cl::desc("LoFi, HiFi2, HiFi3, HiFi4"),
                                    cl::init("HiFi4"), cl::cat(category));
cl::opt<bool> noFuseOption(
    "no-fuse",
    cl::desc("Lower without tile-fuse-elementwise (every intermediate buffer "
             "goes through L1)"),
    cl::cat(category));
cl::opt<bool> allowTF32Option(
    "allow-tf32",
    cl::desc("Compute f32 add, sub and mul on the FPU with TF32 operands "
             "(10-bit mantissas) instead of exactly on the SFPU"),
    cl::cat(category));
cl::opt<bool> noCoarsenOption(
    "no-coarsen",
    cl::desc("Lower without tile-coarsen (a core runs its blocks one by one, "
             "reading the strips of each)"),
    cl::cat(category));
cl::opt<bool> noMulticastOption(
    "no-multicast",
    cl::desc("Lower without multicast (every core reads the blocks it uses "
             "from DRAM itself)"),
    cl::cat(category));
cl::opt<bool> noSpreadOption(
    "no-spread",
    cl::desc("Lower without spreading a split (split-K's atomic_add) over "
             "idle cores: each slice's split runs on one core"),
    cl::cat(category));
cl::opt<std::string>
    functionOption("func",
                   cl::desc("The function to run (default: the only one)"),
                   cl::cat(category));
cl::opt<unsigned> seedOption("seed", cl::desc("Seed of the random inputs"),
                             cl::init(1), cl::cat(category));
cl::opt<std::string> rangeOption("input-range",
                                 cl::desc("Range of the random inputs, LO,HI"),
                                 cl::init("-1,1"), cl::cat(category));
cl::list<std::string> inputOptions(
    "input",
    cl::desc("A buffer's initial values: NAME=FILE.npy (the name of the "
             "function argument, or argN)"),
    cl::cat(category));
cl::list<std::string> storageFormatOptions(
    "storage-format",
    cl::desc("Store a tensor argument in DRAM as block floats: NAME=bfp8_b "
             "or NAME=bfp4_b (weights that tile.gemm multiplies; "
             "docs/dialects/tile.md)"),
    cl::cat(category));
cl::list<std::string> scalarOptions(
    "scalar",
    cl::desc("A scalar argument's value: NAME=VALUE (default: random in the "
             "input range, printed)"),
    cl::cat(category));
cl::opt<std::string> workDirOption(
    "work-dir",
    cl::desc("Where the generated files and results go (default: a new "
             "temporary directory, removed afterwards)"),
    cl::cat(category));
cl::opt<std::string>
    countersOption("counters-json",
                   cl::desc("Write the device counters as JSON to FILE"),
                   cl::cat(category));
cl::opt<std::string> timeoutOption(
    "timeout",
    cl::desc("Report a run with no progress for SECONDS (the emulator's "
             "watchdog, TILT_EMU_TIMEOUT) and stop the host program after "
             "SECONDS + 30 of wall time (default: no bound)"),
    cl::value_desc("SECONDS"), cl::cat(category));
cl::opt<bool> profileOption(
    "profile",
    cl::desc("Print the timing model's prediction: device time, throughput, "
             "the roofline, where each kernel thread spends its time, the "
             "bottleneck and the cost of generated and source lines "
             "(docs/timing-model.md)"),
    cl::cat(category));
cl::opt<bool> profileCoresOption(
    "profile-cores",
    cl::desc("With --profile, list every core's kernel threads too"),
    cl::cat(category));
cl::opt<unsigned> profileLinesOption(
    "profile-lines",
    cl::desc("With --profile, how many generated lines to list (default 8)"),
    cl::init(8), cl::cat(category));
cl::opt<std::string> traceOption(
    "trace",
    cl::desc("Write the predicted timeline to FILE in the Chrome trace event "
             "format (Perfetto, chrome://tracing)"),
    cl::value_desc("FILE"), cl::cat(category));
cl::opt<std::string> timingOption(
    "timing",
    cl::desc("Override the timing model's costs with FILE's `name = value` "
             "lines (docs/timing-model.md lists the names)"),
    cl::value_desc("FILE"), cl::cat(category));
cl::opt<bool> skipVerify(
    "skip-tt-verify",
    cl::desc("Testing only: run a tt input without tt-verify, so that the "
             "emulator sees its errors"),
    cl::Hidden, cl::cat(category));
cl::opt<std::string> perturbOption(
    "testing-perturb",
    cl::desc("Testing only: NAME,INDEX,DELTA adds DELTA to element INDEX "
             "(row-major) of the device's output NAME before the comparison, "
             "to exercise the report of a failing output"),
    cl::Hidden, cl::cat(category));

cl::opt<std::string> claimFidelityOption(
    "testing-claim-fidelity",
    cl::desc("Testing only: the error budget claims this math fidelity "
             "instead of the compiled one (a device at a lower fidelity must "
             "fail)"),
    cl::Hidden, cl::cat(category));
cl::opt<bool> claimExactF32Option(
    "testing-claim-exact-f32",
    cl::desc("Testing only: the error budget claims exact f32 arithmetic "
             "even with --allow-tf32 (the TF32 device must fail)"),
    cl::Hidden, cl::cat(category));

/// Prints diagnostics as SourceMgrDiagnosticHandler does, and one at an
/// unknown location (an option's) as `error: ...`, the way a command-line
/// tool reports a bad option.
class ToolDiagnosticHandler : public SourceMgrDiagnosticHandler {
public:
  ToolDiagnosticHandler(llvm::SourceMgr &sourceMgr, Context *context,
                        llvm::raw_ostream &os)
      : SourceMgrDiagnosticHandler(sourceMgr, context, os) {
    setHandler([this](Diagnostic &diag) {
      print(diag);
      for (const auto &note : diag.getNotes())
        print(*note);
      this->os.flush();
      return success();
    });
  }

private:
  void print(const Diagnostic &diag) {
    if (!diag.getLocation().isUnknown()) {
      emitDiagnostic(diag.getLocation(), diag.str(), diag.getSeverity());
      return;
    }
    switch (diag.getSeverity()) {
    case DiagnosticSeverity::Error:
      os << "error: ";
      break;
    case DiagnosticSeverity::Warning:
      os << "warning: ";
      break;
    case DiagnosticSeverity::Remark:
      os << "remark: ";
      break;
    case DiagnosticSeverity::Note:
      os << "note: ";
      break;
    }
    os << diag.str() << "\n";
  }
};

/// The options the command line gives as text, checked in its words;
/// fills `options`.
LogicalResult parseRunOptions(run::RunOptions &options) {
  // The watchdog's period; the host program may run 30 s more (it needs
  // time to notice, report and exit) before it is killed.
  if (!timeoutOption.empty() &&
      (llvm::StringRef(timeoutOption)
           .getAsInteger(10, options.timeoutSeconds) ||
       options.timeoutSeconds == 0 ||
       options.timeoutSeconds > run::kMaxTimeoutSeconds)) {
    llvm::errs() << "error: --timeout must be a whole number of seconds from "
                    "1 to "
                 << run::kMaxTimeoutSeconds << ", got '" << timeoutOption
                 << "'\n";
    return failure();
  }
  auto [lowText, highText] = llvm::StringRef(rangeOption).split(',');
  if (lowText.trim().getAsDouble(options.inputLow) ||
      highText.trim().getAsDouble(options.inputHigh) ||
      !(options.inputLow < options.inputHigh)) {
    llvm::errs() << "error: --input-range must be LO,HI with LO < HI, got '"
                 << rangeOption << "'\n";
    return failure();
  }
  options.workDir = workDirOption;
  options.countersPath = countersOption;
  options.profile = profileOption;
  options.profileLines = profileLinesOption;
  options.profileCores = profileCoresOption;
  options.tracePath = traceOption;
  options.timingPath = timingOption;
  options.seed = seedOption;
  options.progress = &llvm::errs();
  if (!claimFidelityOption.empty() &&
      !llvm::is_contained(
          llvm::ArrayRef<llvm::StringRef>{"LoFi", "HiFi2", "HiFi3", "HiFi4"},
          llvm::StringRef(claimFidelityOption))) {
    llvm::errs() << "error: --testing-claim-fidelity must be LoFi, HiFi2, "
                    "HiFi3 or HiFi4, got '"
                 << claimFidelityOption << "'\n";
    return failure();
  }
  options.claimFidelity = claimFidelityOption;
  options.claimExactF32 = claimExactF32Option;
  return success();
}

/// The names of the program's buffers (or scalars), each after a space.
std::string listArguments(const run::CompiledProgram &program, bool scalar) {
  std::string names;
  for (const run::ProgramArgument &argument : program.arguments)
    if (argument.scalar == scalar)
      names += " " + argument.name;
  return names;
}

/// The inputs --input and --scalar give: .npy files read with the buffer's
/// shape, values of scalars.
LogicalResult readInputs(const run::CompiledProgram &program,
                         run::RunInputs &inputs) {
  for (const std::string &entry : inputOptions) {
    auto [name, path] = llvm::StringRef(entry).split('=');
    const run::ProgramArgument *argument = program.lookupArgument(name);
    if (path.empty() || !argument || argument->scalar) {
      llvm::errs() << "error: --input " << entry
                   << ": expected NAME=FILE.npy with NAME one of the "
                      "program's buffers:"
                   << listArguments(program, false) << "\n";
      return failure();
    }
    run::HostArray array{name.str(), argument->shape, {}};
    std::string error;
    if (failed(run::readNpy(path, array.shape, array.data, error))) {
      llvm::errs() << "error: " << error << "\n";
      return failure();
    }
    inputs.arrays.push_back(std::move(array));
  }
  for (const std::string &entry : scalarOptions) {
    auto [name, text] = llvm::StringRef(entry).split('=');
    const run::ProgramArgument *argument = program.lookupArgument(name);
    double value = 0;
    if (text.trim().getAsDouble(value) || !argument || !argument->scalar) {
      llvm::errs() << "error: --scalar " << entry
                   << ": expected NAME=VALUE with NAME one of the program's "
                      "scalars:"
                   << listArguments(program, true) << "\n";
      return failure();
    }
    inputs.scalars[name.str()] = value;
  }
  return success();
}

/// --testing-perturb NAME,INDEX,DELTA: adds DELTA to element INDEX of the
/// device's output NAME before the comparison. INDEX must be inside every
/// buffer (the check the option has always made).
LogicalResult parsePerturbation(const run::CompiledProgram &program,
                                run::RunOptions &options) {
  if (perturbOption.empty() || !program.hasReference())
    return success();
  llvm::SmallVector<llvm::StringRef, 3> parts;
  llvm::StringRef(perturbOption).split(parts, ',');
  uint64_t index = 0;
  double delta = 0;
  bool inside = parts.size() == 3 && !parts[1].getAsInteger(10, index) &&
                !parts[2].getAsDouble(delta);
  for (const run::ProgramArgument &argument : program.arguments)
    if (!argument.scalar &&
        index >= uint64_t(run::getNumElements(argument.shape)))
      inside = false;
  if (!inside) {
    llvm::errs() << "error: --testing-perturb must be NAME,INDEX,DELTA "
                    "with INDEX inside the output\n";
    return failure();
  }
  std::string name = parts[0].str();
  options.adjustDeviceOutput = [=](const run::ProgramArgument &argument,
                                   std::vector<float> &device) {
    if (argument.name == name)
      device[index] += float(delta);
  };
  return success();
}

int runTool() {
  DialectRegistry registry;
  run::registerRunDialects(registry);
  Context context(registry);
  llvm::SourceMgr sourceMgr;
  ToolDiagnosticHandler diagnostics(sourceMgr, &context, llvm::errs());
  run::RunOptions runOptions;
  if (failed(parseRunOptions(runOptions)) ||
      failed(run::verifyRunOptions(&context, runOptions)))
    return 1;
  auto file = llvm::MemoryBuffer::getFile(inputFile);
  if (!file) {
    llvm::errs() << "error: cannot open '" << inputFile
                 << "': " << file.getError().message() << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  // Buffers are named after the source's arguments (%A: --input
  // A=a.npy), as tilt-opt --retain-ssa-names names them.
  ParserConfig config;
  config.retainSSANames = true;
  OwningOpRef module =
      parseSourceFileForTool(sourceMgr, &context, true, config);
  if (!module)
    return 1;

  run::CompileOptions compileOptions;
  compileOptions.target.grid = gridOption;
  compileOptions.target.arch = archOption;
  compileOptions.target.board = boardOption;
  compileOptions.target.mathFidelity = fidelityOption;
  compileOptions.target.fuse = !noFuseOption;
  compileOptions.target.allowTF32 = allowTF32Option;
  compileOptions.target.coarsen = !noCoarsenOption;
  compileOptions.target.multicast = !noMulticastOption;
  compileOptions.target.spreadSplits = !noSpreadOption;
  compileOptions.function = functionOption;
  compileOptions.skipVerify = skipVerify;
  compileOptions.sourceName = inputFile;
  for (const std::string &entry : storageFormatOptions) {
    auto [name, format] = llvm::StringRef(entry).split('=');
    if (name.empty() || format.empty() ||
        compileOptions.storageFormats.count(name.str())) {
      llvm::errs() << "error: --storage-format " << entry
                   << ": expected NAME=bfp8_b or NAME=bfp4_b, once per "
                      "tensor\n";
      return 1;
    }
    compileOptions.storageFormats[name.str()] = format.str();
  }
  compileOptions.progress = &llvm::errs();
  run::CompiledProgram program;
  if (failed(run::compileProgram(module.get(), compileOptions, program)))
    return 1;

  run::RunInputs inputs;
  if (failed(readInputs(program, inputs)) ||
      failed(parsePerturbation(program, runOptions)))
    return 1;
  run::RunResult result;
  if (failed(run::runProgram(program, inputs, runOptions, result))) {
    // The values drawn so far, so that a failed run can be repeated.
    run::printScalars(llvm::outs(), program, result);
    return 1;
  }
  run::printReport(llvm::outs(), program, result);
  return run::getExitStatus(result.verdict);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tilt-run: compile a tile program for Tenstorrent, run it on the "
      "emulator and check it against a reference\n");
  int status = runTool();
  // The report goes to stdout: a failed write there (a full disk) is an
  // error, not an abort in raw_fd_ostream's destructor at exit.
  llvm::outs().flush();
  if (llvm::outs().has_error()) {
    llvm::errs() << "error: cannot write the standard output: "
                 << llvm::outs().error().message() << "\n";
    llvm::outs().clear_error();
    return 1;
  }
  return status;
}
