// The per-slot rules of speculate_get_padding_offset, written once for its
// CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_get_padding_offset.*), each of which reads a slot's values its own
// way and calls them. Contract: docs/ops/speculate_get_padding_offset.md
// ("Semantics", "Out-of-domain values").
//
// The layout (prefix sums, the cap at token_num, the copies) stays in the
// kernels, which move the data each its own way. speculate_pre_process takes
// these two rules from here (csrc/kernels/shared/speculate_pre_process.h).
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_get_padding_offset {

// The tokens a slot packs: its seq_lens_this_time read clamped to >= 0, and
// none for a slot without state (b >= max_bsz, which the glue rejects).
OPFORGE_SLOT_FN int32_t fed_tokens(int32_t seq_len, bool has_state) {
  return has_state && seq_len > 0 ? seq_len : 0;
}

// Whether a slot's tokens come from its prompt row (input_ids), else from its
// step row (step_input_ids): a prefill slot, seq_lens_encoder > 0.
OPFORGE_SLOT_FN bool reads_prompt(int32_t encoder) {
  return encoder > 0;
}

}  // namespace opforge::speculate_get_padding_offset
