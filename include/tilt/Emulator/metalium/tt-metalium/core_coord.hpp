//===- core_coord.hpp - Core coordinates, emulated --------------*- C++ -*-===//
#ifndef TILT_EMU_CORE_COORD_HPP
#define TILT_EMU_CORE_COORD_HPP

#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

namespace tt {
namespace tt_metal {

struct CoreCoord {
  std::size_t x = 0, y = 0;
  CoreCoord() = default;
  CoreCoord(std::size_t x, std::size_t y) : x(x), y(y) {}
  bool operator==(const CoreCoord &other) const {
    return x == other.x && y == other.y;
  }
  bool operator<(const CoreCoord &other) const {
    return y < other.y || (y == other.y && x < other.x);
  }
};

struct CoreRange {
  CoreCoord start_coord, end_coord;
  CoreRange(const CoreCoord &point) : start_coord(point), end_coord(point) {}
  CoreRange(const CoreCoord &start, const CoreCoord &end)
      : start_coord(start), end_coord(end) {}
  bool contains(const CoreCoord &core) const {
    return core.x >= start_coord.x && core.x <= end_coord.x &&
           core.y >= start_coord.y && core.y <= end_coord.y;
  }
  bool operator<(const CoreRange &other) const {
    return start_coord < other.start_coord ||
           (start_coord == other.start_coord && end_coord < other.end_coord);
  }
};

class CoreRangeSet {
public:
  CoreRangeSet() = default;
  CoreRangeSet(const CoreRange &range) : rangeList{range} {}
  CoreRangeSet(const std::vector<CoreRange> &ranges) : rangeList(ranges) {}
  CoreRangeSet(const std::set<CoreRange> &ranges)
      : rangeList(ranges.begin(), ranges.end()) {}
  const std::vector<CoreRange> &ranges() const { return rangeList; }

private:
  std::vector<CoreRange> rangeList;
};

} // namespace tt_metal
} // namespace tt

#endif // TILT_EMU_CORE_COORD_HPP
