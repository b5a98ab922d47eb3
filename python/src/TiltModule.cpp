//===- TiltModule.cpp - The extension module tilt._tilt -------------------===//
//
// Registers Tilt's passes (those tilt-opt registers) and defines the
// submodules `tilt._tilt.ir` and `tilt._tilt.passmanager`, which the Python
// modules tilt.ir and tilt.passmanager re-export, and `tilt._tilt.run`,
// which tilt.kernel (tilt.compile) is written over.
//
//===----------------------------------------------------------------------===//

#include "PyIR.h"
#include "tilt/Conversion/TileToTT/TileToTT.h"
#include "tilt/Transforms/Passes.h"

using namespace tilt;
using namespace tilt::python;

PYBIND11_MODULE(_tilt, m) {
  m.doc() = "Tilt's core, dialects and passes (use tilt.ir and "
            "tilt.passmanager).";
  registerTransformsPasses();
  registerTileToTTPasses();

  py::module_ ir = m.def_submodule("ir", "Tilt's IR.");
  populateDiagnostics(ir);
  populateTypes(ir);
  populateAttributes(ir);
  populateIRCore(ir);
  py::module_ passmanager =
      m.def_submodule("passmanager", "Pass managers over Tilt's passes.");
  populatePassManager(passmanager);
  bindRun(m);

  // `from ._tilt.ir import *` needs the submodules to be importable.
  py::dict modules = py::module_::import("sys").attr("modules");
  modules["tilt._tilt.ir"] = ir;
  modules["tilt._tilt.passmanager"] = passmanager;
  modules["tilt._tilt.run"] = m.attr("run");
}
