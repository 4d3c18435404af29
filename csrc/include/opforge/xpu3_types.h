// How the launchers hand a call's values to an XPU3 kernel, whose
// declaration (generated/kernel_decls/<op>_xpu3.h) uses the types the device
// has: the toolchain's float16 / bfloat16 for opforge's, long long for
// int64_t (host int64_t is long; the 32-bit core's is long long, and a kernel
// declared with int64_t would not link to its host-side launch), int32 dims.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

#include "opforge/dtypes.h"
#include "opforge/runtime.h"
#include "xpu/kernel/cluster3_type.h"

namespace opforge {

template <typename T>
struct Xpu3Elem {
  using type = T;  // bool, int32_t, float: the same on both sides
};
template <>
struct Xpu3Elem<int64_t> {
  using type = long long;
};
template <>
struct Xpu3Elem<opforge::float16> {
  using type = ::float16;
};
template <>
struct Xpu3Elem<opforge::bfloat16> {
  using type = ::bfloat16;
};
template <typename T>
struct Xpu3Elem<const T> {
  using type = const typename Xpu3Elem<T>::type;
};

// A buffer's pointer as the kernel declares it: the same bytes, its type
// renamed (every pair has one size and alignment).
template <typename T>
typename Xpu3Elem<T>::type* xpu3_arg(T* p) {
  using Device = typename Xpu3Elem<T>::type;
  static_assert(sizeof(Device) == sizeof(T) && alignof(Device) == alignof(T),
                "an XPU3 element type has the layout of its host type");
  return reinterpret_cast<Device*>(p);
}

// A dim as the kernel takes it, 32-bit: one the core cannot index with is an
// error naming the op and the dim, never a truncation.
inline int32_t xpu3_dim(const char* op, const char* name, int64_t value) {
  if (value > INT32_MAX) {
    throw OpError(ErrorKind::kShape,
                  std::string(op) + "(): dim '" + name + "' is " + std::to_string(value) +
                      "; the XPU3 kernel indexes in 32 bits, so it must be at most " +
                      std::to_string(INT32_MAX));
  }
  return static_cast<int32_t>(value);
}

}  // namespace opforge
