//===- Operation.h - The operation, Tilt's unit of IR ------------*- C++
//-*-===//
//
// An Operation has a name, operands, results, successors, regions,
// properties (inherent attributes), discardable attributes and a location.
// One allocation holds everything: results in front of the Operation object,
// then operands, successor slots and regions behind it. Operations live in an
// intrusive list inside their Block, which owns them.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_OPERATION_H
#define TILT_IR_OPERATION_H

#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/OperationSupport.h"
#include "tilt/IR/Visitors.h"
#include "llvm/ADT/ilist.h"
#include "llvm/ADT/ilist_node.h"

namespace tilt {
class Block;
class IRMapping;
class OpPrintingFlags;
class Operation;
class Region;
} // namespace tilt

namespace llvm {
/// Keeps each operation's parent-block pointer and order index up to date as
/// it moves between lists.
template <> struct ilist_traits<::tilt::Operation> {
  using Operation = ::tilt::Operation;
  using op_iterator = simple_ilist<Operation>::iterator;
  static void deleteNode(Operation *op);
  void addNodeToList(Operation *op);
  void removeNodeFromList(Operation *op);
  void transferNodesFromList(ilist_traits<Operation> &otherList,
                             op_iterator first, op_iterator last);

private:
  ::tilt::Block *getContainingBlock();
};
} // namespace llvm

namespace tilt {

/// An operation: a name, operands, results, attributes, successors,
/// regions and a location. Operands and results are allocated with it;
/// typed wrappers (Op<...>) give each op kind its accessors.
class Operation final : public llvm::ilist_node_with_parent<Operation, Block> {
public:
  /// Creates an operation from `state`. Its regions are taken from the state.
  static Operation *create(OperationState &state);
  /// Creates an operation with `numRegions` empty regions.
  static Operation *create(Location location, OperationName name,
                           TypeRange resultTypes, ValueRange operands,
                           DictionaryAttr properties, DictionaryAttr attributes,
                           llvm::ArrayRef<Block *> successors,
                           unsigned numRegions);

  /// Unlinks the operation from its block and destroys it.
  void erase();
  /// Unlinks the operation from its block without destroying it.
  void remove();
  /// Destroys an operation that is not in a block.
  void destroy();

  /// Deep-copies the operation; `mapper` maps original values and blocks to
  /// their copies and is updated with the new ones.
  Operation *clone(IRMapping &mapper);
  Operation *clone();
  /// Copies the operation without its regions' contents (empty regions).
  Operation *cloneWithoutRegions(IRMapping &mapper);

  OperationName getName() const { return name; }
  Context *getContext() const;
  Dialect *getDialect() const { return name.getDialect(); }
  bool isRegistered() const { return name.isRegistered(); }

  Location getLoc() const { return location; }
  void setLoc(Location loc) { location = loc; }

  /// The enclosing block, region and operation (null at top level).
  Block *getBlock() const { return block; }
  /// The enclosing block (for llvm::ilist_node_with_parent).
  Block *getParent() const { return block; }
  Region *getParentRegion() const;
  Operation *getParentOp() const;
  template <typename OpT> OpT getParentOfType() {
    for (Operation *op = getParentOp(); op; op = op->getParentOp())
      if (auto typed = OpT::dynCast(op))
        return typed;
    return OpT();
  }
  /// Whether this op contains `other` (strictly).
  bool isProperAncestor(Operation *other);
  bool isAncestor(Operation *other) {
    return this == other || isProperAncestor(other);
  }
  /// Whether this op comes before `other` in the same block (O(1) amortized).
  bool isBeforeInBlock(Operation *other);

  void moveBefore(Operation *existingOp);
  void moveBefore(Block *block, llvm::iplist<Operation>::iterator position);
  void moveAfter(Operation *existingOp);

  //===--------------------------------------------------------------------===//
  // Operands
  //===--------------------------------------------------------------------===//

  unsigned getNumOperands() const { return numOperands; }
  Value getOperand(unsigned i) const { return operandsPtr[i].get(); }
  void setOperand(unsigned i, Value value) { operandsPtr[i].set(value); }
  OpOperand &getOpOperand(unsigned i) { return operandsPtr[i]; }
  llvm::MutableArrayRef<OpOperand> getOpOperands() {
    return {operandsPtr, numOperands};
  }
  OperandRange getOperands() { return OperandRange(getOpOperands()); }
  /// Replaces all operands (the count may change).
  void setOperands(ValueRange values);
  /// Inserts operands before `index`.
  void insertOperands(unsigned index, ValueRange values);
  void eraseOperand(unsigned index) { eraseOperands(index, 1); }
  void eraseOperands(unsigned index, unsigned count);
  llvm::SmallVector<Type, 4> getOperandTypes() {
    return getOperands().getTypes();
  }

  //===--------------------------------------------------------------------===//
  // Results
  //===--------------------------------------------------------------------===//

  unsigned getNumResults() const { return numResults; }
  OpResult getResult(unsigned i) { return OpResult(getResultImpl(i)); }
  ResultRange getResults() { return ResultRange(this, 0, numResults); }
  llvm::SmallVector<Type, 4> getResultTypes() {
    return getResults().getTypes();
  }
  /// Replaces every use of the results with `values` (one per result).
  void replaceAllUsesWith(ValueRange values);
  void replaceAllUsesWith(Operation *op) {
    replaceAllUsesWith(ValueRange(op->getResults()));
  }
  void replaceUsesWithIf(ValueRange values,
                         llvm::function_ref<bool(OpOperand &)> shouldReplace);
  /// Whether no result is used.
  bool use_empty() { return getResults().use_empty(); }
  /// Drops all uses of this op's results (and of values nested in it).
  void dropAllDefinedValueUses();
  /// Drops all uses of the results.
  void dropAllUses();
  /// Drops the references this op (and nested ops) holds to values and blocks.
  void dropAllReferences();

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  /// The discardable attributes (printed in `{...}`).
  DictionaryAttr getAttrDictionary() const { return attrs; }
  void setAttrs(DictionaryAttr newAttrs);
  Attribute getAttr(llvm::StringRef attrName) const;
  bool hasAttr(llvm::StringRef attrName) const {
    return bool(getAttr(attrName));
  }
  template <typename AttrT> AttrT getAttrOfType(llvm::StringRef attrName) {
    return getAttr(attrName).dyn_cast_or_null<AttrT>();
  }
  /// Sets an attribute: inherent names of registered ops go to properties.
  void setAttr(llvm::StringRef attrName, Attribute value);
  void setAttr(StringAttr attrName, Attribute value);
  Attribute removeAttr(llvm::StringRef attrName);

  /// The inherent attributes (printed in `<{...}>` in generic form).
  DictionaryAttr getPropertiesDict() const { return properties; }
  void setPropertiesDict(DictionaryAttr newProperties);
  Attribute getInherentAttr(llvm::StringRef attrName) const;
  void setInherentAttr(llvm::StringRef attrName, Attribute value);
  Attribute removeInherentAttr(llvm::StringRef attrName);

  //===--------------------------------------------------------------------===//
  // Regions and successors
  //===--------------------------------------------------------------------===//

  unsigned getNumRegions() const { return numRegions; }
  Region &getRegion(unsigned i);
  llvm::MutableArrayRef<Region> getRegions();

  unsigned getNumSuccessors() const { return numSuccessors; }
  Block *getSuccessor(unsigned i) { return getBlockOperands()[i].get(); }
  void setSuccessor(Block *block, unsigned i);
  llvm::MutableArrayRef<BlockOperand> getBlockOperands();
  llvm::SmallVector<Block *, 2> getSuccessors();

  //===--------------------------------------------------------------------===//
  // Traits
  //===--------------------------------------------------------------------===//

  template <template <typename> class Trait> bool hasTrait() const {
    return name.hasTrait<Trait>();
  }
  bool hasTrait(TypeID traitID) const { return name.hasTrait(traitID); }
  /// Like hasTrait, but true for unregistered ops, which might have it.
  template <template <typename> class Trait> bool mightHaveTrait() const {
    return !isRegistered() || hasTrait<Trait>();
  }

  //===--------------------------------------------------------------------===//
  // Walk
  //===--------------------------------------------------------------------===//

  /// Walks this op and every nested op (post-order by default). The callback
  /// may return void or WalkResult; for a typed callback only ops of that
  /// type are visited.
  template <WalkOrder Order = WalkOrder::PostOrder, typename FnT>
  typename detail::WalkReturn<FnT>::type walk(FnT &&callback) {
    return detail::walk<Order>(this, std::forward<FnT>(callback));
  }

  //===--------------------------------------------------------------------===//
  // Folding
  //===--------------------------------------------------------------------===//

  /// Folds the op with the given constant operands (null where unknown);
  /// see OpInfo::fold. Unregistered ops do not fold.
  LogicalResult fold(llvm::ArrayRef<Attribute> operands,
                     llvm::SmallVectorImpl<OpFoldResult> &results);

  //===--------------------------------------------------------------------===//
  // Diagnostics and printing
  //===--------------------------------------------------------------------===//

  InFlightDiagnostic emitError(const llvm::Twine &message = {});
  /// An error prefixed with `'op.name' op `.
  InFlightDiagnostic emitOpError(const llvm::Twine &message = {});
  InFlightDiagnostic emitWarning(const llvm::Twine &message = {});
  InFlightDiagnostic emitRemark(const llvm::Twine &message = {});

  void print(llvm::raw_ostream &os);
  void print(llvm::raw_ostream &os, const OpPrintingFlags &flags);
  void dump();

  /// Internal: the result storage.
  detail::ValueImpl *getResultImpl(unsigned i) {
    using namespace detail;
    if (i < ValueImpl::kMaxInlineResults)
      return reinterpret_cast<InlineOpResult *>(this) - 1 - i;
    return reinterpret_cast<OutOfLineOpResult *>(
               reinterpret_cast<InlineOpResult *>(this) -
               ValueImpl::kMaxInlineResults) -
           1 - (i - ValueImpl::kMaxInlineResults);
  }
  /// Internal: the order index used by isBeforeInBlock.
  static constexpr unsigned kInvalidOrderIndex = ~0u;
  mutable unsigned orderIndex = 0;

private:
  Operation(Location location, OperationName name, unsigned numResults,
            unsigned numSuccessors, unsigned numRegions,
            unsigned operandCapacity, DictionaryAttr properties,
            DictionaryAttr attrs);
  ~Operation();
  void setParentBlock(Block *newBlock) { block = newBlock; }
  static size_t prefixSize(unsigned numResults);
  OpOperand *getInlineOperands();
  void growOperands(unsigned newSize);
  friend struct llvm::ilist_traits<Operation>;
  friend class Block;

  Block *block = nullptr;
  Location location;
  OperationName name;
  DictionaryAttr properties;
  DictionaryAttr attrs;
  OpOperand *operandsPtr;
  unsigned numOperands = 0;
  unsigned operandCapacity;
  unsigned numResults;
  unsigned numSuccessors;
  unsigned numRegions : 31;
  unsigned operandsOutOfLine : 1;
};

/// Prints `op` in its custom form.
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Operation &op) {
  op.print(os);
  return os;
}

} // namespace tilt

#endif // TILT_IR_OPERATION_H
