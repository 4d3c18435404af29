// CUDA kernel of speculate_set_stop_value_multi_seqs (docs/cuda.md). Contract:
// docs/ops/speculate_set_stop_value_multi_seqs.md ("Semantics, per slot b", "Out-of-domain
// values"); the same rules as the CPU kernel: accept_num read clamped into
// [0, max_accept_len], step_idx below 0 read as 0, a history position outside [1, pre_ids_len)
// never matches, a stop length outside [1, stop_seqs_max_len] is no stop sequence, stop_flags
// read as bytes. Every index formed is inside its row; nothing overflows (int64 positions on
// values the clamps bound).
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

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {

__device__ __forceinline__ int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Whether stop sequence k of slot b (length len) ends just before accepted token a: the token d
// places before the end is accept_tokens[b, a-1-d] for d < a, else pre_ids[b, s - n + a - d],
// which matches only at a history position in [1, pre_ids_len).
__device__ bool matches_at(const CudaArgs& args, int64_t b, int64_t k, int64_t len, int64_t n,
                           int64_t s, int64_t a) {
  if (s - n + a + 1 < len) return false;  // s >= 0, n and a below 2^31: no overflow
  const int64_t acc_row = b * args.max_accept_len;
  const int64_t pre_row = b * args.pre_ids_len;
  const int64_t seq_row = (b * args.stop_seqs_num + k) * args.stop_seqs_max_len;
  for (int64_t d = 0; d < len; ++d) {
    int64_t tok = 0;
    if (d < a) {
      tok = args.accept_tokens[acc_row + a - 1 - d];
    } else {
      const int64_t p = s - n + a - d;
      if (p <= 0 || p >= args.pre_ids_len) return false;
      tok = args.pre_ids[pre_row + p];
    }
    if (tok != args.stop_seqs[seq_row + len - 1 - d]) return false;
  }
  return true;
}

__device__ void stop_slot(const CudaArgs& args, int64_t b) {
  if (opforge::cuda_bytes(args.stop_flags)[b] != 0) return;
  const int64_t s = clamp64(args.step_idx[b], 0, INT64_MAX);
  if (args.min_tokens != nullptr && s < args.min_tokens[b]) return;
  const int64_t n = clamp64(args.accept_num[b], 0, args.max_accept_len);
  int64_t best = n;  // the earliest check position at which a sequence ends; n: none
  for (int64_t k = 0; k < args.stop_seqs_num; ++k) {
    const int64_t len = args.stop_seqs_len[b * args.stop_seqs_num + k];
    if (len <= 0 || len > args.stop_seqs_max_len) continue;
    for (int64_t a = 0; a < best; ++a) {
      if (matches_at(args, b, k, len, n, s, a)) {
        best = a;
        break;
      }
    }
  }
  if (best < n) {
    args.accept_tokens[b * args.max_accept_len + best] = args.end_ids[0];
    args.accept_num[b] = static_cast<int32_t>(best + 1);
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
