// Host-side API of xpu3sim, the C++ simulation of the Kunlun XPU3 kernel
// programming model: simulated device (global) memory and kernel launches.
// See csrc/xpu3sim/README.md for what is simulated and the rules kernels follow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "simcore/sim.h"

namespace xpu3sim {

// Everything the simulator detects (bad copies, local memory exhausted,
// deadlocks, misuse of the API) is reported as this exception (the one every
// simulation throws, csrc/simcore).
using Error = simcore::Error;

// This simulation, as the shared core (csrc/simcore) names it in reports and
// as the owner of its device allocations.
inline constexpr simcore::Simulation kSimulation{"xpu3sim", "core", "cluster"};

struct LaunchConfig {
  int nclusters;           // the device wrappers pass ctx->ncluster()
  int ncores_per_cluster;  // 64 on XPU3; 1..kMaxCoresPerCluster accepted
  uint64_t schedule_seed;  // selects the order in which cores run
};

// Hardware limits the simulation enforces (sources in README.md).
inline constexpr int kMaxCoresPerCluster = 64;
// Local memory (LM) of one core, the most conservative figure public sources
// support (README.md, "The XPU3 dialect"): 8,000 bytes for stack, plain
// locals and arrays together. The simulation cannot measure the stack and
// plain locals, so it reserves 1,856 bytes for them and gives arrays declared
// with XPU3_LM_ARRAY the remaining 6 KiB.
inline constexpr std::size_t kLocalMemoryBytes = 8000;
inline constexpr std::size_t kLocalStackReserveBytes = 8000 - 6 * 1024;
inline constexpr std::size_t kLocalArrayCapacityBytes =
    kLocalMemoryBytes - kLocalStackReserveBytes;
// Shared memory (SM) of one cluster, enforced for XPU3_SM_ARRAY/XPU3_SM_VAR.
inline constexpr std::size_t kSharedMemoryBytes = 256 * 1024;

// Simulated global memory, the shared core's (csrc/simcore/include/simcore/sim.h):
// each allocation is exactly `bytes` long (so that AddressSanitizer sees
// overruns), filled with the byte 0xDB because device memory starts
// uninitialised, and registered under `name` for error messages.
//   void* device_malloc(std::size_t bytes, const char* name);
//   void device_free(void* device_ptr);  // nullptr is ignored
//   void memcpy_h2d(void* device_dst, const void* host_src, std::size_t bytes);
//   void memcpy_d2h(void* host_dst, const void* device_src, std::size_t bytes);
using HostApi = simcore::HostApi<kSimulation>;
inline constexpr auto& device_malloc = HostApi::device_malloc;
inline constexpr auto& device_free = HostApi::device_free;
inline constexpr auto& memcpy_h2d = HostApi::memcpy_h2d;
inline constexpr auto& memcpy_d2h = HostApi::memcpy_d2h;

namespace detail {

struct PointerArgument {
  int index;
  const void* value;
};
using simcore::KernelThunk;

// Runs `thunk(closure)` once per simulated core; throws Error on any failure.
void run_launch(const char* kernel_name, const LaunchConfig& config,
                KernelThunk thunk, const void* closure,
                const PointerArgument* pointer_arguments,
                std::size_t pointer_argument_count);

// Converts an argument to its parameter type the way a function call would
// (implicitly), so launch() accepts exactly what a direct call accepts.
template <class Param>
Param as_param(Param value) {
  return value;
}

template <class Param>
void note_pointer(Param value, int index, PointerArgument* out, std::size_t& count) {
  if constexpr (std::is_pointer_v<Param>) {
    out[count++] = PointerArgument{index, static_cast<const void*>(value)};
  } else {
    (void)value, (void)index, (void)out, (void)count;
  }
}

}  // namespace detail

// Runs `kernel` on cfg.nclusters x cfg.ncores_per_cluster simulated cores, the
// equivalent of `kernel<<<nclusters, ncores, stream>>>(args...)`, and returns
// when all cores have finished. Pointer arguments must be null or point into
// device_malloc memory. Errors raised on any core abort the whole launch and
// are rethrown here as xpu3sim::Error naming `kernel_name`.
template <class... Params, class... Args>
void launch(const char* kernel_name, LaunchConfig cfg, void (*kernel)(Params...),
            Args... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "xpu3sim::launch: argument count differs from the kernel's parameters");
  if (kernel == nullptr) throw Error("xpu3sim::launch: kernel function pointer is null");
  auto closure = [kernel, args...]() { kernel(detail::as_param<Params>(args)...); };

  detail::PointerArgument pointers[sizeof...(Args) + 1];
  std::size_t pointer_count = 0;
  int index = 0;
  (detail::note_pointer<Params>(detail::as_param<Params>(args), index++, pointers,
                                pointer_count),
   ...);
  (void)index;
  detail::run_launch(kernel_name, cfg, &simcore::call_closure<decltype(closure)>,
                     &closure, pointers, pointer_count);
}

}  // namespace xpu3sim
