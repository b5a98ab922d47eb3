//===- HostAPI.cpp - The Metalium host API on the emulator ----------------===//
//
// Programs record CBs, kernels and runtime arguments; enqueuing a mesh
// workload builds each kernel source into a shared object (cached by a hash
// of its text, its compile-time arguments and defines, and the emulator's
// headers), places the CBs in each core's L1 and runs every kernel instance
// on the emulated device. An error ends the host program with a report and
// exit status 3, as a device fault would end a real run.
//
// Environment: TILT_EMU_ARCH (the architecture), TILT_EMU_BOARD (the board,
// whose compute grid the device has), TILT_EMU_TIMEOUT (the watchdog's
// seconds without progress, default 120), TILT_CACHE_DIR (where
// compiled kernels are kept), TILT_EMU_CXX (the compiler), TILT_EMU_INCLUDE
// (the emulator's API headers; otherwise those the host program's build
// named, or the installed ones), TILT_EMU_REPORT=1 (print the counters),
// TILT_EMU_COUNTERS=FILE (write them as JSON), TILT_EMU_PROFILE=FILE and
// TILT_EMU_TRACE=FILE (the timing model's profile and Chrome trace),
// TILT_EMU_TIMING=FILE (`name = value` overrides of the model's costs).
//
//===----------------------------------------------------------------------===//

#include "tilt/Emulator/Emulator.h"
#include "tt-metalium/distributed.hpp"
#include "tt-metalium/tensor_accessor_args.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#ifndef TILT_EMU_DEFAULT_CXX
#define TILT_EMU_DEFAULT_CXX "c++"
#endif
#ifndef TILT_EMU_DEFAULT_INCLUDE
#define TILT_EMU_DEFAULT_INCLUDE ""
#endif

using namespace tt::tt_metal;

namespace {

[[noreturn]] void hostError(const std::string &message) {
  std::fprintf(stderr, "tilt emulator: error: %s\n", message.c_str());
  std::fflush(stderr);
  std::exit(3);
}

std::string getEnv(const char *name, const std::string &otherwise = "") {
  const char *value = std::getenv(name);
  return value && *value ? value : otherwise;
}

uint64_t fnv1a(const std::string &text, uint64_t hash = 1469598103934665603ull) {
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

bool readFile(const std::string &path, std::string &text) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return false;
  std::ostringstream os;
  os << file.rdbuf();
  text = os.str();
  return true;
}

void makeDirectories(const std::string &path) {
  for (size_t slash = path.find('/', 1); ; slash = path.find('/', slash + 1)) {
    mkdir(path.substr(0, slash).c_str(), 0755);
    if (slash == std::string::npos)
      break;
  }
}

std::string quote(const std::string &text) {
  std::string quoted = "'";
  for (char c : text)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The emulator headers a kernel may include (every file under the include
/// directory, in name order), hashed once: a changed header must not reuse
/// kernels built against the old one.
uint64_t hashHeaders(const std::string &includeDir) {
  namespace fs = std::filesystem;
  std::vector<std::string> headers;
  std::error_code error;
  for (fs::recursive_directory_iterator it(includeDir, error), end;
       !error && it != end; it.increment(error))
    if (it->is_regular_file(error))
      headers.push_back(it->path().string());
  std::sort(headers.begin(), headers.end());
  uint64_t hash = fnv1a(includeDir);
  for (const std::string &header : headers) {
    std::string text;
    readFile(header, text);
    hash = fnv1a(header + text, hash);
  }
  return hash;
}

std::string cacheDirectory() {
  std::string dir = getEnv("TILT_CACHE_DIR");
  if (dir.empty()) {
    std::string xdg = getEnv("XDG_CACHE_HOME");
    dir = !xdg.empty() ? xdg + "/tilt" : getEnv("HOME", "/tmp") + "/.cache/tilt";
  }
  return dir;
}

/// Where the kernel source `file` is, as tt-metal looks for it
/// (tt_metal/impl/kernels/kernel.cpp, resolve_path): an absolute path as
/// it is; a relative one in the working directory, then under
/// TT_METAL_KERNEL_PATH, then under the runtime root (TT_METAL_RUNTIME_ROOT,
/// else TT_METAL_HOME). A file found nowhere is an error naming the places.
std::string resolveKernelPath(const std::string &file) {
  namespace fs = std::filesystem;
  std::error_code code;
  if (file.empty())
    hostError("CreateKernel: the kernel's file name is empty");
  if (fs::path(file).is_absolute() || fs::is_regular_file(file, code))
    return file;
  std::string looked = "the working directory";
  for (const char *variable :
       {"TT_METAL_KERNEL_PATH", "TT_METAL_RUNTIME_ROOT", "TT_METAL_HOME"}) {
    std::string root = getEnv(variable);
    if (root.empty())
      continue;
    fs::path candidate = fs::path(root) / file;
    if (fs::is_regular_file(candidate, code))
      return candidate.string();
    looked += std::string(", ") + variable + "=" + root;
  }
  hostError("CreateKernel: cannot find the kernel source " + file +
            " (looked in " + looked + ")");
}

/// The files a kernel's build read besides its source and the emulator's
/// headers (which the cache key covers): the headers of the compiler's
/// `-MMD` list from elsewhere, each with a hash of its text, as a cached
/// kernel records them. A changed header the kernel includes (`#include
/// "../common.hpp"`) must rebuild it, as much as a changed source.
std::string describeDependencies(const std::string &dependencyFile,
                                 const std::string &source,
                                 const std::string &includeDir) {
  std::string text;
  if (!readFile(dependencyFile, text))
    return "";
  // Make's syntax: the prerequisites are the words after the first colon;
  // a backslash before a newline continues the line, before a space
  // escapes it.
  size_t colon = text.find(": ");
  if (colon == std::string::npos)
    return "";
  std::vector<std::string> files;
  std::string word;
  for (size_t i = colon + 2; i <= text.size(); ++i) {
    char c = i < text.size() ? text[i] : ' ';
    if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
      c = ' ';
    } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == ' ') {
      word += ' ';
      ++i;
      continue;
    }
    if (c == ' ' || c == '\n' || c == '\t') {
      if (!word.empty())
        files.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  std::string described;
  for (const std::string &file : files) {
    if (file == source || file.rfind(includeDir + "/", 0) == 0)
      continue;
    std::string content;
    readFile(file, content);
    described += file + "\t" + std::to_string(fnv1a(content)) + "\n";
  }
  return described;
}

/// Whether the dependencies a cached kernel recorded are still what it was
/// built from.
bool dependenciesUnchanged(const std::string &recorded) {
  std::istringstream lines(recorded);
  std::string line;
  while (std::getline(lines, line)) {
    size_t tab = line.rfind('\t');
    if (tab == std::string::npos)
      return false;
    std::string content;
    if (!readFile(line.substr(0, tab), content) ||
        std::to_string(fnv1a(content)) != line.substr(tab + 1))
      return false;
  }
  return true;
}

struct KernelRecord {
  std::string path;
  std::vector<CoreRange> cores;
  bool compute = false;
  DataMovementConfig dataMovement;
  ComputeConfig computeConfig;
  std::string name;
  void (*entry)() = nullptr;
};

struct CBRecord {
  std::vector<CoreRange> cores;
  CircularBufferConfig config;
};

struct SemaphoreRecord {
  std::vector<CoreRange> cores;
  uint32_t id = 0, initialValue = 0;
};

/// Calls `visit(x, y)` for every core of `ranges`.
template <typename Visit>
void forEachCore(const std::vector<CoreRange> &ranges, const Visit &visit) {
  for (const CoreRange &range : ranges)
    for (size_t y = range.start_coord.y; y <= range.end_coord.y; ++y)
      for (size_t x = range.start_coord.x; x <= range.end_coord.x; ++x)
        visit(x, y);
}

std::vector<CoreRange> toRanges(const CoreSpec &spec) {
  if (auto *coord = std::get_if<CoreCoord>(&spec))
    return {CoreRange(*coord)};
  if (auto *range = std::get_if<CoreRange>(&spec))
    return {*range};
  return std::get<CoreRangeSet>(spec).ranges();
}

/// The kernels' include directory a host program's build named
/// (tilt_emu::setKernelIncludeDir), empty when it named none.
std::string &getKernelIncludeDir() {
  static std::string dir;
  return dir;
}

} // namespace

void tilt_emu::setKernelIncludeDir(const char *dir) {
  getKernelIncludeDir() = dir ? dir : "";
}

namespace tt {
namespace tt_metal {

class ProgramImpl {
public:
  std::vector<KernelRecord> kernels;
  std::vector<CBRecord> cbs;
  std::vector<SemaphoreRecord> semaphores;
  std::map<std::pair<KernelHandle, std::pair<size_t, size_t>>,
           std::vector<uint32_t>>
      runtimeArgs;
};

Program::Program() : state(new ProgramImpl) {}
Program::~Program() = default;
Program::Program(Program &&) noexcept = default;
Program &Program::operator=(Program &&) noexcept = default;

Program CreateProgram() { return Program(); }

KernelHandle CreateKernel(Program &program, const std::string &file_name,
                          const CoreSpec &core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig>
                              &config) {
  KernelRecord record;
  record.path = resolveKernelPath(file_name);
  record.cores = toRanges(core_spec);
  if (auto *compute = std::get_if<ComputeConfig>(&config)) {
    record.compute = true;
    record.computeConfig = *compute;
    // The runtime refuses any other length (TT_FATAL in the JIT build).
    size_t modes = compute->unpack_to_dest_mode.size();
    if (modes != 0 && modes != 32)
      hostError("CreateKernel(" + file_name +
                "): ComputeConfig::unpack_to_dest_mode has " +
                std::to_string(modes) +
                " entries; it must be empty or have one per circular buffer "
                "(32)");
  } else {
    record.dataMovement = std::get<DataMovementConfig>(config);
  }
  size_t slash = file_name.rfind('/');
  std::string base = file_name.substr(slash == std::string::npos ? 0 : slash + 1);
  record.name = base.substr(0, base.rfind('.'));
  program.impl().kernels.push_back(record);
  return KernelHandle(program.impl().kernels.size() - 1);
}

CBHandle CreateCircularBuffer(Program &program, const CoreSpec &core_spec,
                              const CircularBufferConfig &config) {
  program.impl().cbs.push_back(CBRecord{toRanges(core_spec), config});
  return CBHandle(program.impl().cbs.size() - 1);
}

void SetRuntimeArgs(const Program &program, KernelHandle kernel,
                    const CoreSpec &core_spec,
                    const std::vector<uint32_t> &runtime_args) {
  ProgramImpl &impl = const_cast<Program &>(program).impl();
  if (kernel >= impl.kernels.size())
    hostError("SetRuntimeArgs: unknown kernel handle " + std::to_string(kernel));
  for (const CoreRange &range : toRanges(core_spec))
    for (size_t y = range.start_coord.y; y <= range.end_coord.y; ++y)
      for (size_t x = range.start_coord.x; x <= range.end_coord.x; ++x)
        impl.runtimeArgs[{kernel, {x, y}}] = runtime_args;
}

void SetRuntimeArgs(const Program &program, KernelHandle kernel,
                    const CoreSpec &core_spec,
                    std::initializer_list<uint32_t> runtime_args) {
  SetRuntimeArgs(program, kernel, core_spec,
                 std::vector<uint32_t>(runtime_args));
}

uint32_t CreateSemaphore(Program &program,
                         const std::variant<CoreRange, CoreRangeSet> &core_spec,
                         uint32_t initial_value) {
  constexpr uint32_t kNumSemaphores = 16;
  std::vector<CoreRange> ranges;
  if (auto *range = std::get_if<CoreRange>(&core_spec))
    ranges.push_back(*range);
  else
    ranges = std::get<CoreRangeSet>(core_spec).ranges();
  if (ranges.empty())
    hostError("CreateSemaphore: an empty core range set");
  // The ids in use on each core.
  std::map<std::pair<size_t, size_t>, uint32_t> used;
  for (const SemaphoreRecord &semaphore : program.impl().semaphores)
    forEachCore(semaphore.cores, [&](size_t x, size_t y) {
      used[{x, y}] |= 1u << semaphore.id;
    });
  // tt-metal: per range the lowest id free on all of its cores; the
  // semaphore takes the largest of them.
  uint32_t id = 0;
  for (const CoreRange &range : ranges) {
    if (range.end_coord.x < range.start_coord.x ||
        range.end_coord.y < range.start_coord.y)
      hostError("CreateSemaphore: the range's end precedes its start");
    uint32_t taken = 0;
    forEachCore({range}, [&](size_t x, size_t y) { taken |= used[{x, y}]; });
    uint32_t lowest = 0;
    while (lowest < kNumSemaphores && (taken >> lowest & 1u))
      ++lowest;
    if (lowest == kNumSemaphores)
      hostError("CreateSemaphore: a core of the range has all " +
                std::to_string(kNumSemaphores) + " semaphores in use");
    id = std::max(id, lowest);
  }
  forEachCore(ranges, [&](size_t x, size_t y) {
    if (used[{x, y}] >> id & 1u)
      hostError("CreateSemaphore: semaphore " + std::to_string(id) +
                " is taken on core (" + std::to_string(x) + ", " +
                std::to_string(y) + ")");
  });
  program.impl().semaphores.push_back({ranges, id, initial_value});
  return id;
}

namespace distributed {

class MeshDeviceImpl {
public:
  /// Shared with the device's buffers, which free their L1 in it.
  std::shared_ptr<tilt::emu::Device> device;
};

MeshDevice::MeshDevice() : state(new MeshDeviceImpl) {}
MeshDevice::~MeshDevice() = default;

std::shared_ptr<MeshDevice> MeshDevice::create_unit_mesh(int device_id) {
  if (device_id != 0)
    hostError("the emulator has one device (id 0)");
  // The emulated device is a board: TILT_EMU_BOARD, or the usual board of
  // TILT_EMU_ARCH (default wormhole_b0, an n150).
  // A board alone names its architecture.
  std::string boardName = getEnv("TILT_EMU_BOARD");
  std::string archName = getEnv("TILT_EMU_ARCH");
  if (archName.empty()) {
    const tilt::emu::ArchInfo *board =
        boardName.empty() ? nullptr : tilt::emu::getBoardInfo(boardName);
    archName = board ? board->name : "wormhole_b0";
  }
  if (!tilt::emu::getArchInfo(archName))
    hostError("TILT_EMU_ARCH=" + archName +
              " is not an architecture (grayskull, wormhole_b0, blackhole)");
  if (boardName.empty())
    boardName = tilt::emu::getDefaultBoard(archName);
  const tilt::emu::ArchInfo *arch = tilt::emu::getBoardInfo(boardName);
  if (!arch)
    hostError("TILT_EMU_BOARD=" + boardName +
              " is not a board (n150, n300, galaxy, p100, p150, p150_unharvested, e150)");
  if (arch->name != archName)
    hostError("TILT_EMU_BOARD=" + boardName + " is a " + arch->name +
              " board, but TILT_EMU_ARCH=" + archName);
  std::shared_ptr<MeshDevice> mesh(new MeshDevice());
  try {
    mesh->state->device = std::make_shared<tilt::emu::Device>(*arch);
  } catch (const std::exception &error) {
    hostError(error.what());
  }
  // The watchdog's limit: seconds a kernel may go without progress.
  std::string timeout = getEnv("TILT_EMU_TIMEOUT");
  if (!timeout.empty()) {
    char *end = nullptr;
    double seconds = std::strtod(timeout.c_str(), &end);
    if (end == timeout.c_str() || *end || !(seconds > 0))
      hostError("TILT_EMU_TIMEOUT=" + timeout +
                " is not a positive number of seconds");
    mesh->state->device->setWatchdogSeconds(seconds);
  }
  // The timing model: the arch's costs, with a file's overrides.
  std::string timingPath = getEnv("TILT_EMU_TIMING");
  if (!timingPath.empty()) {
    std::ifstream file(timingPath);
    std::stringstream text;
    text << file.rdbuf();
    if (!file)
      hostError("TILT_EMU_TIMING=" + timingPath + ": cannot read the file");
    tilt::emu::TimingParams params = mesh->state->device->getTiming();
    std::string error;
    unsigned line = 0;
    if (!tilt::emu::applyTimingOverrides(text.str(), params, line, error))
      hostError("TILT_EMU_TIMING=" + timingPath + ":" + std::to_string(line) +
                ": " + error);
    mesh->state->device->setTiming(params);
  }
  mesh->state->device->setKeepTrace(!getEnv("TILT_EMU_TRACE").empty());
  mesh->queue = std::make_unique<MeshCommandQueue>(mesh.get());
  return mesh;
}

MeshCommandQueue &MeshDevice::mesh_command_queue(std::size_t) {
  return *queue;
}

tt::ARCH MeshDevice::arch() const {
  const std::string &name = state->device->getArch().name;
  return name == "blackhole"   ? tt::ARCH::BLACKHOLE
         : name == "grayskull" ? tt::ARCH::GRAYSKULL
                               : tt::ARCH::WORMHOLE_B0;
}

CoreCoord MeshDevice::compute_with_storage_grid_size() const {
  const tilt::emu::ArchInfo &arch = state->device->getArch();
  return CoreCoord(arch.gridColumns, arch.gridRows);
}

CoreCoord
MeshDevice::worker_core_from_logical_core(const CoreCoord &logical_core) const {
  uint32_t x = 0, y = 0;
  if (logical_core.x > 0xffff || logical_core.y > 0xffff ||
      !state->device->getWorkerNocCoord(uint32_t(logical_core.x),
                                        uint32_t(logical_core.y), x, y))
    hostError("worker_core_from_logical_core: logical core (" +
              std::to_string(logical_core.x) + ", " +
              std::to_string(logical_core.y) + ") is outside the " +
              std::to_string(compute_with_storage_grid_size().x) + "x" +
              std::to_string(compute_with_storage_grid_size().y) + " grid");
  return CoreCoord(x, y);
}

bool MeshDevice::close() { return true; }

namespace {

/// The pages of a buffer sharded by `shard` (`layout`), in host page order:
/// each one's core and slot in that core's shard, as tt-metal maps them
/// (tt_metal/impl/buffers/buffer.cpp, core_to_host_pages: shard i on the
/// i-th core of the grid in the orientation's order; a height shard is
/// consecutive pages, width and block shards are rectangles of the tensor
/// of pages in row-major order; a partial shard keeps a whole shard's row
/// stride). Fails with `error` set for a shard spec that does not fit.
bool mapShards(const ShardSpecBuffer &shard, TensorMemoryLayout layout,
               uint64_t pages, std::vector<MeshBufferPage> &map,
               std::string &error) {
  std::array<uint32_t, 2> inPages = shard.shape_in_pages();
  std::array<uint32_t, 2> tensor = shard.tensor2d_shape_in_pages;
  uint32_t sh = inPages[0], sw = inPages[1];
  if (!shard.page_shape[0] || !shard.page_shape[1] || !sh || !sw ||
      shard.tensor_shard_spec.shape[0] % shard.page_shape[0] ||
      shard.tensor_shard_spec.shape[1] % shard.page_shape[1]) {
    error = "the shard shape must be a whole number of pages";
    return false;
  }
  if (uint64_t(tensor[0]) * tensor[1] != pages) {
    error = "tensor2d_shape_in_pages is " + std::to_string(tensor[0]) + "x" +
            std::to_string(tensor[1]) + " pages, the buffer has " +
            std::to_string(pages);
    return false;
  }
  // The grid's cores: its ranges in order, each row by row (ROW_MAJOR) or
  // column by column (tt_metal/common/core_coord.cpp, corerange_to_cores).
  std::vector<CoreCoord> cores;
  bool rowMajor =
      shard.tensor_shard_spec.orientation == ShardOrientation::ROW_MAJOR;
  for (const CoreRange &range : shard.tensor_shard_spec.grid.ranges()) {
    if (rowMajor) {
      for (size_t y = range.start_coord.y; y <= range.end_coord.y; ++y)
        for (size_t x = range.start_coord.x; x <= range.end_coord.x; ++x)
          cores.push_back(CoreCoord(x, y));
    } else {
      for (size_t x = range.start_coord.x; x <= range.end_coord.x; ++x)
        for (size_t y = range.start_coord.y; y <= range.end_coord.y; ++y)
          cores.push_back(CoreCoord(x, y));
    }
  }
  map.assign(pages, MeshBufferPage{});
  auto place = [&](uint64_t shardIndex, uint64_t page, uint64_t slot) {
    map[page] = {uint32_t(cores[shardIndex].x), uint32_t(cores[shardIndex].y),
                 uint32_t(slot)};
  };
  uint64_t perShard = uint64_t(sh) * sw, shards;
  if (layout == TensorMemoryLayout::HEIGHT_SHARDED) {
    if (sw != tensor[1]) {
      error = "a height shard is " + std::to_string(sw) +
              " pages wide, the tensor " + std::to_string(tensor[1]);
      return false;
    }
    shards = (pages + perShard - 1) / perShard;
    if (shards <= cores.size())
      for (uint64_t page = 0; page < pages; ++page)
        place(page / perShard, page, page % perShard);
  } else {
    uint64_t shardColumns = (tensor[1] + sw - 1) / sw;
    uint64_t shardRows = (tensor[0] + sh - 1) / sh;
    shards = shardColumns * shardRows;
    if (layout == TensorMemoryLayout::WIDTH_SHARDED && sh != tensor[0]) {
      error = "a width shard is " + std::to_string(sh) +
              " pages high, the tensor " + std::to_string(tensor[0]);
      return false;
    }
    if (shards <= cores.size())
      for (uint64_t row = 0; row < tensor[0]; ++row)
        for (uint64_t column = 0; column < tensor[1]; ++column)
          place((row / sh) * shardColumns + column / sw,
                row * tensor[1] + column, (row % sh) * sw + column % sw);
  }
  if (shards > cores.size()) {
    error = "the buffer has " + std::to_string(shards) + " shards, its grid " +
            std::to_string(cores.size()) + " cores";
    return false;
  }
  return true;
}

} // namespace

std::shared_ptr<MeshBuffer>
MeshBuffer::create(const ReplicatedBufferConfig &config,
                   const DeviceLocalBufferConfig &local, MeshDevice *device) {
  if (local.page_size == 0 || config.size == 0)
    hostError("MeshBuffer::create: a buffer needs a size and a page size");
  if (config.size % local.page_size)
    hostError("MeshBuffer::create: the size " + std::to_string(config.size) +
              " is not a multiple of the page size " +
              std::to_string(local.page_size));
  TensorMemoryLayout layout = local.sharding_args.buffer_layout();
  bool sharded = layout != TensorMemoryLayout::INTERLEAVED;
  if (sharded != local.sharding_args.shard_spec().has_value())
    hostError(sharded ? "MeshBuffer::create: a sharded buffer needs a "
                        "ShardSpecBuffer"
                      : "MeshBuffer::create: an interleaved buffer takes no "
                        "shard spec");
  tilt::emu::Device &emulated = *device->impl().device;
  std::shared_ptr<MeshBuffer> buffer(new MeshBuffer());
  buffer->owner = device;
  buffer->deviceAlive = device->impl().device;
  buffer->local = local;
  buffer->bytes = config.size;
  buffer->pageSize = local.page_size;
  uint64_t pages = config.size / local.page_size;
  const tilt::emu::ArchInfo &arch = emulated.getArch();
  try {
    if (local.buffer_type == BufferType::DRAM) {
      buffer->alignedPage = (local.page_size + arch.dramAlignment - 1) /
                            arch.dramAlignment * arch.dramAlignment;
      if (!sharded) {
        buffer->bytesPerBank =
            (pages + arch.dramBanks - 1) / arch.dramBanks * buffer->alignedPage;
        buffer->baseAddress =
            emulated.allocateDram(config.size, uint32_t(local.page_size));
        return buffer;
      }
      // DRAM-sharded: the grid names DRAM banks as cores {bank, 0}
      // (tt-metal's soc descriptor, get_dram_channel_from_logical_core:
      // the x is the bank); each shard at the buffer's address in its
      // bank, as the dispatcher writes it (tt_metal/impl/buffers/
      // dispatch.cpp).
      const ShardSpecBuffer &shard = *local.sharding_args.shard_spec();
      for (const CoreRange &range : shard.tensor_shard_spec.grid.ranges())
        if (range.start_coord.y != 0 || range.end_coord.y != 0 ||
            range.end_coord.x >= arch.dramBanks)
          hostError("MeshBuffer::create: a DRAM-sharded buffer's grid names "
                    "DRAM banks as cores {bank, 0}, bank below " +
                    std::to_string(arch.dramBanks) + "; it has " + range.str());
      std::string error;
      if (!mapShards(shard, layout, pages, buffer->shardPages, error))
        hostError("MeshBuffer::create: " + error);
      buffer->bytesPerBank = shard.num_pages() * buffer->alignedPage;
      // One allocation of the shard's size in every bank (tt-metal's
      // banked DRAM allocator gives a buffer one address in all of them).
      buffer->baseAddress = emulated.allocateDram(
          buffer->bytesPerBank * arch.dramBanks, uint32_t(buffer->alignedPage));
      for (MeshBufferPage &page : buffer->shardPages)
        page.offset = uint32_t(buffer->baseAddress +
                               uint64_t(page.offset) * buffer->alignedPage);
      return buffer;
    }
    // L1: pages aligned as the allocator aligns them.
    uint64_t alignment = std::max<uint32_t>(32, arch.dramAlignment);
    buffer->alignedPage =
        (local.page_size + alignment - 1) / alignment * alignment;
    if (sharded) {
      std::string error;
      const ShardSpecBuffer &shard = *local.sharding_args.shard_spec();
      for (const CoreRange &range : shard.tensor_shard_spec.grid.ranges())
        if (range.end_coord.x >= arch.gridColumns ||
            range.end_coord.y >= arch.gridRows)
          hostError("MeshBuffer::create: the shard grid reaches core (" +
                    std::to_string(range.end_coord.x) + ", " +
                    std::to_string(range.end_coord.y) + "), outside the " +
                    std::to_string(arch.gridColumns) + "x" +
                    std::to_string(arch.gridRows) + " grid");
      if (!mapShards(shard, layout, pages, buffer->shardPages, error))
        hostError("MeshBuffer::create: " + error);
      buffer->bytesPerBank = shard.num_pages() * buffer->alignedPage;
    } else {
      uint32_t banks = emulated.getL1Banks();
      buffer->bytesPerBank = (pages + banks - 1) / banks * buffer->alignedPage;
    }
    buffer->baseAddress = emulated.allocateL1(buffer->bytesPerBank);
    for (MeshBufferPage &page : buffer->shardPages)
      page.offset = uint32_t(buffer->baseAddress +
                             uint64_t(page.offset) * buffer->alignedPage);
  } catch (const std::exception &error) {
    hostError(std::string("MeshBuffer::create: ") + error.what());
  }
  return buffer;
}

MeshBuffer::~MeshBuffer() {
  if (local.buffer_type == BufferType::L1 && deviceAlive)
    static_cast<tilt::emu::Device *>(deviceAlive.get())->freeL1(baseAddress);
}

MeshBufferPage MeshBuffer::getPlacedPage(uint64_t page) const {
  if (!shardPages.empty())
    return shardPages[page];
  auto &device = *static_cast<tilt::emu::Device *>(deviceAlive.get());
  uint32_t banks = device.getL1Banks();
  MeshBufferPage where;
  device.getL1BankCore(uint32_t(page % banks), where.column, where.row);
  where.offset = uint32_t(baseAddress + page / banks * alignedPage);
  return where;
}

Buffer *MeshBuffer::get_reference_buffer() const {
  if (!reference)
    // A view that does not own the mesh buffer (the aliasing constructor
    // with no owner): the mesh buffer owns it.
    reference = std::make_unique<Buffer>(
        std::shared_ptr<MeshBuffer>(std::shared_ptr<MeshBuffer>(),
                                    const_cast<MeshBuffer *>(this)),
        nullptr);
  return reference.get();
}

/// Copies the pages of an L1 buffer or a DRAM-sharded one (whose page's
/// "core" is {bank, 0}) to (`write`) or from `data`.
static void copyPages(MeshBuffer &buffer, void *data, uint64_t bytes,
                      bool write) {
  auto &device = *buffer.device()->impl().device;
  bool dram = buffer.buffer_type() == BufferType::DRAM;
  uint8_t *host = static_cast<uint8_t *>(data);
  uint64_t pageSize = buffer.page_size();
  for (uint64_t page = 0; page * pageSize < bytes; ++page) {
    MeshBufferPage where = buffer.getPlacedPage(page);
    uint8_t *at = host + page * pageSize;
    uint64_t count = std::min(pageSize, bytes - page * pageSize);
    if (dram && write)
      device.writeDramBank(where.column, where.offset, at, count);
    else if (dram)
      device.readDramBank(where.column, where.offset, at, count);
    else if (write)
      device.writeL1(where.column, where.row, where.offset, at, count);
    else
      device.readL1(where.column, where.row, where.offset, at, count);
  }
}

/// Whether `buffer`'s pages are placed one by one (L1, or sharded).
static bool hasPlacedPages(const MeshBuffer &buffer) {
  return buffer.buffer_type() == BufferType::L1 ||
         buffer.buffer_layout() != TensorMemoryLayout::INTERLEAVED;
}

void writeBuffer(MeshCommandQueue &cq, MeshBuffer &buffer, const void *data,
                 uint64_t bytes) {
  if (bytes > buffer.size())
    hostError("EnqueueWriteMeshBuffer: " + std::to_string(bytes) +
              " bytes into a buffer of " + std::to_string(buffer.size()));
  if (hasPlacedPages(buffer))
    copyPages(buffer, const_cast<void *>(data), bytes, true);
  else
    cq.get_device()->impl().device->writeDram(
        buffer.address(), uint32_t(buffer.page_size()), data, bytes);
}

void readBuffer(MeshCommandQueue &cq, MeshBuffer &buffer, void *data,
                uint64_t bytes) {
  if (hasPlacedPages(buffer))
    copyPages(buffer, data, bytes, false);
  else
    cq.get_device()->impl().device->readDram(
        buffer.address(), uint32_t(buffer.page_size()), data, bytes);
}

namespace {

tilt::emu::DataFormat toFormat(tt::DataFormat format) {
  return tilt::emu::DataFormat(uint8_t(format));
}

/// The page size of CB `index` of `config`: the one set, else a tile of
/// its format.
uint32_t getPageSize(const CircularBufferConfig &config, uint8_t index,
                     tt::DataFormat format) {
  auto page = config.page_sizes().find(index);
  return page == config.page_sizes().end()
             ? tilt::emu::getTileBytes(toFormat(format))
             : page->second;
}

/// The defines that make get_tile_size and get_dataformat constexpr in
/// `kernel`, as tt-metal's JIT build writes a kernel's CB tile sizes and
/// formats into its build: each CB's page size and format on the kernel's
/// cores (0 and 255 for a CB they do not have). Empty when a CB differs
/// between the kernel's cores: the functions then ask at run time.
std::string getCBDefines(const KernelRecord &kernel,
                         const std::vector<CBRecord> &cbs) {
  using Table = std::array<std::pair<uint32_t, uint32_t>, 32>;
  std::optional<Table> common;
  bool uniform = true;
  forEachCore(kernel.cores, [&](size_t x, size_t y) {
    Table table;
    table.fill({0, 255});
    for (const CBRecord &cb : cbs) {
      bool here = false;
      for (const CoreRange &range : cb.cores)
        here |= range.contains(CoreCoord(x, y));
      if (!here)
        continue;
      for (const auto &[index, format] : cb.config.data_formats())
        if (index < 32)
          table[index] = {getPageSize(cb.config, index, format),
                          uint32_t(uint8_t(format))};
    }
    if (!common)
      common = table;
    uniform &= *common == table;
  });
  if (!common || !uniform)
    return "";
  std::string sizes, formats;
  for (size_t i = 0; i < 32; ++i) {
    sizes += (i ? "," : "") + std::to_string((*common)[i].first);
    formats += (i ? "," : "") + std::to_string((*common)[i].second);
  }
  return " -DTILT_CB_PAGE_SIZES=" + sizes + " -DTILT_CB_FORMATS=" + formats;
}

/// Builds `kernel` into a shared object (or finds it in the cache) and
/// loads its kernel_main.
void buildKernel(KernelRecord &kernel, const std::vector<CBRecord> &cbs,
                 const std::string &archName, const std::string &includeDir,
                 const std::string &compiler, const std::string &cacheDir,
                 uint64_t headerHash, std::string &error) {
  std::string source;
  if (!readFile(kernel.path, source)) {
    error = "cannot read kernel source " + kernel.path;
    return;
  }
  const std::vector<uint32_t> &ctArgs = kernel.compute
                                            ? kernel.computeConfig.compile_args
                                            : kernel.dataMovement.compile_args;
  std::string flags = "-std=c++17 -O2 -fPIC -shared -Wall -Wextra";
  std::string args;
  for (size_t i = 0; i < ctArgs.size(); ++i)
    args += (i ? "," : "") + std::to_string(ctArgs[i]);
  flags += " -DKERNEL_COMPILE_TIME_ARGS=" + args;
  // Named ones in name order (the cache key must not depend on the map's
  // order), each name a C string literal.
  const NamedCompileArgs &named = kernel.compute
                                      ? kernel.computeConfig.named_compile_args
                                      : kernel.dataMovement.named_compile_args;
  if (!named.empty()) {
    std::map<std::string, uint32_t> sorted(named.begin(), named.end());
    std::string map;
    for (const auto &[name, value] : sorted) {
      std::string literal = "\"";
      for (char c : name) {
        if (c == '"' || c == '\\')
          literal += '\\';
        literal += c;
      }
      map += (map.empty() ? "{" : ",{") + literal + "\"," +
             std::to_string(value) + "}";
    }
    flags += " -DKERNEL_COMPILE_TIME_ARG_MAP=" + quote(map);
  }
  const auto &defines = kernel.compute ? kernel.computeConfig.defines
                                       : kernel.dataMovement.defines;
  for (const auto &[name, value] : defines)
    flags += " -D" + name + "=" + value;
  if (!kernel.compute)
    flags += " -DNOC_INDEX=" + std::to_string(int(kernel.dataMovement.noc) & 1);
  // The architecture, as tt-metal's JIT build defines it for every kernel
  // (tt_metal/jit_build/build.cpp: ARCH_GRAYSKULL, ARCH_WORMHOLE,
  // ARCH_BLACKHOLE).
  flags += archName == "blackhole"   ? " -DARCH_BLACKHOLE"
           : archName == "grayskull" ? " -DARCH_GRAYSKULL"
                                     : " -DARCH_WORMHOLE";
  flags += getCBDefines(kernel, cbs);
  if (kernel.compute)
    flags += " -DMATH_FIDELITY=" +
             std::to_string(int(kernel.computeConfig.math_fidelity)) +
             " -DDST_ACCUM_MODE=" +
             std::to_string(int(kernel.computeConfig.fp32_dest_acc_en)) +
             " -DAPPROX=" +
             std::to_string(int(kernel.computeConfig.math_approx_mode));
  uint64_t key = fnv1a(source, fnv1a(flags + compiler, headerHash));
  char name[32];
  std::snprintf(name, sizeof(name), "%016llx", (unsigned long long)key);
  std::string object = cacheDir + "/" + name + ".so";
  // The key covers the source, the flags and the emulator's headers; the
  // headers the source includes from elsewhere are checked against what
  // the cached build recorded.
  std::string recorded;
  struct stat info;
  bool cached = stat(object.c_str(), &info) == 0 &&
                readFile(object + ".deps", recorded) &&
                dependenciesUnchanged(recorded);
  if (!cached) {
    std::string temporary = object + ".tmp" + std::to_string(getpid()) + "_" +
                            std::to_string(std::hash<std::thread::id>()(
                                std::this_thread::get_id()));
    std::string log = temporary + ".log";
    std::string command = compiler + " " + flags + " -I" + quote(includeDir) +
                          " -MMD -MF " + quote(temporary + ".d") + " -x c++ " +
                          quote(kernel.path) + " -o " + quote(temporary) +
                          " > " + quote(log) + " 2>&1";
    int status = std::system(command.c_str());
    std::string output;
    readFile(log, output);
    std::remove(log.c_str());
    std::string dependencies =
        describeDependencies(temporary + ".d", kernel.path, includeDir);
    std::remove((temporary + ".d").c_str());
    if (status != 0) {
      std::remove(temporary.c_str());
      error = "kernel " + kernel.path + " does not compile:\n" + command +
              "\n" + output;
      return;
    }
    if (!output.empty())
      std::fprintf(stderr, "%s", output.c_str());
    {
      std::ofstream file(temporary + ".deps");
      file << dependencies;
    }
    std::rename((temporary + ".deps").c_str(), (object + ".deps").c_str());
    std::rename(temporary.c_str(), object.c_str());
  }
  void *handle = dlopen(object.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    error = "cannot load kernel " + kernel.path + ": " + dlerror();
    return;
  }
  void *symbol = dlsym(handle, "_Z11kernel_mainv");
  if (!symbol && kernel.compute)
    // `namespace NAMESPACE { void MAIN { ... } }` (api/compute/common.h).
    symbol = dlsym(handle, "_ZN12tilt_compute24kernel_main_of_namespaceEv");
  if (!symbol) {
    error =
        "kernel " + kernel.path + " has no `void kernel_main()`" +
        (kernel.compute ? " (nor `namespace NAMESPACE { void MAIN }`)" : "");
    return;
  }
  kernel.entry = reinterpret_cast<void (*)()>(symbol);
}

} // namespace

/// Builds the kernels of `program` and runs it on `mesh`'s device, writing
/// the counters, profile and trace the environment asks for; an error
/// ends the host program.
static void runProgram(MeshDevice &mesh, Program &program) {
  tilt::emu::Device &device = *mesh.impl().device;
  std::string includeDir =
      getEnv("TILT_EMU_INCLUDE", getKernelIncludeDir().empty()
                                     ? std::string(TILT_EMU_DEFAULT_INCLUDE)
                                     : getKernelIncludeDir());
  std::string compiler = getEnv("TILT_EMU_CXX", TILT_EMU_DEFAULT_CXX);
  std::string cacheDir = cacheDirectory() + "/kernels";
  makeDirectories(cacheDir);
  uint64_t headerHash = hashHeaders(includeDir);
  {
    ProgramImpl &impl = program.impl();
    // Build the kernels, several at a time.
    std::vector<std::string> errors(impl.kernels.size());
    std::vector<std::thread> builders;
    for (size_t i = 0; i < impl.kernels.size(); ++i)
      builders.emplace_back([&, i] {
        buildKernel(impl.kernels[i], impl.cbs, device.getArch().name,
                    includeDir, compiler, cacheDir, headerHash, errors[i]);
      });
    for (std::thread &builder : builders)
      builder.join();
    for (const std::string &error : errors)
      if (!error.empty())
        hostError(error);

    // Circular buffers. The indices of one CircularBufferConfig share one
    // allocation of its total size, as in tt-metal (a program's output and
    // partials CBs often do; tt_metal/impl/buffers/circular_buffer.cpp):
    // the first index allocates, the others take its address.
    for (const CBRecord &cb : impl.cbs) {
      int32_t first = -1;
      for (const auto &[index, format] : cb.config.data_formats()) {
        uint32_t pageSize = getPageSize(cb.config, index, format);
        if (pageSize == 0 || cb.config.total_size() % pageSize != 0)
          hostError("CB " + std::to_string(index) + ": the total size " +
                    std::to_string(cb.config.total_size()) +
                    " is not a multiple of the page size");
        tilt::emu::CBConfig config{index, toFormat(format), pageSize,
                                   cb.config.total_size() / pageSize, first};
        if (std::optional<uint32_t> global =
                cb.config.globally_allocated_address();
            global && first < 0) {
          if (cb.config.total_size() > cb.config.globally_allocated_size())
            hostError("CB " + std::to_string(index) + ": the total size " +
                      std::to_string(cb.config.total_size()) +
                      " is more than the " +
                      std::to_string(cb.config.globally_allocated_size()) +
                      " bytes per core of its buffer");
          config.globalOffset = *global;
        }
        if (first < 0)
          first = int32_t(index);
        for (const CoreRange &range : cb.cores)
          for (size_t y = range.start_coord.y; y <= range.end_coord.y; ++y)
            for (size_t x = range.start_coord.x; x <= range.end_coord.x; ++x) {
              std::string error;
              if (!device.configureCB(uint32_t(x), uint32_t(y), config, error))
                hostError("CreateCircularBuffer: " + error);
            }
      }
    }

    // Semaphores.
    for (const SemaphoreRecord &semaphore : impl.semaphores)
      forEachCore(semaphore.cores, [&](size_t x, size_t y) {
        std::string error;
        if (!device.configureSemaphore(uint32_t(x), uint32_t(y), semaphore.id,
                                       semaphore.initialValue, error))
          hostError("CreateSemaphore: " + error);
      });

    // One instance per kernel and core.
    std::vector<tilt::emu::KernelInstance> instances;
    for (size_t handle = 0; handle < impl.kernels.size(); ++handle) {
      KernelRecord &kernel = impl.kernels[handle];
      for (const CoreRange &range : kernel.cores)
        for (size_t y = range.start_coord.y; y <= range.end_coord.y; ++y)
          for (size_t x = range.start_coord.x; x <= range.end_coord.x; ++x) {
            tilt::emu::KernelInstance instance;
            instance.name = kernel.name;
            instance.source = std::filesystem::absolute(kernel.path).string();
            instance.role = kernel.compute ? "compute" : "data_movement";
            instance.column = uint32_t(x);
            instance.row = uint32_t(y);
            instance.noc =
                kernel.compute ? 0 : uint8_t(kernel.dataMovement.noc) & 1;
            instance.processor =
                kernel.compute ? 0 : uint8_t(kernel.dataMovement.processor) & 1;
            auto args = impl.runtimeArgs.find({KernelHandle(handle), {x, y}});
            if (args != impl.runtimeArgs.end())
              instance.runtimeArgs = args->second;
            instance.fp32DestAcc =
                kernel.compute && kernel.computeConfig.fp32_dest_acc_en;
            instance.bfp8PackPrecise =
                kernel.compute && kernel.computeConfig.bfp8_pack_precise;
            instance.dstFullSync =
                kernel.compute && kernel.computeConfig.dst_full_sync_en;
            // MathFidelity's values are the phase counts, LoFi (0) one.
            instance.fidelityPhases = std::max(
                1u, uint32_t(kernel.computeConfig.math_fidelity));
            if (kernel.compute) {
              const auto &modes = kernel.computeConfig.unpack_to_dest_mode;
              for (size_t cb = 0; cb < modes.size() && cb < 32; ++cb)
                if (modes[cb] == UnpackToDestMode::UnpackToDestFp32)
                  instance.unpackToDestFp32 |= 1u << cb;
            }
            instance.entry = kernel.entry;
            instances.push_back(std::move(instance));
          }
    }
    tilt::emu::RunReport report = device.run(std::move(instances));
    auto writeFile = [](const std::string &path, const std::string &text,
                        const char *what) {
      std::ofstream file(path);
      file << text;
      file.close();
      if (!file)
        hostError(std::string("cannot write the ") + what + " to " + path);
    };
    std::string countersPath = getEnv("TILT_EMU_COUNTERS");
    if (!countersPath.empty())
      writeFile(countersPath, report.formatJson(), "counters");
    // The timing model's profile and trace (docs/timing-model.md).
    if (report.ok && report.timing.valid) {
      std::string profilePath = getEnv("TILT_EMU_PROFILE");
      if (!profilePath.empty())
        writeFile(profilePath, report.timing.formatJson(), "profile");
      std::string tracePath = getEnv("TILT_EMU_TRACE");
      if (!tracePath.empty())
        writeFile(tracePath, report.timing.formatTrace(), "trace");
    }
    if (!report.ok) {
      std::fprintf(stderr, "tilt emulator: error: %s\n%s",
                   report.error.c_str(), report.formatTable().c_str());
      // Where, for tools that map kernel lines back to their source
      // (plan.json's source_map): the last line, in a fixed form.
      if (report.errorLine)
        std::fprintf(stderr, "tilt emulator: error at %s line %u\n",
                     report.errorKernel.c_str(), report.errorLine);
      std::fflush(stderr);
      std::exit(3);
    }
    if (getEnv("TILT_EMU_REPORT") == "1")
      std::fprintf(stderr, "tilt emulator: ran in %.3f s\n%s", report.seconds,
                   report.formatTable().c_str());
  }
}

void EnqueueMeshWorkload(MeshCommandQueue &cq, MeshWorkload &workload, bool) {
  for (Program &program : workload.get_programs())
    runProgram(*cq.get_device(), program);
}

void Finish(MeshCommandQueue &) {}

} // namespace distributed
} // namespace tt_metal
} // namespace tt

//===----------------------------------------------------------------------===//
// The host API before the Mesh API: one chip, the unit mesh underneath
//===----------------------------------------------------------------------===//

namespace tt {
namespace tt_metal {

IDevice::IDevice(std::shared_ptr<distributed::MeshDevice> mesh)
    : meshDevice(std::move(mesh)), queue(this) {}
IDevice::~IDevice() = default;

CommandQueue &IDevice::command_queue(std::size_t id) {
  if (id != 0)
    hostError("command_queue(" + std::to_string(id) +
              "): the emulated device has one command queue (0)");
  return queue;
}

tt::ARCH IDevice::arch() const { return meshDevice->arch(); }

CoreCoord IDevice::compute_with_storage_grid_size() const {
  return meshDevice->compute_with_storage_grid_size();
}

CoreCoord
IDevice::worker_core_from_logical_core(const CoreCoord &logical_core) const {
  return meshDevice->worker_core_from_logical_core(logical_core);
}

IDevice *createDeviceOf(int device_id) {
  return new IDevice(distributed::MeshDevice::create_unit_mesh(device_id));
}

bool CloseDevice(IDevice *device) {
  delete device;
  return true;
}

Buffer::Buffer(std::shared_ptr<distributed::MeshBuffer> buffer, IDevice *device)
    : meshBuffer(std::move(buffer)), owner(device) {}
uint32_t Buffer::address() const { return meshBuffer->address(); }
uint64_t Buffer::size() const { return meshBuffer->size(); }
uint64_t Buffer::page_size() const { return meshBuffer->page_size(); }
BufferType Buffer::buffer_type() const { return meshBuffer->buffer_type(); }
TensorMemoryLayout Buffer::buffer_layout() const {
  return meshBuffer->buffer_layout();
}
uint64_t Buffer::aligned_page_size() const {
  return meshBuffer->aligned_page_size();
}
uint64_t Buffer::aligned_size_per_bank() const {
  return meshBuffer->aligned_size_per_bank();
}
const std::optional<ShardSpecBuffer> &Buffer::shard_spec() const {
  return meshBuffer->shard_spec();
}

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig &config) {
  if (!config.device)
    hostError("CreateBuffer: InterleavedBufferConfig::device is null");
  distributed::DeviceLocalBufferConfig local{config.page_size,
                                             config.buffer_type};
  distributed::ReplicatedBufferConfig replicated{config.size};
  return std::make_shared<Buffer>(
      distributed::MeshBuffer::create(replicated, local,
                                      &config.device->mesh()),
      config.device);
}

std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig &config) {
  if (!config.device)
    hostError("CreateBuffer: ShardedBufferConfig::device is null");
  distributed::DeviceLocalBufferConfig local{
      config.page_size, config.buffer_type,
      BufferShardingArgs(config.shard_parameters, config.buffer_layout)};
  distributed::ReplicatedBufferConfig replicated{config.size};
  return std::make_shared<Buffer>(
      distributed::MeshBuffer::create(replicated, local,
                                      &config.device->mesh()),
      config.device);
}

CircularBufferConfig &
CircularBufferConfig::set_globally_allocated_address(const Buffer &buffer) {
  if (!buffer.is_l1())
    hostError("CircularBufferConfig::set_globally_allocated_address: the "
              "buffer is not in L1");
  globalAddress = buffer.address();
  globalSize = buffer.aligned_size_per_bank();
  return *this;
}

namespace detail {

uint32_t getAccessorConfig(const distributed::MeshBuffer &buffer) {
  if (buffer.buffer_layout() != TensorMemoryLayout::INTERLEAVED)
    hostError("TensorAccessorArgs: the buffer is sharded by a ShardSpecBuffer "
              "alone, which tt-metal's TensorAccessor takes for an "
              "interleaved buffer (at wrong addresses; it needs a "
              "BufferDistributionSpec, which the emulator does not have): "
              "read the shards through a CB over the buffer "
              "(set_globally_allocated_address)");
  return buffer.buffer_type() == BufferType::DRAM ? 2 : 0;
}

/// The L1 offset `address` of logical core `core`, checked to lie above
/// the reserved bottom of L1 and below its top.
static void checkDeviceL1(const char *call, IDevice *device,
                          const CoreCoord &core, uint32_t address,
                          uint64_t size) {
  if (!device)
    hostError(std::string(call) + ": the device is null");
  const tilt::emu::ArchInfo &arch = device->mesh().impl().device->getArch();
  if (core.x >= arch.gridColumns || core.y >= arch.gridRows)
    hostError(std::string(call) + ": core " + core.str() + " is outside the " +
              std::to_string(arch.gridColumns) + "x" +
              std::to_string(arch.gridRows) + " grid");
  if (address < arch.l1ReservedBytes || uint64_t(address) + size > arch.l1Bytes)
    hostError(std::string(call) + ": L1 address " + std::to_string(address) +
              " (+" + std::to_string(size) + " bytes) is outside the " +
              std::to_string(arch.l1ReservedBytes) + " to " +
              std::to_string(arch.l1Bytes) +
              " a program may use (below lie the firmware and its data)");
}

bool WriteToDeviceL1(IDevice *device, const CoreCoord &logical_core,
                     uint32_t address,
                     const std::vector<uint32_t> &host_buffer) {
  uint64_t bytes = host_buffer.size() * 4;
  checkDeviceL1("WriteToDeviceL1", device, logical_core, address, bytes);
  device->mesh().impl().device->writeL1(uint32_t(logical_core.x),
                                        uint32_t(logical_core.y), address,
                                        host_buffer.data(), bytes);
  return true;
}

bool ReadFromDeviceL1(IDevice *device, const CoreCoord &logical_core,
                      uint32_t address, uint32_t size,
                      std::vector<uint32_t> &host_buffer) {
  checkDeviceL1("ReadFromDeviceL1", device, logical_core, address, size);
  host_buffer.assign((size + 3) / 4, 0);
  device->mesh().impl().device->readL1(uint32_t(logical_core.x),
                                       uint32_t(logical_core.y), address,
                                       host_buffer.data(), size);
  return true;
}

} // namespace detail

void checkVectorBytes(const char *call, uint64_t bytes, const Buffer &buffer) {
  if (bytes != buffer.size())
    hostError(std::string(call) + ": the vector holds " +
              std::to_string(bytes) + " bytes, the buffer " +
              std::to_string(buffer.size()));
}

void EnqueueWriteBuffer(CommandQueue &cq, Buffer &buffer, const void *source,
                        bool) {
  distributed::writeBuffer(cq.device()->mesh().mesh_command_queue(),
                           buffer.mesh_buffer(), source, buffer.size());
}

void EnqueueReadBuffer(CommandQueue &cq, Buffer &buffer, void *target, bool) {
  distributed::readBuffer(cq.device()->mesh().mesh_command_queue(),
                          buffer.mesh_buffer(), target, buffer.size());
}

void EnqueueProgram(CommandQueue &cq, Program &program, bool) {
  distributed::runProgram(cq.device()->mesh(), program);
}

void Finish(CommandQueue &) {}

} // namespace tt_metal
} // namespace tt
