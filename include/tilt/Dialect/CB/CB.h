//===- CB.h - The cb dialect: circular buffers ------------------*- C++ -*-===//
//
// Circular buffers in a core's L1 and their producer/consumer protocol, one
// op per Metalium call (cb_reserve_back, cb_push_back, cb_wait_front,
// cb_pop_front, get_write_ptr, get_read_ptr). See docs/dialects/cb.md.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_CB_CB_H
#define TILT_DIALECT_CB_CB_H

#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"

namespace tilt {
namespace cb {

/// The cb dialect: circular buffers in L1 and their producer/consumer
/// protocol.
class CBDialect : public Dialect {
public:
  explicit CBDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "cb"; }
  Type parseType(AsmParser &parser) const override;
  void printType(Type type, AsmPrinter &printer) const override;
};

namespace detail {
struct CBTypeStorage;
struct BlockFloatTypeStorage;
} // namespace detail

/// `!cb.bfp8_b`, `!cb.bfp4_b`: Metalium's block-float tile formats
/// (`DataFormat::Bfp8_b`, `Bfp4_b`). A 32x32 tile is 64 shared exponents
/// (one per 16 values: a row of a 16x16 face) followed by one sign and
/// magnitude of 7 (Bfp8_b) or 3 (Bfp4_b) bits per value: 1088 and 576
/// bytes (tt-metal tt_metal/api/tt-metalium/tile.hpp, `tile_size`). Only a
/// data format: it names what a circular buffer or a DRAM buffer holds;
/// the unpacker turns its values into bf16 exactly.
class BlockFloatType : public Type::TypeBase<BlockFloatType, Type,
                                             detail::BlockFloatTypeStorage> {
public:
  using Base::Base;
  /// `magnitudeBits` is 7 (Bfp8_b) or 3 (Bfp4_b).
  static BlockFloatType get(Context *context, unsigned magnitudeBits);
  /// The type `keyword` (`bfp8_b`, `bfp4_b`) names; null for another.
  static BlockFloatType get(Context *context, llvm::StringRef keyword);
  unsigned getMagnitudeBits() const;
  /// `bfp8_b` or `bfp4_b`.
  llvm::StringRef getKeyword() const;
  /// Metalium's name of the format: `Bfp8_b` or `Bfp4_b`.
  llvm::StringRef getDataFormatName() const;
  /// The bytes of one 32x32 tile: 1088 or 576.
  int64_t getTileBytes() const;
};

/// `!cb.cb<bf16, page_size = 2048, pages = 2>`: a circular buffer of
/// `pages` pages of `page_size` bytes each, holding data of the given format
/// (bf16, f16, f32, i32, or a block float: `!cb.bfp8_b`, `!cb.bfp4_b`).
class CBType : public Type::TypeBase<CBType, Type, detail::CBTypeStorage> {
public:
  using Base::Base;
  static CBType get(Context *context, Type dataFormat, int64_t pageSize,
                    int64_t pages);
  Type getDataFormat() const;
  int64_t getPageSize() const;
  int64_t getPages() const;
};

/// The largest circular-buffer index a core has (0..31).
constexpr int64_t kMaxCBIndex = 31;

/// `%cb = cb.alloc 16 : !cb.cb<...>`: the circular buffer with index 16
/// (0..31) on the cores the kernel runs on.
class AllocOp : public Op<AllocOp, OpTrait::ZeroOperands, OpTrait::OneResult,
                          OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "cb.alloc"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames();
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, int64_t index,
                    CBType type);
  int64_t getIndex();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
  void getAsmResultNames(llvm::function_ref<void(Value, llvm::StringRef)>);
};

/// The protocol ops: `cb.reserve_back %cb, 2 : !cb.cb<...>` and the like,
/// with a static page count (positive, at most the buffer's pages).
template <typename ConcreteOp>
class PageCountOpBase
    : public Op<ConcreteOp, OpTrait::OneOperand, OpTrait::ZeroResults,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
  using Base = Op<ConcreteOp, OpTrait::OneOperand, OpTrait::ZeroResults,
                  OpTrait::ZeroRegions, OpTrait::ZeroSuccessors>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    static llvm::StringRef names[] = {"pages"};
    return names;
  }
  static void build(OpBuilder &builder, OperationState &state, Value cb,
                    int64_t pages) {
    state.addOperands(cb);
    state.addAttribute("pages", builder.getI64IntegerAttr(pages));
  }
  int64_t getPages();
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

#define TILT_CB_PAGE_OP(ClassName, OpName)                                     \
  class ClassName : public PageCountOpBase<ClassName> {                        \
  public:                                                                      \
    using PageCountOpBase::PageCountOpBase;                                    \
    static llvm::StringRef getOperationName() { return "cb." OpName; }         \
  };
/// The producer waits for room for `pages` pages (cb_reserve_back).
TILT_CB_PAGE_OP(ReserveBackOp, "reserve_back")
/// The producer publishes `pages` written pages (cb_push_back).
TILT_CB_PAGE_OP(PushBackOp, "push_back")
/// The consumer waits for `pages` pages (cb_wait_front).
TILT_CB_PAGE_OP(WaitFrontOp, "wait_front")
/// The consumer frees `pages` read pages (cb_pop_front).
TILT_CB_PAGE_OP(PopFrontOp, "pop_front")
#undef TILT_CB_PAGE_OP

/// `%addr = cb.get_write_ptr %cb : !cb.cb<...>`: the L1 address (i32) of
/// the first reserved page (get_write_ptr); `cb.get_read_ptr` is the first
/// page waited for (get_read_ptr).
template <typename ConcreteOp>
class PointerOpBase
    : public Op<ConcreteOp, OpTrait::OneOperand, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors> {
  using Base = Op<ConcreteOp, OpTrait::OneOperand, OpTrait::OneResult,
                  OpTrait::ZeroRegions, OpTrait::ZeroSuccessors>;

public:
  using Base::Base;
  static constexpr bool kHasCustomAssembly = true;
  static void build(OpBuilder &builder, OperationState &state, Value cb) {
    state.addOperands(cb);
    state.addTypes(builder.getI32Type());
  }
  static LogicalResult parse(OpAsmParser &parser, OperationState &state);
  void print(OpAsmPrinter &printer);
  LogicalResult verify();
};

/// `%p = cb.get_write_ptr %cb : !cb.cb<...>`: the L1 address of the first
/// reserved page (the producer writes there).
class GetWritePtrOp : public PointerOpBase<GetWritePtrOp> {
public:
  using PointerOpBase::PointerOpBase;
  static llvm::StringRef getOperationName() { return "cb.get_write_ptr"; }
};
/// `%p = cb.get_read_ptr %cb : !cb.cb<...>`: the L1 address of the first
/// page waited for (the consumer reads there).
class GetReadPtrOp : public PointerOpBase<GetReadPtrOp> {
public:
  using PointerOpBase::PointerOpBase;
  static llvm::StringRef getOperationName() { return "cb.get_read_ptr"; }
};

} // namespace cb
} // namespace tilt

#endif // TILT_DIALECT_CB_CB_H
