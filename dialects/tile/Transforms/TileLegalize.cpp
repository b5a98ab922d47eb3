//===- TileLegalize.cpp - Layouts and legality checks for tile programs ---===//
//
// For every function that holds tile.kernel ops:
//  - tensors: each !tile.tensor argument gets the DRAM-interleaved 32x32
//    tile layout (padded shape, page size) in its type; the function
//    signature, the kernels' operands and their region arguments follow;
//  - buffers: on-core buffers must be whole 32x32 tiles (the last two
//    dimensions multiples of 32; a 1-d buffer a multiple of 32), since
//    circular buffers hold whole tiles;
//  - element types: i32 has no matmul on Tenstorrent, so an i32 gemm is
//    rejected; i32 reductions run on the SFPU, along rows, by sum, max or
//    min (an i32 tile.parallel runs on the SFPU's integer ops);
//  - copies: a block may overhang its tensor (ceildiv grids; the lowering
//    reads zeros there and writes nothing), but not reach index 2^31;
//  - block floats: a bf16 tensor whose layout is `{format = "bfp8_b"}` (or
//    "bfp4_b") is stored in DRAM as Metalium's block-float tiles; it is
//    read only, in tiles, into shared buffers that tile.gemm multiplies.
// Every rejection is a diagnostic at the op; nothing is changed then.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/IR/Matchers.h"
#include "tilt/IR/Region.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <limits>

using namespace tilt;
using namespace tilt::tile;

static int64_t roundUpToTile(int64_t value) {
  return (value + kTileSize - 1) / kTileSize * kTileSize;
}

TileLayout TileLayout::compute(llvm::ArrayRef<int64_t> shape,
                               Type elementType, bool rowMajor) {
  TileLayout layout;
  layout.paddedShape.assign(shape.begin(), shape.end());
  int64_t elementBytes = getElementBytes(elementType);
  if (rowMajor) {
    // One page per row of the last dimension, padded to whole tiles'
    // widths so that 32 rows tilize into whole tiles.
    layout.rowMajor = true;
    layout.paddedShape.back() = roundUpToTile(shape.back());
    layout.tileShape = {1, layout.paddedShape.back()};
    layout.pageSize = layout.paddedShape.back() * elementBytes;
    return layout;
  }
  // The last two dimensions are tiled; a 1-d tensor is one row of tiles.
  size_t tiled = std::min<size_t>(2, shape.size());
  for (size_t i = shape.size() - tiled; i < shape.size(); ++i)
    layout.paddedShape[i] = roundUpToTile(shape[i]);
  layout.tileShape = {kTileSize, kTileSize};
  layout.pageSize = kTileSize * kTileSize * elementBytes;
  return layout;
}

int64_t tile::getBlockFloatTileBytes(llvm::StringRef format) {
  // 64 shared exponents, then one sign and 7 or 3 magnitude bits per value
  // (tt-metal tt_metal/api/tt-metalium/tile.hpp, tile_size).
  return format == "bfp8_b" ? 64 + 1024 : 64 + 512;
}

std::string tile::getStorageFormat(TensorType type) {
  auto dict = type.getLayout().dyn_cast_or_null<DictionaryAttr>();
  auto format =
      dict ? dict.get("format").dyn_cast_or_null<StringAttr>() : StringAttr();
  return format ? format.getValue().str() : std::string();
}

LogicalResult tile::setStorageFormat(Operation *op, unsigned index,
                                     llvm::StringRef format) {
  auto function = func::FuncOp::dynCast(op);
  if (!function || function.isDeclaration())
    return op->emitError() << "a storage format is set on a function's "
                              "tensor argument";
  FunctionType type = function.getFunctionType();
  if (index >= type.getInputs().size())
    return op->emitError() << "the function has no argument #" << index;
  auto tensor = type.getInputs()[index].dyn_cast<TensorType>();
  if (!tensor || tensor.getLayout())
    return op->emitError()
           << "argument #" << index << " (" << type.getInputs()[index]
           << ") is not a !tile.tensor without a layout: its storage format "
              "cannot be set";
  if (format != "bfp8_b" && format != "bfp4_b")
    return op->emitError() << "unknown storage format '" << format
                           << "' for argument #" << index
                           << " (expected bfp8_b or bfp4_b)";
  Context *context = op->getContext();
  NamedAttrList attrs;
  attrs.set("format", StringAttr::get(context, format));
  Type stored =
      TensorType::get(context, tensor.getShape(), tensor.getElementType(),
                      attrs.getDictionary(context));
  llvm::SmallVector<Type, 4> inputs(type.getInputs().begin(),
                                    type.getInputs().end());
  inputs[index] = stored;
  op->setInherentAttr(
      "function_type",
      TypeAttr::get(FunctionType::get(context, inputs, type.getResults())));
  BlockArgument argument = function.getEntryBlock()->getArgument(index);
  argument.setType(stored);
  // The kernels' region arguments follow their operands (as
  // legalizeKernel does).
  llvm::SmallVector<Value, 4> worklist = {argument};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses())
      if (auto kernel = KernelOp::dynCast(use.getOwner())) {
        BlockArgument inner = kernel.getArgument(use.getOperandNumber());
        if (inner.getType() != stored) {
          inner.setType(stored);
          worklist.push_back(inner);
        }
      }
  }
  return success();
}

Attribute TileLayout::toAttribute(Context *context) const {
  NamedAttrList attrs;
  if (!format.empty())
    attrs.set("format", StringAttr::get(context, format));
  attrs.set("kind", StringAttr::get(context, rowMajor ? "dram_row_major"
                                                      : "dram_interleaved"));
  attrs.set("padded_shape", DenseArrayAttr::getI64(context, paddedShape));
  attrs.set("tile", DenseArrayAttr::getI64(context, tileShape));
  attrs.set("page_size",
            IntegerAttr::get(IntegerType::get(context, 64), pageSize));
  return attrs.getDictionary(context);
}

std::optional<TileLayout> TileLayout::get(TensorType type) {
  auto dict = type.getLayout().dyn_cast_or_null<DictionaryAttr>();
  if (!dict)
    return std::nullopt;
  TileLayout layout;
  auto kind = dict.get("kind").dyn_cast_or_null<StringAttr>();
  auto padded = dict.get("padded_shape").dyn_cast_or_null<DenseArrayAttr>();
  auto tile = dict.get("tile").dyn_cast_or_null<DenseArrayAttr>();
  auto page = dict.get("page_size").dyn_cast_or_null<IntegerAttr>();
  if (!kind ||
      (kind.getValue() != "dram_interleaved" &&
       kind.getValue() != "dram_row_major") ||
      !padded || !tile || !page)
    return std::nullopt;
  layout.rowMajor = kind.getValue() == "dram_row_major";
  layout.paddedShape.assign(padded.getIntValues().begin(),
                            padded.getIntValues().end());
  layout.tileShape.assign(tile.getIntValues().begin(),
                          tile.getIntValues().end());
  layout.pageSize = page.getInt();
  if (auto format = dict.get("format")) {
    auto name = format.dyn_cast<StringAttr>();
    if (!name || (name.getValue() != "bfp8_b" && name.getValue() != "bfp4_b") ||
        layout.rowMajor)
      return std::nullopt;
    layout.format = name.getValue().str();
  }
  return layout;
}

namespace {

/// The largest value `value` takes, when it is built from constants, block
/// indices and loop variables with constant bounds by additions and
/// multiplications of non-negative values; none otherwise.
std::optional<int64_t> getMaxValue(Value value, unsigned depth = 0) {
  if (depth > 32)
    return std::nullopt;
  if (std::optional<llvm::APInt> constant = getConstantIntValue(value))
    return constant->getSExtValue();
  if (auto argument = value.dyn_cast<BlockArgument>()) {
    Operation *owner = argument.getOwner()->getParentOp();
    if (auto kernel = KernelOp::dynCast(owner)) {
      llvm::ArrayRef<int64_t> grid = kernel.getGrid();
      if (argument.getArgNumber() < grid.size())
        return grid[argument.getArgNumber()] - 1;
      return std::nullopt;
    }
    if (auto pipelined = PipelinedOp::dynCast(owner)) {
      auto ub = getConstantIntValue(pipelined.getUpperBound());
      if (ub && argument.getArgNumber() == 0 && ub->getSExtValue() > 0)
        return ub->getSExtValue() - 1;
    }
    return std::nullopt;
  }
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumOperands() != 2)
    return std::nullopt;
  llvm::StringRef name = def->getName().getStringRef();
  if (name != "arith.addi" && name != "arith.muli")
    return std::nullopt;
  std::optional<int64_t> lhs = getMaxValue(def->getOperand(0), depth + 1);
  std::optional<int64_t> rhs = getMaxValue(def->getOperand(1), depth + 1);
  if (!lhs || !rhs || *lhs < 0 || *rhs < 0)
    return std::nullopt;
  // Saturates: a value past int64 is still an upper bound (too large for any
  // tensor), where a wrapped one would look small.
  llvm::Optional<int64_t> result = name == "arith.addi"
                                      ? llvm::checkedAdd(*lhs, *rhs)
                                      : llvm::checkedMul(*lhs, *rhs);
  return result ? *result : std::numeric_limits<int64_t>::max();
}

/// Whether `type`'s layout is only a storage format (`{format = "bfp8_b"}`),
/// which tile-legalize completes.
bool isFormatRequest(TensorType type) {
  auto dict = type.getLayout().dyn_cast_or_null<DictionaryAttr>();
  return dict && dict.size() == 1 && dict.get("format");
}

/// The type `type` should have after legalization (itself if no change);
/// `rowMajor` when the program reads or writes it in slices over
/// non-trailing dimensions.
Type legalizeType(Type type, bool rowMajor = false) {
  auto tensor = type.dyn_cast<TensorType>();
  if (!tensor || (tensor.getLayout() && !isFormatRequest(tensor)))
    return type;
  TileLayout layout = TileLayout::compute(
      tensor.getShape(), tensor.getElementType(), rowMajor);
  layout.format = getStorageFormat(tensor);
  if (!layout.format.empty())
    layout.pageSize = getBlockFloatTileBytes(layout.format);
  return TensorType::get(type.getContext(), tensor.getShape(),
                         tensor.getElementType(),
                         layout.toAttribute(type.getContext()));
}

class TileLegalizePass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "tile-legalize"; }
  llvm::StringRef getName() const override { return "TileLegalize"; }
  llvm::StringRef getDescription() const override {
    return "Check tile programs against what Tenstorrent runs and give global "
           "tensors their DRAM tile layout (padding to whole tiles)";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<TileLegalizePass>();
  }

  void runOnOperation() override {
    findRowMajorTensors();
    // Check everything first: a rejected program is left as it was.
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      if (failed(check(op)))
        ok = false;
    });
    if (!ok)
      return signalPassFailure();
    getOperation()->walk([&](Operation *op) {
      if (auto function = func::FuncOp::dynCast(op))
        legalizeFunction(function);
      else if (auto kernel = KernelOp::dynCast(op))
        legalizeKernel(kernel);
    });
  }

private:
  Statistic numTensors{this, "num-tensors", "Tensor values given a layout"};
  Statistic numRowMajor{this, "num-row-major",
                        "Tensors stored row-major (read in slices over "
                        "non-trailing dimensions)"};
  /// The tensors (function arguments and the kernel arguments they feed)
  /// that a copy reads or writes in slices over non-trailing dimensions,
  /// with the first such copy: they are stored row-major.
  llvm::DenseMap<Value, Operation *> rowMajor;

  /// The function argument behind a kernel's tensor argument, or itself.
  static Value getKernelOperand(Value tensor) {
    auto argument = tensor.dyn_cast<BlockArgument>();
    if (!argument)
      return tensor;
    auto kernel = KernelOp::dynCast(argument.getOwner()->getParentOp());
    unsigned grid = kernel ? kernel.getGrid().size() : 0;
    if (!kernel || argument.getArgNumber() < grid)
      return tensor;
    return kernel->getOperand(argument.getArgNumber() - grid);
  }

  /// Whether `copy` needs its tensor stored row-major: a slice over
  /// non-trailing dimensions, a copy that writes only the first rows of its
  /// buffer, or a 2-d block whose row offset is not provably a multiple of
  /// 32 (tiles would split its rows; the stick reader and writer take rows
  /// at any offset).
  static bool isRowMajorCopy(CopyOp copy) {
    // A copy that writes only some rows of a block needs rows, not tiles.
    if (!copy.coversTrailingDims() || copy.getRowLimit())
      return true;
    Value tensorSide = copy.getTensorSide();
    auto tensor =
        tensorSide ? tensorSide.getType().dyn_cast<TensorType>() : TensorType();
    auto buf = copy.getBufferSide().getType().dyn_cast<BufType>();
    // One-byte integers (masks) are widened by the reader from rows of
    // bytes: there are no one-byte tiles.
    if (tensor)
      if (auto integer = tensor.getElementType().dyn_cast<IntegerType>())
        if (integer.getWidth() <= 8)
          return true;
    // A 1-d buffer along the last dimension of a tensor of rank 2 or more
    // (a row of per-row statistics, LSE[b, h, bx * 64 : ...]): a part of a
    // row, moved element by element.
    if (tensor && buf && buf.getRank() == 1 && tensor.getRank() >= 2)
      return true;
    if (!tensor || !buf || buf.getRank() != 2 || tensor.getRank() < 2 ||
        copy.getOffsets().size() != tensor.getRank())
      return false;
    Value rowOffset = copy.getOffsets()[tensor.getRank() - 2];
    return getKnownMultiple(rowOffset) % kTileSize != 0;
  }

  void findRowMajorTensors() {
    rowMajor.clear();
    getOperation()->walk([&](Operation *op) {
      // T.im2col reads runs of channels from rows of the image's pixels.
      if (auto im2col = Im2ColOp::dynCast(op)) {
        rowMajor.try_emplace(getKernelOperand(im2col.getImage()), op);
        return;
      }
      auto copy = CopyOp::dynCast(op);
      if (!copy || !isRowMajorCopy(copy))
        return;
      rowMajor.try_emplace(getKernelOperand(copy.getTensorSide()), op);
    });
    // Every kernel argument of a row-major function argument follows it.
    getOperation()->walk([&](Operation *op) {
      auto kernel = KernelOp::dynCast(op);
      if (!kernel)
        return;
      for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
        auto it = rowMajor.find(op->getOperand(i));
        if (it != rowMajor.end())
          rowMajor.try_emplace(kernel.getArgument(i), it->second);
      }
    });
  }

  /// A copy of a tensor stored row-major: what the sticks reader and
  /// writer handle (tile-lower-data-movement): a 2-d buffer whose columns
  /// are the tensor's whole last dimension.
  LogicalResult checkRowMajorCopy(CopyOp copy, TensorType tensor, BufType buf,
                                  Operation *reason) {
    Operation *op = copy.getOperation();
    auto error = [&]() {
      InFlightDiagnostic diagnostic = op->emitError();
      if (reason != op) {
        auto reasonCopy = CopyOp::dynCast(reason);
        diagnostic.attachNote(reason->getLoc())
            << (Im2ColOp::dynCast(reason)
                    ? "the tensor is stored row-major because T.im2col "
                      "reads it here"
                : reasonCopy && reasonCopy.getRowLimit()
                    ? "the tensor is stored row-major because this copy "
                      "writes only some rows of its block"
                : reasonCopy && reasonCopy.coversTrailingDims()
                    ? "the tensor is stored row-major because this copy's "
                      "row offset is not provably a multiple of 32"
                    : "the tensor is stored row-major because this copy "
                      "takes a slice over non-trailing dimensions");
      }
      return diagnostic;
    };
    llvm::SmallVector<int64_t, 4> dims = copy.getDims();
    int64_t last = tensor.getRank() - 1;
    if (copy.isColumn()) {
      // A column: the data movement kernels move it element by element
      // (4-byte words at any column; tile-lower-data-movement).
      if (getElementBytes(buf.getElementType()) != 4)
        return error() << "a column of a tensor is copied element by "
                          "element in 4-byte words (f32 or i32); a column of "
                       << buf.getElementType() << " is not supported yet";
      if (copy.getRowLimit())
        return error() << "a column written under `if i < n:` is not "
                          "supported yet";
      return success();
    }
    if (buf.getRank() == 1 && dims.back() == last) {
      // A part of a row, 32 elements per tile of the 1-d buffer.
      int64_t bytes = getElementBytes(buf.getElementType());
      if (bytes != 2 && bytes != 4)
        return error() << "a 1-d buffer is copied from or to a part of a "
                          "row of 2- or 4-byte elements; "
                       << buf.getElementType() << " is not supported yet";
      if (copy.getRowLimit())
        return error() << "a 1-d buffer written under `if i < n:` into a "
                          "part of a row is not supported yet";
      if (getKnownMultiple(copy.getOffsets()[last]) % kTileSize != 0)
        return error() << "a 1-d buffer is copied from or to a part of a "
                          "row that starts at a column that is a multiple "
                          "of 32; this copy's column offset is not provably "
                          "one";
      return success();
    }
    if (buf.getRank() != 2 || dims.back() != last)
      return error() << "a slice over non-trailing dimensions must be copied "
                        "with a 2-d buffer whose columns are the tensor's "
                        "last dimension (rows of "
                     << tensor.getShape()[last]
                     << " elements); other slices are not supported yet";
    // Whole rows, or a part of each row at a column offset that is a
    // multiple of 32 elements (a 64-byte aligned read of whole tiles'
    // width).
    int64_t width = roundUpToTile(tensor.getShape()[last]);
    std::optional<llvm::APInt> offset =
        getConstantIntValue(copy.getOffsets()[last]);
    bool wholeRows = buf.getShape()[1] == width && offset && offset->isZero();
    if (!wholeRows &&
        getKnownMultiple(copy.getOffsets()[last]) % kTileSize != 0)
      return error() << "a tensor stored row-major (one page per row of its "
                        "last dimension) is copied in whole rows or in parts "
                        "of rows that start at a column that is a multiple "
                        "of 32; this copy's column offset is not provably one";
    return success();
  }

  /// T.im2col as the reader moves it: each row of a block is one output
  /// pixel, whose columns are runs of contiguous channels of image pixels
  /// (a stick each). The whole block column range within one pixel's
  /// channels (C a multiple of the block's columns), or whole pixels (the
  /// columns a multiple of C), in 64-byte aligned runs, is read straight
  /// into place; any other channel count (an RGB image's 3) is gathered:
  /// each pixel's stick is read whole and its elements placed by the
  /// reader, for 2- and 4-byte elements.
  LogicalResult checkIm2Col(Im2ColOp im2col) {
    auto image = im2col.getImage().getType().cast<TensorType>();
    int64_t bytes = getElementBytes(image.getElementType());
    if (!im2col.getChannelRun() && bytes != 2 && bytes != 4)
      return im2col.emitError()
             << "T.im2col gathers the channels of " << image.getElementType()
             << " images element by element, which needs 2- or 4-byte "
                "elements";
    // The reader's page ids are 32-bit.
    int64_t pixels =
        image.getShape()[0] * image.getShape()[1] * image.getShape()[2];
    if (pixels >= (int64_t(1) << 31))
      return im2col.emitError()
             << "the image has " << pixels
             << " pixels, more than the 2^31 - 1 the reader's 32-bit page "
                "ids address";
    return success();
  }

  /// A tensor stored as block floats (`{format = "bfp8_b"}`): a bf16 tensor
  /// in tiles, read only by copies into shared buffers that tile.gemm
  /// multiplies (and that nothing else fills). The unpacker turns each
  /// value into bf16 exactly, so the program computes with what the
  /// buffer holds; other readers (the SFPU, copies out) are not lowered
  /// for block floats yet.
  LogicalResult checkBlockFloatArgument(func::FuncOp function, unsigned index) {
    Operation *op = function.getOperation();
    auto type =
        function.getFunctionType().getInputs()[index].dyn_cast<TensorType>();
    auto dict = type ? type.getLayout().dyn_cast_or_null<DictionaryAttr>()
                     : DictionaryAttr();
    if (!dict || !dict.get("format"))
      return success();
    auto error = [&]() {
      return op->emitError() << "argument #" << index << ": ";
    };
    std::string format = getStorageFormat(type);
    if (format != "bfp8_b" && format != "bfp4_b")
      return error() << "unknown storage format " << dict.get("format")
                     << " (expected \"bfp8_b\" or \"bfp4_b\", Metalium's "
                        "block floats)";
    if (!isFormatRequest(type) && !TileLayout::get(type))
      return error() << "a layout with a `format` is `{format = \"" << format
                     << "\"}` alone (tile-legalize completes it)";
    if (!type.getElementType().isBF16())
      return error() << "a " << format
                     << " tensor holds bf16 values (its element type must "
                        "be bf16, got "
                     << type.getElementType() << ")";
    if (function.isDeclaration())
      return success();
    // Every reader, through the kernels that take the tensor.
    llvm::SmallVector<Value, 4> worklist = {
        function.getEntryBlock()->getArgument(index)};
    while (!worklist.empty()) {
      Value tensor = worklist.pop_back_val();
      if (auto reason = rowMajor.lookup(tensor)) {
        InFlightDiagnostic diagnostic =
            error() << "a " << format
                    << " tensor is stored in tiles, but a copy reads it in "
                       "rows";
        diagnostic.attachNote(reason->getLoc()) << "read in rows here";
        return diagnostic;
      }
      for (OpOperand &use : tensor.getUses()) {
        Operation *user = use.getOwner();
        if (auto kernel = KernelOp::dynCast(user)) {
          worklist.push_back(kernel.getArgument(use.getOperandNumber()));
          continue;
        }
        auto copy = CopyOp::dynCast(user);
        auto buf =
            copy ? copy.getDest().getType().dyn_cast<BufType>() : BufType();
        if (!copy || copy.getSource() != tensor || !buf ||
            buf.getMemorySpace() != MemorySpace::Shared) {
          InFlightDiagnostic diagnostic =
              error() << "a " << format
                      << " tensor is read only by tile.copy into shared "
                         "buffers that tile.gemm multiplies";
          diagnostic.attachNote(user->getLoc())
              << (copy && copy.getDest() == tensor
                      ? "written here (block-float outputs are not "
                        "supported yet)"
                      : "used here");
          return diagnostic;
        }
        if (failed(checkBlockFloatBuffer(copy, format)))
          return failure();
      }
    }
    return success();
  }

  /// The shared buffer a block-float tensor is copied into: filled only
  /// from tensors of the same format, read only by tile.gemm.
  LogicalResult checkBlockFloatBuffer(CopyOp copy, llvm::StringRef format) {
    Value buffer = copy.getDest();
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      if (auto other = CopyOp::dynCast(user)) {
        auto source = other.getSource().getType().dyn_cast<TensorType>();
        if (other.getDest() == buffer && source &&
            getStorageFormat(source) == format)
          continue;
      } else if (GemmOp::dynCast(user) && use.getOperandNumber() < 2) {
        continue;
      }
      InFlightDiagnostic diagnostic =
          copy.emitError()
          << "the shared buffer a " << format
          << " tensor is copied into is read only by tile.gemm (as A or B) "
             "and filled only from "
          << format << " tensors: its circular buffer holds " << format
          << " tiles, which only the matrix engine's unpacker reads in this "
             "version";
      diagnostic.attachNote(user->getLoc()) << "also used here";
      return diagnostic;
    }
    return success();
  }

  LogicalResult check(Operation *op) {
    if (auto function = func::FuncOp::dynCast(op)) {
      bool ok = true;
      for (unsigned i = 0, e = function.getFunctionType().getInputs().size();
           i < e; ++i)
        ok &= succeeded(checkBlockFloatArgument(function, i));
      return success(ok);
    }
    if (auto alloc = AllocOp::dynCast(op)) {
      BufType type = alloc.getType();
      if (!type)
        return success();
      llvm::ArrayRef<int64_t> shape = type.getShape();
      size_t tiled = std::min<size_t>(2, shape.size());
      for (size_t i = shape.size() - tiled; i < shape.size(); ++i)
        if (shape[i] % kTileSize != 0)
          return op->emitError()
                 << "buffer of shape " << formatShape(shape)
                 << " is not made of whole 32x32 tiles; choose block sizes "
                    "that are multiples of 32 (tensors of any size are "
                    "padded instead)";
      return success();
    }
    if (auto copy = CopyOp::dynCast(op)) {
      // A block at computed offsets may overhang the tensor (the last block
      // of a ceildiv grid): the lowering reads zeros past the padded tensor
      // and writes nothing there (the copy verifier rejects constant
      // offsets that overhang). But the kernels compute tile ids in 32 bits:
      // a block that reaches index 2^31 cannot be addressed.
      Value tensorValue = copy.getTensorSide();
      auto tensor = tensorValue ? tensorValue.getType().dyn_cast<TensorType>()
                                : TensorType();
      auto buf = copy.getBufferSide().getType().dyn_cast<BufType>();
      if (!tensor || !buf || buf.getRank() > tensor.getRank())
        return success();
      auto reason = rowMajor.find(tensorValue);
      if (reason != rowMajor.end() &&
          failed(checkRowMajorCopy(copy, tensor, buf, reason->second)))
        return failure();
      auto offsets = copy.getOffsets();
      llvm::SmallVector<int64_t, 4> dims = copy.getDims();
      constexpr int64_t kLimit = int64_t(1) << 31;
      for (unsigned i = 0; i < offsets.size() && i < tensor.getRank(); ++i) {
        std::optional<int64_t> largest = getMaxValue(offsets[i]);
        if (!largest)
          continue;
        auto *covered = llvm::find(dims, int64_t(i));
        int64_t size =
            covered == dims.end() ? 1 : buf.getShape()[covered - dims.begin()];
        // The last index the block touches, saturated like getMaxValue.
        llvm::Optional<int64_t> last = llvm::checkedAdd(*largest, size - 1);
        if (!last)
          last = std::numeric_limits<int64_t>::max();
        if (*last >= kLimit)
          return op->emitError()
                 << "the block reaches index " << *last
                 << (*last == std::numeric_limits<int64_t>::max() ? " or more"
                                                                   : "")
                 << " of dimension " << i
                 << ", past 2^31 - 1, the largest index the kernels' 32-bit "
                    "tile ids address";
      }
      return success();
    }
    if (auto im2col = Im2ColOp::dynCast(op))
      return checkIm2Col(im2col);
    if (auto gemm = GemmOp::dynCast(op)) {
      if (auto a = op->getOperand(0).getType().dyn_cast<BufType>())
        if (a.getElementType().isSignlessInteger())
          return op->emitError() << "i32 gemm has no Tenstorrent equivalent "
                                    "(the matrix engine takes bf16, f16 or "
                                    "f32)";
      return success();
    }
    if (auto reduce = ReduceOp::dynCast(op)) {
      // i32 reductions run on the SFPU (sfpu_reduce), which reduces i32
      // rows by sum, max and min: reduce_tile reads its input through the
      // FPU's 19-bit source registers, which hold no int32 word.
      auto in = op->getOperand(0).getType().dyn_cast<BufType>();
      if (!in || !in.getElementType().isInteger())
        return success();
      llvm::StringRef kind = reduce.getKind();
      if (reduce.getDim() != 1)
        return op->emitError()
               << "a tile.reduce of " << in.getElementType()
               << " tiles along dimension 0 is not supported yet (the SFPU "
                  "reduces i32 rows; its column result would need a "
                  "transpose of int32 words, which the FPU's 19-bit source "
                  "registers cannot hold)";
      if (kind != "sum" && kind != "max" && kind != "min")
        return op->emitError()
               << "a tile.reduce " << kind << " of " << in.getElementType()
               << " tiles is not supported (the SFPU reduces i32 rows by "
                  "sum, max and min)";
      return success();
    }
    return success();
  }

  void legalizeFunction(func::FuncOp function) {
    Operation *op = function.getOperation();
    FunctionType type = function.getFunctionType();
    llvm::SmallVector<Type, 4> inputs, results;
    bool changed = false;
    auto isRowMajor = [&](unsigned i) {
      return !function.isDeclaration() &&
             rowMajor.count(function.getEntryBlock()->getArgument(i));
    };
    for (unsigned i = 0; i < type.getInputs().size(); ++i) {
      Type input = type.getInputs()[i];
      inputs.push_back(legalizeType(input, isRowMajor(i)));
      changed |= inputs.back() != input;
    }
    for (Type result : type.getResults()) {
      results.push_back(legalizeType(result));
      changed |= results.back() != result;
    }
    // The function's workspaces are laid out as its arguments are.
    if (!function.isDeclaration())
      op->walk([&](Operation *inner) {
        if (!WorkspaceOp::dynCast(inner))
          return;
        Value result = inner->getResult(0);
        Type legal = legalizeType(result.getType(), rowMajor.count(result));
        if (legal != result.getType()) {
          result.setType(legal);
          ++numTensors;
        }
      });
    if (!changed)
      return;
    op->setInherentAttr(
        "function_type",
        TypeAttr::get(FunctionType::get(op->getContext(), inputs, results)));
    if (!function.isDeclaration())
      for (BlockArgument argument : function.getEntryBlock()->getArguments()) {
        bool sticks = rowMajor.count(argument);
        Type legal = legalizeType(argument.getType(), sticks);
        if (legal != argument.getType()) {
          argument.setType(legal);
          ++numTensors;
          numRowMajor += sticks;
        }
      }
  }

  void legalizeKernel(KernelOp kernel) {
    // Operands already changed with the function's arguments; the region
    // arguments follow their operands.
    Operation *op = kernel.getOperation();
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      BlockArgument argument = kernel.getArgument(i);
      Type operandType = op->getOperand(i).getType();
      Type legal = legalizeType(operandType, rowMajor.count(argument));
      if (argument.getType() != legal) {
        argument.setType(legal);
        ++numTensors;
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> tile::createTileLegalizePass() {
  return std::make_unique<TileLegalizePass>();
}

void tile::registerTilePasses() {
  registerPass([] { return createTileLegalizePass(); });
}
