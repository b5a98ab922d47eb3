//===- PyBindingUtils.h - Helpers shared by the binding sources -*- C++ -*-===//
//
// Small helpers of the binding sources: printing to a string, Python-style
// indices, and the definition of a concrete Python class (IntegerType,
// StringAttr, ...) with its cast constructor and `isinstance`.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PYTHON_PYBINDINGUTILS_H
#define TILT_PYTHON_PYBINDINGUTILS_H

#include "PyIR.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace tilt {
namespace python {

/// The text of anything with a print(raw_ostream &) method.
template <typename T> std::string printToString(T &&value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os);
  return os.str();
}

/// The text of a type, for messages.
inline std::string describe(const PyType &type) {
  return printToString(type.type);
}
/// The text of an attribute, for messages.
inline std::string describe(const PyAttribute &attr) {
  return printToString(attr.attr);
}

/// Refuses (ValueError) a type, attribute or location of another context
/// than `context`: uniqued storage must not point into another context.
inline void checkSameContext(PyIRContext &context, const PyContextRef &of) {
  if (of.context != &context)
    throw py::value_error("a type, attribute or location of another context");
}

/// The text argument `value` of `what` (IR or a pipeline) as bytes: a str
/// in UTF-8 (a str made with errors="surrogateescape" gives its bytes
/// back), or bytes as they are; TypeError for anything else, ValueError
/// for a str that no encoding gives bytes of.
inline std::string getTextArgument(py::handle value, const char *what) {
  if (py::isinstance<py::bytes>(value))
    return value.cast<std::string>();
  if (!py::isinstance<py::str>(value))
    throw py::type_error(
        std::string(what) + " is a str or bytes, got " +
        std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  PyObject *encoded =
      PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogateescape");
  if (!encoded) {
    PyErr_Clear();
    throw py::value_error(std::string(what) +
                          " holds a character that is not Unicode text (a "
                          "lone surrogate)");
  }
  py::bytes bytes = py::reinterpret_steal<py::bytes>(encoded);
  return bytes.cast<std::string>();
}

/// The position of element `index` of a sequence of `size`, counted from
/// the end when negative; IndexError when out of range.
inline size_t checkIndex(int64_t index, size_t size) {
  if (index < 0)
    index += size;
  if (index < 0 || size_t(index) >= size)
    throw py::index_error("index out of range");
  return index;
}

/// Defines the Python class `PyT` (a subclass of `BaseT`) for the values of
/// `RootT` (PyType or PyAttribute) that `isa` accepts: a cast constructor
/// (ValueError for other values) and the static method `isinstance`.
template <typename PyT, typename BaseT, typename RootT>
py::class_<PyT, BaseT> defineSubclass(py::module_ &m, const char *name,
                                      const char *doc,
                                      bool (*isa)(const RootT &)) {
  py::class_<PyT, BaseT> cls(m, name, doc);
  cls.def(py::init([isa, name](const RootT &from) {
            if (!isa(from))
              throw py::value_error(std::string("cannot cast ") +
                                    describe(from) + " to " + name);
            PyT result{{from}};
            return result;
          }),
          py::arg("cast_from"),
          "Casts a value of the base class; ValueError if it is not one.");
  cls.def_static(
      "isinstance", [isa](const RootT &other) { return isa(other); },
      py::arg("other"), "Whether `other` is of this class.");
  return cls;
}

/// Raises TiltError for a null result of parseType / parseAttribute,
/// with what `capture` collected.
template <typename T, typename CaptureT>
T checkParsed(T parsed, CaptureT &capture, const std::string &what,
              const std::string &text) {
  if (!parsed)
    capture.raise("could not parse the " + what + " '" + text + "'");
  return parsed;
}

} // namespace python
} // namespace tilt

#endif // TILT_PYTHON_PYBINDINGUTILS_H
