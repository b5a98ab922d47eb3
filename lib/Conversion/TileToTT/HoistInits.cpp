//===- HoistInits.cpp - tt-hoist-inits: inits out of loops ----------------===//
//
// tile-lower-compute configures the unpacker and the math engine right
// before each use (matmul_init before every sub-block's matmul_tiles), so
// that any sequence of ops is correct. When a loop re-runs the same init
// and nothing else in the loop changes what it configured, the init is
// needed once, before the loop: tt-metal's matmul kernels call mm_init once
// per kernel
// (ttnn/cpp/ttnn/operations/matmul/device/kernels/compute/bmm_large_block_zm_fused_bias_activation.cpp).
//
// The unpacker and math engine (FPU) and the SFPU are configured apart:
// an SFPU init (`exp_tile_init`, `mul_binary_tile_init`, ...) programs the
// SFPU only, and the FPU inits (`copy_tile_init`, `unary_bcast_init`,
// `reduce_init`, ...) and format reconfigurations leave the SFPU's
// configuration alone. tt-metal's eltwise_sfpu.cpp
// (ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/) calls
// init_sfpu once per kernel and runs copy_tile after each tile's SFPU init;
// the emulator records the last init of each unit apart (docs/emulator.md,
// "Each op after its own init").
//
// An init op is moved out of its loop when:
//  - the loop runs at least once (runsAtLeastOnce), so the state after it
//    is the same as before the move;
//  - the init has no operands (its configuration is all attributes);
//  - no op in the loop other than identical copies of it is an init or a
//    reconfiguration of the same unit: for an SFPU init another SFPU init
//    or compute_kernel_hw_startup; for an FPU init any other init or
//    reconfiguration but an SFPU init. Packer settings
//    (pack_reconfig_l1_acc) do not touch what the init configures.
// The identical copies are erased; repeated until no init moves.
//
// Then an init that repeats the last configuration of its unit in the same
// block (with no configuration of that unit, and no loop or branch that
// holds one, in between) is erased: `copy_tile_init(c_0)` before each of
// two copies of one tile.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// Whether `op` configures the unpacker or the math engine.
bool isConfiguration(Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  if (!name.consume_front("tt."))
    return false;
  if (name == "pack_reconfig_l1_acc")
    return false;
  return name.endswith("_init") || name.endswith("_uninit") ||
         name.contains("init_") ||
         name.contains("reconfig") || name.contains("hw_startup");
}

/// Whether `op` is an init of the SFPU alone (the `*_tile_init`s of the
/// SFPU ops, but `copy_tile_init`, which programs the unpacker).
bool isSfpuInit(Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  if (!name.consume_front("tt."))
    return false;
  return (name.endswith("_tile_init") && name != "copy_tile_init") ||
         name == "sfpu_reduce_init" || name == "copy_dest_values_init";
}

/// Whether configuration `other` may change what configuration `op` set.
bool interferes(Operation *op, Operation *other) {
  bool sfpu = isSfpuInit(op), otherSfpu = isSfpuInit(other);
  if (sfpu == otherSfpu)
    return true;
  // compute_kernel_hw_startup configures every unit.
  return other->getName().getStringRef() == "tt.compute_kernel_hw_startup";
}

/// Whether `a` and `b` are the same init (name and attributes).
bool isSameInit(Operation *a, Operation *b) {
  return a->getName() == b->getName() && a->getNumOperands() == 0 &&
         b->getNumOperands() == 0 &&
         a->getPropertiesDict() == b->getPropertiesDict() &&
         a->getAttrDictionary() == b->getAttrDictionary();
}

/// Moves one init out of its loop; false when none can move.
bool hoistOne(Operation *kernel) {
  Operation *found = nullptr;
  kernel->walk([&](Operation *op) {
    if (found || !isConfiguration(op) || op->getNumOperands() != 0)
      return;
    auto loop = scf::ForOp::dynCast(op->getParentOp());
    if (!loop || !runsAtLeastOnce(loop))
      return;
    bool alone = true;
    loop.getOperation()->walk([&](Operation *other) {
      if (other != op && isConfiguration(other) && !isSameInit(op, other) &&
          interferes(op, other))
        alone = false;
    });
    if (alone)
      found = op;
  });
  if (!found)
    return false;
  Operation *loop = found->getParentOp();
  llvm::SmallVector<Operation *, 4> copies;
  loop->walk([&](Operation *other) {
    if (other != found && isSameInit(found, other))
      copies.push_back(other);
  });
  for (Operation *copy : copies)
    copy->erase();
  found->moveBefore(loop);
  return true;
}

/// Whether `op` or an op nested in it is a configuration that `init`'s
/// unit sees.
bool configures(Operation *op, Operation *init) {
  bool found = false;
  op->walk([&](Operation *inner) {
    found |= isConfiguration(inner) && interferes(init, inner);
  });
  return found;
}

/// Erases the inits that repeat the last configuration of their unit in
/// their block; returns how many.
int64_t eraseRepeated(Operation *kernel) {
  llvm::SmallVector<Operation *, 16> repeated;
  kernel->walk([&](Operation *op) {
    if (!isConfiguration(op) || op->getNumOperands() != 0)
      return;
    for (Operation *prev = op->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (isConfiguration(prev) && interferes(op, prev)) {
        if (isSameInit(op, prev))
          repeated.push_back(op);
        return;
      }
      if (prev->getNumRegions() != 0 && configures(prev, op))
        return;
    }
  });
  for (Operation *op : repeated)
    op->erase();
  return int64_t(repeated.size());
}

class TTHoistInitsPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tt-hoist-inits"; }
  llvm::StringRef getName() const override { return "TTHoistInits"; }
  llvm::StringRef getDescription() const override {
    return "Move compute inits out of loops that do not change what they "
           "configure, and erase inits that repeat the last one";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TTHoistInitsPass>();
  }
  void runOnOperation() override {
    loadLoweringDialects(getContext());
    getOperation()->walk([&](Operation *op) {
      auto kernel = tt::KernelOp::dynCast(op);
      if (!kernel || kernel.getRole() != "compute")
        return;
      while (hoistOne(op))
        ++numHoisted;
      numRepeated += eraseRepeated(op);
    });
  }

private:
  Statistic numHoisted{this, "num-hoisted", "Inits moved out of a loop"};
  Statistic numRepeated{this, "num-repeated",
                        "Inits erased that repeated their unit's last one"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTTHoistInitsPass() {
  return std::make_unique<TTHoistInitsPass>();
}
