// CUDA kernel of speculate_get_logits (docs/cuda.md). Contract:
// docs/ops/speculate_get_logits.md; declaration:
// generated/kernel_decls/speculate_get_logits_cuda.h.
//
// One block (cuda_max_blocks: 1). The offsets are one prefix sum over the
// slots: thread 0 writes the counts and offsets
// (csrc/kernels/shared/speculate_get_logits.h, the code the CPU kernel runs),
// then after a barrier every thread copies: slot by slot, row by row, the
// block's threads on consecutive columns of the row (rows of different slots
// never overlap, so the order does not matter). FastDeploy runs one block per
// slot after two cub scans.
#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_get_logits_cuda.h"
#include "shared/speculate_get_logits.h"

__global__ void opforge::speculate_get_logits::cuda_kernel(
    const opforge::speculate_get_logits::CudaArgs args) {
  namespace sh = speculate_get_logits_shared;
  if (blockIdx.x != 0) return;
  if (threadIdx.x == 0) sh::offsets(args);
  __syncthreads();
  const int64_t v = args.vocab_size;
  for (int64_t b = 0; b < args.bsz; ++b) {
    const int64_t rows = args.batch_token_num[b];
    for (int64_t r = 0; r < rows; ++r) {
      bool first = false;
      int64_t src = 0;
      if (!sh::row_source(args, b, r, &first, &src)) continue;
      const int64_t dst = (static_cast<int64_t>(args.cu_batch_token_offset[b]) + r) * v;
      const int64_t from = first ? b * v : src * v;
      for (int64_t i = threadIdx.x; i < v; i += blockDim.x) {
        args.draft_logits[dst + i] =
            first ? args.first_token_logits[from + i] : args.logits[from + i];
      }
    }
  }
}
