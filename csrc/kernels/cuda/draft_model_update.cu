// CUDA kernel of draft_model_update. Contract: docs/ops/draft_model_update.md
// ("Semantics, per slot b", "Output invariants", "Out-of-domain values"); the
// same rules as the CPU kernel: every slot's draft-model lengths clamped to
// >= 0 and written back, the cache length saturating at INT32_MAX; a slot's
// packed rows used only if 0 <= cu[b] < cu[b+1] <= token_num (compared, never
// formed out of range); the target's seq_lens_this_time read clamped into
// [0, max_step_tokens]; step_idx and max_dec_len read clamped to >= 0 and the
// limit compared without a sum that could overflow; real_bsz > max_bsz,
// max_step_tokens == 0 and end_length == 0 (which the glue rejects) still
// defined.
//
// One block (cuda_max_blocks: 1): has_draft_seqs is an OR over every slot,
// written once, true or false, and no barrier spans blocks. A thread per slot
// (slots tid, tid + kCudaBlock, ... below max_bsz): the slots are
// independent, each is a few scalars, consecutive across threads (coalesced),
// and at most one token with one end-token lookup (the end tokens are the
// same addresses for every thread: broadcast loads). The threads' "fed again"
// bits are summed with cub::BlockReduce and thread 0 writes has_draft_seqs[0]
// (host memory, which the launcher stages on the device and copies back).
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/draft_model_update_cuda.h"

namespace opforge::draft_model_update {
namespace {

constexpr int64_t kInt32Max = 2147483647LL;
constexpr int64_t kInt64Max = 9223372036854775807LL;

using Fed = cub::BlockReduce<int32_t, kCudaBlock>;

// v clamped into [lo, hi]: how an out-of-domain value is read.
__device__ __forceinline__ int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

__device__ bool is_end_token(const CudaArgs& args, int64_t tok) {
  for (int64_t k = 0; k < args.end_length; ++k) {
    if (args.end_tokens[k] == tok) return true;
  }
  return false;
}

// Slot b's update; whether it is fed to the draft model again.
__device__ bool update_slot(const CudaArgs& args, int64_t b, int64_t nslots) {
  // Every slot: the draft model's lengths, clamped into their domains.
  args.draft_seq_lens_encoder[b] =
      static_cast<int32_t>(clamp64(args.draft_seq_lens_encoder[b], 0, kInt32Max));
  const int64_t dec_d = clamp64(args.draft_seq_lens_decoder[b], 0, kInt32Max);
  args.draft_seq_lens_decoder[b] = static_cast<int32_t>(dec_d);
  if (b >= nslots) return false;

  const int64_t fed = args.draft_seq_lens_this_time[b];
  args.draft_seq_lens_encoder[b] = 0;    // a prefill is over once its forward has run
  args.draft_seq_lens_this_time[b] = 0;  // unless fed again below
  if (fed <= 0) return false;
  const int64_t dec_sum = dec_d + fed;  // both < 2^31: no overflow in int64
  args.draft_seq_lens_decoder[b] = static_cast<int32_t>(dec_sum < kInt32Max ? dec_sum : kInt32Max);

  // The slot's token: its last packed row, if it has rows inside [0, token_num).
  const int64_t lo = args.cu_seqlens_q[b];
  const int64_t hi = args.cu_seqlens_q[b + 1];  // b + 1 <= real_bsz
  if (!(lo >= 0 && lo < hi && hi <= args.token_num)) return false;
  const int64_t tok = args.draft_next_tokens[hi - 1];

  // j: the column of the draft being appended (1 + drafts so far).
  const int64_t width = args.max_step_tokens;
  const int64_t j = clamp64(args.seq_lens_this_time[b], 0, width);
  const int64_t s = clamp64(args.step_idx[b], 0, kInt64Max);
  const int64_t limit = clamp64(args.max_dec_len[b], 0, kInt64Max);
  // Appended iff 1 <= j < width and s + j < limit (limit - j cannot
  // overflow: limit >= 0, j <= width).
  if (j < 1 || j >= width || s >= limit - j) return false;
  args.step_input_ids[b * width + j] = tok;
  args.seq_lens_this_time[b] = static_cast<int32_t>(j + 1);
  // Fed again iff drafting goes on (prefill_one_step_stop off), tok is not
  // an end token, and one more draft would be appended.
  if (args.prefill_one_step_stop || is_end_token(args, tok)) return false;
  if (j + 1 >= width || s >= limit - j - 1) return false;
  args.draft_input_ids[b * width] = tok;
  args.draft_seq_lens_this_time[b] = 1;
  return true;
}

}  // namespace
}  // namespace opforge::draft_model_update

__global__ void opforge::draft_model_update::cuda_kernel(const CudaArgs args) {
  __shared__ typename Fed::TempStorage fed_storage;
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  int32_t any_fed = 0;  // this thread's slots
  for (int64_t b = threadIdx.x; b < args.max_bsz; b += kCudaBlock) {
    if (update_slot(args, b, nslots)) any_fed = 1;
  }
  // has_draft_seqs[0]: written once, true or false, whatever it held.
  const int32_t fed_again = Fed(fed_storage).Sum(any_fed);
  if (threadIdx.x == 0) args.has_draft_seqs[0] = fed_again > 0;
}
