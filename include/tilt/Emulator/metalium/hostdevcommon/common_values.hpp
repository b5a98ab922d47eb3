// Values tt-metal's host and device code share (tt_metal/hostdevcommon/api/
// hostdevcommon/common_values.hpp): the flag values of its multicast
// protocols.
#pragma once
#include <cstdint>

constexpr static std::uint32_t INVALID = 0;
constexpr static std::uint32_t VALID = 1;
