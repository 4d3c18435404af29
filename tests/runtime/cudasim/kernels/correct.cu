// Correct kernels of the simulation's self-tests. They are also compiled by
// nvcc for the device (sm_80, sm_90) with warnings as errors.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

#include "../test_kernels.h"

namespace cudasim_tests {

// One partial sum per block: CUB's block reduction over 128 threads.
__global__ void block_sum(cuda_global<const int> in, int64_t n, cuda_global<int64_t> sums) {
  using Reduce = cub::BlockReduce<int64_t, kReduceThreads>;
  __shared__ typename Reduce::TempStorage storage;
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t value = i < n ? static_cast<int64_t>(in[i]) : 0;
  const int64_t total = Reduce(storage).Sum(value);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

// A reduction with a functor (CCCL 3 has no cub::Max) and a partial tile.
__global__ void block_max(cuda_global<const int> in, cuda_global<int> maxima) {
  using Reduce = cub::BlockReduce<int, kReduceThreads>;
  __shared__ typename Reduce::TempStorage storage;
  const int valid = 100;
  const int value =
      threadIdx.x < valid ? static_cast<int>(in[blockIdx.x * valid + threadIdx.x]) : 0;
  const int best = Reduce(storage).Reduce(value, ::cuda::maximum<>{}, valid);
  if (threadIdx.x == 0) maxima[blockIdx.x] = best;
}

// Two scans through one TempStorage, separated by the barrier CUB requires.
__global__ void block_scan(cuda_global<const int> in,
                           cuda_global<int> exclusive,
                           cuda_global<int> inclusive,
                           cuda_global<int> totals) {
  using Scan = cub::BlockScan<int, kReduceThreads>;
  __shared__ typename Scan::TempStorage storage;
  const int i = blockIdx.x * kReduceThreads + threadIdx.x;
  const int value = in[i];
  int before = 0;
  int total = 0;
  Scan(storage).ExclusiveSum(value, before, total);
  __syncthreads();
  int through = 0;
  Scan(storage).InclusiveSum(value, through);
  exclusive[i] = before;
  inclusive[i] = through;
  if (threadIdx.x == 0) totals[blockIdx.x] = total;
}

// Shuffles and votes of one warp; 9 results per lane.
__global__ void warp_ops(cuda_global<int> out) {
  const unsigned full = 0xffffffffu;
  const int lane = static_cast<int>(threadIdx.x) % warpSize;
  const int value = lane * 3 + 1;
  cuda_global<int> mine = out + 9 * static_cast<int>(threadIdx.x);
  mine[0] = __shfl_sync(full, value, 5);
  mine[1] = __shfl_down_sync(full, value, 1);
  mine[2] = __shfl_up_sync(full, value, 2);
  mine[3] = __shfl_xor_sync(full, value, 1);
  mine[4] = __shfl_sync(full, value, lane + 1, 8);  // width 8: wraps inside each group
  mine[5] = static_cast<int>(__ballot_sync(full, lane % 2 == 1));
  mine[6] = __any_sync(full, lane == 7);
  mine[7] = __all_sync(full, lane < 31);
  int sum = value;
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_xor_sync(full, sum, offset);
  mine[8] = sum;
}

// Global and shared atomics from every thread of several blocks.
__global__ void atomics(cuda_global<const int> values,
                        int n,
                        cuda_global<int> histogram,
                        cuda_global<unsigned> maximum,
                        cuda_global<float> float_sum,
                        cuda_global<int> block_counts) {
  CUDA_SHARED_VAR(int, in_block);
  if (threadIdx.x == 0) in_block = 0;
  __syncthreads();
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    const int v = values[i];
    atomicAdd(histogram + (v % 8), 1);
    atomicMax(&maximum[0], static_cast<unsigned>(v));
    atomicAdd(float_sum + 0, 0.5f);
    atomicAdd(&in_block, 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) block_counts[blockIdx.x] = in_block;
}

// Reverses each block's slice through shared memory.
__global__ void reverse_in_shared(cuda_global<const int> in, cuda_global<int> out) {
  CUDA_SHARED_ARRAY(int, tile, 64);
  const int t = static_cast<int>(threadIdx.x);
  const int base = static_cast<int>(blockIdx.x * blockDim.x);
  tile[t] = in[base + t];
  __syncthreads();
  out[base + t] = tile[static_cast<int>(blockDim.x) - 1 - t];
}

// Lanes exchange through shared memory ordered by __syncwarp alone.
__global__ void warp_synchronised_exchange(cuda_global<int> out) {
  CUDA_SHARED_ARRAY(int, slots, 64);
  const int t = static_cast<int>(threadIdx.x);
  slots[t] = t * 10;
  __syncwarp();
  out[t] = slots[t ^ 1];
}

__global__ void convert_16bit(cuda_global<const float> in,
                              int n,
                              cuda_global<half> halves,
                              cuda_global<__nv_bfloat16> bfloats) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float x = in[i];
  halves[i] = __float2half(x);
  bfloats[i] = __float2bfloat16(x);
}

// Four ints per thread: linear block, linear thread, warp lane, and a check
// that blockDim/gridDim are the launch's.
__global__ void record_ids(cuda_global<int> ids) {
  const unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned per_block = blockDim.x * blockDim.y * blockDim.z;
  cuda_global<int> mine = ids + 4 * (block * per_block + thread);
  mine[0] = static_cast<int>(block);
  mine[1] = static_cast<int>(thread);
  mine[2] = static_cast<int>(thread % warpSize);
  mine[3] = static_cast<int>(per_block * gridDim.x * gridDim.y * gridDim.z);
}

// Dynamic shared memory (the launch gives one int per thread) and the
// counting barriers: per thread, the mirrored input and the three votes.
__global__ void dynamic_shared_and_counting(cuda_global<const int> in, cuda_global<int> out) {
  CUDA_DYNAMIC_SHARED_ARRAY(int, slots);
  const int t = static_cast<int>(threadIdx.x);
  const int n = static_cast<int>(blockDim.x);
  const int value = in[t];
  slots[t] = value;
  const int positive = __syncthreads_count(value > 0);
  const int all_small = __syncthreads_and(value < 1000);
  const int any_big = __syncthreads_or(value > 40);
  cuda_global<int> mine = out + 4 * t;
  mine[0] = slots[n - 1 - t];
  mine[1] = positive;
  mine[2] = all_small;
  mine[3] = any_big;
}

// A device function takes checked pointers as the kernel does.
__device__ __forceinline__ int64_t clamp_token(cuda_global<const int64_t> tokens,
                                               int64_t i,
                                               int64_t vocab) {
  const int64_t token = __ldg(&tokens[i]);
  return token < 0 ? 0 : min(token, vocab - 1);
}

// Float maximum through atomicCAS, as kernels write it (CUDA has no float
// atomicMax).
__device__ void atomic_max_float(cuda_global<float> target, float value) {
  cuda_global<int> bits = cuda_reinterpret<int>(target);
  int old = *bits;
  while (__int_as_float(old) < value) {
    const int seen = atomicCAS(bits, old, __float_as_int(value));
    if (seen == old) break;
    old = seen;
  }
}

// The idioms the op kernels use, in one kernel: a grid-stride loop over int64
// data, bool flags, a device function, half and bfloat16 arithmetic through
// float, votes, bit intrinsics, and a float maximum through atomics.
__global__ void idioms(cuda_global<const int64_t> tokens,
                       cuda_global<const bool> stop,
                       cuda_global<const half> scale_h,
                       cuda_global<const __nv_bfloat16> scale_b,
                       int64_t n,
                       int64_t vocab,
                       cuda_global<int64_t> clamped,
                       cuda_global<float> scaled,
                       cuda_global<int> lane_info,
                       cuda_global<float> maximum) {
  const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    const bool stopped = stop[i];
    clamped[i] = stopped ? int64_t{-1} : clamp_token(tokens, i, vocab);
    const float h = __half2float(scale_h[i]);
    const float b = __bfloat162float(scale_b[i]);
    scaled[i] = __half2float(__float2half(h * 2.0f)) + b;
    atomic_max_float(maximum, h);
  }
  const unsigned active = __activemask();
  const unsigned odd = __ballot_sync(active, threadIdx.x % 2 == 1);
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  lane_info[2 * t] = __popc(odd);
  lane_info[2 * t + 1] = __ffs(static_cast<int>(odd));
}

// The order in which the threads pass an atomic (it changes with the schedule).
__global__ void record_order(cuda_global<int> next, cuda_global<int> order) {
  const int slot = atomicAdd(&next[0], 1);
  order[slot] = static_cast<int>(threadIdx.x);
}

}  // namespace cudasim_tests
