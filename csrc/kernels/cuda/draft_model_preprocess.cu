// CUDA kernel of draft_model_preprocess. Contract:
// docs/ops/draft_model_preprocess.md ("Semantics, per slot b",
// "Out-of-domain values"); the same rules as the CPU kernel, slot by slot.
//
// One block (cuda_max_blocks: 1) with a thread per slot (striding over the
// slots when there are more than kCudaBlock): the slots are independent, and
// has_draft_seqs, an OR over every slot, is one block reduction at the end.
// Total on any values: the draft model's lengths are clamped to >= 0 and
// written back, the target's counters are clamped where a slot reads them,
// prompt_lens + step_idx is compared with max_model_len without forming a sum
// that could overflow, the history is read only below it, and stop_flags is
// read as bytes. has_draft_seqs is host memory: the launcher stages it.
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/draft_model_preprocess_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/draft_model_preprocess.h"

namespace opforge::draft_model_preprocess {
namespace {

using Count = cub::BlockReduce<int, kCudaBlock>;

// Slot b's step; whether it is fed to the draft model.
__device__ bool preprocess_slot(const CudaArgs& args,
                                int64_t b,
                                int64_t nslots,
                                cuda_global<const unsigned char> stop) {
  // Every slot: the draft model's lengths, clamped into their domains.
  const int32_t enc_d = draft_len(args.draft_seq_lens_encoder[b]);
  const int32_t dec_d = draft_len(args.draft_seq_lens_decoder[b]);
  args.draft_seq_lens_encoder[b] = enc_d;
  args.draft_seq_lens_decoder[b] = dec_d;
  if (b >= nslots) return false;

  // Unless the slot is fed below, the draft model skips it.
  args.draft_seq_lens_this_time[b] = 0;
  args.draft_seq_lens_encoder[b] = 0;
  const int32_t state =
      slot_state(stop[b] != 0, args.seq_lens_this_time[b], args.seq_lens_encoder[b]);
  if (state == kStopped) {
    args.seq_lens_this_time[b] = 0;      // the target does not feed it either
    args.draft_seq_lens_decoder[b] = 0;  // the request is over
    return false;
  }
  if (state == kKept) return false;  // idle or paused: the cache is kept
  if (state == kNew) {
    args.draft_seq_lens_decoder[b] = 0;  // a new request, not prefilled by the target yet
    return false;
  }

  // The slot keeps decoding: its target row is its next input token alone.
  args.seq_lens_this_time[b] = 1;
  const cuda_global<int64_t> in_row = args.step_input_ids + b * args.max_step_tokens;
  for (int64_t c = 1; c < args.max_step_tokens; ++c) in_row[c] = -1;

  const int64_t hist = fed_history(args.step_idx[b],
                                   args.max_dec_len[b],
                                   args.prompt_lens[b],
                                   args.max_model_len,
                                   args.max_step_tokens);
  if (hist == 0) return false;

  // <= INT32_MAX (fed_history): fits int32.
  const DraftFeed feed = draft_feed(static_cast<int32_t>(hist), dec_d, args.max_step_tokens);
  if (feed.from >= 0) {
    const cuda_global<const int64_t> history =
        args.token_ids_all + b * args.max_model_len + feed.from;
    const cuda_global<int64_t> draft_row = args.draft_input_ids + b * args.max_step_tokens;
    for (int64_t k = 0; k < feed.this_time; ++k) draft_row[k] = history[k];
  }
  args.draft_seq_lens_this_time[b] = feed.this_time;
  args.draft_seq_lens_encoder[b] = feed.encoder;
  args.draft_seq_lens_decoder[b] = feed.decoder;
  return true;
}

}  // namespace
}  // namespace opforge::draft_model_preprocess

__global__ void opforge::draft_model_preprocess::cuda_kernel(const CudaArgs args) {
  __shared__ typename Count::TempStorage count_storage;
  const cuda_global<const unsigned char> stop = opforge::cuda_bytes(args.stop_flags);
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  int fed = 0;  // slots of this thread fed to the draft model
  for (int64_t b = threadIdx.x; b < args.max_bsz; b += kCudaBlock) {
    fed += preprocess_slot(args, b, nslots, stop) ? 1 : 0;
  }
  // The OR over every slot: a block sum of one flag per thread.
  const int any = Count(count_storage).Sum(fed > 0 ? 1 : 0);
  if (threadIdx.x == 0) args.has_draft_seqs[0] = any > 0;
}
