//===- CBOps.cpp - The cb dialect -----------------------------------------===//

#include "tilt/Dialect/CB/CB.h"
#include "tilt/IR/Context.h"
#include "llvm/ADT/Hashing.h"

using namespace tilt;
using namespace tilt::cb;

CBDialect::CBDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<CBDialect>()) {
  addOperations<AllocOp, ReserveBackOp, PushBackOp, WaitFrontOp, PopFrontOp,
                GetWritePtrOp, GetReadPtrOp>();
}

//===----------------------------------------------------------------------===//
// CBType
//===----------------------------------------------------------------------===//

namespace tilt {
namespace cb {
namespace detail {
struct CBTypeStorage : public TypeStorage {
  using KeyTy = std::tuple<Type, int64_t, int64_t>;
  static unsigned hashKey(const KeyTy &key) {
    return llvm::hash_combine(std::get<0>(key), std::get<1>(key),
                              std::get<2>(key));
  }
  bool operator==(const KeyTy &key) const {
    return key == KeyTy(dataFormat, pageSize, pages);
  }
  static CBTypeStorage *construct(StorageAllocator &allocator,
                                  const KeyTy &key) {
    auto *storage = new (allocator.allocate<CBTypeStorage>()) CBTypeStorage();
    std::tie(storage->dataFormat, storage->pageSize, storage->pages) = key;
    return storage;
  }
  Type dataFormat;
  int64_t pageSize = 0;
  int64_t pages = 0;
};
} // namespace detail
} // namespace cb
} // namespace tilt

CBType CBType::get(Context *context, Type dataFormat, int64_t pageSize,
                   int64_t pages) {
  return CBType(context->getUniquer().get<detail::CBTypeStorage>(
      getTypeID(), context, context->getLoadedDialect<CBDialect>(),
      detail::CBTypeStorage::KeyTy(dataFormat, pageSize, pages)));
}
namespace tilt {
namespace cb {
namespace detail {
struct BlockFloatTypeStorage : public TypeStorage {
  using KeyTy = unsigned;
  static unsigned hashKey(const KeyTy &key) { return llvm::hash_value(key); }
  bool operator==(const KeyTy &key) const { return key == magnitudeBits; }
  static BlockFloatTypeStorage *construct(StorageAllocator &allocator,
                                          const KeyTy &key) {
    auto *storage = new (allocator.allocate<BlockFloatTypeStorage>())
        BlockFloatTypeStorage();
    storage->magnitudeBits = key;
    return storage;
  }
  unsigned magnitudeBits = 0;
};
} // namespace detail
} // namespace cb
} // namespace tilt

BlockFloatType BlockFloatType::get(Context *context, unsigned magnitudeBits) {
  return BlockFloatType(
      context->getUniquer().get<detail::BlockFloatTypeStorage>(
          getTypeID(), context, context->getLoadedDialect<CBDialect>(),
          magnitudeBits));
}
BlockFloatType BlockFloatType::get(Context *context, llvm::StringRef keyword) {
  if (keyword != "bfp8_b" && keyword != "bfp4_b")
    return BlockFloatType();
  return get(context, keyword == "bfp8_b" ? 7u : 3u);
}
unsigned BlockFloatType::getMagnitudeBits() const {
  return getImpl()->magnitudeBits;
}
llvm::StringRef BlockFloatType::getKeyword() const {
  return getMagnitudeBits() == 7 ? "bfp8_b" : "bfp4_b";
}
llvm::StringRef BlockFloatType::getDataFormatName() const {
  return getMagnitudeBits() == 7 ? "Bfp8_b" : "Bfp4_b";
}
int64_t BlockFloatType::getTileBytes() const {
  // 64 exponent bytes, then 1024 values of 1 + magnitude bits.
  return 64 + 1024 * (1 + getMagnitudeBits()) / 8;
}

Type CBType::getDataFormat() const { return getImpl()->dataFormat; }
int64_t CBType::getPageSize() const { return getImpl()->pageSize; }
int64_t CBType::getPages() const { return getImpl()->pages; }

static bool isDataFormat(Type type) {
  return type.isBF16() || type.isF16() || type.isF32() ||
         type.isSignlessInteger(32) || type.isa<BlockFloatType>();
}

/// `key = <positive integer>`.
static LogicalResult parsePositiveField(AsmParser &parser, llvm::StringRef key,
                                        int64_t &value) {
  if (failed(parser.parseKeyword(key)) || failed(parser.parseEqual()))
    return failure();
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseInteger(value)))
    return failure();
  if (value <= 0)
    return parser.emitError(loc) << key << " must be positive, got " << value;
  return success();
}

Type CBDialect::parseType(AsmParser &parser) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return Type();
  if (auto blockFloat = BlockFloatType::get(getContext(), keyword))
    return blockFloat;
  if (keyword != "cb") {
    parser.emitError(loc) << "unknown cb type '" << keyword
                          << "' (expected 'cb', 'bfp8_b' or 'bfp4_b')";
    return Type();
  }
  Type format;
  int64_t pageSize, pages;
  llvm::SMLoc formatLoc;
  if (failed(parser.parseLess()))
    return Type();
  formatLoc = parser.getCurrentLocation();
  if (failed(parser.parseType(format)))
    return Type();
  if (!isDataFormat(format)) {
    parser.emitError(formatLoc)
        << "data format must be bf16, f16, f32, i32, !cb.bfp8_b or "
           "!cb.bfp4_b, got "
        << format;
    return Type();
  }
  if (failed(parser.parseComma()) ||
      failed(parsePositiveField(parser, "page_size", pageSize)) ||
      failed(parser.parseComma()) ||
      failed(parsePositiveField(parser, "pages", pages)) ||
      failed(parser.parseGreater()))
    return Type();
  return CBType::get(getContext(), format, pageSize, pages);
}

void CBDialect::printType(Type type, AsmPrinter &printer) const {
  if (auto blockFloat = type.dyn_cast<BlockFloatType>()) {
    printer << blockFloat.getKeyword();
    return;
  }
  auto cbType = type.dyn_cast<CBType>();
  if (!cbType) {
    printer << "<<UNKNOWN CB TYPE>>";
    return;
  }
  printer << "cb<";
  printer.printType(cbType.getDataFormat());
  printer << ", page_size = " << std::to_string(cbType.getPageSize())
          << ", pages = " << std::to_string(cbType.getPages()) << '>';
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// The circular-buffer type of `op`'s operand 0, or an error.
static FailureOr<CBType> getCBOperand(Operation *op) {
  Type type = op->getOperand(0).getType();
  if (auto cbType = type.dyn_cast<CBType>())
    return cbType;
  return FailureOr<CBType>(op->emitOpError()
                           << "operand must be a !cb.cb, got " << type);
}

llvm::ArrayRef<llvm::StringRef> AllocOp::getAttributeNames() {
  static llvm::StringRef names[] = {"index"};
  return names;
}

void AllocOp::build(OpBuilder &builder, OperationState &state, int64_t index,
                    CBType type) {
  state.addAttribute("index", builder.getI64IntegerAttr(index));
  state.addTypes(type);
}

int64_t AllocOp::getIndex() {
  if (auto index = getOperation()
                       ->getInherentAttr("index")
                       .dyn_cast_or_null<IntegerAttr>())
    return index.getInt();
  return -1;
}

LogicalResult AllocOp::parse(OpAsmParser &parser, OperationState &state) {
  int64_t index;
  Type type;
  if (failed(parser.parseInteger(index)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  state.addAttribute(
      "index",
      IntegerAttr::get(IntegerType::get(parser.getContext(), 64), index));
  state.addTypes(type);
  return success();
}

void AllocOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << std::to_string(getIndex());
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getResult(0).getType());
}

LogicalResult AllocOp::verify() {
  Operation *op = getOperation();
  if (!op->getInherentAttr("index").dyn_cast_or_null<IntegerAttr>())
    return emitOpError() << "requires an integer 'index' property";
  int64_t index = getIndex();
  if (index < 0 || index > kMaxCBIndex)
    return emitOpError() << "index " << index << " is not in 0.."
                         << kMaxCBIndex;
  if (!op->getResult(0).getType().isa<CBType>())
    return emitOpError() << "result must be a !cb.cb, got "
                         << op->getResult(0).getType();
  return success();
}

void AllocOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  setName(getOperation()->getResult(0), "cb" + std::to_string(getIndex()));
}

template <typename ConcreteOp> int64_t PageCountOpBase<ConcreteOp>::getPages() {
  if (auto pages = this->getOperation()
                       ->getInherentAttr("pages")
                       .template dyn_cast_or_null<IntegerAttr>())
    return pages.getInt();
  return 0;
}

template <typename ConcreteOp>
LogicalResult PageCountOpBase<ConcreteOp>::parse(OpAsmParser &parser,
                                                 OperationState &state) {
  OpAsmParser::UnresolvedOperand cb;
  int64_t pages;
  Type type;
  if (failed(parser.parseOperand(cb)) || failed(parser.parseComma()) ||
      failed(parser.parseInteger(pages)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(cb, type, state.operands)))
    return failure();
  state.addAttribute(
      "pages",
      IntegerAttr::get(IntegerType::get(parser.getContext(), 64), pages));
  return success();
}

template <typename ConcreteOp>
void PageCountOpBase<ConcreteOp>::print(OpAsmPrinter &printer) {
  Operation *op = this->getOperation();
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer << ", " << std::to_string(getPages());
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getOperand(0).getType());
}

template <typename ConcreteOp>
LogicalResult PageCountOpBase<ConcreteOp>::verify() {
  Operation *op = this->getOperation();
  FailureOr<CBType> type = getCBOperand(op);
  if (failed(type))
    return failure();
  if (!op->getInherentAttr("pages").template dyn_cast_or_null<IntegerAttr>())
    return this->emitOpError() << "requires an integer 'pages' property";
  int64_t pages = getPages();
  if (pages <= 0)
    return this->emitOpError() << "page count must be positive, got " << pages;
  if (pages > type->getPages())
    return this->emitOpError()
           << "page count " << pages << " is more than the buffer's "
           << type->getPages() << " pages";
  return success();
}

template <typename ConcreteOp>
LogicalResult PointerOpBase<ConcreteOp>::parse(OpAsmParser &parser,
                                               OperationState &state) {
  OpAsmParser::UnresolvedOperand cb;
  Type type;
  if (failed(parser.parseOperand(cb)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(cb, type, state.operands)))
    return failure();
  state.addTypes(IntegerType::get(parser.getContext(), 32));
  return success();
}

template <typename ConcreteOp>
void PointerOpBase<ConcreteOp>::print(OpAsmPrinter &printer) {
  Operation *op = this->getOperation();
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getOperand(0).getType());
}

template <typename ConcreteOp>
LogicalResult PointerOpBase<ConcreteOp>::verify() {
  Operation *op = this->getOperation();
  if (failed(getCBOperand(op)))
    return failure();
  if (!op->getResult(0).getType().isSignlessInteger(32))
    return this->emitOpError() << "result must be i32 (an L1 address)";
  return success();
}

namespace tilt {
namespace cb {
template class PageCountOpBase<ReserveBackOp>;
template class PageCountOpBase<PushBackOp>;
template class PageCountOpBase<WaitFrontOp>;
template class PageCountOpBase<PopFrontOp>;
template class PointerOpBase<GetWritePtrOp>;
template class PointerOpBase<GetReadPtrOp>;
} // namespace cb
} // namespace tilt
