// CUDA kernel of eagle_get_hidden_states. Contract:
// docs/ops/eagle_get_hidden_states.md ("Semantics", "Out-of-domain values");
// the same rules as the CPU kernel: the per-slot rule (slot_rows, rows_copied)
// is csrc/kernels/shared/eagle_get_hidden_states.h, written once for the
// three kernels.
//
// Every block walks the slots in chunks of kCudaBlock, a thread per slot:
// three block scans (cub::BlockScan, 64-bit) give each slot of the chunk its
// first packed row, its first out row, and the chunk's rows actually taken
// (a row past input_token_num is not, nor any after it). The chunk's out
// rows are then split over the grid's warps, a warp per row, its lanes on
// consecutive elements (coalesced); a row's slot is a binary search over the
// chunk's first out rows in shared memory. The small scans are repeated by
// every block; the copying, which is the work, is not. The walk stops once
// the packed offset reaches input_token_num. Block 0's thread 0 writes
// output_token_num (every block computes the same count).
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "kernel_decls/eagle_get_hidden_states_cuda.h"
#include "shared/eagle_get_hidden_states.h"

namespace opforge::eagle_get_hidden_states {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;

using Scan = cub::BlockScan<int64_t, kCudaBlock>;

}  // namespace
}  // namespace opforge::eagle_get_hidden_states

template <typename T>
__global__ void opforge::eagle_get_hidden_states::cuda_kernel(const CudaArgs<T> args) {
  __shared__ typename Scan::TempStorage scan_storage;
  CUDA_SHARED_ARRAY(int64_t, in_start, kCudaBlock);   // the chunk's slots' first packed rows
  CUDA_SHARED_ARRAY(int64_t, out_start, kCudaBlock);  // their first out rows
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarp;
  const int64_t warp = static_cast<int64_t>(blockIdx.x) * kWarps + tid / kWarp;
  const int64_t warps = static_cast<int64_t>(gridDim.x) * kWarps;
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  const int64_t rows = args.input_token_num;
  const int64_t width = args.dim_embed;

  int64_t in_before = 0;   // packed rows of the slots before the chunk (the same in every thread)
  int64_t out_before = 0;  // out rows taken before the chunk
  for (int64_t first = 0; first < nslots && in_before < rows; first += kCudaBlock) {
    const int64_t b = first + tid;
    SlotRows s{0, 0};
    if (b < nslots) {
      s = slot_rows(args.seq_lens_encoder[b],
                    args.base_model_seq_lens_this_time[b],
                    args.seq_lens_this_time[b],
                    args.accept_nums[b]);
    }
    int64_t in_excl = 0;
    int64_t in_total = 0;
    Scan(scan_storage).ExclusiveSum(s.in, in_excl, in_total);
    __syncthreads();
    int64_t take_excl = 0;
    int64_t take_total = 0;
    Scan(scan_storage).ExclusiveSum(s.take, take_excl, take_total);
    __syncthreads();
    const int64_t my_in = in_before + in_excl;
    const int64_t room = rows - my_in;  // packed rows left from the slot's first
    const int64_t taken = rows_copied(s.take, room);
    int64_t taken_excl = 0;
    int64_t taken_total = 0;
    Scan(scan_storage).ExclusiveSum(taken, taken_excl, taken_total);
    in_start[tid] = my_in;
    out_start[tid] = out_before + take_excl;
    __syncthreads();

    // The chunk's out rows out_before .. out_before + taken_total - 1, a warp each.
    const int64_t count = nslots - first < kCudaBlock ? nslots - first : kCudaBlock;
    for (int64_t r = out_before + warp; r < out_before + taken_total; r += warps) {
      int64_t lo = 0;  // the last slot of the chunk whose first out row is <= r
      int64_t hi = count - 1;
      while (lo < hi) {
        const int64_t mid = (lo + hi + 1) / 2;
        if (out_start[mid] <= r) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      const int64_t src = in_start[lo] + (r - out_start[lo]);  // < rows: the row is taken
      const cuda_global<const T> from = args.hidden_states + src * width;
      const cuda_global<T> to = args.out + r * width;
      for (int64_t i = lane; i < width; i += kWarp) to[i] = from[i];
    }
    in_before += in_total;
    out_before += taken_total;
    __syncthreads();  // the next chunk rewrites the shared arrays and the scan's storage
  }
  if (blockIdx.x == 0 && tid == 0) args.output_token_num[0] = static_cast<int32_t>(out_before);
}

OPFORGE_EAGLE_GET_HIDDEN_STATES_CUDA_INSTANCES
