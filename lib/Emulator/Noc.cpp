//===- Noc.cpp - NoC coordinates and routes -------------------------------===//
//
// The tables of Noc.h: each architecture's NoC grid, the NoC 0 coordinates
// of its worker columns and rows, and how kernels' (translated)
// coordinates map to them. Noc.h names the tt-metal and tt-umd files.
//
//===----------------------------------------------------------------------===//

#include "Noc.h"

#include <algorithm>

using namespace tilt;
using namespace tilt::emu;

namespace {

/// One architecture's NoC: the torus size and where the workers are.
struct NocGeometry {
  uint32_t width = 0, height = 0;
  /// NoC 0 coordinate of each logical column and row (the soc
  /// descriptor's functional_workers).
  std::vector<uint32_t> physicalX, physicalY;
  /// Wormhole's translated space starts the workers at this origin;
  /// elsewhere the translated coordinate is the NoC 0 one.
  bool offset = false;
  uint32_t originX = 0, originY = 0;
};

const NocGeometry &getGeometry(const std::string &arch) {
  static const NocGeometry wormhole = [] {
    NocGeometry geometry;
    geometry.width = 10;
    geometry.height = 12;
    geometry.physicalX = {1, 2, 3, 4, 6, 7, 8, 9};
    geometry.physicalY = {1, 2, 3, 4, 5, 7, 8, 9, 10, 11};
    geometry.offset = true;
    geometry.originX = 18;
    geometry.originY = 18;
    return geometry;
  }();
  static const NocGeometry blackhole = [] {
    NocGeometry geometry;
    geometry.width = 17;
    geometry.height = 12;
    geometry.physicalX = {1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16};
    for (uint32_t y = 2; y <= 11; ++y)
      geometry.physicalY.push_back(y);
    return geometry;
  }();
  static const NocGeometry grayskull = [] {
    NocGeometry geometry;
    geometry.width = 13;
    geometry.height = 12;
    for (uint32_t x = 1; x <= 12; ++x)
      geometry.physicalX.push_back(x);
    geometry.physicalY = {1, 2, 3, 4, 5, 7, 8, 9, 10, 11};
    return geometry;
  }();
  if (arch == "blackhole")
    return blackhole;
  if (arch == "grayskull")
    return grayskull;
  return wormhole;
}

/// `value`'s index in `list`, or -1.
int indexOf(const std::vector<uint32_t> &list, uint32_t value) {
  auto it = std::find(list.begin(), list.end(), value);
  return it == list.end() ? -1 : int(it - list.begin());
}

/// A coordinate in the direction a NoC flows: NoC 0's own, NoC 1's
/// mirrored, so that a packet always moves to larger values (mod the size).
uint32_t flow(uint32_t physical, uint32_t size, uint8_t noc) {
  return noc == 0 ? physical : size - 1 - physical;
}

/// Links from `from` to `to` along a ring of `size` routers.
uint32_t distance(uint32_t from, uint32_t to, uint32_t size) {
  return (to + size - from) % size;
}

} // namespace

void emu::getWorkerNocCoord(const ArchInfo &arch, uint32_t column, uint32_t row,
                            uint32_t &x, uint32_t &y) {
  const NocGeometry &geometry = getGeometry(arch.name);
  if (geometry.offset) {
    x = geometry.originX + column;
    y = geometry.originY + row;
    return;
  }
  x = column < geometry.physicalX.size() ? geometry.physicalX[column] : ~0u;
  y = row < geometry.physicalY.size() ? geometry.physicalY[row] : ~0u;
}

bool emu::findWorker(const ArchInfo &arch, uint32_t x, uint32_t y,
                     LogicalCore &core) {
  const NocGeometry &geometry = getGeometry(arch.name);
  int64_t column, row;
  if (geometry.offset) {
    column = int64_t(x) - geometry.originX;
    row = int64_t(y) - geometry.originY;
  } else {
    column = indexOf(geometry.physicalX, x);
    row = indexOf(geometry.physicalY, y);
  }
  if (column < 0 || row < 0 || column >= int64_t(arch.gridColumns) ||
      row >= int64_t(arch.gridRows))
    return false;
  core.column = uint32_t(column);
  core.row = uint32_t(row);
  return true;
}

bool emu::isSkippedByMulticast(const ArchInfo &arch, uint32_t x,
                               uint32_t y) {
  // Blackhole's middle columns (x = 8: ARC, security and L2CPU tiles;
  // x = 9: DRAM) split its Tensix columns 1-7 and 10-16; a multicast
  // rectangle across them reaches the Tensix tiles only, as tt-metal's
  // matmuls on a 13-column grid rely on (tt-umd #1714: its simulator's
  // multicast, a series of unicasts, skips x = 8 and 9 for this). The
  // other architectures translate their workers to contiguous coordinates
  // (Wormhole) or have no such gap (Grayskull's columns).
  const NocGeometry &geometry = getGeometry(arch.name);
  if (geometry.offset || geometry.physicalX.empty() ||
      indexOf(geometry.physicalY, y) < 0 ||
      indexOf(geometry.physicalX, x) >= 0)
    return false;
  return x > geometry.physicalX.front() && x < geometry.physicalX.back();
}

std::string emu::describeNocCoord(const ArchInfo &arch, uint32_t x,
                                  uint32_t y) {
  const NocGeometry &geometry = getGeometry(arch.name);
  if (geometry.offset && x >= geometry.originX &&
      x < geometry.originX + geometry.physicalX.size()) {
    if (y == 16 || y == 17)
      return "an Ethernet tile";
    if (y >= geometry.originY &&
        y < geometry.originY + geometry.physicalY.size())
      return "a Tensix core outside the board's compute grid (harvested, "
             "or reserved for dispatch)";
  }
  if (x >= geometry.width || y >= geometry.height)
    return "no tile";
  int column = indexOf(geometry.physicalX, x),
      row = indexOf(geometry.physicalY, y);
  if (column >= 0 && row >= 0) {
    if (geometry.offset)
      return "the NoC 0 (physical) coordinate of a Tensix core; translated "
             "coordinates are what kernels take";
    return "a Tensix core outside the board's compute grid (harvested, or "
           "reserved for dispatch)";
  }
  if (arch.name == "wormhole_b0")
    return x == 0 || x == 5   ? "a DRAM tile"
           : y == 0 || y == 6 ? "an Ethernet tile"
                              : "a router, ARC or PCIe tile";
  if (arch.name == "blackhole")
    return x == 0 || x == 9 ? "a DRAM tile"
           : y == 1         ? "an Ethernet tile"
                            : "a router, ARC, PCIe or security tile";
  return "a DRAM, ARC or PCIe tile";
}

uint32_t emu::countUnicastHops(const ArchInfo &arch, LogicalCore from,
                               LogicalCore to, uint8_t noc) {
  const NocGeometry &geometry = getGeometry(arch.name);
  auto x = [&](LogicalCore core) {
    return flow(geometry.physicalX[core.column], geometry.width, noc);
  };
  auto y = [&](LogicalCore core) {
    return flow(geometry.physicalY[core.row], geometry.height, noc);
  };
  return distance(x(from), x(to), geometry.width) +
         distance(y(from), y(to), geometry.height);
}

MulticastRoute emu::routeMulticast(const ArchInfo &arch, LogicalCore source,
                                   LogicalCore start, LogicalCore end,
                                   const std::vector<LogicalCore> &cores,
                                   uint8_t noc) {
  const NocGeometry &geometry = getGeometry(arch.name);
  uint32_t width = geometry.width, height = geometry.height;
  auto x = [&](LogicalCore core) {
    return flow(geometry.physicalX[core.column], width, noc);
  };
  auto y = [&](LogicalCore core) {
    return flow(geometry.physicalY[core.row], height, noc);
  };
  // X to the rectangle's first column, Y down it through the last row the
  // packet must reach, and X along every row of the rectangle.
  uint32_t toColumn = distance(x(source), x(start), width);
  uint32_t down = 0;
  for (uint32_t row = y(start); row <= y(end); ++row)
    down = std::max(down, distance(y(source), row, height));
  uint32_t rows = y(end) - y(start) + 1, across = x(end) - x(start);
  MulticastRoute route;
  route.links = toColumn + down + rows * across;
  for (LogicalCore core : cores)
    route.hops.push_back(toColumn + distance(y(source), y(core), height) +
                         (x(core) - x(start)));
  return route;
}
