// What the generated launchers of every simulated kind share
// (opforge/xpu3_sim_glue.h, opforge/cuda_sim_glue.h): a device copy of one host
// buffer in the simulations' device memory (csrc/simcore), the schedule of a
// launch, and the OpError a failed simulated launch becomes.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "opforge/runtime.h"
#include "simcore/sim.h"

namespace opforge {

// A device copy of one host buffer, allocated by the simulation `Sim`:
// exactly as long as the buffer, so that the simulation checks every kernel
// access against the declared length. Absent optional buffers stay null; the
// device memory is freed on every path. CopyIn::kNo (new outputs) leaves the
// device memory as the simulation makes it (poisoned, unwritten), so a kernel
// that reads an element before writing it, or leaves one unwritten, is seen to.
template <typename T, const simcore::Simulation& Sim>
class SimDeviceCopy {
 public:
  using Plain = std::remove_const_t<T>;

  SimDeviceCopy(const Buffer<T>& host, const char* name, CopyIn copy_in) : host_(host) {
    if (!host.present()) return;
    device_ = static_cast<Plain*>(simcore::device_malloc(Sim, bytes(), name));
    if (copy_in == CopyIn::kYes && bytes() > 0) {
      simcore::memcpy_h2d(Sim, device_, host.data, bytes());
    }
  }
  ~SimDeviceCopy() { simcore::device_free(Sim, device_); }
  SimDeviceCopy(const SimDeviceCopy&) = delete;
  SimDeviceCopy& operator=(const SimDeviceCopy&) = delete;

  T* get() const { return device_; }

  void copy_back() const {
    static_assert(!std::is_const_v<T>, "only in-place and output buffers are copied back");
    if (device_ != nullptr && bytes() > 0) simcore::memcpy_d2h(Sim, host_.data, device_, bytes());
  }

 private:
  std::size_t bytes() const { return static_cast<std::size_t>(host_.size) * sizeof(T); }

  Buffer<T> host_;
  Plain* device_ = nullptr;
};

// The schedule of a simulated launch: the context's seed when it sets one
// (>= 0), else the next of `next`, so that each launch gets its own.
inline uint64_t sim_schedule(int64_t seed, std::atomic<uint64_t>& next) {
  return seed >= 0 ? static_cast<uint64_t>(seed) : next.fetch_add(1, std::memory_order_relaxed);
}

// Runs `launch()`; an error of the simulation becomes an OpError of kind
// kKernel naming the op, the kernel's kind, the launch's shape and schedule.
template <typename Launch>
void run_simulated(const char* op,
                   const char* kind,
                   const std::string& shape,
                   uint64_t schedule,
                   const Launch& launch) {
  try {
    launch();
  } catch (const simcore::Error& error) {
    throw OpError(ErrorKind::kKernel,
                  std::string(op) + "(): the " + kind + " kernel failed under simulation (" +
                      shape + ", schedule " + std::to_string(schedule) + "): " + error.what());
  }
}

}  // namespace opforge
