//===- AsmPrinter.cpp - Printing operations in MLIR's text format ---------===//
//
// Values are named exactly as MLIR's printer names them, so that Tilt and
// mlir-opt print identical text: result name hints (custom form only) or
// numbers, `%argN` for entry-block arguments, and nested regions numbered
// after their whole parent region, starting from a snapshot of the parent's
// counters (so sibling regions reuse the same numbers). Blocks are `^bbN`,
// restarting in each region.
//
// Printing only reads the IR: the numbers are kept in this printer's own
// maps, never in the ops (earlier the result numbers lived in the ops'
// order-index fields, which made printing clear the blocks' order caches and
// race with threads printing sibling functions). One map entry per op with
// results holds the number of all its results; named results and ops with
// several result groups have per-value entries.
//
//===----------------------------------------------------------------------===//

#include "AsmPrinterImpl.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Region.h"
#include "tilt/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopedHashTable.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Allocator.h"

using namespace tilt;
using namespace tilt::detail;

namespace {

//===----------------------------------------------------------------------===//
// SSANameState
//===----------------------------------------------------------------------===//

class SSANameState {
public:
  static constexpr unsigned kNameSentinel = ~0u;

  SSANameState(Operation *op, const OpPrintingFlags &flags);

  /// Prints `%name`, `%N` or `%N#k` for `value`.
  void printValueID(Value value, bool printResultNo, llvm::raw_ostream &os);
  /// The order of a block in its region (it prints as `^bb<ordering>`) and
  /// the number of its first argument (`%arg<N>` in an entry block, `%<N>`
  /// otherwise).
  struct BlockInfo {
    int ordering = -1;
    unsigned firstArgID = 0;
    bool isEntry = false;
  };
  BlockInfo getBlockInfo(Block *block) {
    auto it = blockInfos.find(block);
    if (it == blockInfos.end())
      return BlockInfo();
    return it->second;
  }
  void printBlockName(Block *block, llvm::raw_ostream &os) {
    int ordering = getBlockInfo(block).ordering;
    if (ordering < 0)
      os << "^INVALIDBLOCK";
    else
      os << "^bb" << ordering;
  }
  llvm::ArrayRef<int> getOpResultGroups(Operation *op) {
    auto it = opResultGroups.find(op);
    return it == opResultGroups.end() ? llvm::ArrayRef<int>() : it->second;
  }

private:
  void numberValuesInRegion(Region &region);
  void numberValuesInBlock(Block &block);
  void numberValuesInOp(Operation &op);
  void setValueName(Value value, llvm::StringRef name);
  llvm::StringRef uniqueValueName(llvm::StringRef name);

  /// Whether the results of `op` were numbered by this state.
  bool isNumberedOp(Operation *op) {
    return op == root || (op->getBlock() && blockInfos.count(op->getBlock()));
  }

  const OpPrintingFlags &flags;
  Operation *root;
  /// Numbers of results in ops with several result groups, and names of
  /// results with a name hint (the others keep their number in their op).
  llvm::DenseMap<detail::ValueImpl *, unsigned> valueIDs;
  llvm::DenseMap<detail::ValueImpl *, llvm::StringRef> valueNames;
  bool isNumbered(detail::ValueImpl *value) const {
    return valueIDs.count(value) || valueNames.count(value);
  }
  llvm::DenseMap<Operation *, llvm::SmallVector<int, 1>> opResultGroups;
  /// The number of all results of an op with a single result group, or
  /// kNameSentinel when its results are numbered or named one by one.
  llvm::DenseMap<Operation *, unsigned> opIDs;
  /// Numbered blocks.
  llvm::DenseMap<Block *, BlockInfo> blockInfos;
  llvm::ScopedHashTable<llvm::StringRef, char> usedNames;
  llvm::BumpPtrAllocator usedNameAllocator;
  unsigned nextValueID = 0;
  unsigned nextArgumentID = 0;
  unsigned nextConflictID = 0;
};

SSANameState::SSANameState(Operation *op, const OpPrintingFlags &flags)
    : flags(flags), root(op) {
  using ScopeTy = llvm::ScopedHashTable<llvm::StringRef, char>::ScopeTy;
  struct NamingContext {
    Region *region;
    unsigned nextValueID, nextArgumentID, nextConflictID;
    ScopeTy *parentScope;
  };
  llvm::BumpPtrAllocator scopeAllocator;
  auto *topScope = new (scopeAllocator.Allocate<ScopeTy>()) ScopeTy(usedNames);

  llvm::SmallVector<NamingContext, 8> stack;
  for (Region &region : op->getRegions())
    stack.push_back(
        {&region, nextValueID, nextArgumentID, nextConflictID, topScope});
  numberValuesInOp(*op);

  while (!stack.empty()) {
    NamingContext context = stack.pop_back_val();
    // In generic form MLIR prints unique IDs: the counters carry on across
    // regions instead of restarting from the parent's snapshot.
    if (!flags.shouldPrintGenericOpForm()) {
      nextValueID = context.nextValueID;
      nextArgumentID = context.nextArgumentID;
      nextConflictID = context.nextConflictID;
    }
    // Leaving a subtree: pop the scopes down to the parent's.
    while (usedNames.getCurScope() != context.parentScope)
      usedNames.getCurScope()->~ScopeTy();
    auto *scope = new (scopeAllocator.Allocate<ScopeTy>()) ScopeTy(usedNames);

    numberValuesInRegion(*context.region);

    for (Block &block : *context.region)
      for (Operation &nested : block)
        for (Region &region : nested.getRegions())
          stack.push_back(
              {&region, nextValueID, nextArgumentID, nextConflictID, scope});
  }
  while (usedNames.getCurScope())
    usedNames.getCurScope()->~ScopeTy();
}

void SSANameState::numberValuesInRegion(Region &region) {
  int nextBlockID = 0;
  for (Block &block : region) {
    blockInfos[&block].ordering = nextBlockID++;
    numberValuesInBlock(block);
  }
}

void SSANameState::numberValuesInBlock(Block &block) {
  BlockInfo &info = blockInfos[&block];
  info.isEntry = block.isEntryBlock();
  // Arguments are numbered consecutively: `%argN` in an entry block, plain
  // numbers otherwise, as MLIR does.
  unsigned &counter = info.isEntry ? nextArgumentID : nextValueID;
  info.firstArgID = counter;
  counter += block.getNumArguments();
  for (Operation &op : block)
    numberValuesInOp(op);
}

void SSANameState::numberValuesInOp(Operation &op) {
  unsigned numResults = op.getNumResults();
  if (numResults == 0)
    return;
  llvm::SmallVector<int, 2> resultGroups(1, 0);
  if (!flags.shouldPrintGenericOpForm()) {
    if (const OpInfo *info = op.getName().getInfo()) {
      info->getAsmResultNames(&op, [&](Value result, llvm::StringRef name) {
        if (isNumbered(result.getImpl()))
          return;
        setValueName(result, name);
        if (unsigned resultNo = result.cast<OpResult>().getResultNumber())
          resultGroups.push_back(resultNo);
      });
    }
  }
  if (resultGroups.size() == 1 && !isNumbered(op.getResultImpl(0))) {
    // The common case: one number for all results, kept in the op.
    opIDs[&op] = nextValueID++;
    return;
  }
  opIDs[&op] = kNameSentinel;
  if (!isNumbered(op.getResultImpl(0)))
    valueIDs[op.getResultImpl(0)] = nextValueID++;
  if (resultGroups.size() != 1) {
    llvm::sort(resultGroups);
    opResultGroups[&op].assign(resultGroups.begin(), resultGroups.end());
  }
}

void SSANameState::setValueName(Value value, llvm::StringRef name) {
  if (name.empty()) {
    valueIDs[value.getImpl()] = nextValueID++;
    return;
  }
  valueNames[value.getImpl()] = uniqueValueName(name);
}

/// MLIR's sanitizeIdentifier: a leading digit gets a `_` prefix, invalid
/// characters become `_` (space) or their hex code.
static llvm::StringRef sanitizeIdentifier(llvm::StringRef name,
                                          llvm::SmallString<16> &buffer) {
  auto validChar = [](char ch) {
    return llvm::isAlnum(ch) || llvm::StringRef("$._-").contains(ch);
  };
  auto copyNameToBuffer = [&] {
    for (char ch : name) {
      if (validChar(ch))
        buffer.push_back(ch);
      else if (ch == ' ')
        buffer.push_back('_');
      else
        buffer.append(llvm::utohexstr((unsigned char)ch));
    }
  };
  if (llvm::isDigit(name[0])) {
    buffer.push_back('_');
    copyNameToBuffer();
    return buffer;
  }
  if (llvm::all_of(name, validChar))
    return name;
  copyNameToBuffer();
  return buffer;
}

/// Whether `name` looks like an entry-block argument name (`arg<N>`), which
/// are not recorded as used names.
static bool isArgumentName(llvm::StringRef name) {
  return name.consume_front("arg") && !name.empty() &&
         llvm::all_of(name, llvm::isDigit);
}

llvm::StringRef SSANameState::uniqueValueName(llvm::StringRef name) {
  llvm::SmallString<16> buffer;
  name = sanitizeIdentifier(name, buffer);
  if (!usedNames.count(name) && !isArgumentName(name)) {
    name = name.copy(usedNameAllocator);
  } else {
    llvm::SmallString<64> probe(name);
    probe.push_back('_');
    while (true) {
      probe += llvm::utostr(nextConflictID++);
      if (!usedNames.count(probe)) {
        name = llvm::StringRef(probe).copy(usedNameAllocator);
        break;
      }
      probe.resize(name.size() + 1);
    }
  }
  usedNames.insert(name, char());
  return name;
}

void SSANameState::printValueID(Value value, bool printResultNo,
                                llvm::raw_ostream &os) {
  if (!value) {
    os << "<<NULL VALUE>>";
    return;
  }
  std::optional<int> resultNo;
  detail::ValueImpl *lookupValue = value.getImpl();
  if (auto result = value.dyn_cast<OpResult>()) {
    Operation *owner = result.getOwner();
    int number = result.getResultNumber();
    if (!isNumberedOp(owner)) {
      os << "<<UNKNOWN SSA VALUE>>";
      return;
    }
    unsigned numResults = owner->getNumResults();
    auto opID = opIDs.find(owner);
    if (opID != opIDs.end() && opID->second != kNameSentinel) {
      // One group for all results: `%N`, or `%N#k` when there are several.
      os << '%' << opID->second;
      if (numResults > 1 && printResultNo)
        os << '#' << number;
      return;
    }
    if (numResults > 1) {
      // Find the group of this result, as MLIR does: a group of one prints
      // without `#k`, larger groups always with it.
      llvm::ArrayRef<int> groups = getOpResultGroups(owner);
      int groupStart = 0, groupEnd = int(numResults);
      if (groups.empty()) {
        groupStart = 0;
      } else {
        const int *next =
            std::upper_bound(groups.begin(), groups.end(), number);
        groupStart = *std::prev(next);
        if (next != groups.end())
          groupEnd = *next;
      }
      lookupValue = owner->getResultImpl(groupStart);
      if (groupEnd - groupStart != 1)
        resultNo = number - groupStart;
    }
  }
  if (auto arg = value.dyn_cast<BlockArgument>()) {
    auto blockIt = blockInfos.find(arg.getOwner());
    if (blockIt == blockInfos.end()) {
      os << "<<UNKNOWN SSA VALUE>>";
      return;
    }
    os << (blockIt->second.isEntry ? "%arg" : "%")
       << blockIt->second.firstArgID + arg.getArgNumber();
    return;
  }
  auto nameIt = valueNames.find(lookupValue);
  if (nameIt != valueNames.end()) {
    os << '%' << nameIt->second;
    if (resultNo && printResultNo)
      os << '#' << *resultNo;
    return;
  }
  auto it = valueIDs.find(lookupValue);
  if (it == valueIDs.end()) {
    os << "<<UNKNOWN SSA VALUE>>";
    return;
  }
  os << '%' << it->second;
  if (resultNo && printResultNo)
    os << '#' << *resultNo;
}

//===----------------------------------------------------------------------===//
// OperationPrinter
//===----------------------------------------------------------------------===//

class OperationPrinter : public OpAsmPrinter {
public:
  OperationPrinter(llvm::raw_ostream &os, const OpPrintingFlags &flags,
                   SSANameState &state,
                   const LocationAliases *aliases = nullptr,
                   LocationAliases *collector = nullptr)
      : os(os), flags(flags), state(state), aliases(aliases),
        collector(collector) {}

  void printTopLevel(Operation *op) {
    printFullOp(op);
    // As MLIR: a local-scope print is the op alone, without the newline
    // that ends a top-level print.
    if (!flags.shouldUseLocalScope())
      os << '\n';
  }
  void printFullOp(Operation *op) {
    // MLIR's alias initializer meets an op's location before the op.
    if (collector && flags.shouldPrintDebugInfo())
      collector->visit(op->getLoc(), /*deferrable=*/true);
    printOperation(op);
    printTrailingLocation(op->getLoc());
  }
  void printBlock(Block *block, bool printBlockArgs, bool printTerminator);

  // AsmPrinter
  llvm::raw_ostream &getStream() const override { return os; }
  void printType(Type type) override { detail::printType(type, os); }
  void printAttribute(Attribute attr) override {
    detail::printAttribute(attr, os);
  }
  void printAttributeWithoutType(Attribute attr) override {
    detail::printAttribute(attr, os, /*elideType=*/true);
  }
  void printKeywordOrString(llvm::StringRef keyword) override {
    if (isBareIdentifier(keyword))
      os << keyword;
    else
      printQuotedString(keyword, os);
  }
  void printSymbolName(llvm::StringRef name) override {
    printSymbolReference(name, os);
  }
  void printString(llvm::StringRef value) override {
    printQuotedString(value, os);
  }

  // OpAsmPrinter
  void printOperand(Value value) override {
    state.printValueID(value, /*printResultNo=*/true, os);
  }
  void printOptionalAttrDict(llvm::ArrayRef<NamedAttribute> attrs,
                             llvm::ArrayRef<llvm::StringRef> elided) override;
  void printOptionalAttrDictWithKeyword(
      llvm::ArrayRef<NamedAttribute> attrs,
      llvm::ArrayRef<llvm::StringRef> elided) override;
  void printRegion(Region &region, bool printEntryBlockArgs,
                   bool printBlockTerminators, bool printEmptyBlock) override;
  void printRegionArgument(BlockArgument arg,
                           llvm::ArrayRef<NamedAttribute> attrs,
                           bool omitType) override;
  void printSuccessor(Block *successor) override {
    state.printBlockName(successor, os);
  }
  void printOptionalLocationSpecifier(Location loc) override {
    printTrailingLocation(loc);
  }
  void printNewline() override {
    os << '\n';
    os.indent(currentIndent);
  }

private:
  void printOperation(Operation *op);
  void printGenericOp(Operation *op);
  /// ` loc(...)`: an op's location as its alias when aliases are printed;
  /// a block argument's inline, its nested locations as aliases (MLIR).
  void printTrailingLocation(Location loc, bool isArgument = false) {
    if (!flags.shouldPrintDebugInfo())
      return;
    if (collector) {
      if (isArgument)
        collector->visit(loc, /*deferrable=*/false);
      return;
    }
    os << ' ';
    if (!aliases) {
      loc.print(os);
      return;
    }
    llvm::StringRef alias = aliases->lookup(loc);
    os << "loc(";
    if (!isArgument && !alias.empty())
      os << '#' << alias;
    else
      aliases->printBody(loc, os);
    os << ')';
  }

  llvm::raw_ostream &os;
  const OpPrintingFlags &flags;
  SSANameState &state;
  const LocationAliases *aliases;
  /// Set on the dry run that collects the aliases.
  LocationAliases *collector;
  unsigned currentIndent = 0;
  llvm::SmallVector<llvm::StringRef, 4> defaultDialectStack{"builtin"};
};

void OperationPrinter::printOperation(Operation *op) {
  if (unsigned numResults = op->getNumResults()) {
    auto printResultGroup = [&](unsigned resultNo, unsigned count) {
      state.printValueID(op->getResult(resultNo), /*printResultNo=*/false, os);
      if (count > 1)
        os << ':' << count;
    };
    llvm::ArrayRef<int> groups = state.getOpResultGroups(op);
    if (!groups.empty()) {
      for (size_t i = 0; i + 1 < groups.size(); ++i) {
        printResultGroup(groups[i], groups[i + 1] - groups[i]);
        os << ", ";
      }
      printResultGroup(groups.back(), numResults - groups.back());
    } else {
      printResultGroup(0, numResults);
    }
    os << " = ";
  }

  if (!flags.shouldPrintGenericOpForm()) {
    const OpInfo *info = op->getName().getInfo();
    if (info && info->hasCustomAssembly()) {
      llvm::StringRef name = op->getName().getStringRef();
      llvm::StringRef defaultDialect = defaultDialectStack.back();
      if (!defaultDialect.empty() && name.startswith(defaultDialect) &&
          name.size() > defaultDialect.size() &&
          name[defaultDialect.size()] == '.' && name.count('.') == 1)
        name = name.drop_front(defaultDialect.size() + 1);
      os << name;
      info->printAssembly(op, *this);
      return;
    }
  }
  printGenericOp(op);
}

void OperationPrinter::printGenericOp(Operation *op) {
  printQuotedString(op->getName().getStringRef(), os);
  os << '(';
  llvm::interleaveComma(op->getOperands(), os,
                        [&](Value value) { printOperand(value); });
  os << ')';
  if (op->getNumSuccessors() != 0) {
    os << '[';
    llvm::interleaveComma(op->getSuccessors(), os,
                          [&](Block *block) { printSuccessor(block); });
    os << ']';
  }
  DictionaryAttr properties = op->getPropertiesDict();
  if (properties && !properties.empty()) {
    os << " <";
    detail::printAttribute(properties, os);
    os << '>';
  }
  if (op->getNumRegions() != 0) {
    os << " (";
    llvm::interleaveComma(op->getRegions(), os, [&](Region &region) {
      printRegion(region, /*printEntryBlockArgs=*/true,
                  /*printBlockTerminators=*/true, /*printEmptyBlock=*/true);
    });
    os << ')';
  }
  printOptionalAttrDict(op->getAttrDictionary().getValue(), {});
  os << " : ";
  printFunctionalType(op);
}

void OperationPrinter::printOptionalAttrDict(
    llvm::ArrayRef<NamedAttribute> attrs,
    llvm::ArrayRef<llvm::StringRef> elided) {
  auto isElided = [&](const NamedAttribute &attr) {
    return llvm::is_contained(elided, attr.getName().getValue());
  };
  if (llvm::all_of(attrs, isElided))
    return;
  os << " {";
  bool first = true;
  for (const NamedAttribute &attr : attrs) {
    if (isElided(attr))
      continue;
    if (!first)
      os << ", ";
    first = false;
    llvm::StringRef name = attr.getName().getValue();
    if (isBareIdentifier(name))
      os << name;
    else
      printQuotedString(name, os);
    if (!attr.getValue().isa<UnitAttr>()) {
      os << " = ";
      detail::printAttribute(attr.getValue(), os);
    }
  }
  os << '}';
}

void OperationPrinter::printOptionalAttrDictWithKeyword(
    llvm::ArrayRef<NamedAttribute> attrs,
    llvm::ArrayRef<llvm::StringRef> elided) {
  bool any = llvm::any_of(attrs, [&](const NamedAttribute &attr) {
    return !llvm::is_contained(elided, attr.getName().getValue());
  });
  if (!any)
    return;
  os << " attributes";
  printOptionalAttrDict(attrs, elided);
}

void OperationPrinter::printRegion(Region &region, bool printEntryBlockArgs,
                                   bool printBlockTerminators,
                                   bool printEmptyBlock) {
  os << "{\n";
  if (!region.empty()) {
    llvm::StringRef defaultDialect;
    if (const OpInfo *info = region.getParentOp()->getName().getInfo())
      defaultDialect = info->getDefaultDialect();
    defaultDialectStack.push_back(defaultDialect);
    Block *entry = &region.front();
    bool alwaysPrintHeader =
        (printEmptyBlock && entry->empty()) ||
        (printEntryBlockArgs && entry->getNumArguments() != 0);
    printBlock(entry, alwaysPrintHeader, printBlockTerminators);
    for (Block &block : llvm::drop_begin(region.getBlocks(), 1))
      printBlock(&block, /*printBlockArgs=*/true, /*printTerminator=*/true);
    defaultDialectStack.pop_back();
  }
  os.indent(currentIndent) << '}';
}

void OperationPrinter::printBlock(Block *block, bool printBlockArgs,
                                  bool printTerminator) {
  if (printBlockArgs) {
    os.indent(currentIndent);
    state.printBlockName(block, os);
    if (!block->args_empty()) {
      os << '(';
      llvm::interleaveComma(block->getArguments(), os, [&](BlockArgument arg) {
        printOperand(arg);
        os << ": ";
        printType(arg.getType());
        printTrailingLocation(arg.getLoc(), /*isArgument=*/true);
      });
      os << ')';
    }
    os << ':';
    if (!block->getParent()) {
      os << "  // block is not in a region!";
    } else if (block->hasNoPredecessors()) {
      if (!block->isEntryBlock())
        os << "  // no predecessors";
    } else {
      llvm::SmallVector<Block *, 4> preds = block->getPredecessors();
      if (preds.size() == 1) {
        os << "  // pred: ";
        state.printBlockName(preds[0], os);
      } else {
        llvm::sort(preds, [&](Block *lhs, Block *rhs) {
          return state.getBlockInfo(lhs).ordering <
                 state.getBlockInfo(rhs).ordering;
        });
        os << "  // " << preds.size() << " preds: ";
        llvm::interleaveComma(
            preds, os, [&](Block *pred) { state.printBlockName(pred, os); });
      }
    }
    os << '\n';
  }

  currentIndent += 2;
  bool hasTerminator =
      !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>();
  auto end = block->end();
  if (hasTerminator && !printTerminator)
    --end;
  for (auto it = block->begin(); it != end; ++it) {
    os.indent(currentIndent);
    printFullOp(&*it);
    os << '\n';
  }
  currentIndent -= 2;
}

void OperationPrinter::printRegionArgument(BlockArgument arg,
                                           llvm::ArrayRef<NamedAttribute> attrs,
                                           bool omitType) {
  printOperand(arg);
  if (!omitType) {
    os << ": ";
    printType(arg.getType());
  }
  if (!attrs.empty()) {
    os << ' ';
    detail::printAttribute(
        DictionaryAttr::get(arg.getType().getContext(), attrs), os);
  }
  printTrailingLocation(arg.getLoc(), /*isArgument=*/true);
}

} // namespace

//===----------------------------------------------------------------------===//
// OpAsmPrinter helpers and entry points
//===----------------------------------------------------------------------===//

void OpAsmPrinter::printOperands(ValueRange values) {
  llvm::raw_ostream &os = getStream();
  bool first = true;
  for (Value value : values) {
    if (!first)
      os << ", ";
    first = false;
    printOperand(value);
  }
}

void OpAsmPrinter::printOptionalOperandsWithTypes(ValueRange values) {
  if (values.empty())
    return;
  llvm::raw_ostream &os = getStream();
  os << ' ';
  printOperands(values);
  os << " : ";
  bool first = true;
  for (Value value : values) {
    if (!first)
      os << ", ";
    first = false;
    printType(value.getType());
  }
}

void OpAsmPrinter::printFunctionalType(Operation *op) {
  llvm::SmallVector<Type, 4> inputs = op->getOperandTypes();
  llvm::SmallVector<Type, 4> results = op->getResultTypes();
  AsmPrinter::printFunctionalType(inputs, results);
}

void Operation::print(llvm::raw_ostream &os, const OpPrintingFlags &flags) {
  OpPrintingFlags effective = flags;
  // Invalid IR may crash custom printers: fall back to the generic form.
  if (!effective.shouldPrintGenericOpForm() &&
      !effective.shouldAssumeVerified()) {
    DiagnosticEngine &engine = getContext()->getDiagEngine();
    DiagnosticEngine::HandlerID id =
        engine.registerHandler([](Diagnostic &) { return success(); });
    if (failed(tilt::verify(this)))
      effective.printGenericOpForm();
    engine.eraseHandler(id);
  }
  // As MLIR: unless printing in local scope, a nested op numbers its values
  // from the nearest isolated-from-above op around it, so that its operands
  // print with the names they have there rather than as
  // `<<UNKNOWN SSA VALUE>>`. An isolated op numbers from itself (MLIR goes
  // on to the top; the names are the same, and a threaded pipeline printing
  // a function must not read its siblings).
  Operation *numberingRoot = this;
  while (!effective.shouldUseLocalScope() && numberingRoot->getParentOp() &&
         !numberingRoot->mightHaveTrait<OpTrait::IsIsolatedFromAbove>())
    numberingRoot = numberingRoot->getParentOp();
  SSANameState state(numberingRoot, effective);
  // As MLIR: a top-level print with locations names them through aliases.
  std::optional<LocationAliases> aliases;
  if (effective.shouldPrintDebugInfo() && !effective.shouldUseLocalScope() &&
      !getBlock()) {
    aliases.emplace();
    llvm::raw_null_ostream discard;
    OperationPrinter dryRun(discard, effective, state, nullptr, &*aliases);
    dryRun.printTopLevel(this);
    aliases->finalize();
  }
  if (aliases)
    aliases->printDefinitions(os, /*deferred=*/false);
  OperationPrinter printer(os, effective, state,
                           aliases ? &*aliases : nullptr);
  printer.printTopLevel(this);
  if (aliases)
    aliases->printDefinitions(os, /*deferred=*/true);
}

void Operation::print(llvm::raw_ostream &os) { print(os, OpPrintingFlags()); }

void Operation::dump() {
  print(llvm::errs());
  llvm::errs().flush();
}

void Block::print(llvm::raw_ostream &os) {
  Operation *parentOp = getParentOp();
  if (!parentOp) {
    os << "<<UNLINKED BLOCK>>\n";
    return;
  }
  OpPrintingFlags flags;
  flags.assumeVerified();
  SSANameState state(parentOp, flags);
  OperationPrinter printer(os, flags, state);
  printer.printBlock(this, /*printBlockArgs=*/true, /*printTerminator=*/true);
}

void Block::dump() { print(llvm::errs()); }

void Value::print(llvm::raw_ostream &os) const {
  if (!impl) {
    os << "<<NULL VALUE>>";
    return;
  }
  if (Operation *op = getDefiningOp()) {
    op->print(os, OpPrintingFlags().printGenericOpForm().assumeVerified());
    return;
  }
  BlockArgument arg = cast<BlockArgument>();
  os << "<block argument> of type '" << getType()
     << "' at index: " << arg.getArgNumber();
}

void Value::dump() const {
  print(llvm::errs());
  llvm::errs() << "\n";
}
