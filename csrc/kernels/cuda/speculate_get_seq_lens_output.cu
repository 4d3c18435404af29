// CUDA kernel for speculate_get_seq_lens_output. Contract:
// docs/ops/speculate_get_seq_lens_output.md ("Semantics", "Out-of-domain
// values"); the same rules as the CPU kernel, slot by slot.
//
// One thread per slot over a grid-stride loop, so any grid covers every slot;
// consecutive threads read and write consecutive elements (coalesced). Total
// on any values: a slot's rows are output_rows(), the rule the three kernels
// share (csrc/kernels/shared/speculate_get_seq_lens_output.h): 0 for
// seq_lens_this_time <= 0, 1 for a non-zero seq_lens_encoder (prefill),
// otherwise the slot's seq_lens_this_time. seq_lens_encoder[b] is read only
// for b < max_bsz.
#include <cstdint>

#include "kernel_decls/speculate_get_seq_lens_output_cuda.h"
#include "shared/speculate_get_seq_lens_output.h"

__global__ void opforge::speculate_get_seq_lens_output::cuda_kernel(const CudaArgs args) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.real_bsz;
       b += stride) {
    const bool has_state = b < args.max_bsz;
    const int32_t encoder = has_state ? args.seq_lens_encoder[b] : 0;
    args.seq_lens_output[b] = output_rows(args.seq_lens_this_time[b], has_state, encoder);
  }
}
