// CUDA kernel of ngram_match. Contract: docs/ops/ngram_match.md ("Semantics",
// "Output invariants", "Out-of-domain values"); the same rules as the CPU
// kernel: negative seq_lens_encoder, seq_lens_decoder, step_idx,
// draft_token_num and prefill seq_lens_this_time read as 0; prompt_lens
// clamped into [0, max_model_len]; a history that does not fit its row gives
// no drafts; at most max_step_tokens - 1 drafts; int64 sums, no overflowing
// difference.
//
// One block (cuda_max_blocks: 1). A decoding slot's draft count depends on
// the tokens of every slot before it (the running sum against
// infer_with_reference_tokenum_threshold) and on the count of prefill and
// decoding slots after it; only the search is independent per slot, and it is
// the expensive part. So:
//   0. the block counts the prefill and decoding slots (a thread per slot,
//      cub::BlockReduce): the budget's initial `left`;
//   then per chunk of kCudaBlock slots, in slot order, between barriers:
//   1. search: a warp per slot. Its lanes compare 32 consecutive windows at a
//      time (coalesced loads of the history row; the n-gram is one address
//      per step, a broadcast), and a ballot picks the earliest equal window
//      of the first round that has one: the CPU kernel's n order and
//      earliest window. Each slot's kind, `want` (prefill: its length;
//      decoding: min(limit, tokens after the match), 0 without one) and
//      where its drafts start go to shared memory;
//   2. budget: thread 0 walks the chunk in slot order with the running sum
//      and `left` in its registers, the CPU kernel's formula on the same
//      numbers, d = min(want, threshold - total - left);
//   3. write: a thread per slot stores seq_lens_this_time, and a warp per
//      decoding slot copies its drafts, lanes on consecutive columns.
// total + left never decreases along the slots (a prefill adds its length; a
// decoding slot adds 1 and takes 1 off `left`, then adds its drafts), so once
// it reaches threshold - 1 no later slot has drafts: from that chunk on the
// search is skipped (the outputs are the same, drafts 0).
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/ngram_match_cuda.h"
#include "shared/ngram_match.h"

namespace opforge::ngram_match {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;
constexpr unsigned kAllLanes = 0xffffffffu;

using Count = cub::BlockReduce<int64_t, kCudaBlock>;

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

// Called by a whole warp with the same arguments. Where the drafts of the
// history h[0, len) start: for n from max_ngram_size down to 1, the earliest
// window h[i, i + n), i < len - n, equal to the last n tokens h[len - n, len);
// the drafts start right after it (i + n). -1 when no n-gram recurs. Reads
// positions < len only.
__device__ int64_t find_draft_start(cuda_global<const int64_t> h,
                                    int64_t len,
                                    int64_t max_ngram_size,
                                    int lane) {
  // n >= len has no window before the n-gram.
  for (int64_t n = min64(max_ngram_size, len - 1); n >= 1; --n) {
    const int64_t windows = len - n;  // window starts 0 .. windows - 1
    const cuda_global<const int64_t> gram = h + windows;
    for (int64_t base = 0; base < windows; base += kWarp) {
      const int64_t i = base + lane;
      bool equal = i < windows;
      for (int64_t j = 0; equal && j < n; ++j) equal = h[i + j] == gram[j];
      const unsigned hits = __ballot_sync(kAllLanes, equal);
      if (hits != 0) return base + (__ffs(static_cast<int>(hits)) - 1) + n;
    }
  }
  return -1;
}

}  // namespace
}  // namespace opforge::ngram_match

__global__ void opforge::ngram_match::cuda_kernel(const CudaArgs args) {
  __shared__ typename Count::TempStorage count_storage;
  // Per slot i of the chunk: its kind, want and drafts' start (pass 1), and
  // its draft count (pass 2).
  CUDA_SHARED_ARRAY(int32_t, kind, kCudaBlock);
  CUDA_SHARED_ARRAY(int64_t, want, kCudaBlock);
  CUDA_SHARED_ARRAY(int64_t, start, kCudaBlock);
  CUDA_SHARED_ARRAY(int64_t, drafts, kCudaBlock);
  // Whether a slot of this chunk on can still get drafts (total + left < threshold - 1).
  CUDA_SHARED_VAR(bool, budget_open);
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarp;
  const int warp = tid / kWarp;
  const int64_t threshold = args.infer_with_reference_tokenum_threshold;
  // Slots with state (the glue rejects real_bsz > max_bsz; past max_bsz a
  // slot is idle).
  const int64_t nslots = min64(args.real_bsz, args.max_bsz);

  // Pass 0: slots that still need tokens this step, prefill and decoding
  // (FastDeploy's count; only a decoding slot is taken off it).
  int64_t mine = 0;
  for (int64_t b = tid; b < nslots; b += kCudaBlock) {
    if (needs_tokens(args.seq_lens_encoder[b], args.seq_lens_decoder[b])) ++mine;
  }
  // The budget's state: thread 0's only, carried from chunk to chunk.
  int64_t left = Count(count_storage).Sum(mine);
  int64_t total = 0;
  if (tid == 0) budget_open = has_budget(0, left, threshold);
  __syncthreads();

  for (int64_t first = 0; first < args.real_bsz; first += kCudaBlock) {
    const int64_t count = min64(kCudaBlock, args.real_bsz - first);
    const bool search = budget_open;

    // Pass 1: a warp per slot; every lane reads the slot's scalars (one
    // address, a broadcast), so the warp's values and loops are uniform.
    for (int64_t i = warp; i < count; i += kWarps) {
      const int64_t b = first + i;
      int32_t this_kind = kIdle;
      int64_t this_want = 0;
      int64_t this_start = -1;
      if (b < nslots) {
        this_kind = slot_kind(args.seq_lens_encoder[b], args.seq_lens_decoder[b]);
        if (this_kind == kPrefill) {
          this_want = prefill_tokens(args.seq_lens_this_time[b]);
        } else if (this_kind == kDecode) {
          const bool has_num = args.draft_token_num != nullptr;
          const int64_t limit = draft_limit(args.step_idx[b],
                                            args.max_dec_len[b],
                                            args.max_draft_tokens,
                                            args.max_step_tokens,
                                            has_num,
                                            has_num ? args.draft_token_num[b] : 0);
          // Search only where drafts are possible: budget left, a positive
          // limit and a history that fits its row.
          const int64_t len =
              history_len(args.prompt_lens[b], args.step_idx[b], args.max_model_len);
          if (search && limit > 0 && len >= 0) {
            const int64_t found = find_draft_start(
                args.token_ids_all + b * args.max_model_len, len, args.max_ngram_size, lane);
            if (found >= 0) {
              this_want = slot_want(limit, len, found);
              this_start = found;
            }
          }
        }
      }
      if (lane == 0) {
        kind[i] = this_kind;
        want[i] = this_want;
        start[i] = this_start;
      }
    }
    __syncthreads();

    // Pass 2: the budget, in slot order (the CPU kernel's loop).
    if (tid == 0) {
      for (int64_t i = 0; i < count; ++i) {
        int64_t d = 0;
        const int32_t this_kind = kind[i];
        if (this_kind == kPrefill) {
          total += want[i];
        } else if (this_kind == kDecode) {
          --left;
          ++total;
          d = budget_drafts(want[i], total, left, threshold);
          total += d;
        }
        drafts[i] = d;
      }
      budget_open = has_budget(total, left, threshold);
    }
    __syncthreads();

    // Pass 3: seq_lens_this_time, a thread per slot (idle and slots past
    // max_bsz: 0; a prefill keeps its length read as >= 0, which fits int32)...
    if (tid < count) {
      const int32_t this_kind = kind[tid];
      int32_t fed = 0;
      if (this_kind == kPrefill) fed = static_cast<int32_t>(want[tid]);
      if (this_kind == kDecode) fed = static_cast<int32_t>(1 + drafts[tid]);  // <= max_step_tokens
      args.seq_lens_this_time[first + tid] = fed;
    }
    // ... and the drafts, a warp per slot: columns 1 .. d of the slot's row
    // from the history after the match (positions < len <= max_model_len).
    for (int64_t i = warp; i < count; i += kWarps) {
      const int64_t d = drafts[i];
      if (d <= 0) continue;
      const int64_t b = first + i;
      const cuda_global<const int64_t> src = args.token_ids_all + b * args.max_model_len + start[i];
      const cuda_global<int64_t> dst = args.step_input_ids + b * args.max_step_tokens + 1;
      for (int64_t k = lane; k < d; k += kWarp) dst[k] = src[k];
    }
    __syncthreads();  // the next chunk rewrites the shared arrays
  }
}
