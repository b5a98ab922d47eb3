//===- bfloat16.hpp - The host bf16 type, emulated --------------*- C++ -*-===//
#ifndef TILT_EMU_BFLOAT16_HPP
#define TILT_EMU_BFLOAT16_HPP

#include <cstdint>
#include <cstring>

/// bf16 on the host: conversion from float rounds to nearest even.
class bfloat16 {
public:
  bfloat16() = default;
  bfloat16(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    if ((bits & 0x7fffffffu) > 0x7f800000u)
      raw = uint16_t((bits >> 16) | 0x40);
    else
      raw = uint16_t((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
  }
  operator float() const {
    uint32_t bits = uint32_t(raw) << 16;
    float value;
    std::memcpy(&value, &bits, 4);
    return value;
  }
  uint16_t to_packed() const { return raw; }

private:
  uint16_t raw = 0;
};

#endif // TILT_EMU_BFLOAT16_HPP
