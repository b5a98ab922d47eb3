//===- IRCore.cpp - Contexts, modules and operations for Python -----------===//
//
// ir.Context (every Tilt dialect loaded; a `with` statement makes it the
// current one), ir.Module (parse, create, print) and ir.Operation (name,
// operands, results, regions, attributes, location, parent, verify, erase,
// walk, print), with the registry of live operation objects that lets an
// erase or a pass run invalidate the objects of the IR that went away.
//
//===----------------------------------------------------------------------===//

#include "Nesting.h"
#include "PyBindingUtils.h"
#include "PyDiagnostics.h"
#include "PyIR.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;
using namespace tilt::python;

//===----------------------------------------------------------------------===//
// PyIRContext
//===----------------------------------------------------------------------===//

/// The contexts entered with `with`, innermost last, per thread. Each holds
/// a reference to its Python object from enter() to exit() (a raw one: a
/// py::object here would be released after the interpreter is gone when
/// a context is left entered at exit).
static thread_local std::vector<PyIRContext *> currentContexts;

PyIRContext::PyIRContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect, cb::CBDialect,
                  tt::TTDialect>();
  context = std::make_unique<Context>(registry);
  context->loadAllAvailableDialects();
}

PyIRContext::~PyIRContext() { forgetNestingDepths(); }

py::object PyIRContext::getObject() {
  return py::cast(this, py::return_value_policy::reference);
}

PyIRContext *PyIRContext::getCurrent() {
  return currentContexts.empty() ? nullptr : currentContexts.back();
}

void PyIRContext::enter() {
  getObject().inc_ref();
  currentContexts.push_back(this);
}

void PyIRContext::exit() {
  if (currentContexts.empty() || currentContexts.back() != this)
    throw std::runtime_error("Context.__exit__ of a context that is not the "
                             "current one");
  currentContexts.pop_back();
  getObject().dec_ref();
}

PyIRContext &PyIRContext::resolve(PyIRContext *given) {
  if (given)
    return *given;
  if (PyIRContext *current = getCurrent())
    return *current;
  throw py::value_error("no context: pass context= or use `with "
                        "ir.Context():`");
}

PyOperation *PyIRContext::lookup(Operation *op) {
  auto it = liveOperations.find(op);
  return it == liveOperations.end() ? nullptr : it->second;
}

void PyIRContext::track(Operation *op, PyOperation *object) {
  liveOperations[op] = object;
}

void PyIRContext::untrack(Operation *op, PyOperation *object) {
  auto it = liveOperations.find(op);
  if (it != liveOperations.end() && it->second == object)
    liveOperations.erase(it);
}

void PyIRContext::invalidateNested(Operation *op, bool includeSelf) {
  if (liveOperations.empty())
    return;
  op->walk([&](Operation *nested) {
    if (nested == op && !includeSelf)
      return;
    auto it = liveOperations.find(nested);
    if (it == liveOperations.end())
      return;
    it->second->invalidate();
    liveOperations.erase(it);
  });
}

//===----------------------------------------------------------------------===//
// PyModule and PyOperation
//===----------------------------------------------------------------------===//

PyModule::PyModule(PyContextRef context, OwningOpRef op,
                   std::shared_ptr<llvm::SourceMgr> sourceMgr,
                   std::string fileMetadata)
    : context(std::move(context)), sourceMgr(std::move(sourceMgr)),
      fileMetadata(std::move(fileMetadata)), op(std::move(op)) {}

PyModule::~PyModule() = default;

py::object PyOperation::get(PyContextRef context, py::object owner,
                            Operation *op) {
  if (PyOperation *existing = context.context->lookup(op))
    return py::cast(existing, py::return_value_policy::reference);
  PyIRContext *ctx = context.context;
  auto *object = new PyOperation(std::move(context), std::move(owner), op);
  ctx->track(op, object);
  return py::cast(object, py::return_value_policy::take_ownership);
}

PyOperation::~PyOperation() {
  if (valid)
    context.context->untrack(op, this);
}

Operation *PyOperation::getChecked() const {
  if (!valid)
    throw std::runtime_error(
        "the operation is no longer valid: it was erased, or a pass ran on "
        "an operation that contains it");
  return op;
}

llvm::SmallVector<Block *, 4> PyOperation::getOwnBlocks() const {
  llvm::SmallVector<Block *, 4> blocks;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      blocks.push_back(&block);
  return blocks;
}

py::object PyOperationChild::wrap(Operation *op) const {
  PyOperation &self = getParent();
  return PyOperation::get(self.context, self.owner, op);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// Prints `self` as Operation.get_asm does.
static std::string printOperation(PyOperation &self, bool enableDebugInfo,
                                  bool printGenericOpForm, bool useLocalScope,
                                  bool assumeVerified) {
  Operation *op = self.getChecked();
  OpPrintingFlags flags;
  flags.enableDebugInfo(enableDebugInfo);
  flags.printGenericOpForm(printGenericOpForm);
  flags.useLocalScope(useLocalScope);
  flags.assumeVerified(assumeVerified);
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, flags);
  // The file metadata of the text the module came from follows the module,
  // as tilt-opt (and mlir-opt) print it.
  PyModule &module = self.getModule();
  if (module.op.get() == op && !module.fileMetadata.empty() && !useLocalScope)
    os << "\n" << module.fileMetadata << "\n";
  return os.str();
}

/// Operation.get_asm(...): the text, or its UTF-8 bytes with `binary`.
static py::object getAsm(PyOperation &self, bool binary, bool enableDebugInfo,
                         bool printGenericOpForm, bool useLocalScope,
                         bool assumeVerified) {
  std::string text = printOperation(self, enableDebugInfo, printGenericOpForm,
                                    useLocalScope, assumeVerified);
  if (binary)
    return py::bytes(text);
  return py::str(text);
}

//===----------------------------------------------------------------------===//
// Verification, erasure and walks
//===----------------------------------------------------------------------===//

/// Operation.verify(): True, or TiltError with the verifier's diagnostics.
static bool verifyOperation(PyOperation &self) {
  Operation *op = self.getChecked();
  DiagnosticCapture capture(op->getContext(), self.getModule().sourceMgr.get());
  capture.check(tilt::verify(op), "the operation does not verify");
  return true;
}

/// Whether a value defined in `op` (a result of it or of an op nested in
/// it, or an argument of a nested block) is used outside `op`.
static bool hasUsesOutside(Operation *op) {
  bool found = false;
  auto check = [&](Value value) {
    for (OpOperand &use : value.getUses())
      if (!op->isAncestor(use.getOwner()))
        found = true;
  };
  op->walk([&](Operation *nested) {
    for (Value result : nested->getResults())
      check(result);
    for (Region &region : nested->getRegions())
      for (Block &block : region)
        for (Value argument : block.getArguments())
          check(argument);
  });
  return found;
}

/// Operation.erase().
static void eraseOperation(PyOperation &self) {
  Operation *op = self.getChecked();
  if (!op->getBlock())
    throw py::value_error("cannot erase a top-level operation: it belongs "
                          "to its Module");
  if (hasUsesOutside(op))
    throw py::value_error("cannot erase the operation: a value it defines "
                          "is still used (replace its uses first)");
  self.context.context->invalidateNested(op, /*includeSelf=*/true);
  op->erase();
}

/// What a walk callback returns (None counts as ADVANCE).
enum class PyWalkResult { Advance, Interrupt, Skip };

/// The ops of a walk, with where the subtree of each ends (pre-order).
struct WalkEntry {
  py::object op;
  size_t subtreeEnd;
};

static void collectWalk(const PyOperation &root, Operation *op, WalkOrder order,
                        std::vector<WalkEntry> &entries) {
  size_t index = entries.size();
  if (order == WalkOrder::PreOrder)
    entries.push_back({PyOperation::get(root.context, root.owner, op), 0});
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        collectWalk(root, &nested, order, entries);
  if (order == WalkOrder::PreOrder)
    entries[index].subtreeEnd = entries.size();
  else
    entries.push_back({PyOperation::get(root.context, root.owner, op), 0});
}

/// Operation.walk(callback=None, walk_order=POST_ORDER). The ops are
/// listed first, so the callback may erase ops (an erased op is not
/// visited) and add ops (they are not visited); SKIP in a pre-order walk
/// leaves out the op's regions, INTERRUPT ends the walk. Without a
/// callback, returns the list of the ops in walk order.
static py::object walkOperation(PyOperation &self, py::object callback,
                                WalkOrder order) {
  Operation *root = self.getChecked();
  std::vector<WalkEntry> entries;
  collectWalk(self, root, order, entries);
  if (callback.is_none()) {
    py::list list;
    for (WalkEntry &entry : entries)
      list.append(entry.op);
    return list;
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].op.cast<PyOperation &>().isValid())
      continue;
    py::object result = callback(entries[i].op);
    if (result.is_none())
      continue;
    if (!py::isinstance<PyWalkResult>(result))
      throw py::type_error("a walk callback returns None or a WalkResult");
    auto walkResult = result.cast<PyWalkResult>();
    if (walkResult == PyWalkResult::Interrupt)
      break;
    if (walkResult == PyWalkResult::Skip && order == WalkOrder::PreOrder)
      i = entries[i].subtreeEnd - 1;
  }
  return py::none();
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

/// Module.parse: the text as tilt-opt reads a file (ops not in one
/// builtin.module are wrapped in one), verified.
static py::object parseModule(py::handle asmText, PyIRContext *context,
                              const std::string &sourceName,
                              bool retainSSANames) {
  std::string text = getTextArgument(asmText, "Module.parse's text");
  PyIRContext &ctx = PyIRContext::resolve(context);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, sourceName), llvm::SMLoc());
  DiagnosticCapture capture(ctx.get(), sourceMgr.get());
  ParsedFileMetadata metadata;
  ParserConfig config;
  config.retainSSANames = retainSSANames;
  OwningOpRef op =
      parseSourceFileForTool(*sourceMgr, ctx.get(),
                             /*insertImplicitModule=*/true, config, &metadata);
  if (!op)
    capture.raise("could not parse the module");
  capture.check(success(), "");
  return py::cast(std::make_unique<PyModule>(PyContextRef(ctx), std::move(op),
                                             std::move(sourceMgr),
                                             std::move(metadata.fileMetadata)));
}

static void populateModule(py::module_ &m) {
  py::class_<PyModule>(m, "Module", "A builtin.module owned by Python.")
      .def_static("parse", &parseModule, py::arg("asm"),
                  py::arg("context") = py::none(),
                  py::arg("source_name") = "<string>",
                  py::arg("retain_ssa_names") = false,
                  "Parses a module (and verifies it) as tilt-opt reads a "
                  "file: top-level ops that are not one builtin.module are "
                  "wrapped in one. `source_name` names the text in "
                  "locations and diagnostics; `retain_ssa_names` is "
                  "tilt-opt's --retain-ssa-names (block arguments named in "
                  "the text get name locations, after which the lowering "
                  "names buffers). TiltError on failure.")
      .def_static(
          "create",
          [](std::optional<PyLocation> loc, PyIRContext *context) {
            PyIRContext &ctx =
                PyIRContext::resolve(loc ? loc->context.context : context);
            ModuleOp module =
                ModuleOp::create(loc ? loc->loc : Location(), ctx.get());
            return std::make_unique<PyModule>(PyContextRef(ctx),
                                              OwningOpRef(module), nullptr, "");
          },
          py::arg("loc") = py::none(), py::arg("context") = py::none(),
          "An empty module.")
      .def_property_readonly("context",
                             [](PyModule &self) { return self.context.object; })
      .def_property_readonly(
          "operation",
          [](py::object self) {
            PyModule &module = self.cast<PyModule &>();
            return PyOperation::get(module.context, self, module.op.get());
          },
          "The builtin.module operation.")
      .def_property_readonly(
          "body",
          [](py::object self) {
            PyModule &module = self.cast<PyModule &>();
            PyBlock block{
                {PyOperation::get(module.context, self, module.op.get())},
                &module.op->getRegion(0).front()};
            block.scopeToBlock(block.block);
            return block;
          },
          "The block of the module.")
      .def("__str__", [](py::object self) {
        return self.attr("operation").attr("get_asm")();
      });
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

static void populateOperation(py::module_ &m) {
  py::enum_<WalkOrder>(m, "WalkOrder", "The order of Operation.walk.")
      .value("PRE_ORDER", WalkOrder::PreOrder)
      .value("POST_ORDER", WalkOrder::PostOrder);
  py::enum_<PyWalkResult>(m, "WalkResult",
                          "What a walk callback returns (None: ADVANCE).")
      .value("ADVANCE", PyWalkResult::Advance)
      .value("INTERRUPT", PyWalkResult::Interrupt)
      .value("SKIP", PyWalkResult::Skip);

  py::class_<PyOperation> operation(m, "Operation",
                                    "An operation inside a module (there is "
                                    "one object per operation).");
  addOperationAccessors(operation);
  operation
      .def_property_readonly(
          "name",
          [](PyOperation &self) {
            return self.getChecked()->getName().getStringRef().str();
          },
          "The op's name, e.g. 'arith.addi'.")
      .def_property_readonly(
          "context", [](PyOperation &self) { return self.context.object; })
      .def_property_readonly(
          "operation", [](py::object self) { return self; },
          "The operation itself (as Module.operation is the module's).")
      .def_property_readonly(
          "location",
          [](PyOperation &self) {
            return PyLocation{self.context, self.getChecked()->getLoc()};
          })
      .def_property_readonly(
          "parent",
          [](PyOperation &self) -> py::object {
            Operation *parent = self.getChecked()->getParentOp();
            if (!parent)
              return py::none();
            return PyOperation::get(self.context, self.owner, parent);
          },
          "The operation that contains this one, or None at the top.")
      .def_property_readonly(
          "block",
          [](py::object self) -> py::object {
            PyOperation &op = self.cast<PyOperation &>();
            Block *block = op.getChecked()->getBlock();
            if (!block)
              return py::none();
            PyBlock result{
                {PyOperation::get(op.context, op.owner, block->getParentOp())},
                block};
            result.scopeToBlock(block);
            return py::cast(result);
          },
          "The block that holds this operation, or None at the top.")
      .def_property_readonly(
          "is_valid", [](PyOperation &self) { return self.isValid(); },
          "False once the operation was erased or a pass ran on an "
          "operation that contains it.")
      .def("verify", &verifyOperation,
           "Verifies the operation and what it contains: True, or "
           "TiltError with the diagnostics.")
      .def("erase", &eraseOperation,
           "Erases the operation and what it contains. The objects of the "
           "erased operations, and their regions, blocks and values, are "
           "invalid afterwards.")
      .def("walk", &walkOperation, py::arg("callback") = py::none(),
           py::arg("walk_order") = WalkOrder::PostOrder,
           "Calls `callback(op)` on this operation and every operation in "
           "it (post-order by default); it may return a WalkResult. "
           "Without a callback, returns the operations in walk order.")
      .def(
          "move_before",
          [](PyOperation &self, PyOperation &other) {
            Operation *op = self.getChecked(), *anchor = other.getChecked();
            if (!op->getBlock() || !anchor->getBlock() ||
                !self.owner.is(other.owner) || op->isAncestor(anchor))
              throw py::value_error("cannot move an operation there");
            op->moveBefore(anchor);
          },
          py::arg("other"), "Moves this operation right before `other`.")
      .def(
          "move_after",
          [](PyOperation &self, PyOperation &other) {
            Operation *op = self.getChecked(), *anchor = other.getChecked();
            if (!op->getBlock() || !anchor->getBlock() ||
                !self.owner.is(other.owner) || op->isAncestor(anchor))
              throw py::value_error("cannot move an operation there");
            op->moveAfter(anchor);
          },
          py::arg("other"), "Moves this operation right after `other`.")
      .def("get_asm", &getAsm, py::arg("binary") = false,
           py::arg("enable_debug_info") = false,
           py::arg("print_generic_op_form") = false,
           py::arg("use_local_scope") = false,
           py::arg("assume_verified") = false,
           "The operation as text (bytes with `binary`): the custom form "
           "unless `print_generic_op_form` (invalid IR is printed in the "
           "generic form), locations with `enable_debug_info`.")
      .def(
          "print",
          [](PyOperation &self, py::object file, bool binary,
             bool enableDebugInfo, bool printGenericOpForm, bool useLocalScope,
             bool assumeVerified) {
            py::object text =
                getAsm(self, binary, enableDebugInfo, printGenericOpForm,
                       useLocalScope, assumeVerified);
            if (file.is_none())
              file = py::module_::import("sys").attr("stdout");
            file.attr("write")(text);
          },
          py::arg("file") = py::none(), py::arg("binary") = false,
          py::arg("enable_debug_info") = false,
          py::arg("print_generic_op_form") = false,
          py::arg("use_local_scope") = false,
          py::arg("assume_verified") = false,
          "Writes get_asm(...) to `file` (sys.stdout by default).")
      .def("__str__",
           [](PyOperation &self) {
             return printOperation(self, false, false, false, false);
           })
      .def("__repr__", [](PyOperation &self) {
        if (!self.isValid())
          return std::string("<Operation (invalid)>");
        return "<Operation " +
               self.getChecked()->getName().getStringRef().str() + ">";
      });
}

void tilt::python::populateIRCore(py::module_ &m) {
  py::class_<PyIRContext>(m, "Context",
                          "Owns types, attributes and the loaded dialects (all "
                          "of Tilt's). `with Context():` makes it the current "
                          "context, used where `context=` is left out.")
      .def(py::init<>())
      .def_property_readonly_static(
          "current",
          [](py::object) -> py::object {
            PyIRContext *current = PyIRContext::getCurrent();
            if (!current)
              return py::none();
            return current->getObject();
          },
          "The context of the innermost `with`, or None.")
      .def("__enter__",
           [](py::object self) {
             self.cast<PyIRContext &>().enter();
             return self;
           })
      .def("__exit__", [](PyIRContext &self, py::object, py::object,
                          py::object) { self.exit(); })
      .def_property(
          "allow_unregistered_dialects",
          [](PyIRContext &self) {
            return self.get()->allowsUnregisteredDialects();
          },
          [](PyIRContext &self, bool allow) {
            self.get()->allowUnregisteredDialects(allow);
          },
          "Whether ops of unknown dialects are accepted.")
      .def(
          "enable_multithreading",
          [](PyIRContext &self, bool enable) {
            self.get()->disableMultithreading(!enable);
          },
          py::arg("enable"),
          "Whether nested pass pipelines run on several threads.");
  populateIRStructure(m);
  populateModule(m);
  populateOperation(m);
}
