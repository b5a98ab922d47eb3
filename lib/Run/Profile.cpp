//===- Profile.cpp - The report of the timing model -----------------------===//
//
// The report `tilt-run --profile` prints. Everything in it is computed from
// the emulator's profile (per kernel thread: busy cycles by kind of work,
// blocked cycles by what was waited for, the end; per kernel line: busy and
// blocked cycles) and the plan's source map; docs/timing-model.md explains
// each figure and the rule that names the bottleneck.
//
//===----------------------------------------------------------------------===//

#include "Profile.h"
#include "Host.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <vector>

using namespace tilt;
using namespace tilt::run;

namespace {

double getNumber(const llvm::json::Object &object, llvm::StringRef key) {
  if (auto value = object.getNumber(key))
    return *value;
  return 0;
}

std::map<std::string, double> getMap(const llvm::json::Object &object,
                                     llvm::StringRef key) {
  std::map<std::string, double> map;
  if (const llvm::json::Object *inner = object.getObject(key))
    for (const auto &entry : *inner)
      if (auto value = entry.second.getAsNumber())
        map[entry.first.str()] = *value;
  return map;
}

/// The kernel threads of one name (`reader`, `compute.math`, ...) over all
/// cores, as fractions of the device time.
struct ThreadGroup {
  std::string name;
  unsigned cores = 0;
  double busy = 0, minBusy = 1, maxBusy = 0;
  std::map<std::string, double> blocked;
};

bool isCompute(llvm::StringRef thread) { return thread.contains('.'); }

std::string percent(double fraction) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.1f %%", fraction * 100);
  return os.str();
}

/// The sentence naming what limits the program (docs/timing-model.md): the
/// largest of every thread kind's busy share and the data-movement
/// threads' waits on the NoC.
std::string findBottleneck(const std::vector<ThreadGroup> &groups, bool dram) {
  double best = -1;
  const ThreadGroup *where = nullptr;
  std::string reason; // empty: busy
  for (const ThreadGroup &group : groups) {
    if (group.busy > best) {
      best = group.busy;
      where = &group;
      reason.clear();
    }
    if (isCompute(group.name))
      continue;
    for (const auto &[what, share] : group.blocked)
      if ((llvm::StringRef(what).startswith("noc_async") ||
           llvm::StringRef(what).startswith("NoC")) &&
          share > best) {
        best = share;
        where = &group;
        reason = what;
      }
  }
  if (!where)
    return "nothing ran";
  std::string sentence;
  if (reason.empty()) {
    llvm::StringRef name = where->name;
    if (name.endswith(".math"))
      sentence = "compute-bound: the math engine is busy " + percent(best) +
                 " of the time";
    else if (name.endswith(".unpack"))
      sentence = "unpack-bound: the unpacker is busy " + percent(best) +
                 " of the time";
    else if (name.endswith(".pack"))
      sentence =
          "pack-bound: the packer is busy " + percent(best) + " of the time";
    else
      sentence = "issue-bound: the " + where->name + " is busy " +
                 percent(best) + " of the time issuing transfers and CB calls";
  } else {
    llvm::StringRef what = reason;
    std::string kind = dram ? "DRAM-bound" : "NoC-bound";
    std::string waits = what == "noc_async_read_barrier"    ? "read barriers"
                        : what == "noc_async_write_barrier" ? "write barriers"
                        : what == "noc_async_writes_flushed"
                            ? "writes to be flushed"
                            : "the NoC requests in flight";
    sentence = kind + ": " + where->name + "s wait on " + waits + " " +
               percent(best) + " of the time";
  }
  if (best < 0.5)
    sentence += " (no engine or link is near saturation: latency and "
                "handshakes take the rest)";
  return sentence;
}

/// Line `line` of `file`, trimmed, or "".
std::string quoteLine(const std::string &file, unsigned line) {
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer || !line)
    return "";
  llvm::SmallVector<llvm::StringRef, 0> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  if (line > lines.size())
    return "";
  return lines[line - 1].trim().str();
}

} // namespace

bool run::printProfile(llvm::raw_ostream &os, const llvm::json::Object &profile,
                       const llvm::json::Object *plan, const SourceOps &ops,
                       const ProfileOptions &options, ProfileSummary &summary,
                       std::string &error) {
  const llvm::json::Array *threads = profile.getArray("threads");
  const llvm::json::Array *lines = profile.getArray("lines");
  double cycles = getNumber(profile, "cycles");
  double clock = getNumber(profile, "clock_ghz");
  if (!threads || !lines || !(cycles > 0) || !(clock > 0)) {
    error = "the emulator's profile is incomplete";
    return false;
  }
  std::string arch = stringOf(profile.getString("arch"));
  double seconds = cycles / (clock * 1e9);
  double computeBound = getNumber(profile, "compute_bound_cycles");
  double memoryBound = getNumber(profile, "memory_bound_cycles");
  double bound = std::max(computeBound, memoryBound);
  double read = getNumber(profile, "dram_bytes_read");
  double written = getNumber(profile, "dram_bytes_written");
  double matmulTiles = getNumber(profile, "matmul_tiles");
  double gridCores = getNumber(profile, "grid_cores");

  // Per thread kind, over cores.
  std::vector<ThreadGroup> groups;
  std::map<std::pair<int64_t, int64_t>, bool> cores;
  for (const llvm::json::Value &value : *threads) {
    const llvm::json::Object *thread = value.getAsObject();
    if (!thread)
      continue;
    std::string name = stringOf(thread->getString("thread"));
    auto found =
        std::find_if(groups.begin(), groups.end(),
                     [&](const ThreadGroup &g) { return g.name == name; });
    if (found == groups.end()) {
      groups.emplace_back();
      groups.back().name = name;
      found = groups.end() - 1;
    }
    double busy = getNumber(*thread, "busy") / cycles;
    found->cores++;
    found->busy += busy;
    found->minBusy = std::min(found->minBusy, busy);
    found->maxBusy = std::max(found->maxBusy, busy);
    for (const auto &[what, blocked] : getMap(*thread, "blocked"))
      found->blocked[what] += blocked / cycles;
    if (const llvm::json::Array *core = thread->getArray("core"))
      if (core->size() == 2)
        cores[{integerOf((*core)[0].getAsInteger()),
               integerOf((*core)[1].getAsInteger())}] = true;
  }
  for (ThreadGroup &group : groups) {
    group.busy /= group.cores;
    for (auto &entry : group.blocked)
      entry.second /= group.cores;
  }

  summary.seconds = seconds;
  summary.computeBoundSeconds = computeBound / (clock * 1e9);
  summary.memoryBoundSeconds = memoryBound / (clock * 1e9);
  summary.efficiency = bound / cycles;
  summary.bottleneck = findBottleneck(groups, read + written > 0);

  os << "profile (predicted by the timing model, not measured; "
        "docs/timing-model.md):\n";
  os << llvm::format("  device time %.2f us (%.0f cycles at %.2f GHz, %s, "
                     "%zu of %.0f cores)\n",
                     seconds * 1e6, cycles, clock, arch.c_str(), cores.size(),
                     gridCores);
  if (matmulTiles > 0)
    os << llvm::format("  matmul: %.2f TFLOP/s\n",
                       matmulTiles * 2 * 32768 / seconds / 1e12);
  os << llvm::format("  DRAM: %.1f GB/s (%.0f B read, %.0f B written)\n",
                     (read + written) / seconds / 1e9, read, written);
  os << llvm::format("  roofline: compute %.2f us (the math engines' work "
                     "over %.0f cores), DRAM %.2f us (the bytes at peak "
                     "bandwidth)\n",
                     summary.computeBoundSeconds * 1e6, gridCores,
                     summary.memoryBoundSeconds * 1e6);
  os << "  efficiency: " << percent(summary.efficiency)
     << " of the roofline (bound " << llvm::format("%.2f", bound / clock / 1e3)
     << " us / predicted " << llvm::format("%.2f", seconds * 1e6) << " us)\n";
  os << "  bottleneck: " << summary.bottleneck << "\n";

  os << "  kernel threads (mean over cores, % of the device time):\n";
  for (const ThreadGroup &group : groups) {
    double blocked = 0;
    for (const auto &entry : group.blocked)
      blocked += entry.second;
    os << llvm::format("    %-16s busy %5.1f %% (cores %.1f-%.1f %%)",
                       group.name.c_str(), group.busy * 100,
                       group.minBusy * 100, group.maxBusy * 100);
    std::vector<std::pair<double, std::string>> waits;
    for (const auto &[what, share] : group.blocked)
      waits.emplace_back(share, what);
    std::sort(waits.rbegin(), waits.rend());
    for (size_t i = 0; i < waits.size() && i < 3; ++i)
      if (waits[i].first >= 0.0005)
        os << ", " << llvm::format("%.1f", waits[i].first * 100) << " % "
           << waits[i].second;
    os << llvm::format(", idle %.1f %%\n",
                       std::max(0.0, 1 - group.busy - blocked) * 100);
  }
  // The kernels' own profiler zones (DeviceZoneScopedN), by thread and name.
  struct ZoneTotal {
    double sum = 0, max = 0;
    unsigned threads = 0;
  };
  std::map<std::pair<std::string, std::string>, ZoneTotal> zones;
  for (const llvm::json::Value &value : *threads)
    if (const llvm::json::Object *thread = value.getAsObject())
      for (const auto &[zone, zoneCycles] : getMap(*thread, "zones")) {
        ZoneTotal &total = zones[{stringOf(thread->getString("thread")), zone}];
        total.sum += zoneCycles;
        total.max = std::max(total.max, zoneCycles);
        ++total.threads;
      }
  if (!zones.empty()) {
    os << "  profiler zones (DeviceZoneScopedN; cycles in the zone per core, "
          "mean and max over the cores that ran it):\n";
    for (const auto &[key, total] : zones)
      os << llvm::format("    %-16s %-20s %10.0f (max %.0f)\n",
                         key.first.c_str(), key.second.c_str(),
                         total.sum / total.threads, total.max);
  }
  if (options.perCore)
    for (const llvm::json::Value &value : *threads) {
      const llvm::json::Object *thread = value.getAsObject();
      const llvm::json::Array *core =
          thread ? thread->getArray("core") : nullptr;
      if (!core || core->size() != 2)
        continue;
      double busy = getNumber(*thread, "busy");
      os << llvm::format("    core (%lld, %lld) %-16s busy %5.1f %%",
                         (long long)integerOf((*core)[0].getAsInteger()),
                         (long long)integerOf((*core)[1].getAsInteger()),
                         stringOf(thread->getString("thread")).c_str(),
                         busy / cycles * 100);
      for (const auto &[what, blocked] : getMap(*thread, "blocked"))
        os << ", " << llvm::format("%.1f", blocked / cycles * 100) << " % "
           << what;
      os << llvm::format(", ends at %.0f\n", getNumber(*thread, "end"));
    }

  // Generated lines, and through the source map the tile program's.
  const llvm::json::Object *sources = profile.getObject("sources");
  std::map<std::string, std::map<unsigned, std::pair<std::string, unsigned>>>
      sourceMap; // file -> kernel line -> (source file, source line)
  std::map<std::pair<std::string, unsigned>, unsigned> sourceColumns;
  if (const llvm::json::Object *map =
          plan ? plan->getObject("source_map") : nullptr)
    for (const auto &entry : *map)
      if (const llvm::json::Array *rows = entry.second.getAsArray())
        for (const llvm::json::Value &row : *rows) {
          const llvm::json::Array *fields = row.getAsArray();
          if (!fields || fields->size() != 4)
            continue;
          unsigned line = unsigned(integerOf((*fields)[0].getAsInteger()));
          std::string file = stringOf((*fields)[1].getAsString());
          unsigned sourceLine =
              unsigned(integerOf((*fields)[2].getAsInteger()));
          sourceMap[entry.first.str()][line] = {file, sourceLine};
          sourceColumns[{file, sourceLine}] =
              unsigned(integerOf((*fields)[3].getAsInteger()));
        }
  struct LineCost {
    std::string kernel;
    unsigned line;
    double busy, compute;
  };
  std::vector<LineCost> costs;
  double computeTotal = 0, movementTotal = 0;
  for (const llvm::json::Value &value : *lines) {
    const llvm::json::Object *line = value.getAsObject();
    if (!line)
      continue;
    LineCost cost{stringOf(line->getString("kernel")),
                  unsigned(integerOf(line->getInteger("line"))),
                  getNumber(*line, "busy"), 0};
    for (const auto &[thread, busy] : getMap(*line, "by_thread"))
      if (isCompute(thread))
        cost.compute += busy;
    computeTotal += cost.compute;
    movementTotal += cost.busy - cost.compute;
    costs.push_back(cost);
  }
  std::sort(
      costs.begin(), costs.end(),
      [](const LineCost &x, const LineCost &y) { return x.busy > y.busy; });
  auto sourceOf =
      [&](const LineCost &cost) -> std::pair<std::string, unsigned> {
    auto file = sourceMap.find(cost.kernel + ".cpp");
    if (file == sourceMap.end())
      return {"", 0};
    auto at = file->second.upper_bound(cost.line);
    if (at == file->second.begin())
      return {"", 0};
    return std::prev(at)->second;
  };
  auto share = [&](const LineCost &cost) {
    double compute = cost.compute / std::max(computeTotal, 1.0);
    double movement = (cost.busy - cost.compute) / std::max(movementTotal, 1.0);
    return cost.compute > 0 ? percent(compute) + " of compute cycles"
                            : percent(movement) + " of data-movement cycles";
  };
  // A user's own program (tilt-emu) has no plan: its kernels are not
  // generated.
  os << (plan ? "  generated lines" : "  kernel lines")
     << " (busy cycles over all cores):\n";
  for (size_t i = 0; i < costs.size() && i < options.topLines; ++i) {
    const LineCost &cost = costs[i];
    if (!(cost.busy > 0))
      break;
    // The kernel's file as the emulator found it, else the generated
    // kernel of the work directory.
    std::string file = cost.kernel + ".cpp";
    llvm::SmallString<128> path(options.workDir);
    llvm::sys::path::append(path, file);
    std::string found =
        sources ? stringOf(sources->getString(cost.kernel)) : "";
    if (!found.empty()) {
      path = found;
      file = llvm::sys::path::filename(found).str();
    }
    std::string code = quoteLine(path.str().str(), cost.line);
    if (code.size() > 44)
      code = code.substr(0, 41) + "...";
    auto [source, sourceLine] = sourceOf(cost);
    os << llvm::format("    %-14s %-44s %s",
                       (file + ":" + std::to_string(cost.line)).c_str(),
                       code.c_str(), share(cost).c_str());
    if (sourceLine)
      os << "  <- " << llvm::sys::path::filename(source) << ":" << sourceLine;
    os << "\n";
  }
  // The tile program's lines: every generated line's cycles go to the
  // source line its op came from.
  std::map<std::pair<std::string, unsigned>, LineCost> bySource;
  for (const LineCost &cost : costs) {
    auto source = sourceOf(cost);
    if (!source.second)
      continue;
    LineCost &total = bySource[source];
    total.busy += cost.busy;
    total.compute += cost.compute;
  }
  if (!bySource.empty()) {
    std::vector<std::pair<std::pair<std::string, unsigned>, LineCost>> sorted(
        bySource.begin(), bySource.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto &x, const auto &y) {
      return x.second.busy > y.second.busy;
    });
    os << "  source lines:\n";
    for (const auto &[where, cost] : sorted) {
      if (!(cost.busy > 0))
        continue;
      unsigned column = sourceColumns[where];
      auto op = ops.find({where.second, column});
      std::string name = op == ops.end() ? "" : op->second;
      os << llvm::format(
          "    %-20s %-14s %s of compute cycles, %s of data-movement cycles\n",
          (llvm::sys::path::filename(where.first) + ":" +
           std::to_string(where.second))
              .str()
              .c_str(),
          name.c_str(),
          percent(cost.compute / std::max(computeTotal, 1.0)).c_str(),
          percent((cost.busy - cost.compute) / std::max(movementTotal, 1.0))
              .c_str());
    }
  }
  return true;
}

LogicalResult run::reportProfile(llvm::raw_ostream &os,
                                 llvm::StringRef profilePath,
                                 llvm::StringRef workDir, const SourceOps &ops,
                                 const ProfileOptions &options,
                                 std::string &error) {
  auto profile = llvm::json::parse(readText(profilePath));
  if (!profile || !profile->getAsObject()) {
    if (!profile)
      llvm::consumeError(profile.takeError());
    error =
        "the emulator wrote no timing profile to '" + profilePath.str() + "'";
    return failure();
  }
  std::string planPath = (workDir + "/plan.json").str();
  auto plan = llvm::json::parse(readText(planPath));
  if (!plan)
    llvm::consumeError(plan.takeError());
  llvm::json::Object *planObject = plan ? plan->getAsObject() : nullptr;
  ProfileSummary summary;
  if (!printProfile(os, *profile->getAsObject(), planObject, ops, options,
                    summary, error))
    return failure();
  if (!planObject)
    return success();
  (*planObject)["predicted"] = llvm::json::Object{
      {"arch", stringOf(profile->getAsObject()->getString("arch"))},
      {"device_seconds", summary.seconds},
      {"compute_bound_seconds", summary.computeBoundSeconds},
      {"memory_bound_seconds", summary.memoryBoundSeconds},
      {"efficiency", summary.efficiency},
      {"bottleneck", summary.bottleneck}};
  std::error_code code;
  llvm::raw_fd_ostream planFile(planPath, code);
  if (!code)
    planFile << llvm::formatv("{0:2}", llvm::json::Value(std::move(*plan)))
             << "\n";
  return success();
}
