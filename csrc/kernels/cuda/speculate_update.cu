// CUDA kernel of speculate_update. Contract: docs/ops/speculate_update.md
// ("Semantics, per slot b", "Output invariants", "Out-of-domain values"); the
// per-slot rules are the CPU kernel's, the shared ones of
// csrc/kernels/shared/speculate_update.h, called on each slot's values as its
// thread reads them; bools are read as bytes.
//
// One block (cuda_max_blocks: 1): not_need_stop compares a count over every
// slot with the threshold, written once, and no barrier spans blocks. A
// thread per slot (slots tid, tid + kCudaBlock, ... below max_bsz): the slots
// are independent, a few scalars each, consecutive across threads
// (coalesced), and one token copied. The threads' stop counts are summed with
// cub::BlockReduce and thread 0 writes not_need_stop[0] (host memory, which
// the launcher stages on the device and copies back).
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/speculate_update_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/speculate_update.h"

namespace opforge::speculate_update {
namespace {

using Count = cub::BlockReduce<int64_t, kCudaBlock>;

// Slot b's update; 1 if it counts as stopped.
__device__ int64_t update_slot(const CudaArgs& args, int64_t b, int64_t nslots) {
  if (b >= nslots) return 1;  // not taking part: counts as stopped
  if (opforge::cuda_bytes(args.is_block_step)[b] != 0) return 0;  // swapped out

  const int64_t width = args.max_draft_tokens;
  const Update u = update_of(args.seq_lens_encoder[b],
                             args.seq_lens_decoder[b],
                             args.accept_num[b],
                             args.seq_lens_this_time[b],  // b < real_bsz
                             args.actual_draft_token_nums[b],
                             opforge::cuda_bytes(args.stop_flags)[b] != 0,
                             width);
  args.mask_rollback[b] = u.mask_rollback;
  if (u.adapts) args.actual_draft_token_nums[b] = u.draft_count;
  args.seq_lens_encoder[b] = u.encoder;
  args.seq_lens_decoder[b] = u.decoder;
  if (u.accepted >= 1)
    args.draft_tokens[b * width] = args.accept_tokens[b * width + u.accepted - 1];
  return u.stopped ? 1 : 0;
}

}  // namespace
}  // namespace opforge::speculate_update

__global__ void opforge::speculate_update::cuda_kernel(const CudaArgs args) {
  __shared__ typename Count::TempStorage count_storage;
  const int64_t nslots = taking_part(args.real_bsz, args.max_bsz);
  int64_t stopped = 0;  // this thread's slots
  for (int64_t b = threadIdx.x; b < args.max_bsz; b += kCudaBlock) {
    stopped += update_slot(args, b, nslots);
  }
  const int64_t total = Count(count_storage).Sum(stopped);
  if (threadIdx.x == 0) {
    const int64_t threshold = args.stop_nums != nullptr ? args.stop_nums[0] : args.max_bsz;
    args.not_need_stop[0] = not_need_stop_of(total, threshold);
  }
}
