// What the generated device launchers (generated/launch/*.xpu) share:
// a host buffer staged on the device for one launch, freed on every path,
// every runtime call's return code checked, and the launch itself. Written
// from the toolchain's public documentation (xpu_malloc, xpu_memcpy, xpu_free,
// xpu_wait return 0 on success; built with -fxpu-launch-return, a launch
// returns an int). With no toolchain here, the tests build the launchers
// against stand-ins of its runtime over the simulation
// (csrc/xpu3sim/include/xpu/runtime.h) and run them.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "opforge/runtime.h"
#include "opforge/xpu3_types.h"
#include "xpu/runtime.h"

// kernel<<<clusters, cores, stream>>>(args...) on the device; g++ has no such
// syntax, so against the stand-in runtime the same launch goes through the
// simulation.
#ifdef XPU3SIM
#define OPFORGE_XPU3_LAUNCH(kernel, nclusters, ncores, stream, ...) \
  ::xpu3sim_runtime::launch(#kernel, nclusters, ncores, stream, &kernel)(__VA_ARGS__)
#else
#define OPFORGE_XPU3_LAUNCH(kernel, nclusters, ncores, stream, ...) \
  kernel<<<nclusters, ncores, stream>>>(__VA_ARGS__)
#endif

namespace opforge::xpu3_device {

[[noreturn]] inline void fail(const char* op, const std::string& what, int code) {
  throw OpError(ErrorKind::kKernel,
                std::string(op) + "(): " + what + " failed on the device (XPU runtime error " +
                    std::to_string(code) + ")");
}

// A host-resident buffer's device copy for one launch: allocated and, if the
// kernel reads it, filled on construction; copied back by copy_back(); freed
// by the destructor whatever happened in between (a failed launch leaks nothing).
template <typename T>
class Staged {
  using Mutable = std::remove_const_t<T>;

 public:
  Staged(const char* op, const char* name, Buffer<T> host, CopyIn copy_in)
      : op_(op), name_(name), host_(host) {
    if (host.size <= 0) return;
    int code = xpu_malloc(reinterpret_cast<void**>(&device_), host.bytes());
    if (code != 0) fail(op_, std::string("allocating '") + name_ + "'", code);
    if (copy_in == CopyIn::kYes) {
      code = xpu_memcpy(device_, host.data, host.bytes(), XPU_HOST_TO_DEVICE);
      if (code != 0) {
        // A constructor that throws runs no destructor: free here.
        xpu_free(device_);
        device_ = nullptr;
        fail(op_, std::string("copying '") + name_ + "' to the device", code);
      }
    }
  }
  Staged(const Staged&) = delete;
  Staged& operator=(const Staged&) = delete;
  ~Staged() {
    if (device_ != nullptr) xpu_free(device_);
  }

  Mutable* device() const { return device_; }

  // After the kernel has finished (the launcher waits on the stream first).
  void copy_back() {
    if (device_ == nullptr) return;
    const int code =
        xpu_memcpy(const_cast<Mutable*>(host_.data), device_, host_.bytes(), XPU_DEVICE_TO_HOST);
    if (code != 0) fail(op_, std::string("copying '") + name_ + "' back", code);
  }

 private:
  const char* op_;
  const char* name_;
  Buffer<T> host_;
  Mutable* device_ = nullptr;
};

inline void check_launch(const char* op, int code) {
  if (code != 0) fail(op, "launching the kernel", code);
}

inline void wait(const char* op, XPUStream stream) {
  const int code = xpu_wait(stream);
  if (code != 0) fail(op, "waiting for the kernel", code);
}

}  // namespace opforge::xpu3_device
