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
// An init op is moved out of its loop when:
//  - the loop runs at least once (runsAtLeastOnce), so the state after it
//    is the same as before the move;
//  - the init has no operands (its configuration is all attributes);
//  - no op in the loop other than identical copies of it is an init or a
//    reconfiguration of the unpacker or the math engine (an SFPU init, a
//    copy_tile_init, a reconfig_data_format...). Packer settings
//    (pack_reconfig_l1_acc) do not touch what the init configures.
// The identical copies are erased; repeated until no init moves.
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
      if (other != op && isConfiguration(other) && !isSameInit(op, other))
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

class TTHoistInitsPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tt-hoist-inits"; }
  llvm::StringRef getName() const override { return "TTHoistInits"; }
  llvm::StringRef getDescription() const override {
    return "Move compute inits out of loops that do not change what they "
           "configure";
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
    });
  }

private:
  Statistic numHoisted{this, "num-hoisted", "Inits moved out of a loop"};
};

} // namespace

std::unique_ptr<Pass> tilt::createTTHoistInitsPass() {
  return std::make_unique<TTHoistInitsPass>();
}
