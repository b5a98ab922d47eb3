//===- SemaphoreTest.cpp - Semaphores, multicast, NoC coordinates ---------===//
//
// Kernels as lambdas on several cores of an n150: semaphore set, increment
// and wait; multicast data and semaphores; the NoC coordinate, direction
// and destination-count rules; a semaphore deadlock; tt-metal's in0
// multicast protocol (reader_bmm_tile_layout_in0_sender_padding.cpp and
// _receiver.cpp, reduced to one page per block) passing, and failing
// without either of its waits; the timing of a wait; the host API.
//
//===----------------------------------------------------------------------===//

#include "api/compute/common.h"
#include "api/dataflow/dataflow_api.h"
#include "tilt/Emulator/Emulator.h"
#include "tt-metalium/distributed.hpp"

#include "gtest/gtest.h"

using namespace tilt::emu;

namespace {

constexpr uint32_t kPage = 2048;

KernelInstance kernel(const std::string &name, uint32_t column, uint32_t row,
                      std::function<void()> entry, uint8_t noc = 0) {
  KernelInstance instance;
  instance.name = name;
  instance.role = name == "compute" ? "compute" : "data_movement";
  instance.column = column;
  instance.row = row;
  instance.noc = noc;
  instance.entry = std::move(entry);
  return instance;
}

Device makeDevice() { return Device(*getBoardInfo("n150")); }

/// NoC coordinates of logical core (column, row).
std::pair<uint32_t, uint32_t> nocOf(const Device &device, uint32_t column,
                                    uint32_t row) {
  uint32_t x = 0, y = 0;
  EXPECT_TRUE(device.getWorkerNocCoord(column, row, x, y));
  return {x, y};
}

void createSemaphore(Device &device, uint32_t column, uint32_t row, uint32_t id,
                     uint32_t value = 0) {
  std::string error;
  ASSERT_TRUE(device.configureSemaphore(column, row, id, value, error))
      << error;
}

void configureCB(Device &device, uint32_t column, uint32_t row, uint32_t index,
                 uint32_t pages) {
  std::string error;
  ASSERT_TRUE(device.configureCB(
      column, row, {index, tilt::emu::DataFormat::Float16_b, kPage, pages},
      error))
      << error;
}

volatile uint32_t *pointerTo(uint32_t address) {
  return reinterpret_cast<volatile uint32_t *>(uintptr_t(address));
}

#define EXPECT_ERROR(report, text)                                             \
  do {                                                                         \
    EXPECT_FALSE((report).ok);                                                 \
    EXPECT_NE((report).error.find(text), std::string::npos) << (report).error; \
  } while (0)

TEST(SemaphoreTest, KernelsAndHostAgreeOnNocCoordinates) {
  Device device = makeDevice();
  // Wormhole's translated space starts the workers at (18, 18).
  EXPECT_EQ(nocOf(device, 0, 0), std::make_pair(18u, 18u));
  EXPECT_EQ(nocOf(device, 3, 2), std::make_pair(21u, 20u));
  Device blackhole(*getBoardInfo("p150"));
  // Blackhole: the NoC 0 position; column 7 is past the DRAM columns.
  EXPECT_EQ(nocOf(blackhole, 0, 0), std::make_pair(1u, 2u));
  EXPECT_EQ(nocOf(blackhole, 7, 1), std::make_pair(10u, 3u));

  auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
  tt::tt_metal::CoreCoord noc =
      mesh->worker_core_from_logical_core(tt::tt_metal::CoreCoord(1, 0));
  EXPECT_EQ(noc.x, 19u);
  EXPECT_EQ(noc.y, 18u);
}

TEST(SemaphoreTest, CreateSemaphoreTakesTheLowestFreeId) {
  using namespace tt::tt_metal;
  Program program = CreateProgram();
  CoreRange pair(CoreCoord(0, 0), CoreCoord(1, 0));
  EXPECT_EQ(CreateSemaphore(program, pair, 0), 0u);
  EXPECT_EQ(CreateSemaphore(program, pair, 0), 1u);
  EXPECT_EQ(CreateSemaphore(program, CoreRange(CoreCoord(2, 0)), 0), 0u);
  // Per range the lowest id free there, the largest over the ranges.
  CoreRangeSet both(std::vector<CoreRange>{CoreRange(CoreCoord(2, 0)),
                                           CoreRange(CoreCoord(3, 0))});
  EXPECT_EQ(CreateSemaphore(program, both, 0), 1u);
}

TEST(SemaphoreTest, SetIncrementAndWait) {
  Device device = makeDevice();
  createSemaphore(device, 0, 0, 0);
  createSemaphore(device, 1, 0, 0);
  createSemaphore(device, 1, 0, 1, 7);
  auto [x, y] = nocOf(device, 1, 0);
  auto home = nocOf(device, 0, 0);
  uint32_t seen = 0, initial = 0;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("incrementer", 0, 0, [x = x, y = y] {
    uint64_t remote = get_noc_addr(x, y, get_semaphore(0));
    noc_semaphore_inc(remote, 1);
    noc_semaphore_inc(remote, 2);
    // Then waits for the other core's answer on its own semaphore.
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 5);
    noc_async_atomic_barrier();
  }));
  kernels.push_back(kernel("waiter", 1, 0, [&seen, &initial, home] {
    volatile uint32_t *mine = pointerTo(get_semaphore(0));
    initial = *pointerTo(get_semaphore(1));
    noc_semaphore_wait_min(mine, 2);
    noc_semaphore_wait(mine, 3);
    seen = *mine;
    // Answers: a local value sent to the other core.
    noc_semaphore_set(mine, 5);
    noc_semaphore_set_remote(
        get_semaphore(0),
        get_noc_addr(home.first, home.second, get_semaphore(0)));
    noc_async_write_barrier();
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(seen, 3u);
  EXPECT_EQ(initial, 7u);
  // 2 increments and a wait; 2 waits, a set, a remote set.
  EXPECT_EQ(report.total().semaphoreOps, 7u);
  EXPECT_TRUE(report.timing.valid);
}

TEST(SemaphoreTest, AnUnknownSemaphoreIsAnError) {
  Device device = makeDevice();
  createSemaphore(device, 0, 0, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", 0, 0, [] { get_semaphore(3); }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_ERROR(report, "get_semaphore(3): the host created no semaphore 3 on "
                       "this core");
}

TEST(SemaphoreTest, ASemaphoreDeadlockIsReported) {
  Device device = makeDevice();
  createSemaphore(device, 0, 0, 0);
  createSemaphore(device, 0, 0, 1);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("receiver", 0, 0, [] {
    noc_semaphore_set(pointerTo(get_semaphore(1)), 2);
    noc_semaphore_wait(pointerTo(get_semaphore(1)), 1);
  }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_ERROR(report, "deadlock: every kernel is blocked");
  EXPECT_ERROR(report, "core (0, 0) receiver is blocked in noc_semaphore_wait("
                       "semaphore 1 (L1 0x");
  EXPECT_ERROR(report, "semaphore 1 (L1 0x");
  EXPECT_ERROR(report, "holds 2, the wait needs 1");
}

TEST(SemaphoreTest, LogicalCoordinatesDoNotNameACore) {
  Device device = makeDevice();
  createSemaphore(device, 0, 0, 0);
  createSemaphore(device, 1, 0, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("sender", 0, 0, [] {
    noc_semaphore_inc(get_noc_addr(1, 0, get_semaphore(0)), 1);
  }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_ERROR(report, "noc_semaphore_inc: no Tensix core at NoC (1, 0) (an "
                       "Ethernet tile): kernels address cores by NoC "
                       "coordinates, which the host gets with "
                       "worker_core_from_logical_core; logical core (1, 0) "
                       "is at NoC (19, 18)");
}

/// Core (0, 0) multicasts a page of raw L1 and then a semaphore to cores
/// (1..3, 0) on `noc`; each receiver waits for the semaphore and reads the
/// page. `reversed` starts the rectangle at its right end.
RunReport multicastRaw(Device &device, uint8_t noc, bool reversed,
                       uint32_t numDests, std::vector<uint32_t> *seen) {
  for (uint32_t column = 0; column < 4; ++column) {
    configureCB(device, column, 0, 0, 1);
    createSemaphore(device, column, 0, 0);
  }
  auto first = nocOf(device, 1, 0), last = nocOf(device, 3, 0);
  if (reversed)
    std::swap(first, last);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel(
      "sender", 0, 0,
      [=] {
        // A scratch area past the CBs, the same on every core.
        uint32_t scratch = get_write_ptr(0) + 64 * 1024;
        uint32_t *data = reinterpret_cast<uint32_t *>(uintptr_t(scratch));
        for (uint32_t i = 0; i < kPage / 4; ++i)
          data[i] = 1000 + i;
        uint64_t rectangle = get_noc_multicast_addr(first.first, first.second,
                                                    last.first, last.second, 0);
        noc_async_write_multicast(scratch, rectangle | scratch, kPage,
                                  numDests);
        uint32_t flag = get_semaphore(0);
        *pointerTo(flag) = 1;
        noc_semaphore_set_multicast(flag, rectangle | flag, numDests);
        noc_async_write_barrier();
      },
      noc));
  for (uint32_t column = 1; column < 4; ++column)
    kernels.push_back(kernel("receiver", column, 0, [seen, column] {
      noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
      uint32_t scratch = get_write_ptr(0) + 64 * 1024;
      if (seen)
        (*seen)[column] =
            reinterpret_cast<const uint32_t *>(uintptr_t(scratch))[7];
    }));
  return device.run(std::move(kernels));
}

TEST(SemaphoreTest, AMulticastLandsOnEveryCoreOfItsRectangle) {
  Device device = makeDevice();
  std::vector<uint32_t> seen(4, 0);
  RunReport report = multicastRaw(device, 0, false, 3, &seen);
  ASSERT_TRUE(report.ok) << report.error;
  for (uint32_t column = 1; column < 4; ++column)
    EXPECT_EQ(seen[column], 1007u) << "core " << column;
  CoreCounters sender = report.cores.at({0, 0});
  EXPECT_EQ(sender.multicastWrites, 1u);
  EXPECT_EQ(sender.semaphoreOps, 1u);
  // NoC 0 from (1, 1) to the rectangle (2..4, 1): one link to its first
  // column, two along the row; for the data and for the semaphore.
  EXPECT_EQ(sender.nocLinks, 6u);
  EXPECT_TRUE(report.timing.valid);
}

TEST(SemaphoreTest, NocOneMulticastsRunLeftwards) {
  // On NoC 1 the start is the right end: the sender swaps the corners, as
  // tt-metal's mcast matmul host does.
  Device device = makeDevice();
  std::vector<uint32_t> seen(4, 0);
  RunReport report = multicastRaw(device, 1, true, 3, &seen);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(seen[3], 1007u);
  // NoC 1 from (1, 1) wraps leftwards to column 4, then along to 2: 7 + 2.
  EXPECT_EQ(report.cores.at({0, 0}).nocLinks, 18u);

  Device wrong = makeDevice();
  report = multicastRaw(wrong, 1, false, 3, nullptr);
  EXPECT_ERROR(report, "noc_async_write_multicast on NoC 1: the rectangle from "
                       "NoC (19, 18) to (21, 18) runs against the NoC's "
                       "direction");
  Device backwards = makeDevice();
  report = multicastRaw(backwards, 0, true, 3, nullptr);
  EXPECT_ERROR(report, "on NoC 0: the rectangle from NoC (21, 18) to (19, 18) "
                       "runs against the NoC's direction");
}

TEST(SemaphoreTest, NumDestsMustCountTheRectangle) {
  Device device = makeDevice();
  RunReport report = multicastRaw(device, 0, false, 2, nullptr);
  EXPECT_ERROR(report, "noc_async_write_multicast: num_dests is 2, but the "
                       "rectangle from NoC (19, 18) to (21, 18) holds 3 cores");
}

TEST(SemaphoreTest, ARectangleCoversWorkersOnly) {
  Device device = makeDevice();
  createSemaphore(device, 0, 0, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("sender", 0, 0, [] {
    uint32_t flag = get_semaphore(0);
    // Row 16 of the translated space holds Ethernet tiles.
    noc_semaphore_set_multicast(
        flag, get_noc_multicast_addr(19, 16, 19, 18, flag), 3);
  }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_ERROR(report, "includes NoC (19, 16), an Ethernet tile: a multicast "
                       "may only cover Tensix workers");

  // Without loopback, a sender in the rectangle is not a destination.
  Device self = makeDevice();
  createSemaphore(self, 0, 0, 0);
  kernels.clear();
  kernels.push_back(kernel("sender", 0, 0, [] {
    uint32_t flag = get_semaphore(0);
    noc_semaphore_set_multicast(
        flag, get_noc_multicast_addr(18, 18, 19, 18, flag), 2);
  }));
  report = self.run(std::move(kernels));
  EXPECT_ERROR(report, "num_dests is 2, but the rectangle from NoC (18, 18) to "
                       "(19, 18) holds 1 cores besides the sender");
}

TEST(SemaphoreTest, TheOlderMulticastSignatureTakesAPathReservation) {
  // (..., linked, multicast_path_reserve): the sixth argument is not the
  // NoC (NoC 1 would run this rectangle against its direction).
  Device device = makeDevice();
  for (uint32_t column : {0u, 1u})
    createSemaphore(device, column, 0, 0);
  configureCB(device, 0, 0, 0, 1);
  uint32_t received = 0;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("sender", 0, 0, [] {
    uint32_t source = get_write_ptr(0);
    *pointerTo(source) = 3;
    uint64_t row = get_noc_multicast_addr(19, 18, 19, 18, get_write_ptr(0));
    noc_async_write_multicast(source, row, 4, 1, false, true);
    noc_semaphore_set_multicast(
        source, get_noc_multicast_addr(19, 18, 19, 18, get_semaphore(0)), 1,
        false, true);
    noc_async_write_barrier();
  }));
  kernels.push_back(kernel("receiver", 1, 0, [&received] {
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 3);
    received = *pointerTo(get_semaphore(0));
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(received, 3u);
}

TEST(SemaphoreTest, ZeroPageCBCallsAreNoOps) {
  // tt-metal's CB calls of zero pages wait for nothing and move nothing.
  Device device = makeDevice();
  configureCB(device, 0, 0, 0, 1);
  uint32_t got = 0;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("producer", 0, 0, [] {
    cb_reserve_back(0, 0);
    cb_push_back(0, 0);
    cb_reserve_back(0, 1);
    *pointerTo(get_write_ptr(0)) = 42;
    cb_push_back(0, 1);
    cb_reserve_back(0, 0);
    cb_push_back(0, 0);
  }));
  kernels.push_back(kernel("consumer", 0, 0, [&got] {
    cb_wait_front(0, 0);
    cb_pop_front(0, 0);
    cb_wait_front(0, 1);
    got = *pointerTo(get_read_ptr(0));
    cb_pop_front(0, 1);
    cb_pop_front(0, 0);
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(got, 42u);

  Device negative = makeDevice();
  configureCB(negative, 0, 0, 0, 1);
  kernels.clear();
  kernels.push_back(kernel("producer", 0, 0, [] { cb_reserve_back(0, -1); }));
  report = negative.run(std::move(kernels));
  EXPECT_ERROR(report, "cb_reserve_back(cb 0, -1): a negative page count");
}

TEST(SemaphoreTest, ASenderInItsRectangleGetsNothingWithoutLoopback) {
  // tt-metal's mcast matmul readers multicast to their whole row, their
  // own core included, with num_dests leaving it out: the hardware does
  // not write the sender without NOC_CMD_BRCST_SRC_INCLUDE.
  for (bool loopback : {false, true}) {
    Device device = makeDevice();
    for (uint32_t column : {0u, 1u, 2u})
      createSemaphore(device, column, 0, 0);
    configureCB(device, 0, 0, 0, 1);
    uint32_t ownFlag = 99, received[2] = {0, 0};
    std::vector<KernelInstance> kernels;
    kernels.push_back(kernel("sender", 0, 0, [&ownFlag, loopback] {
      uint32_t flag = get_semaphore(0);
      uint32_t source = get_write_ptr(0);
      *pointerTo(source) = 7;
      uint64_t row = get_noc_multicast_addr(18, 18, 20, 18, flag);
      if (loopback)
        noc_semaphore_set_multicast_loopback_src(source, row, 3);
      else
        noc_semaphore_set_multicast(source, row, 2);
      noc_async_write_barrier();
      ownFlag = *pointerTo(flag);
    }));
    for (uint32_t column : {1u, 2u})
      kernels.push_back(kernel("receiver", column, 0, [&received, column] {
        volatile uint32_t *flag = pointerTo(get_semaphore(0));
        noc_semaphore_wait(flag, 7);
        received[column - 1] = *flag;
      }));
    RunReport report = device.run(std::move(kernels));
    ASSERT_TRUE(report.ok) << report.error;
    EXPECT_EQ(received[0], 7u);
    EXPECT_EQ(received[1], 7u);
    EXPECT_EQ(ownFlag, loopback ? 7u : 0u) << "loopback " << loopback;
  }
}

TEST(SemaphoreTest, AWriteSourceChangesOnlyAfterAFlush) {
  Device device = makeDevice();
  configureCB(device, 0, 0, 0, 1);
  uint32_t dram = device.allocateDram(kPage, kPage);
  auto [x, y] = nocOf(device, 1, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("writer", 0, 0, [x = x, y = y, dram] {
    uint32_t page = get_write_ptr(0);
    noc_async_write(page, get_noc_addr(x, y, page + 64 * 1024), kPage);
    InterleavedAddrGen<true> pages{dram, kPage};
    noc_async_read(pages.get_noc_addr(0), page, kPage);
  }));
  RunReport report = device.run(std::move(kernels));
  EXPECT_ERROR(report, "noc_async_read overwrites L1 0x");
  EXPECT_ERROR(report, "while core (0, 0) writer's noc_async_write (line");
  EXPECT_ERROR(report, "the source of a NoC write may change only after "
                       "noc_async_writes_flushed");
}

//===----------------------------------------------------------------------===//
// tt-metal's in0 multicast protocol
//===----------------------------------------------------------------------===//

enum class Broken { None, ReceiverWait, SenderWait };

/// reader_bmm_tile_layout_in0_sender_padding.cpp on core (0, 0) and
/// reader_bmm_tile_layout_in0_receiver.cpp on cores (1..2, 0), one page per
/// block through a double-buffered CB 0; a consumer on every core checks
/// each block. Semaphore 0 counts ready receivers on the sender, semaphore
/// 1 is each receiver's VALID flag.
RunReport runIn0Protocol(Device &device, Broken broken, uint32_t blocks,
                         std::vector<uint32_t> *bad = nullptr) {
  constexpr uint32_t kInvalid = 0, kValid = 1, kReceivers = 2;
  for (uint32_t column = 0; column <= kReceivers; ++column) {
    configureCB(device, column, 0, 0, 2);
    createSemaphore(device, column, 0, 0, 0);
    createSemaphore(device, column, 0, 1, kInvalid);
  }
  auto sender = nocOf(device, 0, 0);
  auto first = nocOf(device, 1, 0), last = nocOf(device, kReceivers, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("in0_sender", 0, 0, [=] {
    volatile uint32_t *ready = pointerTo(get_semaphore(0));
    uint32_t valid = get_semaphore(1);
    *pointerTo(valid) = kValid;
    uint64_t rectangle = get_noc_multicast_addr(first.first, first.second,
                                                last.first, last.second, 0);
    for (uint32_t block = 0; block < blocks; ++block) {
      cb_reserve_back(0, 1);
      uint32_t page = get_write_ptr(0);
      uint32_t *data = reinterpret_cast<uint32_t *>(uintptr_t(page));
      for (uint32_t i = 0; i < kPage / 4; ++i)
        data[i] = block * 100 + i;
      if (broken != Broken::SenderWait) {
        noc_semaphore_wait(ready, kReceivers);
        noc_semaphore_set(ready, 0);
      }
      noc_async_write_multicast(page, rectangle | page, kPage, kReceivers,
                                true);
      noc_semaphore_set_multicast(valid, rectangle | valid, kReceivers);
      cb_push_back(0, 1);
    }
    noc_async_write_barrier();
  }));
  for (uint32_t column = 1; column <= kReceivers; ++column)
    kernels.push_back(kernel("in0_receiver", column, 0, [=] {
      volatile uint32_t *valid = pointerTo(get_semaphore(1));
      uint64_t ready =
          get_noc_addr(sender.first, sender.second, get_semaphore(0));
      for (uint32_t block = 0; block < blocks; ++block) {
        cb_reserve_back(0, 1);
        noc_semaphore_set(valid, kInvalid);
        noc_semaphore_inc(ready, 1);
        if (broken != Broken::ReceiverWait)
          noc_semaphore_wait(valid, kValid);
        cb_push_back(0, 1);
      }
    }));
  for (uint32_t column = 0; column <= kReceivers; ++column)
    kernels.push_back(kernel("consumer", column, 0, [=] {
      for (uint32_t block = 0; block < blocks; ++block) {
        cb_wait_front(0, 1);
        const uint32_t *data =
            reinterpret_cast<const uint32_t *>(uintptr_t(get_read_ptr(0)));
        if (bad && data[5] != block * 100 + 5)
          ++(*bad)[column];
        cb_pop_front(0, 1);
      }
    }));
  return device.run(std::move(kernels));
}

TEST(SemaphoreTest, TheIn0MulticastProtocolPasses) {
  for (int run = 0; run < 3; ++run) {
    Device device = makeDevice();
    std::vector<uint32_t> bad(3, 0);
    RunReport report = runIn0Protocol(device, Broken::None, 6, &bad);
    ASSERT_TRUE(report.ok) << report.error;
    EXPECT_EQ(bad, std::vector<uint32_t>(3, 0));
    EXPECT_EQ(report.cores.at({0, 0}).multicastWrites, 6u);
    EXPECT_TRUE(report.timing.valid);
  }
}

TEST(SemaphoreTest, TheIn0ProtocolWithoutTheReceiversWaitFails) {
  // The receiver pushes pages the multicast may not have filled: an error
  // at the push, or at the write if the push came first. (One block: with
  // more, a receiver running ahead could also make the sender's wait for
  // exactly two increments hang.)
  for (int run = 0; run < 5; ++run) {
    Device device = makeDevice();
    RunReport report = runIn0Protocol(device, Broken::ReceiverWait, 1);
    ASSERT_FALSE(report.ok);
    bool named = report.error.find("nothing orders that write's arrival "
                                   "before the push") != std::string::npos ||
                 report.error.find("lands in page") != std::string::npos;
    EXPECT_TRUE(named) << report.error;
  }
}

TEST(SemaphoreTest, TheIn0ProtocolWithoutTheSendersWaitFails) {
  // The sender writes pages no receiver is known to have reserved.
  for (int run = 0; run < 5; ++run) {
    Device device = makeDevice();
    RunReport report = runIn0Protocol(device, Broken::SenderWait, 6);
    ASSERT_FALSE(report.ok);
    EXPECT_NE(report.error.find("noc_async_write_multicast lands in page 0 of "
                                "cb 0 on core (1, 0)"),
              std::string::npos)
        << report.error;
  }
}

/// How the writer on core (0, 0) fills the page core (1, 0) reserved, and
/// tells it.
enum class Signal { WriteThenIncrement, MulticastThenIncrement,
                    MulticastBarrierIncrement };

/// Core (1, 0) reserves a page of CB 0 and increments core (0, 0)'s
/// semaphore 0; core (0, 0) waits for it, writes the page and increments
/// core (1, 0)'s semaphore 0, which core (1, 0) waits for before the push.
RunReport runHandshake(Signal signal) {
  Device device = makeDevice();
  for (uint32_t column : {0u, 1u}) {
    configureCB(device, column, 0, 0, 1);
    createSemaphore(device, column, 0, 0);
  }
  auto writer = nocOf(device, 0, 0), receiver = nocOf(device, 1, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("writer", 0, 0, [=] {
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
    uint32_t page = get_write_ptr(0);
    if (signal == Signal::WriteThenIncrement) {
      noc_async_write(page, get_noc_addr(receiver.first, receiver.second, page),
                      kPage);
    } else {
      noc_async_write_multicast(
          page,
          get_noc_multicast_addr(receiver.first, receiver.second,
                                 receiver.first, receiver.second, page),
          kPage, 1);
      if (signal == Signal::MulticastBarrierIncrement)
        noc_async_write_barrier();
    }
    noc_semaphore_inc(
        get_noc_addr(receiver.first, receiver.second, get_semaphore(0)), 1);
    noc_async_write_barrier();
    noc_async_atomic_barrier();
  }));
  kernels.push_back(kernel("receiver", 1, 0, [=] {
    cb_reserve_back(0, 1);
    noc_semaphore_inc(get_noc_addr(writer.first, writer.second,
                                   get_semaphore(0)),
                      1);
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
    cb_push_back(0, 1);
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
  }));
  return device.run(std::move(kernels));
}

TEST(SemaphoreTest, AnIncrementOrdersTheWritesOfItsChannel) {
  // A unicast write and noc_semaphore_inc share NOC_UNICAST_WRITE_VC: the
  // increment's arrival proves the write's.
  RunReport report = runHandshake(Signal::WriteThenIncrement);
  EXPECT_TRUE(report.ok) << report.error;
  // A multicast travels on NOC_MULTICAST_WRITE_VC: the increment proves
  // nothing about it...
  report = runHandshake(Signal::MulticastThenIncrement);
  EXPECT_ERROR(report, "cb_push_back(cb 0, 1) publishes page 0, written by "
                       "core (0, 0) writer's noc_async_write_multicast");
  EXPECT_ERROR(report, "nothing orders that write's arrival before the push");
  // ...unless a write barrier came between.
  report = runHandshake(Signal::MulticastBarrierIncrement);
  EXPECT_TRUE(report.ok) << report.error;
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

TEST(SemaphoreTest, AWaitEndsWhenTheSatisfyingWriteArrives) {
  // Two cores increment a semaphore of core (0, 0), one near and one far;
  // the waiter resumes when the later increment arrives in simulated
  // time, whichever the host ran last.
  Device device = makeDevice();
  createSemaphore(device, 0, 0, 0);
  auto target = nocOf(device, 0, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("waiter", 0, 0, [] {
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 2);
  }));
  for (uint32_t column : {1u, 5u})
    kernels.push_back(kernel("incrementer", column, 0, [target] {
      noc_semaphore_inc(
          get_noc_addr(target.first, target.second, get_semaphore(0)), 1);
      noc_async_atomic_barrier();
    }));
  // The semaphore lives on core (0, 0) only; the incrementers name it by
  // their own address of it, which exists on their cores too.
  createSemaphore(device, 1, 0, 0);
  createSemaphore(device, 5, 0, 0);
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  ASSERT_TRUE(report.timing.valid);
  const TimingParams &params = device.getTiming();
  // NoC 0 from logical (5, 0), physical (7, 1), to (1, 1): 10 - 6 = 4 hops
  // wrapping around the row; from (1, 0): 9 hops. Issue, then the 4-byte
  // transfer, the base latency and the hops.
  // (Within a cycle: the two 4-byte writes share the target's port.)
  double issue = params.nocIssueCycles + 4 / params.nocBytesPerCycle;
  double far = issue + params.nocBaseLatencyCycles + 9 * params.nocHopCycles;
  double near = issue + params.nocBaseLatencyCycles + 4 * params.nocHopCycles;
  ASSERT_GT(far - near, 40);
  bool found = false;
  for (const ThreadTiming &thread : report.timing.threads) {
    if (thread.kernel != "waiter")
      continue;
    found = true;
    EXPECT_NEAR(thread.blockedCycles.at("noc_semaphore_wait"), far, 1.0);
    EXPECT_NEAR(thread.endCycles, far + params.semaphoreCycles, 1.0);
  }
  EXPECT_TRUE(found);
}

TEST(SemaphoreTest, TheProtocolsTimelineIsTheSameEveryRun) {
  double first = -1;
  for (int run = 0; run < 3; ++run) {
    Device device = makeDevice();
    RunReport report = runIn0Protocol(device, Broken::None, 4);
    ASSERT_TRUE(report.ok) << report.error;
    ASSERT_TRUE(report.timing.valid);
    if (first < 0)
      first = report.timing.cycles;
    EXPECT_EQ(report.timing.cycles, first);
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// DRAM read after write, and write after read, between cores
//===----------------------------------------------------------------------===//

enum class DramOrder { Signalled, NoBarrier, NoWait };

/// Core (0, 0) writes a DRAM page, core (1, 0) reads it: ordered by the
/// writer's barrier and a semaphore the reader waits for (tile-fold-atomics'
/// spread split does this), or not.
/// Cores (0, 0) and (1, 0) with semaphore 0 and a one-page CB 0 each, and
/// one DRAM page: its address.
uint32_t setUpDramPair(Device &device) {
  for (uint32_t column : {0u, 1u}) {
    createSemaphore(device, column, 0, 0);
    configureCB(device, column, 0, 0, 1);
  }
  return device.allocateDram(kPage, kPage);
}

RunReport runDramHandoff(Device &device, DramOrder order, uint32_t &seen) {
  uint32_t dram = setUpDramPair(device);
  auto [x, y] = nocOf(device, 1, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("producer", 0, 0, [x = x, y = y, dram, order] {
    uint32_t page = get_write_ptr(0);
    *pointerTo(page) = 42;
    InterleavedAddrGen<true> pages{dram, kPage};
    noc_async_write(page, pages.get_noc_addr(0), kPage);
    if (order != DramOrder::NoBarrier)
      noc_async_write_barrier();
    noc_semaphore_inc(get_noc_addr(x, y, get_semaphore(0)), 1);
    noc_async_atomic_barrier();
    noc_async_write_barrier();
  }));
  kernels.push_back(kernel("owner", 1, 0, [dram, order, &seen] {
    if (order != DramOrder::NoWait)
      noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
    uint32_t page = get_write_ptr(0);
    InterleavedAddrGen<true> pages{dram, kPage};
    noc_async_read(pages.get_noc_addr(0), page, kPage);
    noc_async_read_barrier();
    seen = *pointerTo(page);
    if (order == DramOrder::NoWait)
      noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
  }));
  return device.run(std::move(kernels));
}

TEST(SemaphoreTest, ADramReadAfterASignalledWritePasses) {
  Device device = makeDevice();
  uint32_t seen = 0;
  RunReport report = runDramHandoff(device, DramOrder::Signalled, seen);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(seen, 42u);
}

TEST(SemaphoreTest, ADramReadNeedsTheWritersBarrier) {
  // The semaphore arrives after the write on the same NoC, but the write
  // went to DRAM and the increment to the reader's core: no order.
  Device device = makeDevice();
  uint32_t seen = 0;
  RunReport report = runDramHandoff(device, DramOrder::NoBarrier, seen);
  EXPECT_ERROR(report, "noc_async_read reads DRAM bank 0 bytes");
  EXPECT_ERROR(report, "written by core (0, 0) producer's noc_async_write");
  EXPECT_ERROR(report, "nothing orders the read after that write's arrival");
}

TEST(SemaphoreTest, AnUnorderedDramHandoffFailsWhicheverCoreRunsFirst) {
  // Without the reader's wait: the read may come before the write (the
  // write is then flagged) or after it (the read is), never a pass.
  for (int run = 0; run < 4; ++run) {
    Device device = makeDevice();
    uint32_t seen = 0;
    RunReport report = runDramHandoff(device, DramOrder::NoWait, seen);
    EXPECT_FALSE(report.ok);
    bool named = report.error.find("nothing orders the write after that "
                                   "read") != std::string::npos ||
                 report.error.find("nothing orders the read after that "
                                   "write's arrival") != std::string::npos;
    EXPECT_TRUE(named) << report.error;
  }
}

TEST(SemaphoreTest, AKernelRereadsItsOwnDramWriteAfterItsBarrier) {
  Device device = makeDevice();
  configureCB(device, 0, 0, 0, 2);
  uint32_t dram = device.allocateDram(kPage, kPage);
  uint32_t seen = 0;
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("loop", 0, 0, [dram, &seen] {
    uint32_t page = get_write_ptr(0);
    *pointerTo(page) = 7;
    InterleavedAddrGen<true> pages{dram, kPage};
    noc_async_write(page, pages.get_noc_addr(0), kPage);
    noc_async_write_barrier();
    noc_async_read(pages.get_noc_addr(0), page + kPage, kPage);
    noc_async_read_barrier();
    seen = *pointerTo(page + kPage);
  }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(seen, 7u);
}

TEST(SemaphoreTest, ADramWriteWaitsForAReadStillInFlight) {
  // The reader signals before its read barrier: the write may land first.
  Device device = makeDevice();
  uint32_t dram = setUpDramPair(device);
  auto [x, y] = nocOf(device, 0, 0);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", 1, 0, [x = x, y = y, dram] {
    InterleavedAddrGen<true> pages{dram, kPage};
    noc_async_read(pages.get_noc_addr(0), get_write_ptr(0), kPage);
    noc_semaphore_inc(get_noc_addr(x, y, get_semaphore(0)), 1);
    noc_async_atomic_barrier();
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
    noc_async_read_barrier();
  }));
  kernels.push_back(kernel("writer", 0, 0, [dram] {
    noc_semaphore_wait(pointerTo(get_semaphore(0)), 1);
    InterleavedAddrGen<true> pages{dram, kPage};
    noc_async_write(get_write_ptr(0), pages.get_noc_addr(0), kPage);
    noc_async_write_barrier();
  }));
  // The writer never signals back: the reader's last wait would hang, but
  // the write is an error first.
  RunReport report = device.run(std::move(kernels));
  EXPECT_ERROR(report, "noc_async_write writes DRAM bank 0 bytes");
  EXPECT_ERROR(report, "core (1, 0) reader is still reading (no "
                       "noc_async_read_barrier has returned since the read)");
}
