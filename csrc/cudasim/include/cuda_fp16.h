// Stand-in for the CUDA toolchain's cuda_fp16.h (simulation build only): the
// `__half` type with the real header's interface (trivial default
// constructor, implicit conversions from and to float and the integer types,
// operators on two halves), converting as the device does: float and double to
// half round to nearest even, overflow gives infinity, NaN gives the canonical
// NaN 0x7fff. Arithmetic is done in float and rounded once, which is correctly
// rounded for +, -, *, / of halves (float has more than 2 x 11 + 2 bits).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "cuda_runtime.h"

struct __half_raw {
  unsigned short x;
};

namespace cudasim {
namespace detail {

inline std::uint32_t float_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bits_float(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

inline unsigned short float_to_half_bits(float f) {
  const std::uint32_t u = float_bits(f);
  const std::uint32_t sign = (u >> 16) & 0x8000u;
  const std::uint32_t a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return 0x7fffu;                                       // NaN
  if (a >= 0x477ff000u) return static_cast<unsigned short>(sign | 0x7c00u);  // >= 65520: inf
  if (a >= 0x38800000u) {  // a normal half (>= 2^-14)
    const std::uint32_t rounded = a + 0xfffu + ((a >> 13) & 1u);
    return static_cast<unsigned short>(sign | ((rounded - 0x38000000u) >> 13));
  }
  if (a <= 0x33000000u) return static_cast<unsigned short>(sign);  // <= 2^-25: ties to 0
  // A subnormal half: the value in units of 2^-24, rounded to nearest even.
  const std::uint32_t mantissa = (a & 0x7fffffu) | 0x800000u;
  const std::uint32_t shift = 126u - (a >> 23);  // 14..24
  std::uint32_t result = mantissa >> shift;
  const std::uint32_t rest = mantissa & ((1u << shift) - 1u);
  const std::uint32_t halfway = 1u << (shift - 1u);
  if (rest > halfway || (rest == halfway && (result & 1u))) ++result;
  return static_cast<unsigned short>(sign | result);
}

inline float half_bits_to_float(unsigned short h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1fu;
  const std::uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1fu) return bits_float(sign | 0x7f800000u | (mantissa << 13));
  if (exponent != 0) return bits_float(sign | ((exponent + 112u) << 23) | (mantissa << 13));
  // Zero or subnormal: mantissa x 2^-24, exact in float.
  const float magnitude = static_cast<float>(mantissa) * 5.9604644775390625e-8f;
  return sign != 0 ? -magnitude : magnitude;
}

// double -> float rounding to odd, so that a second rounding to a narrower
// format (half, bfloat16) gives the correctly rounded result.
inline float double_to_float_odd(double d) {
  float f = static_cast<float>(d);
  if (std::isnan(d) || static_cast<double>(f) == d) return f;
  std::uint32_t u = float_bits(f);
  if ((u & 1u) == 0) {
    if (std::fabs(static_cast<double>(f)) > std::fabs(d)) {
      --u;
    } else {
      ++u;
    }
  }
  return bits_float(u);
}

// Truncation toward zero, saturating, NaN -> 0: the device's cvt.rzi.
template <class I>
I float_to_int_rz(float f) {
  if (std::isnan(f)) return 0;
  const double t = std::trunc(static_cast<double>(f));
  if (t <= static_cast<double>(std::numeric_limits<I>::min())) {
    return std::numeric_limits<I>::min();
  }
  if (t >= static_cast<double>(std::numeric_limits<I>::max())) {
    return std::numeric_limits<I>::max();
  }
  return static_cast<I>(t);
}

}  // namespace detail
}  // namespace cudasim

struct __nv_bfloat16;

struct __align__(2) __half {
 protected:
  unsigned short __x;

 public:
  __half() = default;
  constexpr __half(const __half_raw& hr) : __x(hr.x) {}
  __half& operator=(const __half_raw& hr) {
    __x = hr.x;
    return *this;
  }
  operator __half_raw() const { return __half_raw{__x}; }
  explicit __half(const __nv_bfloat16 f);
  __half(const float f) : __x(::cudasim::detail::float_to_half_bits(f)) {}
  __half(const double f)
      : __x(::cudasim::detail::float_to_half_bits(::cudasim::detail::double_to_float_odd(f))) {}
  operator float() const { return ::cudasim::detail::half_bits_to_float(__x); }
  __half& operator=(const float f) { return *this = __half(f); }
  __half& operator=(const double f) { return *this = __half(f); }
  // Integers: exact in float up to 2^24, and larger ones overflow half anyway.
  __half(const short val) : __half(static_cast<float>(val)) {}
  __half(const unsigned short val) : __half(static_cast<float>(val)) {}
  __half(const int val) : __half(static_cast<float>(val)) {}
  __half(const unsigned int val) : __half(static_cast<float>(val)) {}
  __half(const long val) : __half(static_cast<float>(val)) {}
  __half(const unsigned long val) : __half(static_cast<float>(val)) {}
  __half(const long long val) : __half(static_cast<float>(val)) {}
  __half(const unsigned long long val) : __half(static_cast<float>(val)) {}
  operator signed char() const { return ::cudasim::detail::float_to_int_rz<signed char>(*this); }
  operator unsigned char() const {
    return ::cudasim::detail::float_to_int_rz<unsigned char>(*this);
  }
  operator char() const { return ::cudasim::detail::float_to_int_rz<char>(*this); }
  operator short() const { return ::cudasim::detail::float_to_int_rz<short>(*this); }
  operator unsigned short() const {
    return ::cudasim::detail::float_to_int_rz<unsigned short>(*this);
  }
  operator int() const { return ::cudasim::detail::float_to_int_rz<int>(*this); }
  operator unsigned int() const { return ::cudasim::detail::float_to_int_rz<unsigned int>(*this); }
  operator long() const { return ::cudasim::detail::float_to_int_rz<long>(*this); }
  operator unsigned long() const {
    return ::cudasim::detail::float_to_int_rz<unsigned long>(*this);
  }
  operator long long() const { return ::cudasim::detail::float_to_int_rz<long long>(*this); }
  operator unsigned long long() const {
    return ::cudasim::detail::float_to_int_rz<unsigned long long>(*this);
  }
  operator bool() const { return (__x & 0x7fffu) != 0u; }
};
typedef __half half;

inline __half __float2half(const float a) {
  return __half(a);
}
inline __half __float2half_rn(const float a) {
  return __half(a);
}
inline __half __double2half(const double a) {
  return __half(a);
}
inline float __half2float(const __half a) {
  return static_cast<float>(a);
}
inline unsigned short __half_as_ushort(const __half h) {
  return static_cast<__half_raw>(h).x;
}
inline __half __ushort_as_half(const unsigned short x) {
  return __half(__half_raw{x});
}
inline __half __hadd(const __half a, const __half b) {
  return __half(float(a) + float(b));
}
inline __half __hsub(const __half a, const __half b) {
  return __half(float(a) - float(b));
}
inline __half __hmul(const __half a, const __half b) {
  return __half(float(a) * float(b));
}
inline __half __hdiv(const __half a, const __half b) {
  return __half(float(a) / float(b));
}
inline __half __hneg(const __half a) {
  return __ushort_as_half(static_cast<unsigned short>(__half_as_ushort(a) ^ 0x8000u));
}
inline bool __hisnan(const __half a) {
  return std::isnan(float(a));
}
inline bool __heq(const __half a, const __half b) {
  return float(a) == float(b);
}
inline bool __hneu(const __half a, const __half b) {
  return !(float(a) == float(b));
}
inline bool __hne(const __half a, const __half b) {
  return float(a) != float(b) && !__hisnan(a) && !__hisnan(b);
}
inline bool __hlt(const __half a, const __half b) {
  return float(a) < float(b);
}
inline bool __hle(const __half a, const __half b) {
  return float(a) <= float(b);
}
inline bool __hgt(const __half a, const __half b) {
  return float(a) > float(b);
}
inline bool __hge(const __half a, const __half b) {
  return float(a) >= float(b);
}

inline __half operator+(const __half& lh, const __half& rh) {
  return __hadd(lh, rh);
}
inline __half operator-(const __half& lh, const __half& rh) {
  return __hsub(lh, rh);
}
inline __half operator*(const __half& lh, const __half& rh) {
  return __hmul(lh, rh);
}
inline __half operator/(const __half& lh, const __half& rh) {
  return __hdiv(lh, rh);
}
inline __half& operator+=(__half& lh, const __half& rh) {
  return lh = __hadd(lh, rh);
}
inline __half& operator-=(__half& lh, const __half& rh) {
  return lh = __hsub(lh, rh);
}
inline __half& operator*=(__half& lh, const __half& rh) {
  return lh = __hmul(lh, rh);
}
inline __half& operator/=(__half& lh, const __half& rh) {
  return lh = __hdiv(lh, rh);
}
inline __half operator+(const __half& h) {
  return h;
}
inline __half operator-(const __half& h) {
  return __hneg(h);
}
inline bool operator==(const __half& lh, const __half& rh) {
  return __heq(lh, rh);
}
inline bool operator!=(const __half& lh, const __half& rh) {
  return __hneu(lh, rh);
}
inline bool operator>(const __half& lh, const __half& rh) {
  return __hgt(lh, rh);
}
inline bool operator<(const __half& lh, const __half& rh) {
  return __hlt(lh, rh);
}
inline bool operator>=(const __half& lh, const __half& rh) {
  return __hge(lh, rh);
}
inline bool operator<=(const __half& lh, const __half& rh) {
  return __hle(lh, rh);
}
