//===- Visitors.cpp - Walking nested operations ---------------------------===//

#include "tilt/IR/Visitors.h"
#include "tilt/IR/Region.h"

using namespace tilt;

WalkResult
detail::walkOperations(Operation *op,
                       llvm::function_ref<WalkResult(Operation *)> callback,
                       WalkOrder order) {
  if (order == WalkOrder::PreOrder) {
    WalkResult result = callback(op);
    if (result.wasSkipped())
      return WalkResult::advance();
    if (result.wasInterrupted())
      return result;
  }
  for (Region &region : op->getRegions()) {
    for (Block &block : region) {
      // Allow the callback to erase the op being visited (post-order).
      for (auto it = block.begin(), e = block.end(); it != e;) {
        Operation &nested = *it++;
        if (walkOperations(&nested, callback, order).wasInterrupted())
          return WalkResult::interrupt();
      }
    }
  }
  if (order == WalkOrder::PostOrder)
    return callback(op);
  return WalkResult::advance();
}
