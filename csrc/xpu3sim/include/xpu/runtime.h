// xpu3sim stand-in for the XPU3 runtime header "xpu/runtime.h": the calls the
// generated device launchers make (opforge/xpu3_device_glue.h), over the
// simulation's device memory, so that the launchers, written for the real
// toolchain, build with g++ and run in the tests. Each call returns 0 as the
// runtime does on success; the simulation's own errors (an allocation or copy
// it cannot make, a kernel that fails) are thrown as xpu3sim::Error and so
// stop a test loudly instead of becoming a code.
#pragma once

#include <atomic>
#include <cstdint>

#include "xpu3sim/sim.h"

typedef struct xpu3sim_stream* XPUStream;

namespace xpu3sim_runtime {

// Test hook: set to n > 0, the n-th runtime call from then on (xpu_malloc,
// xpu_memcpy, a launch, xpu_wait; 1-based) fails with code 1 and does
// nothing, so a test can reach every error path of a launcher.
inline int& fail_countdown() {
  static int countdown = 0;
  return countdown;
}

inline bool fails_now() {
  int& countdown = fail_countdown();
  return countdown > 0 && --countdown == 0;
}

}  // namespace xpu3sim_runtime

enum XPUMemcpyKind { XPU_HOST_TO_DEVICE = 0, XPU_DEVICE_TO_HOST = 1 };

inline int xpu_malloc(void** device_ptr, uint64_t bytes) {
  if (xpu3sim_runtime::fails_now()) return 1;
  *device_ptr = xpu3sim::device_malloc(static_cast<std::size_t>(bytes), "xpu_malloc");
  return 0;
}

inline int xpu_free(void* device_ptr) {
  xpu3sim::device_free(device_ptr);
  return 0;
}

inline int xpu_memcpy(void* dst, const void* src, uint64_t bytes, XPUMemcpyKind kind) {
  if (xpu3sim_runtime::fails_now()) return 1;
  if (kind == XPU_HOST_TO_DEVICE) {
    xpu3sim::memcpy_h2d(dst, src, static_cast<std::size_t>(bytes));
  } else {
    xpu3sim::memcpy_d2h(dst, src, static_cast<std::size_t>(bytes));
  }
  return 0;
}

// Launches run to completion, so a stream has nothing left to wait for.
inline int xpu_wait(XPUStream /*stream*/ = nullptr) {
  return xpu3sim_runtime::fails_now() ? 1 : 0;
}

namespace xpu3sim_runtime {

// What OPFORGE_XPU3_LAUNCH(kernel, clusters, cores, stream)(args...) is here:
// the simulated launch, each launch in its own core schedule; returns 0 as a
// launch built with -fxpu-launch-return does on success.
template <class... Params>
auto launch(
    const char* name, int nclusters, int ncores, XPUStream /*stream*/, void (*kernel)(Params...)) {
  return [=](auto... args) {
    if (fails_now()) return 1;
    static std::atomic<uint64_t> next_schedule{0};
    const uint64_t schedule = next_schedule.fetch_add(1, std::memory_order_relaxed);
    xpu3sim::launch(name, xpu3sim::LaunchConfig{nclusters, ncores, schedule}, kernel, args...);
    return 0;
  };
}

}  // namespace xpu3sim_runtime
