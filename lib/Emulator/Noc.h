//===- Noc.h - NoC coordinates and routes -----------------------*- C++ -*-===//
//
// Private to lib/Emulator. Where the Tensix workers sit on each
// architecture's NoC, the coordinates kernels name them by, and the links a
// unicast or multicast packet crosses. Kernels address other cores by NoC
// coordinates, which the host gets from worker_core_from_logical_core; they
// differ from the logical coordinates of the host API on every architecture,
// so a kernel that passes logical coordinates fails as it would on silicon
// (it would reach a DRAM, Ethernet or router tile, or nothing).
//
// Sources (tt-metal and tt-umd, November 2026 index):
//  - tt_metal/soc_descriptors/{wormhole_b0_80,blackhole_140,grayskull_120}
//    _arch.yaml: the NoC grid (x_size, y_size) and the NoC 0 coordinates of
//    the functional workers;
//  - Wormhole: tt_metal/hw/inc/wormhole/noc/noc_parameters.h ("Tensix cores
//    start at coordinate <x = 18, y = 18> in Virtual Space and are
//    contiguous") and tt-umd wormhole_implementation.hpp
//    (tensix_translated_coordinate_start_x/y = 18): translated = logical +
//    (18, 18); Ethernet tiles are at y = 16, 17 of that space;
//  - Blackhole: tt_metal/hw/inc/blackhole/noc/noc_parameters.h
//    (VIRTUAL_TENSIX_START_X 1, _Y 2) and tt-umd
//    device/coordinates/blackhole_coordinate_manager.cpp: the translated
//    coordinate of logical column c is the NoC 0 x of the c-th worker
//    column (1..7, 10..16), of row r is r + 2;
//  - Grayskull: no translation (the NoC 0 coordinates);
//  - tt-isa-documentation BlackholeA0/NoC/RoutingPaths.md: NoC 0 flows
//    rightwards and downwards, NoC 1 leftwards and upwards, both wrap
//    around (a torus); a broadcast travels along X, then Y, then along X
//    again through each row of its rectangle.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_NOC_H
#define TILT_LIB_EMULATOR_NOC_H

#include "tilt/Emulator/Emulator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilt {
namespace emu {

/// A logical core of the board's compute grid.
struct LogicalCore {
  uint32_t column = 0, row = 0;
};

/// The NoC coordinate kernels use for logical core (column, row) of `arch`
/// (tt-metal's worker_core_from_logical_core: the translated coordinate).
void getWorkerNocCoord(const ArchInfo &arch, uint32_t column, uint32_t row,
                       uint32_t &x, uint32_t &y);

/// The worker of the board's compute grid at NoC coordinate (x, y), or
/// false when there is none there.
bool findWorker(const ArchInfo &arch, uint32_t x, uint32_t y,
                LogicalCore &core);

/// What is at NoC coordinate (x, y) when it is not a worker of the board,
/// for reports ("an Ethernet tile", "outside the NoC", ...).
std::string describeNocCoord(const ArchInfo &arch, uint32_t x, uint32_t y);

/// Whether a multicast rectangle passes over NoC (`x`, `y`) without
/// writing there: a non-Tensix column between two Tensix columns of a
/// worker row (Blackhole's x = 8 and 9).
bool isSkippedByMulticast(const ArchInfo &arch, uint32_t x, uint32_t y);

/// The links a unicast packet crosses from `from` to `to` on `noc`.
uint32_t countUnicastHops(const ArchInfo &arch, LogicalCore from,
                          LogicalCore to, uint8_t noc);

/// The route of a multicast from `source` to the rectangle of `cores`
/// whose corners are `start` and `end` (in the NoC's order, so on NoC 1
/// `start` is the bottom-right corner): the links of the whole tree and,
/// per destination, the links from the source to it.
struct MulticastRoute {
  uint32_t links = 0;
  std::vector<uint32_t> hops; ///< parallel to the destinations
};
MulticastRoute routeMulticast(const ArchInfo &arch, LogicalCore source,
                              LogicalCore start, LogicalCore end,
                              const std::vector<LogicalCore> &cores,
                              uint8_t noc);

} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_NOC_H
