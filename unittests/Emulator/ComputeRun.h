//===- ComputeRun.h - One emulated compute kernel, for tests ----*- C++ -*-===//
//
// What the emulator's compute-engine tests share: a Wormhole device with
// CBs of given formats on core (0, 0), and a run of one compute kernel
// given as a lambda that calls the emulated API.
//
//===----------------------------------------------------------------------===//

#ifndef TILT_UNITTESTS_EMULATOR_COMPUTERUN_H
#define TILT_UNITTESTS_EMULATOR_COMPUTERUN_H

#include "tilt/Emulator/Emulator.h"

#include "gtest/gtest.h"

#include <functional>
#include <initializer_list>
#include <string>

namespace tilt {
namespace emu {

constexpr DataFormat kF32 = DataFormat::Float32;
constexpr DataFormat kBF16 = DataFormat::Float16_b;

/// One compute kernel on core (0, 0) of a Wormhole, with CBs of the given
/// formats (one page each unless `pages` says otherwise).
struct ComputeRun {
  Device device{*getArchInfo("wormhole_b0")};
  KernelInstance instance;

  ComputeRun(std::initializer_list<std::pair<uint32_t, DataFormat>> cbs,
             uint32_t pages = 1) {
    for (auto [index, format] : cbs) {
      std::string error;
      EXPECT_TRUE(device.configureCB(
          0, 0, {index, format, getTileBytes(format), pages}, error))
          << error;
    }
    instance.name = "compute";
    instance.role = "compute";
  }

  /// Runs `body`; the report's error ("" when it ran to the end).
  std::string run(std::function<void()> body) {
    instance.entry = std::move(body);
    RunReport report = device.run({instance});
    return report.ok ? "" : report.error;
  }
};

} // namespace emu
} // namespace tilt

#endif // TILT_UNITTESTS_EMULATOR_COMPUTERUN_H
