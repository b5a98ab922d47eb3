//===- FingerPrint.cpp - A hash of an operation and its contents ----------===//

#include "tilt/IR/FingerPrint.h"
#include "tilt/IR/Operation.h"
#include "tilt/IR/Region.h"
#include "llvm/ADT/Hashing.h"

using namespace tilt;

static llvm::hash_code hashOp(Operation *op, llvm::hash_code hash) {
  hash = llvm::hash_combine(hash, op, op->getName().getStringRef(),
                            op->getPropertiesDict().getAsOpaquePointer(),
                            op->getAttrDictionary().getAsOpaquePointer(),
                            op->getLoc().getAsOpaqueValue());
  for (Value operand : op->getOperands())
    hash = llvm::hash_combine(hash, operand.getImpl());
  for (Value result : op->getResults())
    hash = llvm::hash_combine(hash, result.getType().getAsOpaquePointer());
  for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i)
    hash = llvm::hash_combine(hash, op->getSuccessor(i));
  for (Region &region : op->getRegions()) {
    hash = llvm::hash_combine(hash, region.getNumBlocks());
    for (Block &block : region) {
      hash = llvm::hash_combine(hash, &block);
      for (BlockArgument argument : block.getArguments())
        hash = llvm::hash_combine(hash, argument.getImpl(),
                                  argument.getType().getAsOpaquePointer());
      for (Operation &nested : block)
        hash = hashOp(&nested, hash);
    }
  }
  return hash;
}

OperationFingerPrint::OperationFingerPrint(Operation *top)
    : hash(hashOp(top, llvm::hash_code(0))) {}
