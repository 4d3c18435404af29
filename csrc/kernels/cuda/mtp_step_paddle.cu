// CUDA kernel of mtp_step_paddle (docs/cuda.md). Contract:
// docs/ops/mtp_step_paddle.md; declaration:
// generated/kernel_decls/mtp_step_paddle_cuda.h.
//
// One block (cuda_max_blocks: 1), and its thread 0 does the work. The release,
// the count of slots in need, the drops and the dispatch all push to or pop
// from the one free list in slot order (a block's id depends on every slot
// before it), so one thread runs them, csrc/kernels/shared/mtp_step_paddle.h,
// the code the CPU kernel runs (identical results by construction). FastDeploy's
// GPU kernel spreads the release and the dispatch over threads with atomics on
// the free list's length, which makes which block a slot gets depend on the
// threads' order; here it does not. There is no part without an order to
// spread over the other threads: the work is O(bsz * block_num_per_seq) per
// drop.
#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/mtp_step_paddle_cuda.h"
#include "opforge/cuda_bytes.h"
#define OPFORGE_STEP_BYTES(p) opforge::cuda_bytes(p)
#include "shared/mtp_step_paddle.h"

__global__ void opforge::mtp_step_paddle::cuda_kernel(
    const opforge::mtp_step_paddle::CudaArgs args) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  mtp_step_shared::step(args);
}
