//===- Timing.h - The emulator's timing model -------------------*- C++ -*-===//
//
// A model of how long a program would take on the device, computed from what
// the emulated kernels did (docs/timing-model.md). Every kernel thread (a
// data-movement processor, or the compute engine's unpacker, math engine and
// packer) has a clock in cycles of the board's clock; each API call advances
// it by a cost from TimingParams, and a blocking call (a CB wait or reserve,
// a NoC barrier, a DST or source-register handshake) moves the waiter to the
// time the event it waits for happened on the other thread. The timeline is
// computed after the run from a log of the calls, so it is the same on every
// host and under every scheduling of the emulator's threads.
//
// The figures are predictions of a model, never measurements.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMULATOR_TIMING_H
#define TILT_EMULATOR_TIMING_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilt {
namespace emu {

/// The costs of the timing model, in cycles of the board's clock unless
/// named otherwise. docs/timing-model.md gives the source of each value.
struct TimingParams {
  double clockGHz = 1.0;
  // Compute engine, per 32x32 tile.
  double matmulCyclesPerPhase = 16;    ///< x fidelity phases (LoFi 1, HiFi4 4)
  double eltwiseCycles = 8;            ///< FPU add / sub
  double eltwiseMulCyclesPerPhase = 8; ///< FPU mul, x fidelity phases
  double reduceCyclesPerPhase = 4;     ///< reduce_tile, x fidelity phases
  double copyCycles = 8;               ///< datacopy from SrcA to DST
  double transposeCycles = 16;
  double sfpuSimpleCycles = 128;  ///< relu, abs, add, mul, fill, max, ...
  double sfpuComplexCycles = 400; ///< exp, log, recip, sqrt, tanh, gelu, ...
  /// One unpacker, from L1 into SrcA or SrcB (the two run in parallel),
  /// and the two together.
  double unpackBytesPerCycle = 64, unpackTotalBytesPerCycle = 80;
  double packBytesPerCycle = 64; ///< the four packers together
  double unpackOverheadCycles = 8, packOverheadCycles = 8;
  double initCycles = 100;    ///< an op init, on each engine it configures
  double reconfigCycles = 70; ///< a data-format reconfiguration
  double dstHandshakeCycles = 10;
  /// A source-register bank handed from an unpacker to the matrix unit or
  /// back: a hardware bank flip, not a semaphore between TRISCs.
  double sourceHandshakeCycles = 1;
  double cbApiCycles = 10;       ///< a CB call's own work
  double cbHandshakeCycles = 20; ///< a push seen by the other kernel
  // NoC and DRAM.
  double nocBytesPerCycle = 32; ///< one core's NoC port, per direction
  double nocIssueCycles = 20;   ///< a processor issuing one transfer
  double nocHopCycles = 9;      ///< per router hop
  /// A transfer between cores: first byte, beyond the hops.
  double nocBaseLatencyCycles = 250;
  /// A DRAM transfer: request to first byte (NoC included).
  double dramLatencyCycles = 370;
  /// What one core streams from or to DRAM at most.
  double dramCoreBytesPerCycle = 22;
  /// One bank's peak (the roofline's), and the fraction of it achieved.
  double dramBankBytesPerCycle = 24;
  double dramEfficiency = 0.92;
  double maxReadsInFlight = 16, maxWritesInFlight = 16; ///< per core
  /// A multicast goes out in packets of at most nocMaxBurstBytes; each
  /// occupies the sender's port for mcastPacketCycles(n) plus its bytes at
  /// nocBytesPerCycle, where mcastPacketCycles(n) =
  /// mcastPacketCyclesPerSide x (sqrt(n) - mcastPacketSideOffset) for n
  /// destinations (at least 0): a cost that grows with the side of a
  /// square rectangle of n cores.
  double nocMaxBurstBytes = 8192;
  double mcastPacketCyclesPerSide = 40, mcastPacketSideOffset = 0.6;
  /// A local semaphore access (noc_semaphore_set, a satisfied wait's
  /// read): an L1 store or load of the data-movement processor.
  double semaphoreCycles = 4;
};

/// The model's parameters for architecture `arch` (wormhole_b0, blackhole,
/// grayskull), or null for an unknown one.
const TimingParams *getDefaultTiming(const std::string &arch);

/// Applies `name = value` lines (# comments) of `text` to `params`; returns
/// false with `error` and its 1-based `errorLine` for an unknown name or a
/// bad value.
bool applyTimingOverrides(const std::string &text, TimingParams &params,
                          unsigned &errorLine, std::string &error);

/// Every parameter as (name, value), in declaration order.
std::vector<std::pair<std::string, double>>
listTimingParams(const TimingParams &params);

/// One kernel thread's share of the timeline.
struct ThreadTiming {
  uint32_t column = 0, row = 0;
  std::string kernel; ///< the kernel's name, e.g. "reader"
  std::string thread; ///< "reader", or "compute.unpack", ".math", ".pack"
  double busyCycles = 0;
  /// Cycles waiting, by what was waited for ("cb_wait_front(cb 0)",
  /// "noc_async_read_barrier", "tile_regs_acquire", ...).
  std::map<std::string, double> blockedCycles;
  /// Busy cycles by kind of work ("matmul", "unpack", "noc issue", ...).
  std::map<std::string, double> workCycles;
  /// Cycles inside each profiler zone (DeviceZoneScopedN), by its name,
  /// summed over the zone's runs.
  std::map<std::string, double> zoneCycles;
  /// When the thread ended.
  double endCycles = 0;
};

/// Cycles spent at one line of a kernel's source, summed over cores.
struct LineTiming {
  double busyCycles = 0, blockedCycles = 0;
  /// Busy cycles by engine ("unpack", "math", "pack", or the kernel's
  /// thread for data movement).
  std::map<std::string, double> busyByThread;
};

/// A slice of the trace: a thread busy or blocked over [start, end).
struct TraceSlice {
  uint32_t thread = 0; ///< index into TimingReport::threads
  double start = 0, end = 0;
  std::string name;
  uint32_t line = 0;
};

/// A NoC or DRAM transfer of the trace.
struct TraceTransfer {
  uint32_t thread = 0; ///< the issuing thread
  /// Issued; served (by the DRAM bank) over [start, serviceEnd); done.
  double issue = 0, start = 0, serviceEnd = 0, end = 0;
  uint32_t bytes = 0;
  bool write = false;
  /// The DRAM bank, or -1 for a core's L1 (then `column`, `row`).
  int32_t bank = -1;
  uint32_t column = 0, row = 0;
};

/// What the timing model predicts for one run.
struct TimingReport {
  bool valid = false;
  std::string arch;
  double clockGHz = 1;
  /// From the first kernel's start to the last one's end.
  double cycles = 0;
  uint32_t gridCores = 0; ///< cores of the board (the roofline's machine)
  uint64_t matmulTiles = 0;
  uint64_t dramBytesRead = 0, dramBytesWritten = 0;
  /// The roofline: the math work of every tile op spread over every core
  /// of the board, and the DRAM bytes at the chip's DRAM bandwidth.
  double computeBoundCycles = 0, memoryBoundCycles = 0;
  std::vector<ThreadTiming> threads;
  /// By (kernel name, line of its source).
  std::map<std::pair<std::string, uint32_t>, LineTiming> lines;
  /// The source file of each kernel name whose instances said one.
  std::map<std::string, std::string> sources;
  /// Filled only when a trace is asked for, up to kMaxTraceRecords in all
  /// (then `traceTruncated`, and the trace says so).
  std::vector<TraceSlice> slices;
  std::vector<TraceTransfer> transfers;
  bool traceTruncated = false;
  static constexpr size_t kMaxTraceRecords = 4000000;

  double seconds() const { return cycles / (clockGHz * 1e9); }
  /// The roofline bound in cycles: the larger of the two bounds.
  double boundCycles() const {
    return computeBoundCycles > memoryBoundCycles ? computeBoundCycles
                                                  : memoryBoundCycles;
  }
  /// The profile as JSON (docs/timing-model.md has the fields).
  std::string formatJson() const;
  /// The timeline in the Chrome trace event format (Perfetto,
  /// chrome://tracing): a process per core, a thread per kernel thread,
  /// slices for work and waits, flows for transfers.
  std::string formatTrace() const;
};

} // namespace emu
} // namespace tilt

#endif // TILT_EMULATOR_TIMING_H
