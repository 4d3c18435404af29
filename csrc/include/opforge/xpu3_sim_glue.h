// What generated XPU3 launchers use to run a kernel under the simulation:
// exactly-sized device copies of the host buffers, and a launch whose
// simulation errors become OpErrors naming the op.
#pragma once

#include <atomic>
#include <cstring>
#include <string>

#include "opforge/runtime.h"
#include "opforge/xpu3_types.h"
#include "xpu3sim/sim.h"

namespace opforge::xpu3_sim {

// A device copy of one host buffer, exactly as long as the buffer, so that the
// simulation checks every kernel transfer against the declared length. Absent
// optional buffers stay null. The device memory is freed on every path.
template <typename T>
class DeviceCopy {
 public:
  using Plain = std::remove_const_t<T>;

  // CopyIn::kNo for new outputs, whose device memory then keeps the
  // simulation's poison pattern, so a kernel that leaves elements unwritten
  // is seen to.
  DeviceCopy(const Buffer<T>& host, const char* name, CopyIn copy_in) : host_(host) {
    if (!host.present()) return;
    device_ = static_cast<Plain*>(xpu3sim::device_malloc(bytes(), name));
    if (copy_in == CopyIn::kYes && bytes() > 0) xpu3sim::memcpy_h2d(device_, host.data, bytes());
  }
  ~DeviceCopy() { xpu3sim::device_free(device_); }
  DeviceCopy(const DeviceCopy&) = delete;
  DeviceCopy& operator=(const DeviceCopy&) = delete;

  T* get() const { return device_; }

  void copy_back() const {
    static_assert(!std::is_const_v<T>, "only in-place and output buffers are copied back");
    if (device_ != nullptr && bytes() > 0) xpu3sim::memcpy_d2h(host_.data, device_, bytes());
  }

 private:
  std::size_t bytes() const { return static_cast<std::size_t>(host_.size) * sizeof(T); }

  Buffer<T> host_;
  Plain* device_ = nullptr;
};

// Runs `kernel` on nclusters (ctx.xpu3's, or fewer if the spec caps them) x
// ctx.xpu3's cores; a simulation error (an out-of-bounds transfer, local
// memory exhausted, a deadlock) becomes an OpError of kind kKernel naming the op.
template <typename... Params, typename... Args>
void launch(const Context& ctx, int nclusters, const char* op, void (*kernel)(Params...),
            Args... args) {
  static std::atomic<uint64_t> next_schedule{0};
  const uint64_t schedule = ctx.xpu3.schedule_seed >= 0
                                ? static_cast<uint64_t>(ctx.xpu3.schedule_seed)
                                : next_schedule.fetch_add(1, std::memory_order_relaxed);
  try {
    xpu3sim::launch(op, xpu3sim::LaunchConfig{nclusters, ctx.xpu3.ncores, schedule}, kernel,
                    args...);
  } catch (const xpu3sim::Error& error) {
    throw OpError(ErrorKind::kKernel,
                  std::string(op) + "(): the XPU3 kernel failed under simulation (" +
                      std::to_string(nclusters) + "x" + std::to_string(ctx.xpu3.ncores) +
                      " cores, schedule " + std::to_string(schedule) + "): " + error.what());
  }
}

}  // namespace opforge::xpu3_sim
