//===- Operation.cpp - Creation, mutation and destruction of ops ----------===//
//
// Memory layout of one operation (a single malloc):
//   [out-of-line results, reversed][inline results, reversed][Operation]
//   [BlockOperand x successors][Region x regions][OpOperand x capacity]
// Operands move to a separate array only when an op grows past its capacity.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Operation.h"
#include "ContextImpl.h"
#include "tilt/IR/Block.h"
#include "tilt/IR/IRMapping.h"
#include "tilt/IR/Region.h"
#include <cstdlib>

using namespace tilt;
using namespace tilt::detail;

static_assert(sizeof(InlineOpResult) == 16, "inline results are 16 bytes");
static_assert(alignof(Operation) <= 8, "operations are 8-byte aligned");

size_t Operation::prefixSize(unsigned numResults) {
  unsigned numInline = std::min(numResults, ValueImpl::kMaxInlineResults);
  unsigned numOutOfLine = numResults - numInline;
  return numInline * sizeof(InlineOpResult) +
         numOutOfLine * sizeof(OutOfLineOpResult);
}

Operation::Operation(Location location, OperationName name, unsigned numResults,
                     unsigned numSuccessors, unsigned numRegions,
                     unsigned operandCapacity, DictionaryAttr properties,
                     DictionaryAttr attrs)
    : location(location), name(name), properties(properties), attrs(attrs),
      operandsPtr(nullptr), operandCapacity(operandCapacity),
      numResults(numResults), numSuccessors(numSuccessors),
      numRegions(numRegions), operandsOutOfLine(false) {}

llvm::MutableArrayRef<BlockOperand> Operation::getBlockOperands() {
  return {reinterpret_cast<BlockOperand *>(this + 1), numSuccessors};
}

llvm::MutableArrayRef<Region> Operation::getRegions() {
  auto *begin = reinterpret_cast<Region *>(
      reinterpret_cast<BlockOperand *>(this + 1) + numSuccessors);
  return {begin, numRegions};
}

OpOperand *Operation::getInlineOperands() {
  return reinterpret_cast<OpOperand *>(
      reinterpret_cast<Region *>(reinterpret_cast<BlockOperand *>(this + 1) +
                                 numSuccessors) +
      numRegions);
}

Operation *Operation::create(Location location, OperationName name,
                             TypeRange resultTypes, ValueRange operands,
                             DictionaryAttr properties,
                             DictionaryAttr attributes,
                             llvm::ArrayRef<Block *> successors,
                             unsigned numRegions) {
  Context *context = name.getIdentifier().getContext();
  if (!attributes)
    attributes = DictionaryAttr::get(context);
  if (!properties)
    properties = DictionaryAttr::get(context);
  // Registered ops always carry their default properties, as in MLIR.
  if (const OpInfo *info = name.getInfo()) {
    auto defaults = info->getDefaultProperties();
    if (!defaults.empty()) {
      llvm::SmallVector<NamedAttribute, 4> merged(properties.begin(),
                                                  properties.end());
      bool added = false;
      for (auto &[defaultName, defaultValue] : defaults) {
        if (properties.get(defaultName))
          continue;
        merged.push_back(NamedAttribute(StringAttr::get(context, defaultName),
                                        defaultValue));
        added = true;
      }
      if (added)
        properties = DictionaryAttr::get(context, merged);
    }
  }

  unsigned numResults = resultTypes.size();
  unsigned numOperands = operands.size();
  unsigned numSuccessors = successors.size();
  size_t prefix = prefixSize(numResults);
  size_t size = prefix + sizeof(Operation) + numOperands * sizeof(OpOperand) +
                numSuccessors * sizeof(BlockOperand) +
                numRegions * sizeof(Region);
  char *memory = static_cast<char *>(std::malloc(size));
  if (!memory)
    llvm::report_bad_alloc_error("out of memory creating an operation");
  auto *op = new (memory + prefix)
      Operation(location, name, numResults, numSuccessors, numRegions,
                numOperands, properties, attributes);

  for (unsigned i = 0; i < numResults; ++i) {
    if (i < ValueImpl::kMaxInlineResults)
      new (op->getResultImpl(i)) InlineOpResult(resultTypes[i], i);
    else
      new (op->getResultImpl(i))
          OutOfLineOpResult(resultTypes[i], i - ValueImpl::kMaxInlineResults);
  }
  auto *blockOperands = reinterpret_cast<BlockOperand *>(op + 1);
  for (unsigned i = 0; i < numSuccessors; ++i)
    new (&blockOperands[i]) BlockOperand(op, successors[i]);
  auto *regions = reinterpret_cast<Region *>(blockOperands + numSuccessors);
  for (unsigned i = 0; i < numRegions; ++i)
    new (&regions[i]) Region(op);
  op->operandsPtr = op->getInlineOperands();
  op->numOperands = numOperands;
  for (unsigned i = 0; i < numOperands; ++i)
    new (&op->operandsPtr[i]) OpOperand(op, operands[i].getImpl());
  return op;
}

Operation *Operation::create(OperationState &state) {
  Context *context = state.getContext();
  DictionaryAttr attributes;
  DictionaryAttr properties;
  const OpInfo *info = state.name.getInfo();
  if (info && !state.attributes.empty()) {
    // Inherent attributes of registered ops live in the properties.
    NamedAttrList props = state.properties;
    NamedAttrList discardable;
    for (const NamedAttribute &attr : state.attributes) {
      if (info->isInherentAttr(attr.getName().getValue()))
        props.set(attr.getName(), attr.getValue());
      else
        discardable.append(attr);
    }
    attributes = discardable.getDictionary(context);
    properties = props.getDictionary(context);
  } else {
    attributes = state.attributes.getDictionary(context);
    properties = state.properties.getDictionary(context);
  }
  Operation *op =
      create(state.location, state.name, state.types, state.operands,
             properties, attributes, state.successors, state.regions.size());
  for (unsigned i = 0, e = state.regions.size(); i < e; ++i)
    if (state.regions[i])
      op->getRegion(i).takeBody(*state.regions[i]);
  return op;
}

Operation::~Operation() {
  for (Region &region : getRegions())
    region.~Region();
  for (BlockOperand &successor : getBlockOperands())
    successor.~BlockOperand();
  for (OpOperand &operand : getOpOperands())
    operand.~OpOperand();
  if (operandsOutOfLine)
    std::free(operandsPtr);
  // Uses left behind (by ops destroyed later, or by a caller's mistake) are
  // dropped rather than left dangling: their operands become null, which
  // the verifier reports.
  dropAllUses();
}

void Operation::destroy() {
  char *memory = reinterpret_cast<char *>(this) - prefixSize(numResults);
  this->~Operation();
  std::free(memory);
}

void Operation::erase() {
  if (Block *parent = getBlock())
    parent->getOperations().erase(this);
  else
    destroy();
}

void Operation::remove() {
  if (Block *parent = getBlock())
    parent->getOperations().remove(this);
}

Context *Operation::getContext() const {
  return name.getIdentifier().getContext();
}

Region *Operation::getParentRegion() const {
  return block ? block->getParent() : nullptr;
}

Operation *Operation::getParentOp() const {
  return block ? block->getParentOp() : nullptr;
}

bool Operation::isProperAncestor(Operation *other) {
  while ((other = other->getParentOp()))
    if (this == other)
      return true;
  return false;
}

bool Operation::isBeforeInBlock(Operation *other) {
  assert(block && block == other->block && "ops must be in the same block");
  if (!block->isOpOrderValid())
    block->recomputeOpOrder();
  return orderIndex < other->orderIndex;
}

void Operation::moveBefore(Operation *existingOp) {
  moveBefore(existingOp->getBlock(), existingOp->getIterator());
}

void Operation::moveBefore(Block *destBlock,
                           llvm::iplist<Operation>::iterator position) {
  destBlock->getOperations().splice(position, block->getOperations(),
                                    getIterator());
}

void Operation::moveAfter(Operation *existingOp) {
  moveBefore(existingOp->getBlock(), std::next(existingOp->getIterator()));
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

void Operation::growOperands(unsigned newSize) {
  if (newSize <= operandCapacity)
    return;
  unsigned newCapacity = std::max(newSize, operandCapacity * 2);
  auto *newOperands =
      static_cast<OpOperand *>(std::malloc(newCapacity * sizeof(OpOperand)));
  if (!newOperands)
    llvm::report_bad_alloc_error("out of memory growing operands");
  for (unsigned i = 0; i < numOperands; ++i) {
    new (&newOperands[i]) OpOperand(this, operandsPtr[i].getImpl());
    operandsPtr[i].~OpOperand();
  }
  if (operandsOutOfLine)
    std::free(operandsPtr);
  operandsPtr = newOperands;
  operandsOutOfLine = true;
  operandCapacity = newCapacity;
}

void Operation::setOperands(ValueRange values) {
  unsigned newSize = values.size();
  if (newSize > operandCapacity)
    growOperands(newSize);
  unsigned common = std::min(newSize, numOperands);
  for (unsigned i = 0; i < common; ++i)
    operandsPtr[i].set(values[i]);
  for (unsigned i = newSize; i < numOperands; ++i)
    operandsPtr[i].~OpOperand();
  for (unsigned i = numOperands; i < newSize; ++i)
    new (&operandsPtr[i]) OpOperand(this, values[i].getImpl());
  numOperands = newSize;
}

void Operation::insertOperands(unsigned index, ValueRange values) {
  llvm::SmallVector<Value, 8> newOperands(getOperands().begin(),
                                          getOperands().end());
  llvm::SmallVector<Value, 8> inserted(values.begin(), values.end());
  newOperands.insert(newOperands.begin() + index, inserted.begin(),
                     inserted.end());
  setOperands(newOperands);
}

void Operation::eraseOperands(unsigned index, unsigned count) {
  llvm::SmallVector<Value, 8> newOperands(getOperands().begin(),
                                          getOperands().end());
  newOperands.erase(newOperands.begin() + index,
                    newOperands.begin() + index + count);
  setOperands(newOperands);
}

//===----------------------------------------------------------------------===//
// Results and uses
//===----------------------------------------------------------------------===//

void Operation::replaceAllUsesWith(ValueRange values) {
  assert(values.size() == numResults && "one replacement per result");
  for (unsigned i = 0; i < numResults; ++i)
    getResult(i).replaceAllUsesWith(values[i]);
}

void Operation::replaceUsesWithIf(
    ValueRange values, llvm::function_ref<bool(OpOperand &)> shouldReplace) {
  for (unsigned i = 0; i < numResults; ++i)
    getResult(i).replaceUsesWithIf(values[i], shouldReplace);
}

void Operation::dropAllUses() {
  for (unsigned i = 0; i < numResults; ++i)
    getResultImpl(i)->dropAllUses();
}

void Operation::dropAllDefinedValueUses() {
  dropAllUses();
  for (Region &region : getRegions())
    for (Block &nested : region)
      nested.dropAllDefinedValueUses();
}

void Operation::dropAllReferences() {
  for (OpOperand &operand : getOpOperands())
    operand.drop();
  for (Region &region : getRegions())
    region.dropAllReferences();
  for (BlockOperand &successor : getBlockOperands())
    successor.drop();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

void Operation::setAttrs(DictionaryAttr newAttrs) { attrs = newAttrs; }

Attribute Operation::getAttr(llvm::StringRef attrName) const {
  if (Attribute inherent = properties.get(attrName))
    return inherent;
  return attrs.get(attrName);
}

static DictionaryAttr setInDictionary(Context *context, DictionaryAttr dict,
                                      StringAttr attrName, Attribute value) {
  NamedAttrList list(dict);
  list.set(attrName, value);
  return list.getDictionary(context);
}

void Operation::setAttr(StringAttr attrName, Attribute value) {
  const OpInfo *info = name.getInfo();
  if (info && info->isInherentAttr(attrName.getValue())) {
    properties = setInDictionary(getContext(), properties, attrName, value);
    return;
  }
  attrs = setInDictionary(getContext(), attrs, attrName, value);
}

void Operation::setAttr(llvm::StringRef attrName, Attribute value) {
  setAttr(StringAttr::get(getContext(), attrName), value);
}

Attribute Operation::removeAttr(llvm::StringRef attrName) {
  if (Attribute removed = removeInherentAttr(attrName))
    return removed;
  NamedAttrList list(attrs);
  Attribute removed = list.erase(attrName);
  if (removed)
    attrs = list.getDictionary(getContext());
  return removed;
}

void Operation::setPropertiesDict(DictionaryAttr newProperties) {
  properties = newProperties;
}
Attribute Operation::getInherentAttr(llvm::StringRef attrName) const {
  return properties.get(attrName);
}
void Operation::setInherentAttr(llvm::StringRef attrName, Attribute value) {
  properties = setInDictionary(getContext(), properties,
                               StringAttr::get(getContext(), attrName), value);
}
Attribute Operation::removeInherentAttr(llvm::StringRef attrName) {
  NamedAttrList list(properties);
  Attribute removed = list.erase(attrName);
  if (removed)
    properties = list.getDictionary(getContext());
  return removed;
}

//===----------------------------------------------------------------------===//
// Successors
//===----------------------------------------------------------------------===//

void Operation::setSuccessor(Block *successor, unsigned i) {
  getBlockOperands()[i].set(successor);
}

llvm::SmallVector<Block *, 2> Operation::getSuccessors() {
  llvm::SmallVector<Block *, 2> result;
  for (BlockOperand &successor : getBlockOperands())
    result.push_back(successor.get());
  return result;
}

unsigned BlockOperand::getOperandNumber() const {
  return this - getOwner()->getBlockOperands().data();
}

unsigned OpOperand::getOperandNumber() const {
  return this - getOwner()->getOpOperands().data();
}

//===----------------------------------------------------------------------===//
// Cloning
//===----------------------------------------------------------------------===//

Operation *Operation::cloneWithoutRegions(IRMapping &mapper) {
  llvm::SmallVector<Value, 8> operands;
  for (Value operand : getOperands())
    operands.push_back(mapper.lookupOrDefault(operand));
  llvm::SmallVector<Block *, 2> successors;
  for (BlockOperand &successor : getBlockOperands())
    successors.push_back(mapper.lookupOrDefault(successor.get()));
  llvm::SmallVector<Type, 4> resultTypes = getResultTypes();
  Operation *copy = create(location, name, resultTypes, operands, properties,
                           attrs, successors, numRegions);
  for (unsigned i = 0; i < numResults; ++i)
    mapper.map(getResult(i), copy->getResult(i));
  mapper.map(this, copy);
  return copy;
}

Operation *Operation::clone(IRMapping &mapper) {
  Operation *copy = cloneWithoutRegions(mapper);
  for (unsigned i = 0; i < numRegions; ++i)
    getRegion(i).cloneInto(&copy->getRegion(i), mapper);
  return copy;
}

Operation *Operation::clone() {
  IRMapping mapper;
  return clone(mapper);
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

InFlightDiagnostic Operation::emitError(const llvm::Twine &message) {
  InFlightDiagnostic diag = tilt::emitError(getContext(), location, message);
  return diag;
}

InFlightDiagnostic Operation::emitOpError(const llvm::Twine &message) {
  return emitError() << "'" << name.getStringRef() << "' op " << message;
}

InFlightDiagnostic Operation::emitWarning(const llvm::Twine &message) {
  return tilt::emitWarning(getContext(), location, message);
}

InFlightDiagnostic Operation::emitRemark(const llvm::Twine &message) {
  return tilt::emitRemark(getContext(), location, message);
}

Region &Operation::getRegion(unsigned i) { return getRegions()[i]; }

LogicalResult Operation::fold(llvm::ArrayRef<Attribute> operands,
                              llvm::SmallVectorImpl<OpFoldResult> &results) {
  const OpInfo *info = name.getInfo();
  if (!info)
    return failure();
  return info->fold(this, operands, results);
}
