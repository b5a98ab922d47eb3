//===- TileTypes.cpp - Types of the tile dialect --------------------------===//

#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/IR/Context.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace tilt;
using namespace tilt::tile;

namespace tilt {
namespace tile {
namespace detail {

/// A shape, an element type and one more parameter (a tensor's layout, a
/// buffer's memory space).
template <typename ExtraT> struct ShapedStorage : public TypeStorage {
  using KeyTy = std::tuple<llvm::ArrayRef<int64_t>, Type, ExtraT>;
  static unsigned hashKey(const KeyTy &key) {
    auto shape = std::get<0>(key);
    return llvm::hash_combine(
        llvm::hash_combine_range(shape.begin(), shape.end()), std::get<1>(key),
        std::get<2>(key));
  }
  bool operator==(const KeyTy &key) const {
    return shape == std::get<0>(key) && elementType == std::get<1>(key) &&
           extra == std::get<2>(key);
  }
  template <typename StorageT>
  static StorageT *constructAs(StorageAllocator &allocator, const KeyTy &key) {
    auto *storage = new (allocator.allocate<StorageT>()) StorageT();
    storage->shape = allocator.copyInto(std::get<0>(key));
    storage->elementType = std::get<1>(key);
    storage->extra = std::get<2>(key);
    return storage;
  }
  llvm::ArrayRef<int64_t> shape;
  Type elementType;
  ExtraT extra{};
};

struct TensorTypeStorage : public ShapedStorage<Attribute> {
  static TensorTypeStorage *construct(StorageAllocator &allocator,
                                      const KeyTy &key) {
    return constructAs<TensorTypeStorage>(allocator, key);
  }
};

struct BufTypeStorage : public ShapedStorage<unsigned> {
  static BufTypeStorage *construct(StorageAllocator &allocator,
                                   const KeyTy &key) {
    return constructAs<BufTypeStorage>(allocator, key);
  }
};

} // namespace detail
} // namespace tile
} // namespace tilt

bool tile::isTileElementType(Type type) {
  if (auto floatType = type.dyn_cast<FloatType>())
    return floatType.isBF16() || floatType.isF16() || floatType.isF32();
  return type.isSignlessInteger(32);
}

bool tile::isTensorElementType(Type type) {
  return isTileElementType(type) || type.isSignlessInteger(1) ||
         type.isSignlessInteger(8) || type.isUnsignedInteger(8);
}

TensorType TensorType::get(Context *context, llvm::ArrayRef<int64_t> shape,
                           Type elementType, Attribute layout) {
  return TensorType(context->getUniquer().get<detail::TensorTypeStorage>(
      getTypeID(), context, context->getLoadedDialect<TileDialect>(),
      detail::TensorTypeStorage::KeyTy(shape, elementType, layout)));
}
llvm::ArrayRef<int64_t> TensorType::getShape() const {
  return getImpl()->shape;
}
Type TensorType::getElementType() const { return getImpl()->elementType; }
Attribute TensorType::getLayout() const { return getImpl()->extra; }

llvm::StringRef tile::stringifyMemorySpace(MemorySpace space) {
  return space == MemorySpace::Shared ? "shared" : "fragment";
}

BufType BufType::get(Context *context, llvm::ArrayRef<int64_t> shape,
                     Type elementType, MemorySpace space) {
  return BufType(context->getUniquer().get<detail::BufTypeStorage>(
      getTypeID(), context, context->getLoadedDialect<TileDialect>(),
      detail::BufTypeStorage::KeyTy(shape, elementType, unsigned(space))));
}
llvm::ArrayRef<int64_t> BufType::getShape() const { return getImpl()->shape; }
Type BufType::getElementType() const { return getImpl()->elementType; }
MemorySpace BufType::getMemorySpace() const {
  return MemorySpace(getImpl()->extra);
}

//===----------------------------------------------------------------------===//
// Parsing and printing
//===----------------------------------------------------------------------===//

/// The largest extent of a dimension (docs/dialects/tile.md, "Limits").
constexpr int64_t kMaxExtent = int64_t(1) << 31;
/// The largest tensor or buffer, in bytes once padded to whole 32x32 tiles
/// (docs/dialects/tile.md, "Limits").
constexpr int64_t kMaxBytes = int64_t(1) << 40;

/// Checks `shape` against the limits above, so that no later size
/// computation (tiles, pages, bytes, host allocations) can overflow int64.
static LogicalResult checkShapeLimits(AsmParser &parser, llvm::SMLoc loc,
                                      llvm::StringRef what,
                                      llvm::ArrayRef<int64_t> shape,
                                      Type elementType) {
  for (int64_t dim : shape)
    if (dim > kMaxExtent)
      return parser.emitError(loc)
             << what << " dimension " << dim
             << " exceeds the limit of 2^31 elements per dimension";
  // The size as laid out in whole tiles: the last two dimensions padded to
  // 32, a 1-d shape one row of tiles (32 rows).
  llvm::Optional<int64_t> bytes = getElementBytes(elementType);
  if (shape.size() == 1)
    bytes = llvm::checkedMul<int64_t>(*bytes, kTileSize);
  for (size_t i = 0; i < shape.size() && bytes; ++i) {
    int64_t dim = shape[i];
    if (shape.size() - i <= 2)
      dim = (dim + kTileSize - 1) / kTileSize * kTileSize;
    bytes = llvm::checkedMul<int64_t>(*bytes, dim);
  }
  if (!bytes || *bytes > kMaxBytes)
    return parser.emitError(loc)
           << what << " of "
           << (bytes ? std::to_string(*bytes) : std::string("more than 2^63"))
           << " bytes (padded to whole 32x32 tiles) exceeds the limit of "
              "2^40 bytes";
  return success();
}

/// `<` dims `x` element-type, checked: positive static sizes, rank 1 or
/// more, a tile element type (for a tensor, also the one-byte integers),
/// within the size limits.
static LogicalResult parseShapeAndElement(AsmParser &parser,
                                          llvm::StringRef what,
                                          llvm::SmallVectorImpl<int64_t> &shape,
                                          Type &elementType, bool tensor) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseLess()) ||
      failed(parser.parseDimensionList(shape, /*allowDynamic=*/false)))
    return failure();
  if (shape.empty())
    return parser.emitError(loc) << what << " needs a shape (e.g. 64x64xbf16)";
  for (int64_t dim : shape)
    if (dim <= 0)
      return parser.emitError(loc)
             << what << " dimensions must be positive, got " << dim;
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  if (failed(parser.parseType(elementType)))
    return failure();
  if (tensor ? !isTensorElementType(elementType)
             : !isTileElementType(elementType))
    return parser.emitError(typeLoc)
           << what << " element type must be bf16, f16, f32 or i32"
           << (tensor ? " (or i1, i8, ui8)" : "") << ", got " << elementType;
  return checkShapeLimits(parser, loc, what, shape, elementType);
}

Type TileDialect::parseType(AsmParser &parser) const {
  llvm::StringRef keyword;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseKeyword(&keyword)))
    return Type();
  Context *context = getContext();
  llvm::SmallVector<int64_t, 4> shape;
  Type elementType;
  if (keyword == "tensor") {
    if (failed(parseShapeAndElement(parser, "!tile.tensor", shape, elementType,
                                    /*tensor=*/true)))
      return Type();
    Attribute layout;
    if (parser.parseOptionalComma() && failed(parser.parseAttribute(layout)))
      return Type();
    if (failed(parser.parseGreater()))
      return Type();
    return TensorType::get(context, shape, elementType, layout);
  }
  if (keyword == "buf") {
    if (failed(parseShapeAndElement(parser, "!tile.buf", shape, elementType,
                                    /*tensor=*/false)))
      return Type();
    llvm::StringRef space;
    llvm::SMLoc spaceLoc;
    if (failed(parser.parseComma()))
      return Type();
    spaceLoc = parser.getCurrentLocation();
    if (failed(parser.parseKeyword(&space)))
      return Type();
    if (space != "shared" && space != "fragment") {
      parser.emitError(spaceLoc)
          << "expected 'shared' or 'fragment', got '" << space << "'";
      return Type();
    }
    if (failed(parser.parseGreater()))
      return Type();
    return BufType::get(context, shape, elementType,
                        space == "shared" ? MemorySpace::Shared
                                          : MemorySpace::Fragment);
  }
  parser.emitError(loc) << "unknown tile type '" << keyword
                        << "' (expected 'tensor' or 'buf')";
  return Type();
}

static void printShapeAndElement(AsmPrinter &printer,
                                 llvm::ArrayRef<int64_t> shape,
                                 Type elementType) {
  printer << '<';
  printer.printDimensionList(shape);
  printer << 'x';
  printer.printType(elementType);
}

void TileDialect::printType(Type type, AsmPrinter &printer) const {
  if (auto tensor = type.dyn_cast<TensorType>()) {
    printer << "tensor";
    printShapeAndElement(printer, tensor.getShape(), tensor.getElementType());
    if (Attribute layout = tensor.getLayout()) {
      printer << ", ";
      printer.printAttribute(layout);
    }
    printer << '>';
    return;
  }
  if (auto buf = type.dyn_cast<BufType>()) {
    printer << "buf";
    printShapeAndElement(printer, buf.getShape(), buf.getElementType());
    printer << ", " << stringifyMemorySpace(buf.getMemorySpace()) << '>';
    return;
  }
  printer << "<<UNKNOWN TILE TYPE>>";
}
