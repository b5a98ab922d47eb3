//===- distributed.hpp - The Metalium Mesh API, emulated --------*- C++ -*-===//
//
// A unit mesh of one emulated device: buffers, the command queue and mesh
// workloads. The emulated device is the board TILT_EMU_BOARD (n150, n300,
// galaxy, p100, p150, e150) of the architecture TILT_EMU_ARCH (grayskull,
// wormhole_b0 or blackhole; default wormhole_b0 and its usual board).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_DISTRIBUTED_HPP
#define TILT_EMU_DISTRIBUTED_HPP

#include "tt-metalium/host_api.hpp"

#include <cstring>
#include <memory>
#include <vector>

namespace tt {
namespace tt_metal {
namespace distributed {

struct MeshShape {
  uint32_t rows = 1, columns = 1;
};

class MeshCommandQueue;
class MeshDeviceImpl;

class MeshDevice {
public:
  static std::shared_ptr<MeshDevice> create_unit_mesh(int device_id);
  ~MeshDevice();
  MeshCommandQueue &mesh_command_queue(std::size_t id = 0);
  MeshShape shape() const { return MeshShape{}; }
  CoreCoord compute_with_storage_grid_size() const;
  /// The chip's architecture.
  tt::ARCH arch() const;
  /// The NoC coordinate kernels use for a logical core (the translated
  /// coordinate: Wormhole (18 + x, 18 + y), Blackhole and Grayskull the
  /// NoC 0 position of the worker).
  CoreCoord worker_core_from_logical_core(const CoreCoord &logical_core) const;
  bool close();
  MeshDeviceImpl &impl() { return *state; }

private:
  MeshDevice();
  std::unique_ptr<MeshDeviceImpl> state;
  std::unique_ptr<MeshCommandQueue> queue;
};

class MeshCommandQueue {
public:
  explicit MeshCommandQueue(MeshDevice *device) : device(device) {}
  MeshDevice *get_device() const { return device; }

private:
  MeshDevice *device;
};

struct DeviceLocalBufferConfig {
  uint64_t page_size = 0;
  BufferType buffer_type = BufferType::DRAM;
  /// Interleaved (the default) or sharded across the cores of a grid.
  /// (Initialized here so that a designated initializer may leave them
  /// out without GCC's -Wmissing-field-initializers.)
  BufferShardingArgs sharding_args{};
  std::optional<bool> bottom_up{};
};
struct ReplicatedBufferConfig {
  uint64_t size = 0;
};

/// Where a page of a buffer lies: a core and an offset of its L1.
struct MeshBufferPage {
  uint32_t column = 0, row = 0, offset = 0;
};

class MeshBuffer {
public:
  static std::shared_ptr<MeshBuffer>
  create(const ReplicatedBufferConfig &config,
         const DeviceLocalBufferConfig &local, MeshDevice *device);
  ~MeshBuffer();
  MeshBuffer(const MeshBuffer &) = delete;
  MeshBuffer &operator=(const MeshBuffer &) = delete;
  /// DRAM: the address in every bank. L1: the offset in every core's L1
  /// (interleaved over the L1 banks, or each core's shard).
  uint32_t address() const { return baseAddress; }
  uint64_t size() const { return bytes; }
  uint64_t page_size() const { return pageSize; }
  uint64_t aligned_page_size() const { return alignedPage; }
  uint64_t aligned_size_per_bank() const { return bytesPerBank; }
  BufferType buffer_type() const { return local.buffer_type; }
  TensorMemoryLayout buffer_layout() const {
    return local.sharding_args.buffer_layout();
  }
  const std::optional<ShardSpecBuffer> &shard_spec() const {
    return local.sharding_args.shard_spec();
  }
  const DeviceLocalBufferConfig &device_local_config() const { return local; }
  MeshDevice *device() const { return owner; }
  /// The Buffer of the mesh's one device (what TensorAccessorArgs and
  /// set_globally_allocated_address take).
  Buffer *get_reference_buffer() const;
  /// Where host page `page` lies: a core and an L1 offset (an L1 buffer),
  /// or for a DRAM-sharded buffer the bank (`column`) and its address.
  MeshBufferPage getPlacedPage(uint64_t page) const;

private:
  MeshBuffer() = default;
  MeshDevice *owner = nullptr;
  /// Keeps the emulated device alive while the buffer is.
  std::shared_ptr<void> deviceAlive;
  DeviceLocalBufferConfig local;
  uint32_t baseAddress = 0;
  uint64_t bytes = 0, pageSize = 0, alignedPage = 0, bytesPerBank = 0;
  /// A sharded buffer: per host page, its core and its slot there.
  std::vector<MeshBufferPage> shardPages;
  mutable std::unique_ptr<Buffer> reference;
};

struct MeshCoordinateRange {
  explicit MeshCoordinateRange(const MeshShape &) {}
};

class MeshWorkload {
public:
  void add_program(const MeshCoordinateRange &, Program &&program) {
    programs.push_back(std::move(program));
  }
  std::vector<Program> &get_programs() { return programs; }

private:
  std::vector<Program> programs;
};

void writeBuffer(MeshCommandQueue &cq, MeshBuffer &buffer, const void *data,
                 uint64_t bytes);
void readBuffer(MeshCommandQueue &cq, MeshBuffer &buffer, void *data,
                uint64_t bytes);

template <typename T>
void EnqueueWriteMeshBuffer(MeshCommandQueue &cq,
                            const std::shared_ptr<MeshBuffer> &buffer,
                            const std::vector<T> &data, bool /*blocking*/ = false) {
  writeBuffer(cq, *buffer, data.data(), data.size() * sizeof(T));
}
template <typename T>
void EnqueueReadMeshBuffer(MeshCommandQueue &cq, std::vector<T> &data,
                           const std::shared_ptr<MeshBuffer> &buffer,
                           bool /*blocking*/ = true) {
  data.resize(buffer->size() / sizeof(T));
  readBuffer(cq, *buffer, data.data(), data.size() * sizeof(T));
}
void EnqueueMeshWorkload(MeshCommandQueue &cq, MeshWorkload &workload,
                         bool blocking);
void Finish(MeshCommandQueue &cq);

} // namespace distributed
} // namespace tt_metal
} // namespace tt

#endif // TILT_EMU_DISTRIBUTED_HPP
