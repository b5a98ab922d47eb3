//===- Report.cpp - What tilt-run prints about a run ----------------------===//
//
// The report of a run (docs/tilt-run.md): the scalar values, one PASS or
// FAIL line per output with where an element beyond its budget was
// computed, the device counters, the L1 the circular buffers take, the
// profile and the verdict.
//
//===----------------------------------------------------------------------===//

#include "tilt/Interpreter/Report.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/TT/Passes.h"
#include "tilt/IR/Attributes.h"
#include "tilt/Run/Run.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <cstdio>

using namespace tilt;
using namespace tilt::run;

void run::printCounters(llvm::raw_ostream &os, llvm::StringRef countersJson) {
  auto parsed = llvm::json::parse(countersJson);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return;
  }
  const llvm::json::Object *root = parsed->getAsObject();
  const llvm::json::Object *total = root ? root->getObject("total") : nullptr;
  if (!total)
    return;
  auto get = [&](llvm::StringRef key) {
    auto value = total->getInteger(key);
    return value ? int64_t(*value) : int64_t(0);
  };
  const llvm::json::Array *cores = root->getArray("cores");
  os << "counters (" << (cores ? cores->size() : 0) << " cores): DRAM read "
     << get("dram_bytes_read") << " B, written " << get("dram_bytes_written")
     << " B; NoC reads " << get("noc_reads") << ", writes " << get("noc_writes")
     << "\n  tile ops:";
  if (const llvm::json::Object *ops = total->getObject("tile_ops"))
    for (const auto &entry : *ops)
      if (auto count = entry.second.getAsInteger(); count && *count)
        os << " " << entry.first << " " << *count;
  os << "\n";
  if (const llvm::json::Object *blocked = total->getObject("blocked_seconds")) {
    os << "  blocked (s, summed over cores):";
    for (const auto &entry : *blocked)
      if (auto seconds = entry.second.getAsNumber())
        os << " " << entry.first << " " << llvm::format("%.3f", *seconds);
    os << "\n";
  }
  if (auto seconds = root->getNumber("seconds"))
    os << "  emulated in " << llvm::format("%.3f", *seconds) << " s\n";
}

/// The sum of the CB bytes (pages x page size) of each core of the grid,
/// the largest such sum, the total over the cores, and the usable L1 of a
/// core of the program's arch (tt::getUsableL1Bytes, the limit tt-verify
/// checks). The CBs are all the program places in L1: tilt's kernels keep
/// no other L1 buffers. Every core of the program's grid counts, with
/// blocks to run or not: the host creates each CB on its whole core range.
void run::printL1Use(llvm::raw_ostream &os, tt::ProgramOp program, bool named) {
  llvm::ArrayRef<int64_t> grid = program.getGrid();
  if (grid.size() != 2)
    return;
  llvm::SmallVector<tt::CBConfigOp, 16> configs;
  for (Operation &child : *program.getBody())
    if (auto config = tt::CBConfigOp::dynCast(&child))
      configs.push_back(config);
  int64_t largest = 0, total = 0, cores = 0;
  for (int64_t row = 0; row < grid[1]; ++row)
    for (int64_t column = 0; column < grid[0]; ++column) {
      int64_t bytes = 0;
      for (tt::CBConfigOp config : configs) {
        std::array<int64_t, 4> range = config.getCoreRange();
        cb::CBType type = config.getCBType();
        if (!type || column < range[0] || column > range[2] || row < range[1] ||
            row > range[3])
          continue;
        // tt-verify has checked that the sums fit the usable L1.
        bytes += type.getPages() * type.getPageSize();
      }
      largest = std::max(largest, bytes);
      total += bytes;
      ++cores;
    }
  os << "  L1";
  if (auto name = program.getOperation()
                      ->getInherentAttr("sym_name")
                      .dyn_cast_or_null<StringAttr>();
      named && name)
    os << " of @" << name.getValue();
  os << " (circular buffers): " << largest << " B on the fullest core, "
     << total << " B over the " << cores << (cores == 1 ? " core" : " cores")
     << " of the grid; " << tt::getUsableL1Bytes(program.getArch())
     << " B usable per core on " << program.getArch() << "\n";
}

/// The blocks each core ran, from the runtime arguments `start` and
/// `count` of the program's writer (else of any kernel that has them;
/// docs/pipeline.md, tt-split-kernels).
static std::vector<interp::CoreBlocks> getCoreBlocks(tt::ProgramOp program) {
  std::vector<interp::CoreBlocks> ranges;
  llvm::StringRef kernelName;
  int64_t startIndex = -1, countIndex = -1;
  for (Operation &op : *program.getBody()) {
    auto kernel = tt::KernelOp::dynCast(&op);
    if (!kernel || (!kernelName.empty() && kernel.getRole() != "writer"))
      continue;
    auto names = op.getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>();
    if (!names)
      continue;
    int64_t start = -1, count = -1;
    for (size_t i = 0; i < names.size(); ++i)
      if (auto name = names[i].dyn_cast_or_null<StringAttr>()) {
        if (name.getValue() == "start")
          start = int64_t(i);
        else if (name.getValue() == "count")
          count = int64_t(i);
      }
    if (start < 0 || count < 0)
      continue;
    kernelName = op.getInherentAttr("sym_name").cast<StringAttr>().getValue();
    startIndex = start;
    countIndex = count;
  }
  if (kernelName.empty())
    return ranges;
  for (Operation &op : *program.getBody()) {
    auto arguments = tt::RuntimeArgsOp::dynCast(&op);
    if (!arguments || arguments.getKernel() != kernelName ||
        arguments.getCore().size() != 2)
      continue;
    llvm::ArrayRef<Attribute> values = arguments.getValues();
    if (size_t(std::max(startIndex, countIndex)) >= values.size())
      continue;
    auto start = values[startIndex].dyn_cast_or_null<IntegerAttr>();
    auto count = values[countIndex].dyn_cast_or_null<IntegerAttr>();
    if (start && count)
      ranges.push_back({arguments.getCore()[0], arguments.getCore()[1],
                        start.getSInt(), count.getSInt()});
  }
  return ranges;
}

/// The tt.program whose blocks wrote `argument` last: of the steps whose
/// writer kernels are given the buffer's address, the last one (a step
/// that only reads it left it as it was); else the first.
static tt::ProgramOp getWritingProgram(const CompiledProgram &program,
                                       const ProgramArgument &argument) {
  tt::ProgramOp writing = program.program;
  for (tt::ProgramOp candidate :
       llvm::map_range(program.steps,
                       [](const ProgramStep &step) { return step.program; })) {
    llvm::StringRef bufferName;
    llvm::StringSet<> writers;
    for (Operation &op : *candidate.getBody()) {
      auto symbol =
          op.getInherentAttr("sym_name").dyn_cast_or_null<StringAttr>();
      if (auto kernel = tt::KernelOp::dynCast(&op)) {
        if (symbol && kernel.getRole() == "writer")
          writers.insert(symbol.getValue());
        continue;
      }
      if (!tt::BufferOp::dynCast(&op) || !symbol || op.getAttr("scratch"))
        continue;
      auto argNumber = op.getAttr("arg").dyn_cast_or_null<IntegerAttr>();
      if (argNumber && argNumber.getInt() >= 0
              ? argNumber.getInt() == argument.argNumber
              : symbol.getValue() == argument.name)
        bufferName = symbol.getValue();
    }
    if (bufferName.empty())
      continue;
    for (Operation &op : *candidate.getBody()) {
      auto arguments = tt::RuntimeArgsOp::dynCast(&op);
      if (!arguments || !writers.contains(arguments.getKernel()))
        continue;
      if (llvm::any_of(arguments.getValues(), [&](Attribute value) {
            auto symbol = value.dyn_cast_or_null<FlatSymbolRefAttr>();
            return symbol && symbol.getValue() == bufferName;
          })) {
        writing = candidate;
        break;
      }
    }
  }
  return writing;
}

void run::printScalars(llvm::raw_ostream &os, const CompiledProgram &program,
                       const RunResult &result) {
  for (const ScalarValue &scalar : result.scalars) {
    const ProgramArgument *argument = program.lookupArgument(scalar.name);
    // %.9g: nine significant digits give back the same f32.
    char text[32];
    std::snprintf(text, sizeof(text), "%.9g", double(scalar.value));
    os << "scalar " << scalar.name << " (";
    if (argument && argument->elementType)
      os << argument->elementType;
    os << ") = " << text << (scalar.random ? " (random)" : "") << "\n";
  }
}

std::optional<FailedCall> run::findFailedCall(const CompiledProgram &program,
                                              llvm::StringRef log) {
  constexpr llvm::StringLiteral marker = "tilt emulator: error at ";
  size_t at = log.rfind(marker);
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = log.substr(at + marker.size());
  rest = rest.take_until([](char c) { return c == '\n'; });
  auto [kernel, lineText] = rest.rsplit(" line ");
  unsigned line = 0;
  if (kernel.empty() || lineText.trim().getAsInteger(10, line) || !line)
    return std::nullopt;
  std::string file = (kernel + ".cpp").str();
  auto search = [&](const std::vector<metalium::GeneratedFile> &files)
      -> std::optional<FailedCall> {
    for (const metalium::GeneratedFile &generated : files) {
      if (generated.name != file)
        continue;
      std::optional<Location> best;
      for (const auto &[sourceLine, location] : generated.sourceLines)
        if (sourceLine <= line)
          best = location;
      if (best)
        return FailedCall{file, line, *best};
    }
    return std::nullopt;
  };
  for (const ProgramStep &step : program.steps)
    if (std::optional<FailedCall> call = search(step.files))
      return call;
  return search(program.files);
}

void run::printReport(llvm::raw_ostream &os, const CompiledProgram &program,
                      const RunResult &result) {
  printScalars(os, program, result);
  switch (result.verdict) {
  case Verdict::Failed:
    if (result.timedOut)
      os << "FAIL: the program did not finish within "
         << result.timeoutSeconds + 30 << " s (--timeout "
         << result.timeoutSeconds
         << " plus 30 s for the emulator's report); it was killed\n";
    else
      os << "FAIL: the program did not run to completion on the emulator "
            "(exit status "
         << result.exitStatus << ")\n";
    if (std::optional<FailedCall> call = findFailedCall(program, result.log)) {
      os << "  the failing call: " << call->file << " line " << call->line;
      if (std::optional<Location> source = call->location.findFileLineCol())
        os << ", written for " << source->getFilename() << ":"
           << source->getLine() << ":" << source->getColumn();
      os << "\n";
    }
    return;
  case Verdict::RanWithoutReference:
    os << "RAN: the program completed on the emulator in "
       << llvm::format("%.2f", result.seconds)
       << " s (no reference to compare with)\n";
    printCounters(os, result.counters);
    for (const ProgramStep &step : program.steps)
      printL1Use(os, step.program, program.steps.size() > 1);
    os << result.profile;
    return;
  case Verdict::Ok:
  case Verdict::Mismatch:
    break;
  }
  // What the budgets assume, so that a PASS says which arithmetic it
  // vouches for (docs/tilt-run.md).
  if (!result.numerics.empty())
    os << "budget for: " << result.numerics << "\n";
  for (const BufferResult &buffer : result.buffers) {
    const ProgramArgument *argument =
        program.lookupArgument(buffer.device.name);
    if (!buffer.comparison || !argument)
      continue;
    // Where an element was computed: the blocks of the kernel that wrote
    // the buffer last.
    std::vector<interp::CoreBlocks> cores =
        getCoreBlocks(getWritingProgram(program, *argument));
    interp::printComparison(os, *buffer.comparison, argument->name,
                            argument->shape, argument->elementType, cores);
  }
  printCounters(os, result.counters);
  for (const ProgramStep &step : program.steps)
    printL1Use(os, step.program, program.steps.size() > 1);
  os << result.profile;
  os << (result.verdict == Verdict::Ok
             ? "OK: the device results match the reference\n"
             : "MISMATCH: the device results differ from the reference\n");
}

int run::getExitStatus(Verdict verdict) {
  return verdict == Verdict::Ok || verdict == Verdict::RanWithoutReference ? 0
                                                                           : 1;
}
