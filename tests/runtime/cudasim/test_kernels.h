// Prototypes of the self-test kernels in kernels/*.cu, for the test driver, and
// the source lines where the broken kernels go wrong (defined next to them).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"

namespace cudasim_tests {

inline constexpr int kReduceThreads = 128;

// correct.cu
__global__ void block_sum(cuda_global<const int> in, int64_t n, cuda_global<int64_t> sums);
__global__ void block_max(cuda_global<const int> in, cuda_global<int> maxima);
__global__ void block_scan(cuda_global<const int> in,
                           cuda_global<int> exclusive,
                           cuda_global<int> inclusive,
                           cuda_global<int> totals);
__global__ void warp_ops(cuda_global<int> out);
__global__ void atomics(cuda_global<const int> values,
                        int n,
                        cuda_global<int> histogram,
                        cuda_global<unsigned> maximum,
                        cuda_global<float> float_sum,
                        cuda_global<int> block_counts);
__global__ void reverse_in_shared(cuda_global<const int> in, cuda_global<int> out);
__global__ void warp_synchronised_exchange(cuda_global<int> out);
__global__ void convert_16bit(cuda_global<const float> in,
                              int n,
                              cuda_global<half> halves,
                              cuda_global<__nv_bfloat16> bfloats);
__global__ void record_ids(cuda_global<int> ids);
__global__ void dynamic_shared_and_counting(cuda_global<const int> in, cuda_global<int> out);
__global__ void idioms(cuda_global<const int64_t> tokens,
                       cuda_global<const bool> stop,
                       cuda_global<const half> scale_h,
                       cuda_global<const __nv_bfloat16> scale_b,
                       int64_t n,
                       int64_t vocab,
                       cuda_global<int64_t> clamped,
                       cuda_global<float> scaled,
                       cuda_global<int> lane_info,
                       cuda_global<float> maximum);
__global__ void record_order(cuda_global<int> next, cuda_global<int> order);

// broken.cu
__global__ void read_past_end(cuda_global<const int> in, int n, cuda_global<int> out);
__global__ void write_past_end(cuda_global<int> out, int n);
__global__ void shared_past_end(cuda_global<int> out);
__global__ void read_uninitialised(cuda_global<const int> in, cuda_global<int> out);
__global__ void read_uninitialised_shared(cuda_global<int> out);
__global__ void exit_before_barrier(cuda_global<int> out);
__global__ void divergent_barriers(cuda_global<int> out);
__global__ void shared_race(cuda_global<int> out);
__global__ void temp_storage_reuse(cuda_global<int> out);
__global__ void write_through_null(cuda_global<int> out);
__global__ void shuffle_partial_warp(cuda_global<int> out);
__global__ void warp_waits_for_barrier(cuda_global<int> out);
__global__ void plain_shared_overrun(cuda_global<int> out);
__global__ void read_during_atomics(cuda_global<int> out);
__global__ void dynamic_shared_past_end(cuda_global<int> out);
__global__ void accumulate_past_end(cuda_global<const int> in, cuda_global<int> out);

extern const int line_read_past_end;
extern const int line_write_past_end;
extern const int line_shared_past_end;
extern const int line_read_uninitialised;
extern const int line_read_uninitialised_shared;
extern const int line_shared_race_write;
extern const int line_shared_race_read;
extern const int line_divergent_first;
extern const int line_divergent_second;
extern const int line_write_through_null;
extern const int line_accumulate_past_end;
extern const int line_dynamic_shared_past_end;
extern const int line_read_during_atomics_add;
extern const int line_read_during_atomics_read;

}  // namespace cudasim_tests
