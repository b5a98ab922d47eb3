//===- Multicast.h - Sharing a copy's block between cores -------*- C++ -*-===//
//
// When the cores of one row of the grid read the same block at every step
// (A's row strip in a GEMM: its offsets depend on the block row only), one
// core reads it from DRAM and multicasts it to the others; likewise down a
// column (B's column strip). tile-lower-data-movement asks for a plan per
// copy from DRAM and emits the sender / receiver protocol of tt-metal's
// multicast matmul
// (ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/reader_bmm_tile_layout_in0_sender_padding.cpp
// and reader_bmm_tile_layout_in0_receiver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_CONVERSION_TILETOTT_MULTICAST_H
#define TILT_LIB_CONVERSION_TILETOTT_MULTICAST_H

#include "Utils.h"

namespace tilt {
namespace tiletott {

/// Who sends and who receives a copy's block: per core (row-major over the
/// partition's grid) whether it is the sender of its group, how many cores
/// it sends to and the rectangle of those cores (logical coordinates,
/// inclusive), or for a receiver its sender's logical coordinates.
struct MulticastPlan {
  /// Shared along rows (the block depends on the block row only) or along
  /// columns.
  bool alongRows = true;
  struct Core {
    bool active = false, sender = false;
    int64_t receivers = 0;
    /// The receivers' rectangle (sender) / the sender (receiver).
    int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    int64_t senderX = 0, senderY = 0;
  };
  llvm::SmallVector<Core, 64> cores;
};

/// The cores of a partitioned kernel (its `partition` attribute): the
/// grid's columns and rows and, per core row-major, [first block, count];
/// a core's blocks are `stride` ids apart (lock-step, tile-partition).
struct PartitionCores {
  int64_t columns = 0, rows = 0;
  llvm::ArrayRef<int64_t> ranges;
  int64_t stride = 1;
  /// The ranges count positions in the mirrored order (tile-partition), not
  /// block ids.
  bool mirrored = false;
};

/// The id distance between a core's blocks when tile-partition assigns a
/// 2-d `grid` of blocks to `columns` x `rows` cores in lock-step (gx ==
/// columns and gy a multiple of rows, or the transpose), else 1.
int64_t getLockstepStride(llvm::ArrayRef<int64_t> grid, int64_t columns,
                          int64_t rows);

/// `kernel`'s partition, when it has a well-formed one.
std::optional<PartitionCores> getPartitionCores(tile::KernelOp kernel);

/// Whether `arch` can multicast down a column of cores that spans logical
/// rows 0 to `rows` - 1. Grayskull has no coordinate translation: its DRAM,
/// ARC and PCIe row (NoC y = 6) lies between worker rows 4 and 5, and a
/// rectangle may only cover Tensix workers (dataflow_api.h,
/// noc_async_write_multicast), so a column of more than five cores is read
/// by each core instead.
inline bool canMulticastColumn(llvm::StringRef arch, int64_t rows) {
  return arch != "grayskull" || rows <= 5;
}

/// The plan for `copy` (a copy from DRAM in a partitioned kernel with a
/// 2-d grid), when the cores of every row (or every column) of the grid
/// run the same number of blocks and read the same block at each of them,
/// and at least one group has more than one core; none otherwise.
std::optional<MulticastPlan> planMulticast(tile::KernelOp kernel,
                                           tile::CopyOp copy);

/// Adds the per-core values of `plan` to the kernel's partition under
/// `prefix` (`<prefix>_sender`, `_receivers`, `_x0`, `_y0`, `_x1`, `_y1`,
/// `_sender_x`, `_sender_y`); the rectangle's corners are in the order the
/// NoC of `role`'s kernel multicasts in (start and end swapped on NoC 1).
void addMulticastArgs(tile::KernelOp kernel, const MulticastPlan &plan,
                      llvm::StringRef prefix, llvm::StringRef role);

/// The NoC a kernel of `role` uses (the reader NoC 1, the writer NoC 0, as
/// tt-split-kernels configures them).
int64_t getRoleNoc(llvm::StringRef role);

} // namespace tiletott
} // namespace tilt

#endif // TILT_LIB_CONVERSION_TILETOTT_MULTICAST_H
