// CUDA kernel of speculate_schedule_cache. Contract:
// docs/ops/speculate_schedule_cache.md ("Semantics, per slot b", "Output
// invariants", "Out-of-domain values"); the per-slot rules are the CPU
// kernel's, the shared ones of csrc/kernels/shared/speculate_schedule_cache.h,
// called on each slot's values as its thread reads them; rows copied or
// cleared over their declared widths; block_tables and draft_tokens only
// read; bools read as bytes.
//
// One block (cuda_max_blocks: 1): not_need_stop compares a count over every
// slot with the threshold, written once, and no barrier spans blocks. A
// thread per slot (slots tid, tid + kCudaBlock, ... below max_bsz): the slots
// are independent, a few scalars each (consecutive across threads:
// coalesced), and only a swapped-out slot copies its two rows, which are
// short (a step's drafts and accepted tokens). The threads' stop counts are
// summed with cub::BlockReduce and thread 0 writes not_need_stop[0] (host
// memory, which the launcher stages on the device and copies back).
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/speculate_schedule_cache_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/speculate_schedule_cache.h"

namespace opforge::speculate_schedule_cache {
namespace {

using Count = cub::BlockReduce<int64_t, kCudaBlock>;

// Slot b's update (b < min(real_bsz, max_bsz)); 1 if it counts as stopped.
__device__ int64_t schedule_slot(const CudaArgs& args, int64_t b) {
  if (opforge::cuda_bytes(args.stop_flags)[b] != 0) return 1;
  const Schedule sched = schedule_of(args.seq_lens_decoder[b],
                                     args.prompt_lens[b],
                                     args.prefill_one_step_stop,
                                     args.max_draft_tokens,
                                     args.block_size,
                                     args.block_num_per_seq);
  if (sched.stops) {
    // Still in prefill, or a prefill node's one step: stopped.
    args.stop_flags[b] = true;
    args.seq_lens_this_time[b] = 0;
    args.seq_lens_decoder[b] = 0;
    args.seq_lens_encoder[b] = 0;
    args.accept_num[b] = 0;
    return 1;
  }
  if (!sched.reads) return 0;  // past the table: keeps running
  if (!swaps_out(args.block_tables[b * args.block_num_per_seq + sched.block])) return 0;
  // Swapped out: its state saved for its return, the slot stopped.
  args.is_block_step[b] = true;
  args.step_seq_lens_this_time[b] = args.seq_lens_this_time[b];
  args.seq_lens_this_time[b] = 0;
  args.stop_flags[b] = true;
  args.step_seq_lens_decoder[b] = sched.decoder;
  args.seq_lens_decoder[b] = 0;
  args.accept_num[b] = 0;
  for (int64_t i = 0; i < args.accept_tokens_len; ++i) {
    args.accept_tokens[b * args.accept_tokens_len + i] = -1;
  }
  for (int64_t i = 0; i < args.draft_tokens_len; ++i) {
    args.step_draft_tokens[b * args.draft_tokens_len + i] =
        args.draft_tokens[b * args.draft_tokens_len + i];
  }
  return 1;
}

}  // namespace
}  // namespace opforge::speculate_schedule_cache

__global__ void opforge::speculate_schedule_cache::cuda_kernel(const CudaArgs args) {
  __shared__ typename Count::TempStorage count_storage;
  const int64_t nslots = taking_part(args.real_bsz, args.max_bsz);
  int64_t stopped = 0;  // this thread's slots
  for (int64_t b = threadIdx.x; b < args.max_bsz; b += kCudaBlock) {
    stopped += b < nslots ? schedule_slot(args, b) : 1;  // a slot past real_bsz counts as stopped
  }
  const int64_t total = Count(count_storage).Sum(stopped);
  if (threadIdx.x == 0) {
    const int64_t threshold = args.stop_nums != nullptr ? args.stop_nums[0] : args.max_bsz;
    args.not_need_stop[0] = not_need_stop_of(total, threshold);
  }
}
