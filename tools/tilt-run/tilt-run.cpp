//===- tilt-run.cpp - Compile, run and check a tile program ---------------===//
//
//   tilt-run examples/gemm.tilt --grid 8x8
//
// lowers the program with tile-to-tt, writes the Metalium files, builds the
// host program against the emulator, runs it on seeded random (or given)
// inputs, interprets the tile program as the reference, compares, and
// prints the verdict and the device counters. Exit status 0 when every
// output matches, 1 otherwise (docs/tilt-run.md).
//
//===----------------------------------------------------------------------===//

#include "Profile.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Emulator/Timing.h"
#include "tilt/IR/Attributes.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Interpreter/Compare.h"
#include "tilt/Interpreter/Report.h"
#include "tilt/Interpreter/TileInterpreter.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Target/Metalium/Metalium.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <unistd.h>

extern char **environ;

#ifndef TILT_BIN_TO_LIB
#define TILT_BIN_TO_LIB "../lib"
#endif
#ifndef TILT_BIN_TO_INCLUDE
#define TILT_BIN_TO_INCLUDE "../include"
#endif
#ifndef TILT_EMULATOR_LIBRARY_NAME
#define TILT_EMULATOR_LIBRARY_NAME "libTiltEmulator.a"
#endif
#ifndef TILT_HOST_CXX
#define TILT_HOST_CXX "c++"
#endif

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
cl::opt<std::string>
    boardOption("board",
                cl::desc("n150, n300, galaxy, p100, p150, p150_unharvested, e150 (default: the "
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

/// The number of elements of `shape`, saturated at INT64_MAX (a hand-written
/// tt.buffer is not bound by the tile dialect's limits).
int64_t numElements(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t extent : shape) {
    llvm::Optional<int64_t> product = llvm::checkedMul(count, extent);
    if (!product || extent < 0)
      return std::numeric_limits<int64_t>::max();
    count = *product;
  }
  return count;
}

/// The host memory a run holds per element of a tensor, at least: tilt-run's
/// input, device result and rounded reference (3 x 4 bytes), the
/// interpreter's fp64 value and error bound (2 x 8), and the host program's
/// input, output and DRAM copy (3 x 4).
constexpr uint64_t kHostBytesPerElement = 40;

/// This machine's physical memory in bytes (0 when unknown).
uint64_t getPhysicalMemory() {
  long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
}

void progress(unsigned step, unsigned steps, const llvm::Twine &what) {
  llvm::errs() << "[" << step << "/" << steps << "] " << what << "\n";
}

/// The directory where built programs and kernels are cached.
std::string getCacheDir() {
  if (const char *dir = std::getenv("TILT_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/tilt";
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/tilt";
}

std::string getEnvOr(const char *name, const std::string &otherwise) {
  const char *value = std::getenv(name);
  return value && *value ? value : otherwise;
}

/// `relative` (a path from the directory of tilt-run) made absolute.
std::string nextToTool(llvm::StringRef relative) {
  static int anchor;
  std::string tool = llvm::sys::fs::getMainExecutable(
      "tilt-run", static_cast<void *>(&anchor));
  llvm::SmallString<256> path(llvm::sys::path::parent_path(tool));
  llvm::sys::path::append(path, relative);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return path.str().str();
}

/// The emulator library: TILT_EMU_LIB, else next to tilt-run where it is
/// installed (<bin>/<libdir>), else in the build tree (<bin>/../lib).
std::string getEmulatorLibrary() {
  std::string installed =
      nextToTool(TILT_BIN_TO_LIB "/" TILT_EMULATOR_LIBRARY_NAME);
  if (!llvm::sys::fs::exists(installed))
    installed = nextToTool("../lib/" TILT_EMULATOR_LIBRARY_NAME);
  return getEnvOr("TILT_EMU_LIB", installed);
}

/// The emulator's Metalium headers: TILT_EMU_INCLUDE, else next to tilt-run
/// (<bin>/<includedir>/tilt/Emulator/metalium, in both trees).
std::string getEmulatorInclude() {
  return getEnvOr("TILT_EMU_INCLUDE",
                  nextToTool(TILT_BIN_TO_INCLUDE "/tilt/Emulator/metalium"));
}

bool writeNpy(const std::string &path, llvm::ArrayRef<int64_t> shape,
              const std::vector<float> &data) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < shape.size(); ++i)
    header += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
              (i + 1 < shape.size() ? ", " : "");
  header += "), }";
  while ((10 + header.size() + 1) % 64 != 0)
    header += ' ';
  header += '\n';
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return false;
  os.write("\x93NUMPY\x01\x00", 8);
  char length[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
  os.write(length, 2);
  os << header;
  os.write(reinterpret_cast<const char *>(data.data()), data.size() * 4);
  os.close();
  if (os.has_error()) {
    os.clear_error();
    return false;
  }
  return true;
}

bool readNpy(const std::string &path, llvm::ArrayRef<int64_t> shape,
             std::vector<float> &data, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read " + path;
    return false;
  }
  llvm::StringRef bytes = (*buffer)->getBuffer();
  if (bytes.size() < 10 || !bytes.startswith("\x93NUMPY")) {
    error = path + " is not a .npy file";
    return false;
  }
  size_t headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
  llvm::StringRef header = bytes.substr(10, headerLength);
  std::string expected = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    expected += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
                (i + 1 < shape.size() ? ", " : "");
  expected += ")";
  if (!header.contains("'<f4'") || !header.contains("'fortran_order': False") ||
      !header.contains(expected)) {
    error = path + ": expected a C-order float32 array of shape " + expected;
    return false;
  }
  size_t count = size_t(numElements(shape));
  if (count > bytes.size() / 4 ||
      bytes.size() != 10 + headerLength + count * 4) {
    error = path + ": expected " + std::to_string(count) + " values";
    return false;
  }
  data.resize(count);
  std::memcpy(data.data(), bytes.data() + 10 + headerLength, count * 4);
  return true;
}

/// Runs `program` with `args`, the output going to `log`; the exit code.
/// A positive `secondsToWait` kills the program after that many seconds
/// (ExecuteAndWait then returns -2).
int execute(llvm::StringRef program, llvm::ArrayRef<std::string> args,
            llvm::ArrayRef<std::string> environment, llvm::StringRef log,
            std::string &error, unsigned secondsToWait = 0) {
  std::vector<llvm::StringRef> argv = {program};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::string logPath = log.str();
  std::vector<llvm::StringRef> env;
  for (const std::string &entry : environment)
    env.push_back(entry);
    // llvm::Optional up to LLVM 15, std::optional from 16 on.
#if LLVM_VERSION_MAJOR < 16
  using OptionalRef = llvm::Optional<llvm::StringRef>;
  llvm::Optional<llvm::ArrayRef<llvm::StringRef>> envRef;
#else
  using OptionalRef = std::optional<llvm::StringRef>;
  std::optional<llvm::ArrayRef<llvm::StringRef>> envRef;
#endif
  OptionalRef redirects[] = {OptionalRef(), OptionalRef(logPath),
                             OptionalRef(logPath)};
  if (!environment.empty())
    envRef = llvm::ArrayRef<llvm::StringRef>(env);
  return llvm::sys::ExecuteAndWait(program, argv, envRef, redirects,
                                   secondsToWait, 0, &error);
}

std::string readText(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// Builds main.cpp against the emulator, or finds it in the cache.
bool buildHost(llvm::StringRef workDir, std::string &binary,
               std::string &error) {
  std::string library = getEmulatorLibrary();
  std::string include = getEmulatorInclude();
  if (!llvm::sys::fs::exists(library) ||
      !llvm::sys::fs::exists(include + "/api/dataflow/dataflow_api.h")) {
    error = "cannot find the emulator (library '" + library + "', headers '" +
            include + "'): set TILT_EMU_LIB and TILT_EMU_INCLUDE";
    return false;
  }
  std::string compiler = getEnvOr("TILT_EMU_CXX", TILT_HOST_CXX);
  llvm::SmallString<128> source(workDir);
  llvm::sys::path::append(source, "main.cpp");
  std::vector<std::string> flags = {"-std=c++20", "-O1", "-Wall", "-Wextra",
                                    "-I" + include};
  // The emulator library was built with these sanitizers (TILT_SANITIZE),
  // so the host program that links it is too.
  if (llvm::StringRef(TILT_HOST_SANITIZE).size()) {
    flags.push_back(std::string("-fsanitize=") + TILT_HOST_SANITIZE);
    flags.push_back("-fno-omit-frame-pointer");
  }
  // The cache key: the source, the flags, the compiler and the library.
  llvm::SHA1 hasher;
  hasher.update(readText(source));
  for (const std::string &flag : flags)
    hasher.update(flag);
  hasher.update(compiler);
  hasher.update(library);
  hasher.update("whole-archive");
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(library, status)) {
    hasher.update(std::to_string(status.getSize()));
    hasher.update(std::to_string(
        status.getLastModificationTime().time_since_epoch().count()));
  }
  std::string key = llvm::toHex(hasher.final()).substr(0, 20);
  std::string hostDir = getCacheDir() + "/hosts";
  llvm::sys::fs::create_directories(hostDir);
  binary = hostDir + "/" + key;
  if (llvm::sys::fs::exists(binary))
    return true;
  auto compilerPath = llvm::sys::findProgramByName(compiler);
  if (!compilerPath) {
    error = "cannot find the C++ compiler '" + compiler + "'";
    return false;
  }
  std::string temporary = binary + ".tmp" + std::to_string(::getpid());
  std::vector<std::string> args = flags;
  args.push_back(source.str().str());
  // All of the library: the kernels, loaded later with dlopen, call parts
  // of the emulator's compute API that the host program itself does not.
  args.push_back("-Wl,--whole-archive");
  args.push_back(library);
  args.push_back("-Wl,--no-whole-archive");
  args.push_back("-rdynamic");
  args.push_back("-pthread");
  args.push_back("-ldl");
  args.push_back("-o");
  args.push_back(temporary);
  llvm::SmallString<128> log(workDir);
  llvm::sys::path::append(log, "host-build.log");
  std::string execError;
  int exitCode = execute(*compilerPath, args, {}, log, execError);
  std::string output = readText(log);
  if (exitCode != 0) {
    error = "the host program does not compile:\n" + output + execError;
    return false;
  }
  if (!output.empty())
    llvm::errs() << output;
  if (std::error_code code = llvm::sys::fs::rename(temporary, binary)) {
    error = "cannot move the host program into the cache: " + code.message();
    return false;
  }
  return true;
}

struct Argument {
  std::string name;
  std::vector<int64_t> shape;
  Type type;
  std::vector<float> initial;
  /// Where the argument is declared: the function argument, or the
  /// tt.buffer of a tt input.
  Location loc;
  /// A float scalar (tt.scalar): one value, `shape` empty, passed to the
  /// host program with --scalar and never read back.
  bool scalar = false;
  /// The function argument it is (`arg` of the tt.buffer / tt.scalar).
  int64_t argNumber = -1;
};

void printCounters(llvm::StringRef json) {
  auto parsed = llvm::json::parse(json);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return;
  }
  const llvm::json::Object *root = parsed->getAsObject();
  const llvm::json::Object *total = root ? root->getObject("total") : nullptr;
  if (!total)
    return;
  auto get = [&](llvm::StringRef key) {
    auto value = total->getInteger(key);
    return value ? int64_t(*value) : int64_t(0);
  };
  const llvm::json::Array *cores = root->getArray("cores");
  llvm::outs() << "counters (" << (cores ? cores->size() : 0)
               << " cores): DRAM read " << get("dram_bytes_read")
               << " B, written " << get("dram_bytes_written")
               << " B; NoC reads " << get("noc_reads") << ", writes "
               << get("noc_writes") << "\n  tile ops:";
  if (const llvm::json::Object *ops = total->getObject("tile_ops"))
    for (const auto &entry : *ops)
      if (auto count = entry.second.getAsInteger(); count && *count)
        llvm::outs() << " " << entry.first << " " << *count;
  llvm::outs() << "\n";
  if (const llvm::json::Object *blocked = total->getObject("blocked_seconds")) {
    llvm::outs() << "  blocked (s, summed over cores):";
    for (const auto &entry : *blocked)
      if (auto seconds = entry.second.getAsNumber())
        llvm::outs() << " " << entry.first << " "
                     << llvm::format("%.3f", *seconds);
    llvm::outs() << "\n";
  }
  if (auto seconds = root->getNumber("seconds"))
    llvm::outs() << "  emulated in " << llvm::format("%.3f", *seconds)
                 << " s\n";
}

/// Prints the L1 the program's circular buffers take: the sum of the CB
/// bytes (pages x page size) of each core of the grid, the largest such
/// sum, the total over the cores, and the usable L1 of a core of the
/// program's arch (tt::getUsableL1Bytes, the limit tt-verify checks). The
/// CBs are all the program places in L1: tilt's kernels keep no other L1
/// buffers. Every core of the program's grid counts, with blocks to run or
/// not: the host creates each CB on its whole core range.
void printL1Use(tt::ProgramOp program) {
  llvm::ArrayRef<int64_t> grid = program.getGrid();
  if (grid.size() != 2)
    return;
  llvm::SmallVector<tt::CBConfigOp, 16> configs;
  for (Operation &child : *program.getBody())
    if (auto config = tt::CBConfigOp::dynCast(&child))
      configs.push_back(config);
  int64_t largest = 0, total = 0, cores = 0;
  for (int64_t row = 0; row < grid[1]; ++row)
    for (int64_t column = 0; column < grid[0]; ++column) {
      int64_t bytes = 0;
      for (tt::CBConfigOp config : configs) {
        std::array<int64_t, 4> range = config.getCoreRange();
        cb::CBType type = config.getCBType();
        if (!type || column < range[0] || column > range[2] || row < range[1] ||
            row > range[3])
          continue;
        // tt-verify has checked that the sums fit the usable L1.
        bytes += type.getPages() * type.getPageSize();
      }
      largest = std::max(largest, bytes);
      total += bytes;
      ++cores;
    }
  llvm::outs() << "  L1 (circular buffers): " << largest
               << " B on the fullest core, " << total << " B over the " << cores
               << (cores == 1 ? " core" : " cores") << " of the grid; "
               << tt::getUsableL1Bytes(program.getArch())
               << " B usable per core on " << program.getArch() << "\n";
}

/// The blocks each core ran, from the runtime arguments `start` and
/// `count` of the program's writer (else of any kernel that has them;
/// docs/pipeline.md, tt-split-kernels).
std::vector<interp::CoreBlocks> getCoreBlocks(tt::ProgramOp program) {
  std::vector<interp::CoreBlocks> ranges;
  llvm::StringRef kernelName;
  int64_t startIndex = -1, countIndex = -1;
  for (Operation &op : *program.getBody()) {
    auto kernel = tt::KernelOp::dynCast(&op);
    if (!kernel || (!kernelName.empty() && kernel.getRole() != "writer"))
      continue;
    auto names = op.getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>();
    if (!names)
      continue;
    int64_t start = -1, count = -1;
    for (size_t i = 0; i < names.size(); ++i)
      if (auto name = names[i].dyn_cast_or_null<StringAttr>()) {
        if (name.getValue() == "start")
          start = int64_t(i);
        else if (name.getValue() == "count")
          count = int64_t(i);
      }
    if (start < 0 || count < 0)
      continue;
    kernelName = op.getInherentAttr("sym_name").cast<StringAttr>().getValue();
    startIndex = start;
    countIndex = count;
  }
  if (kernelName.empty())
    return ranges;
  for (Operation &op : *program.getBody()) {
    auto arguments = tt::RuntimeArgsOp::dynCast(&op);
    if (!arguments || arguments.getKernel() != kernelName ||
        arguments.getCore().size() != 2)
      continue;
    llvm::ArrayRef<Attribute> values = arguments.getValues();
    if (size_t(std::max(startIndex, countIndex)) >= values.size())
      continue;
    auto start = values[startIndex].dyn_cast_or_null<IntegerAttr>();
    auto count = values[countIndex].dyn_cast_or_null<IntegerAttr>();
    if (start && count)
      ranges.push_back({arguments.getCore()[0], arguments.getCore()[1],
                        start.getSInt(), count.getSInt()});
  }
  return ranges;
}

/// Prints the report of the profile the host program wrote and adds the
/// prediction to the work directory's plan.json.
bool reportProfile(llvm::StringRef profilePath, llvm::StringRef workDir,
                   const run::SourceOps &ops) {
  auto profile = llvm::json::parse(readText(profilePath));
  if (!profile || !profile->getAsObject()) {
    if (!profile)
      llvm::consumeError(profile.takeError());
    llvm::errs() << "error: the emulator wrote no timing profile to '"
                 << profilePath << "'\n";
    return false;
  }
  std::string planPath = (workDir + "/plan.json").str();
  auto plan = llvm::json::parse(readText(planPath));
  if (!plan)
    llvm::consumeError(plan.takeError());
  llvm::json::Object *planObject = plan ? plan->getAsObject() : nullptr;
  run::ProfileOptions options;
  options.workDir = workDir.str();
  options.topLines = profileLinesOption;
  options.perCore = profileCoresOption;
  run::ProfileSummary summary;
  std::string error;
  if (!run::printProfile(llvm::outs(), *profile->getAsObject(), planObject,
                         ops, options, summary, error)) {
    llvm::errs() << "error: " << error << "\n";
    return false;
  }
  if (planObject) {
    (*planObject)["predicted"] = llvm::json::Object{
        {"arch", run::stringOf(profile->getAsObject()->getString("arch"))},
        {"device_seconds", summary.seconds},
        {"compute_bound_seconds", summary.computeBoundSeconds},
        {"memory_bound_seconds", summary.memoryBoundSeconds},
        {"efficiency", summary.efficiency},
        {"bottleneck", summary.bottleneck}};
    std::error_code code;
    llvm::raw_fd_ostream os(planPath, code);
    if (!code)
      os << llvm::formatv("{0:2}", llvm::json::Value(std::move(*plan)))
         << "\n";
  }
  return true;
}

/// Checks a --timing file before the run, so that a bad line is reported
/// where it is.
bool checkTimingFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    llvm::errs() << "error: cannot open the timing file '" << path
                 << "': " << buffer.getError().message() << "\n";
    return false;
  }
  emu::TimingParams params;
  unsigned line = 0;
  std::string error;
  if (!emu::applyTimingOverrides((*buffer)->getBuffer().str(), params, line,
                                 error)) {
    llvm::errs() << path << ":" << line << ":1: error: " << error << "\n";
    return false;
  }
  return true;
}

int runTool() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect, cb::CBDialect,
                  tt::TTDialect>();
  Context context(registry);
  // The watchdog's period; the host program may run 30 s more (it needs
  // time to notice, report and exit) before it is killed.
  unsigned timeout = 0;
  constexpr unsigned kMaxTimeout = 7 * 24 * 3600;
  if (!timeoutOption.empty() &&
      (llvm::StringRef(timeoutOption).getAsInteger(10, timeout) ||
       timeout == 0 || timeout > kMaxTimeout)) {
    llvm::errs() << "error: --timeout must be a whole number of seconds from "
                    "1 to "
                 << kMaxTimeout << ", got '" << timeoutOption << "'\n";
    return 1;
  }
  if (!timingOption.empty() && !checkTimingFile(timingOption))
    return 1;
  auto file = llvm::MemoryBuffer::getFile(inputFile);
  if (!file) {
    llvm::errs() << "error: cannot open '" << inputFile
                 << "': " << file.getError().message() << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context, llvm::errs());
  // Two copies: the reference runs the tile program, the lowering consumes
  // the other. Buffers are named after the source's arguments (%A: --input
  // A=a.npy), as tilt-opt --retain-ssa-names names them.
  ParserConfig config;
  config.retainSSANames = true;
  OwningOpRef reference =
      parseSourceFileForTool(sourceMgr, &context, true, config);
  if (!reference || failed(verify(reference.get())))
    return 1;
  // The source's ops by location, to name them in the profile.
  run::SourceOps sourceOps;
  reference.get()->walk([&](Operation *op) {
    if (std::optional<Location> loc = op->getLoc().findFileLineCol())
      sourceOps.try_emplace({loc->getLine(), loc->getColumn()},
                            op->getName().getStringRef().str());
  });
  OwningOpRef lowered =
      parseSourceFileForTool(sourceMgr, &context, true, config);
  if (!lowered)
    return 1;

  bool isTT = false;
  lowered.get()->walk([&](Operation *op) {
    if (tt::ProgramOp::dynCast(op))
      isTT = true;
  });
  const unsigned steps = 5;

  // The function to run.
  Operation *function = nullptr;
  llvm::SmallVector<Operation *, 2> candidates;
  reference.get()->walk([&](Operation *op) {
    if (func::FuncOp::dynCast(op))
      candidates.push_back(op);
  });
  for (Operation *candidate : candidates) {
    auto name =
        candidate->getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>();
    if (!name)
      continue;
    if (!functionOption.empty() ? name.getValue() == functionOption
                                : candidates.size() == 1)
      function = candidate;
  }
  if (!isTT && !function) {
    llvm::errs() << "error: "
                 << (functionOption.empty()
                         ? "the input has " +
                               std::to_string(candidates.size()) +
                               " functions; choose one with "
                               "--func"
                         : "no function @" + functionOption)
                 << "\n";
    return 1;
  }

  // 1. Lower.
  std::string pipeline = "tile-to-tt{";
  for (auto [name, value] :
       {std::make_pair("grid", &gridOption), std::make_pair("arch", &archOption),
        std::make_pair("board", &boardOption)})
    if (!value->empty())
      pipeline += std::string(name) + "=" + value->getValue() + " ";
  if (noFuseOption)
    pipeline += "fuse=false ";
  if (noCoarsenOption)
    pipeline += "coarsen=false ";
  if (noMulticastOption)
    pipeline += "multicast=false ";
  pipeline += "math-fidelity=" + fidelityOption + "}";
  progress(1, steps,
           isTT ? "verifying the tt program" : "lowering: " + pipeline);
  {
    PassManager pm(&context);
    std::string error;
    if (!isTT) {
      TileToTTOptions options;
      options.grid = gridOption;
      options.arch = archOption;
      options.board = boardOption;
      if (failed(checkTileToTTTarget(options, error))) {
        llvm::errs() << "error: " << error << "\n";
        return 1;
      }
      options.mathFidelity = fidelityOption;
      options.fuse = !noFuseOption;
      options.coarsen = !noCoarsenOption;
      if (noMulticastOption)
        options.multicast = false;
      if (failed(buildTileToTTPipeline(pm, options, &error))) {
        llvm::errs() << "error: " << error << "\n";
        return 1;
      }
    } else if (!skipVerify) {
      pm.addPass(tt::createTTVerifyPass());
    }
    if (failed(pm.run(lowered.get())))
      return 1;
  }
  tt::ProgramOp program;
  lowered.get()->walk([&](Operation *op) {
    auto candidate = tt::ProgramOp::dynCast(op);
    if (!candidate)
      return;
    llvm::StringRef name =
        candidate->getInherentAttr("sym_name").cast<StringAttr>().getValue();
    if (!program || (!functionOption.empty() && name == functionOption))
      program = candidate;
  });
  if (!program) {
    llvm::errs() << "error: the lowering produced no tt.program\n";
    return 1;
  }

  // 2. Emit.
  llvm::SmallString<128> workDir(workDirOption);
  bool temporaryDir = workDir.empty();
  if (temporaryDir) {
    if (std::error_code error =
            llvm::sys::fs::createUniqueDirectory("tilt-run", workDir)) {
      llvm::errs() << "error: cannot create a work directory: "
                   << error.message() << "\n";
      return 1;
    }
  } else if (std::error_code error =
                 llvm::sys::fs::create_directories(workDir)) {
    llvm::errs() << "error: cannot create '" << workDir
                 << "': " << error.message() << "\n";
    return 1;
  }
  auto cleanup = llvm::make_scope_exit([&] {
    if (temporaryDir)
      llvm::sys::fs::remove_directories(workDir);
  });
  metalium::EmitOptions emitOptions;
  emitOptions.source = inputFile;
  emitOptions.pipeline = isTT ? "" : pipeline;
  std::vector<metalium::GeneratedFile> files;
  progress(2, steps, "writing the Metalium program to " + workDir);
  if (failed(metalium::emitProgram(program, emitOptions, files)))
    return 1;
  for (const metalium::GeneratedFile &generated : files) {
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
    if (error) {
      llvm::errs() << "error: cannot write '" << path
                   << "': " << error.message() << "\n";
      return 1;
    }
  }

  // 3. Inputs: one per buffer and scalar, random or given.
  std::vector<Argument> arguments;
  for (Operation &op : *program.getBody()) {
    auto buffer = tt::BufferOp::dynCast(&op);
    auto scalar = tt::ScalarOp::dynCast(&op);
    if (!buffer && !scalar)
      continue;
    Argument argument;
    argument.name =
        op.getInherentAttr("sym_name").cast<StringAttr>().getValue().str();
    if (auto shape = op.getAttr("shape").dyn_cast_or_null<DenseArrayAttr>())
      argument.shape.assign(shape.getIntValues().begin(),
                            shape.getIntValues().end());
    if (auto type =
            op.getInherentAttr("element_type").dyn_cast_or_null<TypeAttr>())
      argument.type = type.getValue();
    if (scalar) {
      argument.scalar = true;
      argument.type = scalar.getType();
    }
    argument.loc = op.getLoc();
    auto argNumber = op.getAttr("arg").dyn_cast_or_null<IntegerAttr>();
    if (argNumber)
      argument.argNumber = argNumber.getInt();
    if (function && argNumber && argNumber.getInt() >= 0 &&
        argNumber.getInt() <
            int64_t(function->getRegion(0).front().getNumArguments()))
      argument.loc = function->getRegion(0)
                         .front()
                         .getArgument(unsigned(argNumber.getInt()))
                         .getLoc();
    arguments.push_back(argument);
  }
  // In the function's argument order, the interpreter's.
  std::stable_sort(arguments.begin(), arguments.end(),
                   [](const Argument &a, const Argument &b) {
                     return a.argNumber < b.argNumber;
                   });
  // Host memory: a tensor the machine cannot hold is an error before any
  // allocation (an allocation that fails aborts the process).
  if (uint64_t memory = getPhysicalMemory()) {
    uint64_t total = 0;
    for (const Argument &argument : arguments) {
      uint64_t elements = uint64_t(numElements(argument.shape));
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
      for (size_t i = 0; i < argument.shape.size(); ++i)
        shapeText << (i ? "x" : "") << argument.shape[i];
      if (argument.type)
        shapeText << " " << argument.type;
      emitError(&context, argument.loc)
          << "the tensor '" << argument.name << "' (" << shapeText.str()
          << ") does not fit in host memory: the run needs at least "
          << uint64_t(kHostBytesPerElement) << " bytes per element of its "
          << "tensors, more than this machine's " << memory << " bytes";
      return 1;
    }
  }
  double low = -1, high = 1;
  {
    auto [lowText, highText] = llvm::StringRef(rangeOption).split(',');
    if (lowText.trim().getAsDouble(low) || highText.trim().getAsDouble(high) ||
        !(low < high)) {
      llvm::errs() << "error: --input-range must be LO,HI with LO < HI, got '"
                   << rangeOption << "'\n";
      return 1;
    }
  }
  std::mt19937 generator(seedOption);
  std::uniform_real_distribution<float> distribution{float(low), float(high)};
  std::map<std::string, std::string> given;
  for (const std::string &entry : inputOptions) {
    auto [name, path] = llvm::StringRef(entry).split('=');
    bool known = llvm::any_of(arguments, [&](const Argument &argument) {
      return !argument.scalar && argument.name == name;
    });
    if (path.empty() || !known) {
      llvm::errs() << "error: --input " << entry
                   << ": expected NAME=FILE.npy with NAME one of the "
                      "program's buffers:";
      for (const Argument &argument : arguments)
        if (!argument.scalar)
          llvm::errs() << " " << argument.name;
      llvm::errs() << "\n";
      return 1;
    }
    given[name.str()] = path.str();
  }
  std::map<std::string, double> givenScalars;
  for (const std::string &entry : scalarOptions) {
    auto [name, text] = llvm::StringRef(entry).split('=');
    bool known = llvm::any_of(arguments, [&](const Argument &argument) {
      return argument.scalar && argument.name == name;
    });
    double value = 0;
    if (text.trim().getAsDouble(value) || !known) {
      llvm::errs() << "error: --scalar " << entry
                   << ": expected NAME=VALUE with NAME one of the program's "
                      "scalars:";
      for (const Argument &argument : arguments)
        if (argument.scalar)
          llvm::errs() << " " << argument.name;
      llvm::errs() << "\n";
      return 1;
    }
    givenScalars[name.str()] = value;
  }
  std::vector<std::string> hostArgs = {"--kernel-dir", workDir.str().str()};
  for (Argument &argument : arguments) {
    if (argument.scalar) {
      // A value of the scalar's type, the same for the device (as f32
      // bits) and the interpreter; printed, so a run can be repeated.
      auto it = givenScalars.find(argument.name);
      float value = it != givenScalars.end() ? float(it->second)
                                             : distribution(generator);
      value = interp::roundToType(value, argument.type);
      argument.initial.assign(1, value);
      // %.9g: nine significant digits give back the same f32.
      char text[32];
      std::snprintf(text, sizeof(text), "%.9g", double(value));
      llvm::outs() << "scalar " << argument.name << " (" << argument.type
                   << ") = " << text
                   << (it != givenScalars.end() ? "" : " (random)") << "\n";
      hostArgs.push_back("--scalar");
      hostArgs.push_back(argument.name + "=" + std::string(text));
      continue;
    }
    size_t count = size_t(numElements(argument.shape));
    auto it = given.find(argument.name);
    if (it != given.end()) {
      std::string error;
      if (!readNpy(it->second, argument.shape, argument.initial, error)) {
        llvm::errs() << "error: " << error << "\n";
        return 1;
      }
    } else {
      argument.initial.resize(count);
      for (float &value : argument.initial)
        value = distribution(generator);
    }
    for (float &value : argument.initial)
      value = interp::roundToType(value, argument.type);
    std::string inPath = (workDir + "/" + argument.name + ".in.npy").str();
    std::string outPath = (workDir + "/" + argument.name + ".out.npy").str();
    if (!writeNpy(inPath, argument.shape, argument.initial)) {
      llvm::errs() << "error: cannot write " << inPath << "\n";
      return 1;
    }
    hostArgs.push_back("--in");
    hostArgs.push_back(argument.name + "=" + inPath);
    hostArgs.push_back("--out");
    hostArgs.push_back(argument.name + "=" + outPath);
  }

  // 4. Build and run on the emulator.
  progress(3, steps,
           "building the host program against the emulator (cache: " +
               getCacheDir() + ")");
  std::string binary, error;
  if (!buildHost(workDir, binary, error)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  progress(4, steps,
           "running on the emulated " + program.getArch() +
               " (kernels are compiled on first use)");
  std::string countersPath = countersOption.empty()
                                 ? (workDir + "/counters.json").str()
                                 : std::string(countersOption);
  // The host program writes the counters; a path it cannot write is an
  // error here, before the run, not a silently missing file after it.
  {
    std::error_code error;
    llvm::raw_fd_ostream probe(countersPath, error);
    if (error) {
      llvm::errs() << "error: cannot write the counters to '" << countersPath
                   << "': " << error.message() << "\n";
      return 1;
    }
  }
  std::vector<std::string> environment;
  for (char **entry = environ; *entry; ++entry) {
    llvm::StringRef text(*entry);
    if (!text.startswith("TILT_EMU_ARCH=") &&
        !text.startswith("TILT_EMU_BOARD=") &&
        !text.startswith("TILT_EMU_COUNTERS=") &&
        !text.startswith("TILT_EMU_INCLUDE=") &&
        !text.startswith("TILT_EMU_TIMEOUT=") &&
        !text.startswith("TILT_EMU_PROFILE=") &&
        !text.startswith("TILT_EMU_TRACE=") &&
        !text.startswith("TILT_EMU_TIMING=") &&
        !text.startswith("TILT_CACHE_DIR="))
      environment.push_back(text.str());
  }
  // The kernels are compiled against the headers the host was built with.
  environment.push_back("TILT_EMU_INCLUDE=" + getEmulatorInclude());
  environment.push_back("TILT_EMU_ARCH=" + program.getArch().str());
  // The device is the program's board (a hand-written program without one
  // runs on the arch's usual board).
  if (!program.getBoard().empty())
    environment.push_back("TILT_EMU_BOARD=" + program.getBoard().str());
  environment.push_back("TILT_EMU_COUNTERS=" + countersPath);
  std::string profilePath = (workDir + "/profile.json").str();
  llvm::sys::fs::remove(profilePath);
  environment.push_back("TILT_EMU_PROFILE=" + profilePath);
  if (!traceOption.empty())
    environment.push_back("TILT_EMU_TRACE=" + traceOption);
  if (!timingOption.empty())
    environment.push_back("TILT_EMU_TIMING=" + timingOption);
  environment.push_back("TILT_CACHE_DIR=" + getCacheDir());
  // Without --timeout the emulator's own default applies.
  if (timeout)
    environment.push_back("TILT_EMU_TIMEOUT=" + std::to_string(timeout));
  llvm::SmallString<128> log(workDir);
  llvm::sys::path::append(log, "run.log");
  auto start = std::chrono::steady_clock::now();
  unsigned wallLimit = timeout ? timeout + 30 : 0;
  int status = execute(binary, hostArgs, environment, log, error, wallLimit);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::string runOutput = readText(log);
  // ExecuteAndWait returns -2 for a crash too; a timeout is one at the limit.
  if (wallLimit && status == -2 && seconds >= wallLimit - 1) {
    llvm::errs() << runOutput;
    llvm::outs() << "FAIL: the program did not finish within " << wallLimit
                 << " s (--timeout " << timeout
                 << " plus 30 s for the emulator's report); it was killed\n";
    return 1;
  }
  if (status != 0) {
    llvm::errs() << runOutput << error;
    llvm::outs() << "FAIL: the program did not run to completion on the "
                    "emulator (exit status "
                 << status << ")\n";
    return 1;
  }
  llvm::errs() << runOutput;

  // 5. Reference and comparison.
  if (isTT) {
    progress(5, steps, "no reference: the input is a tt program");
    llvm::outs() << "RAN: the program completed on the emulator in "
                 << llvm::format("%.2f", seconds)
                 << " s (no reference to "
                    "compare with)\n";
    printCounters(readText(countersPath));
    printL1Use(program);
    if (profileOption && !reportProfile(profilePath, workDir, sourceOps))
      return 1;
    return 0;
  }
  progress(5, steps, "interpreting the tile program for the reference");
  std::vector<interp::HostTensor> tensors;
  for (const Argument &argument : arguments)
    tensors.push_back(interp::HostTensor::get(argument.shape, argument.type,
                                              argument.initial));
  // Scalars are rank-0 tensors of the interpreter.
  Block &entry = function->getRegion(0).front();
  if (entry.getNumArguments() != tensors.size()) {
    llvm::errs() << "error: the program's buffers do not match the function's "
                    "arguments\n";
    return 1;
  }
  // The device's numerics: DST is fp32 when the lowering asked for it.
  interp::Precision precision;
  program.getOperation()->walk([&](Operation *op) {
    auto kernel = tt::KernelOp::dynCast(op);
    if (kernel && kernel.isCompute() && op->getInherentAttr("fp32_dest_acc"))
      precision.fp32Dest = true;
  });
  if (failed(interp::runFunction(function, tensors, precision)))
    return 1;

  std::vector<interp::CoreBlocks> cores = getCoreBlocks(program);
  bool allOk = true;
  for (size_t i = 0; i < arguments.size(); ++i) {
    const Argument &argument = arguments[i];
    if (argument.scalar)
      continue;
    std::vector<float> device;
    std::string readError;
    if (!readNpy((workDir + "/" + argument.name + ".out.npy").str(),
                 argument.shape, device, readError)) {
      llvm::errs() << "error: " << readError << "\n";
      return 1;
    }
    if (!perturbOption.empty()) {
      llvm::SmallVector<llvm::StringRef, 3> parts;
      llvm::StringRef(perturbOption).split(parts, ',');
      uint64_t index = 0;
      double delta = 0;
      if (parts.size() != 3 || parts[1].getAsInteger(10, index) ||
          parts[2].getAsDouble(delta) || index >= device.size()) {
        llvm::errs() << "error: --testing-perturb must be NAME,INDEX,DELTA "
                        "with INDEX inside the output\n";
        return 1;
      }
      if (parts[0] == argument.name)
        device[index] += float(delta);
    }
    // Arguments the program does not write are equal to their inputs on
    // both sides; report the ones it writes.
    std::vector<float> reference = tensors[i].getRoundedData();
    if (device == argument.initial && reference == argument.initial)
      continue;
    // The reference, rounded to the output type, beside the device's.
    std::string refPath = (workDir + "/" + argument.name + ".ref.npy").str();
    if (!writeNpy(refPath, argument.shape, reference)) {
      llvm::errs() << "error: cannot write " << refPath << "\n";
      return 1;
    }
    interp::Comparison result = interp::compareResults(device, tensors[i]);
    allOk &= result.ok;
    interp::printComparison(llvm::outs(), result, argument.name, argument.shape,
                            argument.type, cores);
  }
  printCounters(readText(countersPath));
  printL1Use(program);
  if (profileOption && !reportProfile(profilePath, workDir, sourceOps))
    return 1;
  llvm::outs() << (allOk ? "OK: the device results match the reference\n"
                         : "MISMATCH: the device results differ from the "
                           "reference\n");
  return allOk ? 0 : 1;
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
