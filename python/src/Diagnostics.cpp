//===- Diagnostics.cpp - TiltError and the diagnostics of a call ----------===//
//
// The scoped capture of a context's diagnostics, the Python exception
// TiltError raised from them, and the DiagnosticInfo objects it carries.
//
//===----------------------------------------------------------------------===//

#include "PyDiagnostics.h"
#include "PyIR.h"
#include "tilt/IR/Context.h"
#include "llvm/Support/MemoryBuffer.h"
#include <thread>

using namespace tilt;
using namespace tilt::python;

/// The Python class TiltError. Created once when the module is imported and
/// never freed: a static py::object would be destroyed after the
/// interpreter.
static PyObject *tiltErrorType = nullptr;

//===----------------------------------------------------------------------===//
// DiagnosticInfo
//===----------------------------------------------------------------------===//

DiagnosticInfo DiagnosticInfo::from(const Diagnostic &diag) {
  DiagnosticInfo info;
  info.severity = diag.getSeverity();
  info.message = diag.str();
  llvm::raw_string_ostream os(info.location);
  os << diag.getLocation();
  os.flush();
  if (std::optional<Location> fileLoc = diag.getLocation().findFileLineCol()) {
    info.file = fileLoc->getFilename().str();
    info.line = fileLoc->getLine();
    info.col = fileLoc->getColumn();
  }
  for (const std::unique_ptr<Diagnostic> &note : diag.getNotes())
    info.notes.push_back(from(*note));
  return info;
}

std::string DiagnosticInfo::str() const {
  std::string result;
  if (file)
    result =
        *file + ":" + std::to_string(*line) + ":" + std::to_string(*col) + ": ";
  else
    result = location + ": ";
  return result + getSeverityName(severity) + ": " + message;
}

//===----------------------------------------------------------------------===//
// DiagnosticCapture
//===----------------------------------------------------------------------===//

DiagnosticCapture::DiagnosticCapture(Context *context,
                                     llvm::SourceMgr *sourceMgr,
                                     bool thisThreadOnly) {
  llvm::SourceMgr &sources = sourceMgr ? *sourceMgr : emptySourceMgr;
  if (!thisThreadOnly) {
    printer.emplace(sources, context, os);
    recorder.emplace(context, [this](Diagnostic &diag) {
      std::lock_guard<std::mutex> lock(mutex);
      diagnostics.push_back(DiagnosticInfo::from(diag));
      return failure(); // Not consumed: the printer formats it.
    });
    return;
  }
  printer.emplace(sources, context, os);
  // The printer only formats what the recorder gives it, never another
  // thread's diagnostics.
  printer->passOn();
  std::thread::id owner = std::this_thread::get_id();
  recorder.emplace(context, [this, owner](Diagnostic &diag) {
    if (std::this_thread::get_id() != owner)
      return failure(); // Another call's: passed on.
    std::lock_guard<std::mutex> lock(mutex);
    diagnostics.push_back(DiagnosticInfo::from(diag));
    printer->emitDiagnostic(diag);
    return success();
  });
}

DiagnosticCapture::~DiagnosticCapture() = default;

/// Makes the Python exception for `message` and `diagnostics` and sets it
/// as the error being raised.
/// `text` as a Python str: UTF-8, with any byte that is not shown as a
/// `\xNN` escape (a message may quote a source line with such bytes).
static py::str toPythonText(const std::string &text) {
  PyObject *decoded = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()),
                                           "backslashreplace");
  if (!decoded)
    throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

[[noreturn]] static void
throwTiltError(const std::string &message,
               std::vector<DiagnosticInfo> diagnostics) {
  py::object type = py::reinterpret_borrow<py::object>(tiltErrorType);
  py::object error = type(toPythonText(message));
  error.attr("diagnostics") = py::cast(std::move(diagnostics));
  PyErr_SetObject(tiltErrorType, error.ptr());
  throw py::error_already_set();
}

void DiagnosticCapture::raise(const std::string &what) {
  std::string message = what;
  os.flush();
  llvm::StringRef printed = llvm::StringRef(text).rtrim('\n');
  if (!printed.empty())
    message += ":\n" + printed.str();
  std::vector<DiagnosticInfo> seen;
  {
    std::lock_guard<std::mutex> lock(mutex);
    seen = diagnostics;
  }
  throwTiltError(message, std::move(seen));
}

void DiagnosticCapture::check(LogicalResult result, const std::string &what) {
  if (failed(result))
    raise(what);
  os.flush();
  if (!text.empty())
    py::module_::import("sys").attr("stderr").attr("write")(text);
}

void tilt::python::raiseTiltError(const std::string &message) {
  throwTiltError(message, {});
}

//===----------------------------------------------------------------------===//
// Python classes
//===----------------------------------------------------------------------===//

void tilt::python::populateDiagnostics(py::module_ &m) {
  tiltErrorType = PyErr_NewExceptionWithDoc(
      "tilt.ir.TiltError",
      "A parse error, verification failure or pass failure. The message "
      "holds the diagnostics as tilt-opt prints them; `diagnostics` holds "
      "them as DiagnosticInfo objects.",
      PyExc_Exception, nullptr);
  if (!tiltErrorType)
    throw py::error_already_set();
  py::object type = py::reinterpret_borrow<py::object>(tiltErrorType);
  type.attr("diagnostics") = py::tuple();
  m.attr("TiltError") = type;

  py::enum_<DiagnosticSeverity>(m, "DiagnosticSeverity",
                                "The severity of a diagnostic.")
      .value("ERROR", DiagnosticSeverity::Error)
      .value("WARNING", DiagnosticSeverity::Warning)
      .value("NOTE", DiagnosticSeverity::Note)
      .value("REMARK", DiagnosticSeverity::Remark);

  py::class_<DiagnosticInfo>(m, "DiagnosticInfo",
                             "A diagnostic reported by Tilt, as plain data.")
      .def_readonly("severity", &DiagnosticInfo::severity,
                    "DiagnosticSeverity.ERROR, WARNING, NOTE or REMARK.")
      .def_property_readonly(
          "message",
          [](const DiagnosticInfo &info) { return toPythonText(info.message); },
          "The message, without location and severity.")
      .def_property_readonly(
          "location",
          [](const DiagnosticInfo &info) {
            return toPythonText(info.location);
          },
          "The location as the IR prints it, e.g. 'loc(\"f.mlir\":3:7)'.")
      .def_property_readonly(
          "file",
          [](const DiagnosticInfo &info) -> py::object {
            if (!info.file)
              return py::none();
            return toPythonText(*info.file);
          },
          "The file of the location, or None.")
      .def_readonly("line", &DiagnosticInfo::line,
                    "The line of the location (1-based), or None.")
      .def_readonly("col", &DiagnosticInfo::col,
                    "The column of the location (1-based), or None.")
      .def_readonly("notes", &DiagnosticInfo::notes,
                    "The notes attached, as DiagnosticInfo objects.")
      .def("__str__",
           [](const DiagnosticInfo &info) { return toPythonText(info.str()); })
      .def("__repr__", [](const DiagnosticInfo &info) {
        return toPythonText("<DiagnosticInfo " + info.str() + ">");
      });
}
