//===- Timeline.cpp - Replaying kernel logs in simulated time -------------===//
//
// The timing model's simulation (docs/timing-model.md). Each stream (a
// data-movement kernel, or one of a compute kernel's unpacker, math engine
// and packer) has a clock. A stream runs its log until it must wait for
// another: a CB or internal queue operation whose page has not been pushed
// or popped yet parks it on the queue, and the push or pop that satisfies it
// puts it back with the time the page moved. Shared resources (a core's
// NoC ports, the DRAM banks) serve requests first come, first served, and
// requests are handled in the order of their issue times: a stream whose
// next event is a transfer goes back to the queue of streams unless no
// other stream is earlier. So the timeline depends only on the logs, never
// on how the host scheduled the emulator's threads.
//
//===----------------------------------------------------------------------===//

#include "Timeline.h"
#include "Noc.h"
#include "Runtime.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <queue>
#include <tuple>
#include <unordered_map>

using namespace tilt;
using namespace tilt::emu;

const char *emu::getWorkName(Work work) {
  switch (work) {
  case Work::Matmul:
    return "matmul";
  case Work::Eltwise:
    return "eltwise";
  case Work::Sfpu:
    return "sfpu";
  case Work::Copy:
    return "copy";
  case Work::Reduce:
    return "reduce";
  case Work::Transpose:
    return "transpose";
  case Work::Unpack:
    return "unpack";
  case Work::Pack:
    return "pack";
  case Work::Init:
    return "init";
  case Work::Reconfigure:
    return "reconfigure";
  case Work::Api:
    return "api";
  case Work::NocIssue:
    return "noc issue";
  case Work::Count:
    break;
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

namespace {

std::vector<TimedEvent> &getLog(KernelContext &context, Stream stream) {
  return context.timeLog[context.isCompute ? unsigned(stream) : 0];
}

} // namespace

void emu::recordBusy(KernelContext &context, Stream stream, Work work,
                     double cycles) {
  if (!(cycles > 0))
    return;
  uint32_t fixed = uint32_t(std::min(cycles * 16.0, 4.0e9));
  std::vector<TimedEvent> &log = getLog(context, stream);
  // Consecutive work of one kind at one line is one event.
  if (!log.empty()) {
    TimedEvent &last = log.back();
    if (last.kind == EventKind::Busy && last.work == work &&
        last.line == context.line && uint64_t(last.a) + fixed < 4.0e9) {
      last.a += fixed;
      return;
    }
  }
  log.push_back(
      {EventKind::Busy, uint8_t(stream), work, 0, context.line, fixed, 0});
}

void emu::recordQueue(KernelContext &context, Stream stream, EventKind kind,
                      uint32_t queue, uint32_t pages) {
  getLog(context, stream)
      .push_back(
          {kind, uint8_t(stream), Work::Api, 0, context.line, queue, pages});
}

void emu::recordNoc(KernelContext &context, EventKind kind, uint32_t bytes,
                    uint32_t target, uint8_t noc) {
  getLog(context, Stream::Unpack)
      .push_back({kind, 0, Work::NocIssue, noc, context.line, bytes, target});
}

void emu::recordSync(KernelContext &context, EventKind kind, SyncEvent event) {
  context.syncEvents.push_back(std::move(event));
  getLog(context, Stream::Unpack)
      .push_back({kind, 0, Work::NocIssue, 0, context.line,
                  uint32_t(context.syncEvents.size() - 1), 0});
}

void emu::recordSemaphoreWait(KernelContext &context,
                              std::vector<uint64_t> sources) {
  context.waitSources.push_back(std::move(sources));
  getLog(context, Stream::Unpack)
      .push_back({EventKind::SemaphoreWait, 0, Work::Api, 0, context.line,
                  uint32_t(context.waitSources.size() - 1), 0});
}

void emu::recordZone(KernelContext &context, bool begin, uint32_t zone) {
  unsigned count = context.isCompute ? 3 : 1;
  for (unsigned s = 0; s < count; ++s)
    context.timeLog[s].push_back(
        {begin ? EventKind::ZoneBegin : EventKind::ZoneEnd, uint8_t(s),
         Work::Api, 0, context.line, zone, 0});
}

double emu::getPackCycles(const TimingParams &params, DataFormat format) {
  return params.packOverheadCycles +
         getTileBytes(format) / params.packBytesPerCycle;
}

//===----------------------------------------------------------------------===//
// Simulation
//===----------------------------------------------------------------------===//

namespace {

struct Queue {
  uint32_t capacity = 0;
  uint64_t pushed = 0, popped = 0;
  /// When each page in the ring was pushed and popped (index: page
  /// sequence number modulo the capacity).
  std::vector<double> pushTime, popTime;
  std::vector<uint32_t> waiters;
};

struct CoreState {
  std::vector<Queue> queues = std::vector<Queue>(kNumQueues);
  double portIn = 0, portOut = 0; ///< when the NoC ports are next free
};

struct Transfer {
  double done = 0, flushed = 0;
};

/// Busy and blocked cycles at one kernel line.
struct LineCycles {
  double busy = 0, blocked = 0;
};

struct SimStream {
  uint32_t thread = 0;
  /// A compute kernel's math engine (its work makes the compute bound).
  bool math = false;
  CoreState *core = nullptr;
  KernelContext *context = nullptr;
  const std::vector<TimedEvent> *events = nullptr;
  size_t next = 0;
  double clock = 0;
  std::vector<Transfer> reads, writes, atomics;
  /// When this stream's last write on each channel (getChannel) reached
  /// each core: by channel << 16 | core index. Writes of one channel arrive
  /// in order (SyncClock.h).
  std::unordered_map<uint32_t, double> channelArrival;
  bool finished = false;
  /// Kept per stream while replaying and moved into the report at the end,
  /// so that the replay's hot path builds no strings.
  std::array<double, size_t(Work::Count)> work{};
  std::unordered_map<uint32_t, LineCycles> lines;
  /// The profiler zones open on this stream: zone, start, line.
  std::vector<std::tuple<uint32_t, double, uint32_t>> zones;
};

class Simulator {
public:
  Simulator(DeviceImpl &device, const std::vector<KernelContext *> &contexts,
            bool trace)
      : device(device), params(device.timing), trace(trace),
        banks(device.arch.dramBanks, 0.0) {
    report.arch = device.arch.name;
    report.clockGHz = params.clockGHz;
    report.gridCores = device.arch.gridColumns * device.arch.gridRows;
    for (KernelContext *context : contexts)
      addKernel(*context);
  }

  TimingReport run();

private:
  void addKernel(KernelContext &context);
  CoreState &getCore(const Core &core);
  /// Runs `stream` until it waits, ends, or reaches a transfer that an
  /// earlier stream must go before.
  void advance(SimStream &stream);
  /// False when the event cannot complete yet (the stream is parked).
  bool execute(SimStream &stream, const TimedEvent &event);
  bool executeQueue(SimStream &stream, const TimedEvent &event);
  void executeTransfer(SimStream &stream, const TimedEvent &event);
  /// Waits for room among `inFlight` (at most `limit` requests).
  void makeRoom(SimStream &stream, std::vector<Transfer> &inFlight,
                double limit, uint32_t line, bool write);
  /// A semaphore write or multicast: its arrival at each destination.
  void executeSyncWrite(SimStream &stream, const TimedEvent &event);
  /// False while a write the wait observed has not been replayed yet.
  bool executeSemaphoreWait(SimStream &stream, const TimedEvent &event);
  /// Records that sync event `event` reached core `core` at `time`, and
  /// wakes the waits parked on it.
  void arrive(uint64_t event, uint32_t core, double time);
  /// Moves `stream` to `time` if that is later, counting the wait under
  /// the name `describe()` gives (built only when there is a wait).
  template <typename Describe>
  void waitFor(SimStream &stream, double time, uint32_t line,
               Describe describe);
  /// Moves what the streams kept into the report.
  void fold();
  void wake(Queue &queue);
  std::string describeQueue(const TimedEvent &event) const;
  /// Whether the trace takes another record (false once it is full).
  bool keepTracing() {
    if (!trace)
      return false;
    if (report.slices.size() + report.transfers.size() <
        TimingReport::kMaxTraceRecords)
      return true;
    report.traceTruncated = true;
    return false;
  }

  DeviceImpl &device;
  const TimingParams &params;
  bool trace;
  std::map<const Core *, CoreState> cores;
  std::vector<double> banks; ///< when each DRAM bank is next free
  std::vector<SimStream> streams;
  /// When each sync event reached each core (event << 14 | core index),
  /// and the streams parked on an event not replayed yet.
  std::unordered_map<uint64_t, double> arrivals;
  std::unordered_map<uint64_t, std::vector<uint32_t>> syncWaiters;
  using Entry = std::pair<double, uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
  TimingReport report;
};

CoreState &Simulator::getCore(const Core &core) {
  auto [it, inserted] = cores.try_emplace(&core);
  if (inserted)
    for (uint32_t index = 0; index < 32; ++index) {
      const CircularBuffer &cb = core.cbs[index];
      Queue &queue = it->second.queues[index];
      queue.capacity = cb.configured ? cb.config.numPages : 0;
    }
  return it->second;
}

void Simulator::addKernel(KernelContext &context) {
  CoreState &core = getCore(*context.core);
  report.dramBytesRead += context.counters.dramBytesRead;
  report.dramBytesWritten += context.counters.dramBytesWritten;
  report.matmulTiles += context.counters.tileOps[size_t(TileOp::Matmul)];
  unsigned count = context.isCompute ? 3 : 1;
  if (context.isCompute) {
    core.queues[kSourceQueue].capacity = 2;
    core.queues[kDstQueue].capacity = context.instance->dstFullSync ? 1 : 2;
  }
  static const char *const engines[] = {".unpack", ".math", ".pack"};
  for (unsigned s = 0; s < count; ++s) {
    ThreadTiming thread;
    thread.column = context.core->column;
    thread.row = context.core->row;
    thread.kernel = context.instance->name;
    if (!context.instance->source.empty())
      report.sources[thread.kernel] = context.instance->source;
    thread.thread =
        context.instance->name + (context.isCompute ? engines[s] : "");
    SimStream stream;
    stream.thread = uint32_t(report.threads.size());
    stream.math = context.isCompute && s == unsigned(Stream::Math);
    stream.core = &core;
    stream.context = &context;
    stream.events = &context.timeLog[s];
    report.threads.push_back(std::move(thread));
    streams.push_back(std::move(stream));
  }
}

std::string Simulator::describeQueue(const TimedEvent &event) const {
  switch (event.a) {
  case kSourceQueue:
    return event.kind == EventKind::Reserve ? "source registers (math)"
                                            : "source registers (unpack)";
  case kDstQueue:
    return event.kind == EventKind::Reserve ? "tile_regs_acquire"
                                            : "tile_regs_wait";
  default:
    break;
  }
  const char *function = event.kind == EventKind::Reserve ? "cb_reserve_back"
                         : event.kind == EventKind::Wait  ? "cb_wait_front"
                         : event.kind == EventKind::Push  ? "cb_push_back"
                                                          : "cb_pop_front";
  return std::string(function) + "(" + getCBText(event.a) + ")";
}

template <typename Describe>
void Simulator::waitFor(SimStream &stream, double time, uint32_t line,
                        Describe describe) {
  if (!(time > stream.clock))
    return;
  double cycles = time - stream.clock;
  std::string what = describe();
  report.threads[stream.thread].blockedCycles[what] += cycles;
  stream.lines[line].blocked += cycles;
  if (keepTracing())
    report.slices.push_back(
        {stream.thread, stream.clock, time, "wait " + what, line});
  stream.clock = time;
}

void Simulator::wake(Queue &queue) {
  for (uint32_t id : queue.waiters)
    ready.push({streams[id].clock, id});
  queue.waiters.clear();
}

bool Simulator::executeQueue(SimStream &stream, const TimedEvent &event) {
  Queue &queue = stream.core->queues[event.a];
  uint32_t pages = event.b;
  uint32_t capacity = queue.capacity;
  if (!capacity || pages > capacity)
    return true; // the run checked the protocol; nothing to time
  // The source registers are handed over by the hardware (SrcA and SrcB
  // have two banks each, their owner flipped by the unpacker and the
  // matrix unit: tt-isa-documentation SrcASrcB.md); DST sections and CB
  // pages by the TRISCs' semaphores and stream registers.
  double handshake = event.a == kSourceQueue ? params.sourceHandshakeCycles
                     : event.a == kDstQueue  ? params.dstHandshakeCycles
                                             : params.cbHandshakeCycles;
  auto index = [capacity](uint64_t page) { return size_t(page % capacity); };
  if (queue.pushTime.empty()) {
    queue.pushTime.assign(capacity, 0.0);
    queue.popTime.assign(capacity, 0.0);
  }
  // The producer's side counts pushes, the consumer's pops; a reserve waits
  // for the other side's pops, a wait for its pushes.
  bool producer =
      event.kind == EventKind::Reserve || event.kind == EventKind::Push;
  uint64_t &mine = producer ? queue.pushed : queue.popped;
  uint64_t theirs = producer ? queue.popped : queue.pushed;
  if (event.kind == EventKind::Push || event.kind == EventKind::Pop) {
    std::vector<double> &times = producer ? queue.pushTime : queue.popTime;
    for (uint32_t i = 0; i < pages; ++i)
      times[index(mine + i)] = stream.clock + handshake;
    mine += pages;
    wake(queue);
    return true;
  }
  // The other side's page count this needs: a reserve needs the pops that
  // free `pages` slots, a wait the pushes that fill them.
  uint64_t free = producer ? capacity : 0;
  if (mine + pages <= free)
    return true;
  uint64_t needed = mine + pages - free;
  if (theirs < needed) {
    queue.waiters.push_back(uint32_t(&stream - streams.data()));
    return false;
  }
  const std::vector<double> &times = producer ? queue.popTime : queue.pushTime;
  waitFor(stream, times[index(needed - 1)], event.line,
          [&] { return describeQueue(event); });
  return true;
}

void Simulator::makeRoom(SimStream &stream, std::vector<Transfer> &inFlight,
                         double limit, uint32_t line, bool write) {
  // Requests in flight are limited: wait for the earliest to end.
  auto byDone = [](const Transfer &x, const Transfer &y) {
    return x.done < y.done;
  };
  inFlight.erase(std::remove_if(inFlight.begin(), inFlight.end(),
                                [&](const Transfer &transfer) {
                                  return transfer.done <= stream.clock;
                                }),
                 inFlight.end());
  if (uint32_t(limit) && inFlight.size() >= uint32_t(limit)) {
    auto earliest = std::min_element(inFlight.begin(), inFlight.end(), byDone);
    waitFor(stream, earliest->done, line, [write] {
      return write ? "NoC writes in flight" : "NoC reads in flight";
    });
    inFlight.erase(earliest);
  }
}

void Simulator::executeTransfer(SimStream &stream, const TimedEvent &event) {
  bool write = event.kind == EventKind::NocWrite;
  std::vector<Transfer> &inFlight = write ? stream.writes : stream.reads;
  makeRoom(stream, inFlight,
           write ? params.maxWritesInFlight : params.maxReadsInFlight,
           event.line, write);
  double issue = stream.clock;
  double bytes = event.a;
  double onLink = bytes / params.nocBytesPerCycle;
  const Core &self = *stream.context->core;
  Transfer transfer;
  TraceTransfer record;
  record.thread = stream.thread;
  record.issue = issue;
  record.bytes = event.a;
  record.write = write;
  double end = 0, serviceEnd = 0;
  if (event.b & 0x80000000u) {
    uint32_t bank = event.b & 0x7fffffffu;
    double &bankFree = banks[bank % banks.size()];
    double bankStart = std::max(issue, bankFree);
    bankFree = bankStart +
               bytes / (params.dramBankBytesPerCycle * params.dramEfficiency);
    serviceEnd = bankFree;
    record.bank = int32_t(bank);
    // The core's port streams DRAM data at its DRAM rate at most.
    double &port = write ? stream.core->portOut : stream.core->portIn;
    port =
        std::max(issue, port) +
        bytes / std::min(params.nocBytesPerCycle, params.dramCoreBytesPerCycle);
    end = std::max(port, serviceEnd) + params.dramLatencyCycles;
    transfer.flushed = write ? port : end;
    record.start = bankStart;
  } else {
    uint32_t column = event.b >> 16, row = event.b & 0xffff;
    record.column = column;
    record.row = row;
    const Core *other = device.getCore(column, row);
    CoreState *remote = other ? &getCore(*other) : stream.core;
    // The data's path on the transfer's NoC: from this core for a write,
    // back from the other core for a read (Noc.h).
    LogicalCore here{self.column, self.row}, there{column, row};
    double hops = other ? countUnicastHops(device.arch, write ? here : there,
                                           write ? there : here, event.reserved)
                        : 0;
    double latency = params.nocBaseLatencyCycles + hops * params.nocHopCycles;
    // A read takes the remote core's outbound port and this one's
    // inbound; a write the other way round.
    double &from = write ? stream.core->portOut : remote->portOut;
    double &to = write ? remote->portIn : stream.core->portIn;
    double fromStart = std::max(issue, from);
    from = fromStart + onLink;
    double toStart = std::max(issue, to);
    to = toStart + onLink;
    end = std::max(from, to) + latency;
    transfer.flushed = write ? from : end;
    record.start = std::min(fromStart, toStart);
    if (write && other) {
      // Later writes of this channel to that core arrive after it.
      double &last =
          stream.channelArrival[uint32_t(getChannel(event.reserved, false))
                                    << 16 |
                                (row * device.arch.gridColumns + column)];
      end = std::max(end, last);
      last = end;
    }
  }
  transfer.done = end;
  inFlight.push_back(transfer);
  if (keepTracing()) {
    record.serviceEnd = serviceEnd;
    record.end = end;
    report.transfers.push_back(record);
  }
}

void Simulator::arrive(uint64_t event, uint32_t core, double time) {
  arrivals[event << 14 | core] = time;
  auto waiting = syncWaiters.find(event);
  if (waiting == syncWaiters.end())
    return;
  for (uint32_t id : waiting->second)
    ready.push({streams[id].clock, id});
  syncWaiters.erase(waiting);
}

void Simulator::executeSyncWrite(SimStream &stream, const TimedEvent &event) {
  const SyncEvent &sync = stream.context->syncEvents[event.a];
  std::vector<Transfer> &inFlight =
      sync.atomic ? stream.atomics : stream.writes;
  makeRoom(stream, inFlight, params.maxWritesInFlight, event.line, true);
  // The sender's port serves the data once, however many destinations;
  // each destination's port takes it, and it arrives after the latency of
  // its path through the multicast tree, never before the same channel's
  // earlier writes there. A multicast costs the sender more the more
  // destinations it has: per packet (nocMaxBurstBytes), a time that grows
  // with the square root of their number (docs/timing-model.md: fitted to
  // tt-metal's one-to-all multicast measurements).
  double issue = stream.clock;
  double onLink = sync.bytes / params.nocBytesPerCycle;
  double occupancy = onLink;
  bool multicast = (sync.channel & 1) != 0;
  if (multicast && !sync.destinations.empty()) {
    double packets =
        std::max(1.0, std::ceil(sync.bytes / params.nocMaxBurstBytes));
    double perPacket =
        std::max(0.0, params.mcastPacketCyclesPerSide *
                          (std::sqrt(double(sync.destinations.size())) -
                           params.mcastPacketSideOffset));
    occupancy += packets * perPacket;
  }
  double from = std::max(issue, stream.core->portOut) + occupancy;
  stream.core->portOut = from;
  Transfer transfer;
  transfer.flushed = from;
  transfer.done = from;
  for (size_t i = 0; i < sync.destinations.size(); ++i) {
    uint32_t index = sync.destinations[i];
    CoreState &remote = getCore(*device.cores[index]);
    double to = std::max(issue, remote.portIn) + onLink;
    remote.portIn = to;
    double arrival = std::max(from, to) + params.nocBaseLatencyCycles +
                     sync.hops[i] * params.nocHopCycles;
    double &last = stream.channelArrival[uint32_t(sync.channel) << 16 | index];
    arrival = std::max(arrival, last);
    last = arrival;
    transfer.done = std::max(transfer.done, arrival);
    if (sync.event)
      arrive(sync.event, index, arrival);
  }
  inFlight.push_back(transfer);
  if (keepTracing() && !sync.destinations.empty()) {
    const Core &first = *device.cores[sync.destinations.front()];
    TraceTransfer record;
    record.thread = stream.thread;
    record.issue = record.start = issue;
    record.end = transfer.done;
    record.bytes = sync.bytes;
    record.write = true;
    record.column = first.column;
    record.row = first.row;
    report.transfers.push_back(record);
  }
}

bool Simulator::executeSemaphoreWait(SimStream &stream,
                                     const TimedEvent &event) {
  const std::vector<uint64_t> &sources = stream.context->waitSources[event.a];
  uint32_t core = stream.context->core->index;
  double until = stream.clock;
  for (uint64_t source : sources) {
    auto arrival = arrivals.find(source << 14 | core);
    if (arrival == arrivals.end()) {
      syncWaiters[source].push_back(uint32_t(&stream - streams.data()));
      return false;
    }
    until = std::max(until, arrival->second);
  }
  waitFor(stream, until, event.line, [] { return "noc_semaphore_wait"; });
  return true;
}

bool Simulator::execute(SimStream &stream, const TimedEvent &event) {
  ThreadTiming &thread = report.threads[stream.thread];
  switch (event.kind) {
  case EventKind::Busy: {
    double cycles = event.a / 16.0;
    if (keepTracing()) {
      const char *name = getWorkName(event.work);
      TraceSlice *last =
          report.slices.empty() ? nullptr : &report.slices.back();
      if (last && last->thread == stream.thread && last->line == event.line &&
          last->end == stream.clock && last->name == name)
        last->end += cycles;
      else
        report.slices.push_back({stream.thread, stream.clock,
                                 stream.clock + cycles, name, event.line});
    }
    stream.clock += cycles;
    thread.busyCycles += cycles;
    stream.work[size_t(event.work)] += cycles;
    stream.lines[event.line].busy += cycles;
    return true;
  }
  case EventKind::Reserve:
  case EventKind::Push:
  case EventKind::Wait:
  case EventKind::Pop:
    return executeQueue(stream, event);
  case EventKind::NocRead:
  case EventKind::NocWrite:
    executeTransfer(stream, event);
    return true;
  case EventKind::ReadBarrier:
  case EventKind::WriteBarrier:
  case EventKind::WritesFlushed: {
    bool reads = event.kind == EventKind::ReadBarrier;
    std::vector<Transfer> &inFlight = reads ? stream.reads : stream.writes;
    double until = stream.clock;
    for (const Transfer &transfer : inFlight)
      until = std::max(until, event.kind == EventKind::WritesFlushed
                                  ? transfer.flushed
                                  : transfer.done);
    waitFor(stream, until, event.line, [&] {
      return reads ? "noc_async_read_barrier"
             : event.kind == EventKind::WriteBarrier
                 ? "noc_async_write_barrier"
                 : "noc_async_writes_flushed";
    });
    if (event.kind != EventKind::WritesFlushed)
      inFlight.clear();
    return true;
  }
  case EventKind::SemaphoreSet: {
    const SyncEvent &sync = stream.context->syncEvents[event.a];
    arrive(sync.event, stream.context->core->index, stream.clock);
    return true;
  }
  case EventKind::SyncWrite:
    executeSyncWrite(stream, event);
    return true;
  case EventKind::SemaphoreWait:
    return executeSemaphoreWait(stream, event);
  case EventKind::AtomicBarrier: {
    double until = stream.clock;
    for (const Transfer &transfer : stream.atomics)
      until = std::max(until, transfer.done);
    waitFor(stream, until, event.line,
            [] { return "noc_async_atomic_barrier"; });
    stream.atomics.clear();
    return true;
  }
  case EventKind::ZoneBegin:
    stream.zones.push_back({event.a, stream.clock, event.line});
    return true;
  case EventKind::ZoneEnd: {
    // Zones are scopes, so the one that ends is the innermost open one.
    if (stream.zones.empty())
      return true;
    auto [zone, start, line] = stream.zones.back();
    stream.zones.pop_back();
    const std::string &name = stream.context->zoneNames[zone];
    thread.zoneCycles[name] += stream.clock - start;
    if (keepTracing())
      report.slices.push_back(
          {stream.thread, start, stream.clock, "zone " + name, line});
    return true;
  }
  }
  return true;
}

void Simulator::advance(SimStream &stream) {
  const std::vector<TimedEvent> &events = *stream.events;
  uint32_t id = uint32_t(&stream - streams.data());
  while (stream.next < events.size()) {
    const TimedEvent &event = events[stream.next];
    bool transfer = event.kind == EventKind::NocRead ||
                    event.kind == EventKind::NocWrite ||
                    event.kind == EventKind::SyncWrite;
    if (transfer && !ready.empty() && ready.top().first < stream.clock) {
      ready.push({stream.clock, id});
      return;
    }
    if (!execute(stream, event))
      return;
    ++stream.next;
  }
  stream.finished = true;
  report.threads[stream.thread].endCycles = stream.clock;
}

void Simulator::fold() {
  for (SimStream &stream : streams) {
    ThreadTiming &thread = report.threads[stream.thread];
    for (size_t work = 0; work < size_t(Work::Count); ++work)
      if (stream.work[work] > 0)
        thread.workCycles[getWorkName(Work(work))] = stream.work[work];
    for (const auto &[number, cycles] : stream.lines) {
      LineTiming &line = report.lines[{thread.kernel, number}];
      line.busyCycles += cycles.busy;
      line.blockedCycles += cycles.blocked;
      if (cycles.busy > 0)
        line.busyByThread[thread.thread] += cycles.busy;
    }
  }
}

TimingReport Simulator::run() {
  for (uint32_t id = 0; id < streams.size(); ++id)
    ready.push({0.0, id});
  while (!ready.empty()) {
    uint32_t id = ready.top().second;
    ready.pop();
    if (!streams[id].finished)
      advance(streams[id]);
  }
  report.valid = true;
  // The roofline's compute side: the tile ops' math work (not inits,
  // reconfigurations or handshakes).
  double math = 0;
  for (const SimStream &stream : streams) {
    // A stream left parked means the logs disagree with the run, which
    // checked the protocol: no prediction rather than a wrong one.
    if (!stream.finished)
      report.valid = false;
    report.cycles = std::max(report.cycles, stream.clock);
    if (stream.math)
      for (Work work : {Work::Matmul, Work::Eltwise, Work::Sfpu, Work::Copy,
                        Work::Reduce, Work::Transpose})
        math += stream.work[size_t(work)];
  }
  fold();
  report.computeBoundCycles = report.gridCores ? math / report.gridCores : 0;
  double dramBandwidth = params.dramBankBytesPerCycle * banks.size();
  report.memoryBoundCycles =
      dramBandwidth > 0
          ? double(report.dramBytesRead + report.dramBytesWritten) /
                dramBandwidth
          : 0;
  return std::move(report);
}

} // namespace

TimingReport emu::simulateTimeline(DeviceImpl &device,
                                   const std::vector<KernelContext *> &contexts,
                                   bool trace) {
  Simulator simulator(device, contexts, trace);
  return simulator.run();
}
