//===- TTVerify.cpp - tt-verify: what Metalium would hang or corrupt on ---===//
//
// For each tt.program, and each core that runs kernels, the kernels are
// executed abstractly with that core's runtime arguments: loops, branches
// and integer arithmetic are evaluated, device ops only counted and
// checked. That gives exact per-core figures (trip counts that runtime
// arguments decide included) for:
//
//  - the CB protocol: every push follows a reserve of at least as many
//    pages, every pop a wait of at least as many; no reserve or wait larger
//    than the CB; each reserve/wait size divides the CB's pages (pushes and
//    pops of a cycle sum to its size, so a block never wraps); tiles read
//    from a CB (matmul_tiles, copy_tile, ...) lie within the pages waited
//    for and tiles packed within the pages reserved; over the program's
//    lifetime, the producer kernel pushes as many pages as the consumer
//    kernel pops;
//  - DST: device math only between tile_regs_acquire and commit, packing
//    only between tile_regs_wait and release, in that order;
//  - runtime arguments: each kernel's are given on every core it runs on;
//  - tensor accessors: each reads TensorAccessorArgs within the kernel's
//    compile-time words, starting where a `@buffer` of ct_args starts, with
//    that buffer's page size; a DRAM tile id that evaluates is a page of
//    the accessor's buffer;
//  - data formats: every tile a compute kernel unpacks or packs goes through
//    a register configured for its CB's format on every path
//    (FormatState.h), and CBs unpacked straight to DST are f32 and only
//    copied;
//  - semaphores and multicast (SemaphoreProtocol.h): NoC addresses decode
//    to cores (noc_x(C) and noc_y(R) runtime values, get_semaphore, CB
//    pointers are abstract values that map back), so each core's waits,
//    local sets, remote increments and sets, and multicasts of semaphores
//    and data are recorded with the cores they reach. A multicast rectangle
//    lies inside the grid, is given in the corner order of the kernel's NoC
//    (start first on NoC 0, end first on NoC 1) and holds num_dests cores
//    besides the sender; a semaphore a core increments, sets or multicasts
//    to is declared on the target core. Once every core has run: a wait
//    has a writer (another core, or another kernel of its core), the values
//    set are the values waited for, a kernel waiting for increments gets as
//    many as it waits for in all (the sender of a multicast waits for V and
//    V receivers each increment once per round), and every core a multicast
//    reaches runs a kernel that waits on the semaphore or pushes the CB the
//    data lands in;
//
// and, statically, the L1 bytes of the CBs of each core against the
// architecture's usable L1.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/FormatState.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/TT/SemaphoreProtocol.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <limits>
#include <map>

using namespace tilt;
using namespace tilt::tt;

int64_t tt::getUsableL1Bytes(llvm::StringRef arch) {
  if (arch == "grayskull")
    return 1024 * 1024;
  if (arch == "blackhole")
    return 1536 * 1024;
  return 1468006; // Wormhole: about 1.4 MiB of the 1.5 MiB L1.
}

namespace {

/// Whether runtime argument `value` is `@name` of a tt.scalar of `program`.
bool isScalarSymbol(ProgramOp program, Attribute value) {
  auto symbol = value.dyn_cast<FlatSymbolRefAttr>();
  if (!symbol)
    return false;
  for (Operation &child : *program.getBody())
    if (ScalarOp::dynCast(&child))
      if (auto name =
              child.getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>();
          name && name.getValue() == symbol.getValue())
        return true;
  return false;
}

int64_t getInt(Operation *op, llvm::StringRef name, int64_t otherwise = -1) {
  if (auto attr = op->getInherentAttr(name).dyn_cast_or_null<IntegerAttr>())
    return attr.getInt();
  return otherwise;
}

/// What one kernel did with one CB on one core.
struct CBUse {
  int64_t pushed = 0, popped = 0;
  Operation *firstPush = nullptr, *firstPop = nullptr;
  // Protocol state.
  int64_t reserved = 0, waited = 0, packed = 0;
};

/// Stops the run at the first violation.
struct Violation {
  Operation *op = nullptr;
  std::string message;
  Operation *noteOp = nullptr;
  std::string note;
};

class Interpreter {
public:
  /// `args` are the core's runtime arguments; none for a value that is
  /// data rather than control (a scalar's bits), which nothing may branch
  /// or loop on.
  Interpreter(KernelOp kernel, llvm::ArrayRef<std::optional<int64_t>> args,
              const llvm::DenseMap<int64_t, cb::CBType> &cbs, int64_t budget,
              KernelNocState &nocState)
      : kernel(kernel), args(args), cbs(cbs), budget(budget),
        nocState(nocState) {
    collectAccessorArgs();
  }

  /// Runs the kernel; false with `violation` set on the first problem.
  bool run() { return runBlock(*kernel.getBody(), {}); }

  std::map<int64_t, CBUse> uses;
  /// Tiles read from and written to DRAM through tensor accessors.
  int64_t tileReads = 0, tileWrites = 0;
  /// Bytes of those tiles, and the compute tile operations (every
  /// intrinsic with a DST operand other than inits).
  int64_t bytesRead = 0, bytesWritten = 0, tileOps = 0;
  Violation violation;
  bool outOfBudget = false;

private:
  enum class Dst { Idle, Acquired, Committed, Waited };

  bool fail(Operation *op, const llvm::Twine &message) {
    violation.op = op;
    violation.message = message.str();
    return false;
  }

  std::optional<int64_t> get(Value value) {
    auto it = values.find(value);
    if (it == values.end())
      return std::nullopt;
    return it->second;
  }

  bool need(Operation *op, Value value, int64_t &result) {
    std::optional<int64_t> known = get(value);
    if (!known)
      return fail(op, "cannot evaluate this value: tt-verify follows loops "
                      "and branches on integer arithmetic of constants and "
                      "runtime arguments only");
    result = *known;
    return true;
  }

  /// Runs `block` with its arguments bound; the terminator's operands go to
  /// `yielded`.
  bool runBlock(Block &block, llvm::ArrayRef<int64_t> arguments,
                llvm::SmallVectorImpl<int64_t> *yielded = nullptr) {
    for (size_t i = 0; i < arguments.size() && i < block.getNumArguments();
         ++i)
      values[block.getArgument(i)] = arguments[i];
    for (Operation &op : block) {
      if (--budget < 0) {
        outOfBudget = true;
        return false;
      }
      if (op.getName().getStringRef() == "scf.yield") {
        if (yielded)
          for (Value operand : op.getOperands()) {
            int64_t value = 0;
            if (!need(&op, operand, value))
              return false;
            yielded->push_back(value);
          }
        continue;
      }
      if (!runOp(&op))
        return false;
    }
    return true;
  }

  /// An scf.if on a value the kernel reads at run time (a gather's guard
  /// on an index read from DRAM, a branch on a block-sparse mask): both
  /// branches run from the same state and must leave the circular buffers'
  /// protocol (pages reserved, waited for, packed) and DST alike, so that
  /// the rest of the kernel does not depend on which one the core takes.
  /// The pages pushed and popped over the program are counted as the
  /// `then` branch moves them: every kernel of the program sees the same
  /// value and takes the same branch, so counting one branch in each keeps
  /// the producer's and the consumer's totals comparable.
  bool runDataDependentIf(Operation *op) {
    std::map<int64_t, CBUse> before = uses, after;
    Dst dstBefore = dst, dstAfter = dst;
    bool first = true;
    for (Region &region : op->getRegions()) {
      uses = before;
      dst = dstBefore;
      if (!region.empty() && !runBlock(region.front(), {}))
        return false;
      if (first) {
        after = uses;
        dstAfter = dst;
        first = false;
        continue;
      }
      if (!isProtocolState(after, dstAfter))
        return fail(op, "the branches of a condition known only when the "
                        "kernel runs leave the circular buffers or DST in "
                        "different states");
    }
    uses = after;
    dst = dstAfter;
    return true;
  }

  /// An scf.for whose trip count the kernel reads at run time (a group's
  /// row count, a sparse row's block count): any number of trips, none
  /// included, must leave the protocol as one trip does, so one trip (its
  /// induction variable unknown) must leave the circular buffers and DST
  /// as it found them. Pages are counted for one trip, as every kernel of
  /// the program runs the same trips.
  bool runDataDependentLoop(scf::ForOp loop) {
    Operation *op = loop.getOperation();
    std::map<int64_t, CBUse> before = uses;
    Dst dstBefore = dst;
    // The induction variable and the values the loop carries are unknown
    // on the trip, and so are its results.
    for (Value argument : loop.getBody()->getArguments())
      values.erase(argument);
    for (Value result : op->getResults())
      values.erase(result);
    if (!runBlock(*loop.getBody(), {}))
      return false;
    if (!isProtocolState(before, dstBefore))
      return fail(op, "a trip of a loop whose trip count is known only when "
                      "the kernel runs leaves the circular buffers or DST in "
                      "another state than it found them");
    return true;
  }

  /// scf.while: followed trip by trip while its condition is known (loop
  /// state from block indices and constants: a persistent kernel's tile
  /// loop, stream-K's iteration ranges). Where the condition is known only
  /// when the kernel runs, the trips left are any number, none included: one
  /// trip of the body (its arguments unknown) must leave the circular
  /// buffers and DST as it found them, as for a data-dependent scf.for.
  bool runWhile(Operation *op) {
    auto loop = scf::WhileOp::dynCast(op);
    Block *before = loop.getBeforeBody();
    Block *after = &loop.getAfter().front();
    llvm::SmallVector<std::optional<int64_t>, 4> state;
    for (Value init : op->getOperands())
      state.push_back(get(init));
    auto bind = [&](Block *block, llvm::ArrayRef<std::optional<int64_t>> from) {
      for (size_t i = 0; i < block->getNumArguments(); ++i) {
        if (i < from.size() && from[i])
          values[block->getArgument(i)] = *from[i];
        else
          values.erase(block->getArgument(i));
      }
    };
    for (;;) {
      bind(before, state);
      if (!runBlock(*before, {}))
        return false;
      Operation &condition = before->back();
      llvm::SmallVector<std::optional<int64_t>, 4> forwarded;
      for (Value operand : condition.getOperands().drop_front())
        forwarded.push_back(get(operand));
      std::optional<int64_t> go = get(condition.getOperand(0));
      if (go && !*go) {
        for (size_t i = 0; i < forwarded.size() && i < op->getNumResults();
             ++i) {
          if (forwarded[i])
            values[op->getResult(i)] = *forwarded[i];
          else
            values.erase(op->getResult(i));
        }
        return true;
      }
      if (!go) {
        std::map<int64_t, CBUse> entryUses = uses;
        Dst entryDst = dst;
        bind(after, {});
        if (!runBlock(*after, {}))
          return false;
        if (!isProtocolState(entryUses, entryDst))
          return fail(op, "a trip of a while loop whose condition is known "
                          "only when the kernel runs leaves the circular "
                          "buffers or DST in another state than it found them");
        for (Value result : op->getResults())
          values.erase(result);
        return true;
      }
      bind(after, forwarded);
      if (!runBlock(*after, {}))
        return false;
      state.clear();
      for (Value operand : after->back().getOperands())
        state.push_back(get(operand));
    }
  }

  /// Whether the circular buffers' protocol (pages reserved, waited for,
  /// packed) and DST are now as in `other` and `otherDst`.
  bool isProtocolState(const std::map<int64_t, CBUse> &other,
                       Dst otherDst) const {
    auto same = [](const CBUse &a, const CBUse &b) {
      return a.reserved == b.reserved && a.waited == b.waited &&
             a.packed == b.packed;
    };
    bool alike = dst == otherDst;
    for (const auto &[index, use] : uses) {
      auto it = other.find(index);
      alike &= it != other.end() ? same(use, it->second) : same(use, CBUse());
    }
    for (const auto &[index, use] : other)
      alike &= uses.count(index) || same(use, CBUse());
    return alike;
  }

  bool runOp(Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (auto loop = scf::ForOp::dynCast(op)) {
      if (!get(loop.getLowerBound()) || !get(loop.getUpperBound()))
        return runDataDependentLoop(loop);
      int64_t lb = 0, ub = 0, step = 0;
      if (!need(op, loop.getLowerBound(), lb) ||
          !need(op, loop.getUpperBound(), ub) || !need(op, loop.getStep(), step))
        return false;
      if (step <= 0)
        return fail(op, "loop step must be positive");
      llvm::SmallVector<int64_t, 4> carried;
      for (Value init : loop.getInitArgs()) {
        int64_t value;
        if (!need(op, init, value))
          return false;
        carried.push_back(value);
      }
      for (int64_t iv = lb; iv < ub; iv += step) {
        llvm::SmallVector<int64_t, 4> arguments = {iv};
        arguments.append(carried.begin(), carried.end());
        llvm::SmallVector<int64_t, 4> next;
        if (!runBlock(*loop.getBody(), arguments, &next))
          return false;
        carried = next;
      }
      for (size_t i = 0; i < carried.size() && i < op->getNumResults(); ++i)
        values[op->getResult(i)] = carried[i];
      return true;
    }
    if (scf::WhileOp::dynCast(op))
      return runWhile(op);
    if (scf::IfOp::dynCast(op)) {
      // Results the branches compute are known where the branch taken
      // knows them, unknown after a data-dependent branch.
      for (Value result : op->getResults())
        values.erase(result);
      std::optional<int64_t> condition = get(op->getOperand(0));
      if (!condition)
        return runDataDependentIf(op);
      Region &region = op->getRegion(*condition ? 0 : 1);
      if (region.empty())
        return true;
      if (!runBlock(region.front(), {}))
        return false;
      Operation &terminator = region.front().back();
      for (size_t i = 0;
           i < terminator.getNumOperands() && i < op->getNumResults(); ++i)
        if (std::optional<int64_t> value = get(terminator.getOperand(i)))
          values[op->getResult(i)] = *value;
      return true;
    }
    if (name.startswith("arith."))
      return runArith(op, name);
    if (name.startswith("cb."))
      return runCB(op, name);
    if (name == "tt.get_arg_val") {
      int64_t index = getInt(op, "index");
      if (index < 0 || index >= int64_t(args.size()))
        return fail(op, "reads runtime argument " + llvm::Twine(index) +
                            " but the host gives " +
                            llvm::Twine(uint64_t(args.size())));
      // An unknown argument (a scalar's bits) stays unknown: a loop bound
      // or condition computed from it is an error at its use.
      if (args[index])
        values[op->getResult(0)] = *args[index];
      return true;
    }
    if (name == "tt.get_compile_time_arg_val") {
      auto ct = kernel.getCompileTimeArgValues();
      int64_t index = getInt(op, "index");
      if (ct && index >= 0 && index < int64_t(ct->size()))
        values[op->getResult(0)] = (*ct)[index];
      return true;
    }
    if (KernelNocState::handles(name)) {
      std::string message;
      if (!nocState.run(
              op, [&](Value value) { return get(value); },
              [&](Value value, int64_t result) { values[value] = result; },
              message))
        return fail(op, message);
      return true;
    }
    if (name.startswith("tt."))
      return runDevice(op, name);
    return true; // Other ops do not matter to the protocol.
  }

  bool runArith(Operation *op, llvm::StringRef name) {
    if (name == "arith.constant") {
      if (auto attr = arith::ConstantOp(op).getValue().dyn_cast_or_null<
                      IntegerAttr>())
        values[op->getResult(0)] = attr.getInt();
      return true;
    }
    if (op->getNumResults() != 1)
      return true;
    // A conjunction with a false operand is false (an `or` with a true one
    // true) whatever the other is: a guard of a known bound and a value
    // read at run time (a row limit) still decides past the bound.
    if ((name == "arith.andi" || name == "arith.ori") &&
        op->getResult(0).getType().isInteger(1)) {
      bool isAnd = name == "arith.andi";
      for (Value operand : op->getOperands()) {
        std::optional<int64_t> value = get(operand);
        if (value && bool(*value) != isAnd) {
          values[op->getResult(0)] = isAnd ? 0 : 1;
          return true;
        }
      }
    }
    llvm::SmallVector<int64_t, 3> operands;
    for (Value operand : op->getOperands()) {
      std::optional<int64_t> value = get(operand);
      if (!value)
        return true; // Unknown; an error only if control flow needs it.
      operands.push_back(*value);
    }
    std::optional<int64_t> result;
    auto a = [&] { return operands[0]; };
    auto b = [&] { return operands[1]; };
    if (name == "arith.index_cast" || name == "arith.extsi" ||
        name == "arith.extui" || name == "arith.trunci")
      result = a();
    else if (operands.size() == 2) {
      // A result that does not fit in 64 bits stays unknown: the kernel's
      // integers are at most 64 bits wide, and the check must not wrap.
      bool divisible =
          b() != 0 && !(a() == std::numeric_limits<int64_t>::min() && b() == -1);
      auto known = [](llvm::Optional<int64_t> value) {
        return value ? std::optional<int64_t>(*value) : std::nullopt;
      };
      if (name == "arith.addi")
        result = known(llvm::checkedAdd(a(), b()));
      else if (name == "arith.subi")
        result = known(llvm::checkedSub(a(), b()));
      else if (name == "arith.muli")
        result = known(llvm::checkedMul(a(), b()));
      else if ((name == "arith.divui" || name == "arith.divsi") && divisible)
        result = a() / b();
      else if (name == "arith.ceildivsi" && divisible)
        result = arith::ceilDivSigned(a(), b());
      else if (name == "arith.floordivsi" && divisible)
        result = arith::floorDivSigned(a(), b());
      else if ((name == "arith.remui" || name == "arith.remsi") && divisible)
        result = a() % b();
      else if (name == "arith.minsi" || name == "arith.minui")
        result = std::min(a(), b());
      else if (name == "arith.maxsi" || name == "arith.maxui")
        result = std::max(a(), b());
      else if (name == "arith.cmpi") {
        switch (arith::CmpIOp(op).getPredicate()) {
        case arith::CmpIPredicate::eq: result = a() == b(); break;
        case arith::CmpIPredicate::ne: result = a() != b(); break;
        case arith::CmpIPredicate::slt:
        case arith::CmpIPredicate::ult: result = a() < b(); break;
        case arith::CmpIPredicate::sle:
        case arith::CmpIPredicate::ule: result = a() <= b(); break;
        case arith::CmpIPredicate::sgt:
        case arith::CmpIPredicate::ugt: result = a() > b(); break;
        case arith::CmpIPredicate::sge:
        case arith::CmpIPredicate::uge: result = a() >= b(); break;
        }
      } else if (name == "arith.andi")
        result = a() & b();
      else if (name == "arith.ori")
        result = a() | b();
      else if (name == "arith.xori")
        result = a() ^ b();
    } else if (operands.size() == 3 && name == "arith.select")
      result = operands[0] ? operands[1] : operands[2];
    if (result)
      values[op->getResult(0)] = *result;
    return true;
  }

  bool runCB(Operation *op, llvm::StringRef name) {
    if (name == "cb.alloc") {
      int64_t index = cb::AllocOp(op).getIndex();
      auto config = cbs.find(index);
      if (config == cbs.end())
        return fail(op, "circular buffer " + llvm::Twine(index) +
                            " is not configured on this core (tt.cb_config)");
      if (config->second != op->getResult(0).getType()) {
        std::string configured;
        llvm::raw_string_ostream os(configured);
        os << config->second;
        return fail(op, "circular buffer " + llvm::Twine(index) +
                            " is configured as " + os.str() +
                            " in the program");
      }
      values[op->getResult(0)] = index;
      return true;
    }
    if (op->getNumOperands() != 1)
      return true;
    Operation *alloc = op->getOperand(0).getDefiningOp();
    if (!alloc || !cb::AllocOp::dynCast(alloc))
      return fail(op, "the circular buffer must come from cb.alloc in the "
                      "kernel");
    int64_t index = cb::AllocOp(alloc).getIndex();
    auto config = cbs.find(index);
    if (config == cbs.end())
      return fail(op, "circular buffer " + llvm::Twine(index) +
                          " is not configured in the program");
    int64_t capacity = config->second.getPages();
    int64_t pages = getInt(op, "pages", 0);
    CBUse &use = uses[index];
    // The pointers advance a page per page pushed or popped and wrap at the
    // end of the buffer; abstract addresses, so that a multicast from one
    // maps back to the CB (SemaphoreProtocol.h).
    if (name == "cb.get_write_ptr" || name == "cb.get_read_ptr") {
      if (capacity > 0 && op->getNumResults() == 1)
        values[op->getResult(0)] = getCBAddress(
            index, ((name == "cb.get_write_ptr" ? use.pushed : use.popped) %
                    capacity) *
                       config->second.getPageSize());
      return true;
    }
    llvm::Twine cbName = "circular buffer " + llvm::Twine(index);
    if (name == "cb.reserve_back" || name == "cb.wait_front") {
      if (pages > capacity)
        return fail(op, name + " of " + llvm::Twine(pages) + " pages on " +
                            cbName + ", which holds " + llvm::Twine(capacity) +
                            ": it can never be satisfied");
      if (capacity % pages != 0)
        return fail(op, name + " of " + llvm::Twine(pages) + " pages on " +
                            cbName + " of " + llvm::Twine(capacity) +
                            " pages: blocks would wrap around the buffer's "
                            "end (make its pages a multiple of " +
                            llvm::Twine(pages) + ")");
      if (name == "cb.reserve_back") {
        use.reserved = pages;
        use.packed = 0;
      } else {
        use.waited = pages;
      }
      return true;
    }
    if (name == "cb.push_back") {
      if (pages > use.reserved)
        return fail(op, "cb.push_back of " + llvm::Twine(pages) +
                            " pages on " + cbName + " after a reserve of " +
                            llvm::Twine(use.reserved) +
                            " (every push must follow a reserve of at least "
                            "as many pages)");
      use.reserved -= pages;
      use.packed = 0;
      use.pushed += pages;
      if (!use.firstPush)
        use.firstPush = op;
      return true;
    }
    if (name == "cb.pop_front") {
      if (pages > use.waited)
        return fail(op, "cb.pop_front of " + llvm::Twine(pages) + " pages on " +
                            cbName + " after a wait for " +
                            llvm::Twine(use.waited) +
                            " (every pop must follow a wait for at least as "
                            "many pages)");
      use.waited -= pages;
      use.popped += pages;
      if (!use.firstPop)
        use.firstPop = op;
      return true;
    }
    return true;
  }

  /// The page size of the accessor a NoC tile op goes through.
  int64_t getAccessorPageSize(Operation *op) {
    if (op->getNumOperands() < 2)
      return 0;
    Operation *accessor = op->getOperand(1).getDefiningOp();
    if (!accessor || accessor->getNumOperands() < 2)
      return 0;
    return get(accessor->getOperand(1)).value_or(0);
  }

  /// Where the kernel's compile-time words hold each `@buffer`'s
  /// TensorAccessorArgs (an integer of ct_args is one word, a `@buffer` two).
  void collectAccessorArgs() {
    auto ctArgs =
        kernel->getInherentAttr("ct_args").dyn_cast_or_null<ArrayAttr>();
    Operation *program = kernel->getParentOp();
    if (!ctArgs || !program || program->getNumRegions() != 1 ||
        program->getRegion(0).empty())
      return;
    for (Attribute arg : ctArgs) {
      auto symbol = arg.dyn_cast<FlatSymbolRefAttr>();
      if (!symbol) {
        ++numCompileTimeWords;
        continue;
      }
      for (Operation &child : program->getRegion(0).front())
        if (auto buffer = BufferOp::dynCast(&child))
          if (auto name = child.getInherentAttr("sym_name")
                              .dyn_cast_or_null<StringAttr>();
              name && name.getValue() == symbol.getValue())
            accessorArgs.insert_or_assign(numCompileTimeWords, buffer);
      numCompileTimeWords += kAccessorCompileTimeArgs;
      hasBufferArgs = true;
    }
  }

  /// The name of a buffer, for messages.
  static std::string getBufferName(BufferOp buffer) {
    if (auto name =
            buffer->getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>())
      return "@" + name.getValue().str();
    return "a buffer";
  }

  /// A tensor accessor: its TensorAccessorArgs must be among the kernel's
  /// compile-time words and, when the kernel names its buffers, start where
  /// one buffer's do, with that buffer's page size.
  bool runTensorAccessor(Operation *op) {
    int64_t offset = getInt(op, "ct_offset");
    // A kernel without ct_args (hand-written, older) does not describe its
    // compile-time words: nothing to check against.
    if (!kernel->getInherentAttr("ct_args"))
      return true;
    if (offset < 0 ||
        offset + int64_t(kAccessorCompileTimeArgs) > numCompileTimeWords)
      return fail(op, "reads compile-time arguments " + llvm::Twine(offset) +
                          " and " + llvm::Twine(offset + 1) +
                          " (TensorAccessorArgs) but the kernel has " +
                          llvm::Twine(numCompileTimeWords));
    if (!hasBufferArgs)
      return true; // Hand-written words: nothing to match them with.
    auto it = accessorArgs.find(offset);
    if (it == accessorArgs.end()) {
      std::string starts;
      for (auto &[start, buffer] : accessorArgs)
        starts += (starts.empty() ? "" : ", ") + std::to_string(start) + " (" +
                  getBufferName(buffer) + ")";
      return fail(op, "ct_offset(" + llvm::Twine(offset) +
                          ") is not where a buffer's TensorAccessorArgs "
                          "start; the kernel's ct_args place them at " +
                          (starts.empty() ? std::string("no offset") : starts));
    }
    BufferOp buffer = it->second;
    std::optional<int64_t> pageSize =
        op->getNumOperands() > 1 ? get(op->getOperand(1)) : std::nullopt;
    if (pageSize && *pageSize != buffer.getPageSize())
      return fail(op, "page size " + llvm::Twine(*pageSize) +
                          " differs from the page size " +
                          llvm::Twine(buffer.getPageSize()) + " of " +
                          getBufferName(buffer) + " (ct_offset(" +
                          llvm::Twine(offset) + "))");
    if (op->getNumResults() == 1)
      accessorBuffers[op->getResult(0)] = buffer;
    return true;
  }

  /// A DRAM tile id, where it is known, must be a page of the accessor's
  /// buffer.
  bool checkTileId(Operation *op, llvm::StringRef verb) {
    if (op->getNumOperands() < 2)
      return true;
    auto it = accessorBuffers.find(op->getOperand(1));
    std::optional<int64_t> id = get(op->getOperand(0));
    if (it == accessorBuffers.end() || !id)
      return true;
    BufferOp buffer = it->second;
    int64_t pageSize = buffer.getPageSize();
    if (pageSize <= 0)
      return true;
    int64_t pages = buffer.getSize() / pageSize +
                    (buffer.getSize() % pageSize != 0 ? 1 : 0);
    if (*id < 0 || *id >= pages)
      return fail(op, verb + " tile " + llvm::Twine(*id) + " of " +
                          getBufferName(buffer) + ", which has " +
                          llvm::Twine(pages) + " pages");
    return true;
  }

  bool runDevice(Operation *op, llvm::StringRef name) {
    if (name == "tt.tensor_accessor")
      return runTensorAccessor(op);
    bool readsPage =
        name == "tt.noc_async_read_tile" || name == "tt.noc_async_read_page";
    bool writesPage =
        name == "tt.noc_async_write_tile" || name == "tt.noc_async_write_page";
    if ((readsPage && !checkTileId(op, "reads")) ||
        (writesPage && !checkTileId(op, "writes")))
      return false;
    if (readsPage) {
      ++tileReads;
      bytesRead += getAccessorPageSize(op);
    } else if (writesPage) {
      ++tileWrites;
      bytesWritten += getAccessorPageSize(op);
    }
    bool hasDst = op->getInherentAttr("dst") || op->getInherentAttr("lhs");
    // matmul_block multiplies rt_dim x ct_dim tile pairs: in0's tiles
    // kt_dim apart (one per row), in1's consecutive (one per column).
    bool block = name == "tt.matmul_block";
    int64_t rows = block ? getInt(op, "rt_dim") : 1;
    int64_t columns = block ? getInt(op, "ct_dim") : 1;
    if (hasDst && !name.endswith("_init"))
      tileOps += rows * columns;
    if (name == "tt.tile_regs_acquire") {
      if (dst != Dst::Idle)
        return fail(op, "tile_regs_acquire while DST is still held (release "
                        "it first)");
      dst = Dst::Acquired;
      return true;
    }
    if (name == "tt.tile_regs_commit") {
      if (dst != Dst::Acquired)
        return fail(op, "tile_regs_commit without tile_regs_acquire");
      dst = Dst::Committed;
      return true;
    }
    if (name == "tt.tile_regs_wait") {
      if (dst != Dst::Committed)
        return fail(op, "tile_regs_wait without tile_regs_commit");
      dst = Dst::Waited;
      return true;
    }
    if (name == "tt.tile_regs_release") {
      if (dst != Dst::Waited)
        return fail(op, "tile_regs_release without tile_regs_wait");
      dst = Dst::Idle;
      return true;
    }
    if (name == "tt.read_cb_u32" &&
        uses[getInt(op, "in")].waited < 1)
      return fail(op, "reads a word of circular buffer " +
                          llvm::Twine(getInt(op, "in")) +
                          " but no page of it is waited for");
    bool packing = name == "tt.pack_tile" || name == "tt.pack_tile_at";
    if (packing) {
      if (dst != Dst::Waited)
        return fail(op, "packs DST outside tile_regs_wait ... "
                        "tile_regs_release");
      int64_t index = getInt(op, "out");
      CBUse &use = uses[index];
      int64_t position = use.packed;
      if (name == "tt.pack_tile_at") {
        int64_t at;
        if (!need(op, op->getOperand(0), at))
          return false;
        position = at;
      } else {
        ++use.packed;
      }
      if (position >= use.reserved)
        return fail(op, "packs tile " + llvm::Twine(position) +
                            " of circular buffer " + llvm::Twine(index) +
                            " but only " + llvm::Twine(use.reserved) +
                            " pages are reserved");
      return true;
    }
    if (hasDst && dst != Dst::Acquired)
      return fail(op, "writes DST outside tile_regs_acquire ... "
                      "tile_regs_commit");
    // Tiles read from CBs must have been waited for.
    static const std::pair<const char *, unsigned> reads[] = {
        {"in0", 0}, {"in1", 1}, {"in", 0}};
    if (hasDst)
      for (const auto &[property, operand] : reads) {
        int64_t index = getInt(op, property);
        if (index < 0 || operand >= op->getNumOperands())
          continue;
        int64_t tile;
        if (!need(op, op->getOperand(operand), tile))
          return false;
        if (block)
          tile +=
              operand == 0 ? (rows - 1) * getInt(op, "kt_dim") : columns - 1;
        int64_t waited = uses[index].waited;
        if (tile < 0 || tile >= waited)
          return fail(op, "reads tile " + llvm::Twine(tile) +
                              " of circular buffer " + llvm::Twine(index) +
                              " but only " + llvm::Twine(waited) +
                              " pages are waited for");
      }
    return true;
  }

  KernelOp kernel;
  llvm::ArrayRef<std::optional<int64_t>> args;
  const llvm::DenseMap<int64_t, cb::CBType> &cbs;
  int64_t budget;
  KernelNocState &nocState;
  llvm::DenseMap<Value, int64_t> values;
  Dst dst = Dst::Idle;
  /// The kernel's compile-time words, and where each `@buffer`'s start.
  int64_t numCompileTimeWords = 0;
  bool hasBufferArgs = false;
  std::map<int64_t, BufferOp> accessorArgs;
  /// The buffer each tensor accessor reaches.
  llvm::DenseMap<Value, BufferOp> accessorBuffers;
};

class TTVerifyPass : public Pass {
public:
  TTVerifyPass() {
    declareOption("max-steps",
                  "Ops executed per kernel and core before giving up",
                  &maxSteps);
  }
  llvm::StringRef getArgument() const override { return "tt-verify"; }
  llvm::StringRef getName() const override { return "TTVerify"; }
  llvm::StringRef getDescription() const override {
    return "Check tt programs: CB protocol and balance per core, DST use, "
           "L1 capacity, runtime arguments";
  }
  std::unique_ptr<Pass> clone() const override {
    auto pass = std::make_unique<TTVerifyPass>();
    pass->copyOptionValuesFrom(*this);
    return pass;
  }

  void runOnOperation() override {
    llvm::SmallVector<ProgramOp, 2> programs;
    getOperation()->walk([&](Operation *op) {
      if (auto program = ProgramOp::dynCast(op))
        programs.push_back(program);
    });
    bool ok = true;
    for (ProgramOp program : programs)
      ok &= succeeded(verifyProgram(program));
    if (!ok)
      signalPassFailure();
  }

private:
  /// The unpacker and packer are configured for the format of every CB the
  /// kernel moves tiles through, on every path (FormatState.h), and the
  /// CBs it unpacks straight to DST are fp32 and only copied.
  LogicalResult verifyFormats(KernelOp kernel) {
    llvm::DenseMap<int64_t, Type> formats = getKernelCBFormats(kernel);
    bool ok = true;
    llvm::SmallVector<int64_t, 4> toDest = getUnpackToDestFp32(kernel);
    for (int64_t cb : toDest) {
      Type format = formats.lookup(cb);
      if (format && !format.isF32() && !format.isInteger(32)) {
        kernel->emitError() << "circular buffer " << cb << " holds " << format
                            << "; only f32 and i32 CBs can be unpacked "
                               "straight to DST (unpack_to_dest_fp32)";
        ok = false;
      }
    }
    kernel->walk([&](Operation *op) {
      for (const auto &[reg, cb] : getFormatEffects(op).uses) {
        // SrcA and SrcB hold 19 bits: no int32 word survives them.
        Type format = formats.lookup(cb);
        if (reg != FormatRegister::Pack && format && format.isInteger(32) &&
            !llvm::is_contained(toDest, cb)) {
          op->emitError() << "unpacks circular buffer " << cb
                          << " (i32) through " << getFormatRegisterName(reg)
                          << ", which holds 19 bits: an i32 CB must be "
                             "unpacked straight to DST (unpack_to_dest_fp32) "
                             "by tt.copy_tile";
          ok = false;
        }
      }
      // These move the data without computing on it, and the unpacker can
      // put it into DST for them.
      if (movesIntoDest(op))
        return;
      for (const auto &[reg, cb] : getFormatEffects(op).uses)
        if (reg != FormatRegister::Pack && llvm::is_contained(toDest, cb)) {
          op->emitError() << "unpacks circular buffer " << cb << " through "
                          << getFormatRegisterName(reg)
                          << ", but the kernel unpacks it straight to DST "
                             "(unpack_to_dest_fp32): only tt.copy_tile, "
                             "tt.unary_bcast, tt.tilize_block and "
                             "tt.pack_untilize_block may read it";
          ok = false;
        }
    });
    for (const FormatMismatch &mismatch : findFormatMismatches(kernel, formats)) {
      bool packs = mismatch.reg == FormatRegister::Pack;
      InFlightDiagnostic diag = mismatch.op->emitError();
      diag << (packs ? "packs into" : "unpacks") << " circular buffer "
           << mismatch.cb << " (" << mismatch.required << ")"
           << (packs ? "" : " through ")
           << (packs ? "" : getFormatRegisterName(mismatch.reg))
           << ", but " << getFormatRegisterName(mismatch.reg)
           << " may be configured for another format here; reconfigure it "
              "first (tt-reconfigure-formats inserts what is needed)";
      for (const ReachingFormat &reaching : mismatch.reaching) {
        if (reaching.format == mismatch.required)
          continue;
        if (!reaching.setter) {
          diag.attachNote(kernel->getLoc())
              << "no op configures " << getFormatRegisterName(mismatch.reg)
              << " before it on some path (compute_kernel_hw_startup comes "
                 "first)";
          continue;
        }
        diag.attachNote(reaching.setter->getLoc())
            << getFormatRegisterName(mismatch.reg) << " is configured for "
            << reaching.format << " here";
      }
      ok = false;
    }
    return success(ok);
  }

  LogicalResult verifyProgram(ProgramOp program) {
    llvm::ArrayRef<int64_t> grid = program.getGrid();
    if (grid.size() != 2)
      return success(); // The op verifier reports it.
    int64_t columns = grid[0], rows = grid[1];
    llvm::SmallVector<CBConfigOp, 8> configs;
    llvm::SmallVector<KernelOp, 3> kernels;
    llvm::SmallVector<RuntimeArgsOp, 64> runtimeArgs;
    for (Operation &child : *program.getBody()) {
      if (auto config = CBConfigOp::dynCast(&child))
        configs.push_back(config);
      else if (auto kernel = KernelOp::dynCast(&child))
        kernels.push_back(kernel);
      else if (auto args = RuntimeArgsOp::dynCast(&child))
        runtimeArgs.push_back(args);
    }
    bool ok = true;

    // L1: the CBs of each core. On overflow, the error names every CB of
    // that core with its size, at the op it was made for (the copy or the
    // tile op whose buffer it holds), largest first.
    int64_t usable = getUsableL1Bytes(program.getArch());
    for (int64_t row = 0; row < rows && ok; ++row)
      for (int64_t column = 0; column < columns && ok; ++column) {
        int64_t bytes = 0;
        bool wrapped = false;
        llvm::SmallVector<std::pair<int64_t, CBConfigOp>, 16> onCore;
        for (CBConfigOp config : configs) {
          std::array<int64_t, 4> range = config.getCoreRange();
          cb::CBType type = config.getCBType();
          if (!type || column < range[0] || column > range[2] ||
              row < range[1] || row > range[3])
            continue;
          // Checked: a hand-written CB type can be of any size, and a
          // wrapped sum would pass.
          llvm::Optional<int64_t> cbBytes =
              llvm::checkedMul(type.getPages(), type.getPageSize());
          llvm::Optional<int64_t> sum =
              cbBytes ? llvm::checkedAdd(bytes, *cbBytes) : llvm::None;
          wrapped |= !sum;
          bytes = sum ? *sum : std::numeric_limits<int64_t>::max();
          onCore.push_back(
              {cbBytes ? *cbBytes : std::numeric_limits<int64_t>::max(),
               config});
        }
        if (bytes <= usable)
          continue;
        std::stable_sort(onCore.begin(), onCore.end(),
                         [](const auto &a, const auto &b) {
                           return a.first > b.first;
                         });
        InFlightDiagnostic diag = onCore.front().second->emitError();
        diag << "the circular buffers of core [" << column << ", " << row
             << "] need ";
        if (wrapped)
          diag << "more than 2^63";
        else
          diag << bytes;
        diag << " bytes of L1; " << program.getArch() << " has " << usable
             << " usable (use fewer stages or smaller blocks)";
        for (auto &[cbBytes, config] : onCore) {
          cb::CBType type = config.getCBType();
          Diagnostic &note = diag.attachNote(config->getLoc());
          note << "c_" << config.getIndex() << ": " << type.getPages()
               << " pages of " << type.getPageSize() << " bytes ("
               << type.getDataFormat() << ") = ";
          if (cbBytes == std::numeric_limits<int64_t>::max())
            note << "more than 2^63 bytes";
          else
            note << cbBytes << " bytes";
        }
        ok = false;
      }

    llvm::DenseMap<int64_t, cb::CBType> cbs;
    for (CBConfigOp config : configs)
      if (cb::CBType type = config.getCBType())
        cbs[config.getIndex()] = type;

    // Data formats: what each compute kernel unpacks and packs, against
    // what it has configured (static: the same on every core).
    for (KernelOp kernel : kernels)
      if (kernel.isCompute() && failed(verifyFormats(kernel)))
        ok = false;

    // Per core: runtime arguments, then each kernel's run.
    SemaphoreLedger ledger(program);
    bool followedEveryKernel = true;
    // A kernel given up on once is not followed on the other cores: they
    // run the same code, on as much data.
    llvm::SmallPtrSet<Operation *, 4> givenUp;
    int64_t bytesRead = 0, bytesWritten = 0, tileReads = 0, tileWrites = 0;
    llvm::SmallVector<int64_t, 64> tileOpsPerCore;
    for (int64_t row = 0; row < rows && ok; ++row)
      for (int64_t column = 0; column < columns && ok; ++column) {
        std::map<int64_t, std::vector<std::pair<KernelOp, CBUse>>> perCB;
        int64_t coreTileOps = 0;
        bool active = false;
        // The pages a kernel not followed to its end pushes or pops are not
        // known: the core's balance is not checked then.
        bool followedCore = true;
        for (KernelOp kernel : kernels) {
          if (!kernel.runsOn(column, row))
            continue;
          if (givenUp.count(kernel.getOperation())) {
            followedCore = false;
            continue;
          }
          llvm::StringRef name = getSymbolName(kernel);
          llvm::SmallVector<std::optional<int64_t>, 8> args;
          bool given = false;
          for (RuntimeArgsOp runtime : runtimeArgs) {
            llvm::ArrayRef<int64_t> core = runtime.getCore();
            if (runtime.getKernel() != name || core.size() != 2 ||
                core[0] != column || core[1] != row)
              continue;
            given = true;
            for (Attribute value : runtime.getValues()) {
              if (auto integer = value.dyn_cast<IntegerAttr>())
                args.push_back(integer.getInt());
              else if (auto coordinate = getNocCoordinate(value))
                args.push_back(getNocCoordinateValue(*coordinate));
              else if (isScalarSymbol(program, value))
                args.push_back(std::nullopt); // Data: a scalar's f32 bits.
              else
                args.push_back(0); // A buffer's address.
            }
          }
          if (!given && kernel.getNumRuntimeArgs() > 0) {
            kernel->emitError()
                << "kernel @" << name << " reads "
                << kernel.getNumRuntimeArgs()
                << " runtime arguments but the host gives none on core ["
                << column << ", " << row << "] (tt.runtime_args)";
            ok = false;
            break;
          }
          KernelNocState nocState(ledger, kernel, column, row);
          Interpreter interpreter(kernel, args, cbs, maxSteps, nocState);
          if (!interpreter.run()) {
            if (interpreter.outOfBudget) {
              followedEveryKernel = false;
              followedCore = false;
              givenUp.insert(kernel.getOperation());
              kernel->emitWarning()
                  << "tt-verify stopped following kernel @" << name
                  << " on core [" << column << ", " << row << "] after "
                  << maxSteps
                  << " steps; its CB protocol is not checked (on any core)";
              continue;
            }
            const Violation &violation = interpreter.violation;
            violation.op->emitError()
                << violation.message << " (kernel @" << name << " on core ["
                << column << ", " << row << "])";
            ok = false;
            break;
          }
          for (auto &[index, use] : interpreter.uses) {
            perCB[index].push_back({kernel, use});
            if (use.pushed > 0)
              ledger.recordPush(column, row, index);
          }
          numTileReads += interpreter.tileReads;
          numTileWrites += interpreter.tileWrites;
          tileReads += interpreter.tileReads;
          tileWrites += interpreter.tileWrites;
          bytesRead += interpreter.bytesRead;
          bytesWritten += interpreter.bytesWritten;
          coreTileOps += interpreter.tileOps;
          active = true;
        }
        if (!ok)
          break;
        if (active)
          tileOpsPerCore.append({column, row, coreTileOps});
        if (followedCore)
          ok = succeeded(checkBalance(perCB, column, row));
      }
    if (!ok)
      return failure();

    // What needs every core's run: the semaphore protocol and multicasts
    // (not when a kernel was given up on: its writes are missing).
    if (followedEveryKernel && failed(ledger.check()))
      return failure();

    // What the run measured, for the plan's cost estimate.
    Context *context = program->getContext();
    auto i64 = [&](int64_t value) {
      return IntegerAttr::get(IntegerType::get(context, 64), value);
    };
    program->setAttr(
        "tt.cost",
        DictionaryAttr::get(
            context,
            {NamedAttribute(StringAttr::get(context, "dram_bytes_read"),
                            i64(bytesRead)),
             NamedAttribute(StringAttr::get(context, "dram_bytes_written"),
                            i64(bytesWritten)),
             NamedAttribute(StringAttr::get(context, "dram_tile_reads"),
                            i64(tileReads)),
             NamedAttribute(StringAttr::get(context, "dram_tile_writes"),
                            i64(tileWrites)),
             NamedAttribute(StringAttr::get(context, "tile_ops_per_core"),
                            DenseArrayAttr::getI64(context, tileOpsPerCore))}));
    return success();
  }

  static llvm::StringRef getSymbolName(KernelOp kernel) {
    if (auto name = kernel->getInherentAttr("sym_name")
                        .dyn_cast_or_null<StringAttr>())
      return name.getValue();
    return "";
  }

  LogicalResult checkBalance(
      const std::map<int64_t, std::vector<std::pair<KernelOp, CBUse>>> &perCB,
      int64_t column, int64_t row) {
    for (const auto &[index, kernelUses] : perCB) {
      int64_t pushed = 0, popped = 0;
      const std::pair<KernelOp, CBUse> *producer = nullptr,
                                       *consumer = nullptr;
      for (const auto &entry : kernelUses) {
        pushed += entry.second.pushed;
        popped += entry.second.popped;
        if (entry.second.firstPush && !producer)
          producer = &entry;
        if (entry.second.firstPop && !consumer)
          consumer = &entry;
      }
      if (pushed == popped)
        continue;
      std::string where = "core [" + std::to_string(column) + ", " +
                          std::to_string(row) + "]";
      if (producer && consumer) {
        InFlightDiagnostic diag =
            producer->second.firstPush->emitError()
            << "circular buffer " << index << " is unbalanced on " << where
            << ": kernel @" << getSymbolName(producer->first) << " pushes "
            << pushed << " pages in all, kernel @"
            << getSymbolName(consumer->first) << " pops " << popped;
        diag.attachNote(producer->second.firstPush->getLoc())
            << "pushed " << getInt(producer->second.firstPush, "pages", 0)
            << " pages per iteration here";
        diag.attachNote(consumer->second.firstPop->getLoc())
            << "popped " << getInt(consumer->second.firstPop, "pages", 0)
            << " pages per iteration here";
        return failure();
      }
      if (producer) {
        producer->second.firstPush->emitError()
            << "circular buffer " << index << " is pushed (" << pushed
            << " pages on " << where
            << ") but no kernel pops it: the producer stalls once it is full";
        return failure();
      }
      consumer->second.firstPop->emitError()
          << "circular buffer " << index << " is popped (" << popped
          << " pages on " << where
          << ") but no kernel pushes it: the consumer waits forever";
      return failure();
    }
    return success();
  }

  int64_t maxSteps = 50000000;
  Statistic numTileReads{this, "dram-tile-reads",
                         "Tiles the programs read from DRAM (all cores)"};
  Statistic numTileWrites{this, "dram-tile-writes",
                          "Tiles the programs write to DRAM (all cores)"};
};

} // namespace

std::unique_ptr<Pass> tt::createTTVerifyPass() {
  return std::make_unique<TTVerifyPass>();
}

void tt::registerTTPasses() {
  registerPass([] { return createTTVerifyPass(); });
  registerPass([] { return createTTReconfigureFormatsPass(); });
}
