//===- Compile.cpp - From a tile program to a program ready to run --------===//
//
// compileProgram: picks the function, lowers a copy of the module with the
// tile-to-tt pipeline (a tt program only goes through tt-verify), emits the
// Metalium files in memory -- one set per tt.program, which is one per
// tile.kernel of the function -- and lists the program's buffers and
// scalars under the names of the function's arguments.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/Func/Func.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/Dialect/Tile/Passes.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/IR/Attributes.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Run/Run.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace tilt;
using namespace tilt::run;

void run::registerRunDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect, cb::CBDialect,
                  tt::TTDialect>();
}

const ProgramArgument *
CompiledProgram::lookupArgument(llvm::StringRef name) const {
  for (const ProgramArgument &argument : arguments)
    if (argument.name == name)
      return &argument;
  return nullptr;
}

/// The symbol name of `op`, or "".
static llvm::StringRef getSymbolName(Operation *op) {
  if (auto name =
          op->getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>())
    return name.getValue();
  return "";
}

/// The func.func of `module` that `name` names, or its only one; null with
/// an error when there is none or the choice is not clear.
static Operation *findFunction(Operation *module, llvm::StringRef name) {
  llvm::SmallVector<Operation *, 2> candidates;
  module->walk([&](Operation *op) {
    if (func::FuncOp::dynCast(op))
      candidates.push_back(op);
  });
  for (Operation *candidate : candidates)
    if (!name.empty() ? getSymbolName(candidate) == name
                      : candidates.size() == 1)
      return candidate;
  Context *context = module->getContext();
  if (!name.empty()) {
    emitError(context, Location()) << "no function @" << name;
    return nullptr;
  }
  if (candidates.empty()) {
    emitError(context, Location()) << "the input has no function to run";
    return nullptr;
  }
  std::string names;
  for (Operation *candidate : candidates)
    names += (names.empty() ? "@" : ", @") + getSymbolName(candidate).str();
  emitError(context, Location())
      << "the input has " << uint64_t(candidates.size()) << " functions ("
      << names << "); choose one by name (tilt-run --func)";
  return nullptr;
}

/// The pipeline's textual form, as tilt-run prints it: the options that
/// differ from the defaults, then the math fidelity.
static std::string describePipeline(const TileToTTOptions &target) {
  std::string pipeline = "tile-to-tt{";
  for (auto [name, value] : {std::make_pair("grid", &target.grid),
                             std::make_pair("arch", &target.arch),
                             std::make_pair("board", &target.board)})
    if (!value->empty())
      pipeline += std::string(name) + "=" + *value + " ";
  if (!target.fuse)
    pipeline += "fuse=false ";
  if (!target.coarsen)
    pipeline += "coarsen=false ";
  if (!target.multicast)
    pipeline += "multicast=false ";
  if (!target.spreadSplits)
    pipeline += "spread=false ";
  if (target.allowTF32)
    pipeline += "allow-tf32=true ";
  return pipeline + "math-fidelity=" + target.mathFidelity + "}";
}

/// The buffers and scalars of `steps`, each once (an argument of several
/// steps is one tensor of the function), in the order of the arguments of
/// `function` (when there is one), located at those arguments.
static std::vector<ProgramArgument>
collectArguments(llvm::ArrayRef<ProgramStep> steps, Operation *function) {
  std::vector<ProgramArgument> arguments;
  for (tt::ProgramOp program : llvm::map_range(
           steps, [](const ProgramStep &step) { return step.program; }))
    for (Operation &op : *program.getBody()) {
      auto buffer = tt::BufferOp::dynCast(&op);
      auto scalar = tt::ScalarOp::dynCast(&op);
      // A program's scratch buffer (tile.workspace) is no argument.
      if ((!buffer && !scalar) || op.getAttr("scratch"))
        continue;
      ProgramArgument argument;
      argument.name = getSymbolName(&op).str();
      if (auto shape = op.getAttr("shape").dyn_cast_or_null<DenseArrayAttr>())
        argument.shape.assign(shape.getIntValues().begin(),
                              shape.getIntValues().end());
      if (auto type =
              op.getInherentAttr("element_type").dyn_cast_or_null<TypeAttr>())
        argument.elementType = type.getValue();
      if (argument.elementType &&
          argument.elementType.isa<cb::BlockFloatType>()) {
        argument.storageFormat = argument.elementType;
        argument.elementType = FloatType::getBF16(op.getContext());
      }
      if (scalar) {
        argument.scalar = true;
        argument.elementType = scalar.getType();
      }
      argument.loc = op.getLoc();
      auto argNumber = op.getAttr("arg").dyn_cast_or_null<IntegerAttr>();
      if (argNumber)
        argument.argNumber = argNumber.getInt();
      // A later step's buffer of the same function argument is the same
      // tensor (a hand-written tt program without `arg` has one step).
      if (llvm::any_of(arguments, [&](const ProgramArgument &seen) {
            return argument.argNumber >= 0
                       ? seen.argNumber == argument.argNumber
                       : seen.name == argument.name;
          }))
        continue;
      if (function && argNumber && argNumber.getInt() >= 0 &&
          argNumber.getInt() <
              int64_t(function->getRegion(0).front().getNumArguments()))
        argument.loc = function->getRegion(0)
                           .front()
                           .getArgument(unsigned(argNumber.getInt()))
                           .getLoc();
      arguments.push_back(argument);
    }
  // In the function's argument order, the interpreter's.
  std::stable_sort(arguments.begin(), arguments.end(),
                   [](const ProgramArgument &a, const ProgramArgument &b) {
                     return a.argNumber < b.argNumber;
                   });
  return arguments;
}

/// The tt.programs of `lowered` that run: for a tile program, the one of
/// each tile.kernel of `function`, in order (tt-split-kernels names them
/// @f, @f_1, @f_2, ...; counted, since another function may be named
/// @f_1); for a tt input (no `function`), the one `chosen` names, else the
/// first.
static std::vector<tt::ProgramOp>
findPrograms(Operation *lowered, Operation *function, llvm::StringRef chosen) {
  llvm::StringMap<tt::ProgramOp> byName;
  tt::ProgramOp first;
  lowered->walk([&](Operation *op) {
    auto program = tt::ProgramOp::dynCast(op);
    if (!program)
      return;
    byName.try_emplace(getSymbolName(op), program);
    if (!first)
      first = program;
  });
  if (!function) {
    tt::ProgramOp program = byName.lookup(chosen);
    if (!program)
      program = first;
    return program ? std::vector<tt::ProgramOp>{program}
                   : std::vector<tt::ProgramOp>{};
  }
  unsigned kernels = 0;
  function->walk([&](Operation *op) {
    if (tile::KernelOp::dynCast(op))
      ++kernels;
  });
  std::vector<tt::ProgramOp> programs;
  for (unsigned i = 0; i < kernels; ++i) {
    std::string name = getSymbolName(function).str();
    if (i)
      name += "_" + std::to_string(i);
    tt::ProgramOp program = byName.lookup(name);
    if (!program)
      return {};
    programs.push_back(program);
  }
  return programs;
}

LogicalResult run::compileProgram(Operation *module,
                                  const CompileOptions &options,
                                  CompiledProgram &result) {
  Context *context = module->getContext();
  if (!ModuleOp::dynCast(module))
    return emitError(context, module->getLoc())
           << "expected a 'builtin.module' to compile, got '"
           << module->getName() << "'";
  if (failed(verify(module)))
    return failure();
  // Two copies: the reference runs the tile program, the lowering consumes
  // the other.
  result = CompiledProgram();
  result.reference = OwningOpRef(module->clone());
  result.lowered = OwningOpRef(module->clone());

  bool isTT = false;
  result.lowered->walk([&](Operation *op) {
    if (tt::ProgramOp::dynCast(op))
      isTT = true;
  });
  if (!isTT) {
    result.function = findFunction(result.reference.get(), options.function);
    if (!result.function)
      return failure();
    result.pipeline = describePipeline(options.target);
    result.allowTF32 = options.target.allowTF32;
  }

  // The storage formats asked for, on the copy that is lowered (the
  // reference computes with the values, which runProgram rounds).
  if (!options.storageFormats.empty()) {
    if (isTT)
      return emitError(context, Location())
             << "storage formats are set on the tensors of a tile program, "
                "not a tt program's buffers";
    Operation *lowered = findFunction(result.lowered.get(), options.function);
    Block &entry = lowered->getRegion(0).front();
    for (const auto &[name, format] : options.storageFormats) {
      std::optional<unsigned> index;
      for (BlockArgument argument : entry.getArguments())
        if (getArgumentBufferName(argument) == name)
          index = argument.getArgNumber();
      if (!index)
        return emitError(context, lowered->getLoc())
               << "no tensor argument '" << name << "' to store as " << format;
      if (failed(tile::setStorageFormat(lowered, *index, format)))
        return failure();
    }
  }

  // 1. Lower.
  if (options.progress)
    *options.progress << "[1/5] "
                      << (isTT ? "verifying the tt program"
                               : "lowering: " + result.pipeline)
                      << "\n";
  PassManager pm(context);
  if (!isTT) {
    std::string error;
    if (failed(checkTileToTTTarget(options.target, error)) ||
        failed(buildTileToTTPipeline(pm, options.target, &error)))
      return emitError(context, Location()) << error;
  } else if (!options.skipVerify) {
    pm.addPass(tt::createTTVerifyPass());
  }
  if (failed(pm.run(result.lowered.get())))
    return failure();
  std::vector<tt::ProgramOp> programs =
      findPrograms(result.lowered.get(), result.function, options.function);
  if (programs.empty())
    return emitError(context, Location())
           << "the lowering produced no tt.program";

  // 2. Emit, in memory: each program into a directory of its own when
  // there are several, as tilt-translate writes them.
  metalium::EmitOptions emitOptions;
  emitOptions.source = options.sourceName;
  emitOptions.pipeline = result.pipeline;
  for (tt::ProgramOp program : programs) {
    ProgramStep step;
    step.program = program;
    if (programs.size() > 1)
      step.directory = getSymbolName(program.getOperation()).str();
    if (failed(metalium::emitProgram(program, emitOptions, step.files)))
      return failure();
    result.steps.push_back(std::move(step));
  }
  result.program = result.steps.front().program;
  result.files = result.steps.front().files;
  result.arguments = collectArguments(result.steps, result.function);
  return success();
}
