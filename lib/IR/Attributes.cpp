//===- Attributes.cpp - Builtin attributes --------------------------------===//
//
// Construction and accessors of the builtin attributes.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Attributes.h"
#include "AttributeDetail.h"
#include "ContextImpl.h"

using namespace tilt;
using namespace tilt::detail;

template <typename StorageT, typename KeyT>
static StorageT *getUniqued(Context *context, TypeID id, const KeyT &key) {
  return context->getImpl().uniquer.get<StorageT>(id, context, nullptr, key);
}

Type Attribute::getType() const {
  if (auto intAttr = dyn_cast<IntegerAttr>())
    return intAttr.getType();
  if (auto floatAttr = dyn_cast<FloatAttr>())
    return floatAttr.getType();
  if (auto dense = dyn_cast<DenseElementsAttr>())
    return dense.getType();
  return Type();
}

bool NamedAttribute::operator<(const NamedAttribute &other) const {
  return name.getValue().compare(other.name.getValue()) < 0;
}

//===----------------------------------------------------------------------===//
// StringAttr
//===----------------------------------------------------------------------===//

StringAttr StringAttr::get(Context *context, llvm::StringRef value) {
  if (value.empty())
    return StringAttr(context->getImpl().emptyString);
  return StringAttr(getUniqued<StringAttrStorage>(
      context, getTypeID(), StringAttrStorage::KeyTy(value, Type())));
}
StringAttr StringAttr::get(llvm::StringRef value, Type type) {
  if (type.isa<NoneType>())
    return get(type.getContext(), value);
  return StringAttr(getUniqued<StringAttrStorage>(
      type.getContext(), getTypeID(), StringAttrStorage::KeyTy(value, type)));
}
llvm::StringRef StringAttr::getValue() const { return getImpl()->value; }
Type StringAttr::getType() const { return getImpl()->type; }

//===----------------------------------------------------------------------===//
// IntegerAttr, BoolAttr
//===----------------------------------------------------------------------===//

IntegerAttr IntegerAttr::get(Type type, const llvm::APInt &value) {
  Context *context = type.getContext();
  if (type.isInteger(1) && type.isSignlessInteger())
    return IntegerAttr(value.isZero() ? context->getImpl().falseAttr
                                      : context->getImpl().trueAttr);
  return IntegerAttr(getUniqued<IntegerAttrStorage>(
      context, getTypeID(), IntegerAttrStorage::KeyTy(type, value)));
}
IntegerAttr IntegerAttr::get(Type type, int64_t value) {
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : type.getIntOrFloatBitWidth();
  bool isSigned = true;
  if (auto intType = type.dyn_cast<IntegerType>())
    isSigned = intType.getSignedness() != IntegerType::Unsigned;
  return get(type, llvm::APInt(width, uint64_t(value), isSigned));
}
Type IntegerAttr::getType() const { return getImpl()->type; }
const llvm::APInt &IntegerAttr::getValue() const { return getImpl()->value; }
int64_t IntegerAttr::getInt() const {
  const llvm::APInt &value = getValue();
  return value.getBitWidth() <= 64 ? value.getSExtValue()
                                   : value.trunc(64).getSExtValue();
}

BoolAttr BoolAttr::get(Context *context, bool value) {
  return BoolAttr(value ? context->getImpl().trueAttr
                        : context->getImpl().falseAttr);
}
bool BoolAttr::classof(Attribute attr) {
  auto intAttr = attr.dyn_cast<IntegerAttr>();
  return intAttr && intAttr.getType().isSignlessInteger(1);
}

//===----------------------------------------------------------------------===//
// FloatAttr
//===----------------------------------------------------------------------===//

FloatAttr FloatAttr::get(Type type, const llvm::APFloat &value) {
  return FloatAttr(getUniqued<FloatAttrStorage>(
      type.getContext(), getTypeID(), FloatAttrStorage::KeyTy(type, value)));
}
FloatAttr FloatAttr::get(Type type, double value) {
  llvm::APFloat apValue(value);
  bool losesInfo;
  apValue.convert(type.cast<FloatType>().getFloatSemantics(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return get(type, apValue);
}
Type FloatAttr::getType() const { return getImpl()->type; }
const llvm::APFloat &FloatAttr::getValue() const { return getImpl()->value; }
double FloatAttr::getValueAsDouble() const {
  llvm::APFloat value = getValue();
  bool losesInfo;
  value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

//===----------------------------------------------------------------------===//
// ArrayAttr, DictionaryAttr
//===----------------------------------------------------------------------===//

ArrayAttr ArrayAttr::get(Context *context, llvm::ArrayRef<Attribute> elements) {
  return ArrayAttr(
      getUniqued<ArrayAttrStorage>(context, getTypeID(), elements));
}
llvm::ArrayRef<Attribute> ArrayAttr::getValue() const {
  return getImpl()->value;
}

DictionaryAttr DictionaryAttr::get(Context *context,
                                   llvm::ArrayRef<NamedAttribute> values) {
  if (values.empty())
    return DictionaryAttr(context->getImpl().emptyDictionary);
  if (std::is_sorted(values.begin(), values.end()))
    return getWithSorted(context, values);
  llvm::SmallVector<NamedAttribute, 8> sorted(values.begin(), values.end());
  std::stable_sort(sorted.begin(), sorted.end());
  return getWithSorted(context, sorted);
}
DictionaryAttr
DictionaryAttr::getWithSorted(Context *context,
                              llvm::ArrayRef<NamedAttribute> values) {
  if (values.empty())
    return DictionaryAttr(context->getImpl().emptyDictionary);
  return DictionaryAttr(
      getUniqued<DictionaryAttrStorage>(context, getTypeID(), values));
}
llvm::ArrayRef<NamedAttribute> DictionaryAttr::getValue() const {
  return getImpl()->value;
}
Attribute DictionaryAttr::get(llvm::StringRef name) const {
  llvm::ArrayRef<NamedAttribute> values = getValue();
  // Dictionaries are small: a linear scan beats a binary search.
  if (values.size() <= 8) {
    for (const NamedAttribute &attr : values)
      if (attr.getName().getValue() == name)
        return attr.getValue();
    return Attribute();
  }
  auto it =
      std::lower_bound(values.begin(), values.end(), name,
                       [](const NamedAttribute &attr, llvm::StringRef key) {
                         return attr.getName().getValue().compare(key) < 0;
                       });
  if (it != values.end() && it->getName().getValue() == name)
    return it->getValue();
  return Attribute();
}
std::optional<NamedAttribute>
DictionaryAttr::findDuplicate(llvm::SmallVectorImpl<NamedAttribute> &values,
                              bool isSorted) {
  if (values.size() < 2)
    return std::nullopt;
  if (!isSorted)
    std::stable_sort(values.begin(), values.end());
  for (size_t i = 1; i < values.size(); ++i)
    if (values[i].getName() == values[i - 1].getName())
      return values[i];
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// TypeAttr, UnitAttr, SymbolRefAttr
//===----------------------------------------------------------------------===//

TypeAttr TypeAttr::get(Type type) {
  return TypeAttr(
      getUniqued<TypeAttrStorage>(type.getContext(), getTypeID(), type));
}
Type TypeAttr::getValue() const { return getImpl()->value; }

UnitAttr UnitAttr::get(Context *context) {
  return UnitAttr(context->getImpl().unitAttr);
}

SymbolRefAttr SymbolRefAttr::get(StringAttr root,
                                 llvm::ArrayRef<FlatSymbolRefAttr> nested) {
  return SymbolRefAttr(getUniqued<SymbolRefAttrStorage>(
      root.getContext(), getTypeID(),
      SymbolRefAttrStorage::KeyTy(root, nested)));
}
SymbolRefAttr SymbolRefAttr::get(Context *context, llvm::StringRef root,
                                 llvm::ArrayRef<FlatSymbolRefAttr> nested) {
  return get(StringAttr::get(context, root), nested);
}
StringAttr SymbolRefAttr::getRootReference() const { return getImpl()->root; }
llvm::ArrayRef<FlatSymbolRefAttr> SymbolRefAttr::getNestedReferences() const {
  return getImpl()->nested;
}
StringAttr SymbolRefAttr::getLeafReference() const {
  auto nested = getNestedReferences();
  return nested.empty() ? getRootReference() : nested.back().getAttr();
}
FlatSymbolRefAttr FlatSymbolRefAttr::get(StringAttr value) {
  return FlatSymbolRefAttr(SymbolRefAttr::get(value));
}
FlatSymbolRefAttr FlatSymbolRefAttr::get(Context *context,
                                         llvm::StringRef value) {
  return get(StringAttr::get(context, value));
}
bool FlatSymbolRefAttr::classof(Attribute attr) {
  auto ref = attr.dyn_cast<SymbolRefAttr>();
  return ref && ref.getNestedReferences().empty();
}

//===----------------------------------------------------------------------===//
// DenseArrayAttr
//===----------------------------------------------------------------------===//

DenseArrayAttr DenseArrayAttr::getInts(Type elementType,
                                       llvm::ArrayRef<int64_t> values) {
  return DenseArrayAttr(getUniqued<DenseArrayAttrStorage>(
      elementType.getContext(), getTypeID(),
      DenseArrayAttrStorage::KeyTy(elementType, values, {},
                                   int64_t(values.size()))));
}
DenseArrayAttr DenseArrayAttr::getFloats(Type elementType,
                                         llvm::ArrayRef<double> values) {
  return DenseArrayAttr(getUniqued<DenseArrayAttrStorage>(
      elementType.getContext(), getTypeID(),
      DenseArrayAttrStorage::KeyTy(elementType, {}, values,
                                   int64_t(values.size()))));
}
DenseArrayAttr DenseArrayAttr::getI64(Context *context,
                                      llvm::ArrayRef<int64_t> values) {
  return getInts(IntegerType::get(context, 64), values);
}
Type DenseArrayAttr::getElementType() const { return getImpl()->elementType; }
int64_t DenseArrayAttr::size() const { return getImpl()->size; }
llvm::ArrayRef<int64_t> DenseArrayAttr::getIntValues() const {
  return getImpl()->ints;
}
llvm::ArrayRef<double> DenseArrayAttr::getFloatValues() const {
  return getImpl()->floats;
}

//===----------------------------------------------------------------------===//
// DenseElementsAttr
//===----------------------------------------------------------------------===//

DenseElementsAttr DenseElementsAttr::get(RankedTensorType type,
                                         llvm::ArrayRef<Attribute> elements) {
  // Store a splat when every element is the same (MLIR prints it as one).
  bool allEqual =
      !elements.empty() && llvm::all_of(elements, [&](Attribute element) {
        return element == elements.front();
      });
  llvm::ArrayRef<Attribute> stored =
      allEqual ? elements.take_front(1) : elements;
  return DenseElementsAttr(getUniqued<DenseElementsAttrStorage>(
      type.getContext(), getTypeID(),
      DenseElementsAttrStorage::KeyTy(type, stored)));
}
RankedTensorType DenseElementsAttr::getType() const {
  return getImpl()->type.cast<RankedTensorType>();
}
bool DenseElementsAttr::isSplat() const {
  return getImpl()->elements.size() == 1;
}
llvm::ArrayRef<Attribute> DenseElementsAttr::getStoredElements() const {
  return getImpl()->elements;
}
int64_t DenseElementsAttr::getNumElements() const {
  return getType().getNumElements();
}
Attribute DenseElementsAttr::getElement(int64_t i) const {
  return isSplat() ? getSplatValue() : getStoredElements()[i];
}

//===----------------------------------------------------------------------===//
// OpaqueAttr
//===----------------------------------------------------------------------===//

OpaqueAttr OpaqueAttr::get(Context *context, llvm::StringRef dialectNamespace,
                           llvm::StringRef data) {
  return OpaqueAttr(getUniqued<OpaqueAttrStorage>(
      context, getTypeID(), OpaqueAttrStorage::KeyTy(dialectNamespace, data)));
}
llvm::StringRef OpaqueAttr::getDialectNamespace() const {
  return getImpl()->dialectNamespace;
}
llvm::StringRef OpaqueAttr::getAttrData() const { return getImpl()->data; }
