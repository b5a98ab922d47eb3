//===- Run.cpp - tilt._tilt.run: compile and run on the emulator ----------===//
//
// The driver library of tilt-run (tilt/Run/Run.h) for Python: `compile`
// lowers a module into a CompiledProgram, whose `run` runs it on the
// emulator with NumPy arrays and returns a RunResult. tilt.kernel (the
// object tilt.compile returns) is written over these. Errors are TiltError
// with located diagnostics; a program that fails on the emulator is a
// TiltError located at its tile.kernel (the `with T.Kernel` line of a
// TileLang kernel), with the emulator's report as a note.
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/Run.h"
#include "PyDiagnostics.h"
#include "PyIR.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Emulator/Emulator.h"
#include "tilt/IR/OpAsm.h"
#include "llvm/ADT/StringExtras.h"
#include <mutex>
#include <pybind11/numpy.h>

using namespace tilt;
using namespace tilt::python;

namespace {

/// A compiled program, with the context and module it belongs to.
struct PyCompiledProgram {
  PyContextRef context;
  /// The PyModule compiled (kept alive: the program's modules are in its
  /// context).
  py::object module;
  /// The driver's program.
  run::CompiledProgram program;
  /// Runs of one program take turns: a run writes the program's files and
  /// interprets its module, which are not made to be shared by threads
  /// (calls of one kernel from a thread pool failed or crashed). Runs of
  /// different programs go side by side.
  std::shared_ptr<std::mutex> runs = std::make_shared<std::mutex>();
};

std::string getElementTypeName(Type type) {
  if (!type)
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return os.str();
}

py::array_t<float> toNumPy(const run::HostArray &array) {
  std::vector<py::ssize_t> shape(array.shape.begin(), array.shape.end());
  py::array_t<float> result(shape);
  if (!array.data.empty())
    std::copy(array.data.begin(), array.data.end(), result.mutable_data());
  return result;
}

/// The location a failed run is reported at: the program's first
/// tile.kernel, else its function, else the tt.program.
Location getRunLocation(const run::CompiledProgram &program) {
  if (program.function) {
    std::optional<Location> kernel;
    program.function->walk([&](Operation *op) {
      if (!kernel && op->getName().getStringRef() == "tile.kernel")
        kernel = op->getLoc();
    });
    return kernel ? *kernel : program.function->getLoc();
  }
  return program.program.getOperation()->getLoc();
}

PyCompiledProgram
compileModule(py::object moduleObject, const std::string &grid,
              const std::string &arch, const std::string &board,
              const std::string &mathFidelity, bool fuse, bool coarsen,
              bool multicast, bool spread, bool allowTF32,
              const std::string &function, const std::string &sourceName,
              const std::map<std::string, std::string> &storageFormats) {
  PyModule &module = moduleObject.cast<PyModule &>();
  run::CompileOptions options;
  options.target.grid = grid;
  options.target.arch = arch;
  options.target.board = board;
  options.target.mathFidelity = mathFidelity;
  options.target.fuse = fuse;
  options.target.coarsen = coarsen;
  options.target.multicast = multicast;
  options.target.spreadSplits = spread;
  options.target.allowTF32 = allowTF32;
  options.function = function;
  options.sourceName = sourceName;
  options.storageFormats = storageFormats;
  PyCompiledProgram result{module.context, moduleObject, {}};
  DiagnosticCapture capture(module.context.get(), module.sourceMgr.get());
  LogicalResult compiled = failure();
  {
    py::gil_scoped_release release;
    compiled = run::compileProgram(module.op.get(), options, result.program);
  }
  capture.check(compiled, "the kernel did not compile");
  return result;
}

py::dict describeArgument(const run::ProgramArgument &argument) {
  py::dict result;
  result["name"] = argument.name;
  result["shape"] = py::tuple(py::cast(argument.shape));
  result["dtype"] = getElementTypeName(argument.elementType);
  result["scalar"] = argument.scalar;
  result["index"] = argument.argNumber;
  return result;
}

py::object runCompiled(PyCompiledProgram &self, py::dict arrays,
                       py::dict scalars, unsigned seed,
                       const std::string &workDir, unsigned timeout,
                       bool profile, bool checkReference) {
  run::RunInputs inputs;
  for (auto [key, value] : arrays) {
    std::string name = py::cast<std::string>(key);
    const run::ProgramArgument *argument =
        self.program.lookupArgument(name);
    if (!argument || argument->scalar)
      throw py::key_error("the program has no buffer '" + name + "'");
    auto array = py::array_t<float, py::array::c_style | py::array::forcecast>::
        ensure(value);
    if (!array)
      throw py::type_error("'" + name + "' is not an array of numbers");
    std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
    if (shape != argument->shape)
      throw py::value_error("'" + name + "' has the wrong shape");
    run::HostArray host;
    host.name = name;
    host.shape = shape;
    host.data.assign(array.data(), array.data() + array.size());
    inputs.arrays.push_back(std::move(host));
  }
  for (auto [key, value] : scalars)
    inputs.scalars[py::cast<std::string>(key)] = py::cast<double>(value);
  run::RunOptions options;
  options.seed = seed;
  options.workDir = workDir;
  options.timeoutSeconds = timeout;
  options.profile = profile;
  options.checkReference = checkReference;
  Context *context = self.context.get();
  // Calls of one kernel from several threads share its context: each
  // collects the diagnostics of its own run.
  DiagnosticCapture capture(context,
                            self.module.cast<PyModule &>().sourceMgr.get(),
                            /*thisThreadOnly=*/true);
  run::RunResult result;
  LogicalResult ran = failure();
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> turn(*self.runs);
    if (succeeded(run::verifyRunOptions(context, options)))
      ran = run::runProgram(self.program, inputs, options, result);
  }
  capture.check(ran, "the kernel did not run");
  std::string report;
  {
    llvm::raw_string_ostream os(report);
    run::printReport(os, self.program, result);
  }
  if (result.verdict == run::Verdict::Failed) {
    // The emulator's first error line says what went wrong; the whole log
    // follows as a note.
    llvm::StringRef first = "the program did not run to completion";
    llvm::SmallVector<llvm::StringRef, 16> lines;
    llvm::StringRef(result.log).split(lines, '\n');
    for (llvm::StringRef line : lines)
      if (line.contains("error:")) {
        first = line.trim();
        break;
      }
    // At the tile op whose generated call failed, when the emulator names
    // it; else at the kernel.
    std::optional<run::FailedCall> call =
        run::findFailedCall(self.program, result.log);
    InFlightDiagnostic diag =
        emitError(context, call ? call->location : getRunLocation(self.program))
        << "the kernel failed on the emulator: " << first;
    if (call)
      diag.attachNote(getRunLocation(self.program))
          << "in " << call->file << " line " << call->line
          << " of the kernel generated for this block";
    diag.attachNote() << "the emulator's report:\n"
                      << llvm::StringRef(result.log).rtrim() << "\n"
                      << llvm::StringRef(report).rtrim();
    diag.report();
    capture.raise("the kernel failed on the emulator");
  }
  py::dict out;
  switch (result.verdict) {
  case run::Verdict::Ok:
    out["verdict"] = "ok";
    break;
  case run::Verdict::Mismatch:
    out["verdict"] = "mismatch";
    break;
  case run::Verdict::RanWithoutReference:
    out["verdict"] = "ran";
    break;
  case run::Verdict::Failed:
    out["verdict"] = "failed";
    break;
  }
  py::list buffers;
  for (const run::BufferResult &buffer : result.buffers) {
    py::dict entry;
    entry["name"] = buffer.device.name;
    entry["device"] = toNumPy(buffer.device);
    entry["reference"] = buffer.reference.data.empty()
                             ? py::object(py::none())
                             : py::object(toNumPy(buffer.reference));
    entry["written"] = buffer.written;
    entry["ok"] = buffer.comparison ? py::object(py::bool_(buffer.comparison->ok))
                                    : py::object(py::none());
    buffers.append(entry);
  }
  out["buffers"] = buffers;
  out["report"] = report;
  out["log"] = result.log;
  out["counters"] = result.counters;
  out["profile"] = result.profile;
  out["profile_json"] = result.profileJson;
  out["seconds"] = result.seconds;
  return py::module_::import("types").attr("SimpleNamespace")(**out);
}

} // namespace

namespace tilt {
namespace python {

void bindRun(py::module_ &m) {
  py::module_ run = m.def_submodule(
      "run", "Compiling and running programs on the emulator (tilt/Run/Run.h)");
  py::class_<PyCompiledProgram>(run, "CompiledProgram",
                                "A lowered program and its generated files")
      .def_property_readonly(
          "files",
          [](PyCompiledProgram &self) {
            py::list files;
            // A function of several kernels has a directory per kernel.
            for (const run::ProgramStep &step : self.program.steps)
              for (const metalium::GeneratedFile &file : step.files)
                files.append(py::make_tuple(
                    step.directory.empty() ? file.name
                                           : step.directory + "/" + file.name,
                    file.text));
            return files;
          },
          "The generated files, as (name, text) pairs; with several kernels, "
          "each name is under the directory of its tt.program")
      .def_property_readonly(
          "arguments",
          [](PyCompiledProgram &self) {
            py::list arguments;
            for (const run::ProgramArgument &argument :
                 self.program.arguments)
              arguments.append(describeArgument(argument));
            return arguments;
          },
          "The program's buffers and scalars, in argument order: dicts of "
          "name, shape, dtype, scalar, index")
      .def_property_readonly(
          "pipeline",
          [](PyCompiledProgram &self) { return self.program.pipeline; },
          "The pass pipeline that lowered the program")
      .def_property_readonly(
          "has_reference",
          [](PyCompiledProgram &self) { return self.program.hasReference(); },
          "Whether runs can be checked against the tile program")
      .def(
          "lowered_asm",
          [](PyCompiledProgram &self) {
            std::string text;
            llvm::raw_string_ostream os(text);
            self.program.lowered.get()->print(os, OpPrintingFlags());
            return os.str();
          },
          "The lowered module (the tt dialect), as text")
      .def("run", &runCompiled, py::arg("arrays"), py::arg("scalars"),
           py::kw_only(), py::arg("seed") = 1, py::arg("work_dir") = "",
           py::arg("timeout") = 0, py::arg("profile") = false,
           py::arg("check_reference") = true,
           "Runs the program on the emulator with the given arrays (by "
           "buffer name; the others random) and returns the result");
  run.def(
      "round_as_block_float",
      [](py::array_t<float, py::array::c_style | py::array::forcecast> array,
         const std::string &format) {
        if (format != "bfp8_b" && format != "bfp4_b")
          throw py::value_error("unknown block-float format '" + format +
                                "' (expected 'bfp8_b' or 'bfp4_b')");
        if (array.ndim() < 1)
          throw py::value_error("a block-float tensor has one dimension or "
                                "more");
        py::array_t<float> result(std::vector<py::ssize_t>(
            array.shape(), array.shape() + array.ndim()));
        std::copy(array.data(), array.data() + array.size(),
                  result.mutable_data());
        emu::roundAsBlockFloatTiles(
            format == "bfp8_b" ? emu::DataFormat::Bfp8_b
                               : emu::DataFormat::Bfp4_b,
            result.mutable_data(), size_t(result.size()),
            size_t(array.shape(array.ndim() - 1)));
        return result;
      },
      py::arg("array"), py::arg("format"),
      "The values of `array` (float32, rows along its last dimension) as a "
      "block-float tensor of `format` holds them: as tt-metal's host packs "
      "them into tiles (a shared exponent per 16 values of a row)");
  run.def("compile", &compileModule, py::arg("module"), py::kw_only(),
          py::arg("grid") = "", py::arg("arch") = "", py::arg("board") = "",
          py::arg("math_fidelity") = "HiFi4", py::arg("fuse") = true,
          py::arg("coarsen") = true, py::arg("multicast") = true,
          py::arg("spread") = true, py::arg("allow_tf32") = false,
          py::arg("function") = "", py::arg("source_name") = "",
          py::arg("storage_formats") = std::map<std::string, std::string>(),
          "Lowers a module's tile program (or checks a tt program) and emits "
          "its Metalium files; raises TiltError with located diagnostics");
}

} // namespace python
} // namespace tilt
