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
// The per-slot rules are written once for the three kernels, in
// csrc/kernels/shared/draft_model_update.h; this kernel reads and writes the
// slots.
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
#include "shared/draft_model_update.h"

namespace opforge::draft_model_update {
namespace {

using Fed = cub::BlockReduce<int32_t, kCudaBlock>;

__device__ bool is_end_token(const CudaArgs& args, int64_t tok) {
  for (int64_t k = 0; k < args.end_length; ++k) {
    if (args.end_tokens[k] == tok) return true;
  }
  return false;
}

// Slot b's update (the rules of shared/draft_model_update.h on its values);
// whether it is fed to the draft model again.
__device__ bool update_slot(const CudaArgs& args, int64_t b, int64_t nslots) {
  // Every slot: the draft model's lengths, clamped into their domains.
  args.draft_seq_lens_encoder[b] = length_in_domain(args.draft_seq_lens_encoder[b]);
  const int32_t dec_d = length_in_domain(args.draft_seq_lens_decoder[b]);
  args.draft_seq_lens_decoder[b] = dec_d;
  if (b >= nslots) return false;

  const int32_t fed = args.draft_seq_lens_this_time[b];
  args.draft_seq_lens_encoder[b] = 0;    // a prefill is over once its forward has run
  args.draft_seq_lens_this_time[b] = 0;  // unless fed again below
  if (fed <= 0) return false;
  args.draft_seq_lens_decoder[b] = decoder_after(dec_d, fed);

  // The slot's token: its last packed row, if it has rows inside [0, token_num).
  const int64_t lo = args.cu_seqlens_q[b];
  const int64_t hi = args.cu_seqlens_q[b + 1];  // b + 1 <= real_bsz
  if (!rows_inside(lo, hi, args.token_num)) return false;
  const int64_t tok = args.draft_next_tokens[hi - 1];

  const int64_t width = args.max_step_tokens;
  const Append append =
      append_of(args.seq_lens_this_time[b], args.step_idx[b], args.max_dec_len[b], width);
  if (!append.appended) return false;
  args.step_input_ids[b * width + append.column] = tok;
  args.seq_lens_this_time[b] = append.length;
  const bool end =
      !args.prefill_one_step_stop && is_end_token(args, tok);  // looked up if it matters
  if (!fed_again(append, args.prefill_one_step_stop, end)) return false;
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
