//===- Types.cpp - Builtin types ------------------------------------------===//
//
// Construction and accessors of the builtin types. Singletons (floats,
// index, none) and the common integer widths are cached in the context.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Types.h"
#include "ContextImpl.h"
#include "llvm/ADT/APFloat.h"

using namespace tilt;
using namespace tilt::detail;

//===----------------------------------------------------------------------===//
// Type
//===----------------------------------------------------------------------===//

bool Type::isIndex() const { return isa<IndexType>(); }
static bool isFloatKind(Type type, FloatType::Kind kind) {
  auto floatType = type.dyn_cast<FloatType>();
  return floatType && floatType.getKind() == kind;
}
bool Type::isBF16() const { return isFloatKind(*this, FloatType::BF16); }
bool Type::isF16() const { return isFloatKind(*this, FloatType::F16); }
bool Type::isF32() const { return isFloatKind(*this, FloatType::F32); }
bool Type::isF64() const { return isFloatKind(*this, FloatType::F64); }
bool Type::isFloat() const { return isa<FloatType>(); }
bool Type::isInteger() const { return isa<IntegerType>(); }
bool Type::isInteger(unsigned width) const {
  auto intType = dyn_cast<IntegerType>();
  return intType && intType.getWidth() == width;
}
bool Type::isSignlessInteger() const {
  auto intType = dyn_cast<IntegerType>();
  return intType && intType.isSignless();
}
bool Type::isSignlessInteger(unsigned width) const {
  auto intType = dyn_cast<IntegerType>();
  return intType && intType.isSignless() && intType.getWidth() == width;
}
bool Type::isUnsignedInteger() const {
  auto intType = dyn_cast<IntegerType>();
  return intType && intType.getSignedness() == IntegerType::Unsigned;
}
bool Type::isUnsignedInteger(unsigned width) const {
  return isUnsignedInteger() && getIntOrFloatBitWidth() == width;
}
bool Type::isSignlessIntOrIndex() const {
  return isIndex() || isSignlessInteger();
}
bool Type::isIntOrIndex() const { return isIndex() || isInteger(); }
bool Type::isIntOrFloat() const { return isInteger() || isFloat(); }
bool Type::isIntOrIndexOrFloat() const { return isIntOrIndex() || isFloat(); }
unsigned Type::getIntOrFloatBitWidth() const {
  if (auto intType = dyn_cast<IntegerType>())
    return intType.getWidth();
  if (auto floatType = dyn_cast<FloatType>())
    return floatType.getWidth();
  return 0;
}

//===----------------------------------------------------------------------===//
// IntegerType
//===----------------------------------------------------------------------===//

IntegerType IntegerType::get(Context *context, unsigned width,
                             Signedness signedness) {
  ContextImpl &impl = context->getImpl();
  if (signedness == Signless) {
    static const unsigned commonWidths[] = {1, 8, 16, 32, 64};
    for (unsigned i = 0; i < 5; ++i)
      if (commonWidths[i] == width)
        return IntegerType(impl.commonIntegers[i]);
  }
  return IntegerType(impl.uniquer.get<IntegerTypeStorage>(
      getTypeID(), context, nullptr,
      IntegerTypeStorage::KeyTy(width, signedness)));
}
unsigned IntegerType::getWidth() const { return getImpl()->width; }
IntegerType::Signedness IntegerType::getSignedness() const {
  return Signedness(getImpl()->signedness);
}

//===----------------------------------------------------------------------===//
// FloatType, IndexType, NoneType
//===----------------------------------------------------------------------===//

FloatType FloatType::get(Context *context, Kind kind) {
  return FloatType(&context->getImpl().floatTypes[kind]);
}
FloatType FloatType::getF16(Context *context) { return get(context, F16); }
FloatType FloatType::getBF16(Context *context) { return get(context, BF16); }
FloatType FloatType::getF32(Context *context) { return get(context, F32); }
FloatType FloatType::getF64(Context *context) { return get(context, F64); }
FloatType::Kind FloatType::getKind() const { return Kind(getImpl()->kind); }
unsigned FloatType::getWidth() const {
  switch (getKind()) {
  case F16:
  case BF16:
    return 16;
  case F32:
    return 32;
  case F64:
    return 64;
  }
  return 0;
}
const llvm::fltSemantics &FloatType::getFloatSemantics() const {
  switch (getKind()) {
  case F16:
    return llvm::APFloat::IEEEhalf();
  case BF16:
    return llvm::APFloat::BFloat();
  case F32:
    return llvm::APFloat::IEEEsingle();
  case F64:
    return llvm::APFloat::IEEEdouble();
  }
  return llvm::APFloat::IEEEdouble();
}

IndexType IndexType::get(Context *context) {
  return IndexType(&context->getImpl().indexType);
}
NoneType NoneType::get(Context *context) {
  return NoneType(&context->getImpl().noneType);
}

//===----------------------------------------------------------------------===//
// FunctionType
//===----------------------------------------------------------------------===//

FunctionType FunctionType::get(Context *context, llvm::ArrayRef<Type> inputs,
                               llvm::ArrayRef<Type> results) {
  return FunctionType(context->getImpl().uniquer.get<FunctionTypeStorage>(
      getTypeID(), context, nullptr,
      FunctionTypeStorage::KeyTy(inputs, results)));
}
llvm::ArrayRef<Type> FunctionType::getInputs() const {
  return getImpl()->inputs;
}
llvm::ArrayRef<Type> FunctionType::getResults() const {
  return getImpl()->results;
}

//===----------------------------------------------------------------------===//
// RankedTensorType
//===----------------------------------------------------------------------===//

RankedTensorType RankedTensorType::get(llvm::ArrayRef<int64_t> shape,
                                       Type elementType, Attribute encoding) {
  Context *context = elementType.getContext();
  return RankedTensorType(
      context->getImpl().uniquer.get<RankedTensorTypeStorage>(
          getTypeID(), context, nullptr,
          RankedTensorTypeStorage::KeyTy(shape, elementType, encoding)));
}
RankedTensorType RankedTensorType::get(llvm::ArrayRef<int64_t> shape,
                                       Type elementType) {
  return get(shape, elementType, Attribute());
}
llvm::ArrayRef<int64_t> RankedTensorType::getShape() const {
  return getImpl()->shape;
}
Type RankedTensorType::getElementType() const { return getImpl()->elementType; }
Attribute RankedTensorType::getEncoding() const { return getImpl()->encoding; }
bool RankedTensorType::hasStaticShape() const {
  return llvm::none_of(getShape(), [](int64_t dim) { return dim == kDynamic; });
}
Type tilt::getElementTypeOrSelf(Type type) {
  if (auto tensor = type.dyn_cast<RankedTensorType>())
    return tensor.getElementType();
  return type;
}

Type tilt::getTypeWithSameShape(Type shaped, Type elementType) {
  if (auto tensor = shaped.dyn_cast<RankedTensorType>())
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

int64_t RankedTensorType::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : getShape())
    count *= dim;
  return count;
}

//===----------------------------------------------------------------------===//
// OpaqueType
//===----------------------------------------------------------------------===//

OpaqueType OpaqueType::get(Context *context, llvm::StringRef dialectNamespace,
                           llvm::StringRef data) {
  return OpaqueType(context->getImpl().uniquer.get<OpaqueTypeStorage>(
      getTypeID(), context, nullptr,
      OpaqueTypeStorage::KeyTy(dialectNamespace, data)));
}
llvm::StringRef OpaqueType::getDialectNamespace() const {
  return getImpl()->dialectNamespace;
}
llvm::StringRef OpaqueType::getTypeData() const { return getImpl()->data; }
