//===- TT.h - The tt dialect: Tenstorrent programs --------------*- C++ -*-===//
//
// Program structure (tt.program, tt.buffer, tt.cb_config, tt.semaphore,
// tt.kernel, tt.runtime_args) and device ops, one per Metalium call. See
// docs/dialects/tt.md.
//
// The intrinsics are listed in TTIntrinsics.def; they share one syntax and
// one verifier (placement, CB, DST and argument checks). Not modelled yet:
// sharded buffers, transaction ids, the stateful NoC variants.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_TT_TT_H
#define TILT_DIALECT_TT_TT_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/IR/OpAsm.h"

#include <array>

namespace tilt {
namespace tt {

/// The tt dialect: TT-Metalium programs, kernels and intrinsics.
class TTDialect : public Dialect {
public:
  explicit TTDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "tt"; }
  Type parseType(AsmParser &parser) const override;
  void printType(Type type, AsmPrinter &printer) const override;
};

namespace detail {
struct TTSingletonTypeStorage;
} // namespace detail

/// `!tt.noc_addr`: a 64-bit NoC address (get_noc_addr).
class NocAddrType
    : public Type::TypeBase<NocAddrType, Type, detail::TTSingletonTypeStorage> {
public:
  using Base::Base;
  static NocAddrType get(Context *context);
};

/// `!tt.accessor`: a TensorAccessor over an interleaved buffer.
class AccessorType : public Type::TypeBase<AccessorType, Type,
                                           detail::TTSingletonTypeStorage> {
public:
  using Base::Base;
  static AccessorType get(Context *context);
};

/// Before tt-split-kernels, device and cb ops live in one body (the
/// partitioned tile.kernel) and carry this attribute: the role of the
/// kernel they go to ("reader", "compute" or "writer").
constexpr llvm::StringLiteral kRoleAttrName = "tt.role";

/// A board a user targets: its chip's architecture and the compute grid a
/// program gets on one chip (compute_with_storage_grid_size, smaller than
/// the die's Tensix array: harvesting and dispatch cores take the rest).
struct BoardInfo {
  llvm::StringRef name, arch;
  int64_t columns, rows;
};
/// Every board Tilt knows: n150, n300, galaxy (Wormhole), p100, p150,
/// p150_unharvested (Blackhole), e150 (Grayskull).
llvm::ArrayRef<BoardInfo> getBoards();
/// The board called `name`, or null.
const BoardInfo *getBoard(llvm::StringRef name);
/// "n150, n300, ...", for messages.
std::string getBoardNames();
/// The board a user of `arch` gets by default (n150, p150, p150_unharvested, e150), or null.
const BoardInfo *getDefaultBoard(llvm::StringRef arch);

/// Compile-time words of TensorAccessorArgs for an interleaved DRAM buffer
/// (tt-metal 2026, tensor_accessor_args.cpp): the ArgsConfig, IsDram = 2,
/// and the aligned page size.
constexpr unsigned kAccessorCompileTimeArgs = 2;
constexpr int64_t kInterleavedDramArgsConfig = 2;

/// The largest worker grid of an architecture (columns x rows), or none
/// for an unknown one.
std::optional<std::pair<int64_t, int64_t>> getArchGrid(llvm::StringRef arch);

//===----------------------------------------------------------------------===//
// Program structure
//===----------------------------------------------------------------------===//

/// `tt.program @name grid [8, 8] arch wormhole_b0 [board n150] { ... }`:
/// one Metalium program: its target, global buffers, circular buffers,
/// kernels and per-core runtime arguments.
class ProgramOp : public Op<ProgramOp, OpTrait::ZeroOperands,
                            OpTrait::ZeroResults, OpTrait::OneRegion,
                            OpTrait::ZeroSuccessors, OpTrait::SingleBlock,
                            OpTrait::NoTerminator, OpTrait::IsIsolatedFromAbove,
                            OpTrait::Symbol, OpTrait::SymbolTable> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.program"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// A program for `arch` on `grid`; `board` (optional) is the board it
  /// targets, whose compute grid the grid must fit.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef name, llvm::ArrayRef<int64_t> grid,
                    llvm::StringRef arch, llvm::StringRef board = "");
  llvm::ArrayRef<int64_t> getGrid();
  llvm::StringRef getArch();
  /// The board the program targets, or "" (then only the die's grid
  /// bounds it).
  llvm::StringRef getBoard();
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();

private:
  /// Each tt.semaphore declares the id CreateSemaphore will return for it.
  LogicalResult verifySemaphoreIds();
};

/// `tt.buffer @a size 2097152 page_size 2048 : bf16`: a DRAM-interleaved
/// global buffer (one page per 32x32 tile).
class BufferOp
    : public Op<BufferOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Symbol,
                OpTrait::HasParent<ProgramOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.buffer"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef name, int64_t size, int64_t pageSize,
                    Type elementType);
  int64_t getSize();
  int64_t getPageSize();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tt.scalar @eps : f32`: a float scalar the host program takes on its
/// command line (`--scalar eps=VALUE`) and passes to kernels as a runtime
/// argument, its f32 bit pattern (`@eps` in tt.runtime_args).
class ScalarOp
    : public Op<ScalarOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors, OpTrait::Symbol,
                OpTrait::HasParent<ProgramOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.scalar"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef name, Type type);
  /// f32, bf16 or f16.
  Type getType();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tt.cb_config 0 cores [0, 0] to [7, 7] : !cb.cb<bf16, ...>`: circular
/// buffer `index` on a rectangle of cores.
class CBConfigOp
    : public Op<CBConfigOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::HasParent<ProgramOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.cb_config"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// Circular buffer `index` of `type` on cores [first] to [last]
  /// ([column, row] each).
  static void build(OpBuilder &builder, OperationState &state, int64_t index,
                    llvm::ArrayRef<int64_t> first, llvm::ArrayRef<int64_t> last,
                    Type type);
  int64_t getIndex();
  cb::CBType getCBType();
  /// [first column, first row, last column, last row].
  std::array<int64_t, 4> getCoreRange();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// tt-metal's NUM_SEMAPHORES (tt_metal/impl/buffers/semaphore.hpp): the
/// semaphores one core can hold.
constexpr int64_t kMaxSemaphoresPerCore = 16;

/// `tt.semaphore 0 cores [0, 0] to [3, 0] init 0`: semaphore `id` on a
/// rectangle of cores with its initial value (CreateSemaphore). The id is
/// the one tt-metal allocates (the lowest id free on every core of the
/// range), so semaphores are declared in the order of their ids; the
/// program's verifier checks it and the host program checks it again.
class SemaphoreOp
    : public Op<SemaphoreOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::HasParent<ProgramOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.semaphore"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// Semaphore `id` on cores [first] to [last] ([column, row] each), starting
  /// at `initialValue`.
  static void build(OpBuilder &builder, OperationState &state, int64_t id,
                    llvm::ArrayRef<int64_t> first, llvm::ArrayRef<int64_t> last,
                    int64_t initialValue);
  int64_t getId();
  int64_t getInitialValue();
  /// [first column, first row, last column, last row].
  std::array<int64_t, 4> getCoreRange();
  bool isOn(int64_t column, int64_t row);
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `tt.kernel @reader reader cores [0, 0] to [7, 7] processor riscv_1 noc 0
/// rt_args ["a", "n"] ct_args [1] {...}` or
/// `tt.kernel @compute compute math_fidelity HiFi4 fp32_dest_acc ... {...}`:
/// a kernel with its role and configuration; the body is `kernel_main`.
class KernelOp
    : public Op<KernelOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::OneRegion, OpTrait::ZeroSuccessors,
                OpTrait::SingleBlock, OpTrait::NoTerminator,
                OpTrait::IsIsolatedFromAbove, OpTrait::Symbol,
                OpTrait::HasParent<ProgramOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.kernel"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  /// A kernel with an empty body; set the data-movement or compute settings
  /// (`noc`, `processor`, `math_fidelity`, `fp32_dest_acc`, ...) with
  /// setInherentAttr.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef name, llvm::StringRef role,
                    llvm::ArrayRef<llvm::StringRef> runtimeArgs = {},
                    llvm::ArrayRef<int64_t> compileTimeArgs = {});
  Block *getBody() { return &getOperation()->getRegion(0).front(); }
  llvm::StringRef getRole();
  bool isCompute() { return getRole() == "compute"; }
  unsigned getNumRuntimeArgs();
  /// The number of compile-time argument words: an integer of `ct_args` is
  /// one, a `@buffer` (the TensorAccessorArgs of that buffer, which the host
  /// appends with TensorAccessorArgs(buffer).append_to) is two.
  unsigned getNumCompileTimeArgs();
  /// The compile-time argument words as the host passes them (a `@buffer`
  /// expanded to its ArgsConfig and aligned page size), or none when a
  /// `@buffer` names no tt.buffer of the program.
  std::optional<llvm::SmallVector<int64_t, 8>> getCompileTimeArgValues();
  /// The cores the kernel runs on, as [col0, row0, col1, row1] rectangles
  /// (`cores [0, 0] to [7, 0], ...`); the program's whole grid if the
  /// kernel gives none.
  llvm::SmallVector<std::array<int64_t, 4>, 2> getCoreRanges();
  bool runsOn(int64_t column, int64_t row);
  /// DST tiles available per acquire: 8 (16-bit) or 4 (fp32 accumulation)
  /// in half-sync mode, twice that with dst_full_sync.
  int64_t getDstCapacity();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// A runtime argument that the host knows only on the device: the NoC x
/// coordinate of a logical core column (`noc_x(C)`) or the NoC y
/// coordinate of a logical row (`noc_y(R)`), what kernels pass to
/// get_noc_addr and get_noc_multicast_addr. Stored as the DenseArrayAttr
/// [axis, index], axis 0 for x and 1 for y.
struct NocCoordinate {
  enum class Axis : int64_t { X = 0, Y = 1 };
  Axis axis;
  int64_t index;
  llvm::StringRef getKeyword() const {
    return axis == Axis::X ? "noc_x" : "noc_y";
  }
};
/// The attribute of `coordinate` in tt.runtime_args.
Attribute getNocCoordinateAttr(Context *context, NocCoordinate coordinate);
/// The NoC coordinate a runtime-argument value stands for, or none.
std::optional<NocCoordinate> getNocCoordinate(Attribute value);

/// `tt.runtime_args @reader core [0, 0] [@a, 0, 4, noc_x(1)]`: the values
/// of a kernel's runtime arguments on one core (SetRuntimeArgs): integers,
/// `@buf` for the DRAM address of a tt.buffer or the f32 bits of a
/// tt.scalar (known when the host runs), or `noc_x(C)` / `noc_y(R)` (see
/// NocCoordinate).
class RuntimeArgsOp
    : public Op<RuntimeArgsOp, OpTrait::ZeroOperands, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::HasParent<ProgramOp>::Impl> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "tt.runtime_args"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef kernel, llvm::ArrayRef<int64_t> core,
                    llvm::ArrayRef<int64_t> values);
  /// Values are IntegerAttr, FlatSymbolRefAttr (a buffer's address or a
  /// scalar's bits) or getNocCoordinateAttr.
  static void build(OpBuilder &builder, OperationState &state,
                    llvm::StringRef kernel, llvm::ArrayRef<int64_t> core,
                    llvm::ArrayRef<Attribute> values);
  llvm::StringRef getKernel();
  llvm::ArrayRef<int64_t> getCore();
  llvm::ArrayRef<Attribute> getValues();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

//===----------------------------------------------------------------------===//
// Device ops (intrinsics)
//===----------------------------------------------------------------------===//

/// Which kernels may hold an intrinsic.
enum class Placement : unsigned { DataMovement, Compute, Any };
/// The result of an intrinsic.
enum class ResultKind : unsigned { None, I32, NocAddr, Accessor };

/// What an intrinsic looks like. Operand kinds: 'i' i32, 'n' !tt.noc_addr,
/// 'a' !tt.accessor. CB and DST properties are static integers (CB 0..31,
/// configured in the program; DST within the kernel's capacity); `ints`
/// are other integer properties; `keywords` are enum properties with their
/// allowed values separated by '|'.
struct IntrinsicInfo {
  Placement placement;
  const char *operands;
  ResultKind result;
  std::vector<const char *> cbs;
  std::vector<const char *> dsts;
  std::vector<const char *> ints;
  std::vector<std::pair<const char *, const char *>> keywords;
};

namespace detail {
LogicalResult parseIntrinsic(const IntrinsicInfo &info, OpAsmParser &parser,
                             OperationState &state);
void printIntrinsic(const IntrinsicInfo &info, Operation *op,
                    OpAsmPrinter &printer);
LogicalResult verifyIntrinsic(const IntrinsicInfo &info, Operation *op);
std::vector<llvm::StringRef>
getIntrinsicAttributeNames(const IntrinsicInfo &info);
void buildIntrinsic(
    const IntrinsicInfo &info, OpBuilder &builder, OperationState &state,
    ValueRange operands,
    llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>> ints,
    llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> keywords);
} // namespace detail

/// The base of the device ops; `ConcreteOp::getInfo()` describes it.
template <typename ConcreteOp>
class IntrinsicOp
    : public Op<ConcreteOp, OpTrait::VariadicOperands, OpTrait::VariadicResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
  using Base =
      Op<ConcreteOp, OpTrait::VariadicOperands, OpTrait::VariadicResults,
         OpTrait::ZeroRegions, OpTrait::ZeroSuccessors>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    static std::vector<llvm::StringRef> names =
        detail::getIntrinsicAttributeNames(ConcreteOp::getInfo());
    return names;
  }
  /// `operands`, the integer properties (CB and DST indices included) by
  /// name, and the enum properties by name; the result type is the op's.
  static void
  build(OpBuilder &builder, OperationState &state, ValueRange operands = {},
        llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>> ints = {},
        llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> keywords =
            {}) {
    detail::buildIntrinsic(ConcreteOp::getInfo(), builder, state, operands,
                           ints, keywords);
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    return detail::parseIntrinsic(ConcreteOp::getInfo(), parser, state);
  }
  void print(OpAsmPrinter &printer) {
    detail::printIntrinsic(ConcreteOp::getInfo(), this->getOperation(),
                           printer);
  }
  LogicalResult verify() {
    return detail::verifyIntrinsic(ConcreteOp::getInfo(), this->getOperation());
  }
};

#define TILT_TT_INTRINSIC(ClassName, OpName, ...)                              \
  class ClassName : public IntrinsicOp<ClassName> {                            \
  public:                                                                      \
    using IntrinsicOp::IntrinsicOp;                                            \
    static llvm::StringRef getOperationName() { return "tt." OpName; }         \
    static const IntrinsicInfo &getInfo();                                     \
  };
#include "tilt/Dialect/TT/TTIntrinsics.def"
#undef TILT_TT_INTRINSIC

} // namespace tt
} // namespace tilt

#endif // TILT_DIALECT_TT_TT_H
