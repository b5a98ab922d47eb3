//===- Run.h - Compile, run and check a tile program ------------*- C++ -*-===//
//
// What tilt-run does, as a library an embedding caller (a Python kernel
// object, a test) drives step by step:
//
//   CompiledProgram program;
//   if (failed(compileProgram(module, compileOptions, program))) ...
//   RunResult result;
//   if (failed(runProgram(program, inputs, runOptions, result))) ...
//   printReport(llvm::outs(), program, result);
//
// compileProgram lowers a tile program with the tile-to-tt pipeline (a tt
// program only goes through tt-verify), emits its Metalium files in memory
// and lists the program's arguments. runProgram writes the files into a
// work directory, builds the host program against the emulator, runs it on
// the given inputs (random ones for the rest; a function of several
// tile.kernel ops runs one host program per kernel, in order, each
// starting from the DRAM tensors the one before left), reads the outputs back,
// interprets the tile program as the reference and compares
// (docs/tilt-run.md). Errors are diagnostics through the context's
// DiagnosticEngine, located where the problem is (an argument, a line of
// the timing file) or unknown for an option; a program that fails on the
// emulator is a RunResult with the verdict Failed and the emulator's log.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_RUN_RUN_H
#define TILT_RUN_RUN_H

#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Interpreter/Compare.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Target/Metalium/Metalium.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilt {
class DialectRegistry;

namespace run {

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

/// Adds the dialects of tile programs, their lowering and tt programs (func,
/// arith, scf, math, tile, cb, tt) to `registry`: what a context needs for
/// compileProgram and runProgram.
void registerRunDialects(DialectRegistry &registry);

/// How compileProgram lowers a program.
struct CompileOptions {
  /// The target (grid, arch, board) and the pipeline's choices (math
  /// fidelity, fuse, coarsen, multicast, passes of the caller's own through
  /// `extend`). Unused for a tt program.
  TileToTTOptions target;
  /// The function to compile, by its symbol name (the tt.program of a tt
  /// input); empty: the module's only one.
  std::string function;
  /// Storage formats asked for by tensor argument name (as ProgramArgument
  /// names them): "bfp8_b" or "bfp4_b" for weights stored as block floats
  /// (tile::setStorageFormat); tile programs only.
  std::map<std::string, std::string> storageFormats;
  /// Testing only: a tt program is emitted without tt-verify, so that the
  /// emulator sees its errors.
  bool skipVerify = false;
  /// The source file the generated files and plan.json name as their
  /// origin (e.g. `examples/gemm.tilt`); may be empty.
  std::string sourceName;
  /// Where the step being taken is printed (`[1/5] lowering: ...`); null:
  /// nowhere.
  llvm::raw_ostream *progress = nullptr;
};

/// One argument of a compiled program: a buffer (`tt.buffer`) or a float
/// scalar (`tt.scalar`), named after the function argument.
struct ProgramArgument {
  /// The name the inputs and outputs use: the function argument's name
  /// (`%A` gives `A`), else `argN`.
  std::string name;
  /// The buffer's shape, row-major; empty for a scalar.
  std::vector<int64_t> shape;
  /// The element type (bf16, f16, f32 or an integer type); the scalar's
  /// type for a scalar.
  Type elementType;
  /// The format DRAM holds it in when that is not the element type: a
  /// block float (`!cb.bfp8_b`, `!cb.bfp4_b`) whose values are bf16; null
  /// otherwise. Inputs are rounded as the host packs them.
  Type storageFormat;
  /// Whether the argument is a scalar (one value, passed by value and never
  /// read back).
  bool scalar = false;
  /// The function argument it is (its position), or -1.
  int64_t argNumber = -1;
  /// Where it is declared: the function argument, or the tt.buffer of a tt
  /// program.
  Location loc;
};

/// One tt.program of a compiled program and its Metalium files. A function
/// with several tile.kernel ops lowers to one tt.program per kernel
/// (tt-split-kernels); runProgram runs them one after another, each with a
/// host program of its own that starts from the tensors the step before it
/// read back.
struct ProgramStep {
  /// The tt.program.
  tt::ProgramOp program;
  /// Its Metalium files: `<kernel>.cpp` per kernel, `main.cpp`, `plan.json`.
  std::vector<metalium::GeneratedFile> files;
  /// The subdirectory of the work directory that holds its files and
  /// results: empty for a program of one step, the tt.program's name when
  /// there are several (the layout of tilt-translate).
  std::string directory;
};

/// A program ready to run: what compileProgram produced. It owns its
/// modules, which belong to the context of the module it was compiled from
/// (the context must outlive it). Move-only.
struct CompiledProgram {
  /// An unchanged copy of the input module: the reference the interpreter
  /// runs, and the source of op names in the profile.
  OwningOpRef reference;
  /// The lowered module, holding `program`.
  OwningOpRef lowered;
  /// The tt.program that runs first: the only one, unless the function has
  /// several tile.kernel ops (`steps` lists them all).
  tt::ProgramOp program;
  /// The func.func of `reference` that was lowered; null for a tt input
  /// (which has no reference to compare with).
  Operation *function = nullptr;
  /// The pipeline that lowered it (`tile-to-tt{grid=2x2 ...}`); empty for a
  /// tt input.
  std::string pipeline;
  /// The Metalium files of `program`: `<kernel>.cpp` per kernel,
  /// `main.cpp`, `plan.json`.
  std::vector<metalium::GeneratedFile> files;
  /// The tt.programs that run, in the order of the function's tile.kernel
  /// ops, with their files; the first is `program`.
  std::vector<ProgramStep> steps;
  /// The buffers and scalars of all steps in the function's argument order,
  /// each once.
  std::vector<ProgramArgument> arguments;
  /// Whether the lowering computed f32 arithmetic on the FPU with TF32
  /// operands (TileToTTOptions::allowTF32); the error budget follows.
  bool allowTF32 = false;

  /// Whether runProgram can check the results against a reference.
  bool hasReference() const { return function != nullptr; }
  /// The argument named `name`, or null.
  const ProgramArgument *lookupArgument(llvm::StringRef name) const;
};

/// Lowers `module` (a builtin.module holding a tile program's func.func, or
/// a tt.program) as `options` say, emits its Metalium files and lists its
/// arguments into `result`. `module` itself is not changed. Fails with
/// diagnostics: option errors (a grid that does not fit the board, an
/// unknown board) at an unknown location, program errors where they are.
LogicalResult compileProgram(Operation *module, const CompileOptions &options,
                             CompiledProgram &result);

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

/// Where the emulator is and how host programs are built against it. An
/// empty field is filled in by resolveEmulator.
struct EmulatorOptions {
  /// The emulator's static library (`libTiltEmulator.a`).
  std::string library;
  /// The directory of its Metalium headers (`.../tilt/Emulator/metalium`).
  std::string includeDir;
  /// The C++ compiler for host programs (and, when set here, for kernels).
  std::string compiler;
  /// Where built host programs and compiled kernels are cached.
  std::string cacheDir;
};

/// `options` with its empty fields filled in:
///  - `library` and `includeDir`: TILT_EMU_LIB and TILT_EMU_INCLUDE, else
///    the nearest ancestor D of the directory of the binary that holds this
///    library's code (the tool, the shared libTiltRun, a Python extension;
///    found with dladdr) that has both `D/<libdir>/libTiltEmulator.a` and
///    `D/<includedir>/tilt/Emulator/metalium` -- the build tree and an
///    install prefix have that layout -- else the paths of the configured
///    install prefix;
///  - `compiler`: TILT_EMU_CXX, else the compiler Tilt was built with;
///  - `cacheDir`: TILT_CACHE_DIR, else `$XDG_CACHE_HOME/tilt`, else
///    `~/.cache/tilt`.
EmulatorOptions resolveEmulator(const EmulatorOptions &options);

/// The longest timeout runProgram accepts, in seconds (a week).
constexpr unsigned kMaxTimeoutSeconds = 7 * 24 * 3600;

/// How runProgram runs a compiled program.
struct RunOptions {
  /// The emulator and the host compiler.
  EmulatorOptions emulator;
  /// Where the generated files, inputs and results go (created if
  /// missing); empty: a new temporary directory, removed afterwards.
  std::string workDir;
  /// The emulator's watchdog period: a run with no progress for this many
  /// seconds is reported, and the host program is killed after this many
  /// seconds plus 30 (for the report); 0: the emulator's default watchdog
  /// and no bound on the wall time. At most kMaxTimeoutSeconds.
  unsigned timeoutSeconds = 0;
  /// Where the device counters go as JSON (of all steps, added up); empty:
  /// `counters.json` in the work directory.
  std::string countersPath;
  /// Whether to make the report of the timing model (RunResult::profile).
  bool profile = false;
  /// With `profile`, how many generated lines it lists.
  unsigned profileLines = 8;
  /// With `profile`, whether it lists every core's kernel threads too.
  bool profileCores = false;
  /// Where to write the predicted timeline (Chrome trace event format);
  /// empty: nowhere. With several steps, one file per step: the path with
  /// the step's program name before its extension (`t.f_1.json`).
  std::string tracePath;
  /// A file of `name = value` lines overriding the timing model's costs
  /// (docs/timing-model.md); empty: none.
  std::string timingPath;
  /// The seed of the random inputs.
  unsigned seed = 1;
  /// The range the random inputs are drawn from, uniformly: [low, high).
  double inputLow = -1, inputHigh = 1;
  /// Whether to interpret the tile program and compare (a tt input has no
  /// reference either way).
  bool checkReference = true;
  /// Where the steps, the host compiler's warnings and the emulator's
  /// output are printed as they come; null: nowhere (the emulator's output
  /// is in RunResult::log either way).
  llvm::raw_ostream *progress = nullptr;
  /// Testing only: called with each buffer's device values before they are
  /// compared, to exercise the report of a failing output.
  std::function<void(const ProgramArgument &, std::vector<float> &)>
      adjustDeviceOutput;
  /// Testing only: the error budget claims this math fidelity (LoFi, HiFi2,
  /// HiFi3, HiFi4) instead of the compiled one, and exact f32 arithmetic
  /// even where the lowering allowed TF32, so that a test can see a device
  /// that computes at a lower precision than claimed fail.
  std::string claimFidelity;
  bool claimExactF32 = false;
};

/// Checks the options runProgram checks before it writes anything: the
/// timeout, the input range and the timing file (a bad line is an error at
/// that line of the file).
LogicalResult verifyRunOptions(Context *context, const RunOptions &options);

/// Row-major float32 values of a named array: an input or an output of a
/// run.
struct HostArray {
  /// The program argument the array belongs to.
  std::string name;
  /// Its shape.
  std::vector<int64_t> shape;
  /// One value per element, row-major.
  std::vector<float> data;
};

/// The inputs of a run. Buffers and scalars not given get random values
/// (RunOptions::seed, inputLow, inputHigh), drawn in argument order.
struct RunInputs {
  /// Initial values of buffers, by name; each must have the buffer's shape.
  std::vector<HostArray> arrays;
  /// Values of scalars, by name.
  std::map<std::string, double> scalars;
};

/// The value a scalar argument had in a run.
struct ScalarValue {
  /// The scalar's name.
  std::string name;
  /// Its value, rounded to its type.
  float value = 0;
  /// Whether it was drawn at random (not given).
  bool random = false;
};

/// How a run ended.
enum class Verdict {
  /// Every output the program writes matches the reference.
  Ok,
  /// Some output differs from the reference beyond its error budget.
  Mismatch,
  /// The program ran to completion; there was no reference to compare
  /// with (a tt input, or RunOptions::checkReference off).
  RanWithoutReference,
  /// The program did not run to completion on the emulator (an emulator
  /// error, a deadlock, a timeout); RunResult::log says why.
  Failed,
};

/// One buffer after a run.
struct BufferResult {
  /// The device's values.
  HostArray device;
  /// The reference's values rounded to the buffer's type; no data without
  /// a reference.
  HostArray reference;
  /// Whether the run wrote the buffer: the device's or the reference's
  /// values differ from the input.
  bool written = false;
  /// The comparison with the reference, for a written buffer with a
  /// reference.
  std::optional<interp::Comparison> comparison;
};

/// What runProgram found.
struct RunResult {
  /// How the run ended.
  Verdict verdict = Verdict::Failed;
  /// For Verdict::Failed: the host program's exit status (-2 when it was
  /// killed or crashed).
  int exitStatus = 0;
  /// For Verdict::Failed: whether it was killed at the wall-time limit.
  bool timedOut = false;
  /// For a run that timed out: its RunOptions::timeoutSeconds.
  unsigned timeoutSeconds = 0;
  /// The values of the scalar arguments, in argument order.
  std::vector<ScalarValue> scalars;
  /// The device numerics the error budgets were derived for
  /// (interp::describePrecision); empty without a reference.
  std::string numerics;
  /// The buffers' initial values, rounded to their types, in argument order.
  std::vector<HostArray> inputs;
  /// Every buffer after the run, in argument order (empty when the run
  /// failed).
  std::vector<BufferResult> buffers;
  /// The wall time of the host program (of all steps), in seconds.
  double seconds = 0;
  /// The device counters the emulator wrote (JSON text; docs/emulator.md),
  /// of all steps added up.
  std::string counters;
  /// The host programs' output: the emulator's messages and errors.
  std::string log;
  /// The emulator's timing profile (JSON text; docs/timing-model.md); with
  /// several steps, a JSON array of the steps' profiles.
  std::string profileJson;
  /// With RunOptions::profile: the report of the profile, as tilt-run
  /// --profile prints it.
  std::string profile;
  /// The work directory, when it was kept (given in RunOptions).
  std::string workDir;
};

/// Runs `program` (compiled by a successful compileProgram) on the emulator
/// with `inputs` as `options` say and fills `result`; it can be run any
/// number of times. Fails with diagnostics when the run cannot start or its
/// results cannot be read (bad inputs, an unwritable work directory, no
/// emulator, a host program that does not compile, a reference the
/// interpreter cannot run); a program that fails on the emulator succeeds
/// with Verdict::Failed.
LogicalResult runProgram(const CompiledProgram &program,
                         const RunInputs &inputs, const RunOptions &options,
                         RunResult &result);

//===----------------------------------------------------------------------===//
// The report
//===----------------------------------------------------------------------===//

/// The call a failed run's emulator log blames: the generated file, its
/// line, and the location of the tile op that line was written for.
struct FailedCall {
  std::string file;
  unsigned line = 0;
  Location location;
};

/// The FailedCall of a failed run's emulator log ("tilt emulator: error at
/// KERNEL line N", the kernel's source line of the API call that failed or
/// blocked first), through the file's source lines (the last mapped line at
/// or before N). None when the log names no call or the program has no such
/// kernel file.
std::optional<FailedCall> findFailedCall(const CompiledProgram &program,
                                         llvm::StringRef log);

/// Prints the report of a run as tilt-run prints it: the scalar values,
/// then for a failed run the FAIL line; else the comparison of each written
/// buffer, the counters, the L1 use, the profile and the verdict line.
void printReport(llvm::raw_ostream &os, const CompiledProgram &program,
                 const RunResult &result);

/// Prints one line per scalar argument: `scalar s (f32) = 0.5 (random)`.
void printScalars(llvm::raw_ostream &os, const CompiledProgram &program,
                  const RunResult &result);

/// Prints the device counters of `countersJson` (the emulator's counters
/// file): DRAM and NoC traffic, tile ops, blocked time, emulated time.
/// Prints nothing for text that is not the emulator's counters.
void printCounters(llvm::raw_ostream &os, llvm::StringRef countersJson);

/// Prints the L1 that the circular buffers of `program` take: on its
/// fullest core, over the grid, and the usable L1 of a core of its arch.
/// `named`: with the program's name (`L1 of @f_1`), for one of several.
void printL1Use(llvm::raw_ostream &os, tt::ProgramOp program,
                bool named = false);

/// The exit status tilt-run gives a run with this verdict: 0 for Ok and
/// RanWithoutReference, 1 otherwise.
int getExitStatus(Verdict verdict);

} // namespace run
} // namespace tilt

#endif // TILT_RUN_RUN_H
