//===- Visitors.h - Walking nested operations --------------------*- C++
//-*-===//
//
// walk() visits an operation and everything nested in it, in pre- or
// post-order. A callback may return WalkResult to interrupt the walk or, in
// pre-order, to skip an operation's regions. A callback taking a typed op
// (e.g. `[](AddIOp op) {...}`) is called only for that kind.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_VISITORS_H
#define TILT_IR_VISITORS_H

#include "llvm/ADT/STLExtras.h"
#include <type_traits>

namespace tilt {
class Operation;

/// What a walk callback asks for next.
class WalkResult {
  enum class Kind { Interrupt, Advance, Skip };

public:
  WalkResult() : kind(Kind::Advance) {}
  static WalkResult interrupt() { return WalkResult(Kind::Interrupt); }
  static WalkResult advance() { return WalkResult(Kind::Advance); }
  /// In a pre-order walk, do not visit the current op's regions.
  static WalkResult skip() { return WalkResult(Kind::Skip); }
  bool wasInterrupted() const { return kind == Kind::Interrupt; }
  bool wasSkipped() const { return kind == Kind::Skip; }

private:
  explicit WalkResult(Kind kind) : kind(kind) {}
  Kind kind;
};

enum class WalkOrder { PreOrder, PostOrder };

namespace detail {
/// Walks `op` and its nested ops; returns interrupt if the callback did.
WalkResult walkOperations(Operation *op,
                          llvm::function_ref<WalkResult(Operation *)> callback,
                          WalkOrder order);

template <typename FnT>
using walk_arg_t =
    typename llvm::function_traits<std::decay_t<FnT>>::template arg_t<0>;
template <typename FnT>
using walk_ret_t = typename llvm::function_traits<std::decay_t<FnT>>::result_t;

template <typename FnT> struct WalkReturn {
  using type =
      std::conditional_t<std::is_same<walk_ret_t<FnT>, WalkResult>::value,
                         WalkResult, void>;
};

/// Calls `callback` on `op` if it has the callback's argument type.
template <typename FnT>
WalkResult invokeWalkCallback(Operation *op, FnT &callback) {
  using ArgT = walk_arg_t<FnT>;
  using RetT = walk_ret_t<FnT>;
  if constexpr (std::is_same<ArgT, Operation *>::value) {
    if constexpr (std::is_same<RetT, WalkResult>::value)
      return callback(op);
    else {
      callback(op);
      return WalkResult::advance();
    }
  } else {
    auto typed = std::decay_t<ArgT>::dynCast(op);
    if (!typed)
      return WalkResult::advance();
    if constexpr (std::is_same<RetT, WalkResult>::value)
      return callback(typed);
    else {
      callback(typed);
      return WalkResult::advance();
    }
  }
}

template <WalkOrder Order, typename FnT>
typename WalkReturn<FnT>::type walk(Operation *op, FnT &&callback) {
  auto wrapper = [&](Operation *nested) {
    return invokeWalkCallback(nested, callback);
  };
  WalkResult result = walkOperations(op, wrapper, Order);
  if constexpr (std::is_same<typename WalkReturn<FnT>::type, WalkResult>::value)
    return result;
  else
    (void)result;
}
} // namespace detail
} // namespace tilt

#endif // TILT_IR_VISITORS_H
