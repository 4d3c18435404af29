// CUDA kernel of rebuild_padding. Contract: docs/ops/rebuild_padding.md
// ("Semantics", "Output invariants", "Out-of-domain values"); the same rules
// as the CPU kernel.
//
// Output row r belongs to slot b(r), the largest b < real_bsz with
// cu_seqlens_q_output[b] <= r (if r < cu_seqlens_q_output[b + 1] too). For any
// offsets, monotone or not, b(r) >= b exactly when the suffix minimum
// m(b) = min(cu_seqlens_q_output[b .. real_bsz - 1]) is <= r; m never
// decreases with b, so b(r) is a binary search over m. Every block walks the
// slots from the last down in chunks of kCudaBlock, computes the chunk's m in
// shared memory (a min-scan), and the rows whose slot lies in the chunk,
// [m(lo), m(hi)), are then split over the grid's warps: a warp per row, its
// lanes on consecutive elements (coalesced). The small scan is repeated by
// every block; the copying, which is the work, is not: O(rows x hidden_size +
// blocks x slots), with no search over the slots per row. Rows below m(0)
// have no slot and are zeros, as are rows that name no fed position or a
// packed row outside hidden; all arithmetic is 64-bit.
#include <cstdint>

#include "kernel_decls/rebuild_padding_cuda.h"
#include "shared/rebuild_padding.h"

namespace opforge::rebuild_padding {
namespace {

constexpr int64_t kNever = INT64_MAX;  // the suffix minimum past the last slot
constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

// The packed row of hidden that output row r of slot b (>= 0) copies, or
// kNoRow: reads the slot's values and asks the shared rule.
template <typename T>
__device__ int64_t row_source(const CudaArgs<T>& args, int64_t r, int64_t b) {
  const bool has_state = b < args.max_bsz;
  const int32_t encoder = has_state ? args.seq_lens_encoder[b] : 0;
  const int32_t first = has_state ? args.cu_seqlens_q[b] : 0;
  return source_row(r,
                    args.cu_seqlens_q_output[b],
                    args.cu_seqlens_q_output[b + 1],
                    args.seq_lens_this_time[b],
                    has_state,
                    encoder,
                    first,
                    args.token_num);
}

// Rows [from, to) of out, a warp each, in the grid's warp order: row r is
// copied from its source row (slot_of(r)) or zeroed.
template <typename T, typename SlotOf>
__device__ void fill_rows(const CudaArgs<T>& args, int64_t from, int64_t to, SlotOf slot_of) {
  const int lane = static_cast<int>(threadIdx.x) % kWarp;
  const int64_t warp = static_cast<int64_t>(blockIdx.x) * kWarps + threadIdx.x / kWarp;
  const int64_t warps = static_cast<int64_t>(gridDim.x) * kWarps;
  const int64_t width = args.hidden_size;
  for (int64_t r = from + warp; r < to; r += warps) {
    const int64_t b = slot_of(r);
    const int64_t src = b < 0 ? kNoRow : row_source(args, r, b);
    const cuda_global<T> dst = args.out + r * width;
    if (src == kNoRow) {
      for (int64_t i = lane; i < width; i += kWarp) dst[i] = T(0.0f);
    } else {
      const cuda_global<const T> row = args.hidden + src * width;
      for (int64_t i = lane; i < width; i += kWarp) dst[i] = row[i];
    }
  }
}

}  // namespace
}  // namespace opforge::rebuild_padding

template <typename T>
__global__ void opforge::rebuild_padding::cuda_kernel(const CudaArgs<T> args) {
  // suffix_min[i]: m(lo + i) for the chunk [lo, hi), non-decreasing in i.
  CUDA_SHARED_ARRAY(int64_t, suffix_min, kCudaBlock);
  const int tid = static_cast<int>(threadIdx.x);
  const int64_t rows = args.out_token_num;
  int64_t above = kNever;  // m(hi): the minimum over the slots above the chunk
  for (int64_t hi = args.real_bsz; hi > 0;) {
    const int64_t lo = hi > kCudaBlock ? hi - kCudaBlock : 0;
    const int64_t b = lo + tid;
    suffix_min[tid] = b < hi ? min64(args.cu_seqlens_q_output[b], above) : above;
    __syncthreads();
    // Hillis-Steele min-scan towards lower indices: after the step with
    // distance d, suffix_min[i] is the minimum over [i, i + 2d).
    for (int d = 1; d < kCudaBlock; d *= 2) {
      const int64_t other =
          tid + d < kCudaBlock ? static_cast<int64_t>(suffix_min[tid + d]) : above;
      __syncthreads();
      suffix_min[tid] = min64(suffix_min[tid], other);
      __syncthreads();
    }
    const int64_t chunk_lo_min = suffix_min[0];
    const int64_t count = hi - lo;
    // Rows whose slot is in [lo, hi): their slot is the last i with suffix_min[i] <= r.
    fill_rows(args, chunk_lo_min < 0 ? 0 : chunk_lo_min, min64(above, rows), [&](int64_t r) {
      int64_t first = 0;  // suffix_min[first] <= r (r >= m(lo))
      int64_t last = count - 1;
      while (first < last) {
        const int64_t mid = (first + last + 1) / 2;
        if (suffix_min[mid] <= r) {
          first = mid;
        } else {
          last = mid - 1;
        }
      }
      return lo + first;
    });
    above = chunk_lo_min;
    hi = lo;
    __syncthreads();  // the next chunk rewrites suffix_min
  }
  // Rows below every slot's first row have no slot.
  fill_rows(args, 0, min64(above, rows), [](int64_t) { return int64_t{-1}; });
}

OPFORGE_REBUILD_PADDING_CUDA_INSTANCES
