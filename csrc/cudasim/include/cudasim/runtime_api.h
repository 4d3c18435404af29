// Stand-ins of the CUDA runtime's allocation, copy and stream calls over the
// simulation's device memory, so that host code written for a GPU (the
// generated GPU launchers, generated/launch/<op>_cuda.cu) is built with g++
// and run: device tensors live in simulated device memory, staged copies are
// checked allocations, and a launch is simulated. Streams are not modelled: a
// launch runs to completion, so nothing is left to wait for. An error found
// in a launch is a cudasim::Error (an exception), as under cudasim::launch.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "cudasim/sim.h"

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
};

inline cudaError_t cudaMallocAsync(void** device_ptr, std::size_t bytes, cudaStream_t) {
  if (device_ptr == nullptr) return cudaErrorInvalidValue;
  *device_ptr = cudasim::device_malloc(bytes, "cudaMallocAsync");
  return cudaSuccess;
}

inline cudaError_t cudaFreeAsync(void* device_ptr, cudaStream_t) {
  cudasim::device_free(device_ptr);
  return cudaSuccess;
}

inline cudaError_t cudaMemcpyAsync(
    void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
  switch (kind) {
    case cudaMemcpyHostToDevice: cudasim::memcpy_h2d(dst, src, bytes); return cudaSuccess;
    case cudaMemcpyDeviceToHost: cudasim::memcpy_d2h(dst, src, bytes); return cudaSuccess;
    case cudaMemcpyDeviceToDevice: cudasim::memcpy_d2d(dst, src, bytes); return cudaSuccess;
    case cudaMemcpyHostToHost: break;
  }
  return cudaErrorInvalidValue;
}

inline cudaError_t cudaStreamSynchronize(cudaStream_t) {
  return cudaSuccess;
}

namespace cudasim {

// What OPFORGE_CUDA_LAUNCH(kernel, blocks, threads, stream, args...) is here:
// the simulated launch, each in its own thread schedule.
template <class... Params, class... Args>
void launch_on_stream(const char* kernel_name,
                      int nblocks,
                      int nthreads,
                      cudaStream_t,
                      void (*kernel)(Params...),
                      Args... args) {
  static std::atomic<std::uint64_t> next_schedule{0};
  LaunchConfig config;
  config.grid = dim3(static_cast<unsigned>(nblocks));
  config.block = dim3(static_cast<unsigned>(nthreads));
  config.schedule_seed = next_schedule.fetch_add(1, std::memory_order_relaxed);
  launch(kernel_name, config, kernel, args...);
}

}  // namespace cudasim
