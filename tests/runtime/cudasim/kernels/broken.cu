// Deliberately broken kernels: each must make the simulation report its bug.
// The `line_*` constants name the source line each report must point at.
#include <cub/cub.cuh>

#include "../test_kernels.h"

namespace cudasim_tests {

// The last thread reads one element past the end.
__global__ void read_past_end(cuda_global<const int> in, int n, cuda_global<int> out) {
  const int i = static_cast<int>(threadIdx.x);
  if (i >= n) return;
  const int next = in[i + 1];
  out[i] = next;
}
const int line_read_past_end = __LINE__ - 3;

__global__ void write_past_end(cuda_global<int> out, int n) {
  const int i = static_cast<int>(threadIdx.x);
  if (i < n) out[i + 1] = i;
}
const int line_write_past_end = __LINE__ - 2;

// 64 threads, 32 slots.
__global__ void shared_past_end(cuda_global<int> out) {
  CUDA_SHARED_ARRAY(int, slots, 32);
  slots[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = slots[threadIdx.x % 32];
}
const int line_shared_past_end = __LINE__ - 4;

// The host copies only part of `in`.
__global__ void read_uninitialised(cuda_global<const int> in, cuda_global<int> out) {
  const int i = static_cast<int>(threadIdx.x);
  const int value = in[i];
  out[i] = value;
}
const int line_read_uninitialised = __LINE__ - 3;

// Only even threads fill their slot; odd ones read a neighbour's.
__global__ void read_uninitialised_shared(cuda_global<int> out) {
  CUDA_SHARED_ARRAY(int, slots, 64);
  const int t = static_cast<int>(threadIdx.x);
  if (t % 2 == 0) slots[t] = t;
  __syncthreads();
  const int value = slots[t | 1];
  out[t] = value;
}
const int line_read_uninitialised_shared = __LINE__ - 3;

// Thread 3 leaves; the others wait at the barrier for it.
__global__ void exit_before_barrier(cuda_global<int> out) {
  if (threadIdx.x == 3) return;
  __syncthreads();
  out[threadIdx.x] = 1;
}

__global__ void divergent_barriers(cuda_global<int> out) {
  if (threadIdx.x < 16) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}
const int line_divergent_first = __LINE__ - 6;
const int line_divergent_second = __LINE__ - 5;

// Each thread reads its neighbour's slot without a barrier after the writes.
__global__ void shared_race(cuda_global<int> out) {
  CUDA_SHARED_ARRAY(int, slots, 64);
  const int t = static_cast<int>(threadIdx.x);
  slots[t] = t;
  const int value = slots[(t + 1) % 64];
  out[t] = value;
}
const int line_shared_race_write = __LINE__ - 4;
const int line_shared_race_read = __LINE__ - 4;

// Two reductions through one TempStorage with no __syncthreads between.
__global__ void temp_storage_reuse(cuda_global<int> out) {
  using Reduce = cub::BlockReduce<int, kReduceThreads>;
  __shared__ typename Reduce::TempStorage storage;
  const int first = Reduce(storage).Sum(1);
  const int second = Reduce(storage).Sum(2);
  if (threadIdx.x == 0) out[0] = first + second;
}

__global__ void write_through_null(cuda_global<int> out) {
  cuda_global<int> nothing = nullptr;
  if (threadIdx.x == 0) nothing[0] = out ? 1 : 2;
}
const int line_write_through_null = __LINE__ - 2;

// 48 threads: the second warp has 16 lanes, but the mask names all 32.
__global__ void shuffle_partial_warp(cuda_global<int> out) {
  const int v = __shfl_down_sync(0xffffffffu, static_cast<int>(threadIdx.x), 1);
  out[threadIdx.x] = v;
}

// Lane 0 goes to a barrier while the rest of its warp waits for it in a shuffle.
__global__ void warp_waits_for_barrier(cuda_global<int> out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x == 0) {
    __syncthreads();
  } else {
    v = __shfl_sync(0xffffffffu, v, 1);
    __syncthreads();
  }
  out[threadIdx.x] = v;
}

// The element read by a compound assignment is one past the end.
__global__ void accumulate_past_end(cuda_global<const int> in, cuda_global<int> out) {
  const int i = static_cast<int>(threadIdx.x);
  out[i] += in[i + 1];
}
const int line_accumulate_past_end = __LINE__ - 2;

// Thread 0 reads the counter the others are still adding to: no barrier
// between the atomics and the plain read.
__global__ void read_during_atomics(cuda_global<int> out) {
  CUDA_SHARED_VAR(int, counter);
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  atomicAdd(&counter, 1);
  if (threadIdx.x == 0) out[0] = counter;
}
const int line_read_during_atomics_add = __LINE__ - 3;
const int line_read_during_atomics_read = __LINE__ - 3;

// The launch gives 16 ints of dynamic shared memory to 32 threads.
__global__ void dynamic_shared_past_end(cuda_global<int> out) {
  CUDA_DYNAMIC_SHARED_ARRAY(int, slots);
  slots[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = slots[threadIdx.x % 16];
}
const int line_dynamic_shared_past_end = __LINE__ - 4;

// Plain __shared__ is unchecked by the simulation (a static); 64 threads
// overrun its 32 slots, which only AddressSanitizer sees.
__global__ void plain_shared_overrun(cuda_global<int> out) {
  __shared__ int plain[32];
  plain[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = plain[threadIdx.x % 32];
}

}  // namespace cudasim_tests
