//===- TTOps.cpp - The tt dialect -----------------------------------------===//

#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/IR/Context.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tilt;
using namespace tilt::tt;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

namespace tilt {
namespace tt {
namespace detail {
struct TTSingletonTypeStorage : public TypeStorage {
  using KeyTy = unsigned;
  static unsigned hashKey(const KeyTy &key) { return key; }
  bool operator==(const KeyTy &key) const { return key == kind; }
  static TTSingletonTypeStorage *construct(StorageAllocator &allocator,
                                           const KeyTy &key) {
    auto *storage = new (allocator.allocate<TTSingletonTypeStorage>())
        TTSingletonTypeStorage();
    storage->kind = key;
    return storage;
  }
  unsigned kind = 0;
};
} // namespace detail
} // namespace tt
} // namespace tilt

NocAddrType NocAddrType::get(Context *context) {
  return NocAddrType(context->getUniquer().get<detail::TTSingletonTypeStorage>(
      getTypeID(), context, context->getLoadedDialect<TTDialect>(), 0));
}

AccessorType AccessorType::get(Context *context) {
  return AccessorType(context->getUniquer().get<detail::TTSingletonTypeStorage>(
      getTypeID(), context, context->getLoadedDialect<TTDialect>(), 1));
}

Type TTDialect::parseType(AsmParser &parser) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return Type();
  if (keyword == "noc_addr")
    return NocAddrType::get(getContext());
  if (keyword == "accessor")
    return AccessorType::get(getContext());
  parser.emitError(loc) << "unknown tt type '" << keyword
                        << "' (expected 'noc_addr' or 'accessor')";
  return Type();
}

void TTDialect::printType(Type type, AsmPrinter &printer) const {
  if (type.isa<NocAddrType>())
    printer << "noc_addr";
  else if (type.isa<AccessorType>())
    printer << "accessor";
  else
    printer << "<<UNKNOWN TT TYPE>>";
}

std::optional<std::pair<int64_t, int64_t>>
tt::getArchGrid(llvm::StringRef arch) {
  // The whole Tensix array of each die (tt_metal/soc_descriptors:
  // wormhole_b0_80_arch.yaml 8x10, blackhole_140_arch.yaml 14x10); a board
  // exposes less (getBoards).
  if (arch == "grayskull")
    return std::make_pair(int64_t(12), int64_t(9));
  if (arch == "wormhole_b0")
    return std::make_pair(int64_t(8), int64_t(10));
  if (arch == "blackhole")
    return std::make_pair(int64_t(14), int64_t(10));
  return std::nullopt;
}

llvm::ArrayRef<BoardInfo> tt::getBoards() {
  // compute_with_storage_grid_size of one chip with tensix dispatch, from
  // tt-metal's core descriptors (tt_metal/core_descriptors/
  // wormhole_b0_80_arch.yaml: nebula_x1 8x8, nebula_x2 8x7, galaxy 8x10;
  // blackhole_140_arch.yaml: 11x10 with two harvested columns, which every
  // p100 and, since firmware 19.5.0, every p150 has; p150_unharvested is a
  // p150 on earlier firmware: 13x10, the 14th column running dispatch).
  // docs/pipeline.md.
  static const BoardInfo kBoards[] = {
      {"n150", "wormhole_b0", 8, 8},  {"n300", "wormhole_b0", 8, 7},
      {"galaxy", "wormhole_b0", 8, 10}, {"p100", "blackhole", 11, 10},
      {"p150", "blackhole", 11, 10},  {"p150_unharvested", "blackhole", 13, 10},
      {"e150", "grayskull", 12, 9},
  };
  return kBoards;
}

const BoardInfo *tt::getBoard(llvm::StringRef name) {
  for (const BoardInfo &board : getBoards())
    if (board.name == name)
      return &board;
  return nullptr;
}

std::string tt::getBoardNames() {
  std::string names;
  for (const BoardInfo &board : getBoards())
    names += (names.empty() ? "" : ", ") + board.name.str();
  return names;
}

const BoardInfo *tt::getDefaultBoard(llvm::StringRef arch) {
  if (arch == "wormhole_b0")
    return getBoard("n150");
  if (arch == "blackhole")
    return getBoard("p150");
  if (arch == "grayskull")
    return getBoard("e150");
  return nullptr;
}

TTDialect::TTDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<TTDialect>()) {
  context->getOrLoadDialect<cb::CBDialect>();
  addOperations<ProgramOp, BufferOp, ScalarOp, CBConfigOp, SemaphoreOp,
                KernelOp, RuntimeArgsOp>();
#define TILT_TT_INTRINSIC(ClassName, OpName, ...) addOperations<ClassName>();
#include "tilt/Dialect/TT/TTIntrinsics.def"
#undef TILT_TT_INTRINSIC
}

#define TILT_TT_INTRINSIC(ClassName, OpName, ...)                              \
  const IntrinsicInfo &ClassName::getInfo() {                                  \
    static const IntrinsicInfo info = __VA_ARGS__;                             \
    return info;                                                               \
  }
#include "tilt/Dialect/TT/TTIntrinsics.def"
#undef TILT_TT_INTRINSIC

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

IntegerAttr getI64Attr(Context *context, int64_t value) {
  return IntegerAttr::get(IntegerType::get(context, 64), value);
}

int64_t getIntProp(Operation *op, llvm::StringRef name, int64_t otherwise) {
  if (auto attr = op->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>())
    return attr.getInt();
  return otherwise;
}

/// `[a, b, ...]` of integers.
LogicalResult parseIntList(AsmParser &parser,
                           llvm::SmallVectorImpl<int64_t> &values) {
  if (failed(parser.parseLSquare()))
    return failure();
  if (parser.parseOptionalRSquare())
    return success();
  do {
    int64_t value;
    if (failed(parser.parseInteger(value)))
      return failure();
    values.push_back(value);
  } while (parser.parseOptionalComma());
  return parser.parseRSquare();
}

/// `[a, @b, ...]`: integers, or `@symbol` for a tt.buffer (its address in
/// runtime arguments, its TensorAccessorArgs in compile-time arguments);
/// with `nocCoordinates`, also `noc_x(C)` and `noc_y(R)`.
LogicalResult parseArgList(AsmParser &parser,
                           llvm::SmallVectorImpl<Attribute> &values,
                           bool nocCoordinates = false) {
  if (failed(parser.parseLSquare()))
    return failure();
  if (parser.parseOptionalRSquare())
    return success();
  do {
    StringAttr buffer;
    if (succeeded(parser.parseOptionalSymbolName(buffer))) {
      values.push_back(FlatSymbolRefAttr::get(buffer));
      continue;
    }
    if (nocCoordinates) {
      std::optional<NocCoordinate::Axis> axis;
      if (parser.parseOptionalKeyword("noc_x"))
        axis = NocCoordinate::Axis::X;
      else if (parser.parseOptionalKeyword("noc_y"))
        axis = NocCoordinate::Axis::Y;
      if (axis) {
        int64_t index;
        if (failed(parser.parseLParen()) ||
            failed(parser.parseInteger(index)) || failed(parser.parseRParen()))
          return failure();
        values.push_back(
            getNocCoordinateAttr(parser.getContext(), {*axis, index}));
        continue;
      }
    }
    int64_t value;
    if (failed(parser.parseInteger(value)))
      return failure();
    values.push_back(getI64Attr(parser.getContext(), value));
  } while (parser.parseOptionalComma());
  return parser.parseRSquare();
}

void printIntList(AsmPrinter &printer, llvm::ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleave(
      values, [&](int64_t value) { printer << std::to_string(value); },
      [&]() { printer << ", "; });
  printer << ']';
}

llvm::ArrayRef<int64_t> getIntArray(Operation *op, llvm::StringRef name) {
  if (auto attr = op->getInherentAttr(name).dyn_cast_or_null<DenseArrayAttr>())
    return attr.getIntValues();
  return {};
}

ProgramOp getEnclosingProgram(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto program = ProgramOp::dynCast(parent))
      return program;
  return ProgramOp(nullptr);
}

KernelOp getEnclosingKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto kernel = KernelOp::dynCast(parent))
      return kernel;
  return KernelOp(nullptr);
}

llvm::StringRef getSymName(Operation *op) {
  if (auto name =
          op->getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>())
    return name.getValue();
  return "";
}

/// The tt.buffer @name of `program`, or null (also without a program).
BufferOp findBuffer(ProgramOp program, llvm::StringRef name) {
  if (program)
    for (Operation &child : *program.getBody())
      if (auto buffer = BufferOp::dynCast(&child))
        if (getSymName(&child) == name)
          return buffer;
  return BufferOp(nullptr);
}

ScalarOp findScalar(ProgramOp program, llvm::StringRef name) {
  if (program)
    for (Operation &child : *program.getBody())
      if (auto scalar = ScalarOp::dynCast(&child))
        if (getSymName(&child) == name)
          return scalar;
  return ScalarOp(nullptr);
}

/// A body region; `{}` gets its (empty) block, as a module's does.
LogicalResult parseBody(OpAsmParser &parser, OperationState &state) {
  Region *body = state.addRegion();
  if (failed(parser.parseRegion(*body)))
    return failure();
  if (body->empty())
    body->push_back(new Block());
  return success();
}

} // namespace

Attribute tt::getNocCoordinateAttr(Context *context,
                                   NocCoordinate coordinate) {
  return DenseArrayAttr::getI64(
      context, {static_cast<int64_t>(coordinate.axis), coordinate.index});
}

std::optional<NocCoordinate> tt::getNocCoordinate(Attribute value) {
  auto array = value.dyn_cast_or_null<DenseArrayAttr>();
  if (!array)
    return std::nullopt;
  llvm::ArrayRef<int64_t> pair = array.getIntValues();
  if (pair.size() != 2 || (pair[0] != 0 && pair[0] != 1))
    return std::nullopt;
  return NocCoordinate{static_cast<NocCoordinate::Axis>(pair[0]), pair[1]};
}

//===----------------------------------------------------------------------===//
// ProgramOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ProgramOp::getAttributeNames() {
  static llvm::StringRef names[] = {"arch", "board", "grid", "sym_name"};
  return names;
}

void ProgramOp::build(OpBuilder &builder, OperationState &state,
                      llvm::StringRef name, llvm::ArrayRef<int64_t> grid,
                      llvm::StringRef arch, llvm::StringRef board) {
  Context *context = builder.getContext();
  state.addAttribute("sym_name", StringAttr::get(context, name));
  state.addAttribute("grid", DenseArrayAttr::getI64(context, grid));
  state.addAttribute("arch", StringAttr::get(context, arch));
  if (!board.empty())
    state.addAttribute("board", StringAttr::get(context, board));
  state.addRegion()->push_back(new Block());
}

llvm::ArrayRef<int64_t> ProgramOp::getGrid() {
  return getIntArray(getOperation(), "grid");
}

llvm::StringRef ProgramOp::getBoard() {
  if (auto board = getOperation()
                       ->getInherentAttr("board")
                       .dyn_cast_or_null<StringAttr>())
    return board.getValue();
  return "";
}

llvm::StringRef ProgramOp::getArch() {
  if (auto arch = getOperation()
                      ->getInherentAttr("arch")
                      .dyn_cast_or_null<StringAttr>())
    return arch.getValue();
  return "";
}

LogicalResult ProgramOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  StringAttr name;
  llvm::SmallVector<int64_t, 2> grid;
  llvm::StringRef arch;
  if (failed(parser.parseSymbolName(name)) ||
      failed(parser.parseKeyword("grid")) ||
      failed(parseIntList(parser, grid)) ||
      failed(parser.parseKeyword("arch")) || failed(parser.parseKeyword(&arch)))
    return failure();
  state.addAttribute("sym_name", name);
  state.addAttribute("grid", DenseArrayAttr::getI64(context, grid));
  state.addAttribute("arch", StringAttr::get(context, arch));
  if (parser.parseOptionalKeyword("board")) {
    llvm::StringRef board;
    if (failed(parser.parseKeyword(&board)))
      return failure();
    state.addAttribute("board", StringAttr::get(context, board));
  }
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();
  return parseBody(parser, state);
}

void ProgramOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printSymbolName(getSymName(op));
  printer << " grid ";
  printIntList(printer, getGrid());
  printer << " arch " << getArch();
  if (!getBoard().empty())
    printer << " board " << getBoard();
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

LogicalResult ProgramOp::verify() {
  llvm::ArrayRef<int64_t> grid = getGrid();
  if (grid.size() != 2 || grid[0] <= 0 || grid[1] <= 0)
    return emitOpError() << "grid must be two positive extents [columns, rows]";
  std::optional<std::pair<int64_t, int64_t>> archGrid = getArchGrid(getArch());
  if (!archGrid)
    return emitOpError() << "unknown arch '" << getArch()
                         << "' (expected grayskull, wormhole_b0 or blackhole)";
  if (grid[0] > archGrid->first || grid[1] > archGrid->second)
    return emitOpError() << "grid " << grid[0] << "x" << grid[1]
                         << " does not fit " << getArch() << " (at most "
                         << archGrid->first << "x" << archGrid->second << ")";
  if (getOperation()->getInherentAttr("board")) {
    const BoardInfo *board = tt::getBoard(getBoard());
    if (!board)
      return emitOpError() << "unknown board '" << getBoard()
                           << "' (expected " << getBoardNames() << ")";
    if (board->arch != getArch())
      return emitOpError() << "board " << board->name << " is a "
                           << board->arch << " board, not " << getArch();
    if (grid[0] > board->columns || grid[1] > board->rows)
      return emitOpError() << "grid " << grid[0] << "x" << grid[1]
                           << " does not fit the " << board->columns << "x"
                           << board->rows << " compute grid of board "
                           << board->name << " (" << board->arch << ")";
  }
  Region &region = getOperation()->getRegion(0);
  if (region.empty())
    return emitOpError() << "requires a body";
  llvm::SmallDenseMap<int64_t, Operation *> cbs;
  for (Operation &op : region.front()) {
    auto config = CBConfigOp::dynCast(&op);
    if (!config)
      continue;
    auto [it, inserted] = cbs.try_emplace(config.getIndex(), &op);
    if (!inserted) {
      InFlightDiagnostic diag = op.emitOpError();
      diag << "circular buffer " << config.getIndex() << " is configured twice";
      diag.attachNote(it->second->getLoc()) << "first configured here";
      return failure();
    }
  }
  return verifySemaphoreIds();
}

LogicalResult ProgramOp::verifySemaphoreIds() {
  // The ids CreateSemaphore hands out, in the order the host creates the
  // semaphores: the lowest id free on every core of the range, at most
  // NUM_SEMAPHORES per core (get_semaphore_id in tt_metal/impl/program/
  // program.cpp). Kernels name semaphores by id, so the declared id must be
  // that one.
  llvm::ArrayRef<int64_t> grid = getGrid();
  int64_t columns = grid[0], rows = grid[1];
  std::vector<uint32_t> used(size_t(columns * rows), 0);
  for (Operation &op : getOperation()->getRegion(0).front()) {
    auto semaphore = SemaphoreOp::dynCast(&op);
    if (!semaphore)
      continue;
    std::array<int64_t, 4> range = semaphore.getCoreRange();
    if (range[0] < 0 || range[1] < 0 || range[0] > range[2] ||
        range[1] > range[3] || range[2] >= columns || range[3] >= rows ||
        semaphore.getId() < 0 || semaphore.getId() >= kMaxSemaphoresPerCore)
      continue; // The semaphore's own verifier reports it.
    uint32_t taken = 0;
    for (int64_t row = range[1]; row <= range[3]; ++row)
      for (int64_t column = range[0]; column <= range[2]; ++column) {
        uint32_t onCore = used[size_t(row * columns + column)];
        if (llvm::countPopulation(onCore) == kMaxSemaphoresPerCore)
          return semaphore.emitOpError()
                 << "core [" << column << ", " << row << "] already holds "
                 << kMaxSemaphoresPerCore
                 << " semaphores, as many as tt-metal allows "
                    "(NUM_SEMAPHORES)";
        taken |= onCore;
      }
    int64_t allocated = llvm::countTrailingOnes(taken);
    if (allocated >= kMaxSemaphoresPerCore)
      return semaphore.emitOpError()
             << "no semaphore id is free on every core of [" << range[0] << ", "
             << range[1] << "] to [" << range[2] << ", " << range[3]
             << "]: each of 0.." << kMaxSemaphoresPerCore - 1
             << " is taken on one of them, and CreateSemaphore fails";
    if (semaphore.getId() != allocated)
      return semaphore.emitOpError()
             << "declares semaphore " << semaphore.getId()
             << ", but CreateSemaphore gives cores [" << range[0] << ", "
             << range[1] << "] to [" << range[2] << ", " << range[3]
             << "] semaphore " << allocated
             << " (the lowest id free on every core of the range; declare "
                "semaphores in the order of their ids)";
    for (int64_t row = range[1]; row <= range[3]; ++row)
      for (int64_t column = range[0]; column <= range[2]; ++column)
        used[size_t(row * columns + column)] |= uint32_t(1) << allocated;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// BufferOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> BufferOp::getAttributeNames() {
  static llvm::StringRef names[] = {"element_type", "page_size", "size",
                                    "sym_name"};
  return names;
}

void BufferOp::build(OpBuilder &builder, OperationState &state,
                     llvm::StringRef name, int64_t size, int64_t pageSize,
                     Type elementType) {
  Context *context = builder.getContext();
  state.addAttribute("sym_name", StringAttr::get(context, name));
  state.addAttribute("size", getI64Attr(context, size));
  state.addAttribute("page_size", getI64Attr(context, pageSize));
  state.addAttribute("element_type", TypeAttr::get(elementType));
}

int64_t BufferOp::getSize() { return getIntProp(getOperation(), "size", 0); }

int64_t BufferOp::getPageSize() {
  return getIntProp(getOperation(), "page_size", 0);
}

LogicalResult BufferOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  StringAttr name;
  int64_t size, pageSize;
  Type elementType;
  if (failed(parser.parseSymbolName(name)) ||
      failed(parser.parseKeyword("size")) ||
      failed(parser.parseInteger(size)) ||
      failed(parser.parseKeyword("page_size")) ||
      failed(parser.parseInteger(pageSize)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(elementType)))
    return failure();
  state.addAttribute("sym_name", name);
  state.addAttribute("size", getI64Attr(context, size));
  state.addAttribute("page_size", getI64Attr(context, pageSize));
  state.addAttribute("element_type", TypeAttr::get(elementType));
  return success();
}

void BufferOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printSymbolName(getSymName(op));
  printer << " size " << std::to_string(getIntProp(op, "size", 0))
          << " page_size " << std::to_string(getIntProp(op, "page_size", 0));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  if (auto type =
          op->getInherentAttr("element_type").dyn_cast_or_null<TypeAttr>())
    printer.printType(type.getValue());
}

LogicalResult BufferOp::verify() {
  Operation *op = getOperation();
  int64_t size = getIntProp(op, "size", 0);
  int64_t pageSize = getIntProp(op, "page_size", 0);
  if (size <= 0 || pageSize <= 0)
    return emitOpError() << "size and page_size must be positive";
  if (size % pageSize != 0)
    return emitOpError() << "size " << size
                         << " is not a whole number of pages of " << pageSize
                         << " bytes";
  if (!op->getInherentAttr("element_type").dyn_cast_or_null<TypeAttr>())
    return emitOpError() << "requires an element type";
  return success();
}

//===----------------------------------------------------------------------===//
// ScalarOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> ScalarOp::getAttributeNames() {
  static llvm::StringRef names[] = {"sym_name", "type"};
  return names;
}

void ScalarOp::build(OpBuilder &builder, OperationState &state,
                     llvm::StringRef name, Type type) {
  Context *context = builder.getContext();
  state.addAttribute("sym_name", StringAttr::get(context, name));
  state.addAttribute("type", TypeAttr::get(type));
}

Type ScalarOp::getType() {
  if (auto type =
          getOperation()->getInherentAttr("type").dyn_cast_or_null<TypeAttr>())
    return type.getValue();
  return Type();
}

LogicalResult ScalarOp::parse(OpAsmParser &parser, OperationState &state) {
  StringAttr name;
  Type type;
  if (failed(parser.parseSymbolName(name)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  state.addAttribute("sym_name", name);
  state.addAttribute("type", TypeAttr::get(type));
  return success();
}

void ScalarOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printSymbolName(getSymName(op));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  if (Type type = getType())
    printer.printType(type);
}

LogicalResult ScalarOp::verify() {
  Type type = getType();
  if (!type || !(type.isF32() || type.isBF16() || type.isF16()))
    return emitOpError() << "type must be f32, bf16 or f16";
  return success();
}

//===----------------------------------------------------------------------===//
// CBConfigOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> CBConfigOp::getAttributeNames() {
  static llvm::StringRef names[] = {"cb_type", "first_core", "index",
                                    "last_core"};
  return names;
}

int64_t CBConfigOp::getIndex() {
  return getIntProp(getOperation(), "index", -1);
}

void CBConfigOp::build(OpBuilder &builder, OperationState &state, int64_t index,
                       llvm::ArrayRef<int64_t> first,
                       llvm::ArrayRef<int64_t> last, Type type) {
  Context *context = builder.getContext();
  state.addAttribute("index", getI64Attr(context, index));
  state.addAttribute("first_core", DenseArrayAttr::getI64(context, first));
  state.addAttribute("last_core", DenseArrayAttr::getI64(context, last));
  state.addAttribute("cb_type", TypeAttr::get(type));
}

cb::CBType CBConfigOp::getCBType() {
  if (auto type =
          getOperation()->getInherentAttr("cb_type").dyn_cast_or_null<TypeAttr>())
    return type.getValue().dyn_cast<cb::CBType>();
  return cb::CBType();
}

std::array<int64_t, 4> CBConfigOp::getCoreRange() {
  llvm::ArrayRef<int64_t> first = getIntArray(getOperation(), "first_core");
  llvm::ArrayRef<int64_t> last = getIntArray(getOperation(), "last_core");
  if (first.size() != 2 || last.size() != 2)
    return {0, 0, -1, -1};
  return {first[0], first[1], last[0], last[1]};
}

LogicalResult CBConfigOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  int64_t index;
  llvm::SmallVector<int64_t, 2> first, last;
  Type type;
  if (failed(parser.parseInteger(index)) ||
      failed(parser.parseKeyword("cores")) ||
      failed(parseIntList(parser, first)) ||
      failed(parser.parseKeyword("to")) || failed(parseIntList(parser, last)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)) ||
      failed(parser.parseColonType(type)))
    return failure();
  state.addAttribute("index", getI64Attr(context, index));
  state.addAttribute("first_core", DenseArrayAttr::getI64(context, first));
  state.addAttribute("last_core", DenseArrayAttr::getI64(context, last));
  state.addAttribute("cb_type", TypeAttr::get(type));
  return success();
}

void CBConfigOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << std::to_string(getIndex()) << " cores ";
  printIntList(printer, getIntArray(op, "first_core"));
  printer << " to ";
  printIntList(printer, getIntArray(op, "last_core"));
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
  printer << " : ";
  if (auto type = op->getInherentAttr("cb_type").dyn_cast_or_null<TypeAttr>())
    printer.printType(type.getValue());
}

/// Checks `op`'s `first_core` / `last_core` rectangle (tt.cb_config,
/// tt.semaphore): [column, row] pairs, non-empty, within the program's grid.
static LogicalResult verifyCoreRange(Operation *op) {
  llvm::ArrayRef<int64_t> first = getIntArray(op, "first_core");
  llvm::ArrayRef<int64_t> last = getIntArray(op, "last_core");
  if (first.size() != 2 || last.size() != 2)
    return op->emitOpError() << "cores are [column, row] pairs";
  ProgramOp program = getEnclosingProgram(op);
  llvm::ArrayRef<int64_t> grid =
      program ? program.getGrid() : llvm::ArrayRef<int64_t>();
  for (int d = 0; d < 2; ++d) {
    if (first[d] < 0 || first[d] > last[d])
      return op->emitOpError()
             << "the core range [" << first[0] << ", " << first[1] << "] to ["
             << last[0] << ", " << last[1] << "] is empty or negative";
    if (grid.size() == 2 && last[d] >= grid[d])
      return op->emitOpError()
             << "the core range ends at [" << last[0] << ", " << last[1]
             << "], outside the program's " << grid[0] << "x" << grid[1]
             << " grid";
  }
  return success();
}

LogicalResult CBConfigOp::verify() {
  Operation *op = getOperation();
  int64_t index = getIndex();
  if (index < 0 || index > cb::kMaxCBIndex)
    return emitOpError() << "index " << index << " is not in 0.."
                         << cb::kMaxCBIndex;
  auto type = op->getInherentAttr("cb_type").dyn_cast_or_null<TypeAttr>();
  if (!type || !type.getValue().isa<cb::CBType>())
    return emitOpError() << "requires a !cb.cb type";
  return verifyCoreRange(op);
}

//===----------------------------------------------------------------------===//
// SemaphoreOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> SemaphoreOp::getAttributeNames() {
  static llvm::StringRef names[] = {"first_core", "id", "initial_value",
                                    "last_core"};
  return names;
}

void SemaphoreOp::build(OpBuilder &builder, OperationState &state, int64_t id,
                        llvm::ArrayRef<int64_t> first,
                        llvm::ArrayRef<int64_t> last, int64_t initialValue) {
  Context *context = builder.getContext();
  state.addAttribute("id", getI64Attr(context, id));
  state.addAttribute("first_core", DenseArrayAttr::getI64(context, first));
  state.addAttribute("last_core", DenseArrayAttr::getI64(context, last));
  state.addAttribute("initial_value", getI64Attr(context, initialValue));
}

int64_t SemaphoreOp::getId() { return getIntProp(getOperation(), "id", -1); }

int64_t SemaphoreOp::getInitialValue() {
  return getIntProp(getOperation(), "initial_value", 0);
}

std::array<int64_t, 4> SemaphoreOp::getCoreRange() {
  llvm::ArrayRef<int64_t> first = getIntArray(getOperation(), "first_core");
  llvm::ArrayRef<int64_t> last = getIntArray(getOperation(), "last_core");
  if (first.size() != 2 || last.size() != 2)
    return {0, 0, -1, -1};
  return {first[0], first[1], last[0], last[1]};
}

bool SemaphoreOp::isOn(int64_t column, int64_t row) {
  std::array<int64_t, 4> range = getCoreRange();
  return column >= range[0] && column <= range[2] && row >= range[1] &&
         row <= range[3];
}

LogicalResult SemaphoreOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  int64_t id, initialValue;
  llvm::SmallVector<int64_t, 2> first, last;
  if (failed(parser.parseInteger(id)) ||
      failed(parser.parseKeyword("cores")) ||
      failed(parseIntList(parser, first)) ||
      failed(parser.parseKeyword("to")) || failed(parseIntList(parser, last)) ||
      failed(parser.parseKeyword("init")) ||
      failed(parser.parseInteger(initialValue)) ||
      failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  state.addAttribute("id", getI64Attr(context, id));
  state.addAttribute("first_core", DenseArrayAttr::getI64(context, first));
  state.addAttribute("last_core", DenseArrayAttr::getI64(context, last));
  state.addAttribute("initial_value", getI64Attr(context, initialValue));
  return success();
}

void SemaphoreOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ' << std::to_string(getId()) << " cores ";
  printIntList(printer, getIntArray(op, "first_core"));
  printer << " to ";
  printIntList(printer, getIntArray(op, "last_core"));
  printer << " init " << std::to_string(getInitialValue());
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult SemaphoreOp::verify() {
  Operation *op = getOperation();
  for (llvm::StringRef name : {"id", "initial_value"})
    if (!op->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>())
      return emitOpError() << "requires an integer '" << name << "'";
  int64_t id = getId();
  if (id < 0 || id >= kMaxSemaphoresPerCore)
    return emitOpError() << "semaphore id " << id << " is not in 0.."
                         << kMaxSemaphoresPerCore - 1;
  int64_t initialValue = getInitialValue();
  if (initialValue < 0 || initialValue > int64_t(UINT32_MAX))
    return emitOpError() << "initial value " << initialValue
                         << " does not fit a 32-bit semaphore";
  return verifyCoreRange(op);
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> KernelOp::getAttributeNames() {
  static llvm::StringRef names[] = {
      "ct_args",       "dst_full_sync", "fp32_dest_acc", "math_approx",
      "math_fidelity", "noc",           "processor",     "role",
      "rt_args",       "sym_name",      "cores",         "unpack_to_dest_fp32"};
  return names;
}

void KernelOp::build(OpBuilder &builder, OperationState &state,
                     llvm::StringRef name, llvm::StringRef role,
                     llvm::ArrayRef<llvm::StringRef> runtimeArgs,
                     llvm::ArrayRef<int64_t> compileTimeArgs) {
  Context *context = builder.getContext();
  state.addAttribute("sym_name", StringAttr::get(context, name));
  state.addAttribute("role", StringAttr::get(context, role));
  if (!runtimeArgs.empty()) {
    llvm::SmallVector<Attribute, 8> names;
    for (llvm::StringRef arg : runtimeArgs)
      names.push_back(StringAttr::get(context, arg));
    state.addAttribute("rt_args", ArrayAttr::get(context, names));
  }
  if (!compileTimeArgs.empty()) {
    llvm::SmallVector<Attribute, 8> values;
    for (int64_t value : compileTimeArgs)
      values.push_back(getI64Attr(context, value));
    state.addAttribute("ct_args", ArrayAttr::get(context, values));
  }
  state.addRegion()->push_back(new Block());
}

llvm::StringRef KernelOp::getRole() {
  if (auto role = getOperation()
                      ->getInherentAttr("role")
                      .dyn_cast_or_null<StringAttr>())
    return role.getValue();
  return "";
}

unsigned KernelOp::getNumRuntimeArgs() {
  if (auto args = getOperation()
                      ->getInherentAttr("rt_args")
                      .dyn_cast_or_null<ArrayAttr>())
    return args.size();
  return 0;
}

unsigned KernelOp::getNumCompileTimeArgs() {
  unsigned count = 0;
  if (auto args = getOperation()
                      ->getInherentAttr("ct_args")
                      .dyn_cast_or_null<ArrayAttr>())
    for (Attribute arg : args)
      count += arg.isa<FlatSymbolRefAttr>() ? kAccessorCompileTimeArgs : 1;
  return count;
}

std::optional<llvm::SmallVector<int64_t, 8>>
KernelOp::getCompileTimeArgValues() {
  llvm::SmallVector<int64_t, 8> values;
  auto args =
      getOperation()->getInherentAttr("ct_args").dyn_cast_or_null<ArrayAttr>();
  if (!args)
    return values;
  ProgramOp program = getEnclosingProgram(getOperation());
  for (Attribute arg : args) {
    if (auto integer = arg.dyn_cast<IntegerAttr>()) {
      values.push_back(integer.getInt());
      continue;
    }
    auto symbol = arg.dyn_cast<FlatSymbolRefAttr>();
    BufferOp buffer =
        symbol ? findBuffer(program, symbol.getValue()) : BufferOp(nullptr);
    if (!buffer)
      return std::nullopt;
    // TensorAccessorArgs of an interleaved DRAM buffer (2026,
    // tensor_accessor_args.cpp append_to): ArgsConfig IsDram, then the
    // page size aligned to the DRAM alignment (64 B on Blackhole, else 32).
    int64_t alignment = program.getArch() == "blackhole" ? 64 : 32;
    values.push_back(kInterleavedDramArgsConfig);
    values.push_back((buffer.getPageSize() + alignment - 1) / alignment *
                     alignment);
  }
  return values;
}

llvm::SmallVector<std::array<int64_t, 4>, 2> KernelOp::getCoreRanges() {
  llvm::SmallVector<std::array<int64_t, 4>, 2> ranges;
  Operation *op = getOperation();
  if (op->getInherentAttr("cores")) {
    llvm::ArrayRef<int64_t> flat = getIntArray(op, "cores");
    for (size_t i = 0; i + 3 < flat.size(); i += 4)
      ranges.push_back({flat[i], flat[i + 1], flat[i + 2], flat[i + 3]});
    return ranges;
  }
  if (ProgramOp program = getEnclosingProgram(op)) {
    llvm::ArrayRef<int64_t> grid = program.getGrid();
    if (grid.size() == 2)
      ranges.push_back({0, 0, grid[0] - 1, grid[1] - 1});
  }
  return ranges;
}

bool KernelOp::runsOn(int64_t column, int64_t row) {
  for (const std::array<int64_t, 4> &range : getCoreRanges())
    if (column >= range[0] && column <= range[2] && row >= range[1] &&
        row <= range[3])
      return true;
  return false;
}

int64_t KernelOp::getDstCapacity() {
  Operation *op = getOperation();
  int64_t tiles = op->getInherentAttr("fp32_dest_acc") ? 4 : 8;
  return op->getInherentAttr("dst_full_sync") ? 2 * tiles : tiles;
}

LogicalResult KernelOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  StringAttr name;
  llvm::StringRef role;
  if (failed(parser.parseSymbolName(name)) ||
      failed(parser.parseKeyword(&role)))
    return failure();
  state.addAttribute("sym_name", name);
  state.addAttribute("role", StringAttr::get(context, role));
  UnitAttr unit = UnitAttr::get(context);
  if (parser.parseOptionalKeyword("cores")) {
    llvm::SmallVector<int64_t, 8> ranges;
    do {
      llvm::SmallVector<int64_t, 2> first, last;
      llvm::SMLoc loc = parser.getCurrentLocation();
      if (failed(parseIntList(parser, first)) ||
          failed(parser.parseKeyword("to")) ||
          failed(parseIntList(parser, last)))
        return failure();
      if (first.size() != 2 || last.size() != 2)
        return parser.emitError(loc)
               << "a core range is [column, row] to [column, row]";
      ranges.append(first.begin(), first.end());
      ranges.append(last.begin(), last.end());
    } while (parser.parseOptionalComma());
    state.addAttribute("cores", DenseArrayAttr::getI64(context, ranges));
  }
  if (parser.parseOptionalKeyword("processor")) {
    llvm::StringRef processor;
    if (failed(parser.parseKeyword(&processor)))
      return failure();
    state.addAttribute("processor", StringAttr::get(context, processor));
  }
  if (parser.parseOptionalKeyword("noc")) {
    int64_t noc;
    if (failed(parser.parseInteger(noc)))
      return failure();
    state.addAttribute("noc", getI64Attr(context, noc));
  }
  if (parser.parseOptionalKeyword("math_fidelity")) {
    llvm::StringRef fidelity;
    if (failed(parser.parseKeyword(&fidelity)))
      return failure();
    state.addAttribute("math_fidelity", StringAttr::get(context, fidelity));
  }
  for (llvm::StringRef flag : {"fp32_dest_acc", "math_approx", "dst_full_sync"})
    if (parser.parseOptionalKeyword(flag))
      state.addAttribute(flag, unit);
  if (parser.parseOptionalKeyword("unpack_to_dest_fp32")) {
    llvm::SmallVector<int64_t, 4> cbs;
    if (failed(parseIntList(parser, cbs)))
      return failure();
    state.addAttribute("unpack_to_dest_fp32",
                       DenseArrayAttr::getI64(context, cbs));
  }
  if (parser.parseOptionalKeyword("rt_args")) {
    if (failed(parser.parseLSquare()))
      return failure();
    llvm::SmallVector<Attribute, 8> names;
    if (!parser.parseOptionalRSquare()) {
      do {
        std::string argName;
        if (failed(parser.parseString(&argName)))
          return failure();
        names.push_back(StringAttr::get(context, argName));
      } while (parser.parseOptionalComma());
      if (failed(parser.parseRSquare()))
        return failure();
    }
    state.addAttribute("rt_args", ArrayAttr::get(context, names));
  }
  if (parser.parseOptionalKeyword("ct_args")) {
    llvm::SmallVector<Attribute, 8> values;
    if (failed(parseArgList(parser, values)))
      return failure();
    state.addAttribute("ct_args", ArrayAttr::get(context, values));
  }
  if (failed(parser.parseOptionalAttrDictWithKeyword(state.attributes)))
    return failure();
  return parseBody(parser, state);
}

void KernelOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printSymbolName(getSymName(op));
  printer << ' ' << getRole();
  if (op->getInherentAttr("cores")) {
    printer << " cores ";
    llvm::ArrayRef<int64_t> ranges = getIntArray(op, "cores");
    for (size_t i = 0; i + 3 < ranges.size(); i += 4) {
      if (i)
        printer << ", ";
      printIntList(printer, ranges.slice(i, 2));
      printer << " to ";
      printIntList(printer, ranges.slice(i + 2, 2));
    }
  }
  if (auto processor =
          op->getInherentAttr("processor").dyn_cast_or_null<StringAttr>())
    printer << " processor " << processor.getValue();
  if (auto noc = op->getInherentAttr("noc").dyn_cast_or_null<IntegerAttr>())
    printer << " noc " << std::to_string(noc.getInt());
  if (auto fidelity =
          op->getInherentAttr("math_fidelity").dyn_cast_or_null<StringAttr>())
    printer << " math_fidelity " << fidelity.getValue();
  for (llvm::StringRef flag : {"fp32_dest_acc", "math_approx", "dst_full_sync"})
    if (op->getInherentAttr(flag))
      printer << ' ' << flag;
  if (op->getInherentAttr("unpack_to_dest_fp32")) {
    printer << " unpack_to_dest_fp32 ";
    printIntList(printer, getIntArray(op, "unpack_to_dest_fp32"));
  }
  if (auto args =
          op->getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>()) {
    printer << " rt_args [";
    llvm::interleave(
        args.getValue(),
        [&](Attribute arg) {
          if (auto str = arg.dyn_cast<StringAttr>())
            printer.printString(str.getValue());
          else
            printer.printAttribute(arg);
        },
        [&]() { printer << ", "; });
    printer << ']';
  }
  if (auto args =
          op->getInherentAttr("ct_args").dyn_cast_or_null<ArrayAttr>()) {
    printer << " ct_args [";
    llvm::interleave(
        args.getValue(),
        [&](Attribute arg) {
          if (auto symbol = arg.dyn_cast<FlatSymbolRefAttr>())
            printer.printSymbolName(symbol.getValue());
          else if (auto integer = arg.dyn_cast<IntegerAttr>())
            printer << std::to_string(integer.getInt());
          else
            printer.printAttribute(arg);
        },
        [&]() { printer << ", "; });
    printer << ']';
  }
  printer.printOptionalAttrDictWithKeyword(op->getAttrDictionary().getValue());
  printer << ' ';
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

LogicalResult KernelOp::verify() {
  Operation *op = getOperation();
  if (op->getRegion(0).empty())
    return emitOpError() << "requires a body";
  llvm::StringRef role = getRole();
  bool dataMovement = role == "reader" || role == "writer";
  if (!dataMovement && role != "compute")
    return emitOpError() << "role must be reader, writer or compute, got '"
                         << role << "'";
  if (auto noc = op->getInherentAttr("noc")) {
    if (!dataMovement)
      return emitOpError() << "only reader and writer kernels use a NoC";
    int64_t value = getIntProp(op, "noc", -1);
    if (value != 0 && value != 1)
      return emitOpError() << "noc must be 0 or 1, got " << value;
  }
  if (auto processor =
          op->getInherentAttr("processor").dyn_cast_or_null<StringAttr>()) {
    if (!dataMovement)
      return emitOpError() << "only reader and writer kernels run on a "
                              "data-movement processor";
    if (processor.getValue() != "riscv_0" && processor.getValue() != "riscv_1")
      return emitOpError() << "processor must be riscv_0 (BRISC) or riscv_1 "
                              "(NCRISC), got '"
                           << processor.getValue() << "'";
  }
  for (llvm::StringRef flag : {"math_fidelity", "fp32_dest_acc", "math_approx",
                               "dst_full_sync", "unpack_to_dest_fp32"})
    if (dataMovement && op->getInherentAttr(flag))
      return emitOpError() << "'" << flag
                           << "' is a compute kernel setting; this is a "
                           << role << " kernel";
  if (auto fidelity =
          op->getInherentAttr("math_fidelity").dyn_cast_or_null<StringAttr>()) {
    llvm::StringRef value = fidelity.getValue();
    if (value != "LoFi" && value != "HiFi2" && value != "HiFi3" &&
        value != "HiFi4")
      return emitOpError() << "math_fidelity must be LoFi, HiFi2, HiFi3 or "
                              "HiFi4, got '"
                           << value << "'";
  }
  if (op->getInherentAttr("unpack_to_dest_fp32")) {
    // UnpackToDestFp32 writes fp32 data into DST as it is: only a 32-bit
    // DST holds it (data_format.cpp get_unpack_dst_formats).
    if (!op->getInherentAttr("fp32_dest_acc"))
      return emitOpError() << "'unpack_to_dest_fp32' needs fp32_dest_acc "
                              "(a 32-bit DST)";
    for (int64_t index : getIntArray(op, "unpack_to_dest_fp32"))
      if (index < 0 || index > cb::kMaxCBIndex)
        return emitOpError() << "'unpack_to_dest_fp32' names circular "
                                "buffer "
                             << index << ", not in 0.." << cb::kMaxCBIndex;
  }
  if (op->getInherentAttr("cores")) {
    llvm::ArrayRef<int64_t> flat = getIntArray(op, "cores");
    ProgramOp program = getEnclosingProgram(op);
    llvm::ArrayRef<int64_t> grid =
        program ? program.getGrid() : llvm::ArrayRef<int64_t>();
    if (flat.empty() || flat.size() % 4 != 0)
      return emitOpError() << "'cores' must hold [column, row] to [column, "
                              "row] ranges";
    for (size_t i = 0; i < flat.size(); i += 4) {
      bool inside = flat[i] >= 0 && flat[i + 1] >= 0 &&
                    flat[i] <= flat[i + 2] && flat[i + 1] <= flat[i + 3] &&
                    (grid.size() != 2 ||
                     (flat[i + 2] < grid[0] && flat[i + 3] < grid[1]));
      if (!inside)
        return emitOpError() << "core range [" << flat[i] << ", "
                             << flat[i + 1] << "] to [" << flat[i + 2] << ", "
                             << flat[i + 3]
                             << "] is empty or outside the program's grid";
    }
  }
  if (auto args = op->getInherentAttr("ct_args").dyn_cast_or_null<ArrayAttr>()) {
    ProgramOp program = getEnclosingProgram(op);
    for (Attribute arg : args) {
      auto symbol = arg.dyn_cast<FlatSymbolRefAttr>();
      if (!symbol) {
        if (!arg.isa<IntegerAttr>())
          return emitOpError() << "ct_args holds integers and @buffer "
                                  "symbols, got "
                               << arg;
        continue;
      }
      if (!findBuffer(program, symbol.getValue()))
        return emitOpError() << "ct_args names @" << symbol.getValue()
                             << ", which is not a tt.buffer of the program "
                                "(@buffer stands for its TensorAccessorArgs)";
    }
  }
  if (auto args = op->getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>())
    if (args.size() > 341)
      return emitOpError() << "a kernel takes at most 341 runtime arguments, "
                              "got "
                           << uint64_t(args.size());
  return success();
}

//===----------------------------------------------------------------------===//
// RuntimeArgsOp
//===----------------------------------------------------------------------===//

llvm::ArrayRef<llvm::StringRef> RuntimeArgsOp::getAttributeNames() {
  static llvm::StringRef names[] = {"core", "kernel", "values"};
  return names;
}

void RuntimeArgsOp::build(OpBuilder &builder, OperationState &state,
                          llvm::StringRef kernel, llvm::ArrayRef<int64_t> core,
                          llvm::ArrayRef<int64_t> values) {
  Context *context = builder.getContext();
  llvm::SmallVector<Attribute, 8> attrs;
  for (int64_t value : values)
    attrs.push_back(getI64Attr(context, value));
  build(builder, state, kernel, core, attrs);
}

void RuntimeArgsOp::build(OpBuilder &builder, OperationState &state,
                          llvm::StringRef kernel, llvm::ArrayRef<int64_t> core,
                          llvm::ArrayRef<Attribute> values) {
  Context *context = builder.getContext();
  state.addAttribute("kernel", FlatSymbolRefAttr::get(context, kernel));
  state.addAttribute("core", DenseArrayAttr::getI64(context, core));
  state.addAttribute("values", ArrayAttr::get(context, values));
}

llvm::ArrayRef<Attribute> RuntimeArgsOp::getValues() {
  if (auto values = getOperation()
                        ->getInherentAttr("values")
                        .dyn_cast_or_null<ArrayAttr>())
    return values.getValue();
  return {};
}

llvm::ArrayRef<int64_t> RuntimeArgsOp::getCore() {
  return getIntArray(getOperation(), "core");
}

llvm::StringRef RuntimeArgsOp::getKernel() {
  if (auto kernel = getOperation()
                        ->getInherentAttr("kernel")
                        .dyn_cast_or_null<FlatSymbolRefAttr>())
    return kernel.getValue();
  return "";
}

LogicalResult RuntimeArgsOp::parse(OpAsmParser &parser, OperationState &state) {
  Context *context = parser.getContext();
  StringAttr kernel;
  llvm::SmallVector<int64_t, 2> core;
  llvm::SmallVector<Attribute, 8> values;
  if (failed(parser.parseSymbolName(kernel)) ||
      failed(parser.parseKeyword("core")) ||
      failed(parseIntList(parser, core)) ||
      failed(parseArgList(parser, values, /*nocCoordinates=*/true)))
    return failure();
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  state.addAttribute("kernel", FlatSymbolRefAttr::get(kernel));
  state.addAttribute("core", DenseArrayAttr::getI64(context, core));
  state.addAttribute("values", ArrayAttr::get(context, values));
  return success();
}

void RuntimeArgsOp::print(OpAsmPrinter &printer) {
  Operation *op = getOperation();
  printer << ' ';
  printer.printSymbolName(getKernel());
  printer << " core ";
  printIntList(printer, getCore());
  printer << " [";
  llvm::interleave(
      getValues(),
      [&](Attribute value) {
        if (auto symbol = value.dyn_cast<FlatSymbolRefAttr>())
          printer.printSymbolName(symbol.getValue());
        else if (auto integer = value.dyn_cast<IntegerAttr>())
          printer << std::to_string(integer.getInt());
        else if (std::optional<NocCoordinate> coordinate =
                     getNocCoordinate(value))
          printer << coordinate->getKeyword() << '('
                  << std::to_string(coordinate->index) << ')';
        else
          printer.printAttribute(value);
      },
      [&]() { printer << ", "; });
  printer << ']';
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult RuntimeArgsOp::verify() {
  Operation *op = getOperation();
  auto ref =
      op->getInherentAttr("kernel").dyn_cast_or_null<FlatSymbolRefAttr>();
  if (!ref)
    return emitOpError() << "requires a kernel symbol";
  ProgramOp program = getEnclosingProgram(op);
  Operation *target = nullptr;
  if (program)
    for (Operation &child : *program.getBody())
      if (KernelOp::dynCast(&child) && getSymName(&child) == ref.getValue())
        target = &child;
  if (!target)
    return emitOpError() << "no kernel @" << ref.getValue()
                         << " in the program";
  llvm::ArrayRef<int64_t> core = getIntArray(op, "core");
  llvm::ArrayRef<int64_t> grid = program.getGrid();
  if (core.size() != 2 || core[0] < 0 || core[1] < 0 ||
      (grid.size() == 2 && (core[0] >= grid[0] || core[1] >= grid[1])))
    return emitOpError() << "the core is not a [column, row] inside the "
                            "program's grid";
  unsigned expected = KernelOp(target).getNumRuntimeArgs();
  for (Attribute value : getValues()) {
    if (value.isa<IntegerAttr>())
      continue;
    if (std::optional<NocCoordinate> coordinate = getNocCoordinate(value)) {
      bool isX = coordinate->axis == NocCoordinate::Axis::X;
      int64_t extent = grid.size() == 2 ? grid[isX ? 0 : 1] : 0;
      if (grid.size() == 2 &&
          (coordinate->index < 0 || coordinate->index >= extent))
        return emitOpError()
               << coordinate->getKeyword() << "(" << coordinate->index
               << ") names logical " << (isX ? "column " : "row ")
               << coordinate->index << ", outside the program's " << grid[0]
               << "x" << grid[1] << " grid";
      continue;
    }
    auto buffer = value.dyn_cast<FlatSymbolRefAttr>();
    if (!buffer)
      return emitOpError() << "runtime argument values are integers, "
                              "@buffer addresses, @scalar bits, noc_x(C) or "
                              "noc_y(R)";
    if (!findBuffer(program, buffer.getValue()) &&
        !findScalar(program, buffer.getValue()))
      return emitOpError() << "no tt.buffer or tt.scalar @"
                           << buffer.getValue() << " in the program";
  }
  size_t given = getValues().size();
  if (given != expected)
    return emitOpError() << "kernel @" << ref.getValue() << " declares "
                         << expected << " runtime arguments, got "
                         << uint64_t(given);
  return success();
}

//===----------------------------------------------------------------------===//
// Intrinsics
//===----------------------------------------------------------------------===//

std::vector<llvm::StringRef>
tt::detail::getIntrinsicAttributeNames(const IntrinsicInfo &info) {
  std::vector<llvm::StringRef> names;
  for (const char *name : info.cbs)
    names.push_back(name);
  for (const char *name : info.dsts)
    names.push_back(name);
  for (const char *name : info.ints)
    names.push_back(name);
  for (auto &[name, values] : info.keywords)
    names.push_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

static Type getResultType(Context *context, ResultKind kind);

void tt::detail::buildIntrinsic(
    const IntrinsicInfo &info, OpBuilder &builder, OperationState &state,
    ValueRange operands,
    llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>> ints,
    llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> keywords) {
  Context *context = builder.getContext();
  state.addOperands(operands);
  for (auto &[name, value] : ints)
    state.addAttribute(name, getI64Attr(context, value));
  for (auto &[name, value] : keywords)
    state.addAttribute(name, StringAttr::get(context, value));
  if (Type result = getResultType(context, info.result))
    state.addTypes(result);
}

static Type getOperandType(Context *context, char kind) {
  switch (kind) {
  case 'n':
    return NocAddrType::get(context);
  case 'a':
    return AccessorType::get(context);
  default:
    return IntegerType::get(context, 32);
  }
}

static Type getResultType(Context *context, ResultKind kind) {
  switch (kind) {
  case ResultKind::I32:
    return IntegerType::get(context, 32);
  case ResultKind::NocAddr:
    return NocAddrType::get(context);
  case ResultKind::Accessor:
    return AccessorType::get(context);
  case ResultKind::None:
    break;
  }
  return Type();
}

/// `name(v0, v1, ...)` of integers into the properties `names`.
static LogicalResult parseIntGroup(OpAsmParser &parser, llvm::StringRef keyword,
                                   llvm::ArrayRef<const char *> names,
                                   OperationState &state) {
  if (names.empty())
    return success();
  Context *context = parser.getContext();
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseKeyword(keyword)) || failed(parser.parseLParen()))
    return failure();
  for (size_t i = 0; i < names.size(); ++i) {
    int64_t value;
    if ((i && failed(parser.parseComma())) ||
        failed(parser.parseInteger(value)))
      return failure();
    state.addAttribute(names[i], getI64Attr(context, value));
  }
  if (failed(parser.parseRParen()))
    return parser.emitError(loc) << "expected " << uint64_t(names.size())
                                 << " values in " << keyword << "(...)";
  return success();
}

LogicalResult tt::detail::parseIntrinsic(const IntrinsicInfo &info,
                                         OpAsmParser &parser,
                                         OperationState &state) {
  Context *context = parser.getContext();
  llvm::StringRef kinds = info.operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  for (size_t i = 0; i < kinds.size(); ++i) {
    OpAsmParser::UnresolvedOperand operand;
    if ((i && failed(parser.parseComma())) ||
        failed(parser.parseOperand(operand)) ||
        failed(parser.resolveOperand(operand, getOperandType(context, kinds[i]),
                                     state.operands)))
      return failure();
  }
  (void)loc;
  if (failed(parseIntGroup(parser, "cb", info.cbs, state)) ||
      failed(parseIntGroup(parser, "dst", info.dsts, state)))
    return failure();
  for (const char *name : info.ints)
    if (failed(parseIntGroup(parser, name, {name}, state)))
      return failure();
  for (auto &[name, values] : info.keywords) {
    llvm::StringRef value;
    llvm::SMLoc valueLoc;
    if (failed(parser.parseKeyword(name)) || failed(parser.parseLParen()))
      return failure();
    valueLoc = parser.getCurrentLocation();
    if (failed(parser.parseKeyword(&value)) || failed(parser.parseRParen()))
      return failure();
    llvm::SmallVector<llvm::StringRef, 4> allowed;
    llvm::StringRef(values).split(allowed, '|');
    if (!llvm::is_contained(allowed, value))
      return parser.emitError(valueLoc) << name << " must be one of " << values
                                        << ", got '" << value << "'";
    state.addAttribute(name, StringAttr::get(context, value));
  }
  if (failed(parser.parseOptionalAttrDict(state.attributes)))
    return failure();
  if (Type result = getResultType(context, info.result))
    state.addTypes(result);
  return success();
}

void tt::detail::printIntrinsic(const IntrinsicInfo &info, Operation *op,
                                OpAsmPrinter &printer) {
  if (op->getNumOperands()) {
    printer << ' ';
    llvm::interleave(
        op->getOperands(), [&](Value value) { printer.printOperand(value); },
        [&]() { printer << ", "; });
  }
  auto printGroup = [&](llvm::StringRef keyword,
                        llvm::ArrayRef<const char *> names) {
    if (names.empty())
      return;
    printer << ' ' << keyword << '(';
    for (size_t i = 0; i < names.size(); ++i)
      printer << (i ? ", " : "") << std::to_string(getIntProp(op, names[i], 0));
    printer << ')';
  };
  printGroup("cb", info.cbs);
  printGroup("dst", info.dsts);
  for (const char *name : info.ints)
    printGroup(name, {name});
  for (auto &[name, values] : info.keywords) {
    printer << ' ' << name << '(';
    if (auto value = op->getInherentAttr(name).dyn_cast_or_null<StringAttr>())
      printer << value.getValue();
    printer << ')';
  }
  printer.printOptionalAttrDict(op->getAttrDictionary().getValue());
}

LogicalResult tt::detail::verifyIntrinsic(const IntrinsicInfo &info,
                                          Operation *op) {
  Context *context = op->getContext();
  // Operands and result.
  llvm::StringRef kinds = info.operands;
  if (op->getNumOperands() != kinds.size())
    return op->emitOpError() << "expects " << uint64_t(kinds.size())
                             << " operands, got " << op->getNumOperands();
  for (size_t i = 0; i < kinds.size(); ++i)
    if (op->getOperand(i).getType() != getOperandType(context, kinds[i]))
      return op->emitOpError() << "operand #" << uint64_t(i) << " must be "
                               << getOperandType(context, kinds[i]) << ", got "
                               << op->getOperand(i).getType();
  Type result = getResultType(context, info.result);
  if (op->getNumResults() != (result ? 1u : 0u) ||
      (result && op->getResult(0).getType() != result))
    return op->emitOpError()
           << "has the wrong results (expected " << (result ? "one " : "none")
           << (result ? "of the op's type" : "") << ")";
  for (auto names : {&info.cbs, &info.dsts, &info.ints})
    for (const char *name : *names)
      if (!op->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>())
        return op->emitOpError()
               << "requires an integer '" << name << "' property";

  // Placement: in a kernel of the right role, or, before tt-split-kernels,
  // tagged with the role of the kernel it will go to.
  KernelOp kernel = getEnclosingKernel(op);
  llvm::StringRef role;
  std::string where;
  if (kernel) {
    role = kernel.getRole();
    where = ("inside the " + role + " kernel @" + getSymName(kernel.getOperation()))
                .str();
  } else if (auto tag = op->getAttr(kRoleAttrName)
                            .dyn_cast_or_null<StringAttr>()) {
    role = tag.getValue();
    if (role != "reader" && role != "writer" && role != "compute")
      return op->emitOpError() << "'" << kRoleAttrName
                               << "' must be reader, writer or compute, got '"
                               << role << "'";
    where = ("tagged for the " + role + " kernel").str();
  } else {
    return op->emitOpError() << "must be inside a tt.kernel (or, before "
                                "tt-split-kernels, carry a '"
                             << kRoleAttrName << "' attribute)";
  }
  if (info.placement == Placement::Compute && role != "compute")
    return op->emitOpError() << "is a compute op but is " << where;
  if (info.placement == Placement::DataMovement && role == "compute")
    return op->emitOpError() << "is a data-movement (NoC) op but is "
                             << where;
  if (!kernel)
    return success(); // CBs, DST and arguments are checked after the split.

  // Circular buffers: 0..31 and configured in the program.
  ProgramOp program = getEnclosingProgram(op);
  for (const char *name : info.cbs) {
    int64_t index = getIntProp(op, name, -1);
    if (index < 0 || index > cb::kMaxCBIndex)
      return op->emitOpError() << "circular buffer " << index << " ('" << name
                               << "') is not in 0.." << cb::kMaxCBIndex;
    bool configured = false;
    if (program)
      for (Operation &child : *program.getBody())
        if (auto config = CBConfigOp::dynCast(&child))
          configured |= config.getIndex() == index;
    if (!configured)
      return op->emitOpError() << "circular buffer " << index
                               << " is not configured in the program "
                                  "(tt.cb_config)";
  }
  // DST indices within the kernel's capacity.
  for (const char *name : info.dsts) {
    int64_t index = getIntProp(op, name, -1);
    int64_t capacity = kernel.getDstCapacity();
    if (index < 0 || index >= capacity)
      return op->emitOpError()
             << "DST index " << index << " is out of range: kernel @"
             << getSymName(kernel.getOperation()) << " holds " << capacity
             << " tiles per acquire ("
             << (kernel->getInherentAttr("fp32_dest_acc") ? "fp32" : "16-bit")
             << " accumulation, "
             << (kernel->getInherentAttr("dst_full_sync") ? "full" : "half")
             << "-sync)";
  }
  // Arguments within the kernel's declared lists.
  llvm::StringRef name = op->getName().getStringRef();
  if (name == "tt.get_arg_val") {
    int64_t index = getIntProp(op, "index", -1);
    if (index < 0 || index >= int64_t(kernel.getNumRuntimeArgs()))
      return op->emitOpError()
             << "runtime argument " << index << " is not declared: kernel @"
             << getSymName(kernel.getOperation()) << " has "
             << kernel.getNumRuntimeArgs() << " (rt_args)";
  }
  if (name == "tt.get_semaphore") {
    // Every core the kernel runs on must hold the semaphore: get_semaphore
    // is an L1 address, and a semaphore that CreateSemaphore did not place
    // there is whatever that word holds.
    int64_t id = getIntProp(op, "id", -1);
    if (id < 0 || id >= kMaxSemaphoresPerCore)
      return op->emitOpError() << "semaphore id " << id << " is not in 0.."
                               << kMaxSemaphoresPerCore - 1;
    llvm::SmallVector<SemaphoreOp, 4> declared;
    if (program)
      for (Operation &child : *program.getBody())
        if (auto semaphore = SemaphoreOp::dynCast(&child))
          if (semaphore.getId() == id)
            declared.push_back(semaphore);
    // Within the grid: the kernel's verifier reports ranges outside it.
    llvm::ArrayRef<int64_t> grid =
        program ? program.getGrid() : llvm::ArrayRef<int64_t>();
    int64_t columns = grid.size() == 2 ? grid[0] : 0;
    int64_t rows = grid.size() == 2 ? grid[1] : 0;
    for (const std::array<int64_t, 4> &range : kernel.getCoreRanges())
      for (int64_t row = std::max<int64_t>(range[1], 0);
           row <= std::min(range[3], rows - 1); ++row)
        for (int64_t column = std::max<int64_t>(range[0], 0);
             column <= std::min(range[2], columns - 1); ++column)
          if (llvm::none_of(declared, [&](SemaphoreOp semaphore) {
                return semaphore.isOn(column, row);
              }))
            return op->emitOpError()
                   << "semaphore " << id << " is not declared on core ["
                   << column << ", " << row << "], where kernel @"
                   << getSymName(kernel.getOperation())
                   << " runs (tt.semaphore)";
  }
  if (name == "tt.get_compile_time_arg_val") {
    int64_t index = getIntProp(op, "index", -1);
    if (index < 0 || index >= int64_t(kernel.getNumCompileTimeArgs()))
      return op->emitOpError()
             << "compile-time argument " << index
             << " is not declared: kernel @"
             << getSymName(kernel.getOperation()) << " has "
             << kernel.getNumCompileTimeArgs() << " (ct_args)";
  }
  return success();
}
