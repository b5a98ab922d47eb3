//===- BindingsFuzzer.cpp - libFuzzer target for tilt.ir's text entries ---===//
//
// Embeds Python, imports the Python bindings (built with this fuzzer's
// coverage and ASan instrumentation) and hands each input to
// python/fuzz/bindings_text.py's `one`, which passes it to Module.parse,
// Attribute.parse, Type.parse or PassManager.parse and uses the result as
// a user would. A crash or sanitizer report in the bindings, or any Python
// exception other than the entry points' documented refusals, is a bug.
//
//===----------------------------------------------------------------------===//

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

static PyObject *driver;

/// Prints the pending Python exception and stops the fuzzer on it.
[[noreturn]] static void fail(const char *what) {
  PyErr_Print();
  std::fprintf(stderr, "bindings fuzzer: %s\n", what);
  std::abort();
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // No signal handlers: libFuzzer's stay in place.
  Py_InitializeEx(0);
  PyObject *path = PySys_GetObject("path");
  for (const char *dir : {TILT_FUZZ_PYTHON_PACKAGE, TILT_FUZZ_DRIVER_DIR}) {
    PyObject *entry = PyUnicode_FromString(dir);
    if (!path || !entry || PyList_Insert(path, 0, entry) != 0)
      fail("cannot set sys.path");
    Py_DECREF(entry);
  }
  PyObject *module = PyImport_ImportModule("bindings_text");
  if (!module)
    fail("cannot import python/fuzz/bindings_text.py");
  driver = PyObject_GetAttrString(module, "one");
  Py_DECREF(module);
  if (!driver)
    fail("bindings_text has no function `one`");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  PyObject *bytes =
      PyBytes_FromStringAndSize(reinterpret_cast<const char *>(data), size);
  if (!bytes)
    fail("cannot make the input's bytes");
  PyObject *result = PyObject_CallFunctionObjArgs(driver, bytes, nullptr);
  Py_DECREF(bytes);
  if (!result)
    fail("an input raised an exception the entry points do not document");
  Py_DECREF(result);
  return 0;
}
