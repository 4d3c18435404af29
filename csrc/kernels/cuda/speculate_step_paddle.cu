// CUDA kernel of speculate_step_paddle (docs/cuda.md). Contract:
// docs/ops/speculate_step_paddle.md; declaration:
// generated/kernel_decls/speculate_step_paddle_cuda.h.
//
// One block (cuda_max_blocks: 1). The release, the list of slots in need, the
// preemption, the dispatch and the recovery all push to or pop from the one
// free list in slot order (a block's id depends on every slot before it), so
// thread 0 runs them, csrc/kernels/shared/speculate_step_paddle.h, the code
// the CPU kernel runs (identical results by construction). FastDeploy's GPU
// kernel spreads the first phase over threads with atomics on the free list's
// length, which makes which block a slot gets depend on the threads' order;
// here it does not. The one part with no order, the copy of the recovered
// slot's generated tokens into its input row (up to `length` tokens), is
// spread over the block's threads, consecutive threads on consecutive
// columns, after a barrier.
#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_step_paddle_cuda.h"
#include "opforge/cuda_bytes.h"
#define OPFORGE_STEP_BYTES(p) opforge::cuda_bytes(p)
#include "shared/speculate_step_paddle.h"

__global__ void opforge::speculate_step_paddle::cuda_kernel(
    const opforge::speculate_step_paddle::CudaArgs args) {
  if (blockIdx.x != 0) return;
  CUDA_SHARED_VAR(int64_t, slot);
  CUDA_SHARED_VAR(int64_t, start);
  CUDA_SHARED_VAR(int64_t, count);
  if (threadIdx.x == 0) {
    speculate_step_shared::Recovered rec{};
    speculate_step_shared::step<false>(args, &rec);
    slot = rec.slot;
    start = rec.start;
    count = rec.count;
  }
  __syncthreads();
  const int64_t v = slot;
  if (v < 0) return;
  const int64_t n = count;
  const int64_t dst = v * args.length + start;
  const int64_t src = v * args.pre_id_length + 1;
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x)
    args.input_ids[dst + i] = args.pre_ids[src + i];
}
