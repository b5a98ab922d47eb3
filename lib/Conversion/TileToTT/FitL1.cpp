//===- FitL1.cpp - Circular buffer depths that fit a core's L1 ------------===//
//
// tile-lower-data-movement gives the CBs the reader and writer stream
// through two blocks of pages (the loop's `stages`, double buffering: the
// reader fills block k + 1 while compute uses block k), and so do the mask
// CBs it makes. When a kernel's CBs do not fit the usable L1 of a core,
// tile-lower-compute takes the second block away from the largest of them
// first, until they fit: the data movement then waits for compute, but the
// block sizes the user chose still run. Each change is reported (a warning
// with a note per CB); what still does not fit is tt-verify's error, which
// names every CB of the core.
//
// tt-metal's SDPA chooses the same way by hand: Q is double-buffered only
// when a core runs more than one Q chunk (q_buffer_factor in
// ttnn/cpp/ttnn/operations/transformer/sdpa/device/sdpa_program_factory.cpp).
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"
#include "tilt/Dialect/TT/Passes.h"
#include "llvm/ADT/ScopeExit.h"

#include <algorithm>

using namespace tilt;
using namespace tilt::tiletott;

namespace {

int64_t getBytes(cb::CBType type) {
  return type.getPageSize() * type.getPages();
}

} // namespace

void tiletott::markDoubleBuffered(Value cb, int64_t blockPages) {
  Operation *alloc = cb.getDefiningOp();
  auto type = cb.getType().cast<cb::CBType>();
  if (alloc && type.getPages() > blockPages)
    alloc->setAttr(
        kSingleBlockPagesAttrName,
        IntegerAttr::get(IntegerType::get(cb.getContext(), 64), blockPages));
}

void tiletott::fitL1(tile::KernelOp kernel) {
  Operation *op = kernel.getOperation();
  auto partition =
      op->getAttr(tile::kPartitionAttrName).dyn_cast_or_null<DictionaryAttr>();
  auto arch = partition ? partition.get("arch").dyn_cast_or_null<StringAttr>()
                        : StringAttr();
  llvm::SmallVector<Operation *, 16> allocs;
  for (Operation &child : *kernel.getBody())
    if (cb::AllocOp::dynCast(&child))
      allocs.push_back(&child);
  auto clear = llvm::make_scope_exit([&] {
    for (Operation *alloc : allocs)
      alloc->removeAttr(kSingleBlockPagesAttrName);
  });
  if (!arch)
    return;
  int64_t usable = tt::getUsableL1Bytes(arch.getValue());
  int64_t total = 0;
  for (Operation *alloc : allocs)
    total += getBytes(alloc->getResult(0).getType().cast<cb::CBType>());
  if (total <= usable)
    return;
  // The CBs that can lose a block: the outputs first (c_16 on; compute
  // reserves an output block when it starts writing it, late in its
  // block, and the writer has drained the last one by then, while a
  // single-buffered input stalls compute for a whole read before each
  // block), then the largest saving first (then by index, so that the
  // choice does not depend on pointers).
  struct Candidate {
    Operation *alloc;
    int64_t pages, saving;
    bool output;
  };
  llvm::SmallVector<Candidate, 8> candidates;
  for (Operation *alloc : allocs) {
    auto pages = alloc->getAttrOfType<IntegerAttr>(kSingleBlockPagesAttrName);
    auto type = alloc->getResult(0).getType().cast<cb::CBType>();
    if (pages && pages.getInt() < type.getPages())
      candidates.push_back(
          {alloc, pages.getInt(),
           (type.getPages() - pages.getInt()) * type.getPageSize(),
           cb::AllocOp(alloc).getIndex() >= kFirstOutputCB});
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate &a, const Candidate &b) {
                     if (a.output != b.output)
                       return a.output;
                     return a.saving > b.saving;
                   });
  int64_t before = total;
  llvm::SmallVector<Candidate, 8> taken;
  for (const Candidate &candidate : candidates) {
    if (total <= usable)
      break;
    Value cb = candidate.alloc->getResult(0);
    auto type = cb.getType().cast<cb::CBType>();
    cb.setType(cb::CBType::get(cb.getContext(), type.getDataFormat(),
                               type.getPageSize(), candidate.pages));
    total -= candidate.saving;
    taken.push_back(candidate);
  }
  // tile-coarsen chose the block for a core that runs it once, counting
  // the output's pages once: nothing the user chose changed.
  if (taken.empty() || (op->getAttr(kCoarsenedAttrName) && total <= usable))
    return;
  InFlightDiagnostic diag =
      op->emitWarning() << "the circular buffers of a core need " << before
                        << " bytes of L1 with double-buffered data movement; "
                        << arch.getValue() << " has " << usable
                        << " usable, so " << uint64_t(taken.size())
                        << " of them hold one block (" << total << " bytes"
                        << (total <= usable ? "" : ", still too many") << ")";
  for (const Candidate &candidate : taken)
    diag.attachNote(candidate.alloc->getLoc())
        << "c_" << cb::AllocOp(candidate.alloc).getIndex() << ": one block of "
        << candidate.pages << " pages instead of two (" << candidate.saving
        << " bytes less)";
}
