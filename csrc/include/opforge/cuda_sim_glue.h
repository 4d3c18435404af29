// What generated CUDA launchers use to run a kernel under the simulation
// (csrc/cudasim): exactly-sized device copies of the host buffers, and a
// launch whose simulation errors become OpErrors naming the op.
#pragma once

#include <atomic>
#include <string>
#include <type_traits>

#include "cudasim/sim.h"
#include "opforge/cuda_types.h"
#include "opforge/runtime.h"
#include "opforge/sim_device_copy.h"

namespace opforge::cuda_sim {

// The simulation's device memory, for the device copies of the launchers.
struct Memory {
  static void* allocate(std::size_t bytes, const char* name) {
    return cudasim::device_malloc(bytes, name);
  }
  static void release(void* device) { cudasim::device_free(device); }
  static void to_device(void* device, const void* host, std::size_t bytes) {
    cudasim::memcpy_h2d(device, host, bytes);
  }
  static void to_host(void* host, const void* device, std::size_t bytes) {
    cudasim::memcpy_d2h(host, device, bytes);
  }
};

// An exactly-sized device copy of one host buffer (opforge/sim_device_copy.h).
template <typename T>
using DeviceCopy = SimDeviceCopy<T, Memory>;

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
  const uint64_t schedule = ctx.cuda.schedule_seed >= 0
                                ? static_cast<uint64_t>(ctx.cuda.schedule_seed)
                                : next_schedule.fetch_add(1, std::memory_order_relaxed);
  try {
    cudasim::LaunchConfig config;
    config.grid = dim3(static_cast<unsigned>(nblocks));
    config.block = dim3(static_cast<unsigned>(block));
    config.schedule_seed = schedule;
    cudasim::launch(op, config, kernel, args...);
  } catch (const cudasim::Error& error) {
    throw OpError(ErrorKind::kKernel,
                  std::string(op) + "(): the CUDA kernel failed under simulation (" +
                      std::to_string(nblocks) + " blocks x " + std::to_string(block) +
                      " threads, schedule " + std::to_string(schedule) + "): " + error.what());
  }
}

}  // namespace opforge::cuda_sim
