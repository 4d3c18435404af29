// CUDA kernel of speculate_set_value_by_flags_and_idx (docs/cuda.md). Contract:
// docs/ops/speculate_set_value_by_flags_and_idx.md ("Semantics, per slot b", "Out-of-domain
// values"); the same rules as the CPU kernel: accept_num read clamped into
// [0, max_draft_tokens], a history position outside [0, pre_ids_len) skipped, stop_flags read as
// bytes.
//
// A thread per slot over a grid-stride loop: the slots are independent (each writes only its own
// history row and scalars), so any grid gives the same result, and any batch size is covered
// (FastDeploy launches one block with a thread per slot, which fails past 1,024 slots).
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/speculate_set_value_by_flags_and_idx_cuda.h"
#include "opforge/cuda_bytes.h"

namespace opforge::speculate_set_value_by_flags_and_idx {
namespace {

__device__ void set_slot(const CudaArgs& args, int64_t b) {
  if (opforge::cuda_bytes(args.stop_flags)[b] != 0) {
    args.accept_num[b] = 0;
    args.seq_lens_decoder[b] = 0;
    return;
  }
  if (args.seq_lens_encoder[b] == 0 && args.seq_lens_decoder[b] == 0) return;  // idle
  const int64_t s = args.step_idx[b];
  if (s <= 0) return;
  const int64_t width = args.max_draft_tokens;
  const int64_t length = args.pre_ids_len;
  const int64_t num = args.accept_num[b];
  const int64_t n = num < 0 ? 0 : (num > width ? width : num);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t p = s - i;
    if (p < 0 || p >= length) continue;
    args.pre_ids_all[b * length + p] = args.accept_tokens[b * width + n - 1 - i];
  }
}

}  // namespace
}  // namespace opforge::speculate_set_value_by_flags_and_idx

__global__ void opforge::speculate_set_value_by_flags_and_idx::cuda_kernel(
    const opforge::speculate_set_value_by_flags_and_idx::CudaArgs args) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.bsz;
       b += stride) {
    set_slot(args, b);
  }
}
