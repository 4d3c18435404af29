// What generated XPU3 launchers use to run a kernel under the simulation:
// exactly-sized device copies of the host buffers, and a launch whose
// simulation errors become OpErrors naming the op.
#pragma once

#include <atomic>
#include <cstring>
#include <string>

#include "opforge/runtime.h"
#include "opforge/sim_device_copy.h"
#include "opforge/xpu3_types.h"
#include "xpu3sim/sim.h"

namespace opforge::xpu3_sim {

// The simulation's device memory, for the device copies of the launchers.
struct Memory {
  static void* allocate(std::size_t bytes, const char* name) {
    return xpu3sim::device_malloc(bytes, name);
  }
  static void release(void* device) { xpu3sim::device_free(device); }
  static void to_device(void* device, const void* host, std::size_t bytes) {
    xpu3sim::memcpy_h2d(device, host, bytes);
  }
  static void to_host(void* host, const void* device, std::size_t bytes) {
    xpu3sim::memcpy_d2h(host, device, bytes);
  }
};

// An exactly-sized device copy of one host buffer (opforge/sim_device_copy.h).
template <typename T>
using DeviceCopy = SimDeviceCopy<T, Memory>;

// Runs `kernel` on nclusters (ctx.xpu3's, or fewer if the spec caps them) x
// ctx.xpu3's cores; a simulation error (an out-of-bounds transfer, local
// memory exhausted, a deadlock) becomes an OpError of kind kKernel naming the op.
template <typename... Params, typename... Args>
void launch(
    const Context& ctx, int nclusters, const char* op, void (*kernel)(Params...), Args... args) {
  static std::atomic<uint64_t> next_schedule{0};
  const uint64_t schedule = ctx.xpu3.schedule_seed >= 0
                                ? static_cast<uint64_t>(ctx.xpu3.schedule_seed)
                                : next_schedule.fetch_add(1, std::memory_order_relaxed);
  try {
    xpu3sim::launch(
        op, xpu3sim::LaunchConfig{nclusters, ctx.xpu3.ncores, schedule}, kernel, args...);
  } catch (const xpu3sim::Error& error) {
    throw OpError(ErrorKind::kKernel,
                  std::string(op) + "(): the XPU3 kernel failed under simulation (" +
                      std::to_string(nclusters) + "x" + std::to_string(ctx.xpu3.ncores) +
                      " cores, schedule " + std::to_string(schedule) + "): " + error.what());
  }
}

}  // namespace opforge::xpu3_sim
