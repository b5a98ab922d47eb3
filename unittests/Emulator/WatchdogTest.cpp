//===- WatchdogTest.cpp - Runs that would hang or die ---------------------===//
//
// The emulator never hangs and never dies without saying where: a livelock
// stops the run with a report, a spinning kernel and a crashing kernel end
// the process with a report naming the kernel and core (exit status 3).
//
//===----------------------------------------------------------------------===//

#include "api/dataflow/dataflow_api.h"
#include "tilt/Emulator/Emulator.h"

#include "gtest/gtest.h"

using namespace tilt::emu;

namespace {

KernelInstance kernel(const std::string &name, std::function<void()> entry) {
  KernelInstance instance;
  instance.name = name;
  instance.role = name;
  instance.entry = std::move(entry);
  return instance;
}

void prepare(Device &device, double watchdogSeconds) {
  device.setWatchdogSeconds(watchdogSeconds);
  for (uint32_t index : {0u, 1u}) {
    std::string error;
    EXPECT_TRUE(device.configureCB(
        0, 0, {index, tilt::emu::DataFormat::Float16_b, 2048, 2}, error))
        << error;
  }
}

TEST(WatchdogTest, ALivelockIsReported) {
  // The reader and the compute kernel exchange pages forever; the writer
  // waits for a page that never comes. Not a deadlock: two kernels run.
  Device device(*getArchInfo("wormhole_b0"));
  prepare(device, 0.5);
  std::vector<KernelInstance> kernels;
  kernels.push_back(kernel("reader", [] {
    while (true) {
      cb_reserve_back(0, 1);
      cb_push_back(0, 1);
    }
  }));
  kernels.push_back(kernel("compute", [] {
    while (true) {
      cb_wait_front(0, 1);
      cb_pop_front(0, 1);
    }
  }));
  kernels.push_back(kernel("writer", [] { cb_wait_front(1, 1); }));
  RunReport report = device.run(std::move(kernels));
  ASSERT_FALSE(report.ok);
  EXPECT_NE(report.error.find("no progress for 0.5 s (core (0, 0) writer "
                              "waits): a livelock, or a kernel that spins"),
            std::string::npos)
      << report.error;
  EXPECT_NE(report.error.find("core (0, 0) writer has been blocked for"),
            std::string::npos)
      << report.error;
  EXPECT_NE(report.error.find("in cb_wait_front(cb 1, 1)"), std::string::npos)
      << report.error;
}

TEST(WatchdogTest, ASpinningKernelEndsTheRunWithAReport) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        Device device(*getArchInfo("wormhole_b0"));
        prepare(device, 0.5);
        std::vector<KernelInstance> kernels;
        kernels.push_back(kernel("spinner", [] {
          volatile bool forever = true;
          while (forever) {
          }
        }));
        device.run(std::move(kernels));
      },
      testing::ExitedWithCode(3),
      "no progress for 0.5 s \\(core \\(0, 0\\) spinner makes no API "
      "call\\)(.|\n)*core \\(0, 0\\) spinner is still running and cannot "
      "be stopped");
}

// Whether this is a sanitizer build (GCC defines __SANITIZE_*__, Clang has
// __has_feature), in which the emulator leaves the fault handlers to the
// sanitizer (Watchdog.cpp).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TILT_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TILT_TEST_SANITIZED 1
#endif
#endif

TEST(WatchdogTest, ACrashingKernelIsNamed) {
#ifdef TILT_TEST_SANITIZED
  GTEST_SKIP() << "a sanitizer build reports crashes itself (the emulator "
                  "leaves its handlers alone)";
#endif
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        Device device(*getArchInfo("wormhole_b0"));
        prepare(device, 10);
        std::vector<KernelInstance> kernels;
        kernels.push_back(kernel("crasher", [] {
          volatile int *nowhere = nullptr;
          *nowhere = 1;
        }));
        device.run(std::move(kernels));
      },
      testing::ExitedWithCode(3),
      "tilt emulator: error: core \\(0, 0\\) crasher: the kernel crashed "
      "with SIGSEGV");
  EXPECT_EXIT(
      {
        Device device(*getArchInfo("wormhole_b0"));
        prepare(device, 10);
        std::vector<KernelInstance> kernels;
        kernels.push_back(kernel("aborter", [] { std::abort(); }));
        device.run(std::move(kernels));
      },
      testing::ExitedWithCode(3),
      "core \\(0, 0\\) aborter: the kernel crashed with SIGABRT");
}

} // namespace
