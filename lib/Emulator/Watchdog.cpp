//===- Watchdog.cpp - A run that never hangs and never dies silently ------===//
//
// The deadlock check in DeviceImpl::waitUntil sees a run in which every
// kernel waits. Two other ways a run can fail to end are caught here:
//
//  - a livelock (some kernels keep exchanging pages while another waits
//    forever) or a kernel that spins without calling the API: the watchdog
//    thread reports the run when a live kernel has made no progress (an API
//    call, or the end of a wait) for the watchdog's time;
//  - a kernel that crashes (a bad access, abort(), a trap): the fault
//    handlers name the kernel and core whose thread took the signal.
//
// A kernel that never calls the API again cannot be stopped from outside
// its thread, so when the run has failed and such a kernel is still
// running after a grace period, the watchdog writes the report and ends
// the process with exit status 3, as the host program does for any failed
// run.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <csignal>
#include <cstdio>
#include <sstream>
#include <unistd.h>

using namespace tilt;
using namespace tilt::emu;

namespace {

//===----------------------------------------------------------------------===//
// Faults
//===----------------------------------------------------------------------===//

/// The running kernel's label, for the signal handler (which may only use
/// what is already in memory).
thread_local const char *faultLabel = nullptr;

void writeText(const char *text) {
  size_t length = std::strlen(text);
  while (length) {
    ssize_t written = ::write(STDERR_FILENO, text, length);
    if (written <= 0)
      return;
    text += written;
    length -= size_t(written);
  }
}

const char *describeSignal(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV (an access outside mapped memory)";
  case SIGBUS:
    return "SIGBUS (a misaligned or invalid access)";
  case SIGFPE:
    return "SIGFPE (an arithmetic trap)";
  case SIGILL:
    return "SIGILL (an illegal instruction)";
  case SIGABRT:
    return "SIGABRT (abort)";
  default:
    return "a fatal signal";
  }
}

extern "C" void handleFault(int signal) {
  writeText("tilt emulator: error: ");
  writeText(faultLabel ? faultLabel : "outside any kernel");
  writeText(": the kernel crashed with ");
  writeText(describeSignal(signal));
  writeText("\n");
  ::_exit(3);
}

constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

// A sanitizer reports a fault better than this handler can, and installs
// its own; in such a build the handlers are left alone.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kInstallFaultHandlers = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kInstallFaultHandlers = false;
#else
constexpr bool kInstallFaultHandlers = true;
#endif
#else
constexpr bool kInstallFaultHandlers = true;
#endif

} // namespace

FaultHandlers::FaultHandlers() {
  if (!kInstallFaultHandlers)
    return;
  struct sigaction action;
  std::memset(&action, 0, sizeof(action));
  action.sa_handler = handleFault;
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  previous.resize(std::size(kFaultSignals));
  for (size_t i = 0; i < std::size(kFaultSignals); ++i)
    ::sigaction(kFaultSignals[i], &action, &previous[i]);
}

FaultHandlers::~FaultHandlers() {
  for (size_t i = 0; i < previous.size(); ++i)
    ::sigaction(kFaultSignals[i], &previous[i], nullptr);
}

KernelThread::KernelThread(KernelContext &context) {
  faultLabel = context.label.c_str();
  // An alternate stack, so that a kernel that overflows its stack is
  // reported too.
  alternateStack.resize(64 * 1024);
  stack_t stack;
  std::memset(&stack, 0, sizeof(stack));
  stack.ss_sp = alternateStack.data();
  stack.ss_size = alternateStack.size();
  ::sigaltstack(&stack, nullptr);
}

KernelThread::~KernelThread() {
  stack_t stack;
  std::memset(&stack, 0, sizeof(stack));
  stack.ss_flags = SS_DISABLE;
  ::sigaltstack(&stack, nullptr);
  faultLabel = nullptr;
}

//===----------------------------------------------------------------------===//
// The watchdog
//===----------------------------------------------------------------------===//

Watchdog::Watchdog(DeviceImpl &device) : device(device) {
  thread = std::thread([this] { watch(); });
}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  wake.notify_all();
  thread.join();
}

std::string Watchdog::describeKernels(int64_t now) {
  std::ostringstream os;
  for (KernelContext *context : device.contexts) {
    if (context->finished)
      continue;
    double idle =
        double(now - context->lastProgress.load(std::memory_order_relaxed)) /
        1e9;
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%.1f", idle);
    os << "\n  " << device.where(*context);
    if (context->blocked) {
      os << " has been blocked for " << seconds << " s in "
         << context->blockedOn;
      if (context->blockedCB)
        os << "; " << device.describeCB(*context->core, *context->blockedCB);
      if (context->blockedDetail)
        os << "; " << context->blockedDetail();
    } else {
      os << " is running; its last API call was " << seconds << " s ago";
    }
  }
  return os.str();
}

void Watchdog::watch() {
  auto poll = std::chrono::milliseconds(50);
  int64_t limit = int64_t(device.watchdogSeconds * 1e9);
  int64_t failedAt = 0;
  std::unique_lock<std::mutex> lock(mutex);
  while (!wake.wait_for(lock, poll, [this] { return done; })) {
    int64_t now = getProgressClock();
    if (device.failed) {
      // Kernels stop at their next API call; one that does not within the
      // grace period never will.
      if (!failedAt)
        failedAt = now;
      if (now - failedAt < int64_t(2e9))
        continue;
      std::string error;
      {
        std::lock_guard<std::mutex> errorLock(device.errorMutex);
        error = device.error;
      }
      std::string running;
      {
        std::lock_guard<std::mutex> deviceLock(device.mutex);
        for (KernelContext *context : device.contexts)
          if (!context->finished && !context->blocked)
            running += "\n  " + device.where(*context) +
                       " is still running and cannot be stopped";
      }
      std::fprintf(stderr, "tilt emulator: error: %s%s\n", error.c_str(),
                   running.c_str());
      std::fflush(stderr);
      std::_Exit(3);
    }
    std::lock_guard<std::mutex> deviceLock(device.mutex);
    for (KernelContext *context : device.contexts) {
      if (context->finished ||
          now - context->lastProgress.load(std::memory_order_relaxed) < limit)
        continue;
      char seconds[32];
      std::snprintf(seconds, sizeof(seconds), "%g", device.watchdogSeconds);
      device.recordError(
          std::string("no progress for ") + seconds + " s (" +
              device.where(*context) +
              (context->blocked ? " waits" : " makes no API call") +
              "): a livelock, or a kernel that spins; the kernels:" +
              describeKernels(now),
          context);
      device.notifyAll();
      break;
    }
  }
}
