// The per-row seed arithmetic of build_sampling_params, written once for its
// CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// build_sampling_params.*), each of which reads a slot's values its own way
// and calls it. Contract: docs/ops/build_sampling_params.md ("Semantics").
//
// Finding a row's slot stays in the kernels (a cursor on the CPU and per XPU3
// core, a scan per CUDA thread), as do the loads and stores.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::build_sampling_params {

constexpr int64_t kMaxInferSeed = 9223372036854775806LL;  // FastDeploy's MAX_INFER_SEED

// s mod M, in [0, M), for any s.
OPFORGE_SLOT_FN int64_t seed_mod(int64_t s) {
  const int64_t m = s % kMaxInferSeed;
  return m < 0 ? m + kMaxInferSeed : m;
}

// (a + d) mod M for a, d in [0, M), without overflow. A slot's next seed
// (step 2) is add_mod(seed_mod(seed), seed_mod(increment)), the increment
// reduced once per launch.
OPFORGE_SLOT_FN int64_t add_mod(int64_t a, int64_t d) {
  return a >= kMaxInferSeed - d ? a - (kMaxInferSeed - d) : a + d;
}

// The seed of a slot's row k (step 1): (seed mod M + 4 k mod M) mod M, with
// the slot's infer_seed as the caller passed it.
OPFORGE_SLOT_FN int64_t row_seed(int64_t seed, int64_t k) {
  return add_mod(seed_mod(seed), seed_mod(4 * k));
}

}  // namespace opforge::build_sampling_params
