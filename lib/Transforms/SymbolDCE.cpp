//===- SymbolDCE.cpp - Removing unreferenced private symbols --------------===//
//
// In each symbol table (an op with the SymbolTable trait), symbols that are
// not private, and every op that is not a symbol, are live; so is every
// symbol a live op references (through a symbol reference anywhere in its
// properties or attributes, or those of the ops nested in it, arrays and
// dictionaries included). Private symbols that nothing live references are
// erased. Nested symbol tables are processed the same way when they are
// live themselves.
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

bool isPrivateSymbol(Operation *op) {
  auto visibility =
      op->getAttrOfType<StringAttr>(SymbolTable::getVisibilityAttrName());
  return visibility && visibility.getValue() == "private";
}

class SymbolDCEPass : public Pass {
public:
  llvm::StringRef getArgument() const override { return "symbol-dce"; }
  llvm::StringRef getName() const override { return "SymbolDCE"; }
  llvm::StringRef getDescription() const override {
    return "Erase private symbols that nothing references";
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
    processTable(op);
  }

private:
  Statistic numDCE{this, "num-dce'd", "Number of symbols DCE'd"};

  void processTable(Operation *table) {
    llvm::SmallPtrSet<Operation *, 16> live;
    std::vector<Operation *> worklist;
    auto markLive = [&](Operation *op) {
      if (op && live.insert(op).second)
        worklist.push_back(op);
    };
    for (Region &region : table->getRegions())
      for (Block &block : region)
        for (Operation &op : block)
          if (!op.hasTrait<OpTrait::Symbol>() || !isPrivateSymbol(&op))
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
      processTable(nested);
  }
};

} // namespace

std::unique_ptr<Pass> tilt::createSymbolDCEPass() {
  return std::make_unique<SymbolDCEPass>();
}
