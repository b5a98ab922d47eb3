//===- LogicalResult.h - Success or failure of an operation ------*- C++
//-*-===//
//
// LLVM 14 has no LogicalResult (it arrived in LLVM 19), so Tilt carries its
// own: a bool-sized result that must be inspected, and FailureOr<T> for a
// value-or-failure. Failure is always accompanied by a diagnostic elsewhere.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_SUPPORT_LOGICALRESULT_H
#define TILT_SUPPORT_LOGICALRESULT_H

#include <optional>
#include <utility>

namespace tilt {

/// The outcome of an operation that can fail. It deliberately has no
/// conversion to bool so that `if (f())` cannot be misread.
class [[nodiscard]] LogicalResult {
public:
  static LogicalResult success(bool isSuccess = true) {
    return LogicalResult(isSuccess);
  }
  static LogicalResult failure(bool isFailure = true) {
    return LogicalResult(!isFailure);
  }
  bool succeeded() const { return isSuccess; }
  bool failed() const { return !isSuccess; }

private:
  explicit LogicalResult(bool isSuccess) : isSuccess(isSuccess) {}
  bool isSuccess;
};

/// Returns success, or failure when `isSuccess` is false.
inline LogicalResult success(bool isSuccess = true) {
  return LogicalResult::success(isSuccess);
}
/// Returns failure, or success when `isFailure` is false.
inline LogicalResult failure(bool isFailure = true) {
  return LogicalResult::failure(isFailure);
}
/// Whether `result` is success.
inline bool succeeded(LogicalResult result) { return result.succeeded(); }
/// Whether `result` is failure.
inline bool failed(LogicalResult result) { return result.failed(); }

/// A value of type T, or failure. Converts from LogicalResult failure.
template <typename T> class [[nodiscard]] FailureOr : public std::optional<T> {
public:
  FailureOr(LogicalResult result) {
    (void)result; // Only failure may be converted; success carries no value.
  }
  FailureOr(T &&value) : std::optional<T>(std::move(value)) {}
  FailureOr(const T &value) : std::optional<T>(value) {}
  operator LogicalResult() const { return success(this->has_value()); }
};

/// Whether `value` holds no value.
template <typename T> inline bool failed(const FailureOr<T> &value) {
  return !value.has_value();
}
/// Whether `value` holds a value.
template <typename T> inline bool succeeded(const FailureOr<T> &value) {
  return value.has_value();
}

/// A tri-state result of an optional parse: not present, present and parsed,
/// or present and failed.
class OptionalParseResult {
public:
  OptionalParseResult() = default;
  OptionalParseResult(LogicalResult result) : impl(result) {}
  OptionalParseResult(std::nullopt_t) {}
  bool has_value() const { return impl.has_value(); }
  LogicalResult value() const { return *impl; }
  LogicalResult operator*() const { return *impl; }

private:
  std::optional<LogicalResult> impl;
};

} // namespace tilt

#endif // TILT_SUPPORT_LOGICALRESULT_H
