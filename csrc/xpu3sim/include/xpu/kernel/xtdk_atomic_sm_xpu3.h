// xpu3sim stand-in for "xpu/kernel/xtdk_atomic_sm_xpu3.h": atomic
// read-modify-write on shared memory.
#pragma once

#include "xpu/kernel/xtdk.h"

namespace xpu3sim {
namespace kernel_api {
// Keeps the value parameter out of template argument deduction, so that
// atomicadd(&float_in_sm, 1) deduces T from the pointer alone.
template <class T>
struct NonDeduced {
  using type = T;
};
}  // namespace kernel_api
}  // namespace xpu3sim

// Adds `value` to *ptr (in shared memory) and returns the previous value.
// Only one simulated core runs at a time, so the update itself is atomic; other
// cores may run just before it.
template <class T>
inline T atomicadd(_shared_ptr_ T* ptr,
                   typename xpu3sim::kernel_api::NonDeduced<T>::type value,
                   const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::shared_atomic_point(ptr, sizeof(T), "atomicadd", file, line);
  const T previous = *ptr;
  *ptr = static_cast<T>(previous + value);
  return previous;
}
