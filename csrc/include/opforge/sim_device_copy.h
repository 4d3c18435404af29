// A simulation's device copy of one host buffer, shared by the generated
// launchers of every simulated kind (opforge/xpu3_sim_glue.h,
// opforge/cuda_sim_glue.h): exactly as long as the buffer, so that the
// simulation checks every kernel access against the declared length.
#pragma once

#include <cstddef>
#include <type_traits>

#include "opforge/runtime.h"

namespace opforge {

// Memory: the simulation's device memory, as static functions allocate(bytes,
// name), release(pointer), to_device(device, host, bytes), to_host(host,
// device, bytes). Absent optional buffers stay null; the device memory is
// freed on every path. CopyIn::kNo (new outputs) leaves the device memory as
// the simulation makes it (poisoned, unwritten), so a kernel that reads an
// element before writing it, or leaves one unwritten, is seen to.
template <typename T, typename Memory>
class SimDeviceCopy {
 public:
  using Plain = std::remove_const_t<T>;

  SimDeviceCopy(const Buffer<T>& host, const char* name, CopyIn copy_in) : host_(host) {
    if (!host.present()) return;
    device_ = static_cast<Plain*>(Memory::allocate(bytes(), name));
    if (copy_in == CopyIn::kYes && bytes() > 0) Memory::to_device(device_, host.data, bytes());
  }
  ~SimDeviceCopy() { Memory::release(device_); }
  SimDeviceCopy(const SimDeviceCopy&) = delete;
  SimDeviceCopy& operator=(const SimDeviceCopy&) = delete;

  T* get() const { return device_; }

  void copy_back() const {
    static_assert(!std::is_const_v<T>, "only in-place and output buffers are copied back");
    if (device_ != nullptr && bytes() > 0) Memory::to_host(host_.data, device_, bytes());
  }

 private:
  std::size_t bytes() const { return static_cast<std::size_t>(host_.size) * sizeof(T); }

  Buffer<T> host_;
  Plain* device_ = nullptr;
};

}  // namespace opforge
