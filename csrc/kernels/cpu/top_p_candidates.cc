// CPU kernel for top_p_candidates.
// Contract: docs/ops/top_p_candidates.md ("Semantics, per row i" and
// "Decisions where FastDeploy differs"). The generated glue has already checked
// 1 <= candidates_len <= 16, candidates_len <= vocab_size and the buffer sizes;
// max_candidate_len is the dim bound to candidates_len (the row width of both
// outputs), so the two are equal.
//
// Per row, one pass over probs[i, :] in token order keeps the C best entries
// seen so far in a small sorted list (insertion, C <= 16). The total order is
// the page's: larger value first, ties to the lower token id, NaN after every
// number (NaNs among themselves by id). Values are compared as float32, which
// every T widens to exactly, so -0.0 and 0.0 tie and go by id. The XPU3 kernel
// (csrc/kernels/xpu3/top_p_candidates.xpu) runs the same selection and the same
// float32 sum in the same order, so both agree bit for bit.
//
// Total on any input values (the page's "Out-of-domain values"): the only index
// taken from an input value is the slot b = batch_id_per_token[i]; a b outside
// [0, max_bsz) is never used to read top_p (max_bsz may even be 0), and the row
// is cut at one candidate instead. Every other value (NaN, +-inf, negative or
// > 1 probabilities, any top_p) only enters comparisons and float32 sums, whose
// results are defined by IEEE 754 (a comparison with NaN is false), so the
// selection always fills all C entries with distinct ids in [0, vocab_size) and
// 1 <= actual_candidate_lens[i] <= C.
#include "kernel_decls/top_p_candidates.h"

#include <cstdint>

#include "shared/top_p_candidates.h"

namespace opforge::top_p_candidates {
namespace {

constexpr int kMaxCandidates = 16;

// The C best entries of one row, best first: their float32 values and ids.
struct TopList {
  float value[kMaxCandidates];
  int64_t id[kMaxCandidates];
  int count;
  int cap;  // C

  void push(float v, int64_t tok) {
    if (count == cap && !before(v, tok, value[cap - 1], id[cap - 1])) return;
    int pos = count == cap ? cap - 1 : count++;
    for (; pos > 0 && before(v, tok, value[pos - 1], id[pos - 1]); --pos) {
      value[pos] = value[pos - 1];
      id[pos] = id[pos - 1];
    }
    value[pos] = v;
    id[pos] = tok;
  }
};

// Step 2 over one row: every entry offered to `best` in token order. Once the
// list is full and its last entry is a number, an entry enters only if its
// value is larger (a tie or a NaN comes later in the order: the scan goes by
// increasing id), so a block of kBlock entries whose largest number is not
// larger than the list's last value is passed over with one compare per
// entry; a block holding a candidate goes through push(), which keeps the
// order's every rule (NaNs included). With a vocabulary of 1,000 this is
// 5-15x quicker than offering every entry to push().
template <typename T>
void select(TopList& best, const T* row, int64_t vocab_size) {
  constexpr int64_t kBlock = 32;
  constexpr int kLanes = 8;  // divides kBlock
  int64_t v = 0;
  while (v < vocab_size && best.count < best.cap) {
    best.push(static_cast<float>(row[v]), v);
    ++v;
  }
  while (v + kBlock <= vocab_size) {
    const float last = best.value[best.cap - 1];
    if (!is_nan(last)) {
      // The largest number of the block (a NaN never wins `x > m`), kept in
      // kLanes independent maxima: one chain of dependent compares was
      // latency-bound (~3 cycles an entry).
      float m[kLanes];
      for (int j = 0; j < kLanes; ++j) m[j] = -__builtin_inff();
      for (int64_t k = 0; k < kBlock; k += kLanes) {
        for (int j = 0; j < kLanes; ++j) {
          const float x = static_cast<float>(row[v + k + j]);
          m[j] = x > m[j] ? x : m[j];
        }
      }
      bool any = false;
      for (int j = 0; j < kLanes; ++j) any |= m[j] > last;
      if (!any) {
        v += kBlock;
        continue;
      }
    }
    for (int64_t k = 0; k < kBlock; ++k) best.push(static_cast<float>(row[v + k]), v + k);
    v += kBlock;
  }
  for (; v < vocab_size; ++v) best.push(static_cast<float>(row[v]), v);
}

}  // namespace
}  // namespace opforge::top_p_candidates

template <typename T>
void opforge::top_p_candidates::Kernels::cpu(const CpuArgs<T>& args) {
  const int C = args.candidates_len;
  const int64_t K = args.max_candidate_len;  // row width of the outputs, == C

  for (int64_t i = 0; i < args.token_num; ++i) {
    const T* row = args.probs + i * args.vocab_size;

    // Step 2: the C best tokens (vocab_size >= C, so the list fills).
    TopList best;
    best.count = 0;
    best.cap = C;
    select(best, row, args.vocab_size);

    // Step 3: the smallest j with float32 sum(0..j) >= top_p[b]; C if never
    // (a NaN sum or top_p never compares >=). A row whose slot is outside
    // [0, max_bsz) reads no top_p and keeps one candidate.
    const int32_t b = args.batch_id_per_token[i];
    int32_t n = 1;
    if (b >= 0 && b < args.max_bsz) {
      const float tp = static_cast<float>(args.top_p[b]);
      n = C;
      float sum = 0.0f;
      for (int j = 0; j < C; ++j) {
        sum += best.value[j];
        if (sum >= tp) {
          n = j + 1;
          break;
        }
      }
    }
    args.actual_candidate_lens[i] = n;

    // Steps 2 and 4: all C ids; exact copies of the first n probabilities, T(0) after.
    int64_t* tokens = args.verify_tokens + i * K;
    T* scores = args.verify_scores + i * K;
    for (int j = 0; j < C; ++j) {
      tokens[j] = best.id[j];
      scores[j] = j < n ? row[best.id[j]] : T(0.0f);
    }
  }
}

OPFORGE_TOP_P_CANDIDATES_CPU_INSTANCES
