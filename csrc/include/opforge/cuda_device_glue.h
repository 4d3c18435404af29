// What the generated GPU launchers (generated/launch/*_cuda.cu) share: a
// host-resident buffer staged on the device for one launch, freed on every
// path, every runtime call's return code checked, and the launch itself on
// the caller's stream. Compiled by nvcc; with no GPU here, CI compiles it for
// sm_80 and sm_90 and never runs it (docs/cuda.md says what runs where).
#pragma once

#include <cuda_runtime.h>

#include <string>
#include <type_traits>

#include "opforge/cuda_types.h"
#include "opforge/runtime.h"

// kernel<<<blocks, threads, 0, stream>>>(args...) on the device; g++ has no
// such syntax, so under the simulation the same launch goes through it.
#ifdef CUDASIM
#define OPFORGE_CUDA_LAUNCH(kernel, nblocks, nthreads, stream, ...) \
  ::cudasim::launch_on_stream(#kernel, nblocks, nthreads, stream, &kernel, __VA_ARGS__)
#else
#define OPFORGE_CUDA_LAUNCH(kernel, nblocks, nthreads, stream, ...) \
  kernel<<<(nblocks), (nthreads), 0, (stream)>>>(__VA_ARGS__)
#endif

namespace opforge::cuda_device {

[[noreturn]] inline void fail(const char* op, const std::string& what, cudaError_t code) {
  throw OpError(
      ErrorKind::kKernel,
      std::string(op) + "(): " + what + " failed on the GPU (" + cudaGetErrorString(code) + ")");
}

// A host-resident buffer's device copy for one launch, on the caller's
// stream: allocated and, if the kernel reads it, filled on construction;
// copied back by copy_back() (which waits for the stream: the host reads it
// next); freed by the destructor whatever happened in between.
template <typename T>
class Staged {
  using Mutable = std::remove_const_t<T>;

 public:
  Staged(const char* op, const char* name, Buffer<T> host, CopyIn copy_in, cudaStream_t stream)
      : op_(op), name_(name), host_(host), stream_(stream) {
    if (host.size <= 0) return;
    // Stream-ordered allocation: no device-wide synchronisation.
    cudaError_t code = cudaMallocAsync(reinterpret_cast<void**>(&device_), host.bytes(), stream_);
    if (code != cudaSuccess) fail(op_, std::string("allocating '") + name_ + "'", code);
    if (copy_in == CopyIn::kYes) {
      code = cudaMemcpyAsync(device_, host.data, host.bytes(), cudaMemcpyHostToDevice, stream_);
      if (code != cudaSuccess) {
        // A constructor that throws runs no destructor: free here.
        cudaFreeAsync(device_, stream_);
        device_ = nullptr;
        fail(op_, std::string("copying '") + name_ + "' to the device", code);
      }
    }
  }
  Staged(const Staged&) = delete;
  Staged& operator=(const Staged&) = delete;
  ~Staged() {
    // Freed in stream order, after the kernel that reads it: no host wait.
    if (device_ != nullptr) cudaFreeAsync(device_, stream_);
  }

  Mutable* device() const { return device_; }

  void copy_back() {
    if (device_ == nullptr) return;
    cudaError_t code = cudaMemcpyAsync(
        const_cast<Mutable*>(host_.data), device_, host_.bytes(), cudaMemcpyDeviceToHost, stream_);
    if (code == cudaSuccess) code = cudaStreamSynchronize(stream_);
    if (code != cudaSuccess) fail(op_, std::string("copying '") + name_ + "' back", code);
  }

 private:
  const char* op_;
  const char* name_;
  Buffer<T> host_;
  cudaStream_t stream_;
  Mutable* device_ = nullptr;
};

// After a launch: a bad configuration or a failed launch, named.
inline void check_launch(const char* op, const char* kernel) {
  const cudaError_t code = cudaGetLastError();
  if (code != cudaSuccess) fail(op, std::string("launching ") + kernel, code);
}

}  // namespace opforge::cuda_device
