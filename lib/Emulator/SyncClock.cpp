//===- SyncClock.cpp - Happens-before between kernels ---------------------===//
//
// The clock of SyncClock.h: a vector of reserve counts and a sorted list of
// arrival facts, joined by elementwise maximum.
//
//===----------------------------------------------------------------------===//

#include "SyncClock.h"

#include <algorithm>

using namespace tilt;
using namespace tilt::emu;

void SyncClock::join(const SyncClock &other) {
  if (other.reserves.size() > reserves.size())
    reserves.resize(other.reserves.size(), 0);
  for (size_t i = 0; i < other.reserves.size(); ++i)
    reserves[i] = std::max(reserves[i], other.reserves[i]);
  if (other.arrivals.empty())
    return;
  std::vector<std::pair<uint64_t, uint64_t>> merged;
  merged.reserve(arrivals.size() + other.arrivals.size());
  auto mine = arrivals.cbegin();
  auto theirs = other.arrivals.cbegin();
  while (mine != arrivals.cend() || theirs != other.arrivals.end()) {
    if (theirs == other.arrivals.end() ||
        (mine != arrivals.cend() && mine->first < theirs->first)) {
      merged.push_back(*mine++);
    } else if (mine == arrivals.cend() || theirs->first < mine->first) {
      merged.push_back(*theirs++);
    } else {
      merged.emplace_back(mine->first, std::max(mine->second, theirs->second));
      ++mine;
      ++theirs;
    }
  }
  arrivals = std::move(merged);
}

void SyncClock::setReserves(uint32_t kernel, uint32_t count) {
  if (kernel >= reserves.size())
    reserves.resize(kernel + 1, 0);
  reserves[kernel] = std::max(reserves[kernel], count);
}

void SyncClock::learnArrival(uint32_t writer, uint8_t channel, uint32_t core,
                             uint64_t sequence) {
  uint64_t k = key(writer, channel, core);
  auto it =
      std::lower_bound(arrivals.begin(), arrivals.end(), k,
                       [](const std::pair<uint64_t, uint64_t> &entry,
                          uint64_t value) { return entry.first < value; });
  if (it != arrivals.end() && it->first == k) {
    it->second = std::max(it->second, sequence);
    return;
  }
  arrivals.insert(it, {k, sequence});
}

bool SyncClock::knowsArrival(uint32_t writer, uint8_t channel, uint32_t core,
                             uint64_t sequence) const {
  for (uint32_t target : {core, kAllCores}) {
    uint64_t k = key(writer, channel, target);
    auto it =
        std::lower_bound(arrivals.begin(), arrivals.end(), k,
                         [](const std::pair<uint64_t, uint64_t> &entry,
                            uint64_t value) { return entry.first < value; });
    if (it != arrivals.end() && it->first == k && it->second >= sequence)
      return true;
  }
  return false;
}
