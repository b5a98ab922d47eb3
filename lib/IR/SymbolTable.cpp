//===- SymbolTable.cpp - Named symbols ------------------------------------===//

#include "tilt/IR/SymbolTable.h"
#include "tilt/IR/Region.h"

using namespace tilt;

StringAttr SymbolTable::getSymbolName(Operation *symbol) {
  return symbol->getAttr(getSymbolAttrName()).dyn_cast_or_null<StringAttr>();
}

void SymbolTable::setSymbolName(Operation *symbol, StringAttr name) {
  symbol->setAttr(getSymbolAttrName(), name);
}

SymbolTable::SymbolTable(Operation *symbolTableOp)
    : symbolTableOp(symbolTableOp) {
  if (symbolTableOp->getNumRegions() == 0 ||
      symbolTableOp->getRegion(0).empty())
    return;
  for (Operation &op : symbolTableOp->getRegion(0).front())
    if (StringAttr name = getSymbolName(&op))
      symbolTable.try_emplace(name, &op);
}

Operation *SymbolTable::lookup(llvm::StringRef name) const {
  return symbolTable.lookup(StringAttr::get(symbolTableOp->getContext(), name));
}

StringAttr SymbolTable::insert(Operation *symbol, Operation *insertBefore) {
  Block &body = symbolTableOp->getRegion(0).front();
  if (!symbol->getBlock()) {
    if (insertBefore)
      body.getOperations().insert(insertBefore->getIterator(), symbol);
    else
      body.push_back(symbol);
  }
  StringAttr name = getSymbolName(symbol);
  if (symbolTable.try_emplace(name, symbol).second)
    return name;
  // The name is taken: add `_N` until it is unique.
  Context *context = symbolTableOp->getContext();
  while (true) {
    StringAttr candidate = StringAttr::get(
        context,
        (name.getValue() + "_" + llvm::Twine(uniquingCounter++)).str());
    if (symbolTable.try_emplace(candidate, symbol).second) {
      setSymbolName(symbol, candidate);
      return candidate;
    }
  }
}

void SymbolTable::erase(Operation *symbol) {
  if (StringAttr name = getSymbolName(symbol)) {
    auto it = symbolTable.find(name);
    if (it != symbolTable.end() && it->second == symbol)
      symbolTable.erase(it);
  }
  symbol->erase();
}

Operation *SymbolTable::getNearestSymbolTable(Operation *from) {
  for (Operation *op = from->getParentOp(); op; op = op->getParentOp())
    if (op->hasTrait<OpTrait::SymbolTable>())
      return op;
  return nullptr;
}

Operation *SymbolTable::lookupSymbolIn(Operation *symbolTableOp,
                                       llvm::StringRef name) {
  if (symbolTableOp->getNumRegions() == 0 ||
      symbolTableOp->getRegion(0).empty())
    return nullptr;
  for (Operation &op : symbolTableOp->getRegion(0).front())
    if (StringAttr symbolName = getSymbolName(&op))
      if (symbolName.getValue() == name)
        return &op;
  return nullptr;
}

Operation *SymbolTable::lookupSymbolIn(Operation *symbolTableOp,
                                       SymbolRefAttr symbol) {
  Operation *current =
      lookupSymbolIn(symbolTableOp, symbol.getRootReference().getValue());
  for (FlatSymbolRefAttr nested : symbol.getNestedReferences()) {
    if (!current || !current->hasTrait<OpTrait::SymbolTable>())
      return nullptr;
    current = lookupSymbolIn(current, nested.getValue());
  }
  return current;
}

Operation *SymbolTable::lookupNearestSymbolFrom(Operation *from,
                                                SymbolRefAttr symbol) {
  Operation *table = from->hasTrait<OpTrait::SymbolTable>()
                         ? from
                         : getNearestSymbolTable(from);
  return table ? lookupSymbolIn(table, symbol) : nullptr;
}
