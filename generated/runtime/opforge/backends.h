// Generated from codegen/kinds.py by `python -m codegen`. Do not edit.
// The runtime's backends and each kernel kind's launch, from the registry of
// kernel kinds: the Backend enum and its names, the launch switches of each
// thread, and the Context a call runs under. Included at the end of
// opforge/runtime.h (it uses OpError); include that header, not this one.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace opforge {

// Where run() sends a call: a kind's kernel called directly, or through one
// of its launchers.
enum class Backend : int8_t {
  kCpu,      // the hand-written CPU kernel, on host memory
  kXpu3Sim,  // the XPU3 kernel, run under the XPU3 simulation
  kXpu3,     // the XPU3 kernel on an XPU3 device (builds with the XPU3 toolchain only)
  kCudaSim,  // the CUDA kernel, run under the CUDA simulation
  kCuda,     // the CUDA kernel on a GPU (builds with nvcc and a GPU build of Paddle only)
};

// Each backend's name (backend_name()), and whether ops on CPU tensors may run
// on it (set_cpu_tensor_backend); the others are chosen by a tensor's place.
struct BackendName {
  Backend backend;
  const char* name;
  bool host_tensors;
};

inline constexpr BackendName kBackendNames[] = {
    {Backend::kCpu, "cpu", true},
    {Backend::kXpu3Sim, "xpu3-sim", true},
    {Backend::kXpu3, "xpu3", false},
    {Backend::kCudaSim, "cuda-sim", true},
    {Backend::kCuda, "cuda", false},
};

// What set_cpu_tensor_backend accepts, as its error lists them.
inline constexpr const char* kCpuTensorBackendList = "'cpu', 'xpu3-sim' or 'cuda-sim'";

// The backend of ops on CPU tensors until a thread sets another.
inline constexpr Backend kDefaultCpuTensorBackend = Backend::kCpu;

// How the XPU3 kernel is launched: clusters x cores (XPU3 launches use the
// context's cluster count x 64 cores). Under simulation, schedule_seed picks
// the order in which cores run; -1 takes a new order for every launch.
struct Xpu3Launch {
  int nclusters = 8;
  int ncores = 64;
  int64_t schedule_seed = -1;
};

// How the CUDA kernel is launched: nblocks blocks of the spec's cuda_block
// threads (at most its cuda_max_blocks). Under simulation, schedule_seed picks
// the order in which a block's threads run; -1 takes a new order per launch.
struct CudaLaunch {
  int nblocks = 4;
  int64_t schedule_seed = -1;
};

// Every kind's launch: each thread's (set_<kind>_launch), and each call's
// (its Context).
struct Launches {
  Xpu3Launch xpu3 = {};
  CudaLaunch cuda = {};
};

namespace detail {
// The calling thread's launches (csrc/runtime/runtime.cc).
Launches& thread_launches();
[[noreturn]] void fail_launch(const char* expected, std::initializer_list<int64_t> got);
[[noreturn]] void fail_launch_kind(const std::string& kind, const char* kinds);
[[noreturn]] void fail_launch_count(const std::string& kind, size_t want, size_t got);
}  // namespace detail

// The xpu3 launch's values, each within its bounds (checked as int64,
// so a value past its field's type is refused, not truncated).
inline void check_xpu3_launch(int64_t nclusters, int64_t ncores, int64_t schedule_seed) {
  if (!(nclusters >= 1 && nclusters <= 2147483647 && ncores >= 1 && ncores <= 64 && schedule_seed >= -1)) {
    detail::fail_launch(
        "set_xpu3_launch(): expected 1 <= nclusters <= 2147483647, 1 <= ncores <= 64 and "
        "schedule_seed >= -1",
        {nclusters, ncores, schedule_seed});
  }
}

inline Xpu3Launch xpu3_launch() {
  return detail::thread_launches().xpu3;
}

inline void set_xpu3_launch(const Xpu3Launch& launch) {
  check_xpu3_launch(launch.nclusters, launch.ncores, launch.schedule_seed);
  detail::thread_launches().xpu3 = launch;
}

// The cuda launch's values, each within its bounds (checked as int64,
// so a value past its field's type is refused, not truncated).
inline void check_cuda_launch(int64_t nblocks, int64_t schedule_seed) {
  if (!(nblocks >= 1 && nblocks <= 2147483647 && schedule_seed >= -1)) {
    detail::fail_launch(
        "set_cuda_launch(): expected 1 <= nblocks <= 2147483647 and schedule_seed >= -1",
        {nblocks, schedule_seed});
  }
}

inline CudaLaunch cuda_launch() {
  return detail::thread_launches().cuda;
}

inline void set_cuda_launch(const CudaLaunch& launch) {
  check_cuda_launch(launch.nblocks, launch.schedule_seed);
  detail::thread_launches().cuda = launch;
}

// What a call runs under: its backend and every kind's launch (and, on a
// device, the caller's stream).
struct Context {
  Backend backend = kDefaultCpuTensorBackend;
  Xpu3Launch xpu3 = {};
  void* xpu3_stream = nullptr;  // the device stream (XPUStream) for kXpu3
  CudaLaunch cuda = {};
  void* cuda_stream = nullptr;  // the caller's stream (cudaStream_t) for kCuda
};

// A call on CPU tensors: on `backend`, under the calling thread's launches.
inline Context host_context(Backend backend) {
  Context ctx;
  ctx.backend = backend;
  ctx.xpu3 = xpu3_launch();
  ctx.cuda = cuda_launch();
  return ctx;
}

// A kind's launch by its name, as Python reads and sets it: its values in
// field order.
inline std::vector<int64_t> launch_values(const std::string& kind) {
  if (kind == "xpu3") {
    const Xpu3Launch launch = xpu3_launch();
    return {launch.nclusters, launch.ncores, launch.schedule_seed};
  }
  if (kind == "cuda") {
    const CudaLaunch launch = cuda_launch();
    return {launch.nblocks, launch.schedule_seed};
  }
  detail::fail_launch_kind(kind, "'xpu3' or 'cuda'");
}

inline void set_launch_values(const std::string& kind, const std::vector<int64_t>& values) {
  if (kind == "xpu3") {
    if (values.size() != 3) detail::fail_launch_count(kind, 3, values.size());
    check_xpu3_launch(values[0], values[1], values[2]);
    set_xpu3_launch(
        Xpu3Launch{static_cast<int>(values[0]), static_cast<int>(values[1]), values[2]});
    return;
  }
  if (kind == "cuda") {
    if (values.size() != 2) detail::fail_launch_count(kind, 2, values.size());
    check_cuda_launch(values[0], values[1]);
    set_cuda_launch(CudaLaunch{static_cast<int>(values[0]), values[1]});
    return;
  }
  detail::fail_launch_kind(kind, "'xpu3' or 'cuda'");
}

}  // namespace opforge
