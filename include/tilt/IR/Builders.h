//===- Builders.h - Creating IR at an insertion point -----------*- C++ -*-===//
//
// Builder makes types and attributes; OpBuilder additionally creates ops at
// an insertion point (a block and a position in it). InsertionGuard restores
// the insertion point when a scope ends. A listener can observe every op and
// block the builder creates (the rewrite drivers use this).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_BUILDERS_H
#define TILT_IR_BUILDERS_H

#include "tilt/IR/Context.h"
#include "tilt/IR/IRMapping.h"
#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"

namespace tilt {

/// Makes types and attributes of a context.
class Builder {
public:
  explicit Builder(Context *context) : context(context) {}
  Context *getContext() const { return context; }

  IntegerType getI1Type() { return getIntegerType(1); }
  IntegerType getI32Type() { return getIntegerType(32); }
  IntegerType getI64Type() { return getIntegerType(64); }
  IntegerType getIntegerType(unsigned width) {
    return IntegerType::get(context, width);
  }
  IndexType getIndexType() { return IndexType::get(context); }
  FloatType getF16Type() { return FloatType::getF16(context); }
  FloatType getBF16Type() { return FloatType::getBF16(context); }
  FloatType getF32Type() { return FloatType::getF32(context); }
  FloatType getF64Type() { return FloatType::getF64(context); }
  NoneType getNoneType() { return NoneType::get(context); }
  FunctionType getFunctionType(TypeRange inputs, TypeRange results) {
    return FunctionType::get(context, inputs, results);
  }

  IntegerAttr getIntegerAttr(Type type, int64_t value) {
    return IntegerAttr::get(type, value);
  }
  IntegerAttr getI32IntegerAttr(int32_t value) {
    return IntegerAttr::get(getI32Type(), value);
  }
  IntegerAttr getI64IntegerAttr(int64_t value) {
    return IntegerAttr::get(getI64Type(), value);
  }
  IntegerAttr getIndexAttr(int64_t value) {
    return IntegerAttr::get(getIndexType(), value);
  }
  BoolAttr getBoolAttr(bool value) { return BoolAttr::get(context, value); }
  FloatAttr getFloatAttr(Type type, double value) {
    return FloatAttr::get(type, value);
  }
  StringAttr getStringAttr(llvm::StringRef value) {
    return StringAttr::get(context, value);
  }
  ArrayAttr getArrayAttr(llvm::ArrayRef<Attribute> values) {
    return ArrayAttr::get(context, values);
  }
  DictionaryAttr getDictionaryAttr(llvm::ArrayRef<NamedAttribute> values) {
    return DictionaryAttr::get(context, values);
  }
  TypeAttr getTypeAttr(Type type) { return TypeAttr::get(type); }
  UnitAttr getUnitAttr() { return UnitAttr::get(context); }
  DenseArrayAttr getDenseI64ArrayAttr(llvm::ArrayRef<int64_t> values) {
    return DenseArrayAttr::getI64(context, values);
  }
  FlatSymbolRefAttr getSymbolRefAttr(llvm::StringRef value) {
    return FlatSymbolRefAttr::get(context, value);
  }
  NamedAttribute getNamedAttr(llvm::StringRef name, Attribute value) {
    return NamedAttribute(getStringAttr(name), value);
  }
  Location getUnknownLoc() { return Location(); }
  Location getFileLineColLoc(llvm::StringRef file, unsigned line,
                             unsigned col) {
    return Location::getFileLineCol(context, file, line, col);
  }

protected:
  Context *context;
};

/// Creates operations at an insertion point.
class OpBuilder : public Builder {
public:
  /// Observes what the builder creates.
  struct Listener {
    virtual ~Listener();
    virtual void notifyOperationInserted(Operation *op) {}
    virtual void notifyBlockInserted(Block *block) {}
  };

  /// An insertion point: a block and the position before which ops go.
  class InsertPoint {
  public:
    InsertPoint() = default;
    InsertPoint(Block *block, Block::iterator point)
        : block(block), point(point) {}
    bool isSet() const { return block != nullptr; }
    Block *getBlock() const { return block; }
    Block::iterator getPoint() const { return point; }

  private:
    Block *block = nullptr;
    Block::iterator point;
  };

  /// Restores the builder's insertion point when destroyed.
  class InsertionGuard {
  public:
    explicit InsertionGuard(OpBuilder &builder)
        : builder(builder), saved(builder.saveInsertionPoint()) {}
    ~InsertionGuard() { builder.restoreInsertionPoint(saved); }
    InsertionGuard(const InsertionGuard &) = delete;
    InsertionGuard &operator=(const InsertionGuard &) = delete;

  private:
    OpBuilder &builder;
    InsertPoint saved;
  };

  explicit OpBuilder(Context *context, Listener *listener = nullptr)
      : Builder(context), listener(listener) {}
  /// Inserts at the end of `block`.
  static OpBuilder atBlockEnd(Block *block, Listener *listener = nullptr);
  static OpBuilder atBlockBegin(Block *block, Listener *listener = nullptr);
  /// Inserts before `op`.
  explicit OpBuilder(Operation *op, Listener *listener = nullptr);

  void setListener(Listener *newListener) { listener = newListener; }
  Listener *getListener() const { return listener; }

  void clearInsertionPoint() { block = nullptr; }
  InsertPoint saveInsertionPoint() const { return InsertPoint(block, point); }
  void restoreInsertionPoint(InsertPoint ip) {
    block = ip.getBlock();
    point = ip.getPoint();
  }
  void setInsertionPoint(Block *newBlock, Block::iterator newPoint) {
    block = newBlock;
    point = newPoint;
  }
  void setInsertionPoint(Operation *op) {
    setInsertionPoint(op->getBlock(), Block::iterator(op));
  }
  void setInsertionPointAfter(Operation *op) {
    setInsertionPoint(op->getBlock(), ++Block::iterator(op));
  }
  void setInsertionPointToStart(Block *newBlock) {
    setInsertionPoint(newBlock, newBlock->begin());
  }
  void setInsertionPointToEnd(Block *newBlock) {
    setInsertionPoint(newBlock, newBlock->end());
  }
  Block *getInsertionBlock() const { return block; }
  Block::iterator getInsertionPoint() const { return point; }

  /// Creates a block in `parent` before `insertPt` with the given arguments
  /// and moves the insertion point to its end.
  Block *createBlock(Region *parent, Region::iterator insertPt = {},
                     TypeRange argTypes = {},
                     llvm::ArrayRef<Location> locs = {});

  /// Inserts `op` at the insertion point (if set) and notifies the listener.
  Operation *insert(Operation *op);
  /// Creates an op from `state` at the insertion point.
  Operation *create(OperationState &state);
  /// Creates an op of type OpT through its static build() method.
  template <typename OpT, typename... Args>
  OpT create(Location loc, Args &&...args) {
    OperationState state(loc, OpT::getOperationName(), context);
    OpT::build(*this, state, std::forward<Args>(args)...);
    return OpT(create(state));
  }

  /// Clones `op` (with mapping) at the insertion point.
  Operation *clone(Operation &op, IRMapping &mapper);
  Operation *clone(Operation &op) {
    IRMapping mapper;
    return clone(op, mapper);
  }

protected:
  Listener *listener = nullptr;
  Block *block = nullptr;
  Block::iterator point;
};

} // namespace tilt

#endif // TILT_IR_BUILDERS_H
