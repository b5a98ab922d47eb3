//===- FormatState.cpp - The data formats a compute kernel configures -----===//
//
// The effect table of the device ops on the unpacker's and packer's format
// registers, and the forward analysis of those registers through a compute
// kernel (include/tilt/Dialect/TT/FormatState.h). The table's sources are in
// docs/emulator.md; the emulator (lib/Emulator/ComputeAPI.cpp) applies the
// same rules at run time.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/TT/FormatState.h"
#include "tilt/Dialect/SCF/SCF.h"

#include <array>

using namespace tilt;
using namespace tilt::tt;

llvm::StringRef tt::getFormatRegisterName(FormatRegister reg) {
  switch (reg) {
  case FormatRegister::SrcA: return "SrcA";
  case FormatRegister::SrcB: return "SrcB";
  case FormatRegister::Pack: return "the packer";
  }
  return "";
}

namespace {

int64_t getCB(Operation *op, llvm::StringRef name) {
  if (auto attr = op->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>())
    return attr.getInt();
  return -1;
}

llvm::StringRef getKeyword(Operation *op, llvm::StringRef name) {
  if (auto attr = op->getInherentAttr(name).dyn_cast_or_null<StringAttr>())
    return attr.getValue();
  return "";
}

} // namespace

FormatEffects tt::getFormatEffects(Operation *op) {
  FormatEffects effects;
  llvm::StringRef name = op->getName().getStringRef();
  if (!name.consume_front("tt."))
    return effects;
  constexpr FormatRegister A = FormatRegister::SrcA, B = FormatRegister::SrcB,
                           P = FormatRegister::Pack;
  auto set = [&](FormatRegister reg, llvm::StringRef cb) {
    effects.sets.push_back({reg, getCB(op, cb)});
  };
  auto use = [&](FormatRegister reg, llvm::StringRef cb) {
    effects.uses.push_back({reg, getCB(op, cb)});
  };
  // Configuration (compute_kernel_hw_startup.h, eltwise_binary.h,
  // eltwise_unary.h, transpose_wh.h, reconfig_data_format.h, pack.h).
  if (name == "compute_kernel_hw_startup") {
    bool reverse = getKeyword(op, "order") == "reverse";
    set(A, reverse ? "in1" : "in0");
    set(B, reverse ? "in0" : "in1");
    set(P, "out");
  } else if (name == "binary_op_init_common") {
    set(A, "in0");
    set(B, "in1");
    set(P, "out");
  } else if (name == "init_bcast") {
    // bcast.h init_bcast: llk_unpack_hw_configure(icb0, icb1) and
    // llk_pack_hw_configure(ocb).
    set(A, "in0");
    set(B, "in1");
    set(P, "out");
  } else if (name == "init_sfpu" || name == "transpose_wh_init" ||
             name == "unary_bcast_init") {
    // bcast.h unary_bcast_init: llk_unpack_hw_configure(icb) "will
    // configure A & B in similar way".
    set(A, "in");
    set(B, "in");
    set(P, "out");
  } else if (name == "reconfig_data_format") {
    set(A, "in0");
    set(B, "in1");
  } else if (name == "reconfig_data_format_srca") {
    set(A, "in");
  } else if (name == "reconfig_data_format_srcb") {
    set(B, "in");
  } else if (name == "pack_reconfig_data_format") {
    set(P, "out");
  }
  // Unpacking and packing (matmul.h: in0 to SrcB, in1 to SrcA;
  // eltwise_binary.h: in0 to SrcA, in1 to SrcB; dest reuse: the CB tile to
  // the register DST does not move to).
  else if (name == "matmul_tiles" || name == "matmul_block") {
    use(B, "in0");
    use(A, "in1");
  } else if (name == "add_tiles" || name == "sub_tiles" ||
             name == "mul_tiles" || name == "bcast_tiles") {
    use(A, "in0");
    use(B, "in1");
  } else if (name == "binary_dest_reuse_tiles") {
    use(getKeyword(op, "reuse") == "dest_to_srca" ? B : A, "in");
  } else if (name == "unary_bcast") {
    // bcast.h: a broadcast copy unpacks to SrcB and moves it to DST (B2D).
    use(B, "in");
  } else if (name == "copy_tile" || name == "transpose_wh_tile") {
    use(A, "in");
  } else if (name == "tilize_block" || name == "untilize_block") {
    // tilize.h / untilize.h: unpack (tilize or untilize mode) to SrcA,
    // datacopy to DST, pack. Their inits configure no format: SrcA and the
    // packer must already hold the CBs' (lib/Emulator/ComputeTilize.cpp).
    use(A, "in");
    use(P, "out");
  } else if (name == "pack_untilize_block") {
    // pack_untilize.h: unpacks as copy_tile does (SrcA, or straight into
    // DST for an UnpackToDestFp32 CB); its init configures the packer.
    use(A, "in");
  } else if (name == "pack_untilize_init" || name == "pack_untilize_uninit") {
    set(P, "out");
  } else if (name == "reduce_tile") {
    use(A, "in");
    use(B, "scaler");
  } else if (name == "pack_tile" || name == "pack_tile_at") {
    use(P, "out");
  }
  return effects;
}

llvm::DenseMap<int64_t, Type> tt::getKernelCBFormats(KernelOp kernel) {
  llvm::DenseMap<int64_t, Type> formats;
  Operation *parent = kernel->getParentOp();
  auto program = parent ? ProgramOp::dynCast(parent) : ProgramOp(nullptr);
  if (!program)
    return formats;
  auto ranges = kernel.getCoreRanges();
  for (Operation &child : *program.getBody()) {
    auto config = CBConfigOp::dynCast(&child);
    if (!config || !config.getCBType())
      continue;
    std::array<int64_t, 4> cores = config.getCoreRange();
    bool overlaps = ranges.empty();
    for (const auto &range : ranges)
      overlaps |= cores[0] <= range[2] && range[0] <= cores[2] &&
                  cores[1] <= range[3] && range[1] <= cores[3];
    if (overlaps && !formats.count(config.getIndex()))
      formats[config.getIndex()] = config.getCBType().getDataFormat();
  }
  return formats;
}

bool tt::movesIntoDest(Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  return name == "tt.copy_tile" || name == "tt.unary_bcast" ||
         name == "tt.tilize_block" || name == "tt.pack_untilize_block";
}

llvm::SmallVector<int64_t, 4> tt::getUnpackToDestFp32(KernelOp kernel) {
  llvm::SmallVector<int64_t, 4> cbs;
  if (auto attr = kernel->getInherentAttr("unpack_to_dest_fp32")
                      .dyn_cast_or_null<DenseArrayAttr>())
    for (int64_t index : attr.getIntValues())
      cbs.push_back(index);
  return cbs;
}

//===----------------------------------------------------------------------===//
// The analysis
//===----------------------------------------------------------------------===//

namespace {

/// The configurations of the three registers that may reach a point.
struct State {
  std::array<llvm::SmallVector<ReachingFormat, 2>, 3> registers;

  bool operator==(const State &other) const {
    return registers == other.registers;
  }
  bool operator!=(const State &other) const { return !(*this == other); }
  void merge(const State &other) {
    for (size_t i = 0; i < registers.size(); ++i)
      for (const ReachingFormat &reaching : other.registers[i])
        if (!llvm::is_contained(registers[i], reaching))
          registers[i].push_back(reaching);
  }
};

class FormatWalker {
public:
  FormatWalker(const llvm::DenseMap<int64_t, Type> &formats,
               const llvm::SmallPtrSetImpl<Operation *> *ignored)
      : formats(formats), ignored(ignored) {}

  void walkBlock(Block &block, State &state) {
    for (Operation &op : block)
      walkOp(&op, state);
  }

  std::vector<FormatMismatch> mismatches;

private:
  void walkOp(Operation *op, State &state) {
    auto loop = scf::ForOp::dynCast(op);
    if (loop || scf::WhileOp::dynCast(op)) {
      // The body starts with the state before the loop or at the end of
      // the body; iterate to the fixed point, then report once. A while
      // loop's trip is its condition region, then its body.
      auto walkTrip = [&](State &trip) {
        if (loop) {
          walkBlock(*loop.getBody(), trip);
          return;
        }
        for (Region &region : op->getRegions())
          for (Block &block : region)
            walkBlock(block, trip);
      };
      State entry = state, in = entry;
      bool saved = report;
      report = false;
      for (unsigned iteration = 0; iteration < 64; ++iteration) {
        State out = in;
        walkTrip(out);
        State next = entry;
        next.merge(out);
        if (next == in)
          break;
        in = next;
      }
      report = saved;
      State out = in;
      walkTrip(out);
      state = entry; // The loop may run no iteration.
      state.merge(out);
      return;
    }
    if (op->getNumRegions()) {
      // A branch: each region from the state before it; a missing else
      // (or an empty region) keeps the state as it is.
      State merged;
      bool fallsThrough = op->getNumRegions() < 2;
      bool first = true;
      for (Region &region : op->getRegions()) {
        if (region.empty()) {
          fallsThrough = true;
          continue;
        }
        State branch = state;
        for (Block &block : region)
          walkBlock(block, branch);
        if (first)
          merged = branch;
        else
          merged.merge(branch);
        first = false;
      }
      if (fallsThrough) {
        if (first)
          merged = state;
        else
          merged.merge(state);
      }
      state = merged;
      return;
    }
    FormatEffects effects = getFormatEffects(op);
    for (const auto &[reg, cb] : effects.uses) {
      Type required = formats.lookup(cb);
      if (!required)
        continue; // The op verifier reports an unconfigured CB.
      auto &reaching = state.registers[unsigned(reg)];
      bool matches = llvm::all_of(reaching, [&](const ReachingFormat &r) {
        return r.format == required;
      });
      if (matches)
        continue;
      if (report)
        mismatches.push_back({op, reg, cb, required, reaching});
      reaching.assign(1, ReachingFormat{required, op});
    }
    if (ignored && ignored->count(op))
      return;
    for (const auto &[reg, cb] : effects.sets)
      state.registers[unsigned(reg)].assign(
          1, ReachingFormat{formats.lookup(cb), op});
  }

  const llvm::DenseMap<int64_t, Type> &formats;
  const llvm::SmallPtrSetImpl<Operation *> *ignored;
  bool report = true;
};

} // namespace

std::vector<FormatMismatch>
tt::findFormatMismatches(KernelOp kernel,
                         const llvm::DenseMap<int64_t, Type> &formats,
                         const llvm::SmallPtrSetImpl<Operation *> *ignored) {
  FormatWalker walker(formats, ignored);
  State state;
  for (auto &reaching : state.registers)
    reaching.push_back(ReachingFormat{}); // Not configured yet.
  walker.walkBlock(*kernel.getBody(), state);
  return std::move(walker.mismatches);
}
