// CUDA kernel of eagle_gather_hidden_states. Contract:
// docs/ops/eagle_gather_hidden_states.md ("Semantics", "Out-of-domain
// values"); the same rules as the CPU kernel: the per-slot rule (packed_rows,
// source_row) is csrc/kernels/shared/eagle_gather_hidden_states.h, written
// once for the three kernels.
//
// Every block walks the slots in chunks of kCudaBlock, a thread per slot: a
// block scan of the lengths (read clamped to >= 0; cub::BlockScan, 64-bit)
// gives each fed slot the end of its packed rows, a scan of the fed flags its
// out row, and each fed slot writes its source row (-1: past hidden_states)
// into the chunk's list in shared memory; the chunk's out rows are then split
// over the grid's warps, a warp per row, its lanes on consecutive elements
// (coalesced). After the walk the rows after the fed slots' are zeroed the
// same way. The small scans are repeated by every block; the copying is not.
// Block 0's thread 0 writes output_token_num (every block computes the same
// count). Every element of out is written.
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "kernel_decls/eagle_gather_hidden_states_cuda.h"
#include "shared/eagle_gather_hidden_states.h"

namespace opforge::eagle_gather_hidden_states {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;

using Scan = cub::BlockScan<int64_t, kCudaBlock>;

// Out row r: hidden_states row src, or zeros (src == kNoRow); the lanes of one warp.
template <typename T>
__device__ void write_row(const CudaArgs<T>& args, int64_t r, int64_t src, int lane) {
  const int64_t width = args.dim_embed;
  const cuda_global<T> to = args.out + r * width;
  if (src == kNoRow) {
    for (int64_t e = lane; e < width; e += kWarp) to[e] = T(0.0f);
  } else {
    const cuda_global<const T> from = args.hidden_states + src * width;
    for (int64_t e = lane; e < width; e += kWarp) to[e] = from[e];
  }
}

}  // namespace
}  // namespace opforge::eagle_gather_hidden_states

template <typename T>
__global__ void opforge::eagle_gather_hidden_states::cuda_kernel(const CudaArgs<T> args) {
  __shared__ typename Scan::TempStorage scan_storage;
  CUDA_SHARED_ARRAY(int64_t, source, kCudaBlock);  // the chunk's out rows: their input rows
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarp;
  const int64_t warp = static_cast<int64_t>(blockIdx.x) * kWarps + tid / kWarp;
  const int64_t warps = static_cast<int64_t>(gridDim.x) * kWarps;
  const int64_t rows = args.input_token_num;

  int64_t end_before = 0;  // packed rows of the slots before the chunk (the same in every thread)
  int64_t out_before = 0;  // out rows filled before the chunk
  for (int64_t first = 0; first < args.real_bsz; first += kCudaBlock) {
    const int64_t b = first + tid;
    int64_t len = 0;
    if (b < args.real_bsz) len = packed_rows(args.seq_lens_this_time[b]);
    const int64_t fed = len > 0 ? 1 : 0;
    int64_t len_excl = 0;
    int64_t len_total = 0;
    Scan(scan_storage).ExclusiveSum(len, len_excl, len_total);
    __syncthreads();
    int64_t fed_excl = 0;
    int64_t fed_total = 0;
    Scan(scan_storage).ExclusiveSum(fed, fed_excl, fed_total);
    if (fed != 0) {
      const int64_t end = end_before + len_excl + len;  // one past the slot's last packed row
      source[fed_excl] = source_row(end, rows);
    }
    __syncthreads();

    for (int64_t i = warp; i < fed_total; i += warps) {
      write_row(args, out_before + i, source[i], lane);
    }
    end_before += len_total;
    out_before += fed_total;
    __syncthreads();  // the next chunk rewrites the shared list and the scan's storage
  }
  // The rows after the fed slots' are zeros.
  for (int64_t r = out_before + warp; r < args.real_bsz; r += warps) {
    write_row(args, r, kNoRow, lane);
  }
  if (blockIdx.x == 0 && tid == 0) args.output_token_num[0] = static_cast<int32_t>(out_before);
}

OPFORGE_EAGLE_GATHER_HIDDEN_STATES_CUDA_INSTANCES
