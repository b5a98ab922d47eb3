//===- Tile.h - The tile dialect: what a TileLang user writes ---*- C++ -*-===//
//
// A grid kernel over global tensors, with on-core buffers, copies, gemm,
// fill/clear, a pipelined loop, an elementwise map and reductions: the
// counterpart of TileLang's T.Kernel, T.alloc_shared / T.alloc_fragment,
// T.copy, T.gemm, T.fill / T.clear, T.Pipelined, T.Parallel and
// T.reduce_*. Index arithmetic is arith's. See docs/dialects/tile.md.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_TILE_TILE_H
#define TILT_DIALECT_TILE_TILE_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"
#include <string>

namespace tilt {
namespace tile {

/// The tile dialect: TileLang's surface (see the file comment).
class TileDialect : public Dialect {
public:
  explicit TileDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "tile"; }
  Type parseType(AsmParser &parser) const override;
  void printType(Type type, AsmPrinter &printer) const override;
};

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

namespace detail {
struct TensorTypeStorage;
struct BufTypeStorage;
} // namespace detail

/// `128x32`: a shape as diagnostics write it.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// A number the index `value` is known to be a multiple of: constants,
/// products (the product of their factors' multiples: (%b * 16) * 2 is a
/// multiple of 32), sums, differences, minima, maxima and selects (the
/// gcd); 1 when nothing is known. 0 is a multiple of everything,
/// represented by 2^62.
int64_t getKnownMultiple(Value value);

/// Whether `type` is an element type tile buffers and tensors may hold:
/// bf16, f16, f32 or i32.
bool isTileElementType(Type type);

/// Whether `type` is an element type a tensor may hold besides those: the
/// one-byte integers of masks and indices (i1, TileLang's bool, i8 and ui8),
/// which kernels read element by element (tile.load).
bool isTensorElementType(Type type);

/// The bytes one element of `type` takes in memory (i1 takes one).
inline int64_t getElementBytes(Type type) {
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

/// `!tile.tensor<1024x1024xbf16>` or `!tile.tensor<64x64xf32, #layout>`: a
/// global tensor in DRAM, with an optional layout attribute (any attribute;
/// the lowering sets it).
class TensorType
    : public Type::TypeBase<TensorType, Type, detail::TensorTypeStorage> {
public:
  using Base::Base;
  static TensorType get(Context *context, llvm::ArrayRef<int64_t> shape,
                        Type elementType, Attribute layout = Attribute());
  llvm::ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  Attribute getLayout() const;
  unsigned getRank() const { return getShape().size(); }
};

/// Where an on-core buffer lives: `shared` (L1, T.alloc_shared) or
/// `fragment` (registers / DST, T.alloc_fragment).
enum class MemorySpace : unsigned { Shared, Fragment };
/// `shared` or `fragment`.
llvm::StringRef stringifyMemorySpace(MemorySpace space);

/// `!tile.buf<128x32xbf16, shared>`: an on-core buffer.
class BufType : public Type::TypeBase<BufType, Type, detail::BufTypeStorage> {
public:
  using Base::Base;
  static BufType get(Context *context, llvm::ArrayRef<int64_t> shape,
                     Type elementType, MemorySpace space);
  llvm::ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  MemorySpace getMemorySpace() const;
  unsigned getRank() const { return getShape().size(); }
};

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// `tile.kernel grid [8, 8] blocks(%bx, %by) args(%a = %A : T, ...) {...}`:
/// a grid of blocks, each running the body with its block indices and the
/// kernel's tensor operands as region arguments. Isolated from above: the
/// body sees only its arguments.
class KernelOp
    : public Op<KernelOp, OpTrait::VariadicOperands, OpTrait::ZeroResults,
                OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::NoTerminator,
                OpTrait::IsIsolatedFromAbove> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.kernel"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// A kernel over `grid` with `args`; the body block has the block indices
  /// and one argument per operand.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::ArrayRef<int64_t> grid, ValueRange args);

  llvm::ArrayRef<int64_t> getGrid();
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  /// The block index of grid dimension `dim` (bx, by, bz).
  BlockArgument getBlockIndex(unsigned dim) {
    return getBody()->getArgument(dim);
  }
  /// The region argument standing for operand `index` (a !tile.tensor, or
  /// a float scalar).
  BlockArgument getArgument(unsigned index) {
    return getBody()->getArgument(getGrid().size() + index);
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `%buf = tile.alloc : !tile.buf<128x32xbf16, shared>`.
class AllocOp : public Op<AllocOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                          OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.alloc"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, BufType type);
  BufType getType();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  void getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)>);
};

/// `%w = tile.workspace : !tile.tensor<...>`: a DRAM tensor the host
/// program allocates for one run of the function and never reads from or
/// writes to the caller (a scratch buffer); outside tile.kernel ops, which
/// take it as an argument. Its contents are undefined until a kernel
/// writes them. tile-fold-atomics makes one for the partials of a split
/// spread over cores.
class WorkspaceOp
    : public Op<WorkspaceOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.workspace"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    TensorType type);
  TensorType getType();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  void getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)>);
};

/// `tile.copy %a[%i, %j], %buf : T, B` (global slice to buffer),
/// `tile.copy %buf, %a[%i, %j] : B, T` (buffer to global slice),
/// `tile.copy %x, %y : B, B` (buffer to buffer). The slice starts at the
/// element offsets (one per tensor dimension) and has the buffer's shape in
/// the tensor's trailing dimensions (a buffer of lower rank than the tensor
/// takes one element of each leading dimension). A slice at computed
/// offsets may overhang the tensor: the overhang reads as zero and is
/// never written. A copy to a tensor may write only the buffer's first
/// rows: `tile.copy %buf, %a[%i, %j] rows %n : B, T` (TileLang's
/// `if i < n: C[...] = C_l[i, j]` in a T.Parallel body).
class CopyOp : public Op<CopyOp, OpTrait::AtLeastNOperands<2>::Impl,
                         OpTrait::ZeroResults, OpTrait::ZeroRegions,
                         OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.copy"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// `dims` (optional) are the tensor dimensions the buffer covers.
  static void build(OpBuilder &builder, OperationState &state, Value source,
                    Value dest, ValueRange offsets = {},
                    llvm::ArrayRef<int64_t> dims = {});
  Value getSource() { return getOperation()->getOperand(0); }
  Value getDest() { return getOperation()->getOperand(1); }
  OperandRange getOffsets();
  /// The global tensor side of the copy (null between buffers), and the
  /// buffer side (the destination between buffers).
  Value getTensorSide();
  Value getBufferSide();
  /// The number of the buffer's leading rows written (an index value), or
  /// null when the whole buffer is copied.
  Value getRowLimit();
  /// The tensor dimensions the buffer's dimensions cover, in order: the
  /// `dims` property (`Q[b, s0:s1, h, :]` of a 4-d tensor into a 2-d
  /// buffer is dims [1, 3]), or the tensor's trailing dimensions without
  /// it. Empty for a copy between buffers.
  llvm::SmallVector<int64_t, 4> getDims();
  /// Whether the buffer covers the tensor's trailing dimensions (no `dims`,
  /// or `dims` naming exactly those).
  bool coversTrailingDims();
  /// Whether the copy moves a 1-d buffer along a tensor's second-to-last
  /// dimension (TileLang's `Out[bx * 64 + i, k] = v[i]`): a column.
  bool isColumn();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// The alignment, in bytes, of each DRAM read of tile.im2col's channel
/// runs: Blackhole's DRAM alignment (Wormhole's is 32), so that one
/// program is right on both.
constexpr int64_t kIm2ColAlignment = 64;

/// `tile.im2col %img[%nhw, %kstep], %buf {dilation = D, kernel = K,
/// padding = P, stride = S} : T, B`: TileLang's T.im2col, a block of the
/// im2col matrix of a 2-d convolution. The image is [N, H, W, C] (NHWC),
/// the buffer M x KB. Row i of the buffer is output pixel m = nhw * M + i
/// of the N x OH x OW pixels in row-major order (OH = (H + 2P - D(K-1) - 1)
/// / S + 1, OW likewise), column j is k = kstep * KB + j of the K x K x C
/// filter taps (kh, kw, c) in row-major order; the element is
/// img[n, oh*S + kh*D - P, ow*S + kw*D - P, c], zero where that is outside
/// the image (the padding) or where m or k is past the end.
class Im2ColOp
    : public Op<Im2ColOp, OpTrait::NOperands<4>::Impl, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.im2col"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value image,
                    Value buffer, Value nhwStep, Value kStep, int64_t kernel,
                    int64_t stride, int64_t dilation, int64_t padding);
  Value getImage() { return getOperation()->getOperand(0); }
  Value getBuffer() { return getOperation()->getOperand(1); }
  Value getNhwStep() { return getOperation()->getOperand(2); }
  Value getKStep() { return getOperation()->getOperand(3); }
  int64_t getKernel() { return getIntProperty("kernel"); }
  int64_t getStride() { return getIntProperty("stride"); }
  int64_t getDilation() { return getIntProperty("dilation"); }
  int64_t getPadding() { return getIntProperty("padding"); }
  /// The output's height and width (OH, OW).
  int64_t getOutputHeight();
  int64_t getOutputWidth();
  /// The channels a row of the block reads in one DRAM read: the block's
  /// columns when C is a multiple of them, C when the columns are a
  /// multiple of C, provided the run is whole kIm2ColAlignment-byte units;
  /// 0 when the channels are gathered element by element instead.
  int64_t getChannelRun();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();

private:
  int64_t getIntProperty(llvm::StringRef name);
};

/// `tile.gemm %a, %b, %c (transpose_a)? (transpose_b)? : A, B, C`:
/// C += op(A) x op(B).
class GemmOp
    : public Op<GemmOp, OpTrait::NOperands<3>::Impl, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.gemm"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value a, Value b,
                    Value c, bool transposeA = false, bool transposeB = false);
  bool getTransposeA();
  bool getTransposeB();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tile.fill %buf, %value : B, f32`: every element becomes the scalar.
class FillOp
    : public Op<FillOp, OpTrait::NOperands<2>::Impl, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.fill"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value buffer,
                    Value value);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tile.clear %buf : B`: every element becomes zero.
class ClearOp : public Op<ClearOp, OpTrait::OneOperand, OpTrait::ZeroResults,
                          OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.clear"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value buffer);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tile.pipelined %k = %lb to %ub step %s stages 2 {...}`: a counted loop
/// whose copies may run `stages` iterations ahead (T.Pipelined).
class PipelinedOp
    : public Op<PipelinedOp, OpTrait::NOperands<3>::Impl, OpTrait::ZeroResults,
                OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::NoTerminator> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.pipelined"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value lowerBound,
                    Value upperBound, Value step, int64_t stages);
  Value getLowerBound() { return getOperation()->getOperand(0); }
  Value getUpperBound() { return getOperation()->getOperand(1); }
  Value getStep() { return getOperation()->getOperand(2); }
  int64_t getStages();
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  BlockArgument getInductionVar() { return getBody()->getArgument(0); }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tile.parallel ins(%a, %m[d0] : A, M) outs(%c : C) { ^bb0(%x: T, %y: T):
/// ... tile.yield %z : T }`: for every element index of the outputs (the
/// iteration space; all outputs have one shape), the body maps the input
/// elements to the output elements (T.Parallel). An input is indexed by the
/// iteration dimensions listed after it, in increasing order (`%m[d0]`
/// broadcasts a column along d1), or by all of them when none are listed.
/// Property `indexing`: one array<i64> per input, absent when all inputs
/// are indexed by all dimensions.
class ParallelOp : public Op<ParallelOp, OpTrait::VariadicOperands,
                             OpTrait::ZeroResults, OpTrait::OneRegion,
                             OpTrait::ZeroSuccessors, OpTrait::SingleBlock> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.parallel"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// Builds the op with a body block whose arguments are the input element
  /// types; the caller fills it and ends it with tile.yield.
  static void build(OpBuilder &builder, OperationState &state,
                    ValueRange inputs, ValueRange outputs);
  OperandRange getInputs();
  OperandRange getOutputs();
  /// The shape of the outputs, over which the body runs (empty if the op
  /// is malformed).
  llvm::ArrayRef<int64_t> getIterationShape();
  /// The iteration dimensions that index input `input`, in increasing
  /// order: element (i0, ..., in) of the iteration space reads the input at
  /// (i_dims[0], i_dims[1], ...). All of them (0, 1, ..., rank - 1) for an
  /// input without `indexing`.
  llvm::SmallVector<int64_t, 4> getInputDims(unsigned input);
  /// Whether input `input` is indexed by every iteration dimension in order
  /// (it has the outputs' shape and is not broadcast).
  bool isIdentityInput(unsigned input);
  /// Sets `indexing` from one list of dimensions per input, dropping it
  /// when every list is the identity.
  void setInputDims(llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> dims);
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tile.yield %v : T`: the output elements of a tile.parallel body.
class YieldOp
    : public Op<YieldOp, OpTrait::VariadicOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::IsTerminator, OpTrait::ReturnLike, OpTrait::Pure,
                OpTrait::HasParent<ParallelOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.yield"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    ValueRange values);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
};

/// `%i = tile.index 0 : index`: inside a tile.parallel body, the position
/// of the current element along iteration dimension `dim`, from 0 to the
/// extent minus one (TileLang's loop variables of T.Parallel; the form of
/// linalg.index). Block-global indices are built from it with arith.
class IndexOp
    : public Op<IndexOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.index"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, int64_t dim);
  /// The iteration dimension (-1 if the op is malformed).
  int64_t getDim();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tile.reduce sum %src -> %dst dim 1 (accumulate)? : S, D`: folds `dim`
/// with sum, max, min or absmax (max of |x|); the result has the source's
/// shape without that dimension (T.reduce_sum / _max / _min / _absmax).
/// With `accumulate` (TileLang's clear=False) the destination's old value
/// is combined with the result: added for sum, max or min for the others.
class ReduceOp
    : public Op<ReduceOp, OpTrait::NOperands<2>::Impl, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.reduce"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef kind, Value source, Value dest, int64_t dim,
                    bool accumulate = false);
  /// "sum", "max", "min" or "absmax".
  llvm::StringRef getKind();
  int64_t getDim();
  /// Whether the destination's old value is combined with the result
  /// (TileLang's clear=False) instead of overwritten.
  bool getAccumulate();
  /// Whether the reduction runs on the SFPU (`sfpu_reduce`, exact on
  /// 32-bit words) rather than the FPU (`reduce_tile`, whose source
  /// registers hold 19 bits: TF32 for f32): an i32 reduction along rows,
  /// and an f32 max or min along rows whose result a tile.parallel body
  /// compares (arith.cmpf), where TF32 would break the equality. The
  /// lowering and the tile interpreter both follow it.
  bool runsOnSfpu();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

//===----------------------------------------------------------------------===//
// Ops of the lowering (between tile-partition and tt-split-kernels)
//===----------------------------------------------------------------------===//

/// The attribute tile-partition puts on a kernel: the target core grid and
/// each core's blocks, {cores = array<i64: cols, rows>, ranges =
/// array<i64: start0, count0, start1, count1, ...>} with cores in
/// row-major order.
constexpr llvm::StringLiteral kPartitionAttrName = "partition";

/// `%start, %count = tile.block_range`: the linear ids of the blocks the
/// executing core runs, [start, start + count), from the kernel's
/// partition (per-core runtime arguments once split).
class BlockRangeOp
    : public Op<BlockRangeOp, OpTrait::ZeroOperands, OpTrait::VariadicResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.block_range"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  void getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)>);
};

/// `%v = tile.core_arg "name"`: an i32 whose value differs per core, given
/// in the kernel's partition (`core_args = {name = [v0, v1, ...]}`, one value
/// per core in row-major order: an integer, or `array<i64: 0, c>` /
/// `array<i64: 1, r>` for the NoC x coordinate of logical column c / the
/// NoC y coordinate of logical row r); a runtime argument of that name once
/// split. The lowering uses it for what differs between the cores of a
/// multicast group (the sender's flag, the NoC coordinates of its range).
class CoreArgOp
    : public Op<CoreArgOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.core_arg"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef name);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  /// The argument's name.
  llvm::StringRef getName();
};

/// The name of a partition's per-core argument values (tile.core_arg).
constexpr llvm::StringLiteral kCoreArgsAttrName = "core_args";

namespace detail {
LogicalResult parseAtomic(OpAsmParser &parser, OperationState &state);
void printAtomic(Operation *op, OpAsmPrinter &printer);
LogicalResult verifyAtomic(Operation *op, llvm::StringRef verb);
} // namespace detail

/// The atomics into a tensor (tile.atomic_add, atomic_max, atomic_min):
/// `tile.atomic_add %buf, %t[%i, %j] : B, T` combines the buffer into the
/// slice of the tensor that starts at the offsets (the buffer covers the
/// tensor's trailing dimensions, as tile.copy's does). Blocks that combine
/// into the same slice (split-K) do so in block order: tile-fold-atomics
/// makes one core combine them (see docs/pipeline.md). Operands: the
/// buffer, the tensor, the offsets.
template <typename ConcreteOp>
class AtomicOpBase : public Op<ConcreteOp, OpTrait::AtLeastNOperands<2>::Impl,
                               OpTrait::ZeroResults, OpTrait::ZeroRegions,
                               OpTrait::ZeroSuccessors> {
public:
  using Base =
      Op<ConcreteOp, OpTrait::AtLeastNOperands<2>::Impl, OpTrait::ZeroResults,
         OpTrait::ZeroRegions, OpTrait::ZeroSuccessors>;
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &, OperationState &state, Value buffer,
                    Value tensor, ValueRange offsets) {
    state.addOperands({buffer, tensor});
    state.addOperands(offsets);
  }
  Value getBuffer() { return this->getOperation()->getOperand(0); }
  Value getTensor() { return this->getOperation()->getOperand(1); }
  OperandRange getOffsets() {
    return OperandRange(this->getOperation()->getOpOperands().drop_front(2));
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return detail::parseAtomic(parser, state);
  }
  void print(OpAsmPrinter &printer) {
    detail::printAtomic(this->getOperation(), printer);
  }
};

/// TileLang's T.atomic_add: tensor[slice] += buffer.
class AtomicAddOp : public AtomicOpBase<AtomicAddOp> {
public:
  using AtomicOpBase::AtomicOpBase;
  static llvm::StringRef getOperationName() { return "tile.atomic_add"; }
  LogicalResult verify() {
    return detail::verifyAtomic(getOperation(), "adds");
  }
};

/// TileLang's T.atomic_max: tensor[slice] = max(tensor[slice], buffer).
class AtomicMaxOp : public AtomicOpBase<AtomicMaxOp> {
public:
  using AtomicOpBase::AtomicOpBase;
  static llvm::StringRef getOperationName() { return "tile.atomic_max"; }
  LogicalResult verify() {
    return detail::verifyAtomic(getOperation(), "takes the maximum of");
  }
};

/// TileLang's T.atomic_min: tensor[slice] = min(tensor[slice], buffer).
class AtomicMinOp : public AtomicOpBase<AtomicMinOp> {
public:
  using AtomicOpBase::AtomicOpBase;
  static llvm::StringRef getOperationName() { return "tile.atomic_min"; }
  LogicalResult verify() {
    return detail::verifyAtomic(getOperation(), "takes the minimum of");
  }
};

/// Any of the atomic ops, whichever it is: its combining function and its
/// operands (passes that treat the three alike).
class AnyAtomicOp {
public:
  /// `op` as an atomic, or null.
  static AnyAtomicOp dynCast(Operation *op);
  explicit operator bool() const { return op != nullptr; }
  Operation *getOperation() const { return op; }
  /// "add", "max" or "min".
  llvm::StringRef getKind() const { return kind; }
  Value getBuffer() const { return op->getOperand(0); }
  Value getTensor() const { return op->getOperand(1); }
  OperandRange getOffsets() const {
    return OperandRange(op->getOpOperands().drop_front(2));
  }
  /// The tensor dimensions the buffer's dimensions cover, in order: the
  /// `dims` attribute (`dQ[b, k * 64 + i, h, j]` of a BSHD tensor: [1, 3]),
  /// or the tensor's trailing dimensions, as tile.copy's.
  llvm::SmallVector<int64_t, 4> getDims() const;

private:
  Operation *op = nullptr;
  llvm::StringRef kind;
};

/// `%v = tile.load %t[%i, %j] : !tile.tensor<...xi32>`: one element of a
/// global tensor, read when the kernel runs (TileLang's `BlockTable[b, i]`
/// used as a number: block tables, block-sparse indices, expert ids). The
/// result has the tensor's element type. Operands: the tensor, then one
/// index offset per dimension.
class LoadOp : public Op<LoadOp, OpTrait::AtLeastNOperands<1>::Impl,
                         OpTrait::OneResult, OpTrait::ZeroRegions,
                         OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.load"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value tensor,
                    ValueRange offsets);
  Value getTensor() { return getOperation()->getOperand(0); }
  OperandRange getOffsets();
  /// The result type for a tensor of `element`: the element type, but a
  /// signless integer for an unsigned one (arith computes on signless
  /// integers: a ui8 element reads as its i8 bits, extended with extui).
  static Type getResultType(Type element);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `%v = "tile.role_value"(%r, %c, %w) <{roles = ["reader", "compute",
/// "writer"]}> : (i32, i32, i32) -> i32`: one value that each kernel
/// computes its own way (an element read from DRAM by the data movement
/// kernels and passed to compute through a CB); tt-split-kernels keeps the
/// operand of the kernel's role. Lowering-internal (tile-lower-data-
/// movement makes it); generic form only.
class RoleValueOp
    : public Op<RoleValueOp, OpTrait::VariadicOperands, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.role_value"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  /// The operand the kernel of `role` uses, or null.
  Value getValueFor(llvm::StringRef role);
  LogicalResult verify();
};

/// `%addr = tile.base_address %a : !tile.tensor<...>`: the DRAM address
/// (i32) of a global tensor's buffer (a runtime argument once split).
class BaseAddressOp
    : public Op<BaseAddressOp, OpTrait::OneOperand, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.base_address"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value tensor);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `%bits = tile.scalar_bits %eps : f32`: the f32 bit pattern (i32) of a
/// float scalar argument of the enclosing tile.kernel (a runtime argument
/// once split), what Metalium's scalar compute calls (fill_tile_bitcast,
/// add_unary_tile, ...) take.
class ScalarBitsOp
    : public Op<ScalarBitsOp, OpTrait::OneOperand, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tile.scalar_bits"; }
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value scalar);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// Whether `type` may be a scalar operand of a tile.kernel: f32, bf16, f16.
bool isKernelScalarType(Type type);

} // namespace tile
} // namespace tilt

#endif // TILT_DIALECT_TILE_TILE_H
