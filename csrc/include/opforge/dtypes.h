// 16-bit float storage types of the framework-free layer. Kernels compute in
// float32 and store back; the bit layouts match Paddle's float16 / bfloat16,
// so a tensor's memory is reinterpreted, never converted, at the boundary.
#pragma once

#include <cstdint>
#include <cstring>

namespace opforge {

namespace detail {
inline uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
}  // namespace detail

// bfloat16: the top half of a float32 (round to nearest even when storing).
struct bfloat16 {
  uint16_t bits = 0;

  bfloat16() = default;
  explicit bfloat16(float f) {
    const uint32_t u = detail::float_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) {
      bits = static_cast<uint16_t>((u >> 16) | 0x40u);  // NaN stays NaN
    } else {
      bits = static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
    }
  }
  operator float() const { return detail::bits_float(static_cast<uint32_t>(bits) << 16); }
};

// IEEE binary16.
struct float16 {
  uint16_t bits = 0;

  float16() = default;
  explicit float16(float f) {
    const uint32_t u = detail::float_bits(f);
    const uint32_t sign = (u >> 16) & 0x8000u;
    const uint32_t abs = u & 0x7fffffffu;
    if (abs > 0x7f800000u) {
      bits = static_cast<uint16_t>(sign | 0x7e00u);  // NaN
    } else if (abs >= 0x477ff000u) {
      bits = static_cast<uint16_t>(sign | 0x7c00u);  // overflow to infinity
    } else if (abs < 0x38800000u) {
      // Subnormal or zero: round the value scaled by 2^24 to an integer.
      const float scaled = detail::bits_float(abs) * 16777216.0f;
      uint32_t m = static_cast<uint32_t>(scaled);
      const float rest = scaled - static_cast<float>(m);
      if (rest > 0.5f || (rest == 0.5f && (m & 1u))) ++m;
      bits = static_cast<uint16_t>(sign | m);
    } else {
      const uint32_t rounded = abs + 0xfffu + ((abs >> 13) & 1u);
      bits = static_cast<uint16_t>(sign | ((rounded - 0x38000000u) >> 13));
    }
  }
  operator float() const {
    const uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
    const uint32_t exp = (bits >> 10) & 0x1fu;
    const uint32_t mant = bits & 0x3ffu;
    if (exp == 0) {
      const float value = static_cast<float>(mant) / 16777216.0f;  // mant * 2^-24
      return sign ? -value : value;
    }
    if (exp == 31) return detail::bits_float(sign | 0x7f800000u | (mant << 13));
    return detail::bits_float(sign | ((exp + 112u) << 23) | (mant << 13));
  }
};

static_assert(sizeof(float16) == 2 && sizeof(bfloat16) == 2, "16-bit storage");

}  // namespace opforge
