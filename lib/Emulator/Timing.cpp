//===- Timing.cpp - The timing model's parameters and reports -------------===//
//
// The cost table of each architecture, overrides from a file, and the
// profile and trace a run's TimingReport writes. docs/timing-model.md gives
// the source of every value; a user with hardware calibrates the model by
// overriding them (TILT_EMU_TIMING, tilt-run --timing).
//
//===----------------------------------------------------------------------===//

#include "Timeline.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

using namespace tilt;
using namespace tilt::emu;

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

namespace {

struct ParamEntry {
  const char *name;
  double TimingParams::*member;
};

// Every parameter by the name overrides use: the member's name.
const ParamEntry kParams[] = {
#define TILT_PARAM(name)                                                       \
  { #name, &TimingParams::name }
    TILT_PARAM(clockGHz),
    TILT_PARAM(matmulCyclesPerPhase),
    TILT_PARAM(eltwiseCycles),
    TILT_PARAM(eltwiseMulCyclesPerPhase),
    TILT_PARAM(reduceCyclesPerPhase),
    TILT_PARAM(copyCycles),
    TILT_PARAM(transposeCycles),
    TILT_PARAM(sfpuSimpleCycles),
    TILT_PARAM(sfpuComplexCycles),
    TILT_PARAM(unpackBytesPerCycle),
    TILT_PARAM(unpackTotalBytesPerCycle),
    TILT_PARAM(packBytesPerCycle),
    TILT_PARAM(unpackOverheadCycles),
    TILT_PARAM(packOverheadCycles),
    TILT_PARAM(initCycles),
    TILT_PARAM(reconfigCycles),
    TILT_PARAM(dstHandshakeCycles),
    TILT_PARAM(sourceHandshakeCycles),
    TILT_PARAM(cbApiCycles),
    TILT_PARAM(cbHandshakeCycles),
    TILT_PARAM(nocBytesPerCycle),
    TILT_PARAM(nocIssueCycles),
    TILT_PARAM(nocHopCycles),
    TILT_PARAM(nocBaseLatencyCycles),
    TILT_PARAM(dramLatencyCycles),
    TILT_PARAM(dramCoreBytesPerCycle),
    TILT_PARAM(dramBankBytesPerCycle),
    TILT_PARAM(dramEfficiency),
    TILT_PARAM(maxReadsInFlight),
    TILT_PARAM(maxWritesInFlight),
    TILT_PARAM(nocMaxBurstBytes),
    TILT_PARAM(mcastPacketCyclesPerSide),
    TILT_PARAM(mcastPacketSideOffset),
    TILT_PARAM(semaphoreCycles),
#undef TILT_PARAM
};

TimingParams makeWormhole() {
  TimingParams params; // the struct's defaults are Wormhole's
  return params;
}

TimingParams makeBlackhole() {
  TimingParams params;
  params.clockGHz = 1.35;
  params.nocBytesPerCycle = 64;
  params.nocIssueCycles = 36;
  params.nocBaseLatencyCycles = 330;
  params.dramLatencyCycles = 440;
  params.dramCoreBytesPerCycle = 33;
  // 8 banks sharing 512 GB/s at 1.35 GHz; 500 GB/s achieved.
  params.dramBankBytesPerCycle = 512.0 / 1.35 / 8;
  params.dramEfficiency = 0.97;
  // Blackhole's unpackers: twice Wormhole's rate (tt-llk issue #130: the
  // tilize unpacker takes ~25 cycles per bf16 tile against ~52; fitted to
  // tt-metal's Blackhole GEMM rows, docs/timing-model.md).
  params.unpackBytesPerCycle = 128;
  params.unpackTotalBytesPerCycle = 160;
  params.nocMaxBurstBytes = 16384;
  params.mcastPacketCyclesPerSide = 38;
  params.mcastPacketSideOffset = 1.0;
  return params;
}

TimingParams makeGrayskull() {
  // Wormhole's engine; the clock and DRAM of the e150.
  TimingParams params;
  params.clockGHz = 1.2;
  // 8 banks sharing 118.4 GB/s at 1.2 GHz.
  params.dramBankBytesPerCycle = 118.4 / 1.2 / 8;
  return params;
}

std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos)
    return "";
  size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

} // namespace

const TimingParams *emu::getDefaultTiming(const std::string &arch) {
  static const TimingParams wormhole = makeWormhole();
  static const TimingParams blackhole = makeBlackhole();
  static const TimingParams grayskull = makeGrayskull();
  if (arch == "wormhole_b0")
    return &wormhole;
  if (arch == "blackhole")
    return &blackhole;
  if (arch == "grayskull")
    return &grayskull;
  return nullptr;
}

const LayoutCosts &emu::getLayoutCosts(const std::string &arch) {
  // tt-llk issue #130 (tilize: the unpacker ~52 cycles per tile on
  // Wormhole, ~25 on Blackhole) and #131 (unpack untilize: ~393 and ~512
  // cycles per tile; pack untilize: the packer ~57 and ~82), bf16 tiles;
  // Grayskull takes Wormhole's.
  static const LayoutCosts wormhole{52, 393, 57};
  static const LayoutCosts blackhole{25, 512, 82};
  return arch == "blackhole" ? blackhole : wormhole;
}

bool emu::applyTimingOverrides(const std::string &text, TimingParams &params,
                               unsigned &errorLine, std::string &error) {
  std::istringstream lines(text);
  std::string line;
  for (unsigned number = 1; std::getline(lines, line); ++number) {
    line = trim(line.substr(0, line.find('#')));
    if (line.empty())
      continue;
    size_t equals = line.find('=');
    errorLine = number;
    if (equals == std::string::npos) {
      error = "expected `name = value`, got `" + line + "`";
      return false;
    }
    std::string name = trim(line.substr(0, equals));
    std::string value = trim(line.substr(equals + 1));
    const ParamEntry *entry = nullptr;
    for (const ParamEntry &candidate : kParams)
      if (name == candidate.name)
        entry = &candidate;
    if (!entry) {
      error = "no timing parameter is named `" + name + "`";
      return false;
    }
    char *end = nullptr;
    double parsed = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || !std::isfinite(parsed) || parsed < 0 ||
        (parsed == 0 && (name == "clockGHz" || name == "dramEfficiency" ||
                         name.find("BytesPerCycle") != std::string::npos)) ||
        (name == "dramEfficiency" && parsed > 1)) {
      error = "`" + value + "` is not a valid value for `" + name +
              "` (a finite number, not negative; positive for clocks and "
              "bandwidths; dramEfficiency in (0, 1])";
      return false;
    }
    params.*(entry->member) = parsed;
  }
  return true;
}

std::vector<std::pair<std::string, double>>
emu::listTimingParams(const TimingParams &params) {
  std::vector<std::pair<std::string, double>> list;
  for (const ParamEntry &entry : kParams)
    list.emplace_back(entry.name, params.*(entry.member));
  return list;
}

//===----------------------------------------------------------------------===//
// Reports
//===----------------------------------------------------------------------===//

namespace {

/// `text` as a JSON string.
std::string quote(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (uint8_t(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", unsigned(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string showNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6g", value);
  return text;
}

std::string showCycles(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f", value);
  return text;
}

void writeMap(std::ostream &os, const std::map<std::string, double> &map) {
  os << "{";
  bool first = true;
  for (const auto &[key, value] : map) {
    os << (first ? "" : ", ") << quote(key) << ": " << showCycles(value);
    first = false;
  }
  os << "}";
}

} // namespace

std::string TimingReport::formatJson() const {
  std::ostringstream os;
  os << "{\"arch\": " << quote(arch)
     << ", \"clock_ghz\": " << showNumber(clockGHz)
     << ", \"cycles\": " << showCycles(cycles)
     << ", \"seconds\": " << showNumber(seconds())
     << ", \"grid_cores\": " << gridCores
     << ", \"matmul_tiles\": " << matmulTiles
     << ", \"dram_bytes_read\": " << dramBytesRead
     << ", \"dram_bytes_written\": " << dramBytesWritten
     << ", \"compute_bound_cycles\": " << showCycles(computeBoundCycles)
     << ", \"memory_bound_cycles\": " << showCycles(memoryBoundCycles)
     << ",\n \"threads\": [";
  for (size_t i = 0; i < threads.size(); ++i) {
    const ThreadTiming &thread = threads[i];
    os << (i ? ",\n  " : "\n  ") << "{\"core\": [" << thread.column << ", "
       << thread.row << "], \"kernel\": " << quote(thread.kernel)
       << ", \"thread\": " << quote(thread.thread)
       << ", \"busy\": " << showCycles(thread.busyCycles)
       << ", \"end\": " << showCycles(thread.endCycles) << ", \"blocked\": ";
    writeMap(os, thread.blockedCycles);
    os << ", \"work\": ";
    writeMap(os, thread.workCycles);
    if (!thread.zoneCycles.empty()) {
      os << ", \"zones\": ";
      writeMap(os, thread.zoneCycles);
    }
    os << "}";
  }
  os << "],\n \"lines\": [";
  bool first = true;
  for (const auto &[key, line] : lines) {
    os << (first ? "\n  " : ",\n  ") << "{\"kernel\": " << quote(key.first)
       << ", \"line\": " << key.second
       << ", \"busy\": " << showCycles(line.busyCycles)
       << ", \"blocked\": " << showCycles(line.blockedCycles)
       << ", \"by_thread\": ";
    writeMap(os, line.busyByThread);
    os << "}";
    first = false;
  }
  os << "],\n \"sources\": {";
  first = true;
  for (const auto &[kernel, source] : sources) {
    os << (first ? "" : ", ") << quote(kernel) << ": " << quote(source);
    first = false;
  }
  os << "}}\n";
  return os.str();
}

std::string TimingReport::formatTrace() const {
  // Timestamps in microseconds, as the format wants.
  double toMicroseconds = 1.0 / (clockGHz * 1000.0);
  auto ts = [&](double cycle) { return showNumber(cycle * toMicroseconds); };
  std::ostringstream os;
  os << "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"arch\": "
     << quote(arch) << ", \"note\": \"predicted by Tilt's timing model, not "
     << "measured"
     << (traceTruncated ? "; truncated: the trace holds the "
                          "first records only"
                        : "")
     << "\"},\n\"traceEvents\": [";
  bool first = true;
  auto begin = [&] {
    os << (first ? "\n" : ",\n");
    first = false;
  };
  // A process per core (pid 1 + row-major index), a thread per kernel
  // thread, and a DRAM process (pid 0) with a thread per bank.
  auto pidOf = [&](const ThreadTiming &thread) {
    return 1 + thread.row * 256 + thread.column;
  };
  std::map<uint32_t, bool> namedCores;
  for (size_t i = 0; i < threads.size(); ++i) {
    const ThreadTiming &thread = threads[i];
    uint32_t pid = pidOf(thread);
    if (!namedCores[pid]) {
      namedCores[pid] = true;
      begin();
      os << "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": " << pid
         << ", \"tid\": 0, \"args\": {\"name\": \"core (" << thread.column
         << ", " << thread.row << ")\"}}";
      begin();
      os << "{\"name\": \"process_sort_index\", \"ph\": \"M\", \"pid\": " << pid
         << ", \"tid\": 0, \"args\": {\"sort_index\": " << pid << "}}";
    }
    begin();
    os << "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": " << pid
       << ", \"tid\": " << i + 1
       << ", \"args\": {\"name\": " << quote(thread.thread) << "}}";
  }
  std::map<int32_t, bool> namedBanks;
  for (const TraceTransfer &transfer : transfers)
    if (transfer.bank >= 0 && !namedBanks[transfer.bank]) {
      namedBanks[transfer.bank] = true;
      begin();
      os << "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 0, \"tid\": "
         << transfer.bank + 1 << ", \"args\": {\"name\": \"bank "
         << transfer.bank << "\"}}";
    }
  if (!namedBanks.empty()) {
    begin();
    os << "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 0, \"tid\": "
          "0, \"args\": {\"name\": \"DRAM\"}}";
  }
  for (const TraceSlice &slice : slices) {
    const ThreadTiming &thread = threads[slice.thread];
    bool wait = slice.name.compare(0, 5, "wait ") == 0;
    bool zone = slice.name.compare(0, 5, "zone ") == 0;
    begin();
    os << "{\"name\": " << quote(slice.name) << ", \"cat\": \""
       << (wait   ? "wait"
           : zone ? "zone"
                  : "work")
       << "\", \"ph\": \"X\", \"ts\": " << ts(slice.start)
       << ", \"dur\": " << ts(slice.end - slice.start)
       << ", \"pid\": " << pidOf(thread) << ", \"tid\": " << slice.thread + 1
       << ", \"args\": {\"kernel\": " << quote(thread.kernel)
       << ", \"line\": " << slice.line << "}}";
  }
  // A transfer: a slice on its DRAM bank's track while the bank serves it
  // (banks serve one request at a time, so the slices never overlap), and
  // a flow from the issuing thread to it; a transfer between cores, an
  // async slice on the issuing thread.
  uint64_t id = 0;
  for (const TraceTransfer &transfer : transfers) {
    const ThreadTiming &thread = threads[transfer.thread];
    std::string name = std::string(transfer.bank >= 0 ? "DRAM " : "NoC ") +
                       (transfer.write ? "write " : "read ") +
                       std::to_string(transfer.bytes) + " B";
    ++id;
    uint32_t pid = pidOf(thread), tid = transfer.thread + 1;
    if (transfer.bank >= 0) {
      begin();
      os << "{\"name\": " << quote(name) << ", \"cat\": \"dram\", \"ph\": "
         << "\"X\", \"ts\": " << ts(transfer.start)
         << ", \"dur\": " << ts(transfer.serviceEnd - transfer.start)
         << ", \"pid\": 0, \"tid\": " << transfer.bank + 1
         << ", \"args\": {\"core\": \"(" << thread.column << ", " << thread.row
         << ")\", \"done\": " << ts(transfer.end) << "}}";
      // The flow starts inside the issue slice (which ends at the issue
      // time) and ends inside the bank's slice.
      begin();
      os << "{\"name\": " << quote(name) << ", \"cat\": \"noc\", \"ph\": "
         << "\"s\", \"id\": " << id << ", \"ts\": " << ts(transfer.issue - 0.5)
         << ", \"pid\": " << pid << ", \"tid\": " << tid << "}";
      begin();
      os << "{\"name\": " << quote(name) << ", \"cat\": \"noc\", \"ph\": "
         << "\"f\", \"bp\": \"e\", \"id\": " << id << ", \"ts\": "
         << ts(transfer.start + 0.5 * (transfer.serviceEnd - transfer.start))
         << ", \"pid\": 0, \"tid\": " << transfer.bank + 1 << "}";
    } else {
      begin();
      os << "{\"name\": " << quote(name) << ", \"cat\": \"noc\", \"ph\": "
         << "\"b\", \"id\": " << id << ", \"ts\": " << ts(transfer.issue)
         << ", \"pid\": " << pid << ", \"tid\": " << tid
         << ", \"args\": {\"to\": \"(" << transfer.column << ", "
         << transfer.row << ")\"}}";
      begin();
      os << "{\"name\": " << quote(name) << ", \"cat\": \"noc\", \"ph\": "
         << "\"e\", \"id\": " << id << ", \"ts\": " << ts(transfer.end)
         << ", \"pid\": " << pid << ", \"tid\": " << tid << "}";
    }
  }
  os << "\n]}\n";
  return os.str();
}
