//===- Passes.h - Passes on the tt dialect ----------------------*- C++ -*-===//
#ifndef TILT_DIALECT_TT_PASSES_H
#define TILT_DIALECT_TT_PASSES_H

#include "tilt/Dialect/TT/TT.h"
#include "tilt/Pass/Pass.h"

namespace tilt {
namespace tt {

/// The usable L1 bytes of a core for circular buffers: about 1.4 MiB on
/// Wormhole, 1 MiB on Grayskull, 1.5 MiB on Blackhole.
int64_t getUsableL1Bytes(llvm::StringRef arch);

/// tt-verify: checks each tt.program (see docs/passes.md): the CB protocol
/// between producer and consumer kernels on every core, DST use, the L1
/// footprint of the CBs and the runtime arguments the host provides.
std::unique_ptr<Pass> createTTVerifyPass();

/// tt-reconfigure-formats: per compute kernel, unpacks fp32 CBs that are
/// only copied straight to DST and inserts the data-format
/// reconfigurations of the unpacker and packer where the CBs a kernel
/// reads and writes change format (include/tilt/Dialect/TT/FormatState.h).
std::unique_ptr<Pass> createTTReconfigureFormatsPass();

/// Registers the passes of the tt dialect.
void registerTTPasses();

} // namespace tt
} // namespace tilt

#endif // TILT_DIALECT_TT_PASSES_H
