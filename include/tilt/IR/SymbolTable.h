//===- SymbolTable.h - Named symbols inside symbol-table ops ----*- C++ -*-===//
//
// An op with the SymbolTable trait (builtin.module) holds ops that define
// symbols through a `sym_name` string attribute. A SymbolTable indexes them
// for lookup and insertion with unique names; nested references `@a::@b`
// resolve through nested tables.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_SYMBOLTABLE_H
#define TILT_IR_SYMBOLTABLE_H

#include "tilt/IR/OpDefinition.h"
#include "llvm/ADT/DenseMap.h"

namespace tilt {

/// The symbols (ops with a `sym_name`) directly in a symbol-table op,
/// looked up by name.
class SymbolTable {
public:
  /// Indexes the symbols directly inside `symbolTableOp`'s region.
  explicit SymbolTable(Operation *symbolTableOp);

  static llvm::StringRef getSymbolAttrName() { return "sym_name"; }
  static llvm::StringRef getVisibilityAttrName() { return "sym_visibility"; }

  /// The symbol named `name`, or null.
  Operation *lookup(llvm::StringRef name) const;
  template <typename OpT> OpT lookup(llvm::StringRef name) const {
    return OpT::dynCast(lookup(name));
  }
  /// Inserts `symbol` (at `insertPt` or the end of the body), renaming it
  /// with a numeric suffix if the name is taken. Returns the final name.
  StringAttr insert(Operation *symbol, Operation *insertBefore = nullptr);
  /// Removes `symbol` from the table (and its block).
  void erase(Operation *symbol);
  Operation *getOp() const { return symbolTableOp; }

  /// The name of a symbol op, or null.
  static StringAttr getSymbolName(Operation *symbol);
  static void setSymbolName(Operation *symbol, StringAttr name);
  /// Looks `name` up in the nearest enclosing symbol table of `from`.
  static Operation *lookupNearestSymbolFrom(Operation *from,
                                            SymbolRefAttr symbol);
  /// Looks up a (nested) reference in `symbolTableOp`.
  static Operation *lookupSymbolIn(Operation *symbolTableOp,
                                   SymbolRefAttr symbol);
  static Operation *lookupSymbolIn(Operation *symbolTableOp,
                                   llvm::StringRef name);
  /// The closest ancestor of `from` (excluding it) with the SymbolTable trait.
  static Operation *getNearestSymbolTable(Operation *from);

private:
  Operation *symbolTableOp;
  llvm::DenseMap<StringAttr, Operation *> symbolTable;
  unsigned uniquingCounter = 0;
};

} // namespace tilt

#endif // TILT_IR_SYMBOLTABLE_H
