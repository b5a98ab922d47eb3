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
#include "tilt/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallSet.h"
#include <limits>

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

/// The number of cores the S blocks of a split are spread over: the
/// largest divisor of S, at most kMaxSplitCores, whose blocks with the
/// others' (`others` per split index) still get a core each; 1 when none
/// is.
int64_t chooseSplitCores(int64_t splits, int64_t others, int64_t cores) {
  for (int64_t p = std::min(splits, kMaxSplitCores); p >= 2; --p)
    if (splits % p == 0 && others <= cores / p)
      return p;
  return 1;
}

/// `value` (index arithmetic on the kernel's block indices) where the
/// builder is: itself when it is defined in `body` itself, else its
/// defining ops cloned (once each, `cloned` remembers them).
Value materializeIndex(OpBuilder &builder, Value value, Block *body,
                       llvm::DenseMap<Value, Value> &cloned) {
  if (value.isa<BlockArgument>())
    return value;
  Operation *def = value.getDefiningOp();
  if (def->getBlock() == body)
    return value;
  auto found = cloned.find(value);
  if (found != cloned.end())
    return found->second;
  IRMapping mapping;
  for (Value operand : def->getOperands())
    mapping.map(operand, materializeIndex(builder, operand, body, cloned));
  Operation *copy = builder.clone(*def, mapping);
  for (unsigned i = 0; i < def->getNumResults(); ++i)
    cloned[def->getResult(i)] = copy->getResult(i);
  return cloned[value];
}

class TileFoldAtomicsPass : public TargetPass {
public:
  TileFoldAtomicsPass() {
    declareOption("spread",
                  "Spread the blocks of a split over idle cores, their "
                  "partial sums combined by one core through a DRAM "
                  "workspace in an order semaphores keep (default true)",
                  &spreadSplits);
  }
  llvm::StringRef getArgument() const override { return "tile-fold-atomics"; }
  llvm::StringRef getName() const override { return "TileFoldAtomics"; }
  llvm::StringRef getDescription() const override {
    return "Turn T.atomic_add across a split grid dimension into a loop of "
           "the split inside the block, summing the partials on one core in "
           "order (deterministic split-K)";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TileFoldAtomicsPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
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
  bool spreadSplits = true;
  Statistic numFolded{this, "num-atomics", "Atomic adds folded"};
  Statistic numSpread{this, "num-spread",
                      "Splits spread over cores through a workspace"};

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
    // A slice computed from values known only when the kernel runs (a
    // while loop's state, an element read from a tensor): which blocks add
    // into the same slice is not known here, so every block runs in order
    // on one core, adding in place (serial).
    bool serial = false;
    for (tile::AnyAtomicOp atomic : atomics) {
      for (Value offset : atomic.getOffsets())
        serial |= !collectGridDims(offset, kernel, used, inPlace);
      targets.insert(atomic.getTensor());
    }
    if (serial)
      inPlace = true;
    // The tensors added into are only added into; a serial kernel may also
    // write them (stream-K writes the blocks one core computes whole),
    // each write ordered as an atomic's.
    LogicalResult copied = success();
    llvm::SmallVector<tile::CopyOp, 2> orderedWrites;
    kernelOp->walk([&](Operation *op) {
      auto copy = tile::CopyOp::dynCast(op);
      if (!copy || failed(copied))
        return;
      bool reads = copy.getSource().getType().isa<tile::TensorType>();
      Value tensor = reads ? copy.getSource() : copy.getDest();
      if (!targets.count(tensor))
        return;
      if (serial && !reads) {
        orderedWrites.push_back(copy);
        return;
      }
      copied = op->emitError()
               << "this kernel also " << (serial ? "reads" : "copies from or to")
               << " the tensor its atomics combine into: not supported";
    });
    if (failed(copied))
      return failure();
    llvm::SmallVector<unsigned, 2> split;
    for (unsigned d = 0; d < grid.size(); ++d)
      if ((serial || !used.count(d)) && grid[d] > 1)
        split.push_back(d);
    if (split.size() > 1 && !serial)
      return atomics.front().getOperation()->emitError()
             << "the atomic's slice does not depend on grid dimensions "
             << split[0] << " and " << split[1]
             << ": a split over more than one dimension is not supported yet";

    // A split whose other blocks leave cores idle: spread over them.
    // (Blocks that are fractions of tiles are merged by tile-widen-blocks
    // first, which needs the split on one core.)
    bool wholeTiles = true;
    kernelOp->walk([&](Operation *op) {
      if (auto alloc = tile::AllocOp::dynCast(op))
        wholeTiles &= alloc.getType() && isWholeTiles(alloc.getType().getShape());
    });
    if (spreadSplits && wholeTiles && !inPlace && !split.empty() &&
        atomics.size() == 1 &&
        atomics.front().getTensor().getType().cast<tile::TensorType>()
            .getElementType()
            .isa<FloatType>()) {
      int64_t others = 1;
      for (unsigned d = 0; d < grid.size(); ++d)
        if (d != split[0])
          others *= grid[d];
      int64_t cores = chooseSplitCores(grid[split[0]], others,
                                       target.columns * target.rows);
      if (cores > 1) {
        spread(kernel, atomics.front(), split[0], cores);
        return success();
      }
    }

    // Named in the remark, after the atomics are gone (a kind is a string
    // literal).
    llvm::StringRef firstKind = atomics.front().getKind();
    Context *context = kernelOp->getContext();
    OpBuilder builder(context);
    Location loc = kernelOp->getLoc();
    // Buffers first, so that the loop below holds the rest of the body.
    Block::iterator firstNonAlloc = hoistAllocs(body);

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

    // The split's loop around the rest of the body (a serial kernel's: one
    // per grid dimension, the first innermost, as blocks are numbered).
    Value iv;
    int64_t trips = split.empty() ? 1 : grid[split[0]];
    for (unsigned d : llvm::reverse(split)) {
      // The rest of the kernel's body, or of the loop just made (not its
      // scf.yield).
      llvm::SmallVector<Operation *, 32> rest;
      for (Block::iterator it = start; it != body->end(); ++it)
        if (body == kernel.getBody() || &*it != body->getTerminator())
          rest.push_back(&*it);
      builder.setInsertionPoint(body, start);
      Value zero = createIndex(builder, loc, 0);
      Value upper = createIndex(builder, loc, grid[d]);
      Value one = createIndex(builder, loc, 1);
      auto loop = builder.create<scf::ForOp>(loc, zero, upper, one);
      Operation *terminator = loop.getBody()->getTerminator();
      for (Operation *op : rest)
        op->moveBefore(terminator);
      iv = loop.getInductionVar();
      kernel.getBody()->getArgument(d).replaceAllUsesWith(iv);
      // The next loop goes inside this one.
      body = loop.getBody();
      start = body->begin();
    }
    body = kernel.getBody();

    if (inPlace) {
      for (tile::AnyAtomicOp atomic : atomics)
        addInPlace(builder, atomic);
      for (tile::CopyOp copy : orderedWrites)
        writeInPlace(builder, copy);
      kernelOp->setAttr(kInPlaceAtomicsAttrName, UnitAttr::get(context));
      llvm::SmallVector<int64_t, 3> newGrid(grid.begin(), grid.end());
      for (unsigned d : split)
        newGrid[d] = 1;
      kernelOp->setInherentAttr("grid",
                                DenseArrayAttr::getI64(context, newGrid));
      if (serial) {
        kernelOp->emitRemark()
            << "tile-fold-atomics: the slice of an atomic_" << firstKind
            << " is computed from values known only when the kernel runs, so "
               "which blocks combine into the same slice is not known when "
               "it is compiled; the kernel's blocks run in order on one core "
               "(grid ["
            << formatInts(grid) << "] -> [" << formatInts(newGrid)
            << "]), each atomic reading its slice from DRAM, combining and "
               "writing it back after the writes before it, so the result is "
               "the same on every run (stream-K's schedule is not spread over "
               "cores yet: docs/pipeline.md)";
        return success();
      }
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

  /// Spreads the S blocks of grid dimension `dim` (the split) over `cores`
  /// cores per slice: the block at split index p computes the partials of
  /// S / cores split indices in a loop, combined in an on-core
  /// accumulator; the block at p = cores - 1 (the owner) combines C's old
  /// slice with the others' accumulators, which they write into a DRAM
  /// workspace, in the order of p, then its own, and writes the slice:
  ///
  ///   %W = tile.workspace                       (cores - 1 slices of C)
  ///   tile.kernel grid [..., cores, ...] {
  ///     fill %acc, identity
  ///     scf.for %t = 0 to S / cores {           (split := p * S/cores + t)
  ///       ... the block's body ...; %acc = %acc (kind) partial
  ///     }
  ///     scf.if (%p == cores - 1) {
  ///       copy C[off] -> %sum
  ///       scf.for %q = 0 to cores - 1 {         (tile.split_wait)
  ///         copy %W[%q, off] -> %w; %sum = %sum (kind) %w
  ///       }
  ///       %sum = %sum (kind) %acc; copy %sum -> C[off]
  ///     } else {
  ///       copy %acc -> %W[%p, off]              (tile.split_signal)
  ///     }
  ///   }
  ///
  /// tile-lower-data-movement orders the workspace: a producer's writer
  /// increments the owner's semaphore q once its write has landed, and the
  /// owner's reader waits for it before reading slice q.
  void spread(tile::KernelOp kernel, tile::AnyAtomicOp atomic, unsigned dim,
              int64_t cores) {
    Operation *kernelOp = kernel.getOperation();
    Operation *op = atomic.getOperation();
    Context *context = kernelOp->getContext();
    Location loc = op->getLoc();
    Block *body = kernel.getBody();
    llvm::SmallVector<int64_t, 3> grid(kernel.getGrid().begin(),
                                       kernel.getGrid().end());
    int64_t splits = grid[dim], perCore = splits / cores;
    Value tensor = atomic.getTensor(), partial = atomic.getBuffer();
    auto tensorType = tensor.getType().cast<tile::TensorType>();
    auto partialType = partial.getType().cast<tile::BufType>();
    Type element = tensorType.getElementType();
    llvm::StringRef kind = atomic.getKind();
    llvm::SmallVector<int64_t, 4> dims = copyDims(atomic);
    OpBuilder builder(context);

    // The workspace: a slice of C per producer, in C's element type.
    builder.setInsertionPoint(kernelOp);
    llvm::SmallVector<int64_t, 5> workspaceShape = {cores - 1};
    workspaceShape.append(tensorType.getShape().begin(),
                          tensorType.getShape().end());
    Value workspaceValue =
        builder
            .create<tile::WorkspaceOp>(
                loc, tile::TensorType::get(context, workspaceShape, element))
            .getOperation()
            ->getResult(0);
    kernelOp->insertOperands(kernelOp->getNumOperands(),
                             ValueRange{workspaceValue});
    Value workspace = body->addArgument(workspaceValue.getType(), loc);
    // The slice covers C's dimensions one further in (the producer's index
    // leads).
    llvm::SmallVector<int64_t, 5> workspaceDims;
    for (int64_t d : dims)
      workspaceDims.push_back(d + 1);

    // Buffers first; then the accumulator, from the combination's identity.
    Block::iterator start = hoistAllocs(body);
    builder.setInsertionPoint(body, start);
    auto make = [&](tile::MemorySpace space) {
      return builder
          .create<tile::AllocOp>(
              loc, tile::BufType::get(context, partialType.getShape(), element,
                                      space))
          .getOperation()
          ->getResult(0);
    };
    // One split index per core: its partial is the accumulator.
    Value acc;
    if (perCore == 1 && partialType.getElementType() == element) {
      acc = partial;
    } else {
      acc = make(tile::MemorySpace::Fragment);
      double identity = kind == "max"   ? -std::numeric_limits<double>::infinity()
                      : kind == "min" ? std::numeric_limits<double>::infinity()
                                      : 0.0;
    builder.create<tile::FillOp>(
        loc, acc,
        builder
            .create<arith::ConstantOp>(loc,
                                       builder.getFloatAttr(element, identity))
            .getOperation()
            ->getResult(0));
    }
    start = builder.getInsertionPoint();

    // The core's split indices: p * perCore + t.
    Value p = body->getArgument(dim);
    if (perCore > 1) {
      llvm::SmallVector<OpOperand *, 8> uses;
      for (OpOperand &use : p.getUses())
        uses.push_back(&use);
      llvm::SmallVector<Operation *, 32> rest;
      for (Block::iterator it = start; it != body->end(); ++it)
        rest.push_back(&*it);
      auto loop = builder.create<scf::ForOp>(loc, createIndex(builder, loc, 0),
                                             createIndex(builder, loc, perCore),
                                             createIndex(builder, loc, 1));
      Operation *terminator = loop.getBody()->getTerminator();
      for (Operation *moved : rest)
        moved->moveBefore(terminator);
      builder.setInsertionPointToStart(loop.getBody());
      Value index = createBinary<arith::AddIOp>(
          builder, loc,
          createBinary<arith::MulIOp>(builder, loc, p,
                                      createIndex(builder, loc, perCore)),
          loop.getInductionVar());
      for (OpOperand *use : uses)
        use->set(index);
    }
    if (acc != partial) {
      builder.setInsertionPoint(op);
      combine(builder, loc, kind, acc, partial, acc);
    }

    // The slice's offsets after the loop.
    builder.setInsertionPointToEnd(body);
    llvm::DenseMap<Value, Value> cloned;
    llvm::SmallVector<Value, 4> offsets;
    for (Value offset : atomic.getOffsets())
      offsets.push_back(materializeIndex(builder, offset, body, cloned));
    op->erase();
    auto workspaceOffsets = [&](Value first) {
      llvm::SmallVector<Value, 5> result = {first};
      result.append(offsets.begin(), offsets.end());
      return result;
    };
    Value owner = builder
                      .create<arith::CmpIOp>(
                          loc, arith::CmpIPredicate::eq, p,
                          createIndex(builder, loc, cores - 1))
                      .getOperation()
                      ->getResult(0);
    auto branch = builder.create<scf::IfOp>(loc, TypeRange{}, owner,
                                            /*withElse=*/true);
    Operation *branchOp = branch.getOperation();
    // The owner: C's old slice, the producers' in the order of p, its own.
    builder.setInsertionPoint(branchOp->getRegion(0).front().getTerminator());
    Value old = make(tile::MemorySpace::Shared);
    builder.create<tile::CopyOp>(loc, tensor, old, offsets, dims);
    Value sum = make(tile::MemorySpace::Fragment);
    builder.create<tile::CopyOp>(loc, old, sum);
    Value received = make(tile::MemorySpace::Shared);
    auto producers = builder.create<scf::ForOp>(
        loc, createIndex(builder, loc, 0), createIndex(builder, loc, cores - 1),
        createIndex(builder, loc, 1));
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(producers.getBody()->getTerminator());
      builder
          .create<tile::CopyOp>(
              loc, workspace, received,
              workspaceOffsets(producers.getInductionVar()), workspaceDims)
          .getOperation()
          ->setAttr(kSplitWaitAttrName, UnitAttr::get(context));
      combine(builder, loc, kind, sum, received, sum);
    }
    combine(builder, loc, kind, sum, acc, sum);
    builder.create<tile::CopyOp>(loc, sum, tensor, offsets, dims);
    // A producer: its accumulator into its slice of the workspace.
    builder.setInsertionPoint(branchOp->getRegion(1).front().getTerminator());
    builder
        .create<tile::CopyOp>(loc, acc, workspace, workspaceOffsets(p),
                              workspaceDims)
        .getOperation()
        ->setAttr(kSplitSignalAttrName, UnitAttr::get(context));

    llvm::SmallVector<int64_t, 3> newGrid = grid;
    newGrid[dim] = cores;
    kernelOp->setInherentAttr("grid", DenseArrayAttr::getI64(context, newGrid));
    kernelOp->setAttr(kSplitCoresAttrName,
                      DenseArrayAttr::getI64(context, {int64_t(dim), cores}));
    ++numFolded;
    ++numSpread;
    kernelOp->emitRemark()
        << "tile-fold-atomics: the " << splits << " blocks of grid dimension "
        << dim << " combine into the same slices (atomic_" << kind
        << "); they run on " << cores << " cores per slice"
        << (perCore > 1 ? ", " + std::to_string(perCore) + " in order on each,"
                        : std::string(","))
        << " and the last of them adds the others' partial results from a "
           "DRAM workspace, in order, after a semaphore says each has "
           "landed, so the result is the same on every run (grid ["
        << formatInts(grid) << "] -> [" << formatInts(newGrid) << "])";
  }

  /// Moves the kernel body's tile.alloc ops to its start; the first op
  /// after them.
  static Block::iterator hoistAllocs(Block *body) {
    llvm::SmallVector<Operation *, 8> allocs;
    for (Operation &op : *body)
      if (tile::AllocOp::dynCast(&op))
        allocs.push_back(&op);
    for (Operation *alloc : llvm::reverse(allocs))
      alloc->moveBefore(body, body->begin());
    Block::iterator first = body->begin();
    while (first != body->end() && tile::AllocOp::dynCast(&*first))
      ++first;
    return first;
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

  /// A serial kernel's plain write of a slice of a tensor its atomics
  /// combine into: ordered as an atomic's write (after the writes before
  /// it, before the reads after it). The read of the slice it waits on
  /// first is the reader's turn in that order; its value is not used.
  void writeInPlace(OpBuilder &builder, tile::CopyOp copy) {
    Operation *op = copy.getOperation();
    Context *context = op->getContext();
    Location loc = op->getLoc();
    Value tensor = copy.getDest(), buffer = copy.getSource();
    auto bufType = buffer.getType().cast<tile::BufType>();
    Type element = tensor.getType().cast<tile::TensorType>().getElementType();
    builder.setInsertionPoint(op);
    Value old = builder
                    .create<tile::AllocOp>(
                        loc, tile::BufType::get(context, bufType.getShape(),
                                                element,
                                                tile::MemorySpace::Shared))
                    .getOperation()
                    ->getResult(0);
    llvm::SmallVector<Value, 4> offsets(copy.getOffsets().begin(),
                                        copy.getOffsets().end());
    llvm::SmallVector<int64_t, 4> dims;
    if (op->getAttr("dims"))
      dims = copy.getDims();
    builder.create<tile::CopyOp>(loc, tensor, old, offsets, dims)
        .getOperation()
        ->setAttr(kReadAfterWritesAttrName, UnitAttr::get(context));
    op->setAttr(kReadAfterWritesAttrName, UnitAttr::get(context));
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
