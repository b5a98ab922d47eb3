//===- SplitKernels.cpp - tt-split-kernels --------------------------------===//
//
// Each function whose tile.kernel ops are fully lowered becomes one
// tt.program per kernel (named after the function; `_1`, `_2`, ... for
// further kernels):
//
//  - tt.buffer for each tensor argument N of the function, named after the
//    argument's name location (`%A` parsed with retain-ssa-names, or
//    `loc("A")`) when that is a C identifier, else @argN: its padded size
//    in bytes and page size, with the logical and padded shapes and the
//    argument number as attributes (the host pads and unpads);
//  - tt.cb_config for each circular buffer, on the cores that run blocks;
//  - one tt.kernel per role, reader, compute and writer: a copy of the
//    partitioned body keeping the ops tagged with that role and the loops
//    and index arithmetic they need (everything else is dead and removed);
//    tile.block_range, tile.base_address and tile.scalar_bits become runtime
//    arguments ("start", "count", "<buffer>_addr", "<scalar>_bits"), tensor
//    accessors get their compile-time arguments. Kernels run on the cores that have blocks;
//    idle cores get none;
//  - tt.scalar for each float scalar argument, named like the buffers: the
//    host takes its value on the command line and passes its f32 bits, the
//    same on every core;
//  - tt.runtime_args for each kernel and core, from the partition.
//
// The function is erased: the program is what the host runs.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/IRMapping.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// `name`, or with the first suffix `_N` that makes it unique among
/// `taken`; taken then.
std::string getUniqueName(llvm::StringRef name, llvm::StringSet<> &taken) {
  std::string unique = name.str();
  for (unsigned suffix = 1; !taken.insert(unique).second; ++suffix)
    unique = name.str() + "_" + std::to_string(suffix);
  return unique;
}

/// The name of the buffer of function argument `argument`: its name
/// location if that is a C identifier (it names host variables and options)
/// and not taken, else `argN`; a suffix makes it unique among `taken`.
std::string getBufferName(BlockArgument argument, llvm::StringSet<> &taken) {
  std::string name = getArgumentBufferName(argument);
  if (taken.count(name))
    name = "arg" + std::to_string(argument.getArgNumber());
  return getUniqueName(name, taken);
}

struct Partition {
  std::string arch, board;
  int64_t columns = 0, rows = 0;
  llvm::SmallVector<int64_t, 128> ranges;
  /// tile.core_arg values: name -> one value per core (row-major).
  DictionaryAttr coreArgs;

  static std::optional<Partition> get(Operation *kernel) {
    auto dict = kernel->getAttr(tile::kPartitionAttrName)
                    .dyn_cast_or_null<DictionaryAttr>();
    if (!dict)
      return std::nullopt;
    auto arch = dict.get("arch").dyn_cast_or_null<StringAttr>();
    auto board = dict.get("board").dyn_cast_or_null<StringAttr>();
    auto cores = dict.get("cores").dyn_cast_or_null<DenseArrayAttr>();
    auto ranges = dict.get("ranges").dyn_cast_or_null<DenseArrayAttr>();
    if (!arch || !cores || !ranges || cores.getIntValues().size() != 2)
      return std::nullopt;
    Partition partition;
    partition.arch = arch.getValue().str();
    partition.board = board ? board.getValue().str() : "";
    partition.columns = cores.getIntValues()[0];
    partition.rows = cores.getIntValues()[1];
    partition.ranges.assign(ranges.getIntValues().begin(),
                            ranges.getIntValues().end());
    partition.coreArgs =
        dict.get(tile::kCoreArgsAttrName).dyn_cast_or_null<DictionaryAttr>();
    if (int64_t(partition.ranges.size()) !=
        2 * partition.columns * partition.rows)
      return std::nullopt;
    return partition;
  }
};

class TTSplitKernelsPass : public Pass {
public:
  TTSplitKernelsPass() {
    declareOption("math-fidelity", "LoFi, HiFi2, HiFi3 or HiFi4",
                  &mathFidelity, isValidFidelity, kFidelityExpected);
  }
  llvm::StringRef getArgument() const override { return "tt-split-kernels"; }
  llvm::StringRef getName() const override { return "TTSplitKernels"; }
  llvm::StringRef getDescription() const override {
    return "Split each lowered tile.kernel into a tt.program with reader, "
           "compute and writer kernels, buffers, circular buffers and "
           "per-core runtime arguments";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TTSplitKernelsPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }

  LogicalResult initialize(Context *context) override {
    loadLoweringDialects(context);
    return success();
  }

  void runOnOperation() override {
    llvm::SmallVector<Operation *, 4> functions;
    getOperation()->walk([&](Operation *op) {
      if (!func::FuncOp::dynCast(op))
        return;
      bool hasKernel = false;
      op->walk([&](Operation *inner) {
        hasKernel |= bool(tile::KernelOp::dynCast(inner));
      });
      if (hasKernel)
        functions.push_back(op);
    });
    for (Operation *function : functions)
      if (failed(splitFunction(func::FuncOp(function))))
        return signalPassFailure();
  }

private:
  LogicalResult splitFunction(func::FuncOp function) {
    Operation *op = function.getOperation();
    if (function.getFunctionType().getResults().size() != 0)
      return op->emitError() << "a function with tile.kernel ops must not "
                                "return values (the host reads its outputs "
                                "from the tensors)";
    llvm::SmallVector<tile::KernelOp, 2> kernels;
    for (Operation &child : *function.getEntryBlock()) {
      if (auto kernel = tile::KernelOp::dynCast(&child)) {
        kernels.push_back(kernel);
        continue;
      }
      if (child.getName().getStringRef() == "func.return" ||
          arith::ConstantOp::dynCast(&child) ||
          tile::WorkspaceOp::dynCast(&child))
        continue;
      return child.emitError()
             << "host code around tile.kernel ops is not supported: the "
                "function may only hold kernels";
    }
    for (tile::KernelOp kernel : kernels)
      if (!kernel->getAttr(tile::kPartitionAttrName))
        return kernel->emitError() << "tile.kernel is not partitioned (run "
                                      "tile-partition and the lowering "
                                      "passes first)";
    for (size_t i = 0; i < kernels.size(); ++i) {
      std::string name = function.getSymName().str();
      if (i)
        name += "_" + std::to_string(i);
      if (failed(splitKernel(kernels[i], function, name)))
        return failure();
    }
    op->erase();
    return success();
  }

  LogicalResult splitKernel(tile::KernelOp kernel, func::FuncOp function,
                            llvm::StringRef name) {
    Operation *kernelOp = kernel.getOperation();
    Context *context = kernelOp->getContext();
    std::optional<Partition> partition = Partition::get(kernelOp);
    if (!partition)
      return kernelOp->emitError() << "malformed 'partition' attribute";
    // Nothing tile-level may be left.
    Operation *leftover = nullptr;
    kernelOp->walk([&](Operation *op) {
      if (!leftover && op != kernelOp &&
          op->getName().getDialectNamespace() == "tile" &&
          !tile::BlockRangeOp::dynCast(op) && !tile::CoreArgOp::dynCast(op) &&
          !tile::ScalarBitsOp::dynCast(op) &&
          !tile::BaseAddressOp::dynCast(op) && !tile::AllocOp::dynCast(op) &&
          !tile::RoleValueOp::dynCast(op))
        leftover = op;
    });
    if (leftover)
      return leftover->emitError()
             << "'" << leftover->getName().getStringRef()
             << "' is not lowered (run tile-lower-data-movement and "
                "tile-lower-compute first)";

    Location loc = kernelOp->getLoc();
    OpBuilder builder(context);
    builder.setInsertionPoint(function.getOperation());
    auto program = builder.create<tt::ProgramOp>(
        loc, name,
        llvm::ArrayRef<int64_t>{partition->columns, partition->rows},
        partition->arch, partition->board);
    builder.setInsertionPointToEnd(program.getBody());

    // Buffers, one per tensor argument, named after it.
    llvm::DenseMap<Value, std::string> bufferNames;
    // The kernels share the program's symbol table with the buffers.
    llvm::StringSet<> takenNames = {"reader", "compute", "writer"};
    for (unsigned i = 0, e = kernelOp->getNumOperands(); i < e; ++i) {
      Value operand = kernelOp->getOperand(i);
      auto argument = operand.dyn_cast<BlockArgument>();
      if (tile::isKernelScalarType(operand.getType())) {
        // A scalar: a value of the host's command line, passed as f32 bits.
        if (!argument || argument.getOwner() != function.getEntryBlock())
          return kernelOp->emitError()
                 << "kernel operand #" << i
                 << " must be a scalar argument of the function";
        std::string scalarName = getBufferName(argument, takenNames);
        Operation *scalar =
            builder.create<tt::ScalarOp>(loc, scalarName, operand.getType())
                .getOperation();
        scalar->setAttr("arg",
                        builder.getI64IntegerAttr(argument.getArgNumber()));
        bufferNames[kernel.getArgument(i)] = scalarName;
        continue;
      }
      auto type = operand.getType().dyn_cast<tile::TensorType>();
      Operation *workspace = operand.getDefiningOp();
      if (workspace && !tile::WorkspaceOp::dynCast(workspace))
        workspace = nullptr;
      if (workspace) {
        // A program's own scratch buffer: the host program makes it and no
        // other program sees it.
        for (Operation *user : operand.getUsers())
          if (user != kernelOp)
            return user->emitError()
                   << "a tile.workspace is the scratch buffer of one "
                      "kernel's program; pass a tensor that several kernels "
                      "share as an argument of the function";
      }
      if ((!workspace &&
           (!argument || argument.getOwner() != function.getEntryBlock())) ||
          !type)
        return kernelOp->emitError()
               << "kernel operand #" << i
               << " must be a tensor argument of the function";
      std::optional<tile::TileLayout> layout = tile::TileLayout::get(type);
      if (!layout)
        return kernelOp->emitError() << "kernel operand #" << i
                                     << " has no tile layout (run "
                                        "tile-legalize first)";
      std::string bufferName =
          workspace ? getUniqueName("workspace", takenNames)
                    : getBufferName(argument, takenNames);
      // Checked: the tile dialect bounds a tensor to 2^40 bytes, but a
      // layout written by hand is not bound by it; a wrapped size would
      // allocate a wrong DRAM buffer.
      llvm::Optional<int64_t> bytes =
          tile::getElementBytes(type.getElementType());
      for (int64_t extent : layout->paddedShape)
        if (bytes)
          bytes = extent > 0 ? llvm::checkedMul(*bytes, extent) : llvm::None;
      // A 1-d tensor is one row of tiles: whole tiles of 32 rows.
      if (bytes && layout->paddedShape.size() == 1)
        bytes = llvm::checkedMul<int64_t>(*bytes, tile::kTileSize);
      // Block floats: whole tiles of their page size.
      Type element = type.getElementType();
      if (bytes && !layout->format.empty()) {
        element = cb::BlockFloatType::get(context, layout->format);
        bytes = *bytes / (tile::kTileSize * tile::kTileSize *
                          tile::getElementBytes(type.getElementType()));
        bytes = llvm::checkedMul<int64_t>(*bytes, layout->pageSize);
      }
      if (!bytes)
        return kernelOp->emitError()
               << "kernel operand #" << i
               << ": the tensor's size in bytes overflows int64";
      Operation *buffer = builder
                              .create<tt::BufferOp>(loc, bufferName, *bytes,
                                                    layout->pageSize, element)
                              .getOperation();
      buffer->setAttr("shape", DenseArrayAttr::getI64(context, type.getShape()));
      buffer->setAttr("padded_shape",
                      DenseArrayAttr::getI64(context, layout->paddedShape));
      if (workspace)
        buffer->setAttr("scratch", UnitAttr::get(context));
      else
        buffer->setAttr("arg",
                        builder.getI64IntegerAttr(argument.getArgNumber()));
      if (layout->rowMajor)
        buffer->setAttr("layout", StringAttr::get(context, "row_major"));
      bufferNames[kernel.getArgument(i)] = bufferName;
    }

    // Circular buffers on the bounding box of the active cores; the
    // kernels on rectangles that cover exactly the active cores (a
    // row-major prefix of the grid takes two, a sub-grid one).
    int64_t columns = partition->columns;
    std::array<int64_t, 4> box = {columns, partition->rows, -1, -1};
    llvm::SmallVector<std::array<int64_t, 4>, 2> coreRanges;
    for (int64_t y = 0; y < partition->rows; ++y)
      for (int64_t x = 0; x < columns;) {
        if (partition->ranges[2 * (y * columns + x) + 1] == 0) {
          ++x;
          continue;
        }
        int64_t end = x;
        while (end + 1 < columns &&
               partition->ranges[2 * (y * columns + end + 1) + 1] > 0)
          ++end;
        box = {std::min(box[0], x), std::min(box[1], y),
               std::max(box[2], end), std::max(box[3], y)};
        // The run continues a rectangle that ended on the row above.
        auto above = llvm::find_if(coreRanges, [&](const auto &range) {
          return range[0] == x && range[2] == end && range[3] == y - 1;
        });
        if (above != coreRanges.end())
          (*above)[3] = y;
        else
          coreRanges.push_back({x, y, end, y});
        x = end + 1;
      }
    llvm::SmallVector<cb::AllocOp, 8> allocs;
    for (Operation &child : *kernel.getBody())
      if (auto alloc = cb::AllocOp::dynCast(&child))
        allocs.push_back(alloc);
    llvm::stable_sort(allocs, [](cb::AllocOp a, cb::AllocOp b) {
      return a.getIndex() < b.getIndex();
    });
    for (cb::AllocOp alloc : allocs)
      builder.create<tt::CBConfigOp>(
          alloc->getLoc(), alloc.getIndex(),
          llvm::ArrayRef<int64_t>{box[0], box[1]},
          llvm::ArrayRef<int64_t>{box[2], box[3]},
          alloc.getOperation()->getResult(0).getType());

    // The semaphores of multicast copies (tile-lower-data-movement numbers
    // them from 0), on the same cores, starting at 0.
    int64_t semaphores = 0;
    kernel.getOperation()->walk([&](Operation *inner) {
      if (tt::GetSemaphoreOp::dynCast(inner))
        if (auto id = inner->getInherentAttr("id").dyn_cast_or_null<IntegerAttr>())
          semaphores = std::max(semaphores, id.getInt() + 1);
    });
    for (int64_t id = 0; id < semaphores; ++id)
      builder.create<tt::SemaphoreOp>(loc, id,
                                      llvm::ArrayRef<int64_t>{box[0], box[1]},
                                      llvm::ArrayRef<int64_t>{box[2], box[3]},
                                      /*initialValue=*/0);

    // The kernels.
    for (llvm::StringRef role : {"reader", "compute", "writer"}) {
      FailureOr<Operation *> created =
          createKernel(builder, kernel, *partition, role, bufferNames,
                       coreRanges);
      if (failed(created))
        return failure();
      if (!*created)
        continue;
      // Runtime arguments of each active core.
      auto names = (*created)
                       ->getInherentAttr("rt_args")
                       .dyn_cast_or_null<ArrayAttr>();
      for (int64_t core = 0; core < int64_t(partition->ranges.size() / 2);
           ++core) {
        if (partition->ranges[2 * core + 1] == 0)
          continue;
        llvm::SmallVector<Attribute, 8> values;
        if (names)
          for (Attribute attr : names.getValue()) {
            llvm::StringRef arg = attr.cast<StringAttr>().getValue();
            if (arg == "start")
              values.push_back(
                  builder.getI64IntegerAttr(partition->ranges[2 * core]));
            else if (arg == "count")
              values.push_back(
                  builder.getI64IntegerAttr(partition->ranges[2 * core + 1]));
            else if (Attribute perCore = partition->coreArgs
                                             ? partition->coreArgs.get(arg)
                                             : Attribute())
              // An integer or a tt NocCoordinate, as tt.runtime_args takes.
              values.push_back(perCore.cast<ArrayAttr>().getValue()[core]);
            else
              // A buffer's address or a scalar's bits: the same on every
              // core, known when the host runs.
              values.push_back(
                  FlatSymbolRefAttr::get(context, argSymbols.lookup(arg)));
          }
        builder.create<tt::RuntimeArgsOp>(
            loc, role,
            llvm::ArrayRef<int64_t>{core % columns, core / columns},
            llvm::ArrayRef<Attribute>(values));
      }
    }
    return success();
  }

  /// The kernel of `role`, or null when it would be empty.
  FailureOr<Operation *>
  createKernel(OpBuilder &builder, tile::KernelOp kernel,
               const Partition &partition, llvm::StringRef role,
               const llvm::DenseMap<Value, std::string> &bufferNames,
               llvm::ArrayRef<std::array<int64_t, 4>> coreRanges) {
    Operation *kernelOp = kernel.getOperation();
    Context *context = kernelOp->getContext();
    Location loc = kernelOp->getLoc();
    auto ttKernel = builder.create<tt::KernelOp>(loc, role, role);
    Operation *op = ttKernel.getOperation();
    Block *body = ttKernel.getBody();
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(body);
    IRMapping mapping;
    for (Operation &child : *kernel.getBody())
      builder.clone(child, mapping);

    // Values each kernel computes its own way: this role's.
    llvm::SmallVector<Operation *, 4> roleValues;
    op->walk([&](Operation *inner) {
      if (tile::RoleValueOp::dynCast(inner))
        roleValues.push_back(inner);
    });
    // (One this role has no value of stays: the slice below drops it with
    // the branch that used it, or it is an error after.)
    for (Operation *inner : roleValues) {
      Value mine = tile::RoleValueOp::dynCast(inner).getValueFor(role);
      if (!mine)
        continue;
      inner->getResult(0).replaceAllUsesWith(mine);
      inner->erase();
    }

    // This role's slice.
    llvm::SmallVector<Operation *, 64> others;
    op->walk([&](Operation *inner) {
      llvm::StringRef tagged = getRole(inner);
      if (tagged.empty())
        return;
      if (tagged != role)
        others.push_back(inner);
      else
        inner->removeAttr(tt::kRoleAttrName);
    });
    for (Operation *other : others)
      other->erase();

    // Runtime arguments: named while replacing, numbered once the slice is
    // final.
    llvm::DenseMap<Operation *, std::string> argNames;
    // Buffer addresses come first, in the order of the kernel's arguments.
    llvm::StringMap<unsigned> addressRanks;
    // Per-core values (tile.core_arg) come last, by name.
    llvm::StringMap<unsigned> coreArgRanks;
    llvm::SmallVector<Operation *, 8> replaced;
    op->walk([&](Operation *inner) {
      if (tile::BlockRangeOp::dynCast(inner) ||
          tile::BaseAddressOp::dynCast(inner) ||
          tile::ScalarBitsOp::dynCast(inner) || tile::CoreArgOp::dynCast(inner))
        replaced.push_back(inner);
    });
    for (Operation *inner : replaced) {
      builder.setInsertionPoint(inner);
      auto getArg = [&](const std::string &name) {
        Operation *arg =
            builder
                .create<tt::GetArgValOp>(
                    inner->getLoc(), ValueRange{},
                    llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>>{
                        {"index", 0}})
                .getOperation();
        argNames[arg] = name;
        return arg->getResult(0);
      };
      if (auto coreArg = tile::CoreArgOp::dynCast(inner)) {
        std::string argName = coreArg.getName().str();
        coreArgRanks[argName] = 0;
        inner->getResult(0).replaceAllUsesWith(getArg(argName));
      } else if (tile::BlockRangeOp::dynCast(inner)) {
        for (unsigned i = 0; i < 2; ++i) {
          Value value = getArg(i == 0 ? "start" : "count");
          Value index = builder
                            .create<arith::IndexCastOp>(
                                inner->getLoc(), builder.getIndexType(), value)
                            .getOperation()
                            ->getResult(0);
          inner->getResult(i).replaceAllUsesWith(index);
        }
      } else {
        bool isScalar = bool(tile::ScalarBitsOp::dynCast(inner));
        auto name = bufferNames.find(inner->getOperand(0));
        if (name == bufferNames.end())
          return FailureOr<Operation *>(
              inner->emitError()
              << (isScalar ? "the bits of a scalar that is not a kernel "
                             "argument"
                           : "the address of a tensor that is not a kernel "
                             "argument"));
        // Named after the symbol; CSE has not run yet, so every use of one
        // scalar or buffer gets the same argument by its name.
        std::string argName = name->second + (isScalar ? "_bits" : "_addr");
        argSymbols[argName] = name->second;
        addressRanks[argName] =
            inner->getOperand(0).cast<BlockArgument>().getArgNumber();
        inner->getResult(0).replaceAllUsesWith(getArg(argName));
      }
      inner->erase();
    }

    // Remove what the slice does not need.
    bool changed = true;
    while (changed) {
      changed = false;
      llvm::SmallVector<Operation *, 32> dead;
      op->walk([&](Operation *inner) {
        // Ops without results are kept, except loops and branches whose
        // bodies became dead.
        bool structured = scf::ForOp::dynCast(inner) || scf::IfOp::dynCast(inner);
        if (inner == op || (inner->getNumResults() == 0 && !structured))
          return;
        bool unused = true;
        for (Value result : inner->getResults())
          unused &= result.use_empty();
        if (!unused)
          return;
        if (isOpTriviallyDead(inner) || cb::AllocOp::dynCast(inner) ||
            tile::AllocOp::dynCast(inner) ||
            tt::GetArgValOp::dynCast(inner) ||
            tt::TensorAccessorOp::dynCast(inner) ||
            inner->getName().getStringRef() ==
                "builtin.unrealized_conversion_cast")
          dead.push_back(inner);
      });
      for (Operation *inner : dead) {
        argNames.erase(inner);
        inner->erase();
        changed = true;
      }
    }
    Operation *missing = nullptr;
    op->walk([&](Operation *inner) {
      if (!missing && tile::RoleValueOp::dynCast(inner))
        missing = inner;
    });
    if (missing)
      return FailureOr<Operation *>(
          missing->emitError()
          << "the " << role << " kernel needs a value that was computed for "
          << "other kernels only");
    if (body->empty()) {
      op->erase();
      return FailureOr<Operation *>(nullptr);
    }

    // Nothing may refer to the tile.kernel's values any more.
    LogicalResult escaped = success();
    op->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (operand.getParentBlock() &&
            !op->isAncestor(operand.getParentBlock()->getParentOp()) &&
            operand.getParentBlock()->getParentOp() != op && succeeded(escaped))
          escaped = inner->emitError()
                    << "the " << role
                    << " kernel still uses a value of the tile.kernel";
    });
    if (failed(escaped))
      return FailureOr<Operation *>(failure());

    // Runtime arguments: buffer addresses and scalar bits in argument
    // order, then the block range.
    std::vector<std::string> order;
    for (auto &[arg, argName] : argNames)
      if (!llvm::is_contained(order, argName))
        order.push_back(argName);
    auto rank = [&](const std::string &argName) {
      if (argName == "start")
        return std::make_pair(1u, 0u);
      if (argName == "count")
        return std::make_pair(2u, 0u);
      if (coreArgRanks.count(argName))
        return std::make_pair(3u, 0u);
      return std::make_pair(0u, addressRanks.lookup(argName));
    };
    std::sort(order.begin(), order.end(),
              [&](const std::string &a, const std::string &b) {
                return std::make_pair(rank(a), a) < std::make_pair(rank(b), b);
              });
    for (auto &[arg, argName] : argNames) {
      int64_t index = std::find(order.begin(), order.end(), argName) -
                      order.begin();
      arg->setInherentAttr("index", builder.getI64IntegerAttr(index));
    }
    llvm::SmallVector<Attribute, 8> names;
    for (const std::string &argName : order)
      names.push_back(StringAttr::get(context, argName));
    if (!names.empty())
      op->setInherentAttr("rt_args", ArrayAttr::get(context, names));

    // Compile-time arguments: the TensorAccessorArgs of each tensor
    // accessor's buffer, `@buffer` in ct_args, which the host appends with
    // TensorAccessorArgs(buffer).append_to, so that they follow the buffer's
    // layout (two words for an interleaved DRAM buffer).
    llvm::SmallVector<Attribute, 4> compileTimeArgs;
    int64_t offset = 0;
    LogicalResult accessors = success();
    op->walk([&](Operation *inner) {
      if (!tt::TensorAccessorOp::dynCast(inner))
        return;
      Operation *address = inner->getOperand(0).getDefiningOp();
      auto found = argNames.find(address);
      llvm::StringRef argName =
          found == argNames.end() ? llvm::StringRef() : found->second;
      if (!argName.consume_back("_addr")) {
        accessors = inner->emitError()
                    << "a tensor accessor whose address is not a buffer's";
        return;
      }
      inner->setInherentAttr("ct_offset", builder.getI64IntegerAttr(offset));
      compileTimeArgs.push_back(FlatSymbolRefAttr::get(
          StringAttr::get(context, argName)));
      offset += tt::kAccessorCompileTimeArgs;
    });
    if (failed(accessors))
      return FailureOr<Operation *>(failure());
    if (!compileTimeArgs.empty())
      op->setInherentAttr("ct_args", ArrayAttr::get(context, compileTimeArgs));

    // Where and how it runs.
    if (int64_t(coreRanges.size()) != 1 ||
        coreRanges[0] !=
            std::array<int64_t, 4>{0, 0, partition.columns - 1,
                                   partition.rows - 1}) {
      llvm::SmallVector<int64_t, 8> flat;
      for (const auto &range : coreRanges)
        flat.append(range.begin(), range.end());
      op->setInherentAttr("cores", DenseArrayAttr::getI64(context, flat));
    }
    if (role == "reader") {
      op->setInherentAttr("processor", StringAttr::get(context, "riscv_1"));
      op->setInherentAttr("noc", builder.getI64IntegerAttr(1));
    } else if (role == "writer") {
      op->setInherentAttr("processor", StringAttr::get(context, "riscv_0"));
      op->setInherentAttr("noc", builder.getI64IntegerAttr(0));
    } else {
      op->setInherentAttr("math_fidelity",
                          StringAttr::get(context, mathFidelity));
      if (kernelOp->getAttr("fp32_dest_acc"))
        op->setInherentAttr("fp32_dest_acc", UnitAttr::get(context));
    }
    return FailureOr<Operation *>(op);
  }

  std::string mathFidelity = "HiFi4";
  /// The tt.buffer or tt.scalar behind each runtime argument name
  /// (`A_addr`, `eps_bits`).
  llvm::StringMap<std::string> argSymbols;
};

} // namespace

std::unique_ptr<Pass> tilt::createTTSplitKernelsPass() {
  return std::make_unique<TTSplitKernelsPass>();
}

std::string tilt::getArgumentBufferName(BlockArgument argument) {
  Location loc = argument.getLoc();
  if (loc.getKind() == Location::Kind::Name) {
    llvm::StringRef source = loc.getNameValue();
    if (!source.empty() && !llvm::isDigit(source.front()) &&
        llvm::all_of(source,
                     [](char c) { return llvm::isAlnum(c) || c == '_'; }))
      return source.str();
  }
  return "arg" + std::to_string(argument.getArgNumber());
}
