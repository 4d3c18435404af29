// CUDA kernel of eagle_get_self_hidden_states. Contract:
// docs/ops/eagle_get_self_hidden_states.md ("Semantics", "Out-of-domain
// values"); the same rules as the CPU kernel: the per-slot rule (slot_rows,
// row_taken) is csrc/kernels/shared/eagle_get_self_hidden_states.h, written
// once for the three kernels.
//
// Every block walks the slots in chunks of kCudaBlock, a thread per slot: a
// block scan of the slots' packed rows (cub::BlockScan, 64-bit) gives each
// slot its last row; a slot that takes a row inside hidden_states gets its
// out row from a second scan and writes its source row into the chunk's
// shared list; the chunk's rows are then split over the grid's warps, a warp
// per row, its lanes on consecutive elements (coalesced). The small scans are
// repeated by every block; the copying is not. The walk stops once the
// packed offset reaches input_token_num. Block 0's thread 0 writes
// output_token_num (every block computes the same count).
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "kernel_decls/eagle_get_self_hidden_states_cuda.h"
#include "shared/eagle_get_self_hidden_states.h"

namespace opforge::eagle_get_self_hidden_states {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;

using Scan = cub::BlockScan<int64_t, kCudaBlock>;

}  // namespace
}  // namespace opforge::eagle_get_self_hidden_states

template <typename T>
__global__ void opforge::eagle_get_self_hidden_states::cuda_kernel(const CudaArgs<T> args) {
  __shared__ typename Scan::TempStorage scan_storage;
  CUDA_SHARED_ARRAY(int64_t, source, kCudaBlock);  // the chunk's rows taken: their input rows
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarp;
  const int64_t warp = static_cast<int64_t>(blockIdx.x) * kWarps + tid / kWarp;
  const int64_t warps = static_cast<int64_t>(gridDim.x) * kWarps;
  const int64_t nslots = slots_walked(args.real_bsz, args.max_bsz);
  const int64_t rows = args.input_token_num;
  const int64_t width = args.dim_embed;

  int64_t in_before = 0;   // packed rows of the slots before the chunk (the same in every thread)
  int64_t out_before = 0;  // out rows taken before the chunk
  for (int64_t first = 0; first < nslots && in_before < rows; first += kCudaBlock) {
    const int64_t b = first + tid;
    SlotRows s{0, false};
    if (b < nslots) {
      s = slot_rows(args.last_seq_lens_this_time[b], args.seq_lens_this_time[b], args.step_idx[b]);
    }
    int64_t in_excl = 0;
    int64_t in_total = 0;
    Scan(scan_storage).ExclusiveSum(s.in, in_excl, in_total);
    __syncthreads();
    const int64_t end = in_before + in_excl + s.in;  // one past the slot's last packed row
    const int64_t taken = row_taken(s, end, rows) ? 1 : 0;
    int64_t taken_excl = 0;
    int64_t taken_total = 0;
    Scan(scan_storage).ExclusiveSum(taken, taken_excl, taken_total);
    if (taken != 0) source[taken_excl] = end - 1;
    __syncthreads();

    // The chunk's out rows out_before .. out_before + taken_total - 1, a warp each.
    for (int64_t i = warp; i < taken_total; i += warps) {
      const cuda_global<const T> from = args.hidden_states + source[i] * width;
      const cuda_global<T> to = args.out + (out_before + i) * width;
      for (int64_t e = lane; e < width; e += kWarp) to[e] = from[e];
    }
    in_before += in_total;
    out_before += taken_total;
    __syncthreads();  // the next chunk rewrites the shared list and the scan's storage
  }
  if (blockIdx.x == 0 && tid == 0) args.output_token_num[0] = static_cast<int32_t>(out_before);
}

OPFORGE_EAGLE_GET_SELF_HIDDEN_STATES_CUDA_INSTANCES
