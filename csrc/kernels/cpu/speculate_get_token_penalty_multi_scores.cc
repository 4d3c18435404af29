// CPU kernel of speculate_get_token_penalty_multi_scores. Contract:
// docs/ops/speculate_get_token_penalty_multi_scores.md ("Semantics",
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_get_token_penalty_multi_scores.py.
// Declaration: generated/kernel_decls/speculate_get_token_penalty_multi_scores.h.
// The generated glue has checked every buffer's length and max_seq_len >= 1,
// not the values.
//
// Per logit row t, one after another:
//  1. its slot b = (t + output_padding_offset[t]) / max_seq_len, in int64; a
//     negative position or b >= bs leaves the row as it is;
//  2. the minimum length: if cur_len[b] >= 0 and cur_len[b] + (t - the slot's
//     first row) < min_len[b], every end token inside [0, vocab_size) is set
//     to kMinLenLogit (the sum saturates instead of overflowing);
//  3. the history: if cur_len[b] >= 0, how often each token of
//     [0, vocab_size) occurs in pre_ids[b] before its first negative entry
//     (entries past the vocabulary are not counted);
//  4. every element: a repeated token's logit is penalised (alpha, beta,
//     gamma), then each is divided by the temperature, in float32, stored in T;
//  5. the banned tokens of the slot's list (or the shared one) inside
//     [0, vocab_size) are set to kBannedLogit.
// The XPU3 and CUDA kernels take the same steps per row, in the same float32
// operations, so every backend stores the same bits.
#include "kernel_decls/speculate_get_token_penalty_multi_scores.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "shared/speculate_get_token_penalty_multi_scores.h"

namespace opforge::speculate_get_token_penalty_multi_scores {
namespace {

// The logit an end token gets below the minimum length (FastDeploy's -1e4 in
// float16, -1e10 otherwise); a banned token's is the shared kBannedLogit.
template <typename T>
constexpr float kMinLenLogit = std::is_same_v<T, opforge::float16> ? -1e4f : -1e10f;

// Step 4 for one element: x penalised n times, then divided by the temperature.
float penalised(float x, int32_t n, float alpha, float beta, float gamma, float temperature) {
  if (n != 0) {
    x = x < 0.0f ? x * alpha : x / alpha;
    x = x - static_cast<float>(n) * beta - gamma;
  }
  return x / temperature;
}

}  // namespace
}  // namespace opforge::speculate_get_token_penalty_multi_scores

template <typename T>
void opforge::speculate_get_token_penalty_multi_scores::Kernels::cpu(const CpuArgs<T>& args) {
  const int64_t vocab = args.vocab_size;
  std::vector<int32_t> counts(static_cast<size_t>(vocab), 0);
  for (int64_t t = 0; t < args.token_num; ++t) {
    const int64_t b = slot_of(t, args.output_padding_offset[t], args.max_seq_len, args.bs);
    if (b == kNoSlot) continue;
    T* row = args.logits + t * vocab;
    const int64_t cur_len = args.cur_len[b];
    // 2. The minimum length.
    const int64_t first_row = b * args.max_seq_len - args.output_cum_offsets[b];
    if (below_min_length(cur_len, args.min_len[b], t - first_row)) {
      for (int64_t k = 0; k < args.end_length; ++k) {
        const int64_t id = args.eos_token_id[k];
        if (id >= 0 && id < vocab) row[id] = T(kMinLenLogit<T>);
      }
    }
    // 3. The history's counts.
    std::fill(counts.begin(), counts.end(), 0);
    if (cur_len >= 0) {
      const int64_t* history = args.pre_ids + b * args.length_id;
      for (int64_t j = 0; j < args.length_id && history[j] >= 0; ++j) {
        if (history[j] < vocab) ++counts[static_cast<size_t>(history[j])];
      }
    }
    // 4. Penalties and temperature.
    const float alpha = static_cast<float>(args.penalty_scores[b]);
    const float beta = static_cast<float>(args.frequency_scores[b]);
    const float gamma = static_cast<float>(args.presence_scores[b]);
    const float temperature = args.temperatures[b];
    for (int64_t i = 0; i < vocab; ++i) {
      const float x = static_cast<float>(row[i]);
      row[i] = T(penalised(x, counts[static_cast<size_t>(i)], alpha, beta, gamma, temperature));
    }
    // 5. The banned tokens.
    const int64_t* banned =
        args.bad_tokens + (args.bad_tokens_form == 0 ? b * args.bad_words_len : 0);
    for (int64_t k = 0; k < args.bad_words_len; ++k) {
      const int64_t id = banned[k];
      if (id >= 0 && id < vocab) row[id] = T(kBannedLogit);
    }
  }
}

OPFORGE_SPECULATE_GET_TOKEN_PENALTY_MULTI_SCORES_CPU_INSTANCES
