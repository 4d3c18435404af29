// CUDA kernel of build_sampling_params (docs/cuda.md). Contract:
// docs/ops/build_sampling_params.md; the same rules as the CPU kernel
// (csrc/kernels/cpu/build_sampling_params.cc).
//
// One block (cuda_max_blocks: 1): every row must read its slot's seed before
// any seed advances, and no barrier spans blocks.
//  1. A thread per output row (strided over the block): its slot is the last
//     b < real_bsz with cu_seqlens_q_output[b] <= r, found by a scan down from
//     real_bsz - 1 (O(real_bsz) per row at worst, for offsets in any order);
//     the row owns it if r < cu_seqlens_q_output[b + 1]; zeros otherwise.
//  2. __syncthreads().
//  3. A thread per slot advances its seed.
// Seeds are reduced mod M = 2^63 - 2 into [0, M) before any sum.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/build_sampling_params_cuda.h"
#include "shared/build_sampling_params.h"

__global__ void opforge::build_sampling_params::cuda_kernel(const CudaArgs args) {
  if (blockIdx.x == 0) {
    // 1. The rows.
    for (int64_t r = threadIdx.x; r < args.out_token_num; r += kCudaBlock) {
      int64_t b = args.real_bsz - 1;
      while (b >= 0) {
        const int32_t first = args.cu_seqlens_q_output[b];
        if (first <= r) break;
        --b;
      }
      float p = 0.0f;
      int64_t top = 0;
      int64_t seed = 0;
      if (b >= 0) {
        const int32_t lo = args.cu_seqlens_q_output[b];
        const int32_t hi = args.cu_seqlens_q_output[b + 1];
        if (r < hi) {
          const int64_t own_seed = args.infer_seed[b];
          p = args.top_p[b];
          top = args.top_k[b];
          seed = row_seed(own_seed, r - lo);
        }
      }
      args.top_p_padding[r] = p;
      args.top_k_padding[r] = top;
      args.topp_seed[r] = seed;
    }
  }
  // 2. Every row has read its seed (every thread of every block reaches it).
  __syncthreads();
  if (blockIdx.x == 0) {
    // 3. The seeds advance.
    const int64_t step = seed_mod(args.increment_value);
    for (int64_t s = threadIdx.x; s < args.real_bsz; s += kCudaBlock) {
      const int64_t seed = args.infer_seed[s];
      args.infer_seed[s] = add_mod(seed_mod(seed), step);
    }
  }
}
