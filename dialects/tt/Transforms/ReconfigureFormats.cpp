//===- ReconfigureFormats.cpp - tt-reconfigure-formats --------------------===//
//
// Makes each compute kernel configure the unpacker and packer for the CBs
// it actually reads and writes (include/tilt/Dialect/TT/FormatState.h):
//
//  1. A Float32 or Int32 CB that the kernel only reads with copy_tile (or
//     unary_bcast, tilize_block, pack_untilize_block), in a kernel with
//     fp32_dest_acc, is unpacked straight into DST
//     (`unpack_to_dest_fp32`, ComputeConfig::unpack_to_dest_mode): through
//     SrcA f32 would lose 13 mantissa bits (TF32), an int32 its word.
//  2. Where a use of SrcA, SrcB or the packer may be reached with the
//     register configured for another format, a reconfiguration is
//     inserted (reconfig_data_format_srca / _srcb, pack_reconfig_data_format)
//     on the way in: before the use's init when it directly precedes the
//     use, and before the loops around the use when nothing else in them
//     needs the register otherwise, so that a K loop does not reconfigure
//     per tile. Each insertion fixes the first mismatch left, in program
//     order, until none is left.
//  3. An inserted reconfiguration that turns out not to be needed (another
//     one later covers every path) is removed, so the kernel reconfigures
//     exactly where the state changes.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/FormatState.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/IR/Builders.h"
#include "llvm/ADT/SmallSet.h"

using namespace tilt;
using namespace tilt::tt;

namespace {

/// The short init that configures the math and unpack programs for `use`
/// (and so comes before it in the generated code).
bool isInitOf(Operation *init, Operation *use) {
  llvm::StringRef initName = init->getName().getStringRef();
  llvm::StringRef useName = use->getName().getStringRef();
  if (useName == "tt.matmul_tiles" || useName == "tt.matmul_block")
    return initName == "tt.matmul_init" || initName == "tt.matmul_block_init";
  if (useName == "tt.copy_tile")
    return initName == "tt.copy_tile_init";
  if (useName == "tt.reduce_tile")
    return initName == "tt.reduce_init";
  if (useName == "tt.binary_dest_reuse_tiles")
    return initName == "tt.binary_dest_reuse_tiles_init";
  if (useName == "tt.add_tiles")
    return initName == "tt.add_tiles_init";
  if (useName == "tt.sub_tiles")
    return initName == "tt.sub_tiles_init";
  if (useName == "tt.mul_tiles")
    return initName == "tt.mul_tiles_init";
  // The unpacker's tilize (untilize) mode: a reconfiguration comes before
  // the init, which sets the mode up for the configured format.
  if (useName == "tt.tilize_block")
    return initName == "tt.tilize_init";
  if (useName == "tt.untilize_block")
    return initName == "tt.untilize_init";
  if (useName == "tt.pack_untilize_block")
    return initName == "tt.pack_untilize_init";
  return false;
}

/// Whether `op` (or an op nested in it) configures or uses `reg`; with
/// `other`, only with a format different from `format`.
bool touches(Operation *op, FormatRegister reg,
             const llvm::DenseMap<int64_t, Type> &formats, Type format,
             bool other) {
  bool found = false;
  op->walk([&](Operation *inner) {
    FormatEffects effects = getFormatEffects(inner);
    for (auto *list : {&effects.sets, &effects.uses})
      for (const auto &[r, cb] : *list)
        if (r == reg && (!other || formats.lookup(cb) != format))
          found = true;
  });
  return found;
}

/// Where the reconfiguration for `mismatch` goes.
Operation *getInsertionPoint(const FormatMismatch &mismatch,
                             const llvm::DenseMap<int64_t, Type> &formats) {
  Operation *anchor = mismatch.op;
  FormatRegister reg = mismatch.reg;
  // Out of loops whose body needs nothing else of the register, while the
  // anchor is the body's first op to touch it.
  while (Operation *parent = anchor->getParentOp()) {
    auto loop = scf::ForOp::dynCast(parent);
    if (!loop)
      break;
    bool first = true;
    for (Operation *prev = anchor->getPrevNode(); prev && first;
         prev = prev->getPrevNode())
      first = !touches(prev, reg, formats, Type(), /*other=*/false);
    if (!first || touches(parent, reg, formats, mismatch.required,
                          /*other=*/true))
      break;
    anchor = parent;
  }
  // Before the use's init, when only ops that leave the state alone are
  // in between.
  for (Operation *prev = anchor->getPrevNode(); prev;
       prev = prev->getPrevNode()) {
    if (isInitOf(prev, mismatch.op)) {
      anchor = prev;
      break;
    }
    FormatEffects effects = getFormatEffects(prev);
    if (prev->getNumRegions() || !effects.sets.empty() ||
        !effects.uses.empty())
      break;
  }
  return anchor;
}

Operation *createReconfiguration(OpBuilder &builder, Location loc,
                                 FormatRegister reg, int64_t cb) {
  // Named arrays: an ArrayRef of a braced list would dangle.
  std::pair<llvm::StringRef, int64_t> in[] = {{"in", cb}};
  std::pair<llvm::StringRef, int64_t> out[] = {{"out", cb}};
  switch (reg) {
  case FormatRegister::SrcA:
    return builder.create<ReconfigDataFormatSrcaOp>(loc, ValueRange{}, in)
        .getOperation();
  case FormatRegister::SrcB:
    return builder.create<ReconfigDataFormatSrcbOp>(loc, ValueRange{}, in)
        .getOperation();
  case FormatRegister::Pack:
    break;
  }
  return builder.create<PackReconfigDataFormatOp>(loc, ValueRange{}, out)
      .getOperation();
}

/// Float32 and Int32 CBs that only copy_tile, unary_bcast, tilize_block
/// or pack_untilize_block read, in a kernel with fp32_dest_acc (an int32 word
/// reaches DST only this way: the source registers hold 19 bits).
void selectUnpackToDest(KernelOp kernel,
                        const llvm::DenseMap<int64_t, Type> &formats) {
  if (!kernel->getInherentAttr("fp32_dest_acc"))
    return;
  llvm::SmallSet<int64_t, 8> copied, other;
  kernel->walk([&](Operation *op) {
    FormatEffects effects = getFormatEffects(op);
    for (const auto &[reg, cb] : effects.uses) {
      if (reg == FormatRegister::Pack)
        continue;
      // What reads a CB only to move it keeps f32 exact when it is
      // unpacked straight into DST.
      if (movesIntoDest(op))
        copied.insert(cb);
      else
        other.insert(cb);
    }
  });
  llvm::SmallVector<int64_t, 4> selected = getUnpackToDestFp32(kernel);
  for (int64_t cb : copied) {
    Type format = formats.lookup(cb);
    if (format && (format.isF32() || format.isInteger(32)) &&
        !other.count(cb) && !llvm::is_contained(selected, cb))
      selected.push_back(cb);
  }
  if (selected.empty())
    return;
  llvm::sort(selected);
  kernel->setInherentAttr(
      "unpack_to_dest_fp32",
      DenseArrayAttr::getI64(kernel->getContext(), selected));
}

class ReconfigureFormatsPass : public Pass {
public:
  llvm::StringRef getArgument() const override {
    return "tt-reconfigure-formats";
  }
  llvm::StringRef getName() const override { return "TTReconfigureFormats"; }
  llvm::StringRef getDescription() const override {
    return "Configure the unpacker and packer of each compute kernel for "
           "the formats of the CBs it reads and writes: unpack-to-DST for "
           "fp32 CBs only copied, reconfigurations where the state changes";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<ReconfigureFormatsPass>();
  }

  void runOnOperation() override {
    llvm::SmallVector<KernelOp, 4> kernels;
    getOperation()->walk([&](Operation *op) {
      if (auto kernel = KernelOp::dynCast(op))
        if (kernel.isCompute())
          kernels.push_back(kernel);
    });
    for (KernelOp kernel : kernels)
      reconfigure(kernel);
  }

private:
  void reconfigure(KernelOp kernel) {
    llvm::DenseMap<int64_t, Type> formats = getKernelCBFormats(kernel);
    selectUnpackToDest(kernel, formats);

    llvm::SmallVector<Operation *, 8> inserted;
    // Each round fixes one use; a kernel has far fewer than this.
    for (unsigned round = 0; round < 4096; ++round) {
      std::vector<FormatMismatch> mismatches =
          findFormatMismatches(kernel, formats);
      if (mismatches.empty())
        break;
      const FormatMismatch &first = mismatches.front();
      OpBuilder builder(kernel->getContext());
      builder.setInsertionPoint(getInsertionPoint(first, formats));
      inserted.push_back(createReconfiguration(builder, first.op->getLoc(),
                                               first.reg, first.cb));
    }
    for (Operation *op : inserted) {
      llvm::SmallPtrSet<Operation *, 1> ignored;
      ignored.insert(op);
      if (findFormatMismatches(kernel, formats, &ignored).empty())
        op->erase();
      else
        ++numInserted;
    }
  }

  Statistic numInserted{this, "reconfigurations",
                        "Data-format reconfigurations inserted"};
};

} // namespace

std::unique_ptr<Pass> tt::createTTReconfigureFormatsPass() {
  return std::make_unique<ReconfigureFormatsPass>();
}
