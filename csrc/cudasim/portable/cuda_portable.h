// Declarations a CUDA kernel uses so that one source compiles with nvcc for the
// device and with g++ against the simulation (csrc/cudasim/README.md):
//
//   cuda_global<T>                     a kernel's pointer to global memory:
//                                      `T* __restrict__` on the device, a checked
//                                      pointer bound to its allocation in the
//                                      simulation
//   CUDA_SHARED_ARRAY(type, name, n)   `__shared__ type name[n]` on the device
//   CUDA_SHARED_VAR(type, name)        `__shared__ type name` on the device
//   cuda_reinterpret<U>(p)             the same memory as U elements
//                                      (reinterpret_cast on the device)
//   CUDA_DYNAMIC_SHARED_ARRAY(type, name)
//                                      `extern __shared__ type name[]`: the
//                                      bytes the launch gives (<<<g, b, bytes>>>,
//                                      LaunchConfig::dynamic_shared_bytes)
//
// In the simulation the shared declarations come fresh (uninitialised) for
// every block and every access is checked for bounds, uninitialised reads and
// races between two threads of the block within one barrier interval.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#if defined(CUDASIM)

template <class T>
using cuda_global = ::cudasim::CheckedPtr<T>;

#define CUDA_SHARED_ARRAY(type, name, count) \
  static char cudasim_site_##name;           \
  const ::cudasim::SharedArray<type, (count)> name(&cudasim_site_##name, #name, __FILE__, __LINE__)

#define CUDA_SHARED_VAR(type, name) \
  static char cudasim_site_##name;  \
  const ::cudasim::SharedVar<type> name(&cudasim_site_##name, #name, __FILE__, __LINE__)

// The same memory as another element type (reinterpret_cast on the device);
// still bound to its allocation, so accesses stay checked byte by byte.
template <class U, class T>
::cudasim::CheckedPtr<U> cuda_reinterpret(::cudasim::CheckedPtr<T> p) {
  static_assert(std::is_const_v<U> || !std::is_const_v<T>,
                "cuda_reinterpret cannot cast away const");
  return ::cudasim::CheckedPtr<U>::cudasim_bind(reinterpret_cast<U*>(p.cudasim_address()),
                                                p.cudasim_region());
}

#define CUDA_DYNAMIC_SHARED_ARRAY(type, name) \
  static char cudasim_site_##name;            \
  const ::cudasim::DynamicSharedArray<type> name(&cudasim_site_##name, #name, __FILE__, __LINE__)

#else

template <class T>
using cuda_global = T* __restrict__;

#define CUDA_SHARED_ARRAY(type, name, count) __shared__ type name[count]
#define CUDA_SHARED_VAR(type, name) __shared__ type name

template <class U, class T>
__device__ __forceinline__ U* cuda_reinterpret(T* p) {
  return reinterpret_cast<U*>(p);
}
// One element type per name in a translation unit (nvcc's rule for extern
// __shared__ arrays, templates included).
#define CUDA_DYNAMIC_SHARED_ARRAY(type, name) extern __shared__ type name[]

#endif
