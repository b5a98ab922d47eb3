//===- SCFRegionBranch.cpp - Control flow between scf regions -------------===//
//
// Tilt has no RegionBranchOpInterface; scf.for, scf.if, scf.while,
// scf.index_switch and scf.execute_region describe their control flow here
// instead, as lists of edges (which operands flow into which region
// arguments or results). Two things are built on them, as MLIR 22 has them
// for these ops:
//
//   - the interface's verifier: along each edge, as many values as the
//     target takes, of the same types;
//   - the three generic canonicalizations MLIR 22 registers for scf.while,
//     scf.index_switch and scf.execute_region
//     (populateRegionBranchOpInterfaceCanonicalizationPatterns):
//       MakeRegionBranchOpSuccessorInputsDead   an input that can only hold
//                                               one outside value is
//                                               replaced by that value;
//       RemoveDuplicateSuccessorInputUses       two inputs fed the same
//                                               values on every edge: the
//                                               second is replaced by the
//                                               first;
//       RemoveDeadRegionBranchOpSuccessorInputs inputs without uses (with
//                                               every input tied to them)
//                                               are erased, and so are the
//                                               operands that feed them.
//
//===----------------------------------------------------------------------===//

#include "SCFInternal.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tilt;
using namespace tilt::scf;
using namespace tilt::scf::detail;

//===----------------------------------------------------------------------===//
// Edges
//===----------------------------------------------------------------------===//

/// The values of `block`'s arguments.
static llvm::SmallVector<Value, 4> getArgumentValues(Block &block) {
  return llvm::SmallVector<Value, 4>(block.getArguments().begin(),
                                     block.getArguments().end());
}

/// The op's results as values.
static llvm::SmallVector<Value, 4> getResultValues(Operation *op) {
  llvm::SmallVector<Value, 4> results;
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    results.push_back(op->getResult(i));
  return results;
}

void scf::detail::getRegionBranchEdges(
    Operation *op, llvm::SmallVectorImpl<RegionBranchEdge> &edges) {
  llvm::MutableArrayRef<OpOperand> none;
  if (WhileOp::classof(op)) {
    Block &before = op->getRegion(0).front();
    Block &after = op->getRegion(1).front();
    edges.push_back({op, 0, op->getOpOperands(), getArgumentValues(before)});
    // scf.condition leaves the loop (results) or enters the after region.
    Operation *condition = &before.back();
    llvm::MutableArrayRef<OpOperand> args =
        condition->getOpOperands().drop_front();
    edges.push_back({condition, -1, args, getResultValues(op)});
    edges.push_back({condition, 1, args, getArgumentValues(after)});
    Operation *yield = &after.back();
    edges.push_back(
        {yield, 0, yield->getOpOperands(), getArgumentValues(before)});
    return;
  }
  if (ForOp::classof(op)) {
    // The initial values enter the body or, for no iteration, become the
    // results; scf.yield goes back to the body or leaves the loop.
    Block &body = op->getRegion(0).front();
    llvm::MutableArrayRef<OpOperand> inits = op->getOpOperands().drop_front(3);
    llvm::SmallVector<Value, 4> iterArgs = getArgumentValues(body);
    iterArgs.erase(iterArgs.begin());
    edges.push_back({op, 0, inits, iterArgs});
    edges.push_back({op, -1, inits, getResultValues(op)});
    Operation *yield = &body.back();
    edges.push_back({yield, 0, yield->getOpOperands(), iterArgs});
    edges.push_back({yield, -1, yield->getOpOperands(), getResultValues(op)});
    return;
  }
  // scf.if without an else region may skip to its results.
  if (IfOp::classof(op) && op->getRegion(1).empty()) {
    edges.push_back({op, 0, none, {}});
    edges.push_back({op, -1, none, getResultValues(op)});
    Operation *yield = &op->getRegion(0).front().back();
    edges.push_back({yield, -1, yield->getOpOperands(), getResultValues(op)});
    return;
  }
  // scf.if, scf.index_switch and scf.execute_region enter their regions
  // with no values; every scf.yield returns to the op's results.
  for (Region &region : op->getRegions())
    edges.push_back({op, int(region.getRegionNumber()), none, {}});
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      if (block.empty() || !YieldOp::classof(&block.back()))
        continue;
      Operation *yield = &block.back();
      edges.push_back({yield, -1, yield->getOpOperands(), getResultValues(op)});
    }
}

LogicalResult scf::detail::verifyRegionBranchEdges(Operation *op) {
  llvm::SmallVector<RegionBranchEdge, 8> edges;
  getRegionBranchEdges(op, edges);
  for (RegionBranchEdge &edge : edges) {
    auto describe = [&](InFlightDiagnostic &diag) {
      diag << "along control flow edge from ";
      if (edge.point == op)
        diag << "parent";
      else
        diag << "Operation " << edge.point->getName().getStringRef();
      diag << " to ";
      if (edge.targetRegion < 0)
        diag << "parent";
      else
        diag << "Region #" << edge.targetRegion;
      diag << ": ";
    };
    if (edge.operands.size() != edge.inputs.size()) {
      InFlightDiagnostic diag = op->emitOpError();
      describe(diag);
      diag << "region branch point has " << unsigned(edge.operands.size())
           << " operands, but region successor needs "
           << unsigned(edge.inputs.size()) << " inputs";
      diag.attachNote(edge.point->getLoc()) << "region branch point";
      return failure();
    }
    for (unsigned i = 0, e = edge.inputs.size(); i < e; ++i) {
      Type operandType = edge.operands[i].get().getType();
      Type inputType = edge.inputs[i].getType();
      if (operandType == inputType)
        continue;
      InFlightDiagnostic diag = op->emitOpError();
      describe(diag);
      diag << "successor operand type #" << i << " " << operandType
           << " should match successor input type #" << i << " "
           << inputType;
      diag.attachNote(edge.point->getLoc()) << "region branch point";
      return failure();
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Mappings between operands and inputs
//===----------------------------------------------------------------------===//

namespace {

/// Which inputs each operand flows into, and which operands flow into each
/// input, in a deterministic order.
struct SuccessorMapping {
  llvm::MapVector<OpOperand *, llvm::SmallVector<Value, 2>> operandToInputs;
  llvm::MapVector<Value, llvm::SmallVector<OpOperand *, 2>> inputToOperands;

  explicit SuccessorMapping(Operation *op) {
    llvm::SmallVector<RegionBranchEdge, 8> edges;
    getRegionBranchEdges(op, edges);
    for (RegionBranchEdge &edge : edges)
      for (unsigned i = 0,
                    e = std::min(edge.inputs.size(), edge.operands.size());
           i < e; ++i) {
        operandToInputs[&edge.operands[i]].push_back(edge.inputs[i]);
        inputToOperands[edge.inputs[i]].push_back(&edge.operands[i]);
      }
  }
};

/// Whether `a` may stand for the input `b` of `op` (MLIR's
/// isDefinedBefore): a value defined outside the op always may; one defined
/// in the op's regions only if both are arguments of the same block.
bool isDefinedBefore(Operation *op, Value a, Value b) {
  Region *region = a.getParentRegion();
  if (!region || region->getParentOp() != op)
    return true;
  if (b.getDefiningOp())
    return false;
  Block *aBlock = a.getDefiningOp() ? nullptr : a.getParentBlock();
  return aBlock && aBlock == b.getParentBlock();
}

/// The values that are not inputs and that can reach `value` through the
/// edges, following inputs that feed other inputs.
llvm::SmallVector<Value, 2>
getReachableValues(Value value, const SuccessorMapping &mapping) {
  llvm::SmallVector<Value, 2> reachable;
  llvm::SmallPtrSet<void *, 8> visited;
  llvm::SmallVector<Value, 8> worklist{value};
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    auto it = mapping.inputToOperands.find(next);
    if (it == mapping.inputToOperands.end()) {
      if (!llvm::is_contained(reachable, next))
        reachable.push_back(next);
      continue;
    }
    for (OpOperand *operand : it->second)
      if (visited.insert(operand->get().getAsOpaquePointer()).second)
        worklist.push_back(operand->get());
  }
  return reachable;
}

struct MakeRegionBranchOpSuccessorInputsDead : public RewritePattern {
  MakeRegionBranchOpSuccessorInputsDead(Context *context,
                                        llvm::StringRef opName)
      : RewritePattern(opName, PatternBenefit(1), context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    SuccessorMapping mapping(op);
    bool changed = false;
    for (auto &entry : mapping.inputToOperands) {
      Value input = entry.first;
      if (input.use_empty())
        continue;
      llvm::SmallVector<Value, 2> reachable =
          getReachableValues(input, mapping);
      if (reachable.size() != 1 || !isDefinedBefore(op, reachable[0], input))
        continue;
      rewriter.replaceAllUsesWith(input, reachable[0]);
      changed = true;
    }
    if (!changed)
      return rewriter.notifyMatchFailure(op, "no input has a single value");
    return success();
  }
};

/// The argument or result number of an input.
unsigned getInputNumber(Value value) {
  if (Operation *owner = value.getDefiningOp())
    for (unsigned i = 0, e = owner->getNumResults(); i < e; ++i)
      if (Value(owner->getResult(i)) == value)
        return i;
  Block *block = value.getParentBlock();
  for (unsigned i = 0, e = block->getNumArguments(); i < e; ++i)
    if (Value(block->getArgument(i)) == value)
      return i;
  return 0;
}

/// The block or op that owns an input.
const void *getInputOwner(Value value) {
  if (Operation *owner = value.getDefiningOp())
    return owner;
  return value.getParentBlock();
}

struct RemoveDuplicateSuccessorInputUses : public RewritePattern {
  RemoveDuplicateSuccessorInputUses(Context *context, llvm::StringRef opName)
      : RewritePattern(opName, PatternBenefit(1), context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    SuccessorMapping mapping(op);
    llvm::SmallVector<Value, 8> inputs;
    for (auto &entry : mapping.inputToOperands)
      inputs.push_back(entry.first);
    // By number, so that tied inputs (a result and the arguments fed with
    // it) keep the same survivor and become dead together.
    std::stable_sort(inputs.begin(), inputs.end(), [](Value a, Value b) {
      return getInputNumber(a) < getInputNumber(b);
    });
    // What each point feeds into an input.
    auto feeds = [&](Value input) {
      llvm::SmallDenseMap<Operation *, Value, 4> result;
      for (OpOperand *operand : mapping.inputToOperands.lookup(input))
        result[operand->getOwner()] = operand->get();
      return result;
    };
    bool changed = false;
    for (unsigned i = 0, e = inputs.size(); i < e; ++i)
      for (unsigned j = i + 1; j < e; ++j) {
        if (inputs[j].use_empty() ||
            getInputOwner(inputs[i]) != getInputOwner(inputs[j]))
          continue;
        if (feeds(inputs[i]) != feeds(inputs[j]))
          continue;
        rewriter.replaceAllUsesWith(inputs[j], inputs[i]);
        changed = true;
      }
    if (!changed)
      return rewriter.notifyMatchFailure(op, "no duplicate inputs");
    return success();
  }
};

/// Replaces `op` by a copy without the results in `erased`; the regions
/// move to the copy (MLIR's RewriterBase::eraseOpResults).
Operation *eraseOpResults(PatternRewriter &rewriter, Operation *op,
                          const llvm::BitVector &erased) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(op->getOperands());
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    if (!erased.test(i))
      state.addTypes(op->getResult(i).getType());
  state.attributes = NamedAttrList(op->getAttrDictionary());
  state.properties = NamedAttrList(op->getPropertiesDict());
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  rewriter.setInsertionPoint(op);
  Operation *newOp = rewriter.create(state);
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    rewriter.inlineRegionBefore(op->getRegion(i), newOp->getRegion(i),
                                newOp->getRegion(i).end());
  llvm::SmallVector<Value, 4> replacements;
  unsigned next = 0;
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    replacements.push_back(erased.test(i) ? Value()
                                          : Value(newOp->getResult(next++)));
  rewriter.replaceOp(op, replacements);
  return newOp;
}

struct RemoveDeadRegionBranchOpSuccessorInputs : public RewritePattern {
  RemoveDeadRegionBranchOpSuccessorInputs(Context *context,
                                          llvm::StringRef opName)
      : RewritePattern(opName, PatternBenefit(1), context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    SuccessorMapping mapping(op);
    // Inputs fed by one operand must go together: erasing the operand
    // removes a value from each of them.
    llvm::EquivalenceClasses<void *> tied;
    for (auto &entry : mapping.operandToInputs) {
      void *first = entry.second.front().getAsOpaquePointer();
      tied.insert(first);
      for (Value input : llvm::drop_begin(entry.second))
        tied.unionSets(first, input.getAsOpaquePointer());
    }
    llvm::DenseMap<void *, bool> classIsDead;
    for (auto &entry : mapping.inputToOperands) {
      void *leader = tied.getLeaderValue(entry.first.getAsOpaquePointer());
      auto inserted = classIsDead.try_emplace(leader, true);
      if (!entry.first.use_empty())
        inserted.first->second = false;
    }
    llvm::SmallVector<Value, 8> dead;
    for (auto &entry : mapping.inputToOperands)
      if (classIsDead.lookup(
              tied.getLeaderValue(entry.first.getAsOpaquePointer())))
        dead.push_back(entry.first);
    if (dead.empty())
      return rewriter.notifyMatchFailure(op, "no dead inputs");

    // Erase the operands that feed dead inputs, then the block arguments,
    // then the results.
    llvm::MapVector<Operation *, llvm::BitVector> operands;
    llvm::MapVector<Block *, llvm::BitVector> arguments;
    llvm::BitVector results(op->getNumResults());
    for (Value input : dead) {
      for (OpOperand *operand : mapping.inputToOperands.lookup(input)) {
        Operation *owner = operand->getOwner();
        auto &bits = operands[owner];
        bits.resize(owner->getNumOperands());
        bits.set(operand->getOperandNumber());
      }
      if (input.getDefiningOp() == op) {
        results.set(getInputNumber(input));
        continue;
      }
      Block *block = input.getParentBlock();
      auto &bits = arguments[block];
      bits.resize(block->getNumArguments());
      bits.set(getInputNumber(input));
    }
    for (auto &entry : operands)
      rewriter.modifyOpInPlace(entry.first, [&] {
        for (unsigned i = entry.second.size(); i-- > 0;)
          if (entry.second.test(i))
            entry.first->eraseOperand(i);
      });
    for (auto &entry : arguments)
      rewriter.modifyOpInPlace(op, [&] {
        for (unsigned i = entry.second.size(); i-- > 0;)
          if (entry.second.test(i))
            entry.first->eraseArgument(i);
      });
    if (results.any())
      eraseOpResults(rewriter, op, results);
    return success();
  }
};

} // namespace

void scf::detail::populateRegionBranchCleanupPatterns(
    RewritePatternSet &patterns, llvm::StringRef opName) {
  patterns.add<MakeRegionBranchOpSuccessorInputsDead,
               RemoveDuplicateSuccessorInputUses,
               RemoveDeadRegionBranchOpSuccessorInputs>(opName);
}
