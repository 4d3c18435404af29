// What generated CUDA launchers use to run a kernel under the simulation
// (csrc/cudasim): exactly-sized device copies of the host buffers, and a
// launch whose simulation errors become OpErrors naming the op
// (opforge/sim_glue.h).
#pragma once

#include <atomic>
#include <string>

#include "cudasim/sim.h"
#include "opforge/cuda_types.h"
#include "opforge/runtime.h"
#include "opforge/sim_glue.h"

namespace opforge::cuda_sim {

// An exactly-sized device copy of one host buffer in the simulation's memory.
template <typename T>
using DeviceCopy = SimDeviceCopy<T, cudasim::kSimulation>;

// Runs `kernel` on nblocks blocks (ctx.cuda's, or fewer if the spec caps
// them) of `block` threads; a simulation error (an out-of-bounds access, an
// uninitialised read, a race in shared memory, a thread leaving a barrier)
// becomes an OpError of kind kKernel naming the op.
template <typename... Params, typename... Args>
void launch(const Context& ctx,
            int nblocks,
            int block,
            const char* op,
            void (*kernel)(Params...),
            Args... args) {
  static std::atomic<uint64_t> next_schedule{0};
  const uint64_t schedule = sim_schedule(ctx.cuda.schedule_seed, next_schedule);
  const std::string shape =
      std::to_string(nblocks) + " blocks x " + std::to_string(block) + " threads";
  run_simulated(op, "CUDA", shape, schedule, [&] {
    cudasim::LaunchConfig config;
    config.grid = dim3(static_cast<unsigned>(nblocks));
    config.block = dim3(static_cast<unsigned>(block));
    config.schedule_seed = schedule;
    cudasim::launch(op, config, kernel, args...);
  });
}

}  // namespace opforge::cuda_sim
