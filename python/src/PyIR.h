//===- PyIR.h - The Python objects of Tilt's IR -----------------*- C++ -*-===//
//
// The classes the extension module `tilt._tilt` gives to Python. None of
// Tilt's own classes is handed to pybind11: each is wrapped in a small class
// that also keeps alive what it points into, so that Python's reference
// counting cannot free IR under a live object.
//
// Ownership: a PyIRContext owns a tilt::Context; a PyModule owns a top-level
// operation and holds its context; a PyOperation points into a module and
// holds the module; blocks, regions and values hold the operation they
// belong to. There is at most one PyOperation per operation (the context
// keeps a map of the live ones), so erasing an operation, or running a pass
// over the ops around it, can mark the Python objects of the operations
// that went away as invalid: using one then raises an error instead of
// touching freed memory.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PYTHON_PYIR_H
#define TILT_PYTHON_PYIR_H

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Block.h"
#include "tilt/IR/Context.h"
#include "tilt/IR/Location.h"
#include "tilt/IR/Region.h"
#include "tilt/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>
#include <optional>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <unordered_map>
#include <vector>

namespace tilt {
namespace python {
namespace py = pybind11;

class PyOperation;

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

/// A tilt::Context with every dialect of Tilt loaded, owned by Python.
/// Contexts entered with `with` form a per-thread stack; the top one is
/// used where a `context=` argument is left out.
class PyIRContext {
public:
  PyIRContext();
  ~PyIRContext();
  PyIRContext(const PyIRContext &) = delete;
  PyIRContext &operator=(const PyIRContext &) = delete;

  /// The wrapped context.
  Context *get() { return context.get(); }
  /// The Python object of this context (there is one: contexts are only
  /// made from Python).
  py::object getObject();

  /// The innermost context entered with `with` on this thread, or null.
  static PyIRContext *getCurrent();
  /// Makes this context the current one (`__enter__`).
  void enter();
  /// Ends the innermost `with` of this context (`__exit__`).
  void exit();
  /// The context given, else the current one; raises ValueError if there
  /// is neither.
  static PyIRContext &resolve(PyIRContext *given);

  /// The live Python object of `op`, if there is one.
  PyOperation *lookup(Operation *op);
  /// Records `object` as the Python object of `op`.
  void track(Operation *op, PyOperation *object);
  /// Forgets the Python object of `op` (it is being destroyed).
  void untrack(Operation *op, PyOperation *object);
  /// Marks the Python objects of the operations nested in `op` invalid, and
  /// that of `op` too with `includeSelf`: the IR they point to is going
  /// away (an erase) or may have (a pass ran on `op`).
  void invalidateNested(Operation *op, bool includeSelf);

private:
  std::unique_ptr<Context> context;
  std::unordered_map<Operation *, PyOperation *> liveOperations;
};

/// A context and the Python object that keeps it alive.
struct PyContextRef {
  /// The context.
  PyIRContext *context;
  /// Its Python object.
  py::object object;

  /// Refers to `context`, whose Python object exists.
  explicit PyContextRef(PyIRContext &context)
      : context(&context), object(context.getObject()) {}
  /// The wrapped tilt::Context.
  Context *get() const { return context->get(); }
};

//===----------------------------------------------------------------------===//
// Module and operations
//===----------------------------------------------------------------------===//

/// A top-level builtin.module owned by Python, with the text it was parsed
/// from (so that later diagnostics can show source lines, as tilt-opt's
/// do) and the file metadata printed after it.
class PyModule {
public:
  /// Takes ownership of `op`, a builtin.module.
  PyModule(PyContextRef context, OwningOpRef op,
           std::shared_ptr<llvm::SourceMgr> sourceMgr,
           std::string fileMetadata);
  ~PyModule();

  /// The context of the module.
  PyContextRef context;
  /// The text the module was parsed from (null for Module.create()).
  std::shared_ptr<llvm::SourceMgr> sourceMgr;
  /// The `{-# ... #-}` section of the text, printed after the module.
  std::string fileMetadata;
  /// The module operation.
  OwningOpRef op;
};

/// The Python object of an operation inside a module. It keeps the module
/// alive; it is invalid once the operation is erased (or once a pass ran on
/// an op that contains it), and then every use raises RuntimeError.
class PyOperation {
public:
  /// The Python object of `op`, which belongs to the module `owner`:
  /// the existing one, or a new one.
  static py::object get(PyContextRef context, py::object owner, Operation *op);
  ~PyOperation();

  /// The operation; raises RuntimeError if it is no longer valid.
  Operation *getChecked() const;
  /// The module that owns the operation.
  PyModule &getModule() const { return owner.cast<PyModule &>(); }
  /// Marks the object invalid: the operation is gone.
  void invalidate() { valid = false; }
  /// Whether the operation is still there.
  bool isValid() const { return valid; }

  /// The context.
  PyContextRef context;
  /// The PyModule the operation belongs to.
  py::object owner;
  /// The operation (dangling once invalid).
  Operation *op;
  /// The generation of each of the operation's own blocks that Python
  /// has seen: a pass run on the operation may erase its blocks (and their
  /// arguments), and each block that was there before a run and is not
  /// after it gets a new generation, which invalidates the Python objects
  /// made for it (even if a new block takes its address later).
  llvm::DenseMap<Block *, uint64_t> blockGenerations;
  /// The generation of `block`, one of the operation's blocks.
  uint64_t getBlockGeneration(Block *block) const {
    auto found = blockGenerations.find(block);
    return found == blockGenerations.end() ? 0 : found->second;
  }
  /// The operation's own blocks (of all its regions).
  llvm::SmallVector<Block *, 4> getOwnBlocks() const;

private:
  PyOperation(PyContextRef context, py::object owner, Operation *op)
      : context(std::move(context)), owner(std::move(owner)), op(op) {}
  bool valid = true;
};

/// Something inside an operation (a region, a block, a value): it holds
/// the Python object of that operation and is valid as long as it is.
/// These are aggregates: compute (and check) what goes into one before
/// building it, never in its initializer. An exception thrown in the middle
/// of an aggregate's initialization destroyed its py::object twice with
/// GCC 12 (a crash when the interpreter exits).
struct PyOperationChild {
  /// The PyOperation of the operation this is part of.
  py::object parent;
  /// For a child in one of the operation's blocks (a block, its arguments,
  /// its list of operations): that block, and its generation when the
  /// child was made (PyOperation::blockGenerations).
  Block *ownerBlock = nullptr;
  uint64_t generation = 0;

  /// The operation; raises RuntimeError once it is gone, or once a pass
  /// run on it erased the block of a child in one of its blocks.
  Operation *getParentChecked() const {
    PyOperation &operation = parent.cast<PyOperation &>();
    Operation *op = operation.getChecked();
    if (ownerBlock && generation != operation.getBlockGeneration(ownerBlock))
      throw std::runtime_error(
          "the block is no longer valid: a pass that ran on the operation "
          "holding it erased it");
    return op;
  }
  /// Marks this a child in `block`, one of the operation's blocks.
  void scopeToBlock(Block *block) {
    ownerBlock = block;
    generation = getParent().getBlockGeneration(block);
  }
  /// Marks this a child in the same block as `other`, as of when `other`
  /// was made.
  void scopeLike(const PyOperationChild &other) {
    ownerBlock = other.ownerBlock;
    generation = other.generation;
  }
  /// The PyOperation of the parent.
  PyOperation &getParent() const { return parent.cast<PyOperation &>(); }
  /// The Python object of `op`, in the same module as the parent.
  py::object wrap(Operation *op) const;
};

/// A region of an operation.
struct PyRegion : PyOperationChild {
  /// The region.
  Region *region;
  /// The region, after checking that its operation is still there.
  Region *getChecked() const {
    getParentChecked();
    return region;
  }
};

/// A block of a region.
struct PyBlock : PyOperationChild {
  /// The block.
  Block *block;
  /// The block, after checking that its operation is still there.
  Block *getChecked() const {
    getParentChecked();
    return block;
  }
};

/// An SSA value: an operation's result or a block's argument. `parent` is
/// the defining operation, or the operation of the argument's block.
struct PyValue : PyOperationChild {
  /// The value.
  Value value;
  /// A block argument's number (its block is `ownerBlock`), else -1.
  int64_t argNumber = -1;
  /// The value, after checking that its operation is still there (and a
  /// block argument that its block still has it: a pass may erase
  /// arguments of a block it keeps).
  Value getChecked() const {
    getParentChecked();
    if (argNumber >= 0 &&
        (uint64_t(argNumber) >= ownerBlock->getNumArguments() ||
         ownerBlock->getArgument(unsigned(argNumber)) != value))
      throw std::runtime_error(
          "the block argument is no longer valid: a pass that ran on the "
          "operation holding its block erased it");
    return value;
  }
};

/// The Python object of `value`, whose parent is found from the value;
/// `from` is any object of the same module.
py::object wrapValue(const PyOperationChild &from, Value value);

//===----------------------------------------------------------------------===//
// Types, attributes and locations
//===----------------------------------------------------------------------===//

/// A type and its context.
struct PyType {
  /// The context.
  PyContextRef context;
  /// The type.
  Type type;
};

/// An attribute and its context.
struct PyAttribute {
  /// The context.
  PyContextRef context;
  /// The attribute.
  Attribute attr;
};

/// A location and its context.
struct PyLocation {
  /// The context.
  PyContextRef context;
  /// The location.
  Location loc;
};

/// The Python object of `type`, as its most specific class (IntegerType,
/// FunctionType, ...).
py::object wrapType(PyContextRef context, Type type);
/// The Python object of `attr`, as its most specific class (IntegerAttr,
/// StringAttr, ...).
py::object wrapAttribute(PyContextRef context, Attribute attr);

//===----------------------------------------------------------------------===//
// Registration of the Python classes
//===----------------------------------------------------------------------===//

/// TiltError, DiagnosticSeverity and DiagnosticInfo.
void populateDiagnostics(py::module_ &m);
/// Type and its subclasses, and Location.
void populateTypes(py::module_ &m);
/// Attribute and its subclasses.
void populateAttributes(py::module_ &m);
/// Context, Module and Operation (and, through populateIRStructure, the
/// rest of the IR's classes).
void populateIRCore(py::module_ &m);
/// Region, Block, Value and its subclasses, OpOperand, and the lists and
/// maps Operation returns.
void populateIRStructure(py::module_ &m);
/// Operation's operands, results, result, regions and attributes.
void addOperationAccessors(py::class_<PyOperation> &operation);
/// PassManager.
void populatePassManager(py::module_ &m);
/// The submodule `run`: compiling and running programs on the emulator
/// (Run.cpp, over tilt/Run/Run.h).
void bindRun(py::module_ &m);

} // namespace python
} // namespace tilt

#endif // TILT_PYTHON_PYIR_H
