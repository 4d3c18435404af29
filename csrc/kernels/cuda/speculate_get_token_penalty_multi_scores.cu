// CUDA kernel of speculate_get_token_penalty_multi_scores (docs/cuda.md). Contract:
// docs/ops/speculate_get_token_penalty_multi_scores.md; the same steps per row
// as the CPU kernel (csrc/kernels/cpu/speculate_get_token_penalty_multi_scores.cc),
// the same float32 operations in the same order, so the same bits.
//
// A block per logit row (rows grid-strided over the blocks), its threads on
// consecutive elements. Per row:
//  1. every thread finds the row's slot and reads its scalars (a negative
//     position or a slot past bs: the whole block skips the row);
//  2. below the minimum length, the threads write the end tokens; barrier;
//  3. the history's end, the first negative entry of pre_ids[b]: each thread
//     takes the first of its strided entries, atomicMin into shared memory;
//  4. the vocabulary in windows of kWindow tokens: the counts of the window
//     in shared memory (zeroed, then one atomicAdd per history entry that
//     falls in it), then each thread penalises and divides its elements;
//     barriers between the phases;
//  5. the threads write the banned tokens.
// The products go through mul_rn: nvcc would otherwise fuse a product and the
// subtraction after it into one fma, whose single rounding gives other bits
// than the CPU kernel and the simulation.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/speculate_get_token_penalty_multi_scores_cuda.h"
#include "shared/speculate_get_token_penalty_multi_scores.h"

namespace opforge::speculate_get_token_penalty_multi_scores {
namespace {

constexpr int kWindow = 2048;  // tokens of the vocabulary per window (8 KiB of counts)

// The logit an end token gets below the minimum length (-1e4 in float16,
// -1e10 otherwise); a banned token's is the shared kBannedLogit.
template <typename T>
struct MinLenLogit {
  static constexpr float value = -1e10f;
};
template <>
struct MinLenLogit<half> {
  static constexpr float value = -1e4f;
};

__device__ __forceinline__ float mul_rn(float a, float b) {
#ifdef __CUDA_ARCH__
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}

// One element: x penalised n times, then divided by the temperature.
__device__ float penalised(
    float x, int n, float alpha, float beta, float gamma, float temperature) {
  if (n != 0) {
    x = x < 0.0f ? mul_rn(x, alpha) : x / alpha;
    x = x - mul_rn(static_cast<float>(n), beta) - gamma;
  }
  return x / temperature;
}

// Every element of row named by ids[0 .. count) inside [0, vocab_size)
// gets `value`, the ids split over the block's threads.
template <typename T>
__device__ void write_tokens(cuda_global<T> row,
                             cuda_global<const int64_t> ids,
                             int64_t count,
                             int64_t vocab_size,
                             float value) {
  const T stored = T(value);
  for (int64_t k = threadIdx.x; k < count; k += kCudaBlock) {
    const int64_t id = ids[k];
    if (id >= 0 && id < vocab_size) row[id] = stored;
  }
}

}  // namespace
}  // namespace opforge::speculate_get_token_penalty_multi_scores

template <typename T>
__global__ void opforge::speculate_get_token_penalty_multi_scores::cuda_kernel(
    const CudaArgs<T> args) {
  CUDA_SHARED_ARRAY(int, counts, kWindow);
  CUDA_SHARED_VAR(int, history_len);
  const int64_t vocab = args.vocab_size;
  for (int64_t t = blockIdx.x; t < args.token_num; t += gridDim.x) {
    // 1. The slot (the same in every thread) and its scalars.
    const int32_t offset = args.output_padding_offset[t];
    const int64_t b = slot_of(t, offset, args.max_seq_len, args.bs);
    if (b == kNoSlot) continue;
    const int64_t cur = args.cur_len[b];
    const T alpha_t = args.penalty_scores[b];
    const T beta_t = args.frequency_scores[b];
    const T gamma_t = args.presence_scores[b];
    const float alpha = static_cast<float>(alpha_t);
    const float beta = static_cast<float>(beta_t);
    const float gamma = static_cast<float>(gamma_t);
    const float temperature = args.temperatures[b];
    const cuda_global<T> row = args.logits + t * vocab;

    // 2. The minimum length.
    const int32_t cum_offset = args.output_cum_offsets[b];
    const int64_t min_length = args.min_len[b];
    const int64_t first_row = b * args.max_seq_len - cum_offset;
    if (below_min_length(cur, min_length, t - first_row)) {
      write_tokens(row, args.eos_token_id, args.end_length, vocab, MinLenLogit<T>::value);
    }

    // 3. The history ends at its first negative entry.
    const cuda_global<const int64_t> history = args.pre_ids + b * args.length_id;
    if (threadIdx.x == 0) history_len = cur >= 0 ? static_cast<int>(args.length_id) : 0;
    __syncthreads();  // the end tokens are written, history_len is set
    if (cur >= 0) {
      for (int64_t j = threadIdx.x; j < args.length_id; j += kCudaBlock) {
        const int64_t id = history[j];
        if (id < 0) {
          atomicMin(&history_len, static_cast<int>(j));
          break;
        }
      }
    }
    __syncthreads();
    const int64_t used = history_len;

    // 4. Window by window: counts, penalties, temperature.
    for (int64_t w0 = 0; w0 < vocab; w0 += kWindow) {
      const int64_t width = vocab - w0 < kWindow ? vocab - w0 : kWindow;
      for (int64_t i = threadIdx.x; i < width; i += kCudaBlock) counts[i] = 0;
      __syncthreads();
      for (int64_t j = threadIdx.x; j < used; j += kCudaBlock) {
        const int64_t id = history[j];
        if (id >= w0 && id < w0 + width) atomicAdd(&counts[id - w0], 1);
      }
      __syncthreads();
      for (int64_t i = threadIdx.x; i < width; i += kCudaBlock) {
        const T v = row[w0 + i];
        const float x = static_cast<float>(v);
        row[w0 + i] = T(penalised(x, counts[i], alpha, beta, gamma, temperature));
      }
      __syncthreads();  // the counts are read before the next window zeroes them
    }

    // 5. The banned tokens: the slot's list (form 0) or the shared one.
    const cuda_global<const int64_t> banned =
        args.bad_tokens + (args.bad_tokens_form == 0 ? b * args.bad_words_len : 0);
    write_tokens(row, banned, args.bad_words_len, vocab, kBannedLogit);
    __syncthreads();  // history_len is read before the next row sets it
  }
}

OPFORGE_SPECULATE_GET_TOKEN_PENALTY_MULTI_SCORES_CUDA_INSTANCES
