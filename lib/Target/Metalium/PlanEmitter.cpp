//===- PlanEmitter.cpp - plan.json of a tt.program ------------------------===//
//
// The machine-readable summary of a program (docs/plan.schema.json):
// target, grid, buffers, CBs, semaphores, kernels, per-core runtime
// arguments and the static cost that tt-verify recorded on the program
// (`tt.cost`).
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"
#include "MetaliumAPI.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/IR/Attributes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/JSON.h"
#include <cstdint>

using namespace tilt;
using namespace tilt::metalium;

namespace {

llvm::json::Array toArray(llvm::ArrayRef<int64_t> values) {
  llvm::json::Array array;
  for (int64_t value : values)
    array.push_back(value);
  return array;
}

std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return os.str();
}

} // namespace

LogicalResult metalium::emitPlan(tt::ProgramOp program,
                                 const EmitOptions &options,
                                 llvm::ArrayRef<GeneratedFile> kernelFiles,
                                 std::string &text) {
  llvm::json::Object plan;
  plan["schema"] = "tilt-plan/1";
  plan["program"] = getSymbolName(program.getOperation()).str();
  plan["source"] = options.source;
  plan["pipeline"] = options.pipeline;
  plan["target"] = llvm::json::Object{{"arch", program.getArch().str()},
                                      {"api", getTargetDescription().str()}};
  plan["grid"] = toArray(program.getGrid());

  llvm::json::Array buffers, scalars, cbs, semaphores, kernels, runtimeArgs;
  llvm::StringSet<> scalarNames;
  for (Operation &op : *program.getBody())
    if (tt::ScalarOp::dynCast(&op))
      scalarNames.insert(getSymbolName(&op));
  auto isScalar = [&](llvm::StringRef name) {
    return scalarNames.contains(name);
  };
  for (Operation &op : *program.getBody()) {
    if (auto scalar = tt::ScalarOp::dynCast(&op)) {
      llvm::json::Object entry;
      entry["name"] = getSymbolName(&op).str();
      if (auto arg = op.getAttr("arg").dyn_cast_or_null<IntegerAttr>())
        entry["arg"] = arg.getInt();
      entry["element_type"] =
          scalar.getType() ? typeName(scalar.getType()) : "";
      scalars.push_back(std::move(entry));
      continue;
    }
    if (auto buffer = tt::BufferOp::dynCast(&op)) {
      llvm::json::Object entry;
      entry["name"] = getSymbolName(&op).str();
      if (auto arg = op.getAttr("arg").dyn_cast_or_null<IntegerAttr>())
        entry["arg"] = arg.getInt();
      if (op.getAttr("scratch"))
        entry["scratch"] = true;
      Type element;
      if (auto attr =
              op.getInherentAttr("element_type").dyn_cast_or_null<TypeAttr>())
        element = attr.getValue();
      // A block-float buffer holds bf16 values (the host packs them).
      entry["element_type"] = !element ? ""
                              : element.isa<cb::BlockFloatType>()
                                  ? "bf16"
                                  : typeName(element);
      std::optional<std::string> format =
          element ? getDataFormat(element) : std::nullopt;
      entry["format"] = format ? *format : "";
      auto shape = op.getAttr("shape").dyn_cast_or_null<DenseArrayAttr>();
      auto padded =
          op.getAttr("padded_shape").dyn_cast_or_null<DenseArrayAttr>();
      entry["shape"] = shape ? toArray(shape.getIntValues()) : llvm::json::Array();
      entry["padded_shape"] =
          padded ? toArray(padded.getIntValues()) : llvm::json::Array();
      entry["memory"] = "dram";
      auto layout = op.getAttr("layout").dyn_cast_or_null<StringAttr>();
      entry["layout"] = layout && layout.getValue() == "row_major"
                            ? "row_major"
                        : shape && shape.size() == 1 ? "tiled_nfaces_column"
                                                     : "tiled_nfaces";
      entry["page_size"] = buffer.getPageSize();
      entry["size"] = buffer.getSize();
      buffers.push_back(std::move(entry));
      continue;
    }
    if (auto config = tt::CBConfigOp::dynCast(&op)) {
      cb::CBType type = config.getCBType();
      std::array<int64_t, 4> range = config.getCoreRange();
      std::optional<std::string> format = getDataFormat(type.getDataFormat());
      // CircularBufferConfig takes a 32-bit total size.
      llvm::Optional<int64_t> bytes =
          llvm::checkedMul(type.getPageSize(), type.getPages());
      if (!bytes || *bytes > int64_t(UINT32_MAX)) {
        op.emitError()
            << "circular buffer " << config.getIndex() << " of "
            << type.getPages() << " pages of " << type.getPageSize()
            << " bytes exceeds the 2^32 bytes Metalium can configure";
        return failure();
      }
      cbs.push_back(llvm::json::Object{
          {"index", config.getIndex()},
          {"name", getCBName(config.getIndex())},
          {"cores", toArray(range)},
          {"format", format ? *format : ""},
          {"page_size", type.getPageSize()},
          {"pages", type.getPages()},
          {"bytes", *bytes}});
      continue;
    }
    if (auto semaphore = tt::SemaphoreOp::dynCast(&op)) {
      semaphores.push_back(llvm::json::Object{
          {"id", semaphore.getId()},
          {"cores", toArray(semaphore.getCoreRange())},
          {"initial_value", semaphore.getInitialValue()}});
      continue;
    }
    if (auto kernel = tt::KernelOp::dynCast(&op)) {
      llvm::json::Object entry;
      llvm::StringRef name = getSymbolName(&op);
      entry["name"] = name.str();
      entry["role"] = kernel.getRole().str();
      entry["file"] = (name + ".cpp").str();
      llvm::json::Array cores;
      for (const auto &range : kernel.getCoreRanges())
        cores.push_back(toArray(range));
      entry["cores"] = std::move(cores);
      llvm::json::Object config;
      if (kernel.isCompute()) {
        entry["processor"] = "trisc";
        auto fidelity =
            op.getInherentAttr("math_fidelity").dyn_cast_or_null<StringAttr>();
        config["math_fidelity"] = fidelity ? fidelity.getValue().str() : "HiFi4";
        config["fp32_dest_acc"] = bool(op.getInherentAttr("fp32_dest_acc"));
        config["math_approx"] = bool(op.getInherentAttr("math_approx"));
        config["dst_full_sync"] = bool(op.getInherentAttr("dst_full_sync"));
      } else {
        auto processor =
            op.getInherentAttr("processor").dyn_cast_or_null<StringAttr>();
        entry["processor"] = processor ? processor.getValue().str() : "riscv_0";
        auto noc = op.getInherentAttr("noc").dyn_cast_or_null<IntegerAttr>();
        config["noc"] = noc ? noc.getInt() : 0;
      }
      entry["config"] = std::move(config);
      llvm::json::Array argNames;
      if (auto rt = op.getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>())
        for (Attribute value : rt)
          if (auto string = value.dyn_cast_or_null<StringAttr>())
            argNames.push_back(string.getValue().str());
      entry["runtime_args"] = std::move(argNames);
      // The words the host passes (a buffer's TensorAccessorArgs expanded).
      auto ct = tt::KernelOp(&op).getCompileTimeArgValues();
      entry["compile_time_args"] =
          ct ? toArray(*ct) : llvm::json::Array();
      kernels.push_back(std::move(entry));
      continue;
    }
    if (auto args = tt::RuntimeArgsOp::dynCast(&op)) {
      llvm::json::Array values;
      for (Attribute value : args.getValues()) {
        if (auto symbol = value.dyn_cast_or_null<FlatSymbolRefAttr>())
          values.push_back(llvm::json::Object{
              {isScalar(symbol.getValue()) ? "scalar" : "buffer",
               symbol.getValue().str()}});
        else if (auto integer = value.dyn_cast_or_null<IntegerAttr>())
          values.push_back(integer.getInt());
        else if (auto coordinate = tt::getNocCoordinate(value))
          values.push_back(llvm::json::Object{
              {coordinate->getKeyword(), coordinate->index}});
      }
      runtimeArgs.push_back(llvm::json::Object{
          {"kernel", args.getKernel().str()},
          {"core", toArray(args.getCore())},
          {"values", std::move(values)}});
    }
  }
  plan["buffers"] = std::move(buffers);
  plan["scalars"] = std::move(scalars);
  plan["circular_buffers"] = std::move(cbs);
  plan["semaphores"] = std::move(semaphores);
  plan["kernels"] = std::move(kernels);
  plan["runtime_args"] = std::move(runtimeArgs);

  // The static cost, as tt-verify measured it.
  auto cost = program->getAttr("tt.cost").dyn_cast_or_null<DictionaryAttr>();
  if (cost) {
    llvm::json::Object entry;
    auto getInt = [&](llvm::StringRef name) -> int64_t {
      if (auto attr = cost.get(name).dyn_cast_or_null<IntegerAttr>())
        return attr.getInt();
      return 0;
    };
    entry["dram_bytes_read"] = getInt("dram_bytes_read");
    entry["dram_bytes_written"] = getInt("dram_bytes_written");
    entry["dram_tile_reads"] = getInt("dram_tile_reads");
    entry["dram_tile_writes"] = getInt("dram_tile_writes");
    llvm::json::Array perCore;
    if (auto ops =
            cost.get("tile_ops_per_core").dyn_cast_or_null<DenseArrayAttr>()) {
      llvm::ArrayRef<int64_t> values = ops.getIntValues();
      for (size_t i = 0; i + 2 < values.size(); i += 3)
        perCore.push_back(llvm::json::Object{
            {"core", llvm::json::Array{values[i], values[i + 1]}},
            {"tile_ops", values[i + 2]}});
    }
    entry["tile_ops_per_core"] = std::move(perCore);
    plan["cost"] = std::move(entry);
  } else {
    plan["cost"] = nullptr;
  }

  // Which op of the source each kernel line was written for:
  // [line, file, source line, column], the lines without a location left
  // out. Profiles (tilt-run --profile, or tt-metal's device profiler, which
  // reports kernel source lines) go back to the tile program through it.
  llvm::json::Object sourceMap;
  for (const GeneratedFile &kernel : kernelFiles) {
    llvm::json::Array lines;
    for (const auto &[line, loc] : kernel.sourceLines)
      if (std::optional<Location> file = loc.findFileLineCol())
        lines.push_back(llvm::json::Array{int64_t(line),
                                          file->getFilename().str(),
                                          int64_t(file->getLine()),
                                          int64_t(file->getColumn())});
    if (!lines.empty())
      sourceMap[kernel.name] = std::move(lines);
  }
  plan["source_map"] = std::move(sourceMap);

  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(plan))) << "\n";
  os.flush();
  return success();
}
