// A CUDA kernel's view of a bool tensor as its bytes. A tensor's bool bytes
// may hold 2..255 when a caller's values are hostile, and loading such a byte
// as bool is undefined behaviour on the device as on the host; a kernel reads
// the byte and tests it against zero instead (any non-zero byte is true, as
// the CPU and XPU3 kernels read it).
#pragma once

#include "cuda_portable.h"

namespace opforge {

__device__ __forceinline__ cuda_global<const unsigned char> cuda_bytes(cuda_global<const bool> p) {
#ifdef CUDASIM
  return cuda_global<const unsigned char>::cudasim_bind(
      reinterpret_cast<const unsigned char*>(p.cudasim_address()), p.cudasim_region());
#else
  return reinterpret_cast<const unsigned char*>(p);
#endif
}

}  // namespace opforge
