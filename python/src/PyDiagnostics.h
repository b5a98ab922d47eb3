//===- PyDiagnostics.h - Diagnostics of a call, as TiltError ----*- C++ -*-===//
//
// Every binding that can fail (parsing, verifying, running passes) collects
// the diagnostics the context reports during the call with a
// DiagnosticCapture. On failure they become a TiltError: its message holds
// them as tilt-opt prints them (`file:line:col: error: ...`, with the source
// line and a caret where the text is known) and its `diagnostics` holds them
// as DiagnosticInfo objects. On success, warnings and remarks are written to
// sys.stderr, as tilt-opt writes them to its standard error.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PYTHON_PYDIAGNOSTICS_H
#define TILT_PYTHON_PYDIAGNOSTICS_H

#include "tilt/IR/Diagnostics.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <optional>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace tilt {
namespace python {
namespace py = pybind11;

/// One diagnostic as Python sees it (DiagnosticInfo): plain data, copied
/// out of the diagnostic while it is reported.
struct DiagnosticInfo {
  /// Error, warning, note or remark.
  DiagnosticSeverity severity;
  /// The message, without location or severity.
  std::string message;
  /// The location as the IR prints it (`loc("f.mlir":3:7)`).
  std::string location;
  /// The file, line and column of the location, when it has them.
  std::optional<std::string> file;
  /// The line (1-based), when known.
  std::optional<unsigned> line;
  /// The column (1-based), when known.
  std::optional<unsigned> col;
  /// The notes attached to the diagnostic.
  std::vector<DiagnosticInfo> notes;

  /// Copies `diag` and its notes.
  static DiagnosticInfo from(const Diagnostic &diag);
  /// `file:line:col: error: message` (the location as printed when there
  /// is no file location).
  std::string str() const;
};

/// Collects the diagnostics of `context` while it exists (a scoped
/// handler), formatted as tilt-opt prints them with `sourceMgr` (the text
/// the IR was parsed from, if any).
class DiagnosticCapture {
public:
  /// Collects the diagnostics `context` emits; with `thisThreadOnly`, only
  /// those emitted on the calling thread (a kernel run while other threads
  /// run the same program on the same context: each call gets its own).
  DiagnosticCapture(Context *context, llvm::SourceMgr *sourceMgr = nullptr,
                    bool thisThreadOnly = false);
  ~DiagnosticCapture();
  DiagnosticCapture(const DiagnosticCapture &) = delete;
  DiagnosticCapture &operator=(const DiagnosticCapture &) = delete;

  /// Raises TiltError("<what>:\n<diagnostics>") with the diagnostics seen
  /// so far.
  [[noreturn]] void raise(const std::string &what);
  /// Raises as raise() if `result` is a failure; otherwise writes the
  /// warnings and remarks seen, if any, to sys.stderr.
  void check(LogicalResult result, const std::string &what);

private:
  llvm::SourceMgr emptySourceMgr;
  std::string text;
  llvm::raw_string_ostream os{text};
  std::mutex mutex;
  std::vector<DiagnosticInfo> diagnostics;
  // The printer formats and consumes; the recorder, registered after it
  // and so asked first, copies and passes the diagnostic on.
  /// Prints as tilt-opt does; with passOn(), only when asked
  /// (emitDiagnostic), passing every diagnostic on as its handler.
  struct Printer : SourceMgrDiagnosticHandler {
    using SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler;
    void passOn() {
      setHandler([](Diagnostic &) { return failure(); });
    }
  };
  std::optional<Printer> printer;
  std::optional<ScopedDiagnosticHandler> recorder;
};

/// Raises TiltError with `message` and no diagnostics (for errors that
/// are not reported through a context, such as a malformed pipeline).
[[noreturn]] void raiseTiltError(const std::string &message);

} // namespace python
} // namespace tilt

#endif // TILT_PYTHON_PYDIAGNOSTICS_H
