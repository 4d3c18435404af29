// CPU kernel of build_sampling_params. Contract: docs/ops/build_sampling_params.md
// ("Semantics", "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/build_sampling_params.py. Declaration:
// generated/kernel_decls/build_sampling_params.h. The generated glue has checked
// every buffer's length and real_bsz <= max_bsz, not the values.
//
// 1. Every output row r: its slot b is the last b < real_bsz with
//    cu_seqlens_q_output[b] <= r, if r < cu_seqlens_q_output[b + 1] too (the
//    rule of rebuild_padding); k = r - cu_seqlens_q_output[b]; the row gets the
//    slot's top_p and top_k and the seed (infer_seed[b] + 4 k) mod M, with
//    M = 2^63 - 2 and infer_seed[b] taken mod M first (Euclidean: in [0, M)).
//    A row without a slot is zeros. The rows are visited from the last down,
//    and the slot cursor only moves down (that set of slots only grows with r).
// 2. Then, and only then, infer_seed[b] of every slot b < real_bsz becomes
//    (infer_seed[b] mod M + increment_value mod M) mod M.
// No sum overflows: both terms are reduced into [0, M) first.
#include "kernel_decls/build_sampling_params.h"

#include <cstdint>

#include "shared/build_sampling_params.h"

void opforge::build_sampling_params::Kernels::cpu(const CpuArgs& args) {
  int64_t b = args.real_bsz - 1;  // the slot cursor: only moves down
  for (int64_t r = args.out_token_num - 1; r >= 0; --r) {
    while (b >= 0 && args.cu_seqlens_q_output[b] > r) --b;
    if (b >= 0 && r < args.cu_seqlens_q_output[b + 1]) {
      const int64_t k = r - args.cu_seqlens_q_output[b];
      args.top_p_padding[r] = args.top_p[b];
      args.top_k_padding[r] = args.top_k[b];
      args.topp_seed[r] = row_seed(args.infer_seed[b], k);
    } else {
      args.top_p_padding[r] = 0.0f;
      args.top_k_padding[r] = 0;
      args.topp_seed[r] = 0;
    }
  }
  const int64_t step = seed_mod(args.increment_value);
  for (int64_t s = 0; s < args.real_bsz; ++s) {
    args.infer_seed[s] = add_mod(seed_mod(args.infer_seed[s]), step);
  }
}
