// xpu3sim stand-in for "xpu/kernel/xtdk_math.h": scalar math for kernels.
#pragma once

#include <math.h>  // sqrt, exp, fmin, fmax, ... in the global namespace, as on the device

#include <type_traits>

// Kernels call min/max with mixed operand types, e.g.
// min(static_cast<int64_t>(n - i), buf_size) with an int buf_size, so these
// take two types and compute in their common type, like the ?: operator.
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
inline std::common_type_t<A, B> min(A a, B b) {
  using Common = std::common_type_t<A, B>;
  return static_cast<Common>(b) < static_cast<Common>(a) ? static_cast<Common>(b)
                                                         : static_cast<Common>(a);
}

template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
inline std::common_type_t<A, B> max(A a, B b) {
  using Common = std::common_type_t<A, B>;
  return static_cast<Common>(a) < static_cast<Common>(b) ? static_cast<Common>(b)
                                                         : static_cast<Common>(a);
}
