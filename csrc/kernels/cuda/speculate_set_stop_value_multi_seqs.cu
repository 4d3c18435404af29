// CUDA kernel of speculate_set_stop_value_multi_seqs (docs/cuda.md). Contract:
// docs/ops/speculate_set_stop_value_multi_seqs.md ("Semantics, per slot b", "Out-of-domain
// values"); the per-slot rules are the CPU kernel's, the shared ones of
// csrc/kernels/shared/speculate_set_stop_value_multi_seqs.h, called on each slot's values as its
// thread reads them; stop_flags read as bytes. Every index formed is inside its row.
//
// A thread per slot over a grid-stride loop: the slots are independent (each reads and writes
// only its own rows), so any grid gives the same result. A slot's work is a few scalars and, per
// stop sequence, at most max_accept_len windows of at most stop_seqs_max_len compares; the
// slot's first match over all its sequences is kept in the thread, so the result does not depend
// on the order of the sequences or of the threads (FastDeploy's thread per sequence races on the
// same slot's outputs).
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/speculate_set_stop_value_multi_seqs_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/speculate_set_stop_value_multi_seqs.h"

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {

// Whether stop sequence k of slot b (length len) ends just before accepted token a (source_of
// says where each of its tokens is read).
__device__ bool matches_at(
    const CudaArgs& args, int64_t b, int64_t k, int64_t len, int32_t n, int64_t s, int32_t a) {
  if (!window_fits(s, n, a, len)) return false;
  const int64_t acc_row = b * args.max_accept_len;
  const int64_t pre_row = b * args.pre_ids_len;
  const int64_t seq_row = (b * args.stop_seqs_num + k) * args.stop_seqs_max_len;
  for (int32_t d = 0; d < len; ++d) {
    const Source src = source_of(d, a, s, n, args.pre_ids_len);
    if (!src.inside) return false;
    const int64_t tok =
        src.accepted ? args.accept_tokens[acc_row + src.index] : args.pre_ids[pre_row + src.index];
    if (tok != args.stop_seqs[seq_row + len - 1 - d]) return false;
  }
  return true;
}

__device__ void stop_slot(const CudaArgs& args, int64_t b) {
  const int64_t s = step_in_domain(args.step_idx[b]);
  const bool has_min = args.min_tokens != nullptr;
  const bool stopped = opforge::cuda_bytes(args.stop_flags)[b] != 0;
  const int64_t min_tok = has_min ? static_cast<int64_t>(args.min_tokens[b]) : int64_t{0};
  if (!checked(stopped, s, has_min, min_tok)) return;
  const int32_t n = accepted_in_domain(args.accept_num[b], args.max_accept_len);
  int32_t best = n;  // the earliest check position at which a sequence ends; n: none
  for (int64_t k = 0; k < args.stop_seqs_num; ++k) {
    const int64_t len = args.stop_seqs_len[b * args.stop_seqs_num + k];
    if (!is_stop_sequence(len, args.stop_seqs_max_len)) continue;
    for (int32_t a = 0; a < best; ++a) {
      if (matches_at(args, b, k, len, n, s, a)) {
        best = a;
        break;
      }
    }
  }
  if (best < n) {
    args.accept_tokens[b * args.max_accept_len + best] = args.end_ids[0];
    args.accept_num[b] = best + 1;
    args.stop_flags[b] = true;
  }
}

}  // namespace
}  // namespace opforge::speculate_set_stop_value_multi_seqs

__global__ void opforge::speculate_set_stop_value_multi_seqs::cuda_kernel(
    const opforge::speculate_set_stop_value_multi_seqs::CudaArgs args) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.bsz;
       b += stride) {
    stop_slot(args, b);
  }
}
