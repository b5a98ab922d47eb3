//===- tensor_accessor_args.hpp - Host TensorAccessorArgs, emulated -*- C++ -*-===//
#ifndef TILT_EMU_TENSOR_ACCESSOR_ARGS_HPP
#define TILT_EMU_TENSOR_ACCESSOR_ARGS_HPP

#include "tt-metalium/distributed.hpp"

namespace tt {
namespace tt_metal {

/// The compile-time arguments of a TensorAccessor over an interleaved DRAM
/// buffer: ArgsConfig (IsDram) and the aligned page size.
class TensorAccessorArgs {
public:
  explicit TensorAccessorArgs(const distributed::MeshBuffer &buffer)
      : pageSize(uint32_t((buffer.page_size() + 31) / 32 * 32)) {}
  explicit TensorAccessorArgs(const Buffer &buffer)
      : pageSize(uint32_t((buffer.page_size() + 31) / 32 * 32)) {}
  explicit TensorAccessorArgs(const std::shared_ptr<Buffer> &buffer)
      : TensorAccessorArgs(*buffer) {}
  void append_to(std::vector<uint32_t> &args) const {
    args.push_back(2);
    args.push_back(pageSize);
  }

private:
  uint32_t pageSize;
};

} // namespace tt_metal
} // namespace tt

#endif // TILT_EMU_TENSOR_ACCESSOR_ARGS_HPP
