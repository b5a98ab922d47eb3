//===- Diagnostics.h - Errors, warnings, remarks and notes -------*- C++
//-*-===//
//
// Every problem Tilt finds is a Diagnostic with a location, a severity and a
// message, optionally with notes pointing at related places. Diagnostics go
// to the context's DiagnosticEngine, which offers them to a stack of handlers
// (newest first) until one consumes them. The source-manager handler prints
// them like a compiler (`file:line:col: error: ...`, source line, caret); the
// verifier handler checks them against `expected-error {{...}}` comments.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_DIAGNOSTICS_H
#define TILT_IR_DIAGNOSTICS_H

#include "tilt/IR/Location.h"
#include "tilt/Support/LogicalResult.h"
#include "llvm/ADT/Twine.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace tilt {
class Context;
class Operation;
class OperationName;
class Value;

enum class DiagnosticSeverity { Note, Warning, Error, Remark };

/// The name a diagnostic of `severity` is printed with: "note", "warning",
/// "error" or "remark".
const char *getSeverityName(DiagnosticSeverity severity);

/// One diagnostic: location, severity, message and attached notes.
class Diagnostic {
public:
  Diagnostic(Location loc, DiagnosticSeverity severity)
      : loc(loc), severity(severity) {}
  Diagnostic(Diagnostic &&) = default;
  Diagnostic &operator=(Diagnostic &&) = default;

  Location getLocation() const { return loc; }
  DiagnosticSeverity getSeverity() const { return severity; }
  const std::string &str() const { return message; }

  Diagnostic &operator<<(const llvm::Twine &text);
  Diagnostic &operator<<(const char *text);
  Diagnostic &operator<<(llvm::StringRef text);
  Diagnostic &operator<<(const std::string &text);
  Diagnostic &operator<<(char c);
  Diagnostic &operator<<(int64_t value);
  Diagnostic &operator<<(uint64_t value);
  Diagnostic &operator<<(int value) { return *this << int64_t(value); }
  Diagnostic &operator<<(unsigned value) { return *this << uint64_t(value); }
  Diagnostic &operator<<(long long value) { return *this << int64_t(value); }
  Diagnostic &operator<<(unsigned long long value) {
    return *this << uint64_t(value);
  }
  Diagnostic &operator<<(Type type);
  Diagnostic &operator<<(Attribute attr);
  Diagnostic &operator<<(OperationName name);
  /// Streams an op in generic form (safe for invalid IR).
  Diagnostic &operator<<(Operation &op);
  Diagnostic &operator<<(Operation *op) { return *this << *op; }
  Diagnostic &operator<<(Value value);

  /// Attaches a note at `noteLoc` (or at this diagnostic's location).
  Diagnostic &attachNote(std::optional<Location> noteLoc = std::nullopt);
  llvm::ArrayRef<std::unique_ptr<Diagnostic>> getNotes() const { return notes; }

private:
  Location loc;
  DiagnosticSeverity severity;
  std::string message;
  std::vector<std::unique_ptr<Diagnostic>> notes;
};

class DiagnosticEngine;

/// A diagnostic being built; it is reported when destroyed. It converts to
/// failure so that `return op.emitOpError() << "...";` works.
class InFlightDiagnostic {
public:
  InFlightDiagnostic() = default;
  InFlightDiagnostic(DiagnosticEngine *owner, Diagnostic &&diag)
      : owner(owner), impl(std::move(diag)) {}
  InFlightDiagnostic(InFlightDiagnostic &&other)
      : owner(other.owner), impl(std::move(other.impl)) {
    other.impl.reset();
  }
  InFlightDiagnostic &operator=(InFlightDiagnostic &&) = delete;
  ~InFlightDiagnostic() { report(); }

  template <typename T> InFlightDiagnostic &operator<<(T &&value) & {
    if (impl)
      *impl << std::forward<T>(value);
    return *this;
  }
  template <typename T> InFlightDiagnostic &&operator<<(T &&value) && {
    return std::move(this->operator<<(std::forward<T>(value)));
  }
  Diagnostic &attachNote(std::optional<Location> noteLoc = std::nullopt) {
    return impl->attachNote(noteLoc);
  }
  /// Sends the diagnostic now.
  void report();
  /// Drops the diagnostic without reporting it.
  void abandon() { impl.reset(); }
  bool isActive() const { return impl.has_value(); }
  Diagnostic *getUnderlyingDiagnostic() { return impl ? &*impl : nullptr; }

  operator LogicalResult() const { return failure(); }
  template <typename T> operator FailureOr<T>() const { return failure(); }

private:
  DiagnosticEngine *owner = nullptr;
  std::optional<Diagnostic> impl;
};

/// Dispatches diagnostics to a stack of handlers.
class DiagnosticEngine {
public:
  using HandlerID = uint64_t;
  /// A handler returns success if it consumed the diagnostic.
  using HandlerTy = std::function<LogicalResult(Diagnostic &)>;

  DiagnosticEngine();
  ~DiagnosticEngine();
  HandlerID registerHandler(HandlerTy handler);
  void eraseHandler(HandlerID id);
  /// Offers `diag` to the handlers, newest first; unconsumed errors and
  /// warnings are printed to stderr.
  void emit(Diagnostic &&diag);
  InFlightDiagnostic emit(Location loc, DiagnosticSeverity severity) {
    return InFlightDiagnostic(this, Diagnostic(loc, severity));
  }

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Starts an error at `loc`; it is reported when the returned object goes
/// away (stream more text into it first).
InFlightDiagnostic emitError(Context *context, Location loc,
                             const llvm::Twine &message = {});
/// Starts a warning at `loc`, as emitError.
InFlightDiagnostic emitWarning(Context *context, Location loc,
                               const llvm::Twine &message = {});
/// Starts a remark at `loc`, as emitError.
InFlightDiagnostic emitRemark(Context *context, Location loc,
                              const llvm::Twine &message = {});

/// Registers a handler for its lifetime.
class ScopedDiagnosticHandler {
public:
  ScopedDiagnosticHandler(Context *context,
                          DiagnosticEngine::HandlerTy handler);
  ~ScopedDiagnosticHandler();

protected:
  explicit ScopedDiagnosticHandler(Context *context) : context(context) {}
  void setHandler(DiagnosticEngine::HandlerTy handler);
  Context *context;
  std::optional<DiagnosticEngine::HandlerID> handlerID;
};

/// Prints diagnostics like a compiler, with the source line and a caret when
/// the location is in a buffer of `sourceMgr`.
class SourceMgrDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  SourceMgrDiagnosticHandler(llvm::SourceMgr &sourceMgr, Context *context,
                             llvm::raw_ostream &os);
  /// Prints `diag` and its notes.
  void emitDiagnostic(Diagnostic &diag);
  /// Prints one message at `loc` (no notes).
  void emitDiagnostic(Location loc, llvm::StringRef message,
                      DiagnosticSeverity severity,
                      bool displaySourceLine = true);

protected:
  /// The buffer-relative position of a file:line:col location, if any.
  const char *findLocationPointer(Location loc, unsigned &bufferID);
  llvm::SourceMgr &sourceMgr;
  llvm::raw_ostream &os;
};

/// Checks diagnostics against `expected-*` comments in the source:
/// `// expected-error@+1 {{message}}`, `@-N`, `@above`, `@below`, `-re`
/// variants with `{{regex}}` inside, for error, warning, remark and note.
class SourceMgrDiagnosticVerifierHandler : public SourceMgrDiagnosticHandler {
public:
  SourceMgrDiagnosticVerifierHandler(llvm::SourceMgr &sourceMgr,
                                     Context *context, llvm::raw_ostream &os);
  ~SourceMgrDiagnosticVerifierHandler();
  /// Reports expectations that were not met and unexpected diagnostics seen;
  /// fails if there were any (or if an expectation was malformed).
  LogicalResult verify();

private:
  struct Impl;
  void process(Diagnostic &diag);
  std::unique_ptr<Impl> impl;
};

} // namespace tilt

#endif // TILT_IR_DIAGNOSTICS_H
