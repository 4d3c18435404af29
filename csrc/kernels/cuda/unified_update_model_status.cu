// CUDA kernel of unified_update_model_status. Contract:
// docs/ops/unified_update_model_status.md ("Semantics, per slot b", "Output
// invariants", "Out-of-domain values"); the same rules and decisions as the
// CPU kernel: every slot's in-place lengths and counters clamped into their
// domains and written back; seq_lens_this_time, prompt_lens and max_dec_len
// clamped where a running slot reads them; seq_lens_decoder saturating at
// INT32_MAX and step_idx at INT64_MAX; history positions computed without
// overflow; a slot both paused and stop-flagged counts as paused; stop_flags
// and is_paused read as bytes (any non-zero byte true), every bool written
// 0 or 1; real_bsz > max_bsz and end_length == 0 (which the glue rejects)
// still defined. Steps 1-2's count, 3, 4-5 and 6's first position are
// written once for the three kernels, in
// csrc/kernels/shared/unified_update_model_status.h.
//
// One block (cuda_max_blocks: 1): has_running_seqs is an OR over every slot,
// written once, true or false, and no barrier spans blocks. A thread per
// slot (slots tid, tid + kCudaBlock, ... below max_bsz): the slots are
// independent, a slot's scalars are consecutive across threads (coalesced),
// and its tokens (at most max_step_tokens, a handful) are a sequential scan
// that stops at the first end token or the length limit, so they stay with
// its thread. The first kCudaBlock end tokens are staged in shared memory
// once (a thread each); any further ones are read from global memory. The
// threads' "still running" bits are summed with cub::BlockReduce and thread 0
// writes has_running_seqs[0] (host memory, which the launcher stages on the
// device and copies back).
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/unified_update_model_status_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/unified_update_model_status.h"

namespace opforge::unified_update_model_status {
namespace {

using Running = cub::BlockReduce<int32_t, kCudaBlock>;

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

// v clamped into [lo, hi]: how an out-of-domain value is read.
__device__ __forceinline__ int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Whether tok is one of the end tokens: the first `cached` staged in shared
// memory, the rest in global memory.
__device__ bool is_end_token(const CudaArgs& args,
                             cuda_global<const int64_t> cached_ends,
                             int64_t cached,
                             int64_t tok) {
  for (int64_t k = 0; k < cached; ++k) {
    if (cached_ends[k] == tok) return true;
  }
  for (int64_t k = cached; k < args.end_length; ++k) {
    if (args.end_tokens[k] == tok) return true;
  }
  return false;
}

}  // namespace
}  // namespace opforge::unified_update_model_status

__global__ void opforge::unified_update_model_status::cuda_kernel(const CudaArgs args) {
  __shared__ typename Running::TempStorage running_storage;
  CUDA_SHARED_ARRAY(int64_t, cached_ends, kCudaBlock);
  const int tid = static_cast<int>(threadIdx.x);
  const int64_t cached = min64(args.end_length, kCudaBlock);
  if (tid < cached) cached_ends[tid] = args.end_tokens[tid];
  __syncthreads();

  // Slots b >= real_bsz are padding: never running.
  const int64_t nslots = min64(args.real_bsz, args.max_bsz);
  const int64_t width = args.max_step_tokens;
  int32_t still_running = 0;  // this thread's slots: ran and did not stop

  for (int64_t b = tid; b < args.max_bsz; b += kCudaBlock) {
    // Every slot: the in-place lengths and counters, clamped into their
    // domains (the identity in-domain); padding slots get only this.
    const int64_t enc = clamp64(args.seq_lens_encoder[b], 0, kInt32Max);
    const int64_t dec_in = clamp64(args.seq_lens_decoder[b], 0, kInt32Max);
    const int64_t len_in = clamp64(args.step_output_len[b], 0, width);
    const int64_t step_idx_before = clamp64(args.step_idx[b], 0, kInt64Max);
    args.seq_lens_encoder[b] = static_cast<int32_t>(enc);
    args.seq_lens_decoder[b] = static_cast<int32_t>(dec_in);
    args.step_output_len[b] = static_cast<int32_t>(len_in);
    args.step_idx[b] = step_idx_before;
    if (b >= nslots) continue;
    // Flags read as bytes, any non-zero byte true (a bool load of another
    // byte is undefined).
    const bool paused = opforge::cuda_bytes(args.is_paused)[b] != 0;
    if (opforge::cuda_bytes(args.stop_flags)[b] != 0 || paused) {
      // Not running. A paused slot keeps its decoder length and stop flag
      // (the flag's byte is left as the caller gave it).
      args.seq_lens_this_time[b] = 0;
      args.step_output_len[b] = 0;
      if (!paused) args.seq_lens_decoder[b] = 0;
      continue;
    }

    // The values the semantics only read, clamped here (seq_lens_this_time
    // is not written back: a prefill slot may feed more tokens than a row holds).
    const int64_t slt = clamp64(args.seq_lens_this_time[b], 0, width);
    const int64_t prompt_len = clamp64(args.prompt_lens[b], 0, args.max_model_len);
    const int64_t dec_limit = clamp64(args.max_dec_len[b], 0, kInt64Max);
    const cuda_global<int64_t> out_row = args.step_output_ids + b * width;

    // Steps 1-2: count each token, stop at an end token or the length limit;
    // out_len is clamped to the row, [0, max_step_tokens] (naive mode too).
    int64_t out_len = args.is_naive_mode ? min64(1, width) : len_in;
    int64_t cur = step_idx_before;
    bool stopped = false;
    for (int64_t i = 0; i < out_len; ++i) {
      cur = counted(cur);
      const bool eos = is_end_token(args, cached_ends, cached, out_row[i]);
      if (eos || cur >= dec_limit) {
        if (!eos && args.end_length > 0) out_row[i] = cached_ends[0];
        out_len = i + 1;
        stopped = true;
        break;
      }
    }
    args.step_idx[b] = cur;

    // Step 3.
    stopped = stops_after_prefill(stopped, args.prefill_one_step_stop, enc);

    // Steps 4 and 5 (prefill bookkeeping); a running slot ends with seq_lens_encoder 0.
    if (stopped) args.stop_flags[b] = true;
    const Lengths lengths = lengths_after(stopped, enc, dec_in, out_len, slt);
    args.mask_rollback[b] = lengths.mask_rollback;
    args.seq_lens_decoder[b] = lengths.decoder;
    args.seq_lens_encoder[b] = 0;

    // Step 6: generated token s = step_idx_before + i + 1 lands at
    // prompt_len + s - 1; positions at or past max_model_len are not written.
    args.step_output_len[b] = static_cast<int32_t>(out_len);
    const cuda_global<int64_t> history = args.token_ids_all + b * args.max_model_len;
    const int64_t first_pos =
        first_history_position(prompt_len, step_idx_before, args.max_model_len);
    const int64_t written = min64(out_len, args.max_model_len - first_pos);
    for (int64_t i = 0; i < written; ++i) history[first_pos + i] = out_row[i];

    // Step 7.
    if (out_len > 0) args.step_input_ids[b * width] = out_row[out_len - 1];

    // Step 8.
    if (args.is_naive_mode) args.seq_lens_this_time[b] = stopped ? 0 : 1;

    if (!stopped) still_running = 1;
  }

  // has_running_seqs[0]: written once, true or false, whatever it held.
  const int32_t running = Running(running_storage).Sum(still_running);
  if (tid == 0) args.has_running_seqs[0] = running > 0;
}
