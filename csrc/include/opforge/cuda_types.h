// How the launchers hand a call's values to a CUDA kernel, whose declaration
// (generated/kernel_decls/<op>_cuda.h) uses the types the device has:
// cuda_fp16.h's half and cuda_bf16.h's __nv_bfloat16 for opforge's 16-bit
// floats; everything else as on the host (the device follows the host's data
// model, so int64_t is the same type on both sides).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cuda_portable.h"
#include "opforge/dtypes.h"
#ifdef CUDASIM
#include "cudasim/sim.h"
#endif

namespace opforge {

template <typename T>
struct CudaElem {
  using type = T;
};
template <>
struct CudaElem<opforge::float16> {
  using type = half;
};
template <>
struct CudaElem<opforge::bfloat16> {
  using type = __nv_bfloat16;
};
template <typename T>
struct CudaElem<const T> {
  using type = const typename CudaElem<T>::type;
};

// A buffer's pointer as the kernel declares it (cuda_global<T>): the same
// bytes, its type renamed (every pair has one size and alignment). Under the
// simulation, a checked pointer bound to the device allocation it points into.
template <typename T>
cuda_global<typename CudaElem<T>::type> cuda_arg(const char* op, T* p) {
  using Device = typename CudaElem<T>::type;
  static_assert(sizeof(Device) == sizeof(T) && alignof(Device) == alignof(T),
                "a CUDA element type has the layout of its host type");
  Device* device = reinterpret_cast<Device*>(p);
#ifdef CUDASIM
  return cuda_global<Device>::cudasim_bind(device,
                                           cudasim::detail::global_region_of(op, -1, device));
#else
  (void)op;
  return device;
#endif
}

}  // namespace opforge
