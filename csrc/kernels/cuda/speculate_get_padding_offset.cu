// CUDA kernel of speculate_get_padding_offset. Contract:
// docs/ops/speculate_get_padding_offset.md ("Semantics", "Output invariants",
// "Out-of-domain values"); the same rules as the CPU kernel.
//
// One block (cuda_max_blocks: 1): the offsets are a prefix sum over every
// slot. The block walks the slots in chunks of kCudaBlock: a block scan
// (cub::BlockScan, 64-bit) gives each slot of the chunk its packed start, the
// chunk's starts go to shared memory, and then the whole block copies one
// slot's tokens after another, consecutive threads on consecutive tokens
// (coalesced). Total for any values: a length is read clamped to >= 0 (a
// slot >= max_bsz has none), sums are 64-bit, every offset is capped at
// token_num, a column at or past its row's width is not read (-1 is packed),
// and positions no slot reaches get id -1 and slot -1. Every output element
// is written.
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "kernel_decls/speculate_get_padding_offset_cuda.h"
#include "shared/speculate_get_padding_offset.h"

namespace opforge::speculate_get_padding_offset {
namespace {

constexpr int64_t kNoToken = -1;  // the id of a position no source row fills
constexpr int32_t kNoSlot = -1;   // the slot of a position no slot fills

using Scan = cub::BlockScan<int64_t, kCudaBlock>;

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_get_padding_offset

__global__ void opforge::speculate_get_padding_offset::cuda_kernel(const CudaArgs args) {
  __shared__ typename Scan::TempStorage scan_storage;
  // starts[s]: the packed start of the chunk's slot s, unclamped;
  // starts[kCudaBlock]: the end of the chunk's last slot.
  CUDA_SHARED_ARRAY(int64_t, starts, kCudaBlock + 1);
  const int tid = static_cast<int>(threadIdx.x);
  if (tid == 0) {
    args.cu_seqlens_q[0] = 0;
    args.cu_seqlens_k[0] = 0;
  }
  int64_t packed = 0;  // the lengths of the slots before the chunk (the same in every thread)
  for (int64_t first = 0; first < args.real_bsz; first += kCudaBlock) {
    const int64_t b = first + tid;
    int64_t len = 0;
    if (b < args.real_bsz && b < args.max_bsz) len = fed_tokens(args.seq_lens_this_time[b], true);
    int64_t before = 0;
    int64_t chunk = 0;
    Scan(scan_storage).ExclusiveSum(len, before, chunk);
    starts[tid] = packed + before;
    if (tid == 0) starts[kCudaBlock] = packed + chunk;
    if (b < args.real_bsz) {
      // <= token_num <= INT32_MAX (cpu_token_num's bound).
      const int32_t end = static_cast<int32_t>(min64(packed + before + len, args.token_num));
      args.cu_seqlens_q[b + 1] = end;
      args.cu_seqlens_k[b + 1] = end;
    }
    __syncthreads();
    const int64_t count = min64(kCudaBlock, args.real_bsz - first);
    for (int64_t s = 0; s < count; ++s) {
      const int64_t start = min64(starts[s], args.token_num);
      const int64_t end = min64(starts[s + 1], args.token_num);
      if (end <= start) continue;
      const int64_t slot = first + s;  // < max_bsz: a slot past it has no length
      const bool prefill = reads_prompt(args.seq_lens_encoder[slot]);
      const int64_t width = prefill ? args.max_seq_len : args.max_step_tokens;
      const cuda_global<const int64_t> row =
          prefill ? args.input_ids + slot * args.max_seq_len
                  : args.step_input_ids + slot * args.max_step_tokens;
      for (int64_t k = tid; k < end - start; k += kCudaBlock) {
        int64_t id = kNoToken;
        if (k < width) id = row[k];
        args.ids_remove_padding[start + k] = id;
        args.batch_id_per_token[start + k] = static_cast<int32_t>(slot);
      }
    }
    packed += chunk;
    __syncthreads();  // the next chunk rewrites starts and the scan's storage
  }
  // Positions past the last slot's tokens (only when the lengths add up to
  // less than token_num, out of the domain).
  for (int64_t r = min64(packed, args.token_num) + tid; r < args.token_num; r += kCudaBlock) {
    args.ids_remove_padding[r] = kNoToken;
    args.batch_id_per_token[r] = kNoSlot;
  }
}
