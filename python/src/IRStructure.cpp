//===- IRStructure.cpp - Regions, blocks and values for Python ------------===//
//
// ir.Region, ir.Block, ir.Value (ir.OpResult, ir.BlockArgument), ir.OpOperand
// and the sequences an Operation gives out: operands (settable), results,
// regions, a region's blocks, a block's operations and arguments, and the
// attribute map. Each holds the Operation object it belongs to, so it is
// checked (and keeps the module alive) like the operation. Iterating a
// sequence iterates over a snapshot taken when the iteration starts.
//
//===----------------------------------------------------------------------===//

#include "PyBindingUtils.h"
#include "tilt/IR/Context.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;
using namespace tilt::python;

namespace {

struct PyOpResult : PyValue {};
struct PyBlockArgument : PyValue {};

/// A use of a value: the operation that uses it and the operand's index.
struct PyOpOperand {
  py::object owner;
  unsigned operandNumber;
};

/// The sequences: `Derived` gives size() and at(i) (both check that the
/// operation is still there).
template <typename Derived> struct PySequence : PyOperationChild {
  /// Defines __len__, __getitem__ and __iter__ on the Python class.
  static py::class_<Derived> bind(py::module_ &m, const char *name,
                                  const char *doc) {
    py::class_<Derived> cls(m, name, doc);
    cls.def("__len__", [](const Derived &self) { return self.size(); })
        .def("__getitem__",
             [](const Derived &self, int64_t index) {
               return self.at(checkIndex(index, self.size()));
             })
        .def("__iter__", [](const Derived &self) {
          py::list snapshot;
          for (size_t i = 0, e = self.size(); i < e; ++i)
            snapshot.append(self.at(i));
          return py::iter(snapshot);
        });
    return cls;
  }
};

/// Operation.operands.
struct PyOperandList : PySequence<PyOperandList> {
  size_t size() const { return getParentChecked()->getNumOperands(); }
  py::object at(size_t i) const {
    Value value = getParentChecked()->getOperand(i);
    if (!value)
      return py::none(); // Dropped by an erase of its definition in C++.
    return wrapValue(*this, value);
  }
};

/// Operation.results.
struct PyResultList : PySequence<PyResultList> {
  size_t size() const { return getParentChecked()->getNumResults(); }
  py::object at(size_t i) const {
    return wrapValue(*this, getParentChecked()->getResult(i));
  }
};

/// Operation.regions.
struct PyRegionList : PySequence<PyRegionList> {
  size_t size() const { return getParentChecked()->getNumRegions(); }
  py::object at(size_t i) const {
    Region *region = &getParentChecked()->getRegion(i);
    return py::cast(PyRegion{{parent}, region});
  }
};

/// Region.blocks.
struct PyBlockList : PySequence<PyBlockList> {
  Region *region;
  size_t size() const {
    getParentChecked();
    return region->getNumBlocks();
  }
  py::object at(size_t i) const {
    getParentChecked();
    PyBlock block{{parent}, &*std::next(region->begin(), i)};
    block.scopeToBlock(block.block);
    return py::cast(block);
  }
};

/// Block.operations.
struct PyOperationList : PySequence<PyOperationList> {
  Block *block;
  size_t size() const {
    getParentChecked();
    return block->getOperations().size();
  }
  py::object at(size_t i) const {
    getParentChecked();
    return wrap(&*std::next(block->begin(), i));
  }
};

/// Block.arguments.
struct PyBlockArgumentList : PySequence<PyBlockArgumentList> {
  Block *block;
  size_t size() const {
    getParentChecked();
    return block->getNumArguments();
  }
  py::object at(size_t i) const {
    getParentChecked();
    return wrapValue(*this, block->getArgument(i));
  }
};

/// Operation.attributes: inherent and discardable attributes by name.
struct PyOpAttributeMap : PyOperationChild {
  /// The names, inherent ones (sorted) first, then discardable (sorted).
  std::vector<std::string> names() const {
    Operation *op = getParentChecked();
    std::vector<std::string> result;
    for (const NamedAttribute &named : op->getPropertiesDict())
      result.push_back(named.getName().getValue().str());
    for (const NamedAttribute &named : op->getAttrDictionary())
      result.push_back(named.getName().getValue().str());
    return result;
  }
  py::object get(const std::string &name) const {
    Attribute attr = getParentChecked()->getAttr(name);
    if (!attr)
      return py::none();
    return wrapAttribute(getParent().context, attr);
  }
};

/// Refuses a value of another module (or context) as an operand or a
/// replacement.
void checkSameModule(const PyOperationChild &a, const PyOperationChild &b) {
  if (!a.getParent().owner.is(b.getParent().owner))
    throw py::value_error("the value belongs to another module");
}

} // namespace

py::object tilt::python::wrapValue(const PyOperationChild &from, Value value) {
  if (auto result = value.dyn_cast<OpResult>())
    return py::cast(PyOpResult{{{from.wrap(result.getOwner())}, value}});
  auto argument = value.cast<BlockArgument>();
  PyBlockArgument result{
      {{from.wrap(argument.getOwner()->getParentOp())}, value}};
  result.scopeToBlock(argument.getOwner());
  result.argNumber = argument.getArgNumber();
  return py::cast(result);
}

void tilt::python::addOperationAccessors(py::class_<PyOperation> &operation) {
  operation
      .def_property_readonly(
          "operands",
          [](py::object self) {
            self.cast<PyOperation &>().getChecked();
            return PyOperandList{{self}};
          },
          "The operands (a sequence of Value; items can be set).")
      .def_property_readonly(
          "results",
          [](py::object self) {
            self.cast<PyOperation &>().getChecked();
            return PyResultList{{self}};
          },
          "The results (a sequence of OpResult).")
      .def_property_readonly(
          "result",
          [](py::object self) {
            Operation *op = self.cast<PyOperation &>().getChecked();
            if (op->getNumResults() != 1)
              throw py::value_error("Operation.result needs an operation "
                                    "with exactly one result");
            return wrapValue(PyOperationChild{self}, op->getResult(0));
          },
          "The only result (ValueError unless there is exactly one).")
      .def_property_readonly(
          "regions",
          [](py::object self) {
            self.cast<PyOperation &>().getChecked();
            return PyRegionList{{self}};
          },
          "The regions (a sequence of Region).")
      .def_property_readonly(
          "attributes",
          [](py::object self) {
            self.cast<PyOperation &>().getChecked();
            return PyOpAttributeMap{self};
          },
          "The attributes, inherent and discardable, as a mutable mapping "
          "from names to Attribute.");
}

//===----------------------------------------------------------------------===//
// Python classes
//===----------------------------------------------------------------------===//

/// Equality and hashing by the wrapped pointer.
template <typename PyT, typename Key>
static void defineIdentity(py::class_<PyT> &cls, Key (*key)(const PyT &)) {
  cls.def("__eq__",
          [key](const PyT &self, py::object other) {
            return py::isinstance<PyT>(other) &&
                   key(other.cast<PyT &>()) == key(self);
          })
      .def("__hash__", [key](const PyT &self) {
        return std::hash<const void *>()(key(self));
      });
}

static void populateSequences(py::module_ &m) {
  PyOperandList::bind(m, "OpOperandList", "The operands of an operation.")
      .def("__setitem__",
           [](const PyOperandList &self, int64_t index, const PyValue &value) {
             Operation *op = self.getParentChecked();
             checkSameModule(self, value);
             op->setOperand(checkIndex(index, op->getNumOperands()),
                            value.getChecked());
           });
  PyResultList::bind(m, "OpResultList", "The results of an operation.")
      .def_property_readonly("types", [](const PyResultList &self) {
        py::list types;
        for (Type type : self.getParentChecked()->getResultTypes())
          types.append(wrapType(self.getParent().context, type));
        return types;
      });
  PyRegionList::bind(m, "RegionSequence", "The regions of an operation.");
  PyBlockList::bind(m, "BlockList", "The blocks of a region.");
  PyOperationList::bind(m, "OperationList", "The operations of a block.");
  PyBlockArgumentList::bind(m, "BlockArgumentList", "The arguments of a block.")
      .def_property_readonly("types", [](const PyBlockArgumentList &self) {
        py::list types;
        self.getParentChecked();
        for (Type type : self.block->getArgumentTypes())
          types.append(wrapType(self.getParent().context, type));
        return types;
      });

  py::class_<PyOpAttributeMap>(
      m, "OpAttributeMap",
      "The attributes of an operation by name: inherent ones (its "
      "properties) and discardable ones, read and written alike.")
      .def("__len__",
           [](const PyOpAttributeMap &self) { return self.names().size(); })
      .def("__contains__",
           [](const PyOpAttributeMap &self, const std::string &name) {
             return !self.get(name).is_none();
           })
      .def("__getitem__",
           [](const PyOpAttributeMap &self, const std::string &name) {
             py::object attr = self.get(name);
             if (attr.is_none())
               throw py::key_error(name);
             return attr;
           })
      .def("__setitem__",
           [](const PyOpAttributeMap &self, const std::string &name,
              const PyAttribute &value) {
             Operation *op = self.getParentChecked();
             if (value.context.get() != op->getContext())
               throw py::value_error("the attribute belongs to another "
                                     "context");
             op->setAttr(name, value.attr);
           })
      .def("__delitem__",
           [](const PyOpAttributeMap &self, const std::string &name) {
             if (!self.getParentChecked()->removeAttr(name))
               throw py::key_error(name);
           })
      .def("__iter__",
           [](const PyOpAttributeMap &self) {
             return py::iter(py::cast(self.names()));
           })
      .def("keys", &PyOpAttributeMap::names)
      .def("values",
           [](const PyOpAttributeMap &self) {
             py::list values;
             for (const std::string &name : self.names())
               values.append(self.get(name));
             return values;
           })
      .def("items",
           [](const PyOpAttributeMap &self) {
             py::list items;
             for (const std::string &name : self.names())
               items.append(py::make_tuple(name, self.get(name)));
             return items;
           })
      .def(
          "get",
          [](const PyOpAttributeMap &self, const std::string &name,
             py::object fallback) {
            py::object attr = self.get(name);
            return attr.is_none() ? fallback : attr;
          },
          py::arg("name"), py::arg("default") = py::none());
}

static void populateValues(py::module_ &m) {
  py::class_<PyValue> value(m, "Value",
                            "An SSA value: an OpResult or a BlockArgument.");
  value
      .def_property_readonly("type",
                             [](const PyValue &self) {
                               return wrapType(self.getParent().context,
                                               self.getChecked().getType());
                             })
      .def(
          "set_type",
          [](const PyValue &self, const PyType &type) {
            Value value = self.getChecked();
            checkSameContext(*self.getParent().context.context, type.context);
            value.setType(type.type);
          },
          py::arg("type"), "Changes the type (the verifier checks it).")
      .def_property_readonly(
          "context",
          [](const PyValue &self) { return self.getParent().context.object; })
      .def_property_readonly("location",
                             [](const PyValue &self) {
                               return PyLocation{self.getParent().context,
                                                 self.getChecked().getLoc()};
                             })
      .def_property_readonly(
          "uses",
          [](const PyValue &self) {
            py::list uses;
            for (OpOperand &use : self.getChecked().getUses())
              uses.append(PyOpOperand{self.wrap(use.getOwner()),
                                      use.getOperandNumber()});
            return uses;
          },
          "The uses, as a list of OpOperand (owner, operand_number).")
      .def(
          "replace_all_uses_with",
          [](const PyValue &self, const PyValue &with) {
            checkSameModule(self, with);
            self.getChecked().replaceAllUsesWith(with.getChecked());
          },
          py::arg("with_"), "Makes every use of this value use `with_`.")
      .def("__str__",
           [](const PyValue &self) {
             Value value = self.getChecked();
             return printToString(value);
           })
      .def("__repr__", [](const PyValue &self) {
        Value value = self.getChecked();
        return "Value(" + printToString(value) + ")";
      });
  defineIdentity<PyValue, const void *>(
      value, [](const PyValue &self) -> const void * {
        return self.value.getAsOpaquePointer();
      });

  py::class_<PyOpResult, PyValue>(m, "OpResult", "A result of an operation.")
      .def_property_readonly(
          "owner",
          [](const PyOpResult &self) {
            return self.wrap(self.getChecked().cast<OpResult>().getOwner());
          },
          "The operation that defines the value.")
      .def_property_readonly("result_number", [](const PyOpResult &self) {
        return self.getChecked().cast<OpResult>().getResultNumber();
      });
  py::class_<PyBlockArgument, PyValue>(m, "BlockArgument",
                                       "An argument of a block.")
      .def_property_readonly(
          "owner",
          [](const PyBlockArgument &self) {
            Block *owner = self.getChecked().cast<BlockArgument>().getOwner();
            PyBlock block{{self.parent}, owner};
            block.scopeLike(self);
            return block;
          },
          "The block of the argument.")
      .def_property_readonly("arg_number", [](const PyBlockArgument &self) {
        return self.getChecked().cast<BlockArgument>().getArgNumber();
      });

  py::class_<PyOpOperand>(m, "OpOperand", "A use of a value.")
      .def_property_readonly(
          "owner", [](const PyOpOperand &self) { return self.owner; },
          "The operation that uses the value.")
      .def_property_readonly("operand_number", [](const PyOpOperand &self) {
        return self.operandNumber;
      });
}

void tilt::python::populateIRStructure(py::module_ &m) {
  populateSequences(m);
  populateValues(m);

  py::class_<PyRegion> region(m, "Region", "A region of an operation.");
  region
      .def_property_readonly("blocks",
                             [](const PyRegion &self) {
                               Region *region = self.getChecked();
                               return PyBlockList{{{self.parent}}, region};
                             })
      .def_property_readonly(
          "owner", [](const PyRegion &self) { return self.parent; },
          "The operation of the region.");
  defineIdentity<PyRegion, const void *>(
      region, [](const PyRegion &self) -> const void * { return self.region; });

  py::class_<PyBlock> block(m, "Block", "A block of a region.");
  block
      .def_property_readonly("operations",
                             [](const PyBlock &self) {
                               Block *block = self.getChecked();
                               PyOperationList list{{{self.parent}}, block};
                               list.scopeLike(self);
                               return list;
                             })
      .def_property_readonly("arguments",
                             [](const PyBlock &self) {
                               Block *block = self.getChecked();
                               PyBlockArgumentList list{{{self.parent}}, block};
                               list.scopeLike(self);
                               return list;
                             })
      .def_property_readonly(
          "owner", [](const PyBlock &self) { return self.parent; },
          "The operation of the block's region.")
      .def_property_readonly("region",
                             [](const PyBlock &self) {
                               Region *region = self.getChecked()->getParent();
                               return PyRegion{{self.parent}, region};
                             })
      .def("__str__", [](const PyBlock &self) {
        Block *block = self.getChecked();
        return printToString(*block);
      });
  defineIdentity<PyBlock, const void *>(
      block, [](const PyBlock &self) -> const void * { return self.block; });
}
