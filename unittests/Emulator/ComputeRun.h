//===- ComputeRun.h - One emulated compute kernel, for tests ----*- C++ -*-===//
//
// What the emulator's compute-engine tests share: a Wormhole device with
// CBs of given formats on core (0, 0), and a run of one compute kernel
// given as a lambda that calls the emulated API.
//
//===----------------------------------------------------------------------===//

#ifndef TILT_UNITTESTS_EMULATOR_COMPUTERUN_H
#define TILT_UNITTESTS_EMULATOR_COMPUTERUN_H

#include "api/compute/common.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/pack_untilize.h"
#include "tilt/Emulator/Emulator.h"

#include "gtest/gtest.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace tilt {
namespace emu {

constexpr DataFormat kF32 = DataFormat::Float32;
constexpr DataFormat kBF16 = DataFormat::Float16_b;
constexpr DataFormat kF16 = DataFormat::Float16;

/// One compute kernel on core (0, 0) of a Wormhole (or of `arch`), with
/// CBs of the given formats (one page each unless `pages` says otherwise).
struct ComputeRun {
  Device device;
  KernelInstance instance;

  ComputeRun(std::initializer_list<std::pair<uint32_t, DataFormat>> cbs,
             uint32_t pages = 1, const std::string &arch = "wormhole_b0")
      : device(*getArchInfo(arch)) {
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

/// Pushes one tile of `value` into `cb` (the kernel plays the reader).
inline void pushFilledTile(uint32_t cb, float value) {
  cb_reserve_back(cb, 1);
  uint8_t *page = reinterpret_cast<uint8_t *>(uintptr_t(get_write_ptr(cb)));
  for (uint32_t i = 0; i < 1024; ++i) {
    if (get_dataformat(cb) == tt::DataFormat::Float32)
      reinterpret_cast<float *>(page)[i] = value;
    else if (get_dataformat(cb) == tt::DataFormat::Float16)
      reinterpret_cast<uint16_t *>(page)[i] = floatToHalf(value);
    else
      reinterpret_cast<uint16_t *>(page)[i] = floatToBF16(value);
  }
  cb_push_back(cb, 1);
  cb_wait_front(cb, 1);
}

/// Pushes `values` into `cb` as its pages hold them (datum i at datum i of
/// the write pointer), 1024 to a tile-sized page.
inline void pushData(uint32_t cb, const std::vector<float> &values) {
  bool f32 = get_dataformat(cb) == tt::DataFormat::Float32;
  uint32_t pages = uint32_t(values.size() / 1024);
  cb_reserve_back(cb, pages);
  uint8_t *data = reinterpret_cast<uint8_t *>(uintptr_t(get_write_ptr(cb)));
  for (size_t i = 0; i < values.size(); ++i) {
    if (f32)
      reinterpret_cast<float *>(data)[i] = values[i];
    else if (get_dataformat(cb) == tt::DataFormat::Float16)
      reinterpret_cast<uint16_t *>(data)[i] = floatToHalf(values[i]);
    else
      reinterpret_cast<uint16_t *>(data)[i] = floatToBF16(values[i]);
  }
  cb_push_back(cb, pages);
}

/// The first `count` datums at the front of `cb`, as its pages hold them.
inline std::vector<float> readData(uint32_t cb, size_t count) {
  const uint8_t *data =
      reinterpret_cast<const uint8_t *>(uintptr_t(get_read_ptr(cb)));
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) {
    if (get_dataformat(cb) == tt::DataFormat::Float32)
      values[i] = reinterpret_cast<const float *>(data)[i];
    else if (get_dataformat(cb) == tt::DataFormat::Float16)
      values[i] = halfToFloat(reinterpret_cast<const uint16_t *>(data)[i]);
    else
      values[i] = bf16ToFloat(reinterpret_cast<const uint16_t *>(data)[i]);
  }
  return values;
}

/// Element (row, column) of the tile at the front of `cb`.
inline float readElement(uint32_t cb, uint32_t row, uint32_t column) {
  const uint8_t *page =
      reinterpret_cast<const uint8_t *>(uintptr_t(get_read_ptr(cb)));
  uint32_t at = faceIndex(row, column);
  if (get_dataformat(cb) == tt::DataFormat::Float32)
    return reinterpret_cast<const float *>(page)[at];
  if (get_dataformat(cb) == tt::DataFormat::Float16)
    return halfToFloat(reinterpret_cast<const uint16_t *>(page)[at]);
  return bf16ToFloat(reinterpret_cast<const uint16_t *>(page)[at]);
}

/// Packs DST[0] into `cb` and returns element (0, 0).
inline float packElement(uint32_t cb) {
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(cb, 1);
  pack_tile(0, cb);
  tile_regs_release();
  cb_push_back(cb, 1);
  cb_wait_front(cb, 1);
  float value = readElement(cb, 0, 0);
  cb_pop_front(cb, 1);
  return value;
}

/// Runs a kernel that fills DST tiles 0 and 1 with ones and twos and packs
/// them untilized into a bf16 cb 24 with `init` and `pack` (pack_untilize
/// of two tiles computed in DST); returns the run's error ("" when it ran)
/// and, in `row`, the first 64 datums packed: row 0 of both tiles.
inline std::string runPackUntilizeDest(const std::function<void()> &init,
                                       const std::function<void()> &pack,
                                       std::vector<float> &row) {
  ComputeRun run({{0, kBF16}, {24, kBF16}}, 2);
  return run.run([&] {
    compute_kernel_hw_startup(0, 24);
    init();
    tile_regs_acquire();
    fill_tile(0, 1.0f);
    fill_tile(1, 2.0f);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(24, 2);
    pack();
    tile_regs_release();
    cb_push_back(24, 2);
    pack_untilize_uninit(24);
    cb_wait_front(24, 2);
    row = readData(24, 64);
    cb_pop_front(24, 2);
  });
}

} // namespace emu
} // namespace tilt

#endif // TILT_UNITTESTS_EMULATOR_COMPUTERUN_H
