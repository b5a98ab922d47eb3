//===- Run.cpp - Running a compiled program on the emulator ---------------===//
//
// runProgram: checks the inputs, writes the Metalium files and the inputs
// into the work directory, builds the host program, runs it with the
// emulator's settings in its environment, reads the outputs back and, for
// a tile program, interprets it on the same inputs and compares
// (docs/tilt-run.md).
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/Run.h"
#include "Host.h"
#include "Profile.h"
#include "tilt/Emulator/Timing.h"
#include "tilt/Interpreter/TileInterpreter.h"
#include "tilt/Run/Npy.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <limits>
#include <random>
#include <set>
#include <unistd.h>

extern char **environ;

using namespace tilt;
using namespace tilt::run;

/// The host memory a run holds per element of a tensor, at least: the
/// run's input, device result and rounded reference (3 x 4 bytes), the
/// interpreter's fp64 value and error bound (2 x 8), and the host program's
/// input, output and DRAM copy (3 x 4).
static constexpr uint64_t kHostBytesPerElement = 40;

/// This machine's physical memory in bytes (0 when unknown).
static uint64_t getPhysicalMemory() {
  long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
}

/// `shape` as `64x64`.
static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

/// `value` as printf's %g writes it.
static std::string formatNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", value);
  return text;
}

static void progress(const RunOptions &options, unsigned step,
                     const llvm::Twine &what) {
  if (options.progress)
    *options.progress << "[" << step << "/5] " << what << "\n";
}

//===----------------------------------------------------------------------===//
// Checks before anything is written
//===----------------------------------------------------------------------===//

LogicalResult run::verifyRunOptions(Context *context,
                                    const RunOptions &options) {
  if (options.timeoutSeconds > kMaxTimeoutSeconds)
    return emitError(context, Location())
           << "the timeout must be at most " << kMaxTimeoutSeconds
           << " seconds, got " << options.timeoutSeconds;
  if (!(options.inputLow < options.inputHigh))
    return emitError(context, Location())
           << "the input range must have its low end below its high end, got ["
           << formatNumber(options.inputLow) << ", "
           << formatNumber(options.inputHigh) << ")";
  if (options.timingPath.empty())
    return success();
  // A bad line of the timing file is reported where it is, before the run.
  auto buffer = llvm::MemoryBuffer::getFile(options.timingPath);
  if (!buffer)
    return emitError(context, Location())
           << "cannot open the timing file '" << options.timingPath
           << "': " << buffer.getError().message();
  emu::TimingParams params;
  unsigned line = 0;
  std::string error;
  if (!emu::applyTimingOverrides((*buffer)->getBuffer().str(), params, line,
                                 error))
    return emitError(context, Location::getFileLineCol(
                                  context, options.timingPath, line, 1))
           << error;
  return success();
}

/// Checks that the run fits in host memory: a tensor the machine cannot
/// hold is an error before any allocation (an allocation that fails aborts
/// the process).
static LogicalResult
checkHostMemory(Context *context, llvm::ArrayRef<ProgramArgument> arguments) {
  uint64_t memory = getPhysicalMemory();
  if (!memory)
    return success();
  uint64_t total = 0;
  for (const ProgramArgument &argument : arguments) {
    uint64_t elements = uint64_t(getNumElements(argument.shape));
    uint64_t bytes = elements > memory / kHostBytesPerElement
                         ? std::numeric_limits<uint64_t>::max()
                         : elements * kHostBytesPerElement;
    total = bytes > std::numeric_limits<uint64_t>::max() - total
                ? std::numeric_limits<uint64_t>::max()
                : total + bytes;
    if (total <= memory)
      continue;
    std::string shape;
    llvm::raw_string_ostream shapeText(shape);
    shapeText << formatShape(argument.shape);
    if (argument.elementType)
      shapeText << " " << argument.elementType;
    return emitError(context, argument.loc)
           << "the tensor '" << argument.name << "' (" << shapeText.str()
           << ") does not fit in host memory: the run needs at least "
           << kHostBytesPerElement << " bytes per element of its "
           << "tensors, more than this machine's " << memory << " bytes";
  }
  return success();
}

/// The names of the buffers (or scalars) of `program`, space-separated, or
/// "none".
static std::string listArguments(const CompiledProgram &program, bool scalar) {
  std::string names;
  for (const ProgramArgument &argument : program.arguments)
    if (argument.scalar == scalar)
      names += (names.empty() ? "" : " ") + argument.name;
  return names.empty() ? "none" : names;
}

/// Checks that every given input names a buffer (or scalar) of `program`
/// and has its shape.
static LogicalResult checkInputs(Context *context,
                                 const CompiledProgram &program,
                                 const RunInputs &inputs) {
  std::set<std::string> seen;
  for (const HostArray &array : inputs.arrays) {
    const ProgramArgument *argument = program.lookupArgument(array.name);
    if (!argument || argument->scalar)
      return emitError(context, Location())
             << "the input '" << array.name
             << "' names no buffer of the program (its buffers: "
             << listArguments(program, false) << ")";
    if (!seen.insert(array.name).second)
      return emitError(context, argument->loc)
             << "the input '" << array.name << "' is given twice";
    if (array.shape != argument->shape)
      return emitError(context, argument->loc)
             << "the input '" << array.name << "' has shape "
             << formatShape(array.shape) << ", not the buffer's "
             << formatShape(argument->shape);
    if (int64_t(array.data.size()) != getNumElements(array.shape))
      return emitError(context, argument->loc)
             << "the input '" << array.name << "' has "
             << uint64_t(array.data.size()) << " values, not the "
             << getNumElements(array.shape) << " of its shape "
             << formatShape(array.shape);
  }
  for (const auto &entry : inputs.scalars) {
    const ProgramArgument *argument = program.lookupArgument(entry.first);
    if (!argument || !argument->scalar)
      return emitError(context, Location())
             << "the scalar value '" << entry.first
             << "' names no scalar of the program (its scalars: "
             << listArguments(program, true) << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The steps
//===----------------------------------------------------------------------===//

/// Writes the generated files into `workDir`.
static LogicalResult writeFiles(Context *context,
                                const CompiledProgram &program,
                                llvm::StringRef workDir) {
  for (const metalium::GeneratedFile &generated : program.files) {
    llvm::SmallString<128> path(workDir);
    llvm::sys::path::append(path, generated.name);
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    if (!error) {
      os << generated.text;
      os.close();
      error = os.error();
      os.clear_error();
    }
    if (error)
      return emitError(context, Location())
             << "cannot write '" << path.str() << "': " << error.message();
  }
  return success();
}

/// The environment of the host program: this process's, with the
/// emulator's settings for this run in place of any it had.
static std::vector<std::string>
getHostEnvironment(const CompiledProgram &compiled, const RunOptions &options,
                   const EmulatorOptions &emulator,
                   llvm::StringRef countersPath, llvm::StringRef profilePath) {
  tt::ProgramOp program = compiled.program;
  std::vector<std::string> environment;
  for (char **entry = environ; *entry; ++entry) {
    llvm::StringRef text(*entry);
    if (text.startswith("TILT_EMU_ARCH=") ||
        text.startswith("TILT_EMU_BOARD=") ||
        text.startswith("TILT_EMU_COUNTERS=") ||
        text.startswith("TILT_EMU_INCLUDE=") ||
        text.startswith("TILT_EMU_TIMEOUT=") ||
        text.startswith("TILT_EMU_PROFILE=") ||
        text.startswith("TILT_EMU_TRACE=") ||
        text.startswith("TILT_EMU_TIMING=") ||
        text.startswith("TILT_CACHE_DIR=") ||
        (!options.emulator.compiler.empty() &&
         text.startswith("TILT_EMU_CXX=")))
      continue;
    environment.push_back(text.str());
  }
  // The kernels are compiled against the headers the host was built with,
  // and with its compiler when the caller chose one.
  environment.push_back("TILT_EMU_INCLUDE=" + emulator.includeDir);
  if (!options.emulator.compiler.empty())
    environment.push_back("TILT_EMU_CXX=" + emulator.compiler);
  environment.push_back("TILT_EMU_ARCH=" + program.getArch().str());
  // The device is the program's board (a hand-written program without one
  // runs on the arch's usual board).
  if (!program.getBoard().empty())
    environment.push_back("TILT_EMU_BOARD=" + program.getBoard().str());
  environment.push_back("TILT_EMU_COUNTERS=" + countersPath.str());
  environment.push_back("TILT_EMU_PROFILE=" + profilePath.str());
  if (!options.tracePath.empty())
    environment.push_back("TILT_EMU_TRACE=" + options.tracePath);
  if (!options.timingPath.empty())
    environment.push_back("TILT_EMU_TIMING=" + options.timingPath);
  environment.push_back("TILT_CACHE_DIR=" + emulator.cacheDir);
  // Without a timeout the emulator's own default applies.
  if (options.timeoutSeconds)
    environment.push_back("TILT_EMU_TIMEOUT=" +
                          std::to_string(options.timeoutSeconds));
  return environment;
}

/// Interprets the tile program on the run's inputs and compares every
/// buffer the run wrote, writing the reference beside the device's output.
static LogicalResult
compareWithReference(const CompiledProgram &compiled,
                     llvm::ArrayRef<std::vector<float>> initial,
                     llvm::StringRef workDir, RunResult &result) {
  Context *context = compiled.program->getContext();
  std::vector<interp::HostTensor> tensors;
  for (size_t i = 0; i < compiled.arguments.size(); ++i)
    tensors.push_back(interp::HostTensor::get(compiled.arguments[i].shape,
                                              compiled.arguments[i].elementType,
                                              initial[i]));
  // Scalars are rank-0 tensors of the interpreter.
  Block &entry = compiled.function->getRegion(0).front();
  if (entry.getNumArguments() != tensors.size())
    return emitError(context, Location())
           << "the program's buffers do not match the function's arguments";
  // The device's numerics: DST is fp32 when the lowering asked for it.
  interp::Precision precision;
  compiled.program.getOperation()->walk([&](Operation *op) {
    auto kernel = tt::KernelOp::dynCast(op);
    if (kernel && kernel.isCompute() && op->getInherentAttr("fp32_dest_acc"))
      precision.fp32Dest = true;
  });
  if (failed(interp::runFunction(compiled.function, tensors, precision)))
    return failure();

  bool allOk = true;
  size_t buffer = 0;
  for (size_t i = 0; i < compiled.arguments.size(); ++i) {
    const ProgramArgument &argument = compiled.arguments[i];
    if (argument.scalar)
      continue;
    BufferResult &output = result.buffers[buffer++];
    output.reference = {argument.name, argument.shape,
                        tensors[i].getRoundedData()};
    // Arguments the program does not write are equal to their inputs on
    // both sides; compare the ones it writes.
    output.written =
        output.device.data != initial[i] || output.reference.data != initial[i];
    if (!output.written)
      continue;
    // The reference, rounded to the output type, beside the device's.
    std::string error;
    if (failed(writeNpy((workDir + "/" + argument.name + ".ref.npy").str(),
                        argument.shape, output.reference.data, error)))
      return emitError(context, Location()) << error;
    output.comparison = interp::compareResults(output.device.data, tensors[i]);
    allOk &= output.comparison->ok;
  }
  result.verdict = allOk ? Verdict::Ok : Verdict::Mismatch;
  return success();
}

LogicalResult run::runProgram(const CompiledProgram &compiled,
                              const RunInputs &inputs,
                              const RunOptions &options, RunResult &result) {
  result = RunResult();
  tt::ProgramOp program = compiled.program;
  if (!program)
    return failure();
  Context *context = program->getContext();
  if (failed(verifyRunOptions(context, options)) ||
      failed(checkHostMemory(context, compiled.arguments)) ||
      failed(checkInputs(context, compiled, inputs)))
    return failure();

  // 2. The work directory and the Metalium files.
  llvm::SmallString<128> workDir(options.workDir);
  bool temporaryDir = workDir.empty();
  if (temporaryDir) {
    if (std::error_code error =
            llvm::sys::fs::createUniqueDirectory("tilt-run", workDir))
      return emitError(context, Location())
             << "cannot create a work directory: " << error.message();
  } else if (std::error_code error =
                 llvm::sys::fs::create_directories(workDir)) {
    return emitError(context, Location())
           << "cannot create '" << workDir.str() << "': " << error.message();
  }
  auto cleanup = llvm::make_scope_exit([&] {
    if (temporaryDir)
      llvm::sys::fs::remove_directories(workDir);
  });
  progress(options, 2, "writing the Metalium program to " + workDir);
  if (failed(writeFiles(context, compiled, workDir)))
    return failure();

  // 3. Inputs: one per buffer and scalar, given or random, rounded to the
  // argument's type; drawn in argument order, so that the seed reproduces
  // them.
  std::mt19937 generator(options.seed);
  std::uniform_real_distribution<float> distribution{float(options.inputLow),
                                                     float(options.inputHigh)};
  std::vector<std::vector<float>> initial(compiled.arguments.size());
  std::vector<std::string> hostArgs = {"--kernel-dir", workDir.str().str()};
  for (size_t i = 0; i < compiled.arguments.size(); ++i) {
    const ProgramArgument &argument = compiled.arguments[i];
    if (argument.scalar) {
      // A value of the scalar's type, the same for the device (as f32
      // bits) and the interpreter.
      auto given = inputs.scalars.find(argument.name);
      bool random = given == inputs.scalars.end();
      float value = random ? distribution(generator) : float(given->second);
      value = interp::roundToType(value, argument.elementType);
      initial[i].assign(1, value);
      result.scalars.push_back({argument.name, value, random});
      // %.9g: nine significant digits give back the same f32.
      char text[32];
      std::snprintf(text, sizeof(text), "%.9g", double(value));
      hostArgs.push_back("--scalar");
      hostArgs.push_back(argument.name + "=" + std::string(text));
      continue;
    }
    auto given = llvm::find_if(inputs.arrays, [&](const HostArray &array) {
      return array.name == argument.name;
    });
    if (given != inputs.arrays.end()) {
      initial[i] = given->data;
    } else {
      initial[i].resize(size_t(getNumElements(argument.shape)));
      for (float &value : initial[i])
        value = distribution(generator);
    }
    for (float &value : initial[i])
      value = interp::roundToType(value, argument.elementType);
    result.inputs.push_back({argument.name, argument.shape, initial[i]});
    std::string inPath = (workDir + "/" + argument.name + ".in.npy").str();
    std::string outPath = (workDir + "/" + argument.name + ".out.npy").str();
    std::string error;
    if (failed(writeNpy(inPath, argument.shape, initial[i], error)))
      return emitError(context, Location()) << error;
    hostArgs.push_back("--in");
    hostArgs.push_back(argument.name + "=" + inPath);
    hostArgs.push_back("--out");
    hostArgs.push_back(argument.name + "=" + outPath);
  }

  // 4. Build and run on the emulator.
  EmulatorOptions emulator = resolveEmulator(options.emulator);
  progress(options, 3,
           "building the host program against the emulator (cache: " +
               emulator.cacheDir + ")");
  std::string binary, error;
  if (failed(buildHost(workDir, emulator, options.progress, binary, error)))
    return emitError(context, Location()) << error;
  progress(options, 4,
           "running on the emulated " + program.getArch() +
               " (kernels are compiled on first use)");
  std::string countersPath = options.countersPath.empty()
                                 ? (workDir + "/counters.json").str()
                                 : options.countersPath;
  // The host program writes the counters; a path it cannot write is an
  // error here, before the run, not a silently missing file after it.
  {
    std::error_code error;
    llvm::raw_fd_ostream probe(countersPath, error);
    if (error)
      return emitError(context, Location())
             << "cannot write the counters to '" << countersPath
             << "': " << error.message();
  }
  std::string profilePath = (workDir + "/profile.json").str();
  llvm::sys::fs::remove(profilePath);
  std::vector<std::string> environment = getHostEnvironment(
      compiled, options, emulator, countersPath, profilePath);
  llvm::SmallString<128> log(workDir);
  llvm::sys::path::append(log, "run.log");
  auto start = std::chrono::steady_clock::now();
  unsigned wallLimit = options.timeoutSeconds ? options.timeoutSeconds + 30 : 0;
  int status =
      executeProgram(binary, hostArgs, environment, log, error, wallLimit);
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  result.log = readText(log);
  if (options.progress)
    *options.progress << result.log;
  result.exitStatus = status;
  // ExecuteAndWait returns -2 for a crash too; a timeout is one at the limit.
  if (wallLimit && status == -2 && result.seconds >= wallLimit - 1) {
    result.timedOut = true;
    result.timeoutSeconds = options.timeoutSeconds;
    return success();
  }
  if (status != 0) {
    if (options.progress)
      *options.progress << error;
    return success();
  }
  result.counters = readText(countersPath);
  result.profileJson = readText(profilePath);

  // 5. The outputs, the reference and the comparison.
  for (size_t i = 0; i < compiled.arguments.size(); ++i) {
    const ProgramArgument &argument = compiled.arguments[i];
    if (argument.scalar)
      continue;
    BufferResult output;
    output.device.name = argument.name;
    output.device.shape = argument.shape;
    if (failed(readNpy((workDir + "/" + argument.name + ".out.npy").str(),
                       argument.shape, output.device.data, error)))
      return emitError(context, Location()) << error;
    if (options.adjustDeviceOutput)
      options.adjustDeviceOutput(argument, output.device.data);
    output.written = output.device.data != initial[i];
    result.buffers.push_back(std::move(output));
  }
  if (!compiled.hasReference() || !options.checkReference) {
    progress(options, 5,
             compiled.hasReference()
                 ? "no reference: the comparison was not asked for"
                 : "no reference: the input is a tt program");
    result.verdict = Verdict::RanWithoutReference;
  } else {
    progress(options, 5, "interpreting the tile program for the reference");
    if (failed(compareWithReference(compiled, initial, workDir, result)))
      return failure();
  }
  if (options.profile) {
    // The source's ops by location, to name them in the profile.
    SourceOps sourceOps;
    compiled.reference->walk([&](Operation *op) {
      if (std::optional<Location> loc = op->getLoc().findFileLineCol())
        sourceOps.try_emplace({loc->getLine(), loc->getColumn()},
                              op->getName().getStringRef().str());
    });
    ProfileOptions profileOptions;
    profileOptions.workDir = workDir.str().str();
    profileOptions.topLines = options.profileLines;
    profileOptions.perCore = options.profileCores;
    llvm::raw_string_ostream os(result.profile);
    if (failed(reportProfile(os, profilePath, workDir, sourceOps,
                             profileOptions, error)))
      return emitError(context, Location()) << error;
  }
  if (!temporaryDir)
    result.workDir = workDir.str().str();
  return success();
}
