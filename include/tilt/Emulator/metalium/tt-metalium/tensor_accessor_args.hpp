//===- tensor_accessor_args.hpp - Host TensorAccessorArgs, emulated -*- C++ -*-===//
#ifndef TILT_EMU_TENSOR_ACCESSOR_ARGS_HPP
#define TILT_EMU_TENSOR_ACCESSOR_ARGS_HPP

#include "tt-metalium/distributed.hpp"

namespace tt {
namespace tt_metal {

namespace detail {
/// The ArgsConfig bits of a TensorAccessor over `buffer` (IsDram = 2; 0 for
/// an interleaved L1 buffer). A sharded buffer ends the program with an
/// error: tt-metal's TensorAccessor takes a buffer as sharded only with a
/// BufferDistributionSpec, which the emulator does not have, and one
/// sharded by a ShardSpecBuffer alone as interleaved, at wrong addresses.
uint32_t getAccessorConfig(const distributed::MeshBuffer &buffer);
} // namespace detail

/// The compile-time arguments of a TensorAccessor over an interleaved
/// buffer: ArgsConfig and the aligned page size.
class TensorAccessorArgs {
public:
  explicit TensorAccessorArgs(const distributed::MeshBuffer &buffer)
      : config(detail::getAccessorConfig(buffer)),
        pageSize(uint32_t(buffer.aligned_page_size())) {}
  explicit TensorAccessorArgs(const Buffer &buffer)
      : TensorAccessorArgs(buffer.mesh_buffer()) {}
  explicit TensorAccessorArgs(const std::shared_ptr<Buffer> &buffer)
      : TensorAccessorArgs(*buffer) {}
  explicit TensorAccessorArgs(const Buffer *buffer)
      : TensorAccessorArgs(*buffer) {}
  void append_to(std::vector<uint32_t> &args) const {
    args.push_back(config);
    args.push_back(pageSize);
  }

private:
  uint32_t config, pageSize;
};

} // namespace tt_metal
} // namespace tt

#endif // TILT_EMU_TENSOR_ACCESSOR_ARGS_HPP
