// CUDA kernel of speculate_limit_thinking_content_length_v1 (docs/cuda.md). Contract:
// docs/ops/speculate_limit_thinking_content_length_v1.md ("Semantics, per slot b", "Out-of-domain
// values"); the same rules as the CPU kernel: accept_num read as at most tokens_per_step, the
// budget compared as step_idx >= budget + n - 1 - t (no sum that could overflow), step_idx and
// seq_lens_decoder saturating at their dtype's minimum, stop_flags read as bytes.
//
// A thread per slot over a grid-stride loop: the slots are independent (each reads and writes
// only its own row and scalars), so any grid gives the same result, and any batch size is
// covered (FastDeploy launches one block of 1,024 threads, one per slot).
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/speculate_limit_thinking_content_length_v1_cuda.h"
#include "opforge/cuda_bytes.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {
namespace {

__device__ bool is_eos(const CudaArgs& args, int64_t tok) {
  for (int64_t i = 0; i < args.eos_len; ++i) {
    if (args.eos_token_ids[i] == tok) return true;
  }
  return false;
}

__device__ void limit_slot(const CudaArgs& args, int64_t b) {
  const int64_t width = args.tokens_per_step;
  const int64_t end = args.think_end_id;
  const int64_t n_raw = args.accept_num[b];
  const int64_t limit = args.max_think_lens[b];
  int32_t status = args.limit_think_status[b];
  if (n_raw <= 0 || limit < 0 || (status == 2 && opforge::cuda_bytes(args.stop_flags)[b] != 0)) {
    return;
  }
  const int64_t n = n_raw < width ? n_raw : width;
  const int64_t s = args.step_idx[b];
  const int64_t row = b * width;
  int64_t cut = -1;
  for (int64_t t = 0; t < n; ++t) {
    int64_t tok = args.next_tokens[row + t];
    bool forced = false;
    if (status < 1) {
      if (s >= limit + n - 1 - t) {  // token number s - n + 1 + t has reached the budget
        tok = end;
        status = 1;
        forced = true;
      } else if (is_eos(args, tok)) {
        tok = end;
        status = 1;
        forced = true;
        args.stop_flags[b] = false;
      }
    }
    if (status < 2 && tok == end) status = 2;
    args.next_tokens[row + t] = tok;
    if (forced) {
      cut = t + 1;
      break;
    }
  }
  if (cut >= 0) {
    const int64_t dropped = n - cut;
    args.accept_num[b] = static_cast<int32_t>(cut);
    if (dropped > 0) {
      args.step_idx[b] = s < INT64_MIN + dropped ? INT64_MIN : s - dropped;
      const int64_t dec = static_cast<int64_t>(args.seq_lens_decoder[b]) - dropped;
      args.seq_lens_decoder[b] = static_cast<int32_t>(dec < INT32_MIN ? INT32_MIN : dec);
    }
  }
  args.limit_think_status[b] = status;
}

}  // namespace
}  // namespace opforge::speculate_limit_thinking_content_length_v1

__global__ void opforge::speculate_limit_thinking_content_length_v1::cuda_kernel(
    const opforge::speculate_limit_thinking_content_length_v1::CudaArgs args) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.bsz;
       b += stride) {
    limit_slot(args, b);
  }
}
