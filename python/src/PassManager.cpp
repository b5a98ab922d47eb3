//===- PassManager.cpp - tilt.passmanager.PassManager ---------------------===//
//
// A pass manager over Tilt's registered passes (every pass tilt-opt has),
// built from MLIR's textual pipelines. A malformed pipeline and a failing
// run raise TiltError; a run invalidates the Python objects of the
// operations nested in the op it ran on (passes may have erased them).
//
//===----------------------------------------------------------------------===//

#include "PyBindingUtils.h"
#include "PyDiagnostics.h"
#include "PyIR.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilt;
using namespace tilt::python;

namespace {

/// A PassManager and the context it runs in.
struct PyPassManager {
  PyPassManager(PyContextRef context, const std::string &anchor)
      : context(std::move(context)), passManager(std::make_unique<PassManager>(
                                         this->context.get(), anchor)) {}
  PyContextRef context;
  std::unique_ptr<PassManager> passManager;
  /// Whether the IR is verified before the run and after each pass.
  bool verify = true;
};

/// The op name `text` is wrapped in (`builtin.module(...)`, `func.func(...)`),
/// or None for a bare list (`canonicalize,cse`).
std::optional<std::string> getPipelineAnchor(llvm::StringRef text) {
  text = text.trim();
  size_t open = text.find('(');
  if (open == llvm::StringRef::npos || !text.endswith(")"))
    return std::nullopt;
  llvm::StringRef name = text.take_front(open).trim();
  if (name.empty() || name.find_first_of(",{} ") != llvm::StringRef::npos)
    return std::nullopt;
  // The parenthesis after the name must be the one that ends the text.
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(')
      ++depth;
    else if (text[i] == ')' && --depth == 0)
      return i + 1 == text.size() ? std::optional<std::string>(name.str())
                                  : std::nullopt;
  }
  return std::nullopt;
}

/// Adds `pipeline` to `pm`; TiltError if it does not parse.
void addPipeline(PyPassManager &pm, const std::string &pipeline) {
  std::string error;
  if (failed(parsePassPipeline(pipeline, *pm.passManager, error)))
    raiseTiltError("invalid pass pipeline: " + error);
}

/// PassManager.run(op): runs on a Module or an Operation.
void runPassManager(PyPassManager &pm, py::handle target) {
  // The Python object of the operation, held for the whole run: a
  // module's may be made here, and would die with a temporary.
  py::object holder;
  if (py::isinstance<PyOperation>(target))
    holder = py::reinterpret_borrow<py::object>(target);
  else if (py::isinstance<PyModule>(target))
    holder = target.attr("operation");
  else
    throw py::type_error("PassManager.run expects an ir.Module or an "
                         "ir.Operation");
  PyOperation *operation = &holder.cast<PyOperation &>();
  Operation *op = operation->getChecked();
  if (op->getContext() != pm.context.get())
    throw py::value_error("the operation belongs to another context than "
                          "the pass manager");
  DiagnosticCapture capture(op->getContext(),
                            operation->getModule().sourceMgr.get());
  // Passes assume valid IR, and IR edited from Python may not be: verify
  // first (tilt-opt's input is verified when it is parsed).
  if (pm.verify && failed(tilt::verify(op)))
    capture.raise("the pass pipeline did not run: the operation does not "
                  "verify");
  // Passes may erase or replace anything inside `op`: its nested
  // operations, and its own blocks (with their arguments).
  pm.context.context->invalidateNested(op, /*includeSelf=*/false);
  llvm::SmallVector<Block *, 4> before = operation->getOwnBlocks();
  LogicalResult result = pm.passManager->run(op);
  llvm::SmallVector<Block *, 4> after = operation->getOwnBlocks();
  for (Block *block : before)
    if (!llvm::is_contained(after, block))
      ++operation->blockGenerations[block];
  capture.check(result, "the pass pipeline failed");
}

} // namespace

void tilt::python::populatePassManager(py::module_ &m) {
  py::class_<PyPassManager>(m, "PassManager",
                            "A pipeline of Tilt's passes anchored on an op "
                            "name (builtin.module by default).")
      .def(py::init([](const std::string &anchor, PyIRContext *context) {
             return std::make_unique<PyPassManager>(
                 PyContextRef(PyIRContext::resolve(context)), anchor);
           }),
           py::arg("anchor") = "builtin.module",
           py::arg("context") = py::none())
      .def_static(
          "parse",
          [](py::handle pipelineArgument, PyIRContext *context) {
            std::string pipeline = getTextArgument(
                pipelineArgument, "PassManager.parse's pipeline");
            std::optional<std::string> anchor = getPipelineAnchor(pipeline);
            auto pm = std::make_unique<PyPassManager>(
                PyContextRef(PyIRContext::resolve(context)),
                anchor.value_or("builtin.module"));
            addPipeline(*pm, pipeline);
            return pm;
          },
          py::arg("pipeline"), py::arg("context") = py::none(),
          "A pass manager for a textual pipeline: "
          "'builtin.module(func.func(canonicalize),cse)' is anchored on "
          "its op name, a bare list 'canonicalize,cse' on builtin.module. "
          "TiltError if the pipeline does not parse.")
      .def("add", &addPipeline, py::arg("pipeline"),
           "Appends passes given as text ('cse', "
           "'canonicalize{top-down=false}', 'func.func(cse)').")
      .def("run", &runPassManager, py::arg("operation"),
           "Runs the pipeline on a Module or an Operation; TiltError with "
           "the diagnostics if a pass fails. Objects of the operations "
           "nested in it are invalid afterwards.")
      .def(
          "enable_verifier",
          [](PyPassManager &self, bool enable) {
            self.verify = enable;
            self.passManager->enableVerifier(enable);
          },
          py::arg("enable") = true,
          "Verify the IR before the run and after each pass (on). Off, "
          "passes run on IR as it is: on invalid IR they may crash.")
      .def(
          "enable_ir_printing",
          [](PyPassManager &self, bool printBeforeAll, bool printAfterAll,
             bool printAfterChange, bool printAfterFailure,
             bool enableDebugInfo, bool printGenericOpForm) {
            IRPrintingConfig config;
            if (printBeforeAll)
              config.printBefore = [](Pass &) { return true; };
            if (printAfterAll)
              config.printAfter = [](Pass &) { return true; };
            config.printAfterOnlyOnChange = printAfterChange;
            config.printAfterOnlyOnFailure = printAfterFailure;
            config.flags.enableDebugInfo(enableDebugInfo);
            config.flags.printGenericOpForm(printGenericOpForm);
            self.passManager->enableIRPrinting(std::move(config), llvm::errs());
          },
          py::arg("print_before_all") = false,
          py::arg("print_after_all") = true,
          py::arg("print_after_change") = false,
          py::arg("print_after_failure") = false,
          py::arg("enable_debug_info") = false,
          py::arg("print_generic_op_form") = false,
          "Prints the IR around passes to the process's standard error, "
          "as tilt-opt's --mlir-print-ir-* flags do.")
      .def_property_readonly(
          "context", [](PyPassManager &self) { return self.context.object; })
      .def("__str__",
           [](PyPassManager &self) { return self.passManager->toString(); });

  m.def(
      "registered_passes",
      []() {
        py::list passes;
        for (const PassInfo *info : getRegisteredPasses())
          passes.append(py::make_tuple(info->argument, info->description));
        return passes;
      },
      "The registered passes and pipelines, as (name, description) pairs "
      "sorted by name.");
}
