// CUDA kernel of speculate_set_value_by_flags_and_idx (docs/cuda.md). Contract:
// docs/ops/speculate_set_value_by_flags_and_idx.md ("Semantics, per slot b", "Out-of-domain
// values"); the per-slot rules are the CPU kernel's, the shared ones of
// csrc/kernels/shared/speculate_set_value_by_flags_and_idx.h, called on each slot's values as its
// thread reads them; stop_flags read as bytes.
//
// A thread per slot over a grid-stride loop: the slots are independent (each writes only its own
// history row and scalars), so any grid gives the same result, and any batch size is covered
// (FastDeploy launches one block with a thread per slot, which fails past 1,024 slots).
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/speculate_set_value_by_flags_and_idx_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/speculate_set_value_by_flags_and_idx.h"

namespace opforge::speculate_set_value_by_flags_and_idx {
namespace {

__device__ void set_slot(const CudaArgs& args, int64_t b) {
  if (opforge::cuda_bytes(args.stop_flags)[b] != 0) {
    args.accept_num[b] = 0;
    args.seq_lens_decoder[b] = 0;
    return;
  }
  const int64_t s = args.step_idx[b];
  if (!writes_history(args.seq_lens_encoder[b], args.seq_lens_decoder[b], s)) return;
  const int64_t width = args.max_draft_tokens;
  const int64_t length = args.pre_ids_len;
  const int32_t n = accepted_in_domain(args.accept_num[b], width);
  for (int32_t i = 0; i < n; ++i) {
    const Copy c = copy_of(s, i, n, length);
    if (!c.inside) continue;
    args.pre_ids_all[b * length + c.position] = args.accept_tokens[b * width + c.column];
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
