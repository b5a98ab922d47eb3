//===- host_api.hpp - The Metalium host API, emulated -----------*- C++ -*-===//
//
// The host API subset generated host programs and the official examples
// use: programs, kernels, circular buffers, semaphores, runtime arguments
// and core coordinates, with Metalium's names. Definitions in lib/Emulator/
// HostAPI.cpp; kernels are compiled when a workload is enqueued, like the
// real runtime's JIT build (docs/emulator.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_HOST_API_HPP
#define TILT_EMU_HOST_API_HPP

#include "tilt_emu/common.h"
#include "tt-metalium/core_coord.hpp"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

namespace tt {

/// The chip's architecture (umd's tt::ARCH), as IDevice::arch() says it.
enum class ARCH {
  GRAYSKULL = 1,
  WORMHOLE_B0 = 3,
  BLACKHOLE = 4,
  Invalid = 0xFF
};

namespace tt_metal {

using KernelHandle = std::uint32_t;
using CBHandle = std::uint32_t;

enum class DataMovementProcessor { RISCV_0 = 0, RISCV_1 = 1 };
enum NOC : uint8_t { RISCV_0_default = 0, RISCV_1_default = 1, NOC_0 = 0, NOC_1 = 1 };
enum class MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4 };
/// Per CB: UnpackToDestFp32 has copy_tile unpack a Float32 CB straight into
/// DST at full precision, and makes the CB unusable through SrcA/SrcB.
enum class UnpackToDestMode : uint8_t { UnpackToDestFp32, Default };
enum class BufferType { DRAM, L1 };

// Sharded buffers (tt-metal tt_metal/api/tt-metalium/buffer_types.hpp and
// buffer.hpp): the pages of a 2-D tensor of pages split into shards, one per
// core of a grid, in L1 at the buffer's address. The emulator takes the
// legacy 2-D form (ShardSpecBuffer); BufferDistributionSpec is not emulated.
enum class TensorMemoryLayout {
  INTERLEAVED = 0,
  HEIGHT_SHARDED = 2,
  WIDTH_SHARDED = 3,
  BLOCK_SHARDED = 4,
};
enum class ShardOrientation { ROW_MAJOR = 0, COL_MAJOR };

/// The cores of a sharded tensor and a shard's shape in elements
/// {height, width}.
struct ShardSpec {
  CoreRangeSet grid;
  std::array<uint32_t, 2> shape{};
  ShardOrientation orientation = ShardOrientation::ROW_MAJOR;
  ShardSpec(
      const CoreRangeSet &core_sets, const std::array<uint32_t, 2> &shard_shape,
      const ShardOrientation &shard_orientation = ShardOrientation::ROW_MAJOR)
      : grid(core_sets), shape(shard_shape), orientation(shard_orientation) {}
};

/// A shard spec with the page shape in elements (a tile {32, 32}, a row
/// {1, width}) and the tensor's shape in pages.
struct ShardSpecBuffer {
  ShardSpec tensor_shard_spec;
  std::array<uint32_t, 2> page_shape{};
  std::array<uint32_t, 2> tensor2d_shape_in_pages{};
  ShardSpecBuffer(const CoreRangeSet &core_sets,
                  const std::array<uint32_t, 2> &shard_shape,
                  const ShardOrientation &shard_orientation,
                  const std::array<uint32_t, 2> &page_shape,
                  const std::array<uint32_t, 2> &tensor2d_shape_in_pages)
      : tensor_shard_spec(core_sets, shard_shape, shard_orientation),
        page_shape(page_shape),
        tensor2d_shape_in_pages(tensor2d_shape_in_pages) {}
  ShardSpecBuffer(const ShardSpec &shard_spec,
                  const std::array<uint32_t, 2> &page_shape,
                  const std::array<uint32_t, 2> &tensor2d_shape_in_pages)
      : tensor_shard_spec(shard_spec), page_shape(page_shape),
        tensor2d_shape_in_pages(tensor2d_shape_in_pages) {}
  /// A shard's shape in pages.
  std::array<uint32_t, 2> shape_in_pages() const {
    return {page_shape[0] ? tensor_shard_spec.shape[0] / page_shape[0] : 0,
            page_shape[1] ? tensor_shard_spec.shape[1] / page_shape[1] : 0};
  }
  /// Pages per shard (a partial shard's too: it is padded).
  uint64_t num_pages() const {
    std::array<uint32_t, 2> pages = shape_in_pages();
    return uint64_t(pages[0]) * pages[1];
  }
};

/// How a buffer is laid out: interleaved (the default), or sharded by a
/// ShardSpecBuffer.
class BufferShardingArgs {
public:
  BufferShardingArgs() = default;
  BufferShardingArgs(std::nullopt_t) {}
  BufferShardingArgs(const ShardSpecBuffer &shard_spec,
                     TensorMemoryLayout buffer_layout)
      : shard(shard_spec), layout(buffer_layout) {}
  BufferShardingArgs(const std::optional<ShardSpecBuffer> &shard_spec,
                     TensorMemoryLayout buffer_layout)
      : shard(shard_spec), layout(buffer_layout) {}
  const std::optional<ShardSpecBuffer> &shard_spec() const { return shard; }
  TensorMemoryLayout buffer_layout() const { return layout; }

private:
  std::optional<ShardSpecBuffer> shard;
  TensorMemoryLayout layout = TensorMemoryLayout::INTERLEAVED;
};

/// How a data-movement kernel uses its NoCs (tt-metal NOC_MODE).
enum NOC_MODE : uint8_t { DM_DEDICATED_NOC = 0, DM_DYNAMIC_NOC = 1 };
/// The kernel build's optimization level (tt-metal KernelBuildOptLevel;
/// the emulator builds every kernel at -O2).
enum class KernelBuildOptLevel : uint8_t { O1, O2, O3, O0, Os, Ofast, Oz };
/// Named compile-time arguments: get_named_compile_time_arg_val("name") in
/// the kernel.
using NamedCompileArgs = std::unordered_map<std::string, uint32_t>;

struct DataMovementConfig {
  DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
  NOC noc = NOC::RISCV_0_default;
  NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
  std::vector<uint32_t> compile_args;
  std::map<std::string, std::string> defines;
  NamedCompileArgs named_compile_args;
  KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
};
struct ReaderDataMovementConfig : DataMovementConfig {
  ReaderDataMovementConfig(
      std::vector<uint32_t> compile_args = {},
      std::map<std::string, std::string> defines = {},
      NamedCompileArgs named_compile_args = {},
      KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2) {
    processor = DataMovementProcessor::RISCV_1;
    noc = NOC::RISCV_1_default;
    this->compile_args = std::move(compile_args);
    this->defines = std::move(defines);
    this->named_compile_args = std::move(named_compile_args);
    this->opt_level = opt_level;
  }
};
struct WriterDataMovementConfig : DataMovementConfig {
  WriterDataMovementConfig(
      std::vector<uint32_t> compile_args = {},
      std::map<std::string, std::string> defines = {},
      NamedCompileArgs named_compile_args = {},
      KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2) {
    processor = DataMovementProcessor::RISCV_0;
    noc = NOC::RISCV_0_default;
    this->compile_args = std::move(compile_args);
    this->defines = std::move(defines);
    this->named_compile_args = std::move(named_compile_args);
    this->opt_level = opt_level;
  }
};
struct ComputeConfig {
  MathFidelity math_fidelity = MathFidelity::HiFi4;
  bool fp32_dest_acc_en = false;
  bool dst_full_sync_en = false;
  /// Empty, or one mode per CB (32).
  std::vector<UnpackToDestMode> unpack_to_dest_mode;
  bool bfp8_pack_precise = false;
  bool math_approx_mode = false;
  std::vector<uint32_t> compile_args;
  std::map<std::string, std::string> defines;
  NamedCompileArgs named_compile_args;
  KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
};

class Buffer;
class CircularBufferConfig {
public:
  CircularBufferConfig(uint32_t total_size,
                       const std::map<uint8_t, tt::DataFormat> &data_format_spec)
      : totalSize(total_size), formats(data_format_spec) {}
  CircularBufferConfig &set_page_size(uint8_t buffer_index, uint32_t page_size) {
    pageSizes[buffer_index] = page_size;
    return *this;
  }
  CircularBufferConfig &set_total_size(uint32_t total_size) {
    totalSize = total_size;
    return *this;
  }
  /// The CB's memory is `buffer`'s (an L1 buffer, sharded in general): on
  /// each core the CB starts at the buffer's address, and pages the host
  /// wrote there are the CB's to push (tt-metal
  /// circular_buffer_config.cpp; the total size must fit the buffer's part
  /// on one core).
  CircularBufferConfig &set_globally_allocated_address(const Buffer &buffer);
  uint32_t total_size() const { return totalSize; }
  const std::map<uint8_t, tt::DataFormat> &data_formats() const { return formats; }
  const std::map<uint8_t, uint32_t> &page_sizes() const { return pageSizes; }
  /// The L1 offset of the buffer set_globally_allocated_address named.
  std::optional<uint32_t> globally_allocated_address() const {
    return globalAddress;
  }
  /// Its bytes per core (the CB's total size must fit them).
  uint64_t globally_allocated_size() const { return globalSize; }

private:
  std::optional<uint32_t> globalAddress;
  uint64_t globalSize = 0;
  uint32_t totalSize;
  std::map<uint8_t, tt::DataFormat> formats;
  std::map<uint8_t, uint32_t> pageSizes;
};

using CoreSpec = std::variant<CoreCoord, CoreRange, CoreRangeSet>;

class ProgramImpl;
/// A program: CBs, kernels and runtime arguments, run by a mesh workload.
class Program {
public:
  Program();
  ~Program();
  Program(Program &&) noexcept;
  Program &operator=(Program &&) noexcept;
  ProgramImpl &impl() { return *state; }

private:
  std::unique_ptr<ProgramImpl> state;
};

Program CreateProgram();
KernelHandle CreateKernel(Program &program, const std::string &file_name,
                          const CoreSpec &core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig>
                              &config);
CBHandle CreateCircularBuffer(Program &program, const CoreSpec &core_spec,
                              const CircularBufferConfig &config);
void SetRuntimeArgs(const Program &program, KernelHandle kernel,
                    const CoreSpec &core_spec,
                    const std::vector<uint32_t> &runtime_args);
void SetRuntimeArgs(const Program &program, KernelHandle kernel,
                    const CoreSpec &core_spec,
                    std::initializer_list<uint32_t> runtime_args);
/// Creates a semaphore with `initial_value` on every core of `core_spec`
/// and returns its id, which kernels pass to get_semaphore: the lowest id
/// free on the cores of each range (the largest over the ranges), at most
/// 16 per core (tt-metal tt_metal/tt_metal.cpp CreateSemaphore,
/// tt_metal/impl/buffers/semaphore.hpp NUM_SEMAPHORES).
uint32_t CreateSemaphore(Program &program,
                         const std::variant<CoreRange, CoreRangeSet> &core_spec,
                         uint32_t initial_value);

//===----------------------------------------------------------------------===//
// The host API before the Mesh API (tt-metal's programming examples up to
// 2025): a device, its command queue, interleaved buffers, EnqueueProgram.
// One chip, the unit mesh of the Mesh API underneath.
//===----------------------------------------------------------------------===//

namespace distributed {
class MeshDevice;
class MeshBuffer;
} // namespace distributed

class IDevice;
/// A device's command queue.
class CommandQueue {
public:
  explicit CommandQueue(IDevice *device) : owner(device) {}
  IDevice *device() const { return owner; }

private:
  IDevice *owner;
};

class IDevice {
public:
  explicit IDevice(std::shared_ptr<distributed::MeshDevice> mesh);
  ~IDevice();
  CommandQueue &command_queue(std::size_t id = 0);
  int id() const { return 0; }
  tt::ARCH arch() const;
  CoreCoord compute_with_storage_grid_size() const;
  CoreCoord worker_core_from_logical_core(const CoreCoord &logical_core) const;
  distributed::MeshDevice &mesh() { return *meshDevice; }

private:
  std::shared_ptr<distributed::MeshDevice> meshDevice;
  CommandQueue queue;
};
/// The name of IDevice before 2025.
using Device = IDevice;

/// Opens device `device_id` (0: the emulator has one). The other
/// parameters of tt-metal's CreateDevice (hardware command queues, L1 and
/// trace region sizes, the dispatch core configuration) change nothing
/// here and are accepted as they come.
IDevice *createDeviceOf(int device_id);
template <typename... Ignored>
IDevice *CreateDevice(int device_id, Ignored &&...) {
  return createDeviceOf(device_id);
}
bool CloseDevice(IDevice *device);

/// An interleaved buffer (tt-metal's InterleavedBufferConfig).
struct InterleavedBufferConfig {
  IDevice *device = nullptr;
  uint64_t size = 0;
  uint64_t page_size = 0;
  BufferType buffer_type = BufferType::DRAM;
};
/// A sharded buffer of one device (tt-metal's ShardedBufferConfig of
/// buffer.hpp, not the mesh's distributed::ShardedBufferConfig).
struct ShardedBufferConfig {
  IDevice *device = nullptr;
  uint64_t size = 0;
  uint64_t page_size = 0;
  BufferType buffer_type = BufferType::L1;
  TensorMemoryLayout buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED;
  ShardSpecBuffer shard_parameters;
};
class Buffer {
public:
  explicit Buffer(std::shared_ptr<distributed::MeshBuffer> buffer,
                  IDevice *device);
  uint32_t address() const;
  uint64_t size() const;
  uint64_t page_size() const;
  BufferType buffer_type() const;
  TensorMemoryLayout buffer_layout() const;
  bool is_l1() const { return buffer_type() == BufferType::L1; }
  bool is_dram() const { return buffer_type() == BufferType::DRAM; }
  /// The page size rounded up to the allocator's alignment.
  uint64_t aligned_page_size() const;
  /// The bytes of one bank (one core's shard, for a sharded buffer).
  uint64_t aligned_size_per_bank() const;
  const std::optional<ShardSpecBuffer> &shard_spec() const;
  IDevice *device() const { return owner; }
  distributed::MeshBuffer &mesh_buffer() const { return *meshBuffer; }

private:
  std::shared_ptr<distributed::MeshBuffer> meshBuffer;
  IDevice *owner;
};
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig &config);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig &config);

/// Writes `bytes` from `source` into `buffer`, reads `bytes` of it into
/// `target` (the emulator's device is done with earlier work first: every
/// call is blocking).
void EnqueueWriteBuffer(CommandQueue &cq, Buffer &buffer, const void *source,
                        bool blocking);
void EnqueueReadBuffer(CommandQueue &cq, Buffer &buffer, void *target,
                       bool blocking);
inline void EnqueueWriteBuffer(CommandQueue &cq,
                               const std::shared_ptr<Buffer> &buffer,
                               const void *source, bool blocking) {
  EnqueueWriteBuffer(cq, *buffer, source, blocking);
}
inline void EnqueueReadBuffer(CommandQueue &cq,
                              const std::shared_ptr<Buffer> &buffer,
                              void *target, bool blocking) {
  EnqueueReadBuffer(cq, *buffer, target, blocking);
}
/// A vector's bytes; it must hold the buffer's size (tt-metal's rule).
void checkVectorBytes(const char *call, uint64_t bytes, const Buffer &buffer);
template <typename T>
void EnqueueWriteBuffer(CommandQueue &cq, const std::shared_ptr<Buffer> &buffer,
                        const std::vector<T> &source, bool blocking) {
  checkVectorBytes("EnqueueWriteBuffer", source.size() * sizeof(T), *buffer);
  EnqueueWriteBuffer(cq, *buffer, source.data(), blocking);
}
template <typename T>
void EnqueueReadBuffer(CommandQueue &cq, const std::shared_ptr<Buffer> &buffer,
                       std::vector<T> &target, bool blocking) {
  target.resize(buffer->size() / sizeof(T));
  EnqueueReadBuffer(cq, *buffer, target.data(), blocking);
}
/// Runs `program` on the queue's device (compiling its kernels first).
void EnqueueProgram(CommandQueue &cq, Program &program, bool blocking);
void Finish(CommandQueue &cq);

namespace detail {
/// Writes (reads) whole 32-bit words at `address` of logical core `core`'s
/// L1, as the slow-dispatch calls of tt_metal.hpp do. The address is an L1
/// offset (a buffer's address, or one of the core's own); the emulator
/// refuses the reserved bottom of L1, which holds the firmware.
bool WriteToDeviceL1(IDevice *device, const CoreCoord &logical_core,
                     uint32_t address,
                     const std::vector<uint32_t> &host_buffer);
bool ReadFromDeviceL1(IDevice *device, const CoreCoord &logical_core,
                      uint32_t address, uint32_t size,
                      std::vector<uint32_t> &host_buffer);
// The slow-dispatch forms of the same.
template <typename T>
void WriteToBuffer(const std::shared_ptr<Buffer> &buffer,
                   const std::vector<T> &source) {
  EnqueueWriteBuffer(buffer->device()->command_queue(), buffer, source, true);
}
template <typename T>
void ReadFromBuffer(const std::shared_ptr<Buffer> &buffer,
                    std::vector<T> &target) {
  EnqueueReadBuffer(buffer->device()->command_queue(), buffer, target, true);
}
inline void LaunchProgram(IDevice *device, Program &program,
                          bool /*wait_until_cores_done*/ = true) {
  EnqueueProgram(device->command_queue(), program, true);
}
} // namespace detail

} // namespace tt_metal
} // namespace tt

namespace tilt_emu {
/// Sets where the kernels' headers are when the program runs: the emulator
/// compiles each kernel when its program is enqueued. TILT_EMU_INCLUDE, when
/// set, takes precedence; without either, the headers of the installed Tilt.
void setKernelIncludeDir(const char *dir);
#ifdef TILT_EMU_KERNEL_INCLUDE_DIR
// Defined by the emulator's CMake package (tt-metalium-config.cmake, which a
// project's find_package(TT-Metalium) finds when pointed at it), so that a
// host program built against a Tilt build tree finds that tree's headers.
inline const bool kernelIncludeDirSet =
    (setKernelIncludeDir(TILT_EMU_KERNEL_INCLUDE_DIR), true);
#endif
} // namespace tilt_emu

#endif // TILT_EMU_HOST_API_HPP
