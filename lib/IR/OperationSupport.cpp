//===- OperationSupport.cpp - Ranges, attribute lists, op states ----------===//

#include "tilt/IR/OperationSupport.h"
#include "tilt/IR/Context.h"
#include "tilt/IR/Operation.h"
#include "tilt/IR/Region.h"

using namespace tilt;

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

llvm::SmallVector<Type, 4> OperandRange::getTypes() const {
  llvm::SmallVector<Type, 4> types;
  for (Value value : *this)
    types.push_back(value.getType());
  return types;
}

OpResult ResultRange::dereference(Operation *op, ptrdiff_t index) {
  return op->getResult(index);
}

llvm::SmallVector<Type, 4> ResultRange::getTypes() const {
  llvm::SmallVector<Type, 4> types;
  for (OpResult value : *this)
    types.push_back(value.getType());
  return types;
}

bool ResultRange::use_empty() const {
  return llvm::all_of(*this, [](OpResult value) { return value.use_empty(); });
}

Value ValueRange::operator[](size_t i) const {
  assert(i < count && "index out of range");
  switch (kind) {
  case Kind::Array:
    return static_cast<const Value *>(base)[offset + i];
  case Kind::Operands:
    return static_cast<const OpOperand *>(base)[offset + i].get();
  case Kind::Results:
    return const_cast<Operation *>(static_cast<const Operation *>(base))
        ->getResult(offset + i);
  }
  return Value();
}

ValueRange ValueRange::drop_front(size_t n) const {
  ValueRange copy = *this;
  copy.offset += n;
  copy.count -= n;
  return copy;
}

ValueRange ValueRange::take_front(size_t n) const {
  ValueRange copy = *this;
  copy.count = n;
  return copy;
}

llvm::SmallVector<Type, 4> ValueRange::getTypes() const {
  llvm::SmallVector<Type, 4> types;
  for (Value value : *this)
    types.push_back(value.getType());
  return types;
}

//===----------------------------------------------------------------------===//
// NamedAttrList
//===----------------------------------------------------------------------===//

NamedAttrList::NamedAttrList(DictionaryAttr dict) {
  if (dict) {
    context = dict.getContext();
    attrs.append(dict.begin(), dict.end());
  }
}

void NamedAttrList::append(StringAttr name, Attribute value) {
  attrs.push_back(NamedAttribute(name, value));
}

void NamedAttrList::append(llvm::StringRef name, Attribute value) {
  Context *ctx = context ? context : value.getContext();
  attrs.push_back(NamedAttribute(StringAttr::get(ctx, name), value));
}

void NamedAttrList::set(StringAttr name, Attribute value) {
  for (NamedAttribute &attr : attrs)
    if (attr.getName() == name) {
      attr.setValue(value);
      return;
    }
  attrs.push_back(NamedAttribute(name, value));
}

void NamedAttrList::set(llvm::StringRef name, Attribute value) {
  for (NamedAttribute &attr : attrs)
    if (attr.getName().getValue() == name) {
      attr.setValue(value);
      return;
    }
  append(name, value);
}

Attribute NamedAttrList::get(llvm::StringRef name) const {
  for (const NamedAttribute &attr : attrs)
    if (attr.getName().getValue() == name)
      return attr.getValue();
  return Attribute();
}

Attribute NamedAttrList::erase(llvm::StringRef name) {
  for (auto it = attrs.begin(); it != attrs.end(); ++it)
    if (it->getName().getValue() == name) {
      Attribute value = it->getValue();
      attrs.erase(it);
      return value;
    }
  return Attribute();
}

DictionaryAttr NamedAttrList::getDictionary(Context *ctx) const {
  return DictionaryAttr::get(ctx, attrs);
}

//===----------------------------------------------------------------------===//
// OperationState
//===----------------------------------------------------------------------===//

OperationState::OperationState(Location location, OperationName name)
    : location(location), name(name) {
  attributes.context = getContext();
  properties.context = getContext();
}

OperationState::OperationState(Location location, llvm::StringRef name,
                               Context *context)
    : OperationState(location, OperationName(name, context)) {}

OperationState::~OperationState() = default;

Context *OperationState::getContext() const {
  return name.getIdentifier().getContext();
}

void OperationState::addOperands(ValueRange newOperands) {
  for (Value value : newOperands)
    operands.push_back(value);
}

Region *OperationState::addRegion() {
  regions.push_back(std::make_unique<Region>());
  return regions.back().get();
}

void OperationState::addRegion(std::unique_ptr<Region> &&region) {
  regions.push_back(std::move(region));
}
