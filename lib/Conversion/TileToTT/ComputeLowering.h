//===- ComputeLowering.h - tile-lower-compute's shared state ----*- C++ -*-===//
//
// tile-lower-compute walks each partitioned kernel in program order and
// lowers every tile op on its own (one file per op family: ComputeGemm.cpp,
// ComputeElementwise.cpp, ComputeReduce.cpp; copies and fills in
// Compute.cpp). This header is what the families share: where each on-core
// buffer's current value lives, how an op reads it and writes a new
// version of it, and the emit helpers.
//
// A buffer's value is, at each point of the program, in one place:
//
//  - nowhere yet (never written, or dead);
//  - a constant (a tile.fill or tile.clear that nothing forced into L1);
//  - the front pages of an input CB (the reader's copy from DRAM;
//    tile-lower-data-movement placed the compute side's wait and pop);
//  - the front pages of a CB the compute kernel owns: the buffer's L1
//    home, used as tt-metal's softmax and SDPA kernels use their
//    intermediate CBs (reserve, pack, push, then wait and read in place,
//    pop when done);
//  - already packed into the output CB of the copy to DRAM that is its only
//    reader ("sunk": no L1 round trip through a home).
//
// Writing a buffer makes a new version: reserve its pages, pack the tiles,
// push, pop the old version if the compute kernel owns it, and wait for the
// new one. A version is popped right after its last reader (liveness over
// the structured control flow, loops included).
//
//===----------------------------------------------------------------------===//

#ifndef TILT_LIB_CONVERSION_TILETOTT_COMPUTELOWERING_H
#define TILT_LIB_CONVERSION_TILETOTT_COMPUTELOWERING_H

#include "Utils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace tilt {
namespace tiletott {

/// Where a buffer's value is.
struct BufferLocation {
  /// Slice: a slice of another buffer, read in place: its tiles are those
  /// of `cb` from tile `offset` on (tile-stream-rows' chunks of rows kept
  /// on the core).
  enum Kind { Nowhere, Constant, InputCB, HomeCB, Sunk, Slice } kind = Nowhere;
  /// Constant: every element's value.
  double value = 0.0;
  /// Constant: when set, every element is this runtime scalar of the kernel
  /// (a scalar argument of the tile.kernel) instead of `value`.
  Value runtime;
  /// InputCB, HomeCB: the CB whose front pages hold the buffer's tiles in
  /// row-major order. Slice: the CB of the buffer sliced.
  Value cb;
  /// Slice: the index (i32) of the slice's first tile in `cb`.
  Value offset;
};

/// Where an op packs the new version of a buffer.
struct WriteTarget {
  Value cb;
  int64_t index = -1;
  /// The copy to DRAM this version was sunk into, or null.
  Operation *sink = nullptr;
};

/// A tile.gemm lowered as a K loop (see lowerGemmChain).
struct GemmChain {
  Operation *loop = nullptr;
  WriteTarget target;
  /// Whether the accumulator starts at zero (the first K block overwrites
  /// the pages instead of adding to them).
  bool zeroStart = false;
};

/// What the lowering tracks for one on-core buffer.
struct BufferState {
  BufferLocation location;
  /// The CB that holds the buffer's versions when the compute kernel writes
  /// it (null until the first write needs it).
  Value home;
  /// The op that defines the buffer (tile.alloc, or the cast that binds it
  /// to an input CB): the buffer lives in that op's block.
  Operation *definition = nullptr;
};

/// How an op reads a buffer's tiles: from a CB (tile i at position i) or
/// as a constant.
struct TileSource {
  Value cb;
  int64_t index = -1;
  /// A slice read in place: the index (i32) of its first tile in `cb`,
  /// to add to every tile index; null otherwise.
  Value offset;
  bool constant = false;
  double value = 0.0;
  /// A constant that is a runtime scalar of the kernel (then `value` is
  /// unused).
  Value runtime;
};

/// How an op (with what it nests) first touches a buffer.
enum class Access { None, Read, Write };

using IntArgs = llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>>;
using KeywordArgs = llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>>;

/// A compute-tagged device op.
template <typename OpT>
Operation *emit(OpBuilder &builder, Location loc, ValueRange operands = {},
                IntArgs ints = {}, KeywordArgs keywords = {}) {
  return tag(builder.create<OpT>(loc, operands, ints, keywords).getOperation(),
             "compute");
}

/// A compute-tagged CB protocol op (reserve, push, wait, pop).
template <typename OpT>
Operation *emitCB(OpBuilder &builder, Location loc, Value cb, int64_t pages) {
  return tag(builder.create<OpT>(loc, cb, pages).getOperation(), "compute");
}

/// When the CBs of `kernel` exceed the usable L1 of a core, drops the
/// second block of the double-buffered ones, largest first, until they fit
/// (FitL1.cpp), with a warning that names them. Clears the marks.
void fitL1(tile::KernelOp kernel);

/// The value of a float scalar that constants determine: an
/// `arith.constant`, or arith / math ops and casts of such values (a
/// kernel-level `scale = 1.0 / sqrt(d)`); none for a runtime value.
std::optional<double> evaluateScalar(Value value);

/// The scalar argument of the tile.kernel that `value` is (directly, or
/// through `arith.extf`, which does not change it), or null. Such a scalar
/// reaches the compute kernel as a runtime argument, its f32 bits; a value
/// computed from it (`1.0 / %eps`) has no device form.
Value getRuntimeScalar(Value value);

/// The element type of an on-core buffer.
inline Type getBufferElementType(Value buffer) {
  return buffer.getType().cast<tile::BufType>().getElementType();
}

/// The tile count of a buffer type (a 1-d buffer of n elements is
/// ceil(n/32) column-vector tiles).
int64_t getTileCount(tile::BufType type);

/// Lowers the compute side of one partitioned kernel.
class KernelLowering {
public:
  KernelLowering(tile::KernelOp kernel, OpBuilder &builder);

  /// Lowers every tile op of the kernel; reports and fails on the first op
  /// that has no lowering.
  LogicalResult run();

  //===--------------------------------------------------------------------===//
  // For the op families
  //===--------------------------------------------------------------------===//

  OpBuilder &getBuilder() { return builder; }
  /// DST tiles one acquisition may use: 4 with an fp32 DST, else 8 (half of
  /// the 16-tile register in double-buffered sync mode; dest_helpers.hpp).
  int64_t getDstCapacity() const { return fp32 ? 4 : 8; }
  bool isFp32Dest() const { return fp32; }
  /// Whether f32 add, sub and mul may run on the FPU (TF32 operands) rather
  /// than on the SFPU (exact f32; tile-lower-compute's allow-tf32).
  bool isTF32Allowed() const { return allowTF32; }
  void setAllowTF32(bool allow) { allowTF32 = allow; }
  /// Whether the FPU's product of two 16-bit float tiles is exact (HiFi4:
  /// every fidelity phase, MatrixUnit.md), so that an f32 product of them
  /// may run there instead of on the SFPU.
  bool hasExactFpuProducts() const { return exactFpuProducts; }
  void setExactFpuProducts(bool exact) { exactFpuProducts = exact; }

  /// Reports `message` at `at` (with a note at `op` when they differ) and
  /// fails.
  LogicalResult error(Operation *op, const llvm::Twine &message,
                      Operation *at = nullptr);

  /// Where `op` reads `buffer`'s tiles. A buffer never written is an error.
  /// A slice read in place is copied into the buffer's home first, unless
  /// `inPlace` (the caller adds TileSource::offset to its tile indices).
  FailureOr<TileSource> read(Operation *op, Value buffer, bool inPlace = false);
  /// Like read(), but a constant is first written into the buffer's home so
  /// that the tiles are in a CB (for ops that only unpack from CBs).
  FailureOr<TileSource> readFromCB(Operation *op, Value buffer);

  /// Reserves the pages of a new version of `buffer`, written by `op`:
  /// into the output CB of the copy to DRAM that is the version's only
  /// reader, or into the buffer's home (behind the old version when `op`
  /// still reads it). Emitted at the builder's insertion point.
  /// With `sameFormat`, a copy to DRAM takes the version only when its
  /// CB has the buffer's element type (the packer accumulates in it).
  FailureOr<WriteTarget> beginWrite(Operation *op, Value buffer,
                                    bool sameFormat = false);
  /// Pushes the new version, pops the old one and waits for the new one.
  void endWrite(Operation *op, Value buffer, const WriteTarget &target);

  /// A CB the compute kernel owns for scratch tiles of `type` (the caller
  /// reserves, pushes, waits and pops it).
  FailureOr<Value> createScratchCB(Operation *op, Type elementType,
                                   int64_t pages);
  /// A scratch CB of `tiles` tiles of `elementType`, filled tile by tile:
  /// per tile, `body` (given the tile index as i32 and the scratch CB's
  /// index) computes into DST from CB `from` and returns the DST tile,
  /// which is packed; then pushed and waited for. The caller pops it.
  FailureOr<Value>
  createFilledScratchCB(Operation *op, Type elementType, int64_t tiles,
                        int64_t from,
                        llvm::function_ref<int64_t(Value, int64_t)> body);
  /// The kernel's reduce scaler CB (1.0 in bf16, filled once by the reader).
  FailureOr<Value> getScalerCB(Operation *op);

  /// compute_kernel_hw_startup before the persistent loop, from the first
  /// op's CBs (`reverse` for matmul: in0 is unpacked to SrcB).
  void ensureStartup(Location loc, int64_t in0, int64_t in1, int64_t out,
                     bool reverse = false);

  /// `tiles` tiles into `target`, one DST acquisition each: per tile,
  /// acquire, `body` (given the tile index as i32, it computes into DST and
  /// returns the DST tile), pack and release. The caller reserves and
  /// pushes.
  void emitTileLoop(Location loc, int64_t tiles, int64_t target,
                    llvm::function_ref<int64_t(Value)> body);
  /// A tile loop that copies `tiles` tiles of CB `from` (from its tile
  /// `first`, an i32, when set) into `target` with copy_tile.
  void emitCopyTiles(Location loc, int64_t tiles, int64_t from, int64_t target,
                     Value first = Value());
  /// The end of a DST acquisition: commit, wait, pack DST[dst] into `out`
  /// (each of `dsts`, in order), release.
  void emitPackAndRelease(Location loc, int64_t out,
                          llvm::ArrayRef<int64_t> dsts);
  /// Fills DST[dst] with `value` (fill_tile_bitcast of its f32 bits, or
  /// fill_tile_int of the int32 when `integer`), or with the kernel's
  /// runtime scalar `runtime` when it is set.
  void emitFill(Location loc, double value, int64_t dst,
                Value runtime = Value(), bool integer = false);
  /// `value`, an index or i32 the kernel computes from its block indices,
  /// loop variables and constants (in a tile.parallel body or before it),
  /// as an i32 computed at the builder's point.
  Value computeKernelInteger(Location loc, Value value);
  /// The f32 bits (i32) of `value`, or of the runtime scalar `runtime` when
  /// it is set: a `tile.scalar_bits` at the top of the kernel, one per
  /// scalar, which tt-split-kernels turns into a runtime argument.
  Value getScalarBits(Location loc, double value, Value runtime);

  /// The op that defines `buffer`.
  Operation *getDefinition(Value buffer) { return buffers[buffer].definition; }
  /// The location of `buffer`'s value.
  BufferLocation &getLocation(Value buffer) { return buffers[buffer].location; }
  /// The gemms lowered as K loops, by gemm.
  llvm::DenseMap<Operation *, GemmChain> chains;

  /// How `op` (and what it nests) first touches `buffer`. With `liveness`,
  /// an scf.if that writes it on one path only is None (the old value
  /// flows past on the other path); without, any touch counts (Read).
  Access getAccess(Operation *op, Value buffer, bool liveness = false);
  /// Whether `buffer`'s value after `op` may still be read.
  bool isLiveAfter(Value buffer, Operation *op);

private:
  LogicalResult lowerBlock(Block *block);
  LogicalResult lowerOp(Operation *op);
  LogicalResult lowerLoop(Operation *loop);
  LogicalResult lowerIf(Operation *op);
  LogicalResult lowerCopy(tile::CopyOp copy);
  LogicalResult lowerFill(Operation *fill);
  /// A copy of a slice of an on-core buffer (tile.copy %whole[%r, %c],
  /// %part): copy_tile from the source's tiles, packed into the part.
  LogicalResult lowerSliceCopy(tile::CopyOp copy);
  /// Whether the slice `copy` makes may be read in place: only tile ops
  /// of its block read it (up to the next write of it; one that cannot
  /// index the source's CB at an offset copies the slice first, where it
  /// reads it), nothing writes its source meanwhile, and the source stays
  /// in L1 until they have (it is live after the last of them).
  bool canReadSliceInPlace(tile::CopyOp copy);
  LogicalResult lowerCopyOut(tile::CopyOp copy);

  /// Makes `buffer`'s value sit in its home (writing a constant or copying
  /// it there), as a loop needs for a buffer it carries.
  LogicalResult moveToHome(Operation *op, Value buffer);
  /// At the end of `block` (a loop trip, a branch), puts a buffer `op`
  /// carries back in `home`, where it sits at the boundaries.
  /// Whether `buffer` is filled from DRAM inside `op` (compute waits for
  /// its pages there).
  bool isLoadedIn(Operation *op, Value buffer);
  LogicalResult returnHome(Operation *op, Value buffer, Value home,
                           Block *block);
  /// Pops the version of every buffer `op` touched that is dead after it.
  void releaseDeadAfter(Operation *op);
  void release(Value buffer, Location loc);
  /// The copy to DRAM into which a version written by `writer` can be
  /// packed directly; `renames` gets the on-core copies on the way.
  Operation *findSink(Value buffer, Operation *writer);

  /// The home of `buffer`, made (or taken over from a buffer done for
  /// good) on first use, with at least `pages` pages.
  Value getHome(Operation *op, Value buffer, int64_t pages);
  /// Whether nothing touches `buffer` from `op` to the end of the block
  /// that defines it.
  bool isDeadFrom(Value buffer, Operation *op);
  FailureOr<int64_t> allocateIndex(Operation *op);
  /// Grows a CB to at least `pages` pages.
  void ensurePages(Value cb, int64_t pages);
  bool reads(Operation *op, Value buffer);
  bool writes(Operation *op, Value buffer);
  llvm::SmallVector<Value, 4> getBuffers(Operation *op);

  tile::KernelOp kernel;
  OpBuilder &builder;
  Operation *blockRange = nullptr;
  bool fp32 = false;
  bool allowTF32 = false;
  bool exactFpuProducts = true;
  bool startupDone = false;
  llvm::DenseMap<Value, BufferState> buffers;
  /// The buffers carried around the loops being lowered, with the home CB
  /// each sits in at every trip boundary.
  llvm::DenseMap<Value, Value> carriedHomes;
  /// The buffers in program order.
  llvm::SmallVector<Value, 16> bufferOrder;
  /// Input CB -> the buffer bound to it.
  llvm::DenseMap<Value, Value> inputBuffers;
  Value scaler;
  /// The tile.scalar_bits of each runtime scalar used so far.
  llvm::DenseMap<Value, Value> scalarBits;
  bool failedAlready = false;
  /// The tile ops lowered so far, erased at the end (liveness looks at the
  /// original program).
  llvm::SetVector<Operation *> lowered;
};

//===----------------------------------------------------------------------===//
// The op families
//===----------------------------------------------------------------------===//

/// tile.gemm on its own: per DST sub-block, the old accumulator (if any) is
/// loaded into DST, the K tiles are multiplied onto it and the sub-block is
/// packed into the new version.
LogicalResult lowerGemm(KernelLowering &lowering, tile::GemmOp gemm);
/// Whether `gemm` is the only op of `loop`'s body that touches its
/// accumulator, which lives outside the loop: a K loop whose partial sums
/// the packer accumulates in L1.
bool isGemmChain(KernelLowering &lowering, Operation *loop, tile::GemmOp gemm);
/// Starts the K-loop form of such a gemm before the loop: the
/// accumulator's pages are reserved (and loaded with its old value unless
/// that is zero); lowerGemm adds each K block's products to them in L1
/// with the packer (pack_reconfig_l1_acc).
LogicalResult beginGemmChain(KernelLowering &lowering, Operation *loop,
                             tile::GemmOp gemm);
/// Pushes the accumulators of `loop`'s K-loop gemms after it.
void endGemmChains(KernelLowering &lowering, Operation *loop);

/// tile.parallel: per output tile, the body's expression is computed in
/// DST and packed.
LogicalResult lowerParallel(KernelLowering &lowering,
                            tile::ParallelOp parallel);

/// Whether `op` is one of the comparisons eq, ne, lt, gt, le, ge.
bool isComparison(llvm::StringRef op);

/// DST[out] = DST[lhs] op DST[rhs] on the SFPU (op: add, sub, mul, div,
/// max, min, or a comparison: 1.0 where it holds, else 0.0), with its init;
/// `out` is `lhs` when negative.
void emitSfpuBinary(OpBuilder &builder, Location loc, llvm::StringRef op,
                    int64_t lhs, int64_t rhs, int64_t out = -1);

/// The same on int32 words (add, sub, mul, and, or, xor, shl, shr, shru,
/// max, min, and the comparisons: 1 or 0).
void emitSfpuIntBinary(OpBuilder &builder, Location loc, llvm::StringRef op,
                       int64_t lhs, int64_t rhs);

/// tile.reduce: reduce_tile along a row or column of tiles into one DST
/// tile per result tile.
LogicalResult lowerReduce(KernelLowering &lowering, tile::ReduceOp reduce);

} // namespace tiletott
} // namespace tilt

#endif // TILT_LIB_CONVERSION_TILETOTT_COMPUTELOWERING_H
