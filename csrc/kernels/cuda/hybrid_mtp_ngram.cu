// CUDA kernel of hybrid_mtp_ngram. Contract: docs/ops/hybrid_mtp_ngram.md
// ("Semantics", "Output invariants", "Out-of-domain values"). The per-slot
// decisions (taking part, the limit, the budget) are the CPU and XPU3
// kernels', in csrc/kernels/shared/hybrid_mtp_ngram.h; the same rules: negative
// seq_lens_this_time and step_idx read as 0;
// input_ids_len clamped into [0, max_input_len]; step_idx >= max_pre_len gives
// no drafts; the drafts end inside the row; int64 sums, no overflowing
// difference.
//
// One block (cuda_max_blocks: 1), in the passes of ngram_match's CUDA kernel
// (csrc/kernels/cuda/ngram_match.cu) and for the same reason: a slot's draft
// count depends on the tokens of every slot before it (the running sum against
// spec_tokenum_threshold) and on how many counted slots are left; only the
// search is independent per slot, and it is the expensive part. So:
//   0. the block counts the slots with seq_lens_decoder > 0 (a thread per
//      slot, cub::BlockReduce): the budget's initial `left`;
//   then per chunk of kCudaBlock slots, in slot order, between barriers:
//   1. search: a warp per slot. For each n its lanes compare 32 consecutive
//      windows at a time (coalesced loads of the haystack row; the n-gram is
//      one address per step, a broadcast), and a ballot picks the earliest
//      equal window of the first round that has one: the CPU kernel's n
//      order, haystack order and earliest window. Each slot's tokens `ori`,
//      kind (takes part or not, and the drafts' row), `want` (min(limit,
//      tokens after the match), 0 without one) and the drafts' start go to
//      shared memory;
//   2. budget: thread 0 walks the chunk in slot order with the running sum
//      and `left` in its registers, the CPU kernel's formula on the same
//      numbers, d = min(want, threshold - total - left);
//   3. write: a warp per slot with drafts copies them after its ori tokens,
//      lanes on consecutive columns, and lane 0 writes seq_lens_this_time.
// total + left never decreases along the slots, nor from one slot's state to
// the value the next slot's drafts are decided on (a slot adds its ori tokens,
// and takes 1 off `left` only when it takes part, which needs ori >= 1; then
// adds its drafts), so once it reaches threshold - 1 no later slot has drafts:
// from the next chunk on the search is skipped (the outputs are the same,
// drafts 0).
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/hybrid_mtp_ngram_cuda.h"
#include "shared/hybrid_mtp_ngram.h"

namespace opforge::hybrid_mtp_ngram {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;
constexpr unsigned kAllLanes = 0xffffffffu;

constexpr int32_t kOut = 0;     // takes no part
constexpr int32_t kPrompt = 1;  // takes part; drafts (if want > 0) from input_ids
constexpr int32_t kPre = 2;     // takes part; drafts (if want > 0) from pre_ids

using Count = cub::BlockReduce<int64_t, kCudaBlock>;

// Called by a whole warp with the same arguments. The earliest window
// hay[i, i + n), i < hay_len - n (a token follows it), equal to gram[0, n);
// -1 when none is. Reads hay[0, hay_len - 1) only.
__device__ int64_t first_window(cuda_global<const int64_t> hay,
                                int64_t hay_len,
                                cuda_global<const int64_t> gram,
                                int64_t n,
                                int lane) {
  const int64_t windows = hay_len - n;  // window starts 0 .. windows - 1
  for (int64_t base = 0; base < windows; base += kWarp) {
    const int64_t i = base + lane;
    bool equal = i < windows;
    for (int64_t j = 0; equal && j < n; ++j) equal = hay[i + j] == gram[j];
    const unsigned hits = __ballot_sync(kAllLanes, equal);
    if (hits != 0) return base + (__ffs(static_cast<int>(hits)) - 1);
  }
  return -1;
}

}  // namespace
}  // namespace opforge::hybrid_mtp_ngram

__global__ void opforge::hybrid_mtp_ngram::cuda_kernel(const CudaArgs args) {
  __shared__ typename Count::TempStorage count_storage;
  // Per slot i of the chunk: its tokens, kind, want and drafts' start (pass 1),
  // and its draft count (pass 2).
  CUDA_SHARED_ARRAY(int64_t, ori, kCudaBlock);
  CUDA_SHARED_ARRAY(int32_t, kind, kCudaBlock);
  CUDA_SHARED_ARRAY(int64_t, want, kCudaBlock);
  CUDA_SHARED_ARRAY(int64_t, start, kCudaBlock);
  CUDA_SHARED_ARRAY(int64_t, drafts, kCudaBlock);
  // Whether a slot of this chunk on can still get drafts.
  CUDA_SHARED_VAR(bool, budget_open);
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarp;
  const int warp = tid / kWarp;
  const int64_t threshold = args.spec_tokenum_threshold;
  // Slots with state (the glue rejects real_bsz > max_bsz).
  const int64_t nslots = shared::slots_with_state(args.real_bsz, args.max_bsz);

  // Pass 0: slots counted as needing a token (FastDeploy's count; every slot
  // that takes part is taken off it).
  int64_t mine = 0;
  for (int64_t b = tid; b < nslots; b += kCudaBlock) {
    if (args.seq_lens_decoder[b] > 0) ++mine;
  }
  // The budget's state: thread 0's only, carried from chunk to chunk.
  int64_t left = Count(count_storage).Sum(mine);
  int64_t total = 0;
  if (tid == 0) budget_open = left < threshold - 1;
  __syncthreads();

  for (int64_t first = 0; first < args.real_bsz; first += kCudaBlock) {
    const int64_t count = slot_min<int64_t>(kCudaBlock, args.real_bsz - first);
    const bool search = budget_open;

    // Pass 1: a warp per slot; every lane reads the slot's scalars (one
    // address, a broadcast), so the warp's values and loops are uniform.
    for (int64_t i = warp; i < count; i += kWarps) {
      const int64_t b = first + i;
      const bool has_state = b < nslots;
      const shared::Slot slot =
          shared::slot_of(args.seq_lens_this_time[b],
                          has_state,
                          has_state ? static_cast<int64_t>(args.step_idx[b]) : int64_t{0},
                          has_state ? static_cast<int64_t>(args.max_dec_len[b]) : int64_t{0},
                          args.max_draft_tokens,
                          args.max_step_tokens,
                          args.max_pre_len);
      int32_t slot_kind = slot.takes_part ? kPrompt : kOut;
      int64_t slot_want = 0;
      int64_t slot_start = -1;
      if (search && slot.search) {
        const int64_t done = slot.done;
        const int64_t prompt_len = shared::prompt_len_of(args.input_ids_len[b], args.max_input_len);
        const cuda_global<const int64_t> prompt = args.input_ids + b * args.max_input_len;
        const cuda_global<const int64_t> pre = args.pre_ids + b * args.max_pre_len;
        int64_t hay_end = 0;
        // n from max_ngram_size down to min_ngram_size, n <= done: the n-gram
        // pre[done + 1 - n, done + 1); the prompt, then pre[0, done + 1).
        for (int64_t n = slot_min<int64_t>(args.max_ngram_size, done);
             n >= args.min_ngram_size && slot_start < 0;
             --n) {
          const cuda_global<const int64_t> gram = pre + (done + 1 - n);
          int64_t at = first_window(prompt, prompt_len, gram, n, lane);
          if (at >= 0) {
            slot_start = at + n;
            hay_end = prompt_len;
          } else {
            at = first_window(pre, done + 1, gram, n, lane);
            if (at >= 0) {
              slot_kind = kPre;
              slot_start = at + n;
              hay_end = done + 1;
            }
          }
        }
        if (slot_start >= 0)
          slot_want = slot_min<int64_t>(slot.limit, hay_end - slot_start);  // >= 1
      }
      if (lane == 0) {
        ori[i] = slot.ori;
        kind[i] = slot_kind;
        want[i] = slot_want;
        start[i] = slot_start;
      }
    }
    __syncthreads();

    // Pass 2: the budget, in slot order (the CPU kernel's loop).
    if (tid == 0) {
      for (int64_t i = 0; i < count; ++i) {
        const int64_t room = shared::budget_room(ori[i], kind[i] != kOut, threshold, &total, &left);
        const int64_t d = slot_min<int64_t>(want[i], room);  // want 0: no match (or no search)
        total += d;
        drafts[i] = d;
      }
      budget_open = total + left < threshold - 1;
    }
    __syncthreads();

    // Pass 3: a warp per slot with drafts: columns ori .. ori + d - 1 of its
    // row from the haystack after the match (inside both rows).
    for (int64_t i = warp; i < count; i += kWarps) {
      const int64_t d = drafts[i];
      if (d <= 0) continue;
      const int64_t b = first + i;
      const int64_t slot_ori = ori[i];
      const cuda_global<const int64_t> src =
          (kind[i] == kPre ? args.pre_ids + b * args.max_pre_len
                           : args.input_ids + b * args.max_input_len) +
          start[i];
      const cuda_global<int64_t> dst = args.draft_tokens + b * args.max_step_tokens + slot_ori;
      for (int64_t k = lane; k < d; k += kWarp) dst[k] = src[k];
      if (lane == 0)
        args.seq_lens_this_time[b] = static_cast<int32_t>(slot_ori + d);  // <= max_step_tokens
    }
    __syncthreads();  // the next chunk rewrites the shared arrays
  }
}
