//===- FoldAtomics.cpp - tile-fold-atomics
//---------------------------------===//
//
// TileLang's T.atomic_add (split-K GEMM: the blocks of a grid dimension
// compute partial sums of one C block and add them into C) has no
// Tenstorrent counterpart: a core cannot add into DRAM, and the order of
// additions from different cores would make the result change from run to
// run. tile-fold-atomics makes the sum deterministic and local: the grid
// dimension that the added slices do not depend on (the split) becomes a
// loop inside the block, so one core computes the partial sums of its C
// block one after the other, adds them in order into an on-core
// accumulator (the partials' workspace in L1), reads C's old value on the
// first trip and writes the sum on the last:
//
//   scf.for %z = 0 to S {                      (bz := %z)
//     ... the block's body ...
//     scf.if (%z == 0) { tile.copy C[off] -> acc }
//     acc = acc + partial                      (tile.parallel)
//     scf.if (%z == S - 1) { tile.copy acc -> C[off] }
//   }
//
// The blocks of the split run on one core instead of S; a kernel whose
// other grid dimensions leave cores idle is slower than a GPU's split-K
// (docs/pipeline.md). A slice that depends on every grid dimension (no
// split) becomes the read, the add and the write without a loop.
//
// An atomic inside a loop or a branch (FlashAttention backward's dQ, whose
// slice moves with the loop) is added where it is instead: the split's
// loop as above, and at the atomic a read of the slice from DRAM, the add
// and the write back. The read waits until the writer's previous write has
// landed (tile-lower-data-movement passes a token page from writer to
// reader per write), so the split's blocks add in order, as the
// interpreter does.
//
// Rejected (a diagnostic at the op): slices that depend on a value read
// when the kernel runs, two split dimensions, atomics that disagree on the
// split, and kernels that also copy from or to the tensor the atomic adds
// into.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallSet.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The grid dimensions (block arguments 0..rank-1 of `kernel`) that
/// `value` is computed from; false when it depends on a loop variable or a
/// value from outside index arithmetic.
bool collectGridDims(Value value, tile::KernelOp kernel,
                     llvm::SmallSet<unsigned, 3> &dims, bool loopVariables,
                     unsigned depth = 0) {
  if (depth > 64)
    return false;
  if (auto argument = value.dyn_cast<BlockArgument>()) {
    if (argument.getOwner() != kernel.getBody()) {
      // The induction variable of a loop in the kernel.
      Operation *loop = argument.getOwner()->getParentOp();
      return loopVariables && argument.getArgNumber() == 0 &&
             (scf::ForOp::dynCast(loop) || tile::PipelinedOp::dynCast(loop)) &&
             kernel.getOperation()->isProperAncestor(loop);
    }
    if (argument.getArgNumber() < kernel.getGrid().size())
      dims.insert(argument.getArgNumber());
    return true;
  }
  Operation *def = value.getDefiningOp();
  // An element read when the kernel runs (tile.load) could name another
  // block's slice.
  if (!def || def->getNumRegions() != 0 || tile::LoadOp::dynCast(def))
    return false;
  for (Value operand : def->getOperands())
    if (!collectGridDims(operand, kernel, dims, loopVariables, depth + 1))
      return false;
  return true;
}

class TileFoldAtomicsPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tile-fold-atomics"; }
  llvm::StringRef getName() const override { return "TileFoldAtomics"; }
  llvm::StringRef getDescription() const override {
    return "Turn T.atomic_add across a split grid dimension into a loop of "
           "the split inside the block, summing the partials on one core in "
           "order (deterministic split-K)";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TileFoldAtomicsPass>();
  }
  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    return success();
  }
  void runOnOperation() override {
    llvm::SmallVector<tile::KernelOp, 2> kernels;
    getOperation()->walk([&](Operation *op) {
      if (auto kernel = tile::KernelOp::dynCast(op))
        kernels.push_back(kernel);
    });
    for (tile::KernelOp kernel : kernels)
      if (failed(fold(kernel)))
        return signalPassFailure();
  }

private:
  Statistic numFolded{this, "num-atomics", "Atomic adds folded"};

  LogicalResult fold(tile::KernelOp kernel) {
    Operation *kernelOp = kernel.getOperation();
    Block *body = kernel.getBody();
    // tile.atomic_add, atomic_max and atomic_min.
    llvm::SmallVector<tile::AnyAtomicOp, 2> atomics;
    kernelOp->walk([&](Operation *op) {
      if (tile::AnyAtomicOp atomic = tile::AnyAtomicOp::dynCast(op))
        atomics.push_back(atomic);
    });
    if (atomics.empty())
      return success();
    llvm::ArrayRef<int64_t> grid = kernel.getGrid();
    llvm::SmallSet<unsigned, 3> used;
    llvm::DenseSet<Value> targets;
    // An atomic inside a loop or a branch adds into its slice in DRAM
    // where it is (read, add, write), in program order on one core.
    bool inPlace = llvm::any_of(atomics, [&](tile::AnyAtomicOp atomic) {
      return atomic.getOperation()->getBlock() != body;
    });
    for (tile::AnyAtomicOp atomic : atomics) {
      Operation *op = atomic.getOperation();
      for (Value offset : atomic.getOffsets())
        if (!collectGridDims(offset, kernel, used, inPlace))
          return op->emitError()
                 << "the slice of an atomic_" << atomic.getKind()
                 << " depends on a value other than the block indices and "
                    "loop variables (a value read when the kernel runs): "
                    "not supported yet";
      targets.insert(atomic.getTensor());
    }
    // The tensors added into are only added into.
    LogicalResult copied = success();
    kernelOp->walk([&](Operation *op) {
      auto copy = tile::CopyOp::dynCast(op);
      if (!copy || failed(copied))
        return;
      Value tensor = copy.getSource().getType().isa<tile::TensorType>()
                         ? copy.getSource()
                         : copy.getDest();
      if (targets.count(tensor))
        copied = op->emitError()
                 << "this kernel also copies from or to the tensor its "
                    "atomics combine into: not supported";
    });
    if (failed(copied))
      return failure();
    llvm::SmallVector<unsigned, 2> split;
    for (unsigned d = 0; d < grid.size(); ++d)
      if (!used.count(d) && grid[d] > 1)
        split.push_back(d);
    if (split.size() > 1)
      return atomics.front().getOperation()->emitError()
             << "the atomic's slice does not depend on grid dimensions "
             << split[0] << " and " << split[1]
             << ": a split over more than one dimension is not supported yet";

    // Named in the remark, after the atomics are gone (a kind is a string
    // literal).
    llvm::StringRef firstKind = atomics.front().getKind();
    Context *context = kernelOp->getContext();
    OpBuilder builder(context);
    Location loc = kernelOp->getLoc();
    // Buffers first, so that the loop below holds the rest of the body.
    Block::iterator firstNonAlloc = body->begin();
    llvm::SmallVector<Operation *, 8> allocs;
    for (Operation &op : *body)
      if (tile::AllocOp::dynCast(&op))
        allocs.push_back(&op);
    for (Operation *alloc : llvm::reverse(allocs))
      alloc->moveBefore(body, body->begin());
    firstNonAlloc = body->begin();
    while (firstNonAlloc != body->end() &&
           tile::AllocOp::dynCast(&*firstNonAlloc))
      ++firstNonAlloc;

    // The accumulators.
    builder.setInsertionPoint(body, firstNonAlloc);
    llvm::DenseMap<Operation *, Value> accumulators;
    for (tile::AnyAtomicOp atomic :
         llvm::ArrayRef<tile::AnyAtomicOp>(atomics).drop_front(
             inPlace ? atomics.size() : 0)) {
      auto bufType = atomic.getBuffer().getType().cast<tile::BufType>();
      auto tensorType = atomic.getTensor().getType().cast<tile::TensorType>();
      auto accType = tile::BufType::get(context, bufType.getShape(),
                                        tensorType.getElementType(),
                                        tile::MemorySpace::Fragment);
      accumulators[atomic.getOperation()] =
          builder
              .create<tile::AllocOp>(atomic.getOperation()->getLoc(), accType)
              .getOperation()
              ->getResult(0);
    }
    Block::iterator start = builder.getInsertionPoint();

    // The split's loop around the rest of the body.
    Value iv;
    int64_t trips = split.empty() ? 1 : grid[split[0]];
    if (!split.empty()) {
      llvm::SmallVector<Operation *, 32> rest;
      for (Block::iterator it = start; it != body->end(); ++it)
        rest.push_back(&*it);
      builder.setInsertionPoint(body, start);
      Value zero = createIndex(builder, loc, 0);
      Value upper = createIndex(builder, loc, trips);
      Value one = createIndex(builder, loc, 1);
      auto loop = builder.create<scf::ForOp>(loc, zero, upper, one);
      Operation *terminator = loop.getBody()->getTerminator();
      for (Operation *op : rest)
        op->moveBefore(terminator);
      iv = loop.getInductionVar();
      body->getArgument(split[0]).replaceAllUsesWith(iv);
    }

    if (inPlace) {
      for (tile::AnyAtomicOp atomic : atomics)
        addInPlace(builder, atomic);
      kernelOp->setAttr(kInPlaceAtomicsAttrName, UnitAttr::get(context));
      llvm::SmallVector<int64_t, 3> newGrid(grid.begin(), grid.end());
      if (!split.empty())
        newGrid[split[0]] = 1;
      kernelOp->setInherentAttr("grid",
                                DenseArrayAttr::getI64(context, newGrid));
      kernelOp->emitRemark()
          << "tile-fold-atomics: an atomic_" << firstKind
          << " inside a loop or a branch adds into its slice in DRAM where it "
             "is (read, add, write); "
          << (split.empty()
                  ? std::string("every block adds into slices of its own")
                  : "the " + std::to_string(trips) +
                        " blocks of grid dimension " +
                        std::to_string(split[0]) +
                        " that add into the same slices run in order on one "
                        "core (grid [" +
                        formatInts(grid) + "] -> [" + formatInts(newGrid) +
                        "])")
          << ", and each read waits for the writes before it, so the result "
             "is the same on every run";
      return success();
    }
    for (tile::AnyAtomicOp atomic : atomics) {
      Operation *op = atomic.getOperation();
      Location atomicLoc = op->getLoc();
      Value acc = accumulators[op];
      Value tensor = atomic.getTensor();
      Value partial = atomic.getBuffer();
      llvm::StringRef kind = atomic.getKind();
      llvm::SmallVector<Value, 4> offsets(atomic.getOffsets().begin(),
                                          atomic.getOffsets().end());
      llvm::SmallVector<int64_t, 4> dims = copyDims(atomic);
      builder.setInsertionPoint(op);
      auto guarded = [&](int64_t trip, bool read) {
        auto emitCopy = [&] {
          if (!read) {
            builder.create<tile::CopyOp>(atomicLoc, acc, tensor, offsets, dims);
            return;
          }
          // C's block lands in a buffer of its own, used up inside the
          // branch (the reader's pages are popped there), and is copied
          // into the accumulator that lives across the trips.
          Value old = builder
                          .create<tile::AllocOp>(
                              atomicLoc,
                              tile::BufType::get(
                                  context,
                                  acc.getType().cast<tile::BufType>().getShape(),
                                  acc.getType().cast<tile::BufType>()
                                      .getElementType(),
                                  tile::MemorySpace::Shared))
                          .getOperation()
                          ->getResult(0);
          builder.create<tile::CopyOp>(atomicLoc, tensor, old, offsets, dims);
          builder.create<tile::CopyOp>(atomicLoc, old, acc);
        };
        if (!iv) {
          emitCopy();
          return;
        }
        Value at = createIndex(builder, atomicLoc, trip);
        Value cond =
            builder
                .create<arith::CmpIOp>(atomicLoc, arith::CmpIPredicate::eq, iv,
                                       at)
                .getOperation()
                ->getResult(0);
        auto branch = builder.create<scf::IfOp>(atomicLoc, TypeRange{}, cond,
                                                /*withElse=*/false);
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPoint(
            branch.getOperation()->getRegion(0).front().getTerminator());
        emitCopy();
      };
      // C's old value on the first trip, the partial added on every trip,
      // the sum written on the last.
      guarded(0, /*read=*/true);
      combine(builder, atomicLoc, kind, acc, partial, acc);
      guarded(trips - 1, /*read=*/false);
      op->erase();
      ++numFolded;
    }

    if (!split.empty()) {
      // The split's extent becomes 1 (its index is the loop's now).
      llvm::SmallVector<int64_t, 3> newGrid(grid.begin(), grid.end());
      newGrid[split[0]] = 1;
      kernelOp->setInherentAttr("grid", DenseArrayAttr::getI64(context, newGrid));
      kernelOp->emitRemark()
          << "tile-fold-atomics: the " << trips << " blocks of grid dimension "
          << split[0] << " combine into the same slices (atomic_" << firstKind
          << "); one core computes them in order and combines them in L1, so "
             "the result is the same on every run (grid ["
          << formatInts(grid) << "] -> [" << formatInts(newGrid) << "])";
    }
    return success();
  }

  /// `atomic` as a read of its slice (waiting for the writes before it:
  /// kReadAfterWritesAttrName), the combination and a write of the slice.
  void addInPlace(OpBuilder &builder, tile::AnyAtomicOp atomic) {
    Operation *op = atomic.getOperation();
    Context *context = op->getContext();
    Location loc = op->getLoc();
    Value tensor = atomic.getTensor(), partial = atomic.getBuffer();
    llvm::SmallVector<Value, 4> offsets(atomic.getOffsets().begin(),
                                        atomic.getOffsets().end());
    llvm::StringRef kind = atomic.getKind();
    llvm::SmallVector<int64_t, 4> dims = copyDims(atomic);
    auto partialType = partial.getType().cast<tile::BufType>();
    Type element = tensor.getType().cast<tile::TensorType>().getElementType();
    builder.setInsertionPoint(op);
    auto make = [&](tile::MemorySpace space) {
      return builder
          .create<tile::AllocOp>(loc, tile::BufType::get(context,
                                                         partialType.getShape(),
                                                         element, space))
          .getOperation()
          ->getResult(0);
    };
    Value old = make(tile::MemorySpace::Shared);
    Value sum = make(tile::MemorySpace::Fragment);
    builder.create<tile::CopyOp>(loc, tensor, old, offsets, dims)
        .getOperation()
        ->setAttr(kReadAfterWritesAttrName, UnitAttr::get(context));
    combine(builder, loc, kind, old, partial, sum);
    builder.create<tile::CopyOp>(loc, sum, tensor, offsets, dims)
        .getOperation()
        ->setAttr(kReadAfterWritesAttrName, UnitAttr::get(context));
    op->erase();
    ++numFolded;
  }

  /// `result = old (kind) partial`, elementwise (a tile.parallel): the
  /// partial converted to the result's element type first.
  static void combine(OpBuilder &builder, Location loc, llvm::StringRef kind,
                      Value old, Value partial, Value result) {
    Type element = result.getType().cast<tile::BufType>().getElementType();
    Type from = partial.getType().cast<tile::BufType>().getElementType();
    auto parallel = builder.create<tile::ParallelOp>(
        loc, ValueRange{old, partial}, ValueRange{result});
    OpBuilder::InsertionGuard guard(builder);
    Block *body = parallel.getBody();
    builder.setInsertionPointToEnd(body);
    Value a = body->getArgument(0), b = body->getArgument(1);
    if (from != element)
      b = from.getIntOrFloatBitWidth() < element.getIntOrFloatBitWidth()
              ? builder.create<arith::ExtFOp>(loc, element, b)
                    .getOperation()
                    ->getResult(0)
              : builder.create<arith::TruncFOp>(loc, element, b)
                    .getOperation()
                    ->getResult(0);
    Value value =
        kind == "max"   ? createBinary<arith::MaximumFOp>(builder, loc, a, b)
        : kind == "min" ? createBinary<arith::MinimumFOp>(builder, loc, a, b)
                        : createBinary<arith::AddFOp>(builder, loc, a, b);
    builder.create<tile::YieldOp>(loc, ValueRange{value});
  }

  /// The `dims` of the copies that stand for `atomic`: its own when it
  /// has them, else none (the trailing dimensions).
  static llvm::SmallVector<int64_t, 4> copyDims(tile::AnyAtomicOp atomic) {
    if (!atomic.getOperation()->getAttr("dims"))
      return {};
    return atomic.getDims();
  }

  static std::string formatInts(llvm::ArrayRef<int64_t> values) {
    std::string text;
    for (size_t i = 0; i < values.size(); ++i)
      text += (i ? ", " : "") + std::to_string(values[i]);
    return text;
  }
};

} // namespace

std::unique_ptr<Pass> tilt::createTileFoldAtomicsPass() {
  return std::make_unique<TileFoldAtomicsPass>();
}
