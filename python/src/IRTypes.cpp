//===- IRTypes.cpp - Types and locations for Python
//------------------------===//
//
// ir.Type and its concrete classes named as in MLIR's Python bindings
// (IntegerType, IndexType, F32Type, FunctionType, RankedTensorType, ...), and
// ir.Location. Types coming from the IR are given their most specific class;
// `IntegerType(t)` casts (ValueError if `t` is not one) and
// `IntegerType.isinstance(t)` tests.
//
//===----------------------------------------------------------------------===//

#include "Nesting.h"
#include "PyBindingUtils.h"
#include "PyDiagnostics.h"
#include "tilt/IR/Context.h"

using namespace tilt;
using namespace tilt::python;

namespace {

struct PyIntegerType : PyType {};
struct PyIndexType : PyType {};
struct PyFloatType : PyType {};
struct PyF16Type : PyFloatType {};
struct PyBF16Type : PyFloatType {};
struct PyF32Type : PyFloatType {};
struct PyF64Type : PyFloatType {};
struct PyNoneType : PyType {};
struct PyFunctionType : PyType {};
struct PyRankedTensorType : PyType {};

bool isFloatKind(Type type, FloatType::Kind kind) {
  return type.isa<FloatType>() && type.cast<FloatType>().getKind() == kind;
}

} // namespace

py::object tilt::python::wrapType(PyContextRef context, Type type) {
  PyType base{std::move(context), type};
  if (type.isa<IntegerType>())
    return py::cast(PyIntegerType{base});
  if (type.isa<IndexType>())
    return py::cast(PyIndexType{base});
  if (type.isa<FloatType>()) {
    switch (type.cast<FloatType>().getKind()) {
    case FloatType::F16:
      return py::cast(PyF16Type{{base}});
    case FloatType::BF16:
      return py::cast(PyBF16Type{{base}});
    case FloatType::F32:
      return py::cast(PyF32Type{{base}});
    case FloatType::F64:
      return py::cast(PyF64Type{{base}});
    }
    return py::cast(PyFloatType{base});
  }
  if (type.isa<NoneType>())
    return py::cast(PyNoneType{base});
  if (type.isa<FunctionType>())
    return py::cast(PyFunctionType{base});
  if (type.isa<RankedTensorType>())
    return py::cast(PyRankedTensorType{base});
  return py::cast(base);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// F16Type, BF16Type, F32Type or F64Type: the float type of `kind`.
template <typename PyT, FloatType::Kind kind>
static void defineFloatType(py::module_ &m, const char *name) {
  defineSubclass<PyT, PyFloatType>(
      m, name, name, +[](const PyType &t) { return isFloatKind(t.type, kind); })
      .def_static(
          "get",
          [](PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapType(PyContextRef(ctx), FloatType::get(ctx.get(), kind));
          },
          py::arg("context") = py::none());
}

static void populateTypeClasses(py::module_ &m) {
  py::class_<PyType>(m, "Type",
                     "A uniqued type, e.g. i32 or !tile.buffer<...>.")
      .def_static(
          "parse",
          [](py::handle textArgument, PyIRContext *context) {
            std::string text =
                getTextArgument(textArgument, "Type.parse's text");
            PyIRContext &ctx = PyIRContext::resolve(context);
            DiagnosticCapture capture(ctx.get());
            Type type =
                checkParsed(parseType(text, ctx.get()), capture, "type", text);
            return wrapType(PyContextRef(ctx), type);
          },
          py::arg("asm"), py::arg("context") = py::none(),
          "Parses a type; TiltError if the text is not one.")
      .def_property_readonly(
          "context", [](const PyType &self) { return self.context.object; })
      .def("__str__",
           [](const PyType &self) { return printToString(self.type); })
      .def("__repr__",
           [](py::object self) {
             return py::str(self.get_type().attr("__name__"))
                        .cast<std::string>() +
                    "(" + printToString(self.cast<PyType &>().type) + ")";
           })
      .def("__eq__",
           [](const PyType &self, py::object other) {
             return py::isinstance<PyType>(other) &&
                    other.cast<PyType &>().type == self.type;
           })
      .def("__hash__", [](const PyType &self) {
        return std::hash<const void *>()(self.type.getAsOpaquePointer());
      });

  using TypeIsa = bool (*)(const PyType &);
  defineSubclass<PyIntegerType, PyType>(
      m, "IntegerType", "iN, siN or uiN.",
      TypeIsa([](const PyType &t) { return t.type.isa<IntegerType>(); }))
      .def_static(
          "get_signless",
          [](unsigned width, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            if (width == 0 || width > IntegerType::kMaxWidth)
              throw py::value_error("invalid integer width");
            return wrapType(PyContextRef(ctx),
                            IntegerType::get(ctx.get(), width));
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_property_readonly(
          "width",
          [](const PyType &t) { return t.type.cast<IntegerType>().getWidth(); })
      .def_property_readonly("is_signless",
                             [](const PyType &t) {
                               return t.type.cast<IntegerType>().isSignless();
                             })
      .def_property_readonly("is_signed", [](const PyType &t) {
        return t.type.cast<IntegerType>().getSignedness() ==
               IntegerType::Signed;
      });
  defineSubclass<PyIndexType, PyType>(
      m, "IndexType", "index.",
      TypeIsa([](const PyType &t) { return t.type.isa<IndexType>(); }))
      .def_static(
          "get",
          [](PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapType(PyContextRef(ctx), IndexType::get(ctx.get()));
          },
          py::arg("context") = py::none());
  defineSubclass<PyFloatType, PyType>(
      m, "FloatType", "f16, bf16, f32 or f64.",
      TypeIsa([](const PyType &t) { return t.type.isa<FloatType>(); }))
      .def_property_readonly("width", [](const PyType &t) {
        return t.type.cast<FloatType>().getWidth();
      });
  defineFloatType<PyF16Type, FloatType::F16>(m, "F16Type");
  defineFloatType<PyBF16Type, FloatType::BF16>(m, "BF16Type");
  defineFloatType<PyF32Type, FloatType::F32>(m, "F32Type");
  defineFloatType<PyF64Type, FloatType::F64>(m, "F64Type");
  defineSubclass<PyNoneType, PyType>(
      m, "NoneType", "none.",
      TypeIsa([](const PyType &t) { return t.type.isa<NoneType>(); }))
      .def_static(
          "get",
          [](PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return wrapType(PyContextRef(ctx), NoneType::get(ctx.get()));
          },
          py::arg("context") = py::none());
  defineSubclass<PyFunctionType, PyType>(
      m, "FunctionType", "(inputs) -> results.",
      TypeIsa([](const PyType &t) { return t.type.isa<FunctionType>(); }))
      .def_static(
          "get",
          [](const std::vector<PyType> &inputs,
             const std::vector<PyType> &results, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            std::vector<Type> in, out;
            for (const PyType &t : inputs) {
              checkSameContext(ctx, t.context);
              in.push_back(t.type);
            }
            for (const PyType &t : results) {
              checkSameContext(ctx, t.context);
              out.push_back(t.type);
            }
            return wrapType(PyContextRef(ctx),
                            FunctionType::get(ctx.get(), in, out));
          },
          py::arg("inputs"), py::arg("results"),
          py::arg("context") = py::none())
      .def_property_readonly("inputs",
                             [](const PyType &t) {
                               py::list list;
                               for (Type in :
                                    t.type.cast<FunctionType>().getInputs())
                                 list.append(wrapType(t.context, in));
                               return list;
                             })
      .def_property_readonly("results", [](const PyType &t) {
        py::list list;
        for (Type out : t.type.cast<FunctionType>().getResults())
          list.append(wrapType(t.context, out));
        return list;
      });
  defineSubclass<PyRankedTensorType, PyType>(
      m, "RankedTensorType", "tensor<4x?xf32>.",
      TypeIsa([](const PyType &t) { return t.type.isa<RankedTensorType>(); }))
      .def_static(
          "get",
          [](const std::vector<int64_t> &shape, const PyType &elementType) {
            // What the parser refuses: negative sizes (other than the
            // dynamic one) and element types a tensor cannot hold.
            for (int64_t size : shape)
              if (size < 0 && size != RankedTensorType::kDynamic)
                throw py::value_error(
                    "a tensor dimension is a size of 0 or more (or the "
                    "dynamic size), got " +
                    std::to_string(size));
            Type element = elementType.type;
            if (element.isa<FunctionType>() || element.isa<NoneType>() ||
                element.isa<RankedTensorType>())
              throw py::value_error("invalid tensor element type " +
                                    describe(elementType));
            return wrapType(elementType.context,
                            RankedTensorType::get(shape, element));
          },
          py::arg("shape"), py::arg("element_type"))
      .def_property_readonly("shape",
                             [](const PyType &t) {
                               llvm::ArrayRef<int64_t> shape =
                                   t.type.cast<RankedTensorType>().getShape();
                               return std::vector<int64_t>(shape.begin(),
                                                           shape.end());
                             })
      .def_property_readonly("rank",
                             [](const PyType &t) {
                               return t.type.cast<RankedTensorType>().getRank();
                             })
      .def_property_readonly("element_type", [](const PyType &t) {
        return wrapType(t.context,
                        t.type.cast<RankedTensorType>().getElementType());
      });
}

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

static void populateLocations(py::module_ &m) {
  py::class_<PyLocation>(m, "Location",
                         "A source location: unknown, file:line:col, name, "
                         "call site or fused.")
      .def_static(
          "unknown",
          [](PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return PyLocation{PyContextRef(ctx), Location()};
          },
          py::arg("context") = py::none())
      .def_static(
          "file",
          [](const std::string &filename, unsigned line, unsigned col,
             PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            return PyLocation{
                PyContextRef(ctx),
                Location::getFileLineCol(ctx.get(), filename, line, col)};
          },
          py::arg("filename"), py::arg("line"), py::arg("col"),
          py::arg("context") = py::none())
      .def_static(
          "name",
          [](const std::string &name, std::optional<PyLocation> child,
             PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            if (child)
              checkSameContext(ctx, child->context);
            Location loc = child
                               ? Location::getName(ctx.get(), name, child->loc)
                               : Location::getName(ctx.get(), name);
            checkNestingDepth(getNestingDepth(loc), "this Location.name");
            return PyLocation{PyContextRef(ctx), loc};
          },
          py::arg("name"), py::arg("childLoc") = py::none(),
          py::arg("context") = py::none())
      .def_static(
          "callsite",
          [](const PyLocation &callee, const std::vector<PyLocation> &frames,
             PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            if (frames.empty())
              throw py::value_error("Location.callsite needs at least one "
                                    "frame");
            checkSameContext(ctx, callee.context);
            for (const PyLocation &frame : frames)
              checkSameContext(ctx, frame.context);
            // callee at frames[0] at frames[1] ...: the last frames first.
            Location caller = frames.back().loc;
            for (size_t i = frames.size() - 1; i-- > 0;)
              caller = Location::getCallSite(ctx.get(), frames[i].loc, caller);
            Location loc = Location::getCallSite(ctx.get(), callee.loc, caller);
            checkNestingDepth(getNestingDepth(loc), "this Location.callsite");
            return PyLocation{PyContextRef(ctx), loc};
          },
          py::arg("callee"), py::arg("frames"), py::arg("context") = py::none())
      .def_static(
          "fused",
          [](const std::vector<PyLocation> &locations,
             std::optional<PyAttribute> metadata, PyIRContext *context) {
            PyIRContext &ctx = PyIRContext::resolve(context);
            std::vector<Location> locs;
            for (const PyLocation &loc : locations) {
              checkSameContext(ctx, loc.context);
              locs.push_back(loc.loc);
            }
            if (metadata)
              checkSameContext(ctx, metadata->context);
            Location loc = Location::getFused(
                ctx.get(), locs, metadata ? metadata->attr : Attribute());
            checkNestingDepth(getNestingDepth(loc), "this Location.fused");
            return PyLocation{PyContextRef(ctx), loc};
          },
          py::arg("locations"), py::arg("metadata") = py::none(),
          py::arg("context") = py::none())
      .def_property_readonly(
          "context", [](const PyLocation &self) { return self.context.object; })
      // `filename`, not `file`: Location.file is the constructor (as in
      // MLIR, whose file locations have `filename` too).
      .def_property_readonly(
          "filename",
          [](const PyLocation &self) -> std::optional<std::string> {
            if (std::optional<Location> fileLoc = self.loc.findFileLineCol())
              return fileLoc->getFilename().str();
            return std::nullopt;
          },
          "The file of the first file:line:col location in this one, or "
          "None.")
      .def_property_readonly(
          "line",
          [](const PyLocation &self) -> std::optional<unsigned> {
            if (std::optional<Location> fileLoc = self.loc.findFileLineCol())
              return fileLoc->getLine();
            return std::nullopt;
          },
          "Its line, or None.")
      .def_property_readonly(
          "col",
          [](const PyLocation &self) -> std::optional<unsigned> {
            if (std::optional<Location> fileLoc = self.loc.findFileLineCol())
              return fileLoc->getColumn();
            return std::nullopt;
          },
          "Its column, or None.")
      .def_property_readonly(
          "is_unknown",
          [](const PyLocation &self) { return self.loc.isUnknown(); })
      .def("__str__",
           [](const PyLocation &self) { return printToString(self.loc); })
      .def("__repr__",
           [](const PyLocation &self) { return printToString(self.loc); })
      .def("__eq__",
           [](const PyLocation &self, py::object other) {
             return py::isinstance<PyLocation>(other) &&
                    other.cast<PyLocation &>().loc == self.loc;
           })
      .def("__hash__", [](const PyLocation &self) {
        return std::hash<uintptr_t>()(self.loc.getAsOpaqueValue());
      });
}

void tilt::python::populateTypes(py::module_ &m) {
  populateTypeClasses(m);
  populateLocations(m);
}
