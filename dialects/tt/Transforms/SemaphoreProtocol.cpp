//===- SemaphoreProtocol.cpp - tt-verify's view of semaphores -------------===//
//
// See SemaphoreProtocol.h. The hardware rules it checks, and where tt-metal
// states them:
//
//  - get_noc_multicast_addr(x_start, y_start, x_end, y_end, addr) names a
//    rectangle of cores. NoC 0 routes east and south and NoC 1 west and
//    north, so the rectangle starts at its top-left corner on NoC 0 and at
//    its bottom-right corner on NoC 1: matmul_op_multi_core_reuse_mcast_2d
//    swaps start and end for a kernel on NOC_1.
//  - noc_async_write_multicast and noc_semaphore_set_multicast: num_dests
//    counts the destination cores, never the sender, even when the
//    rectangle holds it (the _loopback_src variants count it); a rectangle
//    of the sender alone is not allowed (api/dataflow/dataflow_api.h).
//  - noc_semaphore_wait spins until the semaphore equals the value,
//    noc_semaphore_wait_min until it is at least the value.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/TT/SemaphoreProtocol.h"
#include "tilt/Dialect/CB/CB.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace tilt;
using namespace tilt::tt;

namespace {

// The abstract address space: regions 2^44 apart, far from any integer a
// kernel computes from its other arguments; a CB's bytes span 2^36.
constexpr int64_t kRegionBits = 44;
constexpr int64_t kNocXRegion = 1;
constexpr int64_t kNocYRegion = 2;
constexpr int64_t kSemaphoreRegion = 3;
constexpr int64_t kCBRegion = 4;
constexpr int64_t kCBBits = 36;
// tt-metal places semaphore N at the semaphores' base + N * L1_ALIGNMENT.
constexpr int64_t kSemaphoreStride = 16;

int64_t getRegionBase(int64_t region) { return region << kRegionBits; }

std::string getCoreName(int64_t column, int64_t row) {
  return "core [" + std::to_string(column) + ", " + std::to_string(row) + "]";
}

std::string getRectName(const CoreRect &cores) {
  return "[" + std::to_string(cores[0]) + ", " + std::to_string(cores[1]) +
         "] to [" + std::to_string(cores[2]) + ", " + std::to_string(cores[3]) +
         "]";
}

llvm::StringRef getKernelName(KernelOp kernel) {
  if (auto name =
          kernel->getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>())
    return name.getValue();
  return "";
}

std::string getKernelSuffix(KernelOp kernel, int64_t column, int64_t row) {
  return (" (kernel @" + getKernelName(kernel) + " on " +
          getCoreName(column, row) + ")")
      .str();
}

bool contains(const CoreRect &cores, int64_t column, int64_t row) {
  return column >= cores[0] && column <= cores[2] && row >= cores[1] &&
         row <= cores[3];
}

} // namespace

//===----------------------------------------------------------------------===//
// Abstract values
//===----------------------------------------------------------------------===//

int64_t tt::getNocCoordinateValue(NocCoordinate coordinate) {
  bool isX = coordinate.axis == NocCoordinate::Axis::X;
  return getRegionBase(isX ? kNocXRegion : kNocYRegion) + coordinate.index;
}

int64_t tt::getSemaphoreAddress(int64_t id) {
  return getRegionBase(kSemaphoreRegion) + id * kSemaphoreStride;
}

int64_t tt::getCBAddress(int64_t index, int64_t offset) {
  return getRegionBase(kCBRegion) + (index << kCBBits) + offset;
}

DecodedValue tt::decodeValue(int64_t value) {
  DecodedValue decoded;
  // The nearest region's base: a coordinate moved off the grid by a
  // kernel's arithmetic still decodes to its axis, and is reported.
  constexpr int64_t half = int64_t(1) << (kRegionBits - 1);
  if (value < half)
    return decoded;
  // Rounded without overflow: any 64-bit value a kernel computed decodes.
  int64_t region = value >> kRegionBits;
  int64_t offset = value & ((int64_t(1) << kRegionBits) - 1);
  if (offset >= half) {
    ++region;
    offset -= int64_t(1) << kRegionBits;
  }
  switch (region) {
  case kNocXRegion:
  case kNocYRegion:
    decoded.kind = region == kNocXRegion ? DecodedValue::Kind::NocX
                                         : DecodedValue::Kind::NocY;
    decoded.index = offset;
    break;
  case kSemaphoreRegion:
    if (offset >= 0 && offset % kSemaphoreStride == 0 &&
        offset / kSemaphoreStride < kMaxSemaphoresPerCore) {
      decoded.kind = DecodedValue::Kind::Semaphore;
      decoded.index = offset / kSemaphoreStride;
    }
    break;
  case kCBRegion:
    if (offset >= 0 && (offset >> kCBBits) <= cb::kMaxCBIndex) {
      decoded.kind = DecodedValue::Kind::CB;
      decoded.index = offset >> kCBBits;
      decoded.offset = offset & ((int64_t(1) << kCBBits) - 1);
    }
    break;
  default:
    break;
  }
  return decoded;
}

//===----------------------------------------------------------------------===//
// SemaphoreLedger
//===----------------------------------------------------------------------===//

SemaphoreLedger::SemaphoreLedger(ProgramOp program) {
  llvm::ArrayRef<int64_t> grid = program.getGrid();
  if (grid.size() == 2) {
    columns = grid[0];
    rows = grid[1];
  }
  for (Operation &child : *program.getBody()) {
    if (auto semaphore = SemaphoreOp::dynCast(&child))
      semaphores.push_back(semaphore);
    else if (auto kernel = KernelOp::dynCast(&child))
      kernels.push_back(kernel);
    else if (auto config = CBConfigOp::dynCast(&child)) {
      cbRanges[config.getIndex()] = config.getCoreRange();
      // Checked: a hand-written CB type can be of any size; one whose size
      // does not fit in 64 bits holds any write, so it gets no entry.
      if (cb::CBType type = config.getCBType())
        if (llvm::Optional<int64_t> bytes =
                llvm::checkedMul(type.getPages(), type.getPageSize()))
          cbBytes[config.getIndex()] = *bytes;
    }
  }
}

std::optional<int64_t> SemaphoreLedger::getInitialValue(int64_t column,
                                                        int64_t row,
                                                        int64_t id) const {
  for (SemaphoreOp semaphore : semaphores)
    if (semaphore.getId() == id && semaphore.isOn(column, row))
      return semaphore.getInitialValue();
  return std::nullopt;
}

std::optional<int64_t> SemaphoreLedger::getCBBytes(int64_t index) const {
  auto it = cbBytes.find(index);
  if (it == cbBytes.end())
    return std::nullopt;
  return it->second;
}

void SemaphoreLedger::recordWait(int64_t column, int64_t row, KernelOp kernel,
                                 Operation *op, int64_t id,
                                 std::optional<int64_t> value, bool atLeast,
                                 std::optional<int64_t> known) {
  writes[{column, row, id}].waited = true;
  if (value && known && (atLeast ? *known >= *value : *known == *value))
    return; // The kernel's own sets leave the value there.
  size_t position = size_t(llvm::find(kernels, kernel) - kernels.begin());
  PendingWaits &waits = pending[{column, row, id, position}];
  if (!waits.first)
    waits.first = op;
  ++waits.count;
  waits.values.insert(value);
  waits.atLeast |= atLeast;
  if (!waits.increments)
    return;
  if (value && known && !atLeast && *value >= *known)
    *waits.increments += *value - *known;
  else
    waits.increments = std::nullopt;
}

void SemaphoreLedger::recordLocalSet(int64_t column, int64_t row,
                                     KernelOp kernel, int64_t id) {
  llvm::SmallVectorImpl<Operation *> &setters =
      writes[{column, row, id}].localSetters;
  if (!llvm::is_contained(setters, kernel.getOperation()))
    setters.push_back(kernel.getOperation());
}

void SemaphoreLedger::recordIncrement(int64_t column, int64_t row, int64_t id,
                                      Operation *op,
                                      std::optional<int64_t> amount) {
  SemaphoreWrites &entry = writes[{column, row, id}];
  if (!entry.firstIncrement)
    entry.firstIncrement = op;
  if (amount)
    entry.increments += *amount;
  else
    entry.incrementsKnown = false;
}

void SemaphoreLedger::recordRemoteSet(int64_t column, int64_t row, int64_t id,
                                      std::optional<int64_t> value) {
  SemaphoreWrites &entry = writes[{column, row, id}];
  ++entry.remoteSets;
  if (value)
    entry.setValues.insert(*value);
  else
    entry.setValueUnknown = true;
}

void SemaphoreLedger::recordMulticast(int64_t column, int64_t row,
                                      KernelOp kernel, Operation *op,
                                      CoreRect cores, int64_t id, int64_t cb) {
  if (multicastsSeen.insert({op, column, row, cores, id, cb}).second)
    multicasts.push_back(Multicast{op, kernel, column, row, cores, id, cb});
}

void SemaphoreLedger::recordPush(int64_t column, int64_t row, int64_t index) {
  pushes.insert({column, row, index});
}

bool SemaphoreLedger::runsKernel(int64_t column, int64_t row) const {
  return llvm::any_of(
      kernels, [&](KernelOp kernel) { return kernel.runsOn(column, row); });
}

LogicalResult SemaphoreLedger::check() {
  if (failed(checkWaits()))
    return failure();
  return checkMulticasts();
}

LogicalResult SemaphoreLedger::checkWaits() {
  // How many kernels of a core wait on each semaphore: the counts balance
  // only where one does.
  std::map<SemaphoreKey, int64_t> waiters;
  for (const auto &entry : pending) {
    auto [column, row, id, kernel] = entry.first;
    ++waiters[{column, row, id}];
  }
  for (const auto &pendingWaits : pending) {
    // Named, not a structured binding: a lambda below captures `waits`.
    const auto &waits = pendingWaits.second;
    auto [column, row, id, position] = pendingWaits.first;
    KernelOp kernel = kernels[position];
    Operation *kernelOp = kernel.getOperation();
    std::string suffix = getKernelSuffix(kernel, column, row);
    const SemaphoreWrites &entry = writes[{column, row, id}];
    bool incremented = entry.firstIncrement != nullptr;
    bool setByOtherKernel =
        llvm::any_of(entry.localSetters,
                     [&](Operation *setter) { return setter != kernelOp; });
    if (!incremented && entry.remoteSets == 0 && !setByOtherKernel) {
      waits.first->emitError()
          << "waits on semaphore " << id << ", which no core sets or increments"
          << suffix;
      return failure();
    }
    // Another kernel of the core writes it: the order of the two kernels
    // decides, which tt-verify does not follow.
    if (setByOtherKernel)
      continue;

    // Only sets reach it: one of them must write a value the waits accept.
    if (!incremented && !entry.setValueUnknown) {
      for (const std::optional<int64_t> &value : waits.values) {
        if (!value || llvm::any_of(entry.setValues, [&](int64_t written) {
              return written == *value || (waits.atLeast && written > *value);
            }))
          continue;
        std::string written;
        for (int64_t set : entry.setValues)
          written += (written.empty() ? "" : ", ") + std::to_string(set);
        waits.first->emitError()
            << "waits for semaphore " << id << " to be " << *value
            << ", but the cores that set it write only " << written << suffix;
        return failure();
      }
    }

    // The counts of one waiting kernel: increments, or sets, in all.
    if (waiters[{column, row, id}] != 1)
      continue;
    if (incremented && entry.remoteSets == 0 && entry.incrementsKnown &&
        waits.increments && *waits.increments != entry.increments) {
      InFlightDiagnostic diag = waits.first->emitError();
      diag << "waits for " << *waits.increments << " increments of semaphore "
           << id << " in all (" << waits.count
           << (waits.count == 1 ? " wait" : " waits");
      if (waits.values.size() == 1 && *waits.values.begin())
        diag << " for " << **waits.values.begin();
      diag << "), but the cores that increment it add " << entry.increments
           << suffix;
      diag.attachNote(entry.firstIncrement->getLoc()) << "incremented here";
      return failure();
    }
    if (!incremented && entry.remoteSets < waits.count) {
      auto times = [](int64_t count) {
        return count == 1 ? std::string("once")
                          : std::to_string(count) + " times";
      };
      waits.first->emitError()
          << "waits " << times(waits.count) << " for semaphore " << id
          << " to be set, but other cores set it " << times(entry.remoteSets)
          << suffix;
      return failure();
    }
  }
  return success();
}

LogicalResult SemaphoreLedger::checkMulticasts() {
  for (const Multicast &multicast : multicasts) {
    std::string suffix =
        getKernelSuffix(multicast.kernel, multicast.column, multicast.row);
    const CoreRect &cores = multicast.cores;
    for (int64_t row = cores[1]; row <= cores[3]; ++row)
      for (int64_t column = cores[0]; column <= cores[2]; ++column) {
        if (column == multicast.column && row == multicast.row)
          continue;
        std::string target = getCoreName(column, row);
        if (!runsKernel(column, row)) {
          multicast.op->emitError() << "multicasts to " << target
                                    << ", which runs no kernel" << suffix;
          return failure();
        }
        if (multicast.cb < 0) {
          auto entry = writes.find({column, row, multicast.id});
          if (entry == writes.end() || !entry->second.waited) {
            multicast.op->emitError()
                << "multicasts semaphore " << multicast.id << " to " << target
                << ", where no kernel waits on it" << suffix;
            return failure();
          }
          continue;
        }
        auto range = cbRanges.find(multicast.cb);
        if (range == cbRanges.end() || !contains(range->second, column, row)) {
          multicast.op->emitError()
              << "multicasts into circular buffer " << multicast.cb
              << ", which " << target << " does not configure (tt.cb_config)"
              << suffix;
          return failure();
        }
        if (!pushes.count({column, row, multicast.cb})) {
          multicast.op->emitError()
              << "multicasts into circular buffer " << multicast.cb << " of "
              << target
              << ", where no kernel pushes it: nothing there receives the "
                 "data"
              << suffix;
          return failure();
        }
      }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// KernelNocState
//===----------------------------------------------------------------------===//

KernelNocState::KernelNocState(SemaphoreLedger &ledger, KernelOp kernel,
                               int64_t column, int64_t row)
    : ledger(ledger), kernel(kernel), column(column), row(row) {
  // The host's default, as HostEmitter writes DataMovementConfig.
  noc = 0;
  if (auto attr =
          kernel->getInherentAttr("noc").dyn_cast_or_null<IntegerAttr>())
    noc = attr.getInt();
}

bool KernelNocState::handles(llvm::StringRef name) {
  static const llvm::StringRef kNames[] = {"tt.get_semaphore",
                                           "tt.get_noc_addr",
                                           "tt.get_noc_multicast_addr",
                                           "tt.noc_semaphore_set",
                                           "tt.noc_semaphore_wait",
                                           "tt.noc_semaphore_wait_min",
                                           "tt.noc_semaphore_inc",
                                           "tt.noc_semaphore_set_remote",
                                           "tt.noc_semaphore_set_multicast",
                                           "tt.noc_async_write_multicast"};
  return llvm::is_contained(kNames, name);
}

std::optional<int64_t>
KernelNocState::getLocalSemaphore(std::optional<int64_t> address) {
  if (!address)
    return std::nullopt;
  DecodedValue decoded = decodeValue(*address);
  if (decoded.kind != DecodedValue::Kind::Semaphore)
    return std::nullopt;
  return decoded.index;
}

std::optional<int64_t> KernelNocState::getKnownValue(int64_t id) {
  auto it = known.find(id);
  if (it != known.end())
    return it->second;
  std::optional<int64_t> initial = ledger.getInitialValue(column, row, id);
  known[id] = initial;
  return initial;
}

bool KernelNocState::run(Operation *op,
                         llvm::function_ref<std::optional<int64_t>(Value)> get,
                         llvm::function_ref<void(Value, int64_t)> set,
                         std::string &message) {
  llvm::StringRef name = op->getName().getStringRef();
  if (name == "tt.get_semaphore") {
    if (auto id = op->getInherentAttr("id").dyn_cast_or_null<IntegerAttr>())
      set(op->getResult(0), getSemaphoreAddress(id.getInt()));
    return true;
  }
  if (name == "tt.get_noc_addr" || name == "tt.get_noc_multicast_addr")
    return runGetNocAddr(op, get, message);
  if (name == "tt.noc_semaphore_set") {
    std::optional<int64_t> id = getLocalSemaphore(get(op->getOperand(0)));
    if (!id)
      return true;
    ledger.recordLocalSet(column, row, kernel, *id);
    known[*id] = get(op->getOperand(1));
    return true;
  }
  if (name == "tt.noc_semaphore_wait" || name == "tt.noc_semaphore_wait_min") {
    std::optional<int64_t> id = getLocalSemaphore(get(op->getOperand(0)));
    if (!id)
      return true;
    std::optional<int64_t> value = get(op->getOperand(1));
    ledger.recordWait(column, row, kernel, op, *id, value,
                      name == "tt.noc_semaphore_wait_min", getKnownValue(*id));
    // Past the wait, the semaphore holds the value (at least it, for
    // wait_min: a lower bound serves the next wait_min as well).
    known[*id] = value;
    return true;
  }
  if (name == "tt.noc_semaphore_inc" || name == "tt.noc_semaphore_set_remote") {
    bool increments = name == "tt.noc_semaphore_inc";
    auto target = targets.find(op->getOperand(increments ? 0 : 1));
    if (target == targets.end() || !target->second.address)
      return true;
    const NocTarget &destination = target->second;
    if (destination.multicast) {
      message = (name.drop_front(3) +
                 " takes the address of one core (get_noc_addr), not a "
                 "multicast address")
                    .str();
      return false;
    }
    DecodedValue decoded = decodeValue(*destination.address);
    if (decoded.kind != DecodedValue::Kind::Semaphore)
      return true;
    int64_t id = decoded.index;
    int64_t targetColumn = destination.cores[0];
    int64_t targetRow = destination.cores[1];
    if (!ledger.getInitialValue(targetColumn, targetRow, id)) {
      message =
          (llvm::Twine(increments ? "increments" : "sets") + " semaphore " +
           llvm::Twine(id) + " of " + getCoreName(targetColumn, targetRow) +
           ", which declares no semaphore " + llvm::Twine(id) +
           " (tt.semaphore)")
              .str();
      return false;
    }
    if (increments) {
      ledger.recordIncrement(targetColumn, targetRow, id, op,
                             get(op->getOperand(1)));
      return true;
    }
    std::optional<int64_t> source = getLocalSemaphore(get(op->getOperand(0)));
    ledger.recordRemoteSet(targetColumn, targetRow, id,
                           source ? getKnownValue(*source) : std::nullopt);
    return true;
  }
  return runMulticast(op, get, message);
}

bool KernelNocState::runGetNocAddr(
    Operation *op, llvm::function_ref<std::optional<int64_t>(Value)> get,
    std::string &message) {
  bool multicast = op->getName().getStringRef() == "tt.get_noc_multicast_addr";
  Value result = op->getResult(0);
  targets.erase(result);
  // x and y of one core, or of the rectangle's start and end.
  unsigned numCoordinates = multicast ? 4 : 2;
  int64_t coordinates[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < numCoordinates; ++i) {
    bool isX = i % 2 == 0;
    std::optional<int64_t> value = get(op->getOperand(i));
    if (!value)
      return true;
    DecodedValue decoded = decodeValue(*value);
    auto expected = isX ? DecodedValue::Kind::NocX : DecodedValue::Kind::NocY;
    auto other = isX ? DecodedValue::Kind::NocY : DecodedValue::Kind::NocX;
    if (decoded.kind == other) {
      message =
          ("takes noc_" + llvm::Twine(isX ? "y" : "x") + "(" +
           llvm::Twine(decoded.index) + ") as operand #" + llvm::Twine(i) +
           ", a NoC " + (isX ? "x" : "y") + " coordinate")
              .str();
      return false;
    }
    // A physical coordinate given as an integer: tt-verify cannot map it to
    // a core.
    if (decoded.kind != expected)
      return true;
    int64_t extent = isX ? ledger.getColumns() : ledger.getRows();
    if (decoded.index < 0 || decoded.index >= extent) {
      message =
          ("names logical " + llvm::Twine(isX ? "column " : "row ") +
           llvm::Twine(decoded.index) + " (operand #" + llvm::Twine(i) +
           "), outside the program's " + llvm::Twine(ledger.getColumns()) +
           "x" + llvm::Twine(ledger.getRows()) + " grid")
              .str();
      return false;
    }
    coordinates[i] = decoded.index;
  }
  NocTarget target;
  target.multicast = multicast;
  target.address = get(op->getOperand(numCoordinates));
  if (!multicast) {
    target.cores = {coordinates[0], coordinates[1], coordinates[0],
                    coordinates[1]};
    targets[result] = target;
    return true;
  }
  // The corners' order follows the NoC's direction (see the file header).
  bool startFirst =
      coordinates[0] <= coordinates[2] && coordinates[1] <= coordinates[3];
  bool endFirst =
      coordinates[0] >= coordinates[2] && coordinates[1] >= coordinates[3];
  std::string corners = "[" + std::to_string(coordinates[0]) + ", " +
                        std::to_string(coordinates[1]) + "] and [" +
                        std::to_string(coordinates[2]) + ", " +
                        std::to_string(coordinates[3]) + "]";
  if (noc == 0 && !startFirst) {
    message = "takes the rectangle's corners " + corners +
              " end first, but the kernel multicasts on NoC 0, where "
              "get_noc_multicast_addr takes the start (top-left) corner "
              "first";
    return false;
  }
  if (noc == 1 && !endFirst) {
    message = "takes the rectangle's corners " + corners +
              " start first, but the kernel multicasts on NoC 1, where "
              "get_noc_multicast_addr takes the end (bottom-right) corner "
              "first (tt-metal's multicast matmul swaps the corners for "
              "NoC 1)";
    return false;
  }
  target.cores = {std::min(coordinates[0], coordinates[2]),
                  std::min(coordinates[1], coordinates[3]),
                  std::max(coordinates[0], coordinates[2]),
                  std::max(coordinates[1], coordinates[3])};
  targets[result] = target;
  return true;
}

bool KernelNocState::runMulticast(
    Operation *op, llvm::function_ref<std::optional<int64_t>(Value)> get,
    std::string &message) {
  bool data = op->getName().getStringRef() == "tt.noc_async_write_multicast";
  auto found = targets.find(op->getOperand(1));
  if (found == targets.end())
    return true;
  const NocTarget &target = found->second;
  if (!target.multicast) {
    message = "multicasts to the address of one core (get_noc_addr); a "
              "multicast takes one from get_noc_multicast_addr";
    return false;
  }
  const CoreRect &cores = target.cores;
  bool senderInside = contains(cores, column, row);
  int64_t destinations = (cores[2] - cores[0] + 1) * (cores[3] - cores[1] + 1) -
                         (senderInside ? 1 : 0);
  if (destinations == 0) {
    message = "multicasts to its own core only (" + getRectName(cores) +
              "); a multicast needs another destination";
    return false;
  }
  std::optional<int64_t> numDests = get(op->getOperand(data ? 3 : 2));
  if (numDests && *numDests != destinations) {
    message = ("num_dests is " + llvm::Twine(*numDests) + ", but cores " +
               getRectName(cores) + " hold " + llvm::Twine(destinations) +
               " destination" + (destinations == 1 ? "" : "s") +
               (senderInside ? " besides the sender" : ""))
                  .str();
    return false;
  }
  if (!target.address)
    return true;
  DecodedValue decoded = decodeValue(*target.address);
  if (data) {
    if (decoded.kind != DecodedValue::Kind::CB) {
      message = "multicasts to an L1 address inside no circular buffer (the "
                "receivers take multicast data into a CB they reserved)";
      return false;
    }
    std::optional<int64_t> size = get(op->getOperand(2));
    std::optional<int64_t> bytes = ledger.getCBBytes(decoded.index);
    llvm::Optional<int64_t> end =
        size ? llvm::checkedAdd(decoded.offset, *size) : llvm::None;
    if (size && bytes && (!end || *end > *bytes)) {
      message = ("writes bytes " + llvm::Twine(decoded.offset) + " to " +
                 (end ? llvm::Twine(*end) : llvm::Twine("beyond 2^63")) +
                 " of circular buffer " +
                 llvm::Twine(decoded.index) + ", which holds " +
                 llvm::Twine(*bytes) + " bytes")
                    .str();
      return false;
    }
    ledger.recordMulticast(column, row, kernel, op, cores, -1, decoded.index);
    return true;
  }
  if (decoded.kind != DecodedValue::Kind::Semaphore) {
    message = "sets an L1 address that is no semaphore (get_semaphore) on "
              "the cores it multicasts to";
    return false;
  }
  int64_t id = decoded.index;
  std::optional<int64_t> source = getLocalSemaphore(get(op->getOperand(0)));
  std::optional<int64_t> value = source ? getKnownValue(*source) : std::nullopt;
  for (int64_t targetRow = cores[1]; targetRow <= cores[3]; ++targetRow)
    for (int64_t targetColumn = cores[0]; targetColumn <= cores[2];
         ++targetColumn) {
      if (targetColumn == column && targetRow == row)
        continue;
      if (!ledger.getInitialValue(targetColumn, targetRow, id)) {
        message = ("multicasts semaphore " + llvm::Twine(id) + " to " +
                   getCoreName(targetColumn, targetRow) +
                   ", which declares no semaphore " + llvm::Twine(id) +
                   " (tt.semaphore)")
                      .str();
        return false;
      }
      ledger.recordRemoteSet(targetColumn, targetRow, id, value);
    }
  ledger.recordMulticast(column, row, kernel, op, cores, id, -1);
  return true;
}
