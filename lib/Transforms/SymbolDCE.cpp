//===- SymbolDCE.cpp - Removing unreferenced private symbols --------------===//
//
// In each symbol table (an op with the SymbolTable trait), public symbols,
// and every op that is not a symbol, are live; so is every
// symbol a live op references (through a symbol reference anywhere in its
// properties or attributes, or those of the ops nested in it, arrays and
// dictionaries included). Private and nested symbols that nothing live
// references are erased. Nested symbol tables are processed the same way when
// they are live themselves.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"
#include "tilt/IR/SymbolTable.h"
#include "tilt/Transforms/Passes.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tilt;

namespace {

/// Calls `fn` on every symbol reference inside `attr`.
void walkSymbolRefs(Attribute attr,
                    llvm::function_ref<void(SymbolRefAttr)> fn) {
  if (!attr)
    return;
  if (auto ref = attr.dyn_cast<SymbolRefAttr>())
    return fn(ref);
  if (auto array = attr.dyn_cast<ArrayAttr>()) {
    for (Attribute element : array.getValue())
      walkSymbolRefs(element, fn);
    return;
  }
  if (auto dict = attr.dyn_cast<DictionaryAttr>())
    for (const NamedAttribute &named : dict.getValue())
      walkSymbolRefs(named.getValue(), fn);
}

/// Whether `op` is a symbol that may be erased when nothing references it:
/// one that is not public. A `nested` symbol is private to the parent of its
/// symbol table (MLIR's SymbolDCE discards it like a private one).
/// A named symbol table (`module @m`) is a symbol too, as MLIR's optional
/// symbols are; an anonymous one is not.
bool isDiscardableSymbol(Operation *op) {
  if (!op->hasTrait<OpTrait::Symbol>() &&
      !(op->hasTrait<OpTrait::SymbolTable>() && SymbolTable::getSymbolName(op)))
    return false;
  auto visibility =
      op->getAttrOfType<StringAttr>(SymbolTable::getVisibilityAttrName());
  return visibility && visibility.getValue() != "public";
}

class SymbolDCEPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "symbol-dce"; }
  llvm::StringRef getName() const override { return "SymbolDCE"; }
  llvm::StringRef getDescription() const override {
    return "Erase private and nested symbols that nothing references";
  }
  std::unique_ptr<Pass> clone() const override {
    return std::make_unique<SymbolDCEPass>();
  }
  void runOnOperation() override {
    Operation *op = getOperation();
    if (!op->hasTrait<OpTrait::SymbolTable>()) {
      op->emitOpError() << "was scheduled to run under symbol-dce, but does "
                           "not define a symbol table";
      return signalPassFailure();
    }
    llvm::SmallPtrSet<Operation *, 16> live;
    processTable(op, live);
  }

private:
  Statistic numDCE{this, "num-dce'd", "Number of symbols DCE'd"};

  /// `live` is shared with the enclosing tables: a `nested` symbol that a
  /// parent table references (`@inner::@f`) is live in its own table.
  void processTable(Operation *table,
                    llvm::SmallPtrSet<Operation *, 16> &live) {
    std::vector<Operation *> worklist;
    auto markLive = [&](Operation *op) {
      if (op && live.insert(op).second)
        worklist.push_back(op);
    };
    for (Region &region : table->getRegions())
      for (Block &block : region)
        for (Operation &op : block)
          if (!isDiscardableSymbol(&op))
            markLive(&op);
    while (!worklist.empty()) {
      Operation *op = worklist.back();
      worklist.pop_back();
      // The references made by `op` and by everything nested in it, except
      // inside nested symbol tables (handled on their own).
      op->walk<WalkOrder::PreOrder>([&](Operation *user) {
        if (user != op && user->hasTrait<OpTrait::SymbolTable>())
          return WalkResult::skip();
        auto visit = [&](SymbolRefAttr ref) {
          // Both the root of a nested reference and its target are used.
          markLive(SymbolTable::lookupNearestSymbolFrom(
              user, SymbolRefAttr::get(ref.getRootReference())));
          markLive(SymbolTable::lookupNearestSymbolFrom(user, ref));
        };
        walkSymbolRefs(user->getPropertiesDict(), visit);
        walkSymbolRefs(user->getAttrDictionary(), visit);
        return WalkResult::advance();
      });
    }
    // Erase what is dead; recurse into live nested symbol tables.
    std::vector<Operation *> dead, nestedTables;
    for (Region &region : table->getRegions())
      for (Block &block : region)
        for (Operation &op : block) {
          if (!live.count(&op))
            dead.push_back(&op);
          else if (op.hasTrait<OpTrait::SymbolTable>())
            nestedTables.push_back(&op);
        }
    for (Operation *op : dead) {
      op->dropAllDefinedValueUses();
      op->erase();
      ++numDCE;
    }
    for (Operation *nested : nestedTables)
      processTable(nested, live);
  }
};

} // namespace

std::unique_ptr<Pass> tilt::createSymbolDCEPass() {
  return std::make_unique<SymbolDCEPass>();
}
