// The candidate order of top_p_candidates, written once for its CPU, XPU3 and
// CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/top_p_candidates.*), each of which
// keeps its own list of the best entries and calls it. Contract:
// docs/ops/top_p_candidates.md ("Semantics, per row i", "Out-of-domain
// values").
//
// The search for the C best entries of a row stays in each kernel (a sorted
// list over the row with a block skip on the CPU, LM chunks per XPU3 core, a
// list per CUDA thread and a block reduction), as does the top-p cut's running
// sum and the writes.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::top_p_candidates {

// x != x only for NaN (kernels are never built with fast math).
OPFORGE_SLOT_FN bool is_nan(float x) {
  return x != x;
}

// Whether (va, ia) comes before (vb, ib) in the page's order: larger value
// first, ties to the lower token id, NaN after every number (NaNs among
// themselves by id). Values are compared as float32.
OPFORGE_SLOT_FN bool before(float va, int64_t ia, float vb, int64_t ib) {
  if (is_nan(va)) return is_nan(vb) && ia < ib;
  if (is_nan(vb)) return true;
  return va > vb || (va == vb && ia < ib);
}

}  // namespace opforge::top_p_candidates
