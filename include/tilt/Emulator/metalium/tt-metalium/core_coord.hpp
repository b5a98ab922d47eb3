//===- core_coord.hpp - Core coordinates, emulated --------------*- C++ -*-===//
#ifndef TILT_EMU_CORE_COORD_HPP
#define TILT_EMU_CORE_COORD_HPP

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace tt {
namespace tt_metal {

// tt-metal's CoreCoord is a literal type (`constexpr CoreCoord core =
// {0, 0};` in its examples; umd's tt_xy_pair).
struct CoreCoord {
  std::size_t x = 0, y = 0;
  constexpr CoreCoord() = default;
  constexpr CoreCoord(std::size_t x, std::size_t y) : x(x), y(y) {}
  constexpr bool operator==(const CoreCoord &other) const {
    return x == other.x && y == other.y;
  }
  constexpr bool operator!=(const CoreCoord &other) const {
    return !(*this == other);
  }
  constexpr bool operator<(const CoreCoord &other) const {
    return y < other.y || (y == other.y && x < other.x);
  }
  std::string str() const {
    return "(x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")";
  }
};

struct CoreRange {
  CoreCoord start_coord, end_coord;
  constexpr CoreRange(const CoreCoord &point)
      : start_coord(point), end_coord(point) {}
  constexpr CoreRange(const CoreCoord &start, const CoreCoord &end)
      : start_coord(start), end_coord(end) {}
  constexpr bool contains(const CoreCoord &core) const {
    return core.x >= start_coord.x && core.x <= end_coord.x &&
           core.y >= start_coord.y && core.y <= end_coord.y;
  }
  /// The number of cores and the extent of the range.
  constexpr std::size_t size() const {
    return (end_coord.x - start_coord.x + 1) *
           (end_coord.y - start_coord.y + 1);
  }
  constexpr CoreCoord grid_size() const {
    return {end_coord.x - start_coord.x + 1, end_coord.y - start_coord.y + 1};
  }
  std::string str() const {
    return "[" + start_coord.str() + " - " + end_coord.str() + "]";
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
  std::size_t num_cores() const {
    std::size_t cores = 0;
    for (const CoreRange &range : rangeList)
      cores += range.size();
    return cores;
  }
  bool contains(const CoreCoord &core) const {
    for (const CoreRange &range : rangeList)
      if (range.contains(core))
        return true;
    return false;
  }

private:
  std::vector<CoreRange> rangeList;
};

} // namespace tt_metal
} // namespace tt

#endif // TILT_EMU_CORE_COORD_HPP
