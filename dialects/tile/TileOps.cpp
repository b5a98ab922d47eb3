//===- TileOps.cpp - Ops of the tile dialect ------------------------------===//

#include "TileOpsCommon.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Matchers.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <numeric>

using namespace tilt;
using namespace tilt::tile;
using namespace tilt::tile::detail;

TileDialect::TileDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<TileDialect>()) {
  // Kernel bodies use arith for index arithmetic and math in tile.parallel.
  context->getOrLoadDialect<arith::ArithDialect>();
  context->getOrLoadDialect<math::MathDialect>();
  addOperations<KernelOp, AllocOp, CopyOp, GemmOp, FillOp, ClearOp, PipelinedOp,
                ParallelOp, YieldOp, IndexOp, ReduceOp, BlockRangeOp, CoreArgOp,
                BaseAddressOp, ScalarBitsOp, LoadOp, RoleValueOp, AtomicAddOp,
                AtomicMaxOp, AtomicMinOp, Im2ColOp, WorkspaceOp>();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::string tile::formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

using MultipleAssumptions = llvm::DenseMap<Value, int64_t>;
static int64_t getKnownMultiple(Value value, unsigned depth,
                                MultipleAssumptions &assumed);

/// The values a loop-carried block argument or a branch's result takes:
/// its initial value and what each trip (or each branch) yields for it.
static llvm::SmallVector<Value, 4> getCarriedSources(Value value) {
  llvm::SmallVector<Value, 4> sources;
  auto yieldOperand = [&](Region &region, unsigned i, unsigned skip = 0) {
    if (region.empty() || region.front().empty())
      return false;
    Operation &terminator = region.front().back();
    if (terminator.getNumOperands() <= i + skip)
      return false;
    sources.push_back(terminator.getOperand(i + skip));
    return true;
  };
  if (auto argument = value.dyn_cast<BlockArgument>()) {
    Operation *owner = argument.getOwner()->getParentOp();
    unsigned n = argument.getArgNumber();
    if (auto loop = scf::ForOp::dynCast(owner)) {
      if (n == 0 || n - 1 >= loop.getInitArgs().size())
        return {};
      sources.push_back(loop.getInitArgs()[n - 1]);
      if (!yieldOperand(owner->getRegion(0), n - 1))
        return {};
    } else if (scf::WhileOp::dynCast(owner)) {
      if (argument.getOwner()->getParent() == &owner->getRegion(0)) {
        if (n >= owner->getNumOperands())
          return {};
        sources.push_back(owner->getOperand(n));
        if (!yieldOperand(owner->getRegion(1), n))
          return {};
      } else if (!yieldOperand(owner->getRegion(0), n, /*skip=*/1)) {
        return {};
      }
    }
    return sources;
  }
  Operation *def = value.getDefiningOp();
  unsigned n = value.cast<OpResult>().getResultNumber();
  if (scf::IfOp::dynCast(def)) {
    if (!yieldOperand(def->getRegion(0), n) ||
        !yieldOperand(def->getRegion(1), n))
      return {};
  } else if (auto loop = scf::ForOp::dynCast(def)) {
    if (n >= loop.getInitArgs().size())
      return {};
    sources.push_back(loop.getInitArgs()[n]);
    if (!yieldOperand(def->getRegion(0), n))
      return {};
  } else if (scf::WhileOp::dynCast(def)) {
    if (!yieldOperand(def->getRegion(0), n, /*skip=*/1))
      return {};
  }
  return sources;
}

static int64_t getKnownMultiple(Value value, unsigned depth,
                                MultipleAssumptions &assumed) {
  constexpr int64_t kAny = int64_t(1) << 62;
  if (depth > 16)
    return 1;
  if (std::optional<llvm::APInt> constant = getConstantIntValue(value)) {
    int64_t number = constant->getSExtValue();
    return number == 0                                     ? kAny
           : number == std::numeric_limits<int64_t>::min() ? kAny
                                                           : std::abs(number);
  }
  // A value carried by a loop or chosen by a branch: a multiple of m when
  // every value it takes is, assuming it is one on the trips before (the
  // largest such m: start from the sources' gcd and shrink until the
  // assumption holds).
  auto found = assumed.find(value);
  if (found != assumed.end())
    return found->second;
  llvm::SmallVector<Value, 4> sources = getCarriedSources(value);
  if (!sources.empty()) {
    int64_t multiple = kAny;
    for (unsigned round = 0; round < 8; ++round) {
      assumed[value] = multiple;
      int64_t next = multiple;
      for (Value source : sources)
        next = std::gcd(next, getKnownMultiple(source, depth + 1, assumed));
      if (next == multiple)
        break;
      multiple = next;
      if (round == 7)
        multiple = 1;
    }
    assumed.erase(value);
    return multiple;
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return 1;
  if (arith::MulIOp::dynCast(def)) {
    int64_t lhs = getKnownMultiple(def->getOperand(0), depth + 1, assumed);
    int64_t rhs = getKnownMultiple(def->getOperand(1), depth + 1, assumed);
    if (lhs == kAny || rhs == kAny)
      return kAny;
    llvm::Optional<int64_t> product = llvm::checkedMul(lhs, rhs);
    // Past 2^62 only the tile size matters: keep a multiple of it.
    return product && *product < kAny ? *product : 32;
  }
  if (arith::AddIOp::dynCast(def) || arith::SubIOp::dynCast(def) ||
      arith::MinSIOp::dynCast(def) || arith::MaxSIOp::dynCast(def))
    return std::gcd(getKnownMultiple(def->getOperand(0), depth + 1, assumed),
                    getKnownMultiple(def->getOperand(1), depth + 1, assumed));
  if (arith::SelectOp::dynCast(def))
    return std::gcd(getKnownMultiple(def->getOperand(1), depth + 1, assumed),
                    getKnownMultiple(def->getOperand(2), depth + 1, assumed));
  return 1;
}

int64_t tile::getKnownMultiple(Value value) {
  MultipleAssumptions assumed;
  return ::getKnownMultiple(value, 0, assumed);
}

namespace tilt {
namespace tile {
namespace detail {

LogicalResult verifyInsideKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (KernelOp::dynCast(parent))
      return success();
  return op->emitOpError() << "must be inside a tile.kernel";
}

FailureOr<BufType> getBufOperand(Operation *op, unsigned index,
                                 llvm::StringRef what) {
  Type type = op->getOperand(index).getType();
  if (auto buf = type.dyn_cast<BufType>())
    return buf;
  return FailureOr<BufType>(op->emitOpError()
                            << what << " must be a !tile.buf, got " << type);
}

void printOperandList(OpAsmPrinter &printer, ValueRange values) {
  llvm::interleave(
      values, [&](Value value) { printer.printOperand(value); },
      [&]() { printer << ", "; });
}

} // namespace detail
} // namespace tile
} // namespace tilt

namespace {

/// Parses `%a, %b, ...` (possibly empty) up to a closing `]`, the `[`
/// already consumed.
LogicalResult parseOperandsUntilRSquare(
    OpAsmParser &parser,
    llvm::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  if (parser.parseOptionalRSquare())
    return success();
  do {
    OpAsmParser::UnresolvedOperand operand;
    if (failed(parser.parseOperand(operand)))
      return failure();
    operands.push_back(operand);
  } while (parser.parseOptionalComma());
  return parser.parseRSquare();
}

/// `attr-dict : T0, T1, ...` for ops whose operands all appear once.
LogicalResult parseAttrsAndOperandTypes(
    OpAsmParser &parser, OperationState &state,
    llvm::ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::SmallVector<Type, 4> types;
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColon()) || failed(parser.parseTypeList(types)))
    return failure();
  return parser.resolveOperands(operands, types, loc, state.operands);
}

/// `attr-dict : A, B` closing the forms of ops with two typed operands and
/// then index operands (copies, atomics, im2col): resolves `first` and
/// `second` to the two types (`what` names them in the error), then each
/// of `indices` as an index.
LogicalResult
parseTwoTypedOperands(OpAsmParser &parser, OperationState &state,
                      const OpAsmParser::UnresolvedOperand &first,
                      const OpAsmParser::UnresolvedOperand &second,
                      llvm::ArrayRef<OpAsmParser::UnresolvedOperand> indices,
                      const char *what) {
  llvm::SMLoc typesLoc = parser.getCurrentLocation();
  llvm::SmallVector<Type, 2> types;
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColon()) || failed(parser.parseTypeList(types)))
    return failure();
  if (types.size() != 2)
    return parser.emitError(typesLoc) << "expected two types (" << what
                                      << "), got " << uint64_t(types.size());
  if (failed(parser.resolveOperand(first, types[0], state.operands)) ||
      failed(parser.resolveOperand(second, types[1], state.operands)))
    return failure();
  Type index = IndexType::get(parser.getContext());
  for (const auto &operand : indices)
    if (failed(parser.resolveOperand(operand, index, state.operands)))
      return failure();
  return success();
}

void printAttrsAndOperandTypes(OpAsmPrinter &printer, Operation *op,
                               llvm::ArrayRef<llvm::StringRef> elided = {}) {
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue(), elided);
  printer << " : ";
  llvm::interleave(
      op->getOperandTypes(), [&](Type type) { printer.printType(type); },
      [&]() { printer << ", "; });
}

} // namespace

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> KernelOp::getAttributeNames() {
  static llvm::StringRef names[] = {"grid"};
  return names;
}

void KernelOp::build(OpBuilder &builder, OperationState &state,
                     llvm::ArrayRef<int64_t> grid, ValueRange args) {
  Context *context = builder.getContext();
  state.addAttribute("grid", DenseArrayAttr::getI64(context, grid));
  state.addOperands(args);
  Region *body = state.addRegion();
  auto *block = new Block();
  for (size_t i = 0; i < grid.size(); ++i)
    block->addArgument(builder.getIndexType(), state.location);
  for (Value arg : args)
    block->addArgument(arg.getType(), state.location);
  body->push_back(block);
}

llvm::ArrayRef<int64_t> KernelOp::getGrid() {
  if (auto grid = getOperation()
                      ->getInherentAttr("grid")
                      .dyn_cast_or_null<DenseArrayAttr>())
    return grid.getIntValues();
  return {};
}

LogicalResult KernelOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  llvm::SmallVector<int64_t, 3> grid;
  if (failed(parser.parseKeyword("grid")) || failed(parser.parseLSquare()))
    return failure();
  do {
    int64_t extent;
    if (failed(parser.parseInteger(extent)))
      return failure();
    grid.push_back(extent);
  } while (parser.parseOptionalComma());
  if (failed(parser.parseRSquare()))
    return failure();
  state.addAttribute("grid", DenseArrayAttr::getI64(context, grid));

  llvm::SmallVector<OpAsmParser::Argument, 8> regionArgs;
  if (failed(parser.parseKeyword("blocks")) || failed(parser.parseLParen()))
    return failure();
  do {
    OpAsmParser::Argument arg;
    if (failed(parser.parseArgument(arg)))
      return failure();
    arg.type = IndexType::get(context);
    regionArgs.push_back(arg);
  } while (parser.parseOptionalComma());
  if (failed(parser.parseRParen()))
    return failure();

  if (failed(parser.parseKeyword("args")) || failed(parser.parseLParen()))
    return failure();
  if (!parser.parseOptionalRParen()) {
    do {
      OpAsmParser::Argument arg;
      OpAsmParser::UnresolvedOperand operand;
      Type type;
      if (failed(parser.parseArgument(arg)) || failed(parser.parseEqual()) ||
          failed(parser.parseOperand(operand)) ||
          failed(parser.parseColonType(type)) ||
          failed(parser.resolveOperand(operand, type, state.operands)))
        return failure();
      arg.type = type;
      regionArgs.push_back(arg);
    } while (parser.parseOptionalComma());
    if (failed(parser.parseRParen()))
      return failure();
  }
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();
  Region *body = state.addRegion();
  return parser.parseRegion(*body, regionArgs);
}

void KernelOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  llvm::ArrayRef<int64_t> grid = getGrid();
  printer << " grid [";
  llvm::interleave(
      grid, [&](int64_t extent) { printer << std::to_string(extent); },
      [&]() { printer << ", "; });
  printer << "] blocks(";
  Block *body = getBody();
  for (size_t i = 0; i < grid.size() && i < body->getNumArguments(); ++i) {
    if (i)
      printer << ", ";
    printer.printOperand(body->getArgument(i));
  }
  printer << ") args(";
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    if (i)
      printer << ", ";
    unsigned argIndex = grid.size() + i;
    if (argIndex < body->getNumArguments())
      printer.printOperand(body->getArgument(argIndex));
    printer << " = ";
    printer.printOperand(op->getOperand(i));
    printer << " : ";
    printer.printType(op->getOperand(i).getType());
  }
  printer << ")";
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

LogicalResult KernelOp::verify() {
  Operation *op = getOperation();
  auto gridAttr =
      op->getInherentAttr("grid").dyn_cast_or_null<DenseArrayAttr>();
  if (!gridAttr || !gridAttr.getElementType().isSignlessInteger(64))
    return emitOpError() << "requires a 'grid' property: array<i64: ...>";
  llvm::ArrayRef<int64_t> grid = gridAttr.getIntValues();
  if (grid.empty() || grid.size() > 3)
    return emitOpError() << "grid must have 1 to 3 dimensions, got "
                         << uint64_t(grid.size());
  // At most 2^31 blocks in all (docs/dialects/tile.md, "Limits"): block ids
  // and the per-core block ranges then fit any integer the lowering uses.
  constexpr int64_t kMaxBlocks = int64_t(1) << 31;
  llvm::Optional<int64_t> blocks = 1;
  for (size_t i = 0; i < grid.size(); ++i) {
    if (grid[i] <= 0)
      return emitOpError() << "grid extent " << grid[i] << " (dimension "
                           << uint64_t(i) << ") is not positive";
    if (blocks)
      blocks = llvm::checkedMul(*blocks, grid[i]);
  }
  if (!blocks || *blocks > kMaxBlocks) {
    InFlightDiagnostic diag = emitOpError() << "grid of ";
    if (blocks)
      diag << *blocks;
    else
      diag << "more than 2^63";
    return diag << " blocks exceeds the limit of 2^31 blocks";
  }
  // Scalars are runtime arguments of the kernels, passed as f32 bits
  // (docs/pipeline.md): float types only.
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    Type type = op->getOperand(i).getType();
    if (!type.isa<TensorType>() && !isKernelScalarType(type))
      return emitOpError() << "operand #" << i
                           << " must be a !tile.tensor or an f32, bf16 or "
                              "f16 scalar, got "
                           << type;
  }
  Region &region = op->getRegion(0);
  if (region.empty())
    return emitOpError() << "requires a body";
  Block &body = region.front();
  if (body.getNumArguments() != grid.size() + op->getNumOperands())
    return emitOpError() << "body must have " << uint64_t(grid.size())
                         << " block indices and " << op->getNumOperands()
                         << " tensor arguments, got " << body.getNumArguments()
                         << " arguments";
  for (size_t i = 0; i < grid.size(); ++i)
    if (!body.getArgument(i).getType().isIndex())
      return emitOpError() << "block index #" << uint64_t(i)
                           << " must be of type index";
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (body.getArgument(grid.size() + i).getType() !=
        op->getOperand(i).getType())
      return emitOpError() << "argument #" << i
                           << " type does not match its operand";
  return success();
}

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

void AllocOp::build(OpBuilder &builder, OperationState &state, BufType type) {
  state.addTypes(type);
}

BufType AllocOp::getType() {
  return getOperation()->getResult(0).getType().dyn_cast<BufType>();
}

LogicalResult AllocOp::parse(OpAsmParser &parser, OperationState &state) {
  Type type;
  if (failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  state.addTypes(type);
  return success();
}

/// ` attr-dict : type`: the custom form of tile.alloc and tile.workspace.
static void printResultType(Operation *op, OpAsmPrinter &printer) {
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getResult(0).getType());
}

void AllocOp::print(OpAsmPrinter &printer) {
  printResultType(getOperation(), printer);
}

LogicalResult AllocOp::verify() {
  if (!getType())
    return emitOpError() << "result must be a !tile.buf, got "
                         << getOperation()->getResult(0).getType();
  return verifyInsideKernel(getOperation());
}

void AllocOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  if (BufType type = getType())
    setName(getOperation()->getResult(0),
            stringifyMemorySpace(type.getMemorySpace()));
}

//===----------------------------------------------------------------------===//
// WorkspaceOp
//===----------------------------------------------------------------------===//

void WorkspaceOp::build(OpBuilder &builder, OperationState &state,
                        TensorType type) {
  state.addTypes(type);
}

TensorType WorkspaceOp::getType() {
  return getOperation()->getResult(0).getType().dyn_cast<TensorType>();
}

LogicalResult WorkspaceOp::parse(OpAsmParser &parser, OperationState &state) {
  return AllocOp::parse(parser, state);
}

void WorkspaceOp::print(OpAsmPrinter &printer) {
  printResultType(getOperation(), printer);
}

LogicalResult WorkspaceOp::verify() {
  Operation *op = getOperation();
  if (!getType())
    return emitOpError() << "result must be a !tile.tensor, got "
                         << op->getResult(0).getType();
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (KernelOp::dynCast(parent))
      return emitOpError() << "is a DRAM tensor of the function: it must be "
                              "outside tile.kernel ops (pass it to them as "
                              "an argument)";
  return success();
}

void WorkspaceOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  setName(getOperation()->getResult(0), "workspace");
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

void CopyOp::build(OpBuilder &builder, OperationState &state, Value source,
                   Value dest, ValueRange offsets,
                   llvm::ArrayRef<int64_t> dims) {
  state.addOperands({source, dest});
  state.addOperands(offsets);
  if (!dims.empty())
    state.addAttribute("dims",
                       DenseArrayAttr::getI64(builder.getContext(), dims));
}

OperandRange CopyOp::getOffsets() {
  auto operands = getOperation()->getOpOperands().drop_front(2);
  if (getOperation()->getInherentAttr("row_limit") && !operands.empty())
    operands = operands.drop_back(1);
  return OperandRange(operands);
}

Value CopyOp::getTensorSide() {
  if (getSource().getType().isa<TensorType>())
    return getSource();
  if (getDest().getType().isa<TensorType>())
    return getDest();
  return Value();
}

Value CopyOp::getBufferSide() {
  return getSource().getType().isa<TensorType>() ? getDest() : getSource();
}

Value CopyOp::getRowLimit() {
  Operation *op = getOperation();
  if (!op->getInherentAttr("row_limit") || op->getNumOperands() < 3)
    return Value();
  return op->getOperand(op->getNumOperands() - 1);
}

llvm::ArrayRef<llvm::StringRef> CopyOp::getAttributeNames() {
  static llvm::StringRef names[] = {"dims", "row_limit"};
  return names;
}

/// The tensor dimensions a buffer covers (tile.copy's and the atomics'):
/// the `dims` attribute's, or the tensor's trailing dimensions.
static llvm::SmallVector<int64_t, 4>
getCoveredDims(Attribute attr, TensorType tensor, BufType buf) {
  if (!tensor || !buf)
    return {};
  if (auto dims = attr.dyn_cast_or_null<DenseArrayAttr>()) {
    llvm::ArrayRef<int64_t> values = dims.getIntValues();
    return llvm::SmallVector<int64_t, 4>(values.begin(), values.end());
  }
  llvm::SmallVector<int64_t, 4> trailing;
  for (int64_t d = tensor.getRank() - buf.getRank(); d < tensor.getRank(); ++d)
    trailing.push_back(d);
  return trailing;
}

/// A `dims` attribute names one tensor dimension per buffer dimension, in
/// increasing order.
static LogicalResult verifyCoveredDims(Operation *op, Attribute attr,
                                       TensorType tensor, BufType buf) {
  if (!attr)
    return success();
  auto dims = attr.dyn_cast<DenseArrayAttr>();
  if (!dims || !dims.getElementType().isInteger(64))
    return op->emitOpError() << "'dims' must be an array<i64>, got " << attr;
  llvm::ArrayRef<int64_t> values = dims.getIntValues();
  if (values.size() != buf.getRank())
    return op->emitOpError()
           << "'dims' names " << uint64_t(values.size())
           << " tensor dimensions for a buffer of rank " << buf.getRank();
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i] < 0 || values[i] >= int64_t(tensor.getRank()) ||
        (i > 0 && values[i] <= values[i - 1]))
      return op->emitOpError()
             << "'dims' must name tensor dimensions in increasing order "
                "(0 to "
             << tensor.getRank() - 1 << "), got " << attr;
  return success();
}

llvm::SmallVector<int64_t, 4> CopyOp::getDims() {
  auto tensor = getSource().getType().dyn_cast<TensorType>();
  auto buf = getDest().getType().dyn_cast<BufType>();
  if (!tensor) {
    tensor = getDest().getType().dyn_cast<TensorType>();
    buf = getSource().getType().dyn_cast<BufType>();
  }
  return getCoveredDims(getOperation()->getInherentAttr("dims"), tensor, buf);
}

bool CopyOp::coversTrailingDims() {
  llvm::SmallVector<int64_t, 4> dims = getDims();
  auto tensor = getSource().getType().dyn_cast<TensorType>();
  if (!tensor)
    tensor = getDest().getType().dyn_cast<TensorType>();
  if (!tensor)
    return true;
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] != int64_t(tensor.getRank() - dims.size() + i))
      return false;
  return true;
}

bool CopyOp::isColumn() {
  Value tensorSide = getTensorSide();
  auto tensor =
      tensorSide ? tensorSide.getType().dyn_cast<TensorType>() : TensorType();
  auto buf = getBufferSide().getType().dyn_cast<BufType>();
  llvm::SmallVector<int64_t, 4> dims = getDims();
  return tensor && buf && buf.getRank() == 1 && tensor.getRank() >= 2 &&
         dims.size() == 1 && dims[0] == tensor.getRank() - 2;
}

LogicalResult CopyOp::parse(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::UnresolvedOperand source, dest;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> sourceOffsets,
      destOffsets;
  if (failed(parser.parseOperand(source)))
    return failure();
  if (parser.parseOptionalLSquare() &&
      failed(parseOperandsUntilRSquare(parser, sourceOffsets)))
    return failure();
  if (failed(parser.parseComma()) || failed(parser.parseOperand(dest)))
    return failure();
  llvm::SMLoc destOffsetsLoc = parser.getCurrentLocation();
  if (parser.parseOptionalLSquare() &&
      failed(parseOperandsUntilRSquare(parser, destOffsets)))
    return failure();
  if (!sourceOffsets.empty() && !destOffsets.empty())
    return parser.emitError(destOffsetsLoc)
           << "only one side of a copy (the global tensor) takes offsets";
  std::optional<OpAsmParser::UnresolvedOperand> rowLimit;
  if (parser.parseOptionalKeyword("rows")) {
    rowLimit.emplace();
    if (failed(parser.parseOperand(*rowLimit)))
      return failure();
    state.addAttribute("row_limit", UnitAttr::get(parser.getContext()));
  }
  // The offsets, then the row limit.
  auto &offsets = sourceOffsets.empty() ? destOffsets : sourceOffsets;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 5> indices(offsets.begin(),
                                                               offsets.end());
  if (rowLimit)
    indices.push_back(*rowLimit);
  if (failed(parseTwoTypedOperands(parser, state, source, dest, indices,
                                   "source, destination")))
    return failure();
  // The offsets name a slice of the global tensor, or of the source
  // between buffers: written on that side.
  bool tensorDest = state.operands[1].getType().isa<TensorType>();
  bool tensorSource = state.operands[0].getType().isa<TensorType>();
  if (!destOffsets.empty() && !tensorDest)
    return parser.emitError(destOffsetsLoc)
           << "the offsets of a copy from "
           << (tensorSource ? "a tensor" : "a buffer") << " go on its source";
  if (!sourceOffsets.empty() && tensorDest)
    return parser.emitError(destOffsetsLoc)
           << "the offsets of a copy to a tensor go on the tensor";
  return success();
}

void CopyOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  bool offsetsOnDest = getDest().getType().isa<TensorType>() &&
                       !getSource().getType().isa<TensorType>();
  auto printOffsets = [&]() {
    if (getOffsets().empty())
      return;
    printer << '[';
    printOperandList(printer, getOffsets());
    printer << ']';
  };
  printer << ' ';
  printer.printOperand(getSource());
  if (!offsetsOnDest)
    printOffsets();
  printer << ", ";
  printer.printOperand(getDest());
  if (offsetsOnDest)
    printOffsets();
  if (Value limit = getRowLimit()) {
    printer << " rows ";
    printer.printOperand(limit);
  }
  // The `dims` property reads as an attribute of the custom form.
  llvm::SmallVector<NamedAttribute, 4> attrs;
  for (NamedAttribute attr : op->getPropertiesDict().getValue())
    if (attr.getName().getValue() != "row_limit")
      attrs.push_back(attr);
  attrs.append(op->getAttrDictionary().getValue().begin(),
               op->getAttrDictionary().getValue().end());
  printer.printOptionalAttrDict(attrs);
  printer << " : ";
  printer.printType(getSource().getType());
  printer << ", ";
  printer.printType(getDest().getType());
}

LogicalResult CopyOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  Type sourceType = getSource().getType(), destType = getDest().getType();
  auto sourceTensor = sourceType.dyn_cast<TensorType>();
  auto destTensor = destType.dyn_cast<TensorType>();
  auto sourceBuf = sourceType.dyn_cast<BufType>();
  auto destBuf = destType.dyn_cast<BufType>();
  if ((!sourceTensor && !sourceBuf) || (!destTensor && !destBuf))
    return emitOpError() << "copies between !tile.tensor and !tile.buf "
                            "values, got "
                         << sourceType << " and " << destType;
  if (sourceTensor && destTensor)
    return emitOpError() << "cannot copy from one global tensor to another; "
                            "copy through a buffer";
  for (Value offset : getOffsets())
    if (!offset.getType().isIndex())
      return emitOpError() << "offsets must be of type index";
  if (Attribute limit = op->getInherentAttr("row_limit")) {
    if (!limit.isa<UnitAttr>())
      return emitOpError() << "'row_limit' must be a unit attribute";
    if (!destTensor || !sourceBuf)
      return emitOpError() << "a row limit (`rows %n`) applies to a copy from "
                              "a buffer to a tensor";
    if (!getRowLimit().getType().isIndex())
      return emitOpError() << "the row limit must be of type index";
    if (sourceBuf.getRank() != 2)
      return emitOpError() << "a row limit applies to a 2-d buffer, got "
                           << formatShape(sourceBuf.getShape());
  }

  Type sourceElement =
      sourceTensor ? sourceTensor.getElementType() : sourceBuf.getElementType();
  Type destElement =
      destTensor ? destTensor.getElementType() : destBuf.getElementType();
  // Float formats convert on the way (as T.copy of an f32 fragment into a
  // bf16 tensor does), and a read of a tensor of one-byte integers (bool,
  // int8, uint8: masks) widens them into an int32 or f32 buffer; otherwise
  // integers and floats do not mix.
  auto isOneByte = [](Type type) {
    auto integer = type.dyn_cast<IntegerType>();
    return integer && integer.getWidth() <= 8;
  };
  bool widening = sourceTensor && isOneByte(sourceElement) &&
                  (destElement.isSignlessInteger(32) || destElement.isF32());
  if (sourceElement != destElement && !widening &&
      !(sourceElement.isa<FloatType>() && destElement.isa<FloatType>()))
    return emitOpError() << "element types do not match: " << sourceElement
                         << " and " << destElement;

  if (sourceBuf && destBuf) {
    if (getOffsets().empty()) {
      if (sourceBuf.getShape() != destBuf.getShape())
        return emitOpError()
               << "buffer shapes differ: " << formatShape(sourceBuf.getShape())
               << " and " << formatShape(destBuf.getShape());
      return success();
    }
    // A slice of the source buffer: the destination's shape at the
    // offsets, in every dimension.
    if (destBuf.getRank() != sourceBuf.getRank())
      return emitOpError() << "a slice of a buffer has the buffer's rank: "
                           << formatShape(sourceBuf.getShape()) << " and "
                           << formatShape(destBuf.getShape());
    if (getOffsets().size() != sourceBuf.getRank())
      return emitOpError() << "expected " << sourceBuf.getRank()
                           << " offsets into the source buffer, got "
                           << uint64_t(getOffsets().size());
    for (unsigned d = 0; d < sourceBuf.getRank(); ++d) {
      int64_t size = destBuf.getShape()[d], extent = sourceBuf.getShape()[d];
      if (size > extent)
        return emitOpError()
               << "the destination (" << formatShape(destBuf.getShape())
               << ") is larger than the source ("
               << formatShape(sourceBuf.getShape()) << ") in dimension " << d;
      std::optional<llvm::APInt> value = getConstantIntValue(getOffsets()[d]);
      if (!value)
        continue;
      int64_t offset = value->getSExtValue();
      if (offset < 0 || offset > extent - size)
        return emitOpError()
               << "the slice [" << offset << ", "
               << uint64_t(offset) + uint64_t(size) << ") of dimension " << d
               << " runs past the source buffer's size " << extent;
    }
    return success();
  }
  TensorType tensor = sourceTensor ? sourceTensor : destTensor;
  BufType buf = sourceBuf ? sourceBuf : destBuf;
  // The buffer covers the tensor's trailing dimensions (q[b, h, row:row+64,
  // 0:64] into a 64x64 buffer), or the ones `dims` names (q[b, row:row+64,
  // h, 0:64] of a [batch, seq, heads, dim] tensor: dims [1, 3]); every
  // tensor dimension still has an offset.
  if (buf.getRank() > tensor.getRank())
    return emitOpError() << "the buffer (rank " << buf.getRank()
                         << ") has a higher rank than the tensor (rank "
                         << tensor.getRank() << ")";
  if (getOffsets().size() != tensor.getRank())
    return emitOpError() << "expected " << tensor.getRank()
                         << " offsets into the tensor, got "
                         << uint64_t(getOffsets().size());
  if (failed(verifyCoveredDims(op, op->getInherentAttr("dims"), tensor, buf)))
    return failure();
  llvm::SmallVector<int64_t, 4> dims = getDims();
  for (unsigned d = 0; d < tensor.getRank(); ++d) {
    // The dimensions the buffer covers extend to whole 32x32 tiles: a
    // block may cover the padding of a tensor that is not made of whole
    // tiles (TileLang masks it; the lowering pads the tensor).
    auto *covered = llvm::find(dims, int64_t(d));
    int64_t size =
        covered == dims.end() ? 1 : buf.getShape()[covered - dims.begin()];
    int64_t extent = tensor.getShape()[d];
    if (covered != dims.end())
      extent = (extent + 31) / 32 * 32;
    // Only a constant offset is checked: a slice at a computed offset may
    // overhang the tensor (the last block of a ceildiv grid, or a block
    // larger than the whole tensor); the overhang reads as zero and is
    // never written.
    std::optional<llvm::APInt> value = getConstantIntValue(getOffsets()[d]);
    if (!value)
      continue;
    if (size > extent)
      return emitOpError() << "the buffer (" << formatShape(buf.getShape())
                           << ") is larger than the tensor ("
                           << formatShape(tensor.getShape())
                           << ", padded to whole tiles) in dimension " << d;
    int64_t offset = value->getSExtValue();
    // `extent - size` cannot overflow (0 < size <= extent); `offset + size`
    // can, for an offset near 2^63.
    if (offset < 0 || offset > extent - size)
      return emitOpError() << "the slice [" << offset << ", "
                           << uint64_t(offset) + uint64_t(size)
                           << ") of dimension " << d
                           << " runs past the tensor's size " << extent
                           << (extent != tensor.getShape()[d]
                                   ? " (padded to whole tiles)"
                                   : "");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GemmOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> GemmOp::getAttributeNames() {
  static llvm::StringRef names[] = {"transpose_a", "transpose_b"};
  return names;
}

void GemmOp::build(OpBuilder &builder, OperationState &state, Value a, Value b,
                   Value c, bool transposeA, bool transposeB) {
  state.addOperands({a, b, c});
  if (transposeA)
    state.addAttribute("transpose_a", builder.getUnitAttr());
  if (transposeB)
    state.addAttribute("transpose_b", builder.getUnitAttr());
}

bool GemmOp::getTransposeA() {
  return bool(getOperation()->getInherentAttr("transpose_a"));
}
bool GemmOp::getTransposeB() {
  return bool(getOperation()->getInherentAttr("transpose_b"));
}

LogicalResult GemmOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 3> operands(3);
  if (failed(parser.parseOperand(operands[0])) || failed(parser.parseComma()) ||
      failed(parser.parseOperand(operands[1])) || failed(parser.parseComma()) ||
      failed(parser.parseOperand(operands[2])))
    return failure();
  UnitAttr unit = UnitAttr::get(parser.getContext());
  if (parser.parseOptionalKeyword("transpose_a"))
    state.addAttribute("transpose_a", unit);
  if (parser.parseOptionalKeyword("transpose_b"))
    state.addAttribute("transpose_b", unit);
  return parseAttrsAndOperandTypes(parser, state, operands);
}

void GemmOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printOperandList(printer, getOperation()->getOperands());
  if (getTransposeA())
    printer << " transpose_a";
  if (getTransposeB())
    printer << " transpose_b";
  printAttrsAndOperandTypes(printer, getOperation());
}

LogicalResult GemmOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  FailureOr<BufType> a = getBufOperand(op, 0, "A");
  if (failed(a))
    return failure();
  FailureOr<BufType> b = getBufOperand(op, 1, "B");
  if (failed(b))
    return failure();
  FailureOr<BufType> c = getBufOperand(op, 2, "C");
  if (failed(c))
    return failure();
  for (auto [name, type] :
       {std::pair("A", *a), std::pair("B", *b), std::pair("C", *c)})
    if (type.getRank() != 2)
      return emitOpError() << name << " must be a 2-d buffer, got "
                           << formatShape(type.getShape());
  for (Attribute flag :
       {op->getInherentAttr("transpose_a"), op->getInherentAttr("transpose_b")})
    if (flag && !flag.isa<UnitAttr>())
      return emitOpError() << "transpose flags must be unit attributes";
  bool ta = getTransposeA(), tb = getTransposeB();
  int64_t m = a->getShape()[ta ? 1 : 0], ka = a->getShape()[ta ? 0 : 1];
  int64_t kb = b->getShape()[tb ? 1 : 0], n = b->getShape()[tb ? 0 : 1];
  if (ka != kb)
    return emitOpError() << "shapes do not compose: A" << (ta ? "^T" : "")
                         << " is " << m << "x" << ka << " and B"
                         << (tb ? "^T" : "") << " is " << kb << "x" << n
                         << " (K " << ka << " vs " << kb << ")";
  if (c->getShape()[0] != m || c->getShape()[1] != n)
    return emitOpError() << "C is " << formatShape(c->getShape())
                         << " but A x B is " << m << "x" << n;
  if (a->getElementType() != b->getElementType())
    return emitOpError() << "A and B element types differ: "
                         << a->getElementType() << " and "
                         << b->getElementType();
  Type cElement = c->getElementType();
  if (cElement != a->getElementType() && !cElement.isF32())
    return emitOpError() << "C must hold " << a->getElementType()
                         << " or 'f32' (the accumulation type), got " << cElement;
  return success();
}

//===----------------------------------------------------------------------===//
// FillOp, ClearOp
//===----------------------------------------------------------------------===//

void FillOp::build(OpBuilder &builder, OperationState &state, Value buffer,
                   Value value) {
  state.addOperands({buffer, value});
}

LogicalResult FillOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 2> operands(2);
  if (failed(parser.parseOperand(operands[0])) || failed(parser.parseComma()) ||
      failed(parser.parseOperand(operands[1])))
    return failure();
  return parseAttrsAndOperandTypes(parser, state, operands);
}

void FillOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printOperandList(printer, getOperation()->getOperands());
  printAttrsAndOperandTypes(printer, getOperation());
}

LogicalResult FillOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  FailureOr<BufType> buf = getBufOperand(op, 0, "the filled value");
  if (failed(buf))
    return failure();
  Type valueType = op->getOperand(1).getType();
  if (valueType != buf->getElementType())
    return emitOpError() << "the value (" << valueType
                         << ") must have the buffer's element type ("
                         << buf->getElementType() << ")";
  return success();
}

void ClearOp::build(OpBuilder &builder, OperationState &state, Value buffer) {
  state.addOperands(buffer);
}

LogicalResult ClearOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 1> operands(1);
  if (failed(parser.parseOperand(operands[0])))
    return failure();
  return parseAttrsAndOperandTypes(parser, state, operands);
}

void ClearOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperand(getOperation()->getOperand(0));
  printAttrsAndOperandTypes(printer, getOperation());
}

LogicalResult ClearOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  return failure(failed(getBufOperand(op, 0, "the cleared value")));
}

//===----------------------------------------------------------------------===//
// PipelinedOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> PipelinedOp::getAttributeNames() {
  static llvm::StringRef names[] = {"stages"};
  return names;
}

void PipelinedOp::build(OpBuilder &builder, OperationState &state,
                        Value lowerBound, Value upperBound, Value step,
                        int64_t stages) {
  state.addOperands({lowerBound, upperBound, step});
  state.addAttribute("stages", builder.getI64IntegerAttr(stages));
  Region *body = state.addRegion();
  auto *block = new Block();
  block->addArgument(builder.getIndexType(), state.location);
  body->push_back(block);
}

int64_t PipelinedOp::getStages() {
  if (auto stages = getOperation()
                        ->getInherentAttr("stages")
                        .dyn_cast_or_null<IntegerAttr>())
    return stages.getInt();
  return 0;
}

LogicalResult PipelinedOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  Type indexType = IndexType::get(context);
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  int64_t stages;
  if (failed(parser.parseArgument(iv)) || failed(parser.parseEqual()) ||
      failed(parser.parseOperand(lb)) || failed(parser.parseKeyword("to")) ||
      failed(parser.parseOperand(ub)) || failed(parser.parseKeyword("step")) ||
      failed(parser.parseOperand(step)) ||
      failed(parser.parseKeyword("stages")) ||
      failed(parser.parseInteger(stages)) ||
      failed(parser.resolveOperand(lb, indexType, state.operands)) ||
      failed(parser.resolveOperand(ub, indexType, state.operands)) ||
      failed(parser.resolveOperand(step, indexType, state.operands)))
    return failure();
  state.addAttribute("stages",
                     IntegerAttr::get(IntegerType::get(context, 64), stages));
  iv.type = indexType;
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();
  return parser.parseRegion(*state.addRegion(), {iv});
}

void PipelinedOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printOperand(getInductionVar());
  printer << " = ";
  printer.printOperand(getLowerBound());
  printer << " to ";
  printer.printOperand(getUpperBound());
  printer << " step ";
  printer.printOperand(getStep());
  printer << " stages " << std::to_string(getStages());
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

LogicalResult PipelinedOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  auto stages = op->getInherentAttr("stages").dyn_cast_or_null<IntegerAttr>();
  if (!stages)
    return emitOpError() << "requires an integer 'stages' property";
  if (stages.getInt() < 1)
    return emitOpError() << "stages must be at least 1, got "
                         << stages.getInt();
  for (unsigned i = 0; i < 3; ++i)
    if (!op->getOperand(i).getType().isIndex())
      return emitOpError() << "bounds and step must be of type index";
  Region &region = op->getRegion(0);
  if (region.empty() || region.front().getNumArguments() != 1 ||
      !region.front().getArgument(0).getType().isIndex())
    return emitOpError() << "body must have one index argument (the "
                            "induction variable)";
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ReduceOp::getAttributeNames() {
  static llvm::StringRef names[] = {"accumulate", "dim", "kind"};
  return names;
}

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     llvm::StringRef kind, Value source, Value dest,
                     int64_t dim, bool accumulate) {
  state.addOperands({source, dest});
  state.addAttribute("kind", StringAttr::get(builder.getContext(), kind));
  state.addAttribute("dim", builder.getI64IntegerAttr(dim));
  if (accumulate)
    state.addAttribute("accumulate", builder.getUnitAttr());
}

bool ReduceOp::getAccumulate() {
  return bool(getOperation()->getInherentAttr("accumulate"));
}

llvm::StringRef ReduceOp::getKind() {
  if (auto kind = getOperation()
                      ->getInherentAttr("kind")
                      .dyn_cast_or_null<StringAttr>())
    return kind.getValue();
  return "";
}

int64_t ReduceOp::getDim() {
  if (auto dim = getOperation()
                     ->getInherentAttr("dim")
                     .dyn_cast_or_null<IntegerAttr>())
    return dim.getInt();
  return -1;
}

bool ReduceOp::runsOnSfpu() {
  Operation *op = getOperation();
  auto source = op->getOperand(0).getType().dyn_cast<BufType>();
  if (!source || getDim() != 1)
    return false;
  if (source.getElementType().isInteger())
    return true;
  llvm::StringRef kind = getKind();
  if (!source.getElementType().isF32() || (kind != "max" && kind != "min"))
    return false;
  // A max or min that a body compares with: exactly the element it is.
  Value dest = op->getOperand(1);
  for (OpOperand &use : dest.getUses()) {
    auto parallel = ParallelOp::dynCast(use.getOwner());
    if (!parallel)
      continue;
    unsigned inputs = parallel.getInputs().size();
    unsigned index = use.getOperandNumber();
    if (index >= inputs || index >= parallel.getBody()->getNumArguments())
      continue;
    for (OpOperand &argUse : parallel.getBody()->getArgument(index).getUses())
      if (arith::CmpFOp::dynCast(argUse.getOwner()))
        return true;
  }
  return false;
}

LogicalResult ReduceOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  llvm::StringRef kind;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 2> operands(2);
  int64_t dim;
  if (failed(parser.parseKeyword(&kind)) ||
      failed(parser.parseOperand(operands[0])) || failed(parser.parseArrow()) ||
      failed(parser.parseOperand(operands[1])) ||
      failed(parser.parseKeyword("dim")) || failed(parser.parseInteger(dim)))
    return failure();
  if (parser.parseOptionalKeyword("accumulate"))
    state.addAttribute("accumulate", UnitAttr::get(context));
  state.addAttribute("kind", StringAttr::get(context, kind));
  state.addAttribute("dim",
                     IntegerAttr::get(IntegerType::get(context, 64), dim));
  return parseAttrsAndOperandTypes(parser, state, operands);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << getKind() << ' ';
  printer.printOperand(op->getOperand(0));
  printer << " -> ";
  printer.printOperand(op->getOperand(1));
  printer << " dim " << std::to_string(getDim());
  if (getAccumulate())
    printer << " accumulate";
  printAttrsAndOperandTypes(printer, op);
}

LogicalResult ReduceOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  llvm::StringRef kind = getKind();
  if (kind != "sum" && kind != "max" && kind != "min" && kind != "absmax")
    return emitOpError() << "kind must be 'sum', 'max', 'min' or 'absmax', "
                            "got '"
                         << kind << "'";
  Attribute accumulate = op->getInherentAttr("accumulate");
  if (accumulate && !accumulate.isa<UnitAttr>())
    return emitOpError() << "'accumulate' must be a unit attribute";
  if (!op->getInherentAttr("dim").dyn_cast_or_null<IntegerAttr>())
    return emitOpError() << "requires an integer 'dim' property";
  FailureOr<BufType> source = getBufOperand(op, 0, "the source");
  if (failed(source))
    return failure();
  FailureOr<BufType> dest = getBufOperand(op, 1, "the destination");
  if (failed(dest))
    return failure();
  int64_t dim = getDim();
  if (dim < 0 || dim >= int64_t(source->getRank()))
    return emitOpError() << "dimension " << dim << " is out of range for a "
                         << "source of rank " << source->getRank();
  llvm::SmallVector<int64_t, 4> reduced(source->getShape().begin(),
                                        source->getShape().end());
  reduced.erase(reduced.begin() + dim);
  if (reduced.empty())
    reduced.push_back(1);
  if (dest->getShape() != llvm::ArrayRef<int64_t>(reduced))
    return emitOpError() << "the destination must be " << formatShape(reduced)
                         << " (the source " << formatShape(source->getShape())
                         << " without dimension " << dim << "), got "
                         << formatShape(dest->getShape());
  Type sourceElement = source->getElementType();
  Type destElement = dest->getElementType();
  if (destElement != sourceElement &&
      !(sourceElement.isa<FloatType>() && destElement.isF32())) {
    InFlightDiagnostic diag = emitOpError();
    diag << "the destination must hold " << sourceElement;
    if (!sourceElement.isF32() && sourceElement.isa<FloatType>())
      diag << " or f32";
    diag << ", got " << destElement;
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// BlockRangeOp
//===----------------------------------------------------------------------===//

void BlockRangeOp::build(OpBuilder &builder, OperationState &state) {
  state.addTypes({builder.getIndexType(), builder.getIndexType()});
}

LogicalResult BlockRangeOp::parse(OpAsmParser &parser, OperationState &state) {
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  IndexType index = IndexType::get(parser.getContext());
  state.addTypes({index, index});
  return success();
}

void BlockRangeOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDict(getOperation()->getAttrDictionary().getValue());
}

LogicalResult BlockRangeOp::verify() {
  Operation *op = getOperation();
  if (op->getNumResults() != 2)
    return emitOpError() << "has two results (start, count)";
  for (Value result : op->getResults())
    if (!result.getType().isa<IndexType>())
      return emitOpError() << "results must be index";
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (KernelOp::dynCast(parent)) {
      if (!parent->getAttr(kPartitionAttrName))
        return emitOpError() << "is inside a tile.kernel that has no '"
                             << kPartitionAttrName << "' (run tile-partition)";
      return success();
    }
  return emitOpError() << "must be inside a tile.kernel";
}

void BlockRangeOp::getAsmResultNames(
    llvm::function_ref<void(Value, llvm::StringRef)> setName) {
  setName(getOperation()->getResult(0), "start");
  setName(getOperation()->getResult(1), "count");
}

//===----------------------------------------------------------------------===//
// CoreArgOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> CoreArgOp::getAttributeNames() {
  static llvm::StringRef names[] = {"name"};
  return names;
}

void CoreArgOp::build(OpBuilder &builder, OperationState &state,
                      llvm::StringRef name) {
  state.addAttribute("name", StringAttr::get(builder.getContext(), name));
  state.addTypes({builder.getI32Type()});
}

LogicalResult CoreArgOp::parse(OpAsmParser &parser, OperationState &state) {
  std::string name;
  if (failed(parser.parseString(&name)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  state.addAttribute("name", StringAttr::get(parser.getContext(), name));
  state.addTypes({IntegerType::get(parser.getContext(), 32)});
  return success();
}

void CoreArgOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printString(getName());
  printer.printOptionalAttrDict(getOperation()->getAttrDictionary().getValue());
}

llvm::StringRef CoreArgOp::getName() {
  if (auto name =
          getOperation()->getInherentAttr("name").dyn_cast_or_null<StringAttr>())
    return name.getValue();
  return "";
}

LogicalResult CoreArgOp::verify() {
  Operation *op = getOperation();
  if (getName().empty())
    return emitOpError() << "needs a name";
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (KernelOp::dynCast(parent)) {
      auto partition =
          parent->getAttr(kPartitionAttrName).dyn_cast_or_null<DictionaryAttr>();
      auto args = partition ? partition.get(kCoreArgsAttrName)
                                  .dyn_cast_or_null<DictionaryAttr>()
                            : DictionaryAttr();
      if (!args || !args.get(getName()))
        return emitOpError() << "names '" << getName()
                             << "', which the kernel's partition does not "
                                "give (core_args)";
      return success();
    }
  return emitOpError() << "must be inside a tile.kernel";
}

//===----------------------------------------------------------------------===//
// BaseAddressOp
//===----------------------------------------------------------------------===//

void BaseAddressOp::build(OpBuilder &builder, OperationState &state,
                          Value tensor) {
  state.addOperands(tensor);
  state.addTypes(builder.getI32Type());
}

/// `%operand attr-dict : type`, with an i32 result: the custom form of
/// tile.base_address and tile.scalar_bits.
static LogicalResult parseOperandToI32(OpAsmParser &parser,
                                       OperationState &state) {
  OpAsmParser::UnresolvedOperand operand;
  Type type;
  if (failed(parser.parseOperand(operand)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(operand, type, state.operands)))
    return failure();
  state.addTypes(IntegerType::get(parser.getContext(), 32));
  return success();
}

static void printOperandToI32(OpAsmPrinter &printer, Operation *op) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getOperand(0).getType());
}

LogicalResult BaseAddressOp::parse(OpAsmParser &parser, OperationState &state) {
  return parseOperandToI32(parser, state);
}

void BaseAddressOp::print(OpAsmPrinter &printer) {
  printOperandToI32(printer, getOperation());
}

LogicalResult BaseAddressOp::verify() {
  Operation *op = getOperation();
  if (!op->getOperand(0).getType().isa<TensorType>())
    return emitOpError() << "operand must be a !tile.tensor, got "
                         << op->getOperand(0).getType();
  if (!op->getResult(0).getType().isSignlessInteger(32))
    return emitOpError() << "result must be i32";
  return success();
}

//===----------------------------------------------------------------------===//
// AtomicAddOp
//===----------------------------------------------------------------------===//

/// `%t[%i, %j]`: a tensor with its element offsets (tile.atomic_add,
/// tile.load).
static void printIndexedTensor(OpAsmPrinter &printer, Value tensor,
                               OperandRange offsets) {
  printer.printOperand(tensor);
  printer << '[';
  printOperandList(printer, offsets);
  printer << ']';
}

/// One index offset per dimension of `tensor`.
static LogicalResult verifyTensorOffsets(Operation *op, TensorType tensor,
                                         OperandRange offsets) {
  if (offsets.size() != tensor.getRank())
    return op->emitOpError()
           << "expected " << tensor.getRank()
           << " offsets into the tensor, got " << uint64_t(offsets.size());
  for (Value offset : offsets)
    if (!offset.getType().isIndex())
      return op->emitOpError() << "offsets must be of type index";
  return success();
}

AnyAtomicOp AnyAtomicOp::dynCast(Operation *op) {
  AnyAtomicOp atomic;
  if (AtomicAddOp::dynCast(op))
    atomic.kind = "add";
  else if (AtomicMaxOp::dynCast(op))
    atomic.kind = "max";
  else if (AtomicMinOp::dynCast(op))
    atomic.kind = "min";
  else
    return atomic;
  atomic.op = op;
  return atomic;
}

llvm::SmallVector<int64_t, 4> AnyAtomicOp::getDims() const {
  return getCoveredDims(op->getAttr("dims"),
                        getTensor().getType().dyn_cast<TensorType>(),
                        getBuffer().getType().dyn_cast<BufType>());
}

LogicalResult tile::detail::parseAtomic(OpAsmParser &parser,
                                        OperationState &state) {
  OpAsmParser::UnresolvedOperand buffer, tensor;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> offsets;
  if (failed(parser.parseOperand(buffer)) || failed(parser.parseComma()) ||
      failed(parser.parseOperand(tensor)) || failed(parser.parseLSquare()) ||
      failed(parseOperandsUntilRSquare(parser, offsets)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  return parseTwoTypedOperands(parser, state, buffer, tensor, offsets,
                               "buffer, tensor");
}

void tile::detail::printAtomic(Operation *op, OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer << ", ";
  printIndexedTensor(printer, op->getOperand(1),
                     OperandRange(op->getOpOperands().drop_front(2)));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(op->getOperand(0).getType());
  printer << ", ";
  printer.printType(op->getOperand(1).getType());
}

LogicalResult tile::detail::verifyAtomic(Operation *op, llvm::StringRef verb) {
  if (failed(verifyInsideKernel(op)))
    return failure();
  Value buffer = op->getOperand(0), tensorValue = op->getOperand(1);
  auto buf = buffer.getType().dyn_cast<BufType>();
  auto tensor = tensorValue.getType().dyn_cast<TensorType>();
  if (!buf || !tensor)
    return op->emitOpError()
           << verb << " a !tile.buf into a !tile.tensor, got "
           << buffer.getType() << " and " << tensorValue.getType();
  if (!buf.getElementType().isa<FloatType>() ||
      !tensor.getElementType().isa<FloatType>())
    return op->emitOpError() << verb << " floats (got " << buf.getElementType()
                             << " into " << tensor.getElementType() << ")";
  if (buf.getRank() > tensor.getRank())
    return op->emitOpError() << "the buffer (rank " << buf.getRank()
                             << ") has a higher rank than the tensor (rank "
                             << tensor.getRank() << ")";
  if (failed(verifyTensorOffsets(
          op, tensor, OperandRange(op->getOpOperands().drop_front(2)))))
    return failure();
  // `dims`, as tile.copy's: the tensor dimensions the buffer covers.
  if (failed(verifyCoveredDims(op, op->getAttr("dims"), tensor, buf)))
    return failure();
  llvm::SmallVector<int64_t, 4> dims = AnyAtomicOp::dynCast(op).getDims();
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t d = dims[i];
    int64_t extent = (tensor.getShape()[d] + 31) / 32 * 32;
    if (buf.getShape()[i] > extent)
      return op->emitOpError() << "the buffer (" << formatShape(buf.getShape())
                               << ") is larger than the tensor ("
                               << formatShape(tensor.getShape())
                               << ", padded to whole tiles) in dimension " << d;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Im2ColOp
//===----------------------------------------------------------------------===//

/// The convolution parameters, in the order of the custom form.
static const char *const kIm2ColParameters[] = {"kernel", "stride", "dilation",
                                                "padding"};

llvm::ArrayRef<llvm::StringRef> Im2ColOp::getAttributeNames() {
  static llvm::StringRef names[] = {"kernel", "stride", "dilation", "padding"};
  return names;
}

void Im2ColOp::build(OpBuilder &builder, OperationState &state, Value image,
                     Value buffer, Value nhwStep, Value kStep, int64_t kernel,
                     int64_t stride, int64_t dilation, int64_t padding) {
  state.addOperands({image, buffer, nhwStep, kStep});
  Type i64 = builder.getIntegerType(64);
  int64_t values[] = {kernel, stride, dilation, padding};
  for (size_t i = 0; i < 4; ++i)
    state.addAttribute(kIm2ColParameters[i], IntegerAttr::get(i64, values[i]));
}

int64_t Im2ColOp::getIntProperty(llvm::StringRef name) {
  auto attr =
      getOperation()->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>();
  return attr ? attr.getSInt() : 0;
}

/// (extent + 2P - D(K-1) - 1) / S + 1, the output extent of a convolution
/// (0 when the kernel does not fit, or the parameters are invalid).
static int64_t getConvolutionExtent(int64_t extent, int64_t kernel,
                                    int64_t stride, int64_t dilation,
                                    int64_t padding) {
  int64_t span = extent + 2 * padding - dilation * (kernel - 1) - 1;
  if (stride < 1 || span < 0)
    return 0;
  return span / stride + 1;
}

int64_t Im2ColOp::getOutputHeight() {
  auto image = getImage().getType().dyn_cast<TensorType>();
  if (!image || image.getRank() != 4)
    return 0;
  return getConvolutionExtent(image.getShape()[1], getKernel(), getStride(),
                              getDilation(), getPadding());
}

int64_t Im2ColOp::getOutputWidth() {
  auto image = getImage().getType().dyn_cast<TensorType>();
  if (!image || image.getRank() != 4)
    return 0;
  return getConvolutionExtent(image.getShape()[2], getKernel(), getStride(),
                              getDilation(), getPadding());
}

int64_t Im2ColOp::getChannelRun() {
  auto image = getImage().getType().dyn_cast<TensorType>();
  auto buf = getBuffer().getType().dyn_cast<BufType>();
  if (!image || image.getRank() != 4 || !buf || buf.getRank() != 2)
    return 0;
  int64_t channels = image.getShape()[3], columns = buf.getShape()[1];
  int64_t run = channels % columns == 0   ? columns
                : columns % channels == 0 ? channels
                                          : 0;
  if ((run * getElementBytes(image.getElementType())) % kIm2ColAlignment != 0)
    return 0;
  return run;
}

LogicalResult Im2ColOp::parse(OpAsmParser &parser, OperationState &state) {
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> operands(2);
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 2> steps;
  llvm::SMLoc stepsLoc;
  if (failed(parser.parseOperand(operands[0])) ||
      failed(parser.parseLSquare()) ||
      (stepsLoc = parser.getCurrentLocation(),
       failed(parseOperandsUntilRSquare(parser, steps))) ||
      failed(parser.parseComma()) || failed(parser.parseOperand(operands[1])))
    return failure();
  if (steps.size() != 2)
    return parser.emitError(stepsLoc)
           << "expected two steps [nhw, k], got " << uint64_t(steps.size());
  Type i64 = IntegerType::get(parser.getContext(), 64);
  for (const char *name : kIm2ColParameters) {
    int64_t value;
    if (failed(parser.parseKeyword(name)) || failed(parser.parseInteger(value)))
      return failure();
    state.addAttribute(name, IntegerAttr::get(i64, value));
  }
  return parseTwoTypedOperands(parser, state, operands[0], operands[1], steps,
                               "image, buffer");
}

void Im2ColOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printOperand(getImage());
  printer << '[';
  printer.printOperand(getNhwStep());
  printer << ", ";
  printer.printOperand(getKStep());
  printer << "], ";
  printer.printOperand(getBuffer());
  for (const char *name : kIm2ColParameters)
    printer << ' ' << name << ' ' << std::to_string(getIntProperty(name));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(getImage().getType());
  printer << ", ";
  printer.printType(getBuffer().getType());
}

LogicalResult Im2ColOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  for (const char *name : kIm2ColParameters)
    if (!op->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>())
      return emitOpError() << "requires an integer '" << name << "' property";
  auto image = getImage().getType().dyn_cast<TensorType>();
  if (!image || image.getRank() != 4)
    return emitOpError() << "the image must be a rank-4 !tile.tensor [N, H, "
                            "W, C], got "
                         << getImage().getType();
  FailureOr<BufType> buffer = getBufOperand(op, 1, "the destination");
  if (failed(buffer))
    return failure();
  if (buffer->getRank() != 2)
    return emitOpError() << "the destination must be a 2-d buffer (output "
                            "pixels x filter taps), got "
                         << formatShape(buffer->getShape());
  if (buffer->getElementType() != image.getElementType())
    return emitOpError() << "the buffer must hold the image's element type "
                         << image.getElementType() << ", got "
                         << buffer->getElementType();
  if (!image.getElementType().isa<FloatType>())
    return emitOpError() << "takes an image of bf16, f16 or f32, got "
                         << image.getElementType();
  if (!getNhwStep().getType().isIndex() || !getKStep().getType().isIndex())
    return emitOpError() << "the steps must be of type index";
  if (getKernel() < 1 || getStride() < 1 || getDilation() < 1)
    return emitOpError() << "kernel, stride and dilation must be at least 1, "
                            "got "
                         << getKernel() << ", " << getStride() << " and "
                         << getDilation();
  if (getPadding() < 0)
    return emitOpError() << "padding must not be negative, got "
                         << getPadding();
  // Bounded so that the extents' arithmetic cannot overflow.
  constexpr int64_t kLimit = int64_t(1) << 24;
  if (getKernel() > kLimit || getStride() > kLimit || getDilation() > kLimit ||
      getPadding() > kLimit)
    return emitOpError() << "kernel, stride, dilation and padding must be at "
                            "most 2^24";
  if (getOutputHeight() < 1 || getOutputWidth() < 1)
    return emitOpError() << "the kernel (" << getKernel() << " taps, dilation "
                         << getDilation()
                         << ") does not fit in the padded image "
                         << image.getShape()[1] << "x" << image.getShape()[2]
                         << " (padding " << getPadding() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value tensor,
                   ValueRange offsets) {
  state.addOperands(tensor);
  state.addOperands(offsets);
  if (auto type = tensor.getType().dyn_cast<TensorType>())
    state.addTypes(getResultType(type.getElementType()));
}

Type LoadOp::getResultType(Type element) {
  if (auto integer = element.dyn_cast<IntegerType>())
    return IntegerType::get(element.getContext(), integer.getWidth());
  return element;
}

OperandRange LoadOp::getOffsets() {
  return OperandRange(getOperation()->getOpOperands().drop_front(1));
}

LogicalResult LoadOp::parse(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::UnresolvedOperand tensor;
  llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4> offsets;
  Type type;
  if (failed(parser.parseOperand(tensor)) || failed(parser.parseLSquare()) ||
      failed(parseOperandsUntilRSquare(parser, offsets)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  if (failed(parser.parseColonType(type)) ||
      failed(parser.resolveOperand(tensor, type, state.operands)))
    return failure();
  auto tensorType = type.dyn_cast<TensorType>();
  if (!tensorType)
    return parser.emitError(typeLoc)
           << "expected a !tile.tensor type, got " << type;
  Type indexType = IndexType::get(parser.getContext());
  for (auto &offset : offsets)
    if (failed(parser.resolveOperand(offset, indexType, state.operands)))
      return failure();
  state.addTypes(getResultType(tensorType.getElementType()));
  return success();
}

void LoadOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printIndexedTensor(printer, getTensor(), getOffsets());
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  printer.printType(getTensor().getType());
}

LogicalResult LoadOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyInsideKernel(op)))
    return failure();
  auto tensor = getTensor().getType().dyn_cast<TensorType>();
  if (!tensor)
    return emitOpError() << "reads an element of a !tile.tensor, got "
                         << getTensor().getType();
  if (failed(verifyTensorOffsets(op, tensor, getOffsets())))
    return failure();
  Type expected = getResultType(tensor.getElementType());
  if (op->getResult(0).getType() != expected)
    return emitOpError() << "result type " << op->getResult(0).getType()
                         << " is not the tensor's element type " << expected;
  for (unsigned d = 0; d < tensor.getRank(); ++d) {
    std::optional<llvm::APInt> value = getConstantIntValue(getOffsets()[d]);
    if (value && (value->isNegative() ||
                  value->getSExtValue() >= tensor.getShape()[d]))
      return emitOpError() << "offset " << value->getSExtValue()
                           << " of dimension " << d
                           << " is outside the tensor's size "
                           << tensor.getShape()[d];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// RoleValueOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> RoleValueOp::getAttributeNames() {
  static llvm::StringRef names[] = {"roles"};
  return names;
}

Value RoleValueOp::getValueFor(llvm::StringRef role) {
  Operation *op = getOperation();
  auto roles = op->getInherentAttr("roles").dyn_cast_or_null<ArrayAttr>();
  if (!roles)
    return Value();
  for (unsigned i = 0; i < roles.size() && i < op->getNumOperands(); ++i)
    if (auto name = roles.getValue()[i].dyn_cast<StringAttr>())
      if (name.getValue() == role)
        return op->getOperand(i);
  return Value();
}

LogicalResult RoleValueOp::verify() {
  Operation *op = getOperation();
  auto roles = op->getInherentAttr("roles").dyn_cast_or_null<ArrayAttr>();
  if (!roles || roles.size() != op->getNumOperands())
    return emitOpError() << "needs a 'roles' array with one kernel role per "
                            "operand";
  for (Attribute role : roles.getValue()) {
    auto name = role.dyn_cast<StringAttr>();
    if (!name || (name.getValue() != "reader" && name.getValue() != "compute" &&
                  name.getValue() != "writer"))
      return emitOpError() << "roles are \"reader\", \"compute\" or "
                              "\"writer\", got "
                           << role;
  }
  for (Value operand : op->getOperands())
    if (operand.getType() != op->getResult(0).getType())
      return emitOpError() << "operands must have the result's type";
  return success();
}

//===----------------------------------------------------------------------===//
// ScalarBitsOp
//===----------------------------------------------------------------------===//

bool tile::isKernelScalarType(Type type) {
  return type.isF32() || type.isBF16() || type.isF16();
}

void ScalarBitsOp::build(OpBuilder &builder, OperationState &state,
                         Value scalar) {
  state.addOperands(scalar);
  state.addTypes(builder.getI32Type());
}

LogicalResult ScalarBitsOp::parse(OpAsmParser &parser, OperationState &state) {
  return parseOperandToI32(parser, state);
}

void ScalarBitsOp::print(OpAsmPrinter &printer) {
  printOperandToI32(printer, getOperation());
}

LogicalResult ScalarBitsOp::verify() {
  Operation *op = getOperation();
  if (!isKernelScalarType(op->getOperand(0).getType()))
    return emitOpError() << "operand must be an f32, bf16 or f16 scalar, got "
                         << op->getOperand(0).getType();
  if (!op->getResult(0).getType().isSignlessInteger(32))
    return emitOpError() << "result must be i32";
  return success();
}
