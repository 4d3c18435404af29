// What generated XPU3 launchers use to run a kernel under the simulation:
// exactly-sized device copies of the host buffers, and a launch whose
// simulation errors become OpErrors naming the op (opforge/sim_glue.h).
#pragma once

#include <atomic>
#include <string>

#include "opforge/runtime.h"
#include "opforge/sim_glue.h"
#include "opforge/xpu3_types.h"
#include "xpu3sim/sim.h"

namespace opforge::xpu3_sim {

// An exactly-sized device copy of one host buffer in the simulation's memory.
template <typename T>
using DeviceCopy = SimDeviceCopy<T, xpu3sim::kSimulation>;

// Runs `kernel` on nclusters (ctx.xpu3's, or fewer if the spec caps them) x
// ctx.xpu3's cores; a simulation error (an out-of-bounds transfer, local
// memory exhausted, a deadlock) becomes an OpError of kind kKernel naming the op.
template <typename... Params, typename... Args>
void launch(
    const Context& ctx, int nclusters, const char* op, void (*kernel)(Params...), Args... args) {
  static std::atomic<uint64_t> next_schedule{0};
  const uint64_t schedule = sim_schedule(ctx.xpu3.schedule_seed, next_schedule);
  const std::string shape =
      std::to_string(nclusters) + "x" + std::to_string(ctx.xpu3.ncores) + " cores";
  run_simulated(op, "XPU3", shape, schedule, [&] {
    xpu3sim::launch(
        op, xpu3sim::LaunchConfig{nclusters, ctx.xpu3.ncores, schedule}, kernel, args...);
  });
}

}  // namespace opforge::xpu3_sim
