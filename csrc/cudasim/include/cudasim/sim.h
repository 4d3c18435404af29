// Host-side API of cudasim, the C++ simulation of the CUDA kernel programming
// model: simulated device (global) memory and kernel launches.
// See csrc/cudasim/README.md for what is simulated and the rules kernels follow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cudasim/checked.h"
#include "cudasim/types.h"
#include "simcore/sim.h"

namespace cudasim {

// Everything the simulation detects (out-of-bounds and uninitialised accesses,
// races, barrier misuse, deadlocks, misuse of the API) is reported as this
// (the one every simulation throws, csrc/simcore).
using Error = simcore::Error;

// This simulation, as the shared core (csrc/simcore) names it in reports and
// as the owner of its device allocations.
inline constexpr simcore::Simulation kSimulation{"cudasim", "thread", "block"};

struct LaunchConfig {
  dim3 grid;               // blocks
  dim3 block;              // threads per block, at most kMaxThreadsPerBlock
  uint64_t schedule_seed;  // selects the block order and the thread interleaving
  // The third <<<>>> argument: bytes of CUDA_DYNAMIC_SHARED_ARRAY per block.
  std::size_t dynamic_shared_bytes = 0;
};

// Device limits the simulation enforces (compute capability 8.0 / 9.0).
inline constexpr unsigned kMaxThreadsPerBlock = 1024;
inline constexpr unsigned kMaxBlockDimXY = 1024;
inline constexpr unsigned kMaxBlockDimZ = 64;
inline constexpr unsigned kMaxGridDimX = 2147483647u;
inline constexpr unsigned kMaxGridDimYZ = 65535;
// Shared memory of one block, static (CUDA_SHARED_ARRAY/_VAR) and dynamic
// together: the default limit without an opt-in attribute.
inline constexpr std::size_t kStaticSharedBytes = 48 * 1024;

// Simulated global memory, the shared core's (csrc/simcore/include/simcore/sim.h):
// each allocation is exactly `bytes` long (so that AddressSanitizer sees
// overruns), filled with the byte 0xDB and marked uninitialised, because
// device memory starts so, and registered under `name` for error messages.
//   void* device_malloc(std::size_t bytes, const char* name);
//   void device_free(void* device_ptr);  // nullptr is ignored
//   void memcpy_h2d(void* device_dst, const void* host_src, std::size_t bytes);  // marks
//   initialised void memcpy_d2h(void* host_dst, const void* device_src, std::size_t bytes); void
//   device_memset(void* device_dst, int value, std::size_t bytes);  // cudaMemset; marks void
//   memcpy_d2d(void* device_dst, const void* device_src, std::size_t bytes);  // copies the
//                                                         // bytes and whether each is initialised
using HostApi = simcore::HostApi<kSimulation>;
inline constexpr auto& device_malloc = HostApi::device_malloc;
inline constexpr auto& device_free = HostApi::device_free;
inline constexpr auto& memcpy_h2d = HostApi::memcpy_h2d;
inline constexpr auto& memcpy_d2h = HostApi::memcpy_d2h;
inline constexpr auto& device_memset = HostApi::device_memset;
inline constexpr auto& memcpy_d2d = HostApi::memcpy_d2d;

namespace detail {

using simcore::KernelThunk;

// Runs `thunk(closure)` once per simulated thread; throws Error on any failure.
void run_launch(const char* kernel_name,
                const LaunchConfig& config,
                KernelThunk thunk,
                const void* closure);

// The allocation holding `p` (one past the end included); throws Error naming
// the kernel and argument when `p` is not device memory. Null gives null.
Region* global_region_of(const char* kernel_name, int argument, const void* p);

template <class T>
struct is_checked_ptr : std::false_type {};
template <class T>
struct is_checked_ptr<CheckedPtr<T>> : std::true_type {};

// Converts one argument to its parameter type the way a call would, binding a
// raw device pointer to its allocation when the parameter is checked.
template <class Param, class Arg>
Param bind_argument(const char* kernel_name, int index, const Arg& arg) {
  if constexpr (is_checked_ptr<Param>::value && std::is_pointer_v<Arg>) {
    using Element = typename Param::element_type;
    static_assert(std::is_convertible_v<Arg, Element*>,
                  "cudasim::launch: a pointer argument does not convert to the kernel's "
                  "cuda_global<T> parameter");
    Element* pointer = arg;
    return Param::cudasim_bind(pointer, global_region_of(kernel_name, index, pointer));
  } else {
    if constexpr (std::is_pointer_v<Param> && std::is_pointer_v<Arg>) {
      global_region_of(kernel_name, index, arg);  // unchecked parameter, still device memory
    }
    Param converted = arg;
    return converted;
  }
}

template <class... Params, class... Args, std::size_t... I>
std::tuple<Params...> bind_arguments(const char* kernel_name,
                                     std::index_sequence<I...>,
                                     const Args&... args) {
  return std::tuple<Params...>(bind_argument<Params>(kernel_name, static_cast<int>(I), args)...);
}

}  // namespace detail

// Runs `kernel` on cfg.grid x cfg.block simulated threads, the equivalent of
// `kernel<<<grid, block, 0, stream>>>(args...)`, and returns when all threads
// have finished. Blocks run one after another in an order drawn from the
// seed; a block's threads are fibers interleaved by the seed. Every pointer
// argument must be null or point into device_malloc memory; a cuda_global<T>
// parameter is bound to that allocation and checks every access. Errors on any
// thread abort the launch and are rethrown as cudasim::Error naming the kernel,
// block, thread, source line and buffer.
template <class... Params, class... Args>
void launch(const char* kernel_name, LaunchConfig cfg, void (*kernel)(Params...), Args... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "cudasim::launch: argument count differs from the kernel's parameters");
  if (kernel == nullptr) throw Error("cudasim::launch: kernel function pointer is null");
  const char* name = kernel_name != nullptr ? kernel_name : "<unnamed kernel>";
  const std::tuple<std::decay_t<Params>...> bound = detail::bind_arguments<std::decay_t<Params>...>(
      name, std::index_sequence_for<Args...>{}, args...);
  auto closure = [kernel, &bound]() { std::apply(kernel, bound); };
  detail::run_launch(name, cfg, &simcore::call_closure<decltype(closure)>, &closure);
}

}  // namespace cudasim
