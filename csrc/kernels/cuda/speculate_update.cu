// CUDA kernel of speculate_update. Contract: docs/ops/speculate_update.md
// ("Semantics, per slot b", "Output invariants", "Out-of-domain values"); the
// same rules as the CPU kernel: a taking-part slot's encoder and decoder
// lengths read clamped into [0, INT32_MAX] and written back so, its accepted
// count clamped into [0, max_draft_tokens] (accept_tokens[b, a - 1] inside the
// row, nothing read when a == 0), every sum formed in int64 and saturated
// into int32, bools read as bytes.
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

namespace opforge::speculate_update {
namespace {

constexpr int64_t kInt32Max = 2147483647LL;
constexpr int64_t kInt32Min = -2147483648LL;

using Count = cub::BlockReduce<int64_t, kCudaBlock>;

__device__ __forceinline__ int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Slot b's update; 1 if it counts as stopped.
__device__ int64_t update_slot(const CudaArgs& args, int64_t b, int64_t nslots) {
  if (b >= nslots) return 1;  // not taking part: counts as stopped
  if (opforge::cuda_bytes(args.is_block_step)[b] != 0) return 0;  // swapped out

  const int64_t width = args.max_draft_tokens;
  int64_t enc = clamp64(args.seq_lens_encoder[b], 0, kInt32Max);
  int64_t dec = clamp64(args.seq_lens_decoder[b], 0, kInt32Max);
  const int64_t a = clamp64(args.accept_num[b], 0, width);
  const int64_t n = args.seq_lens_this_time[b];  // b < real_bsz

  int64_t stopped = 0;
  if (opforge::cuda_bytes(args.stop_flags)[b] != 0) {
    stopped = 1;
    args.mask_rollback[b] = 0;
  } else if (enc == 0) {
    dec = clamp64(dec + a, 0, kInt32Max);
    args.mask_rollback[b] = static_cast<int32_t>(clamp64(n - a, kInt32Min, kInt32Max));
  } else {
    args.mask_rollback[b] = 0;
  }

  // Decode with drafts: the next draft count follows whether all were accepted.
  if (enc == 0 && n > 1) {
    const int64_t cur = args.actual_draft_token_nums[b];
    const int64_t next = (a - 1 == cur) ? (cur + 2 < width - 1 ? cur + 2 : width - 1)
                                        : (cur - 1 > 1 ? cur - 1 : 1);
    args.actual_draft_token_nums[b] = static_cast<int32_t>(next);
  }

  if (enc != 0) {  // prefill: the prompt is now in the cache
    dec = clamp64(dec + enc, 0, kInt32Max);
    enc = 0;
  }
  args.seq_lens_encoder[b] = static_cast<int32_t>(enc);
  args.seq_lens_decoder[b] = static_cast<int32_t>(dec);

  if (a >= 1) args.draft_tokens[b * width] = args.accept_tokens[b * width + a - 1];
  return stopped;
}

}  // namespace
}  // namespace opforge::speculate_update

__global__ void opforge::speculate_update::cuda_kernel(const CudaArgs args) {
  __shared__ typename Count::TempStorage count_storage;
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  int64_t stopped = 0;  // this thread's slots
  for (int64_t b = threadIdx.x; b < args.max_bsz; b += kCudaBlock) {
    stopped += update_slot(args, b, nslots);
  }
  const int64_t total = Count(count_storage).Sum(stopped);
  if (threadIdx.x == 0) {
    const int64_t threshold = args.stop_nums != nullptr ? args.stop_nums[0] : args.max_bsz;
    args.not_need_stop[0] = total < threshold;
  }
}
