//===- IRAttributes.cpp - Attributes for Python ---------------------------===//
//
// ir.Attribute and its concrete classes named as in MLIR's Python bindings
// (IntegerAttr, BoolAttr, FloatAttr, StringAttr, ArrayAttr, DictAttr,
// TypeAttr, UnitAttr, FlatSymbolRefAttr, DenseArrayAttr, ...). Attributes
// coming from the IR are given their most specific class; `IntegerAttr(a)`
// casts (ValueError if `a` is not one) and `IntegerAttr.isinstance(a)`
// tests.
//
//===----------------------------------------------------------------------===//

#include "Nesting.h"
#include "PyBindingUtils.h"
#include "PyDiagnostics.h"
#include "tilt/IR/Context.h"
#include "llvm/ADT/SmallString.h"

using namespace tilt;
using namespace tilt::python;

namespace {

struct PyIntegerAttr : PyAttribute {};
struct PyBoolAttr : PyIntegerAttr {};
struct PyFloatAttr : PyAttribute {};
struct PyStringAttr : PyAttribute {};
struct PyArrayAttr : PyAttribute {};
struct PyDictAttr : PyAttribute {};
struct PyTypeAttr : PyAttribute {};
struct PyUnitAttr : PyAttribute {};
struct PySymbolRefAttr : PyAttribute {};
struct PyFlatSymbolRefAttr : PySymbolRefAttr {};
struct PyDenseArrayAttr : PyAttribute {};
struct PyDenseElementsAttr : PyAttribute {};

} // namespace

py::object tilt::python::wrapAttribute(PyContextRef context, Attribute attr) {
  PyAttribute base{std::move(context), attr};
  if (attr.isa<BoolAttr>())
    return py::cast(PyBoolAttr{{base}});
  if (attr.isa<IntegerAttr>())
    return py::cast(PyIntegerAttr{base});
  if (attr.isa<FloatAttr>())
    return py::cast(PyFloatAttr{base});
  if (attr.isa<StringAttr>())
    return py::cast(PyStringAttr{base});
  if (attr.isa<ArrayAttr>())
    return py::cast(PyArrayAttr{base});
  if (attr.isa<DictionaryAttr>())
    return py::cast(PyDictAttr{base});
  if (attr.isa<TypeAttr>())
    return py::cast(PyTypeAttr{base});
  if (attr.isa<UnitAttr>())
    return py::cast(PyUnitAttr{base});
  if (attr.isa<FlatSymbolRefAttr>())
    return py::cast(PyFlatSymbolRefAttr{{base}});
  if (attr.isa<SymbolRefAttr>())
    return py::cast(PySymbolRefAttr{base});
  if (attr.isa<DenseArrayAttr>())
    return py::cast(PyDenseArrayAttr{base});
  if (attr.isa<DenseElementsAttr>())
    return py::cast(PyDenseElementsAttr{base});
  return py::cast(base);
}

/// The Python int of an APInt, read as signed or unsigned.
static py::object toPythonInt(const llvm::APInt &value, bool isSigned) {
  if (value.getBitWidth() <= 64)
    return isSigned ? py::int_(value.getSExtValue())
                    : py::int_(value.getZExtValue());
  llvm::SmallString<40> digits;
  value.toString(digits, 10, isSigned);
  return py::reinterpret_steal<py::object>(
      PyLong_FromString(digits.c_str(), nullptr, 10));
}

/// Raises TiltError for a null result of parseType/parseAttribute.

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// The attribute `attr` as `T`.
template <typename T> static T as(const PyAttribute &attr) {
  return attr.attr.cast<T>();
}

static void populateAttributeClasses(py::module_ &m) {
  py::class_<PyAttribute>(m, "Attribute",
                          "A uniqued attribute, e.g. 42 : i32 or \"text\".")
      .def_static(
          "parse",
          [](py::handle textArgument, PyIRContext *context) {
            std::string text =
                getTextArgument(textArgument, "Attribute.parse's text");
            PyIRContext &ctx = PyIRContext::resolve(context);
            DiagnosticCapture capture(ctx.get());
            Attribute attr = checkParsed(parseAttribute(text, ctx.get()),
                                         capture, "attribute", text);
            return wrapAttribute(PyContextRef(ctx), attr);
          },
          py::arg("asm"), py::arg("context") = py::none(),
          "Parses an attribute; TiltError if the text is not one.")
      .def_property_readonly(
          "context",
          [](const PyAttribute &self) { return self.context.object; })
      .def_property_readonly(
          "type",
          [](const PyAttribute &self) -> py::object {
            Type type = self.attr.getType();
            if (!type)
              return py::none();
            return wrapType(self.context, type);
          },
          "The type of a typed attribute (integer, float, dense), or None.")
      .def("__str__",
           [](const PyAttribute &self) { return printToString(self.attr); })
      .def("__repr__",
           [](py::object self) {
             return py::str(self.get_type().attr("__name__"))
                        .cast<std::string>() +
                    "(" + printToString(self.cast<PyAttribute &>().attr) + ")";
           })
      .def("__eq__",
           [](const PyAttribute &self, py::object other) {
             return py::isinstance<PyAttribute>(other) &&
                    other.cast<PyAttribute &>().attr == self.attr;
           })
      .def("__hash__", [](const PyAttribute &self) {
        return std::hash<const void *>()(self.attr.getAsOpaquePointer());
      });

  using AttrIsa = bool (*)(const PyAttribute &);
  defineSubclass<PyIntegerAttr, PyAttribute>(
      m, "IntegerAttr", "An integer of an integer or index type: 42 : i32.",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<IntegerAttr>(); }))
      .def_static(
          "get",
          [](const PyType &type, py::int_ value) {
            if (!type.type.isIntOrIndex())
              throw py::value_error("IntegerAttr.get needs an integer or "
                                    "index type, not " +
                                    describe(type));
            // Python ints are unbounded: go through the text for wide types.
            unsigned width = type.type.isIndex()
                                 ? IndexType::kInternalStorageBitWidth
                                 : type.type.getIntOrFloatBitWidth();
            std::string digits = py::str(value);
            llvm::APInt parsed(std::max<unsigned>(width, digits.size() * 4 + 2),
                               digits, 10);
            return wrapAttribute(
                type.context,
                IntegerAttr::get(type.type, parsed.sextOrTrunc(width)));
          },
          py::arg("type"), py::arg("value"),
          "The integer `value` of `type`, truncated to its width.")
      .def_property_readonly(
          "value",
          [](const PyAttribute &a) {
            IntegerAttr attr = as<IntegerAttr>(a);
            Type type = attr.getType();
            bool isUnsigned = type.isa<IntegerType>() &&
                              type.cast<IntegerType>().getSignedness() ==
                                  IntegerType::Unsigned;
            return toPythonInt(attr.getValue(), !isUnsigned);
          },
          "The value, signed unless the type is unsigned.");
  defineSubclass<PyBoolAttr, PyIntegerAttr>(
      m, "BoolAttr", "true or false (an i1 integer).",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<BoolAttr>(); }))
      .def_static(
          "get",
          [](bool value, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(PyContextRef(ctx),
                                 BoolAttr::get(ctx.get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const PyAttribute &a) {
        return BoolAttr(as<IntegerAttr>(a)).getValue();
      });
  defineSubclass<PyFloatAttr, PyAttribute>(
      m, "FloatAttr", "A float of a float type: 1.5 : f32.",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<FloatAttr>(); }))
      .def_static(
          "get",
          [](const PyType &type, double value) {
            if (!type.type.isa<FloatType>())
              throw py::value_error("FloatAttr.get needs a float type, not " +
                                    describe(type));
            return wrapAttribute(type.context,
                                 FloatAttr::get(type.type, value));
          },
          py::arg("type"), py::arg("value"), "`value` rounded to `type`.")
      .def_static(
          "get_f32",
          [](double value, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(
                PyContextRef(ctx),
                FloatAttr::get(FloatType::getF32(ctx.get()), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_static(
          "get_f64",
          [](double value, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(
                PyContextRef(ctx),
                FloatAttr::get(FloatType::getF64(ctx.get()), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const PyAttribute &a) {
        return as<FloatAttr>(a).getValueAsDouble();
      });
  defineSubclass<PyStringAttr, PyAttribute>(
      m, "StringAttr", "A string: \"text\".",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<StringAttr>(); }))
      .def_static(
          "get",
          [](const std::string &value, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(PyContextRef(ctx),
                                 StringAttr::get(ctx.get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly(
          "value",
          [](const PyAttribute &a) {
            return as<StringAttr>(a).getValue().str();
          },
          "The string (UnicodeDecodeError if it is not UTF-8: see "
          "value_bytes).")
      .def_property_readonly("value_bytes", [](const PyAttribute &a) {
        return py::bytes(as<StringAttr>(a).getValue().str());
      });
  defineSubclass<PyArrayAttr, PyAttribute>(
      m, "ArrayAttr", "[a, b, c]: a sequence of attributes.",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<ArrayAttr>(); }))
      .def_static(
          "get",
          [](const std::vector<PyAttribute> &elements, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            std::vector<Attribute> attrs;
            for (const PyAttribute &element : elements) {
              checkSameContext(ctx, element.context);
              attrs.push_back(element.attr);
            }
            ArrayAttr array = ArrayAttr::get(ctx.get(), attrs);
            checkNestingDepth(getNestingDepth(array), "this ArrayAttr");
            return wrapAttribute(PyContextRef(ctx), array);
          },
          py::arg("attributes"), py::arg("context") = py::none())
      .def("__len__",
           [](const PyAttribute &a) { return as<ArrayAttr>(a).size(); })
      .def("__getitem__",
           [](const PyAttribute &a, int64_t index) {
             ArrayAttr array = as<ArrayAttr>(a);
             return wrapAttribute(a.context,
                                  array[checkIndex(index, array.size())]);
           })
      .def("__iter__", [](const PyAttribute &a) {
        py::list list;
        for (Attribute element : as<ArrayAttr>(a))
          list.append(wrapAttribute(a.context, element));
        return py::iter(list);
      });
  defineSubclass<PyDictAttr, PyAttribute>(
      m, "DictAttr", "{a = 1, b}: attributes by name, sorted by name.",
      AttrIsa(
          [](const PyAttribute &a) { return a.attr.isa<DictionaryAttr>(); }))
      .def_static(
          "get",
          [](const std::map<std::string, PyAttribute> &values,
             PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            std::vector<NamedAttribute> named;
            for (const auto &[name, value] : values) {
              checkSameContext(ctx, value.context);
              named.emplace_back(StringAttr::get(ctx.get(), name), value.attr);
            }
            DictionaryAttr dictionary = DictionaryAttr::get(ctx.get(), named);
            checkNestingDepth(getNestingDepth(dictionary), "this DictAttr");
            return wrapAttribute(PyContextRef(ctx), dictionary);
          },
          py::arg("value") = std::map<std::string, PyAttribute>(),
          py::arg("context") = py::none())
      .def("__len__",
           [](const PyAttribute &a) { return as<DictionaryAttr>(a).size(); })
      .def("__contains__",
           [](const PyAttribute &a, const std::string &name) {
             return as<DictionaryAttr>(a).contains(name);
           })
      .def("__getitem__",
           [](const PyAttribute &a, const std::string &name) {
             Attribute value = as<DictionaryAttr>(a).get(name);
             if (!value)
               throw py::key_error(name);
             return wrapAttribute(a.context, value);
           })
      .def("__iter__",
           [](const PyAttribute &a) {
             py::list names;
             for (const NamedAttribute &named : as<DictionaryAttr>(a))
               names.append(named.getName().getValue().str());
             return py::iter(names);
           })
      .def("items", [](const PyAttribute &a) {
        py::list items;
        for (const NamedAttribute &named : as<DictionaryAttr>(a))
          items.append(
              py::make_tuple(named.getName().getValue().str(),
                             wrapAttribute(a.context, named.getValue())));
        return items;
      });
  defineSubclass<PyTypeAttr, PyAttribute>(
      m, "TypeAttr", "A type used as an attribute.",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<TypeAttr>(); }))
      .def_static(
          "get",
          [](const PyType &type) {
            return wrapAttribute(type.context, TypeAttr::get(type.type));
          },
          py::arg("value"))
      .def_property_readonly("value", [](const PyAttribute &a) {
        return wrapType(a.context, as<TypeAttr>(a).getValue());
      });
  defineSubclass<PyUnitAttr, PyAttribute>(
      m, "UnitAttr", "unit: an attribute whose presence is the information.",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<UnitAttr>(); }))
      .def_static(
          "get",
          [](PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(PyContextRef(ctx), UnitAttr::get(ctx.get()));
          },
          py::arg("context") = py::none());
  defineSubclass<PySymbolRefAttr, PyAttribute>(
      m, "SymbolRefAttr", "@root::@nested: a reference to a symbol.",
      AttrIsa([](const PyAttribute &a) { return a.attr.isa<SymbolRefAttr>(); }))
      .def_property_readonly(
          "value",
          [](const PyAttribute &a) {
            SymbolRefAttr ref = as<SymbolRefAttr>(a);
            std::vector<std::string> path{
                ref.getRootReference().getValue().str()};
            for (FlatSymbolRefAttr nested : ref.getNestedReferences())
              path.push_back(nested.getValue().str());
            return path;
          },
          "The names of the path, root first.");
  defineSubclass<PyFlatSymbolRefAttr, PySymbolRefAttr>(
      m, "FlatSymbolRefAttr", "@name: a reference to a symbol of this scope.",
      AttrIsa(
          [](const PyAttribute &a) { return a.attr.isa<FlatSymbolRefAttr>(); }))
      .def_static(
          "get",
          [](const std::string &value, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(PyContextRef(ctx),
                                 FlatSymbolRefAttr::get(ctx.get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const PyAttribute &a) {
        return FlatSymbolRefAttr(as<SymbolRefAttr>(a)).getValue().str();
      });
  defineSubclass<PyDenseArrayAttr, PyAttribute>(
      m, "DenseArrayAttr", "array<i64: 1, 2>: integers or floats.",
      AttrIsa(
          [](const PyAttribute &a) { return a.attr.isa<DenseArrayAttr>(); }))
      .def_static(
          "get",
          [](const PyType &elementType, py::sequence values) {
            Type type = elementType.type;
            if (type.isa<FloatType>() && (type.isF32() || type.isF64()))
              return wrapAttribute(
                  elementType.context,
                  DenseArrayAttr::getFloats(
                      type, values.cast<std::vector<double>>()));
            if (type.isa<IntegerType>() && type.isSignlessInteger() &&
                llvm::is_contained(llvm::ArrayRef<unsigned>{1, 8, 16, 32, 64},
                                   type.getIntOrFloatBitWidth())) {
              std::vector<int64_t> ints;
              try {
                ints = values.cast<std::vector<int64_t>>();
              } catch (const py::cast_error &) {
                throw py::value_error("a dense array of " +
                                      describe(elementType) +
                                      " holds integers of 64 bits at most");
              }
              // As the parser: a value fits the width, signed or unsigned.
              unsigned width = type.getIntOrFloatBitWidth();
              for (int64_t value : ints)
                if (!llvm::isIntN(width, value) &&
                    !(value >= 0 && llvm::isUIntN(width, uint64_t(value))))
                  throw py::value_error(std::to_string(value) +
                                        " does not fit " +
                                        describe(elementType) +
                                        " (a dense array keeps its "
                                        "values exactly)");
              return wrapAttribute(elementType.context,
                                   DenseArrayAttr::getInts(type, ints));
            }
            throw py::value_error("a dense array holds i1, i8, i16, i32, "
                                  "i64, f32 or f64, not " +
                                  describe(elementType));
          },
          py::arg("element_type"), py::arg("values"))
      .def_static(
          "get_i64",
          [](const std::vector<int64_t> &values, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapAttribute(PyContextRef(ctx),
                                 DenseArrayAttr::getI64(ctx.get(), values));
          },
          py::arg("values"), py::arg("context") = py::none())
      .def_property_readonly(
          "element_type",
          [](const PyAttribute &a) {
            return wrapType(a.context, as<DenseArrayAttr>(a).getElementType());
          })
      .def_property_readonly(
          "values",
          [](const PyAttribute &a) -> py::list {
            DenseArrayAttr array = as<DenseArrayAttr>(a);
            py::list list;
            if (array.getElementType().isa<FloatType>()) {
              for (double value : array.getFloatValues())
                list.append(value);
            } else {
              bool isBool = array.getElementType().isInteger(1);
              for (int64_t value : array.getIntValues())
                list.append(isBool ? py::object(py::bool_(value != 0))
                                   : py::object(py::int_(value)));
            }
            return list;
          },
          "The elements, as a list of int (bool for i1) or float.")
      .def("__len__",
           [](const PyAttribute &a) { return as<DenseArrayAttr>(a).size(); })
      .def("__getitem__",
           [](py::object self, int64_t index) {
             py::list values = self.attr("values");
             return values[checkIndex(index, values.size())];
           })
      .def("__iter__",
           [](py::object self) { return py::iter(self.attr("values")); });
  defineSubclass<PyDenseElementsAttr, PyAttribute>(
      m, "DenseElementsAttr", "dense<...> : tensor<...>: a constant tensor.",
      AttrIsa(
          [](const PyAttribute &a) { return a.attr.isa<DenseElementsAttr>(); }))
      .def_property_readonly("is_splat",
                             [](const PyAttribute &a) {
                               return as<DenseElementsAttr>(a).isSplat();
                             })
      .def("__len__",
           [](const PyAttribute &a) {
             return as<DenseElementsAttr>(a).getNumElements();
           })
      .def("__getitem__", [](const PyAttribute &a, int64_t index) {
        DenseElementsAttr dense = as<DenseElementsAttr>(a);
        return wrapAttribute(a.context, dense.getElement(checkIndex(
                                            index, dense.getNumElements())));
      });
}

void tilt::python::populateAttributes(py::module_ &m) {
  populateAttributeClasses(m);
}
