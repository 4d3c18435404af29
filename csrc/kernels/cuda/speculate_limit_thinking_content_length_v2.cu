// CUDA kernel of speculate_limit_thinking_content_length_v2 (docs/cuda.md). Contract:
// docs/ops/speculate_limit_thinking_content_length_v2.md ("Semantics, per slot b", "Out-of-domain
// values"); the per-slot rules are the CPU kernel's, the shared ones of
// csrc/kernels/shared/speculate_limit_thinking_content_length_v2.h, called on each slot's values
// as this thread reads them; stop_flags is read as bytes.
//
// A thread per slot over a grid-stride loop: the slots are independent (each reads and writes
// only its own row and scalars), so any grid gives the same result, and any batch size is
// covered (FastDeploy launches one block of 1,024 threads, one per slot).
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/speculate_limit_thinking_content_length_v2_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/speculate_limit_thinking_content_length_v2.h"

namespace opforge::speculate_limit_thinking_content_length_v2 {
namespace {

__device__ void limit_slot(const CudaArgs& args, int64_t b) {
  const int64_t width = args.tokens_per_step;
  const int64_t end = args.think_end_id;
  const int64_t lb = args.line_break_id;
  const int32_t limit = args.max_think_lens[b];
  int32_t status = args.limit_think_status[b];
  const bool stopped = opforge::cuda_bytes(args.stop_flags)[b] != 0;
  if (left_alone(args.accept_num[b], limit, status, stopped, kDone)) return;
  const int32_t n = walked(args.accept_num[b], width);
  const int64_t s = args.step_idx[b];
  const int64_t row = b * width;
  int32_t cut = -1;
  for (int32_t t = 0; t < n; ++t) {
    const int64_t tok = args.next_tokens[row + t];
    const Token step = limit_token(tok, status, s, at_budget(limit, n, t), end, lb);
    status = step.status;
    args.next_tokens[row + t] = step.token;
    if (step.forced) {
      cut = t + 1;
      break;
    }
  }
  if (cut >= 0) {
    args.accept_num[b] = cut;
    if (n - cut > 0) {
      const Drop drop = after_drop(s, args.seq_lens_decoder[b], n - cut);
      args.step_idx[b] = drop.step_idx;
      args.seq_lens_decoder[b] = drop.seq_lens_decoder;
    }
  }
  args.limit_think_status[b] = status;
}

}  // namespace
}  // namespace opforge::speculate_limit_thinking_content_length_v2

__global__ void opforge::speculate_limit_thinking_content_length_v2::cuda_kernel(
    const opforge::speculate_limit_thinking_content_length_v2::CudaArgs args) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.bsz;
       b += stride) {
    limit_slot(args, b);
  }
}
