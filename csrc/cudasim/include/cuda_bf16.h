// Stand-in for the CUDA toolchain's cuda_bf16.h (simulation build only): the
// `__nv_bfloat16` type with the real header's interface, converting as the
// device does (float to bfloat16 rounds to nearest even, NaN gives 0x7fff).
#pragma once

#include "cuda_fp16.h"

struct __nv_bfloat16_raw {
  unsigned short x;
};

namespace cudasim {
namespace detail {

inline unsigned short float_to_bfloat16_bits(float f) {
  const std::uint32_t u = float_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;
  return static_cast<unsigned short>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
inline float bfloat16_bits_to_float(unsigned short b) {
  return bits_float(static_cast<std::uint32_t>(b) << 16);
}

}  // namespace detail
}  // namespace cudasim

struct __align__(2) __nv_bfloat16 {
 protected:
  unsigned short __x;

 public:
  __nv_bfloat16() = default;
  constexpr __nv_bfloat16(const __nv_bfloat16_raw& hr) : __x(hr.x) {}
  __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) {
    __x = hr.x;
    return *this;
  }
  operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
  explicit __nv_bfloat16(const __half f) : __nv_bfloat16(static_cast<float>(f)) {}
  __nv_bfloat16(const float f) : __x(::cudasim::detail::float_to_bfloat16_bits(f)) {}
  __nv_bfloat16(const double f)
      : __x(::cudasim::detail::float_to_bfloat16_bits(::cudasim::detail::double_to_float_odd(f))) {}
  operator float() const { return ::cudasim::detail::bfloat16_bits_to_float(__x); }
  __nv_bfloat16& operator=(const float f) { return *this = __nv_bfloat16(f); }
  __nv_bfloat16& operator=(const double f) { return *this = __nv_bfloat16(f); }
  // Integers: rounded once from the exact value (via round-to-odd double).
  __nv_bfloat16(const short val) : __nv_bfloat16(static_cast<float>(val)) {}
  __nv_bfloat16(const unsigned short val) : __nv_bfloat16(static_cast<float>(val)) {}
  __nv_bfloat16(const int val) : __nv_bfloat16(static_cast<double>(val)) {}
  __nv_bfloat16(const unsigned int val) : __nv_bfloat16(static_cast<double>(val)) {}
  __nv_bfloat16(const long val) : __nv_bfloat16(static_cast<double>(val)) {}
  __nv_bfloat16(const unsigned long val) : __nv_bfloat16(static_cast<double>(val)) {}
  __nv_bfloat16(const long long val) : __nv_bfloat16(static_cast<double>(val)) {}
  __nv_bfloat16(const unsigned long long val) : __nv_bfloat16(static_cast<double>(val)) {}
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
typedef __nv_bfloat16 nv_bfloat16;

inline __half::__half(const __nv_bfloat16 f) : __half(static_cast<float>(f)) {}

inline __nv_bfloat16 __float2bfloat16(const float a) {
  return __nv_bfloat16(a);
}
inline __nv_bfloat16 __float2bfloat16_rn(const float a) {
  return __nv_bfloat16(a);
}
inline __nv_bfloat16 __double2bfloat16(const double a) {
  return __nv_bfloat16(a);
}
inline float __bfloat162float(const __nv_bfloat16 a) {
  return static_cast<float>(a);
}
inline unsigned short __bfloat16_as_ushort(const __nv_bfloat16 h) {
  return static_cast<__nv_bfloat16_raw>(h).x;
}
inline __nv_bfloat16 __ushort_as_bfloat16(const unsigned short x) {
  return __nv_bfloat16(__nv_bfloat16_raw{x});
}
inline __nv_bfloat16 __hadd(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __nv_bfloat16(float(a) + float(b));
}
inline __nv_bfloat16 __hsub(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __nv_bfloat16(float(a) - float(b));
}
inline __nv_bfloat16 __hmul(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __nv_bfloat16(float(a) * float(b));
}
inline __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __nv_bfloat16(float(a) / float(b));
}
inline __nv_bfloat16 __hneg(const __nv_bfloat16 a) {
  return __ushort_as_bfloat16(static_cast<unsigned short>(__bfloat16_as_ushort(a) ^ 0x8000u));
}
inline bool __hisnan(const __nv_bfloat16 a) {
  return std::isnan(float(a));
}

inline __nv_bfloat16 operator+(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hadd(lh, rh);
}
inline __nv_bfloat16 operator-(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hsub(lh, rh);
}
inline __nv_bfloat16 operator*(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hmul(lh, rh);
}
inline __nv_bfloat16 operator/(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hdiv(lh, rh);
}
inline __nv_bfloat16& operator+=(__nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return lh = __hadd(lh, rh);
}
inline __nv_bfloat16& operator-=(__nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return lh = __hsub(lh, rh);
}
inline __nv_bfloat16& operator*=(__nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return lh = __hmul(lh, rh);
}
inline __nv_bfloat16& operator/=(__nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return lh = __hdiv(lh, rh);
}
inline __nv_bfloat16 operator+(const __nv_bfloat16& h) {
  return h;
}
inline __nv_bfloat16 operator-(const __nv_bfloat16& h) {
  return __hneg(h);
}
inline bool operator==(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return float(lh) == float(rh);
}
inline bool operator!=(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return !(float(lh) == float(rh));
}
inline bool operator>(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return float(lh) > float(rh);
}
inline bool operator<(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return float(lh) < float(rh);
}
inline bool operator>=(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return float(lh) >= float(rh);
}
inline bool operator<=(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return float(lh) <= float(rh);
}
