// CUDA kernel of speculate_get_output_padding_offset. Contract:
// docs/ops/speculate_get_output_padding_offset.md ("Semantics", "Output
// invariants", "Out-of-domain values"); the same rules as the CPU kernel.
//
// One block (cuda_max_blocks: 1): the offsets are a prefix sum over every
// slot. The block walks the slots in chunks of kCudaBlock: a 64-bit block scan
// (cub::BlockScan) gives each slot its packed start, the chunk's starts and
// paddings go to shared memory, then the whole block fills one slot's rows
// after another, consecutive threads on consecutive rows (coalesced). Total
// for any values: lengths are read clamped to >= 0, sums are 64-bit, every
// offset is capped at out_token_num, padding offsets are formed in 64 bits and
// saturated to int32, and rows no slot reaches get slot -1 and the padding of
// a slot real_bsz after the last. Every output element is written.
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "kernel_decls/speculate_get_output_padding_offset_cuda.h"
#include "shared/speculate_get_output_padding_offset.h"

namespace opforge::speculate_get_output_padding_offset {
namespace {

constexpr int32_t kNoSlot = -1;  // the slot of a row no slot fills

using Scan = cub::BlockScan<int64_t, kCudaBlock>;

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_get_output_padding_offset

__global__ void opforge::speculate_get_output_padding_offset::cuda_kernel(const CudaArgs args) {
  __shared__ typename Scan::TempStorage scan_storage;
  // starts[s]: the capped packed start of the chunk's slot s; starts[kCudaBlock]
  // the capped end of its last slot. pads[s]: slot s's padding offset.
  CUDA_SHARED_ARRAY(int64_t, starts, kCudaBlock + 1);
  CUDA_SHARED_ARRAY(int32_t, pads, kCudaBlock);
  const int tid = static_cast<int>(threadIdx.x);
  const int64_t rows = args.out_token_num;
  if (tid == 0) args.cu_seqlens_q_output[0] = 0;
  int64_t packed = 0;  // the lengths of the slots before the chunk (the same in every thread)
  for (int64_t first = 0; first < args.real_bsz; first += kCudaBlock) {
    const int64_t b = first + tid;
    int64_t len = 0;
    if (b < args.real_bsz) len = slot_rows(args.seq_lens_output[b]);
    int64_t before = 0;
    int64_t chunk = 0;
    Scan(scan_storage).ExclusiveSum(len, before, chunk);
    const int64_t start = min64(packed + before, rows);
    starts[tid] = start;
    if (tid == 0) starts[kCudaBlock] = min64(packed + chunk, rows);
    if (b < args.real_bsz) {
      // <= out_token_num <= INT32_MAX (cpu_out_token_num's bound).
      args.cu_seqlens_q_output[b + 1] = static_cast<int32_t>(min64(packed + before + len, rows));
      const int32_t pad = padding(b, args.max_seq_len, start);
      args.output_cum_offsets[b] = pad;
      pads[tid] = pad;
    }
    __syncthreads();
    const int64_t count = min64(kCudaBlock, args.real_bsz - first);
    for (int64_t s = 0; s < count; ++s) {
      const int64_t from = starts[s];
      const int64_t to = starts[s + 1];
      if (to <= from) continue;
      const int32_t pad = pads[s];
      for (int64_t r = from + tid; r < to; r += kCudaBlock) {
        args.output_padding_offset[r] = pad;
        args.batch_id_per_token_output[r] = static_cast<int32_t>(first + s);
      }
    }
    packed += chunk;
    __syncthreads();  // the next chunk rewrites starts, pads and the scan's storage
  }
  // Rows past the last slot's (only when the lengths add up to less than
  // out_token_num, out of the domain): laid out as a slot real_bsz's.
  const int64_t end_all = min64(packed, rows);
  const int32_t pad = padding(args.real_bsz, args.max_seq_len, end_all);
  for (int64_t r = end_all + tid; r < rows; r += kCudaBlock) {
    args.output_padding_offset[r] = pad;
    args.batch_id_per_token_output[r] = kNoSlot;
  }
}
