//===- Multicast.cpp - Sharing a copy's block between cores ---------------===//
//
// A copy from DRAM inside the persistent loop of a partitioned kernel with
// a 2-d grid reads a block whose place depends on the block coordinates
// (%bx = id mod gx, %by = id / gx). When it depends on %by only, every core
// that runs the same block row at the same step needs the same pages: the
// cores of one row of the grid share it when, at every step, they run
// blocks of the same row (and the same number of steps). The core in the
// row's first column reads the block and multicasts it to the row's other
// active cores; down the columns for a block that depends on %bx only.
// Row-major assignment makes the active cores of a row a run from its first
// column (idle cores are the last ones), so the receivers are one
// rectangle. A copy whose place depends on no block (constant offsets: a
// norm's weights) is the same for every core: shared along the rows, also
// when tile-partition moved it before the persistent loop (read once per
// core).
//
//===----------------------------------------------------------------------===//

#include "Multicast.h"
#include "llvm/ADT/DenseMap.h"

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// The persistent loop of `op`'s kernel: the scf.for from tile.block_range.
scf::ForOp getPersistentLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto loop = scf::ForOp::dynCast(parent))
      if (Operation *def = loop.getLowerBound().getDefiningOp())
        if (tile::BlockRangeOp::dynCast(def))
          return loop;
  return scf::ForOp(nullptr);
}

/// Which block coordinates `value` depends on: bit 0 %bx (id mod gx), bit 1
/// %by (id / gx), both for the id itself.
class BlockDependence {
public:
  BlockDependence(Value id, int64_t gx) : id(id), gx(gx) {}

  unsigned get(Value value, unsigned depth = 0) {
    if (value == id)
      return 3;
    if (depth > 64)
      return 3;
    auto found = cache.find(value.getAsOpaquePointer());
    if (found != cache.end())
      return found->second;
    unsigned bits = 0;
    if (Operation *def = value.getDefiningOp()) {
      bool byGx = def->getNumOperands() == 2 && def->getOperand(0) == id &&
                  getConstantInt(def->getOperand(1)) == gx;
      if (byGx && arith::RemUIOp::dynCast(def))
        bits = 1;
      else if (byGx && arith::DivUIOp::dynCast(def))
        bits = 2;
      else
        for (Value operand : def->getOperands())
          bits |= get(operand, depth + 1);
    } else if (auto argument = value.dyn_cast<BlockArgument>()) {
      // A loop's induction variable depends on what its bounds do.
      Operation *owner = argument.getOwner()->getParentOp();
      if (owner && owner->getNumOperands() >= 3 &&
          (scf::ForOp::dynCast(owner) || tile::PipelinedOp::dynCast(owner)))
        for (unsigned i = 0; i < 3; ++i)
          bits |= get(owner->getOperand(i), depth + 1);
    }
    cache[value.getAsOpaquePointer()] = bits;
    return bits;
  }

private:
  Value id;
  int64_t gx;
  llvm::DenseMap<void *, unsigned> cache;
};

} // namespace

std::optional<PartitionCores>
tiletott::getPartitionCores(tile::KernelOp kernel) {
  auto partition = kernel.getOperation()
                       ->getAttr(tile::kPartitionAttrName)
                       .dyn_cast_or_null<DictionaryAttr>();
  if (!partition)
    return std::nullopt;
  auto cores = partition.get("cores").dyn_cast_or_null<DenseArrayAttr>();
  auto ranges = partition.get("ranges").dyn_cast_or_null<DenseArrayAttr>();
  if (!cores || !ranges || cores.getIntValues().size() != 2)
    return std::nullopt;
  PartitionCores result{cores.getIntValues()[0], cores.getIntValues()[1],
                        ranges.getIntValues()};
  if (int64_t(result.ranges.size()) != 2 * result.columns * result.rows)
    return std::nullopt;
  if (auto stride = partition.get("stride").dyn_cast_or_null<IntegerAttr>())
    result.stride = stride.getInt();
  if (result.stride < 1)
    return std::nullopt;
  if (auto order = partition.get("order").dyn_cast_or_null<StringAttr>())
    result.mirrored = order.getValue() == "mirrored";
  return result;
}

int64_t tiletott::getRoleNoc(llvm::StringRef role) {
  return role == "reader" ? 1 : 0;
}

std::optional<MulticastPlan> tiletott::planMulticast(tile::KernelOp kernel,
                                                     tile::CopyOp copy) {
  Operation *op = copy.getOperation();
  llvm::ArrayRef<int64_t> grid = kernel.getGrid();
  std::optional<PartitionCores> cores = getPartitionCores(kernel);
  if (grid.empty() || !cores)
    return std::nullopt;
  int64_t columns = cores->columns, rows = cores->rows;
  llvm::ArrayRef<int64_t> ranges = cores->ranges;
  auto partition = kernel.getOperation()
                       ->getAttr(tile::kPartitionAttrName)
                       .cast<DictionaryAttr>();
  // The block's place: bx only, by only, neither (the same pages for
  // every block: a norm's weights), or both (no sharing).
  unsigned bits = 0;
  // A copy tile-partition moved before the persistent loop (constant
  // offsets, the same for every block) runs once on every core, and every
  // core reads the same pages: shared along the rows of cores.
  bool once = false;
  scf::ForOp persistent = getPersistentLoop(op);
  if (!persistent) {
    if (op->getParentOp() != kernel.getOperation() || !findBlockRange(kernel) ||
        llvm::any_of(copy.getOffsets(),
                     [](Value offset) { return !getConstantInt(offset); }))
      return std::nullopt;
    once = true;
  } else {
    int64_t gx = grid[0];
    BlockDependence dependence(persistent.getInductionVar(), gx);
    for (Value offset : copy.getOffsets())
      bits |= dependence.get(offset);
    // Every core of a group must run the copy the same number of times:
    // nothing between the copy and the persistent loop may depend on the
    // block, and no branch may skip it.
    for (Operation *parent = op->getParentOp();
         parent != persistent.getOperation(); parent = parent->getParentOp()) {
      if (!scf::ForOp::dynCast(parent) && !tile::PipelinedOp::dynCast(parent))
        return std::nullopt;
      for (unsigned i = 0; i < 3; ++i)
        if (dependence.get(parent->getOperand(i)) != 0)
          return std::nullopt;
    }
    // bx and by are the coordinates of a 2-d grid only; in the mirrored
    // order a core's steps are not runs of ids (only a place that depends on
    // no block is shared then).
    if (bits == 3 || (grid.size() != 2 && bits != 0) ||
        (cores->mirrored && bits != 0))
      return std::nullopt;
  }

  // Pages no block chooses are shared only when no core writes them: a
  // core could read them before or after another's write.
  if (bits == 0 &&
      getWrittenTensors(kernel.getOperation()).count(copy.getSource()))
    return std::nullopt;

  MulticastPlan plan;
  plan.alongRows = bits != 1;
  int64_t gx = grid[0];
  // The rows that run blocks, which a column's multicast spans.
  int64_t activeRows = 0;
  for (int64_t core = 0; core < columns * rows; ++core)
    if (ranges[2 * core + 1] > 0)
      activeRows = core / columns + 1;
  auto arch = partition.get("arch").dyn_cast_or_null<StringAttr>();
  if (arch && !plan.alongRows &&
      !canMulticastColumn(arch.getValue(), activeRows))
    return std::nullopt;
  plan.cores.resize(columns * rows);
  // The key of a block at step t: its row (shared along rows) or column;
  // the same for every block when the place does not depend on it.
  auto key = [&](int64_t core, int64_t step) -> int64_t {
    if (bits == 0)
      return 0;
    int64_t id = ranges[2 * core] + step * cores->stride;
    return plan.alongRows ? id / gx : id % gx;
  };
  bool shared = false;
  int64_t groups = plan.alongRows ? rows : columns;
  int64_t length = plan.alongRows ? columns : rows;
  for (int64_t g = 0; g < groups; ++g) {
    auto coreAt = [&](int64_t i) {
      return plan.alongRows ? g * columns + i : i * columns + g;
    };
    int64_t active = 0;
    while (active < length && ranges[2 * coreAt(active) + 1] > 0)
      ++active;
    for (int64_t i = active; i < length; ++i)
      if (ranges[2 * coreAt(i) + 1] > 0)
        return std::nullopt;
    if (active == 0)
      continue;
    int64_t first = coreAt(0);
    int64_t count = once ? 1 : ranges[2 * first + 1];
    for (int64_t i = 1; i < active && !once; ++i) {
      int64_t core = coreAt(i);
      if (ranges[2 * core + 1] != count)
        return std::nullopt;
      for (int64_t step = 0; step < count; ++step)
        if (key(core, step) != key(first, step))
          return std::nullopt;
    }
    shared |= active > 1;
    for (int64_t i = 0; i < active; ++i) {
      MulticastPlan::Core &core = plan.cores[coreAt(i)];
      core.active = true;
      core.sender = i == 0;
      int64_t firstX = first % columns, firstY = first / columns;
      if (core.sender) {
        core.receivers = active - 1;
        core.x0 = plan.alongRows ? 1 : firstX;
        core.y0 = plan.alongRows ? firstY : 1;
        core.x1 = plan.alongRows ? active - 1 : firstX;
        core.y1 = plan.alongRows ? firstY : active - 1;
      } else {
        core.senderX = firstX;
        core.senderY = firstY;
      }
    }
  }
  if (!shared)
    return std::nullopt;
  return plan;
}

void tiletott::addMulticastArgs(tile::KernelOp kernel,
                                const MulticastPlan &plan,
                                llvm::StringRef prefix, llvm::StringRef role) {
  Operation *op = kernel.getOperation();
  Context *context = op->getContext();
  auto partition =
      op->getAttr(tile::kPartitionAttrName).cast<DictionaryAttr>();
  NamedAttrList entries(partition);
  NamedAttrList args;
  if (auto old = partition.get(tile::kCoreArgsAttrName)
                     .dyn_cast_or_null<DictionaryAttr>())
    args = NamedAttrList(old);
  auto integer = [&](int64_t value) -> Attribute {
    return IntegerAttr::get(IntegerType::get(context, 64), value);
  };
  // A NoC coordinate, in tt.runtime_args's form.
  auto noc = [&](int64_t axis, int64_t index) {
    return tt::getNocCoordinateAttr(
        context, {tt::NocCoordinate::Axis(axis), index});
  };
  bool swap = getRoleNoc(role) == 1;
  llvm::SmallVector<Attribute, 64> sender, receivers, x0, y0, x1, y1, sx, sy;
  for (const MulticastPlan::Core &core : plan.cores) {
    sender.push_back(integer(core.sender ? 1 : 0));
    receivers.push_back(integer(core.receivers));
    bool range = core.sender && core.receivers > 0;
    int64_t startX = swap ? core.x1 : core.x0, startY = swap ? core.y1 : core.y0;
    int64_t endX = swap ? core.x0 : core.x1, endY = swap ? core.y0 : core.y1;
    x0.push_back(range ? noc(0, startX) : integer(0));
    y0.push_back(range ? noc(1, startY) : integer(0));
    x1.push_back(range ? noc(0, endX) : integer(0));
    y1.push_back(range ? noc(1, endY) : integer(0));
    bool receiving = core.active && !core.sender;
    sx.push_back(receiving ? noc(0, core.senderX) : integer(0));
    sy.push_back(receiving ? noc(1, core.senderY) : integer(0));
  }
  auto set = [&](llvm::StringRef suffix,
                 llvm::ArrayRef<Attribute> values) {
    args.set((prefix + "_" + suffix).str(), ArrayAttr::get(context, values));
  };
  set("sender", sender);
  set("receivers", receivers);
  set("x0", x0);
  set("y0", y0);
  set("x1", x1);
  set("y1", y1);
  set("sender_x", sx);
  set("sender_y", sy);
  entries.set(tile::kCoreArgsAttrName, args.getDictionary(context));
  op->setAttr(tile::kPartitionAttrName, entries.getDictionary(context));
}
