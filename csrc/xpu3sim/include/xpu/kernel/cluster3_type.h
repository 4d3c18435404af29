// xpu3sim stand-in for XDNN's "xpu/kernel/cluster3_type.h": the device's
// 16-bit float types, float16 and bfloat16, which XPU3 kernels are
// instantiated for. Their interface is the device's (csrc/xpu3sim/README.md,
// R6): trivially constructible, so they may sit in LM and SM arrays (the bits
// of a default-constructed one are unspecified); no conversion from int;
// conversions to and from float only explicit. The simulation converts with
// opforge's host types, so a simulated kernel widens and narrows bit for bit
// as the CPU kernel does; the device's own rounding is not verified here.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"
#include "xpu/kernel/xtdk.h"

struct float16 {
  uint16_t val_;

  float16() = default;
  float16(int) = delete;
  __device__ explicit float16(float f) : val_(opforge::float16(f).bits) {}
  __device__ explicit operator float() const {
    opforge::float16 host;
    host.bits = val_;
    return static_cast<float>(host);
  }
};

struct bfloat16 {
  uint16_t val_;

  bfloat16() = default;
  bfloat16(int) = delete;
  __device__ explicit bfloat16(float f) : val_(opforge::bfloat16(f).bits) {}
  __device__ explicit operator float() const {
    opforge::bfloat16 host;
    host.bits = val_;
    return static_cast<float>(host);
  }
};
