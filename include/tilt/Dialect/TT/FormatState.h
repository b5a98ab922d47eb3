//===- FormatState.h - The data formats a compute kernel configures -*- C++ -*-===//
//
// The unpacker decodes CB tiles into SrcA and SrcB with the formats it is
// configured for, and the packer encodes DST with its configured format;
// nothing looks at a CB's own format when a tile moves
// (compute_kernel_hw_startup.h: "If the operands for the next operation
// require a different data format than what was configured here, you must
// call one of the reconfig_data_format functions"). This is the analysis of
// that state through a compute kernel's structured control flow, shared by
// tt-reconfigure-formats, which inserts the reconfigurations, and
// tt-verify, which rejects a kernel that needs one it does not have.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_TT_FORMATSTATE_H
#define TILT_DIALECT_TT_FORMATSTATE_H

#include "tilt/Dialect/TT/TT.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

namespace tilt {
namespace tt {

/// The compute engine's format registers.
enum class FormatRegister : unsigned { SrcA = 0, SrcB = 1, Pack = 2 };

/// The name of a register in messages ("SrcA", "SrcB", "the packer").
llvm::StringRef getFormatRegisterName(FormatRegister reg);

/// What a device op does to the format state: the registers it configures
/// from a CB's format, and the registers it reads or writes a CB through
/// (which must be configured for that CB's format).
struct FormatEffects {
  llvm::SmallVector<std::pair<FormatRegister, int64_t>, 3> sets;
  llvm::SmallVector<std::pair<FormatRegister, int64_t>, 3> uses;
};

/// The effects of `op` (none for ops that do not touch the state). The
/// table follows tt-metal's api/compute headers: startup, the full inits
/// and the reconfig calls configure; matmul unpacks in0 through SrcB and in1
/// through SrcA; add/sub/mul and the broadcast bcast_tiles unpack in0
/// through SrcA and in1 through SrcB; copy, transpose and reduce unpack
/// their input through SrcA, unary_bcast through SrcB; the short inits
/// (matmul_init, copy_tile_init, add_tiles_init, bcast_tiles_init, ...)
/// configure nothing.
FormatEffects getFormatEffects(Operation *op);

/// The configuration of one register that may reach a point: the format
/// and the op that set it (null for "never configured").
struct ReachingFormat {
  Type format;
  Operation *setter = nullptr;
  bool operator==(const ReachingFormat &other) const {
    return format == other.format && setter == other.setter;
  }
};

/// A use of a register that some path reaches with another configuration.
struct FormatMismatch {
  Operation *op = nullptr;
  FormatRegister reg = FormatRegister::SrcA;
  int64_t cb = -1;
  Type required;
  llvm::SmallVector<ReachingFormat, 2> reaching;
};

/// The data format of each CB index that `kernel` can see (from the
/// program's tt.cb_config ops on the kernel's cores).
llvm::DenseMap<int64_t, Type> getKernelCBFormats(KernelOp kernel);

/// Every use in the compute kernel `kernel` that may run with its register
/// configured for another format than the CB's, in program order. Loops are
/// followed to a fixed point (a back edge carries the state of the end of
/// the body to its start); after a reported mismatch the register is taken
/// to be configured as the use needs. Setters in `ignored` are treated as
/// absent.
std::vector<FormatMismatch>
findFormatMismatches(KernelOp kernel,
                     const llvm::DenseMap<int64_t, Type> &formats,
                     const llvm::SmallPtrSetImpl<Operation *> *ignored = nullptr);

/// The CBs a compute kernel unpacks straight into DST at full fp32
/// (`unpack_to_dest_fp32 [...]`, ComputeConfig::unpack_to_dest_mode).
llvm::SmallVector<int64_t, 4> getUnpackToDestFp32(KernelOp kernel);

/// Whether `op` reads its CB only to move the data into DST, which the
/// unpacker can do straight from L1 for an UnpackToDestFp32 CB: copy_tile,
/// unary_bcast (its B2D datacopy, bcast.h), tilize_block and
/// pack_untilize_block (lib/Emulator/ComputeTilize.cpp has the sources).
bool movesIntoDest(Operation *op);

} // namespace tt
} // namespace tilt

#endif // TILT_DIALECT_TT_FORMATSTATE_H
