//===- TileToTT.h - Lowering tile programs to tt programs -------*- C++ -*-===//
//
// The passes of the tile-to-tt pipeline (see docs/pipeline.md), each made
// of rewrite patterns and testable alone with tilt-opt:
//
//   tile-legalize              layouts and legality (Dialect/Tile/Passes.h)
//   tile-partition             grid -> persistent per-core loop
//   tile-lower-data-movement   copies -> reader / writer NoC sequences and
//                              the compute side's CB waits and pops
//   tile-lower-compute         gemm, parallel, reduce -> compute intrinsics
//   tt-split-kernels           one tt.program with reader, compute, writer
//   tt-verify                  CB protocol, DST, L1, runtime arguments
//                              (Dialect/TT/Passes.h)
//
// Between tile-partition and tt-split-kernels the device ops of all three
// kernels live in the one body of the partitioned tile.kernel, each tagged
// with the role of its kernel (`tt.role`); the loops and index arithmetic
// they share are not tagged, and the split gives each kernel its slice.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_CONVERSION_TILETOTT_TILETOTT_H
#define TILT_CONVERSION_TILETOTT_TILETOTT_H

#include "tilt/Pass/Pass.h"
#include <functional>
#include <string>

namespace tilt {

/// The options of the tile-to-tt pipeline.
struct TileToTTOptions {
  /// The target core grid, "<columns>x<rows>"; empty: the board's whole
  /// compute grid.
  std::string grid;
  /// wormhole_b0, grayskull or blackhole; empty: the board's.
  std::string arch;
  /// The board the program runs on (n150, n300, galaxy, p100, p150, p150_unharvested, e150),
  /// whose compute grid bounds the grid; empty: the arch's usual board
  /// (n150, p150, p150_unharvested, e150), n150 without an arch.
  std::string board;
  /// LoFi, HiFi2, HiFi3 or HiFi4.
  std::string mathFidelity = "HiFi4";
  /// Whether tile-fuse-elementwise runs (folds elementwise chains so their
  /// intermediates stay in DST); without it every intermediate buffer
  /// makes a round trip through L1.
  bool fuse = true;
  /// Whether tile-coarsen runs (merges the blocks a core runs side by side
  /// into one larger block, so that each core reads its strips once).
  bool coarsen = true;
  /// Whether tile-stream-rows runs (rows too wide for L1 are computed in
  /// chunks of columns).
  bool stream = true;
  /// Whether tile-fold-atomics spreads a split (split-K) over the cores its
  /// other blocks leave idle, combining the partials through a DRAM
  /// workspace; without it each slice's split runs on one core.
  bool spreadSplits = true;
  /// Whether a block that a row or column of cores reads at the same step
  /// is read by one of them and multicast to the others.
  bool multicast = true;
  /// Whether f32 elementwise add, sub and mul may run on the FPU, whose
  /// source registers keep only TF32's 10-bit mantissa (PyTorch's
  /// allow_tf32); by default they run on the SFPU, exact to f32.
  bool allowTF32 = false;
  /// Where a compiler that embeds Tilt adds passes of its own: called after
  /// each pass of the pipeline is added to the (module-level) pass manager,
  /// with that pass's argument (`tile-legalize`, `tile-fuse-elementwise`,
  /// `tile-coarsen`, `tile-partition`,
  /// `tile-lower-data-movement`, `tile-lower-compute`, `tt-split-kernels`,
  /// `tt-verify`); what it adds runs right after that pass.
  std::function<void(llvm::StringRef after, OpPassManager &pm)> extend;
};

/// tile-fuse-elementwise.
std::unique_ptr<Pass> createTileFuseElementwisePass();
/// tile-coarsen{grid=8x8 arch=wormhole_b0 board=n150}.
std::unique_ptr<Pass> createTileCoarsenPass();
/// tile-fold-atomics: T.atomic_add across a split grid dimension becomes a
/// loop of the split inside the block, the partials summed in order on one
/// core (deterministic split-K; FoldAtomics.cpp).
std::unique_ptr<Pass> createTileFoldAtomicsPass();

/// tile-widen-blocks: merges blocks whose buffers are a fraction of a
/// 32x32 tile (TileLang's one-row blocks) into blocks of whole tiles, where
/// the kernel's rows are independent (before tile-legalize).
std::unique_ptr<Pass> createTileWidenBlocksPass();
/// tile-stream-rows{arch=wormhole_b0}: rows too wide for a core's L1 are
/// computed in chunks of columns, read from DRAM again where a row
/// reduction must finish first (after tile-legalize; StreamRows.cpp).
std::unique_ptr<Pass> createTileStreamRowsPass();
/// tile-partition{grid=8x8 arch=wormhole_b0 board=n150}.
std::unique_ptr<Pass> createTilePartitionPass();
/// tile-lower-data-movement.
std::unique_ptr<Pass> createTileLowerDataMovementPass();
/// tile-lower-compute.
std::unique_ptr<Pass> createTileLowerComputePass();
/// tt-hoist-inits.
std::unique_ptr<Pass> createTTHoistInitsPass();
/// tt-split-kernels{math-fidelity=HiFi4}.
std::unique_ptr<Pass> createTTSplitKernelsPass();
/// The name tt-split-kernels gives the buffer (or scalar) of a function
/// argument, before it makes names unique: the argument's name when it is
/// a C identifier (`%A` gives `A`), else `argN`. tilt-run's --input and
/// --storage-format name arguments so.
std::string getArgumentBufferName(BlockArgument argument);

/// Checks that the options' board, arch and grid agree (the grid fits the
/// board's compute grid); sets `error` (naming the board) when they do not.
/// tile-partition checks the same when it starts; a tool checks first to
/// report it without the pass's name.
LogicalResult checkTileToTTTarget(const TileToTTOptions &options,
                                  std::string &error);

/// Adds the whole pipeline, tile-legalize to tt-verify, to `pm` (anchored
/// on builtin.module). Fails, adding nothing and setting `error`, on an
/// option value the passes do not accept.
LogicalResult buildTileToTTPipeline(OpPassManager &pm,
                                    const TileToTTOptions &options,
                                    std::string *error = nullptr);

/// Registers the passes above and the `tile-to-tt` pipeline.
void registerTileToTTPasses();

} // namespace tilt

#endif // TILT_CONVERSION_TILETOTT_TILETOTT_H
