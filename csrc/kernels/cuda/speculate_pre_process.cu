// CUDA kernel of speculate_pre_process. Contract:
// docs/ops/speculate_pre_process.md ("Semantics", "Output invariants",
// "Out-of-domain values"); the same rules as the CPU kernel.
//
// One block (cuda_max_blocks: 1): both layouts are prefix sums over every
// slot. The block walks the slots in chunks of kCudaBlock: a thread reads its
// slot's values and applies the shared rules
// (csrc/kernels/shared/speculate_pre_process.h) for its fed tokens and its
// output rows; two block scans (cub::BlockScan, 64-bit) give each slot of the
// chunk its packed start and its first output row, which go to shared memory;
// then the whole block copies one slot's tokens after another, consecutive
// threads on consecutive tokens (coalesced), and writes the slot's output
// rows. FastDeploy's kernel (one block per slot) needs a grid-wide barrier
// between its two prefix sums; here a slot's output rows depend only on its
// own values, so both sums are taken in the same chunk pass.
//
// Total for any values: a length is read clamped to >= 0 (a slot >= max_bsz
// has none), sums are 64-bit, every input offset is capped at token_num and
// every output offset at the output buffer's rows (and INT32_MAX), a column
// at or past its row's width is not read (-1 is packed), and positions and
// output rows no slot reaches get -1. Every output element is written.
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "kernel_decls/speculate_pre_process_cuda.h"
#include "shared/speculate_pre_process.h"

namespace opforge::speculate_pre_process {
namespace {

constexpr int64_t kNoToken = -1;  // the id of a position no source row fills
constexpr int32_t kNoSlot = -1;   // the slot of a position or output row no slot fills
constexpr int64_t kInt32Max = 2147483647;

using Scan = cub::BlockScan<int64_t, kCudaBlock>;

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_pre_process

__global__ void opforge::speculate_pre_process::cuda_kernel(const CudaArgs args) {
  __shared__ typename Scan::TempStorage scan_storage;
  // starts[s] / rows_at[s]: the packed start and first output row of the
  // chunk's slot s, unclamped; [kCudaBlock]: the ends of the chunk's last slot.
  CUDA_SHARED_ARRAY(int64_t, starts, kCudaBlock + 1);
  CUDA_SHARED_ARRAY(int64_t, rows_at, kCudaBlock + 1);
  const int tid = static_cast<int>(threadIdx.x);
  const int64_t out_rows = args.real_bsz * args.max_draft_tokens;  // batch_id_per_token_output
  const int64_t out_cap = min64(out_rows, kInt32Max);              // the offsets are int32
  const int32_t draft_width = static_cast<int32_t>(args.max_draft_tokens);  // a dim: <= INT32_MAX
  if (tid == 0) {
    args.cu_seqlens_q[0] = 0;
    args.cu_seqlens_k[0] = 0;
    args.cu_seq_lens_q_output[0] = 0;
  }
  int64_t packed = 0;   // tokens of the slots before the chunk (the same in every thread)
  int64_t emitted = 0;  // output rows of the slots before the chunk
  for (int64_t first = 0; first < args.real_bsz; first += kCudaBlock) {
    const int64_t b = first + tid;
    const bool has_state = b < args.real_bsz && b < args.max_bsz;
    const int32_t len = has_state ? args.seq_len[b] : 0;
    const int32_t encoder = has_state ? args.seq_lens_encoder[b] : 0;
    const int64_t fed = fed_tokens(len, has_state);
    const int64_t rows = slot_output_rows(len, has_state, encoder);
    int64_t before = 0;
    int64_t chunk = 0;
    Scan(scan_storage).ExclusiveSum(fed, before, chunk);
    __syncthreads();  // the second scan reuses the storage
    int64_t rows_before = 0;
    int64_t rows_chunk = 0;
    Scan(scan_storage).ExclusiveSum(rows, rows_before, rows_chunk);
    starts[tid] = packed + before;
    rows_at[tid] = emitted + rows_before;
    if (tid == 0) {
      starts[kCudaBlock] = packed + chunk;
      rows_at[kCudaBlock] = emitted + rows_chunk;
    }
    if (b < args.real_bsz) {
      // <= token_num <= INT32_MAX (cpu_token_num's bound), and <= out_cap.
      const int32_t end = static_cast<int32_t>(min64(packed + before + fed, args.token_num));
      args.cu_seqlens_q[b + 1] = end;
      args.cu_seqlens_k[b + 1] = end;
      args.cu_seq_lens_q_output[b + 1] =
          static_cast<int32_t>(min64(emitted + rows_before + rows, out_cap));
    }
    __syncthreads();
    const int64_t count = min64(kCudaBlock, args.real_bsz - first);
    for (int64_t s = 0; s < count; ++s) {
      const int64_t slot = first + s;
      const int64_t start = min64(starts[s], args.token_num);
      const int64_t end = min64(starts[s + 1], args.token_num);
      if (end > start) {  // slot < max_bsz: a slot past it feeds nothing
        const bool drafts = reads_drafts(args.seq_lens_encoder[slot], draft_width);
        const int64_t width = drafts ? args.max_draft_tokens : args.max_seq_len;
        const cuda_global<const int64_t> row =
            drafts ? args.draft_tokens + slot * args.max_draft_tokens
                   : args.input_ids + slot * args.max_seq_len;
        for (int64_t k = tid; k < end - start; k += kCudaBlock) {
          int64_t id = kNoToken;
          if (k < width) id = row[k];
          args.ids_remove_padding[start + k] = id;
          args.batch_id_per_token[start + k] = static_cast<int32_t>(slot);
        }
      }
      const int64_t row_last = min64(rows_at[s + 1], out_cap);
      for (int64_t r = min64(rows_at[s], out_cap) + tid; r < row_last; r += kCudaBlock) {
        args.batch_id_per_token_output[r] = static_cast<int32_t>(slot);
      }
    }
    packed += chunk;
    emitted += rows_chunk;
    __syncthreads();  // the next chunk rewrites the shared arrays and the scan's storage
  }
  // Positions past the last slot's tokens (only when the lengths add up to
  // less than token_num, out of the domain), and output rows past the last
  // slot's (the buffer has real_bsz * max_draft_tokens rows).
  for (int64_t r = min64(packed, args.token_num) + tid; r < args.token_num; r += kCudaBlock) {
    args.ids_remove_padding[r] = kNoToken;
    args.batch_id_per_token[r] = kNoSlot;
  }
  const int64_t out_end = min64(emitted, out_cap);
  for (int64_t r = out_end + tid; r < out_rows; r += kCudaBlock) {
    args.batch_id_per_token_output[r] = kNoSlot;
  }
  if (tid == 0) args.real_output_token_num[0] = static_cast<int32_t>(out_end);
}
