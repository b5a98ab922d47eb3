//===- Run.cpp - Running a compiled program on the emulator ---------------===//
//
// runProgram: checks the inputs, writes the Metalium files and the inputs
// into the work directory, builds the host program, runs it with the
// emulator's settings in its environment, reads the outputs back and, for
// a tile program, interprets it on the same inputs and compares
// (docs/tilt-run.md). A function of several tile.kernel ops is several
// steps, one tt.program each, run one after another: each step's host
// program starts from the tensors the step before it read back (padded
// with zeros again, as the host pads every input).
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/Run.h"
#include "Host.h"
#include "Profile.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Emulator/Emulator.h"
#include "tilt/Emulator/Timing.h"
#include "tilt/Interpreter/TileInterpreter.h"
#include "tilt/Run/Npy.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <limits>
#include <random>
#include <set>
#include <unistd.h>

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

/// The directory of `step`'s files and results: the work directory, or its
/// subdirectory for one of several steps.
static std::string getStepDir(llvm::StringRef workDir,
                              const ProgramStep &step) {
  llvm::SmallString<128> dir(workDir);
  if (!step.directory.empty())
    llvm::sys::path::append(dir, step.directory);
  return dir.str().str();
}

/// The symbol name of `step`'s tt.program.
static llvm::StringRef getProgramName(const ProgramStep &step) {
  tt::ProgramOp program = step.program;
  auto name = program.getOperation()
                  ->getInherentAttr("sym_name")
                  .dyn_cast_or_null<StringAttr>();
  return name ? name.getValue() : "";
}

/// Where `step` writes its trace: `tracePath` itself for a program of one
/// step; for one of several, with the step's program name before the
/// extension (`t.json`, `t.f_1.json`), since each host program writes a
/// timeline of its own.
static std::string getStepTracePath(llvm::StringRef tracePath,
                                    const ProgramStep &step) {
  if (tracePath.empty() || step.directory.empty())
    return tracePath.str();
  llvm::SmallString<128> path = llvm::sys::path::parent_path(tracePath);
  llvm::sys::path::append(path, llvm::sys::path::stem(tracePath) + "." +
                                    step.directory +
                                    llvm::sys::path::extension(tracePath));
  return path.str().str();
}

/// The phase count of a MathFidelity name (LoFi 1 ... HiFi4 4), 0 for
/// anything else.
static unsigned getFidelityPhases(llvm::StringRef fidelity) {
  return llvm::StringSwitch<unsigned>(fidelity)
      .Case("LoFi", 1)
      .Case("HiFi2", 2)
      .Case("HiFi3", 3)
      .Case("HiFi4", 4)
      .Default(0);
}

/// The device's numerics as the lowered programs configure them, which the
/// interpreter's error budget follows. The interpreter takes one
/// configuration for the whole function, so with several kernels it takes
/// the one whose bounds are the larger: an fp32 DST only when every
/// compute kernel has it, the lowest fidelity, a Float16 DST only when
/// every program's CBs make it so (an f16 CB, or all f32: tt-metal
/// jit_build/genfiles.cpp, the emulator's ComputeAPI.cpp). `claimFidelity`
/// and `claimExactF32` (testing only) claim more than was compiled.
static interp::Precision getPrecision(const CompiledProgram &compiled,
                                      llvm::StringRef claimFidelity,
                                      bool claimExactF32) {
  interp::Precision precision;
  bool anyCompute = false, allFp32 = true, allKindA = true;
  unsigned phases = 4;
  for (const ProgramStep &step : compiled.steps) {
    bool anyF16 = false, allF32 = true, anyCB = false;
    step.program->walk([&](Operation *op) {
      if (auto config = tt::CBConfigOp::dynCast(op)) {
        Type format = config.getCBType().getDataFormat();
        anyCB = true;
        anyF16 |= format.isF16();
        allF32 &= format.isF32();
        return;
      }
      auto kernel = tt::KernelOp::dynCast(op);
      if (!kernel || !kernel.isCompute())
        return;
      anyCompute = true;
      allFp32 &= bool(op->getInherentAttr("fp32_dest_acc"));
      if (auto fidelity = op->getInherentAttr("math_fidelity")
                              .dyn_cast_or_null<StringAttr>())
        if (unsigned count = getFidelityPhases(fidelity.getValue()))
          phases = std::min(phases, count);
    });
    allKindA &= anyF16 || (anyCB && allF32);
  }
  precision.fp32Dest = anyCompute && allFp32;
  precision.dest16 =
      allKindA ? interp::NumberFormat::F16 : interp::NumberFormat::BF16;
  precision.fidelityPhases = phases;
  if (unsigned claimed = getFidelityPhases(claimFidelity))
    precision.fidelityPhases = claimed;
  precision.allowTF32 = compiled.allowTF32 && !claimExactF32;
  return precision;
}

/// Writes `text` into the file `path`; the error of opening, writing or
/// closing it (taken and cleared: a stream destroyed with an error pending
/// aborts the process).
static std::error_code writeTextFile(llvm::StringRef path,
                                     llvm::StringRef text) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return error;
  os << text;
  os.close();
  error = os.error();
  os.clear_error();
  return error;
}

/// Writes the generated files of every step into `workDir`.
static LogicalResult writeFiles(Context *context,
                                const CompiledProgram &program,
                                llvm::StringRef workDir) {
  for (const ProgramStep &step : program.steps) {
    std::string dir = getStepDir(workDir, step);
    if (std::error_code error = llvm::sys::fs::create_directories(dir))
      return emitError(context, Location())
             << "cannot create '" << dir << "': " << error.message();
    for (const metalium::GeneratedFile &generated : step.files) {
      llvm::SmallString<128> path(dir);
      llvm::sys::path::append(path, generated.name);
      if (std::error_code error = writeTextFile(path, generated.text))
        return emitError(context, Location())
               << "cannot write '" << path.str() << "': " << error.message();
    }
  }
  std::vector<std::string> subdirectories;
  for (const ProgramStep &step : program.steps)
    if (!step.directory.empty())
      subdirectories.push_back(step.directory);
  if (!subdirectories.empty()) {
    llvm::SmallString<128> path(workDir);
    llvm::sys::path::append(path, "CMakeLists.txt");
    if (std::error_code error = writeTextFile(
            path, metalium::getProgramsCMakeLists(subdirectories)))
      return emitError(context, Location())
             << "cannot write '" << path.str() << "': " << error.message();
  }
  return success();
}

/// The host program's names of the buffers and scalars of `step`, each with
/// the index of its argument in `compiled.arguments` (matched by function
/// argument: a buffer's name could differ between steps).
static std::vector<std::pair<std::string, size_t>>
getStepArguments(const CompiledProgram &compiled, const ProgramStep &step) {
  std::vector<std::pair<std::string, size_t>> stepArguments;
  tt::ProgramOp program = step.program;
  for (Operation &op : *program.getBody()) {
    if ((!tt::BufferOp::dynCast(&op) && !tt::ScalarOp::dynCast(&op)) ||
        op.getAttr("scratch"))
      continue;
    auto symbol = op.getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>();
    llvm::StringRef name = symbol ? symbol.getValue() : "";
    auto argNumber = op.getAttr("arg").dyn_cast_or_null<IntegerAttr>();
    for (size_t i = 0; i < compiled.arguments.size(); ++i) {
      const ProgramArgument &argument = compiled.arguments[i];
      if (argNumber && argNumber.getInt() >= 0
              ? argument.argNumber == argNumber.getInt()
              : argument.name == name) {
        stepArguments.push_back({name.str(), i});
        break;
      }
    }
  }
  return stepArguments;
}

/// The counters of several host programs (the emulator's counters JSON,
/// one per step) as one: numbers added, core by core and in total, `ok`
/// when every step's is; "" when one of them is not the emulator's.
static std::string mergeCounters(llvm::ArrayRef<std::string> texts) {
  // Adds the numbers of `from` into `into`, key by key and recursively.
  std::function<void(llvm::json::Object &, const llvm::json::Object &)> add =
      [&](llvm::json::Object &into, const llvm::json::Object &from) {
        for (const auto &[key, value] : from) {
          llvm::json::Value *existing = into.get(key);
          if (!existing) {
            into[key] = value;
          } else if (auto *object = existing->getAsObject()) {
            if (const llvm::json::Object *other = value.getAsObject())
              add(*object, *other);
          } else if (existing->getAsInteger() && value.getAsInteger()) {
            *existing = *existing->getAsInteger() + *value.getAsInteger();
          } else if (existing->getAsNumber() && value.getAsNumber()) {
            *existing = *existing->getAsNumber() + *value.getAsNumber();
          } else if (auto both = existing->getAsBoolean()) {
            if (auto other = value.getAsBoolean())
              *existing = *both && *other;
          }
        }
      };
  llvm::json::Object merged;
  // The cores in order of first use, by their coordinates.
  std::vector<std::pair<std::string, llvm::json::Object>> cores;
  for (const std::string &text : texts) {
    llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      return "";
    }
    llvm::json::Object *root = parsed->getAsObject();
    if (!root)
      return "";
    if (llvm::json::Array *stepCores = root->getArray("cores"))
      for (llvm::json::Value &core : *stepCores) {
        llvm::json::Object *object = core.getAsObject();
        if (!object)
          continue;
        std::string key;
        llvm::raw_string_ostream keyText(key);
        if (const llvm::json::Value *coordinates = object->get("core"))
          keyText << *coordinates;
        keyText.flush();
        auto found = llvm::find_if(
            cores, [&](const auto &entry) { return entry.first == key; });
        if (found == cores.end())
          cores.push_back({key, std::move(*object)});
        else
          add(found->second, *object);
      }
    root->erase("cores");
    add(merged, *root);
  }
  // (A core's coordinates, an array, are not added up.)
  llvm::json::Array coreArray;
  for (auto &entry : cores)
    coreArray.push_back(std::move(entry.second));
  merged["cores"] = std::move(coreArray);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(merged)) << "\n";
  return os.str();
}

/// The environment of the host program: this process's, with the
/// emulator's settings for this run in place of any it had.
static std::vector<std::string>
getHostEnvironment(tt::ProgramOp program, const RunOptions &options,
                   const EmulatorOptions &emulator,
                   llvm::StringRef countersPath, llvm::StringRef profilePath,
                   llvm::StringRef tracePath) {
  llvm::SmallVector<llvm::StringRef> replaced = {
      "TILT_EMU_ARCH",    "TILT_EMU_BOARD",   "TILT_EMU_COUNTERS",
      "TILT_EMU_INCLUDE", "TILT_EMU_TIMEOUT", "TILT_EMU_PROFILE",
      "TILT_EMU_TRACE",   "TILT_EMU_TIMING",  "TILT_CACHE_DIR"};
  if (!options.emulator.compiler.empty())
    replaced.push_back("TILT_EMU_CXX");
  std::vector<std::string> environment = getEnvironmentWithout(replaced);
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
  if (!tracePath.empty())
    environment.push_back("TILT_EMU_TRACE=" + tracePath.str());
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
static LogicalResult compareWithReference(
    const CompiledProgram &compiled, llvm::ArrayRef<std::vector<float>> initial,
    llvm::StringRef workDir, const RunOptions &options, RunResult &result) {
  Context *context = compiled.program->getContext();
  std::vector<interp::HostTensor> tensors;
  for (size_t i = 0; i < compiled.arguments.size(); ++i)
    tensors.push_back(interp::HostTensor::get(compiled.arguments[i].shape,
                                              compiled.arguments[i].elementType,
                                              initial[i]));
  // Scalars are rank-0 tensors of the interpreter, which takes one per
  // function argument: an argument no tile.kernel uses has no buffer.
  Block &entry = compiled.function->getRegion(0).front();
  for (unsigned i = 0; i < entry.getNumArguments(); ++i)
    if (i >= tensors.size() || compiled.arguments[i].argNumber != int64_t(i))
      return emitError(context, entry.getArgument(i).getLoc())
             << "function argument #" << i
             << " is used by no tile.kernel, so the device has no buffer "
                "for it; the reference cannot be run";
  if (entry.getNumArguments() != tensors.size())
    return emitError(context, Location())
           << "the program's buffers do not match the function's arguments";
  // The device's numerics: DST is fp32 when the lowering asked for it. The
  // interpreter takes one mode for the whole function: with several
  // kernels, fp32 only when every compute kernel has it, since the 16-bit
  // mode's bounds are the larger ones and hold for an fp32 kernel too.
  interp::Precision precision =
      getPrecision(compiled, options.claimFidelity, options.claimExactF32);
  result.numerics = interp::describePrecision(precision);
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
  if (!program || compiled.steps.empty())
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
  // Per argument, the file that holds what DRAM holds before the next step:
  // the input, then the output of the last step that had the buffer. A .npy
  // of float32 holds bf16, f16 and f32 values exactly, so a step starts
  // from the bits the one before it left.
  std::vector<std::string> current(compiled.arguments.size());
  // Per scalar, its value as the host program's --scalar takes it.
  std::vector<std::string> scalarTexts(compiled.arguments.size());
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
      scalarTexts[i] = text;
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
    // A block-float tensor holds what the host's packing leaves.
    if (auto blockFloat =
            argument.storageFormat.dyn_cast_or_null<cb::BlockFloatType>())
      emu::roundAsBlockFloatTiles(
          blockFloat.getMagnitudeBits() == 7 ? emu::DataFormat::Bfp8_b
                                             : emu::DataFormat::Bfp4_b,
          initial[i].data(), initial[i].size(), size_t(argument.shape.back()));
    result.inputs.push_back({argument.name, argument.shape, initial[i]});
    current[i] = (workDir + "/" + argument.name + ".in.npy").str();
    std::string error;
    if (failed(writeNpy(current[i], argument.shape, initial[i], error)))
      return emitError(context, Location()) << error;
  }

  // 4. Build and run on the emulator, one host program per step, in order.
  EmulatorOptions emulator = resolveEmulator(options.emulator);
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
  bool severalSteps = compiled.steps.size() > 1;
  std::vector<std::string> stepCounters, stepProfiles, profilePaths;
  for (size_t stepIndex = 0; stepIndex < compiled.steps.size(); ++stepIndex) {
    const ProgramStep &step = compiled.steps[stepIndex];
    tt::ProgramOp stepProgram = step.program;
    std::string stepDir = getStepDir(workDir, step);
    // Which kernel of the function, when there are several.
    std::string which = severalSteps
                            ? ("@" + getProgramName(step) + " (kernel " +
                               llvm::Twine(stepIndex + 1) + " of " +
                               llvm::Twine(compiled.steps.size()) + ") ")
                                  .str()
                            : "";
    progress(options, 3,
             "building the host program " + which +
                 "against the emulator (cache: " + emulator.cacheDir + ")");
    std::string binary, error;
    if (failed(buildHost(stepDir, emulator, options.progress, binary, error)))
      return emitError(context, Location()) << error;
    progress(options, 4,
             "running " + which + "on the emulated " + stepProgram.getArch() +
                 " (kernels are compiled on first use)");
    std::vector<std::pair<std::string, size_t>> stepArguments =
        getStepArguments(compiled, step);
    std::vector<std::string> hostArgs = {"--kernel-dir", stepDir};
    for (const auto &[name, index] : stepArguments) {
      if (compiled.arguments[index].scalar) {
        hostArgs.push_back("--scalar");
        hostArgs.push_back(name + "=" + scalarTexts[index]);
        continue;
      }
      hostArgs.push_back("--in");
      hostArgs.push_back(name + "=" + current[index]);
      hostArgs.push_back("--out");
      hostArgs.push_back(name + "=" + stepDir + "/" + name + ".out.npy");
    }
    std::string stepCountersPath =
        severalSteps ? stepDir + "/counters.json" : countersPath;
    std::string profilePath = stepDir + "/profile.json";
    llvm::sys::fs::remove(profilePath);
    std::vector<std::string> environment = getHostEnvironment(
        stepProgram, options, emulator, stepCountersPath, profilePath,
        getStepTracePath(options.tracePath, step));
    llvm::SmallString<128> log(stepDir);
    llvm::sys::path::append(log, "run.log");
    auto start = std::chrono::steady_clock::now();
    unsigned wallLimit =
        options.timeoutSeconds ? options.timeoutSeconds + 30 : 0;
    int status =
        executeProgram(binary, hostArgs, environment, log, error, wallLimit);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    result.seconds += seconds;
    std::string stepLog = readText(log);
    result.log += stepLog;
    if (options.progress)
      *options.progress << stepLog;
    result.exitStatus = status;
    // ExecuteAndWait returns -2 for a crash too; a timeout is one at the
    // limit.
    if (wallLimit && status == -2 && seconds >= wallLimit - 1) {
      result.timedOut = true;
      result.timeoutSeconds = options.timeoutSeconds;
      return success();
    }
    if (status != 0) {
      if (options.progress)
        *options.progress << error;
      return success();
    }
    stepCounters.push_back(readText(stepCountersPath));
    stepProfiles.push_back(readText(profilePath));
    profilePaths.push_back(profilePath);
    // What this step left in DRAM is what the next one starts from.
    for (const auto &[name, index] : stepArguments)
      if (!compiled.arguments[index].scalar)
        current[index] = stepDir + "/" + name + ".out.npy";
  }
  result.counters = stepCounters.front();
  result.profileJson = stepProfiles.front();
  if (severalSteps) {
    // The counters of the whole run, where a run of one step has them; the
    // profiles stay one per step (their timelines are not one).
    result.counters = mergeCounters(stepCounters);
    if (std::error_code error = writeTextFile(countersPath, result.counters))
      return emitError(context, Location())
             << "cannot write the counters to '" << countersPath
             << "': " << error.message();
    result.profileJson = "[";
    for (size_t i = 0; i < stepProfiles.size(); ++i)
      result.profileJson +=
          (i ? ", " : "") + llvm::StringRef(stepProfiles[i]).rtrim().str();
    result.profileJson += "]\n";
  }

  // 5. The outputs, the reference and the comparison.
  for (size_t i = 0; i < compiled.arguments.size(); ++i) {
    const ProgramArgument &argument = compiled.arguments[i];
    if (argument.scalar)
      continue;
    BufferResult output;
    output.device.name = argument.name;
    output.device.shape = argument.shape;
    std::string error;
    if (failed(readNpy(current[i], argument.shape, output.device.data, error)))
      return emitError(context, Location()) << error;
    // With several steps, the result of the last one is where a run of one
    // step leaves it too.
    std::string outPath = (workDir + "/" + argument.name + ".out.npy").str();
    if (severalSteps &&
        failed(writeNpy(outPath, argument.shape, output.device.data, error)))
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
    if (failed(
            compareWithReference(compiled, initial, workDir, options, result)))
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
    profileOptions.topLines = options.profileLines;
    profileOptions.perCore = options.profileCores;
    llvm::raw_string_ostream os(result.profile);
    for (size_t i = 0; i < compiled.steps.size(); ++i) {
      const ProgramStep &step = compiled.steps[i];
      // Each step's timeline is its own: the steps run one after another.
      if (severalSteps)
        os << "profile of @" << getProgramName(step) << " (kernel " << i + 1
           << " of " << compiled.steps.size() << "):\n";
      profileOptions.workDir = getStepDir(workDir, step);
      std::string error;
      if (failed(reportProfile(os, profilePaths[i], profileOptions.workDir,
                               sourceOps, profileOptions, error)))
        return emitError(context, Location()) << error;
    }
  }
  if (!temporaryDir)
    result.workDir = workDir.str().str();
  return success();
}
