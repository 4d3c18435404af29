// The hostile acts of test_main.cc as CUDA kernels (their XPU3 twins are in
// hostile.xpu): each simulation must report them in the same form.
#include <stdexcept>

#include "cuda_portable.h"

namespace simcore_tests {

// Thread 0 reads element n of `in`, which holds n ints: one past its end.
__global__ void cuda_read_past_end(cuda_global<const int> in, int n, cuda_global<int> out) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  out[0] = in[n];
}

__global__ void cuda_throws(cuda_global<int> out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) throw std::logic_error("thrown by the kernel");
}

}  // namespace simcore_tests
