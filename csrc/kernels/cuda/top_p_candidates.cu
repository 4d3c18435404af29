// CUDA kernel of top_p_candidates. Contract: docs/ops/top_p_candidates.md
// ("Semantics, per row i", "Out-of-domain values"); the same selection, order
// and float32 sum as the CPU kernel, so all kernels agree bit for bit.
//
// A block per row (the grid strides over rows). Each thread reads a strided
// share of the row (consecutive threads on consecutive tokens: coalesced) and
// keeps its C best entries, best first, in a small sorted list (C <= 16).
// The block then merges the lists in C rounds: every thread offers the head
// of its list, a block reduction (cub::BlockReduce with the page's order)
// picks the best, and its owner pops it. The order: larger value first, ties
// to the lower token id, NaN after every number (NaNs by id); ids are unique
// in a row, so the owner is the thread whose head has the chosen id. Total on
// any values: the only index taken from a value is the slot
// batch_id_per_token[i], used to read top_p only inside [0, max_bsz) (else
// the row keeps one candidate); every other value only enters comparisons and
// float32 sums.
#include <cstdint>
#include <cub/block/block_reduce.cuh>

#include "kernel_decls/top_p_candidates_cuda.h"
#include "shared/top_p_candidates.h"

namespace opforge::top_p_candidates {
namespace {

constexpr int kMaxCandidates = 16;
constexpr int64_t kNoId = -1;  // an entry a thread no longer has (after every real one)

struct Entry {
  float value;
  int64_t id;
};

// Whether a comes before b in the page's order (no entry after every entry).
__device__ __forceinline__ bool before(const Entry& a, const Entry& b) {
  if (a.id == kNoId) return false;
  if (b.id == kNoId) return true;
  return top_p_candidates::before(a.value, a.id, b.value, b.id);  // the shared order
}

struct First {
  __device__ __forceinline__ Entry operator()(const Entry& a, const Entry& b) const {
    return before(b, a) ? b : a;
  }
};

// One thread's best entries of its share of a row, best first.
struct TopList {
  Entry entry[kMaxCandidates];
  int count;
  int cap;  // C

  __device__ void push(const Entry& e) {
    if (count == cap && !before(e, entry[cap - 1])) return;
    int pos = count == cap ? cap - 1 : count++;
    for (; pos > 0 && before(e, entry[pos - 1]); --pos) entry[pos] = entry[pos - 1];
    entry[pos] = e;
  }
};

using Reduce = cub::BlockReduce<Entry, kCudaBlock>;

}  // namespace
}  // namespace opforge::top_p_candidates

template <typename T>
__global__ void opforge::top_p_candidates::cuda_kernel(const CudaArgs<T> args) {
  __shared__ typename Reduce::TempStorage reduce_storage;
  CUDA_SHARED_ARRAY(Entry, chosen, kMaxCandidates);
  CUDA_SHARED_VAR(int32_t, kept);
  const int C = args.candidates_len;
  const int64_t K = args.max_candidate_len;  // row width of the outputs, == C
  const int tid = static_cast<int>(threadIdx.x);
  for (int64_t i = blockIdx.x; i < args.token_num; i += gridDim.x) {
    const cuda_global<const T> row = args.probs + i * args.vocab_size;
    TopList mine;
    mine.count = 0;
    mine.cap = C;
    for (int64_t v = tid; v < args.vocab_size; v += kCudaBlock) {
      const T p = row[v];
      mine.push(Entry{static_cast<float>(p), v});
    }
    // The C best of the row (vocab_size >= C, so every round finds one).
    int head = 0;
    for (int j = 0; j < C; ++j) {
      const Entry offer = head < mine.count ? mine.entry[head] : Entry{0.0f, kNoId};
      const Entry best = Reduce(reduce_storage).Reduce(offer, First());
      if (tid == 0) chosen[j] = best;
      __syncthreads();  // chosen[j] visible; reduce_storage free again
      const Entry picked = chosen[j];
      if (head < mine.count && mine.entry[head].id == picked.id) ++head;
    }
    // The smallest j with float32 sum(0..j) >= top_p[b], in the CPU kernel's
    // order; C if never; one candidate for a slot outside [0, max_bsz).
    if (tid == 0) {
      const int32_t b = args.batch_id_per_token[i];
      int32_t n = 1;
      if (b >= 0 && b < args.max_bsz) {
        const T top_p = args.top_p[b];
        const float tp = static_cast<float>(top_p);
        n = C;
        float sum = 0.0f;
        for (int j = 0; j < C; ++j) {
          const Entry e = chosen[j];
          sum += e.value;
          if (sum >= tp) {
            n = j + 1;
            break;
          }
        }
      }
      args.actual_candidate_lens[i] = n;
      kept = n;
    }
    __syncthreads();
    if (tid < C) {
      const Entry e = chosen[tid];
      args.verify_tokens[i * K + tid] = e.id;
      args.verify_scores[i * K + tid] = tid < kept ? static_cast<T>(row[e.id]) : T(0.0f);
    }
    __syncthreads();  // the next row rewrites chosen and kept
  }
}

OPFORGE_TOP_P_CANDIDATES_CUDA_INSTANCES
