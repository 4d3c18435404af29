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

namespace opforge::cuda_sim {

// A device copy of one host buffer, exactly as long as the buffer, so that the
// simulation checks every kernel access against the declared length. Absent
// optional buffers stay null. The device memory is freed on every path.
template <typename T>
class DeviceCopy {
 public:
  using Plain = std::remove_const_t<T>;

  // CopyIn::kNo for new outputs, whose device memory then stays
  // uninitialised to the simulation, so a kernel reading an element before
  // writing it is reported.
  DeviceCopy(const Buffer<T>& host, const char* name, CopyIn copy_in) : host_(host) {
    if (!host.present()) return;
    device_ = static_cast<Plain*>(cudasim::device_malloc(bytes(), name));
    if (copy_in == CopyIn::kYes && bytes() > 0) cudasim::memcpy_h2d(device_, host.data, bytes());
  }
  ~DeviceCopy() { cudasim::device_free(device_); }
  DeviceCopy(const DeviceCopy&) = delete;
  DeviceCopy& operator=(const DeviceCopy&) = delete;

  T* get() const { return device_; }

  void copy_back() const {
    static_assert(!std::is_const_v<T>, "only in-place and output buffers are copied back");
    if (device_ != nullptr && bytes() > 0) cudasim::memcpy_d2h(host_.data, device_, bytes());
  }

 private:
  std::size_t bytes() const { return static_cast<std::size_t>(host_.size) * sizeof(T); }

  Buffer<T> host_;
  Plain* device_ = nullptr;
};

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
